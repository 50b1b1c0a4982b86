import {
  CMS_LANGUAGES,
  CMS_MESSAGES,
  CMS_PAGE_STATES,
  type CmsBlock,
  type CmsBlockKind,
  type CmsLanguage,
  type CmsMessageKey,
  type CmsPageDetail,
  type CmsPageState,
  type CmsPageValues,
  cmsPageInputSchema,
  NAVIGATION_MESSAGES,
  slugOf,
} from "@clinic/shared";
import type { TFunction } from "i18next";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../../../lib/api.ts";
import { sharedMessage } from "../../../lib/field-messages.ts";
import { refusalText, registerRefusals } from "../../../lib/refusals.ts";

/**
 * What the pages' screens compute apart from rendering: the editor's values for a page and the
 * body a save sends, a new block of each kind, whether a change may be autosaved, the list's
 * query, and the module's refusals (CMS_MESSAGES) in the interface language, so tests reach them
 * without a browser.
 */

/** The editor's values are the contract's (the form's field names are the body's, so a 400 lands on its field). */
export type PageFormValues = CmsPageValues;

/** The values of a page's draft, as the editor opens it. */
export function pageFormValues(page: CmsPageDetail): PageFormValues {
  const { draft } = page;
  return {
    title: draft.title,
    slug: draft.slug,
    language: draft.language,
    isHome: draft.isHome,
    seoTitle: draft.seoTitle,
    seoDescription: draft.seoDescription,
    socialImageId: draft.socialImageId,
    twinId: draft.twinId,
    blocks: draft.blocks,
  };
}

/** What the new page dialog asks; the rest of a page is written in the editor. */
export interface NewPageValues {
  title: string;
  slug: string;
  language: CmsLanguage;
  isHome: boolean;
}

/** The slug a new page's title makes, until the editor types a slug of their own (then theirs stays). */
export const slugFor = (title: string, slug: string, edited: boolean): string => (edited ? slug : slugOf(title));

export const newPageValues = (language: CmsLanguage): NewPageValues => ({ title: "", slug: "", language, isHome: false });

/** A block as added from the menu: its kind's fields empty (a text), or their defaults (a button's style, three events). */
export function newBlock(kind: CmsBlockKind): CmsBlock {
  switch (kind) {
    case "text":
      return { kind, html: "" };
    case "image":
      return { kind, uploadId: "", alt: "", caption: "" };
    case "video":
      return { kind, url: "", title: "" };
    case "cta":
      return { kind, label: "", href: "", style: "primary" };
    case "columns":
      return { kind, left: "", right: "" };
    case "faq":
      return { kind, items: [{ question: "", answer: "" }] };
    case "booking":
      return { kind, label: "", serviceId: null };
    case "events":
      return { kind, title: "", count: 3 };
  }
}

/**
 * The body a save sends, or null while the values break the contract: the editor never autosaves
 * what the server would refuse (the Save button shows the errors instead).
 */
export function pageBody(values: PageFormValues): CmsPageValues | null {
  const parsed = cmsPageInputSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

/** Where the editor stands with the server: the navbar's save state. */
export type SaveState = "saved" | "saving" | "unsaved" | "invalid" | "failed";

/**
 * The save state from what the editor knows: a save under way wins; then a failed last save;
 * then changes not saved yet (which the autosave will not send while they are invalid).
 */
export function saveStateOf(input: { saving: boolean; failed: boolean; dirty: boolean; valid: boolean }): SaveState {
  if (input.saving) return "saving";
  if (input.failed) return "failed";
  if (!input.dirty) return "saved";
  return input.valid ? "unsaved" : "invalid";
}

/** The list's filters as the API takes them (cmsPagesQuerySchema): empty ones left out by usePagedList. */
export interface PageFilters {
  state: CmsPageState | "";
  language: CmsLanguage | "";
}
export const pageListFilters = (filters: PageFilters): Record<string, string> =>
  Object.fromEntries(Object.entries({ state: filters.state, language: filters.language }).filter(([, value]) => value !== ""));

/** The filters an address names (`?state=published&language=es`); anything else there is no filter. */
export function filtersOf(params: URLSearchParams): PageFilters {
  const state = params.get("state") ?? "";
  const language = params.get("language") ?? "";
  return {
    state: (CMS_PAGE_STATES as readonly string[]).includes(state) ? (state as CmsPageState) : "",
    language: (CMS_LANGUAGES as readonly string[]).includes(language) ? (language as CmsLanguage) : "",
  };
}

/** The language a page's twin is in. */
export const otherLanguage = (language: CmsLanguage): CmsLanguage => (language === "en" ? "es" : "en");

/** How a search engine shows the page: its SEO title, or its title; its description, or nothing. */
export function searchPreview(values: Pick<PageFormValues, "title" | "seoTitle" | "seoDescription">, path: string, origin: string) {
  return { title: values.seoTitle.trim() || values.title.trim(), url: `${origin}${path}`, description: values.seoDescription.trim() };
}

/**
 * The field errors of a refusal: a 400's, or a 409's (the server names the field of a slug taken
 * or a second home page, `{ slug: [...] }`), as field → messages. Anything else has none.
 */
export function refusalFields(failure: unknown): Record<string, string[]> {
  if (!(failure instanceof ApiError)) return {};
  if (failure.status === 400) return failure.fieldErrors;
  if (failure.status !== 409) return {};
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(failure.body)) if (key !== "detail" && Array.isArray(value)) fields[key] = value.map(String);
  return fields;
}

/**
 * Puts a refusal's messages on the fields of `known` (dotted paths: `blocks.2.href`); answers
 * the messages no field shows.
 */
export function placeRefusal<V extends FieldValues>(failure: unknown, setError: UseFormSetError<V>, known: (path: string) => boolean): string[] {
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(refusalFields(failure))) {
    if (known(path)) setError(path as Path<V>, { type: "server", message: messages.join(" ") });
    else rest.push(...messages);
  }
  return rest;
}

/** The editor's fields a message may sit on: the page's own, and any block's (`blocks.3.items.0.question`). */
const PAGE_FIELDS = new Set(["title", "slug", "language", "isHome", "seoTitle", "seoDescription", "socialImageId", "twinId", "blocks"]);
export const isPageField = (path: string) => PAGE_FIELDS.has(path) || /^blocks\.\d+(\.|$)/.test(path);

const KEYS = new Map<string, string>([
  ...(Object.entries(CMS_MESSAGES) as [CmsMessageKey, string][]).map(([key, text]): [string, string] => [text, `cmsPages.messages.${key}`]),
  ...Object.entries(NAVIGATION_MESSAGES).map(([key, text]): [string, string] => [text, `cmsPages.navigation.${key}`]),
]);

/** A message of the CMS (`cmsPages.messages.<key>`) in the interface language; any other text as it came. */
export function cmsMessage(t: TFunction, message: string): string {
  const key = KEYS.get(message);
  return key ? t(key) : message;
}

registerRefusals(cmsMessage);

/** A field's message, the CMS's or the shared schemas', in the interface language. */
export function cmsFieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const translated = cmsMessage(t, message);
  return translated === message ? refusalText(t, sharedMessage(t, message)) : translated;
}
