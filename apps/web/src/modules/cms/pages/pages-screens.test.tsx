import { CMS_API, CMS_MESSAGES, type CmsPageDetail, type CmsPageRow, type Paged } from "@clinic/shared";
import i18next, { type i18n as I18n } from "i18next";
import { useState } from "react";
import { get as fieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api.ts";
import { nestErrors, type PathErrors } from "../../../lib/forms.ts";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { CMS_PAGES_RESOURCE } from "../api.ts";
import { BlocksEditor } from "./BlocksEditor.tsx";
import { EditorActions, EditorStatus } from "./EditorActions.tsx";
import { PageFields } from "./PageFields.tsx";
import { PAGES_PAGE_SIZE, PagesPage } from "./PagesPage.tsx";
import { cmsFieldMessage, isPageField, type PageFormValues, pageFormValues, placeRefusal } from "./page-form.ts";

/** The pages' screens rendered to HTML with the server's answers in the query cache, in English and Spanish. */
const english = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(english);
  await initTestI18n(spanish, "es");
});

const editor = testSession({ isAdmin: true, flags: { navegacion: true, event_app: true } });

const row = (id: number, extra: Partial<CmsPageRow> = {}): CmsPageRow => ({
  id,
  title: "About us",
  slug: "about-us",
  language: "en",
  isHome: false,
  state: "published",
  version: 4,
  publishedVersion: 3,
  hasUnpublishedChanges: true,
  publishAt: null,
  publishedAt: "2026-05-01T08:00:00.000Z",
  path: "/site/en/about-us",
  twin: null,
  updatedAt: "2026-05-02T10:00:00.000Z",
  updatedBy: { id: "u1", name: "Ana Ruiz" },
  ...extra,
});
const pages: Paged<CmsPageRow> = {
  data: [
    row(1),
    row(2, {
      title: "Open day",
      slug: "open-day",
      state: "scheduled",
      publishedVersion: null,
      publishedAt: null,
      hasUnpublishedChanges: false,
      publishAt: "2026-06-01T07:30:00.000Z",
      path: "/site/en/open-day",
    }),
  ],
  page: 1,
  total: 2,
};
const listKey = (query: string) => [CMS_PAGES_RESOURCE, CMS_API.pages, `page=1&rowsPerPage=${PAGES_PAGE_SIZE}${query}`];

describe("the pages list", () => {
  it("shows each page with its public link, state, scheduled time, unpublished changes and who changed it", () => {
    const html = renderHtml(<PagesPage />, { i18n: english, session: editor, cache: [[listKey(""), pages]], url: "/cms/pages" });
    const text = textOf(html);
    expect(html).toContain('href="/cms/pages/1"');
    // Published: its address opens the public page in a new tab; the scheduled one is not public yet.
    expect(html).toMatch(/href="\/site\/en\/about-us" target="_blank" rel="noopener"/);
    expect(html).not.toContain('href="/site/en/open-day"');
    expect(text).toContain("Published");
    expect(text).toContain("Unpublished changes");
    expect(text).toContain("Scheduled");
    expect(text).toMatch(/Goes live 2026-06-01, \d{2}:30 (am|pm)/);
    expect(text).toContain("2026-05-02 Ana Ruiz");
    expect(text).toContain("New page");
  });

  it("asks the API with the filters of the address, and only those", () => {
    const filtered: Paged<CmsPageRow> = { data: [row(5, { title: "Sobre nosotros", language: "es", path: "/site/es/sobre-nosotros" })], page: 1, total: 1 };
    const cache: [unknown[], unknown][] = [[listKey("&state=published&language=es"), filtered]];
    const text = textOf(renderHtml(<PagesPage />, { i18n: english, session: editor, cache, url: "/cms/pages?state=published&language=es" }));
    expect(text).toContain("Sobre nosotros");
    // The same answer does not stand for the unfiltered list: its query is another one.
    expect(textOf(renderHtml(<PagesPage />, { i18n: english, session: editor, cache, url: "/cms/pages" }))).not.toContain("Sobre nosotros");
  });

  it("reads in Spanish, and says when no page matches", () => {
    const text = textOf(renderHtml(<PagesPage />, { i18n: spanish, session: editor, cache: [[listKey(""), pages]], url: "/cms/pages" }));
    expect(text).toContain("Nueva página");
    expect(text).toContain("Publicada");
    expect(text).toContain("Cambios sin publicar");
    expect(text).toContain("Todos los idiomas");
    const none = textOf(
      renderHtml(<PagesPage />, {
        i18n: spanish,
        session: editor,
        cache: [[listKey("&state=draft"), { data: [], page: 1, total: 0 }]],
        url: "/cms/pages?state=draft",
      }),
    );
    expect(none).toContain("No hay páginas en este estado o idioma.");
  });
});

const detail = (values: Partial<PageFormValues>): CmsPageDetail => {
  const base = row(7, { state: "draft", publishedVersion: null, publishedAt: null });
  return {
    ...base,
    draft: {
      title: base.title,
      slug: base.slug,
      language: "en",
      isHome: false,
      seoTitle: "",
      seoDescription: "",
      socialImageId: null,
      twinId: null,
      blocks: [],
      ...values,
    },
    uploads: {},
  };
};

/** The editor's body as the page shows it, with a refusal placed on its fields as a failed save would. */
function EditorBody({ page, refusal }: { page: CmsPageDetail; refusal?: unknown }) {
  const { t } = useTranslation();
  // The refusal placed as the editor places it (setError by path), given to the form as its first errors: nothing runs effects here.
  const [errors] = useState(() => {
    const placed: PathErrors = {};
    if (refusal) placeRefusal<PageFormValues>(refusal, (path, error) => Object.assign(placed, { [path]: error.message ?? "" }), isPageField);
    return nestErrors(placed);
  });
  const form = useForm<PageFormValues>({ defaultValues: pageFormValues(page), errors: errors as never });
  const text = (path: string) => cmsFieldMessage(t, (fieldError(form.formState.errors, path) as { message?: string } | undefined)?.message);
  const images = { urlOf: (id: string) => `/api/uploads/${id}`, remember: () => undefined };
  return (
    <>
      <PageFields form={form} text={text} page={page} images={images} />
      <BlocksEditor form={form} text={text} images={images} />
    </>
  );
}
const renderEditor = (page: CmsPageDetail, i18n: I18n, refusal?: unknown) =>
  renderHtml(<EditorBody page={page} refusal={refusal} />, { i18n, session: editor });

describe("the page editor", () => {
  it("shows a 409 slug taken under the slug, in the reader's language", () => {
    const taken = new ApiError(409, { slug: [CMS_MESSAGES.slugTaken] });
    expect(textOf(renderEditor(detail({}), english, taken))).toContain("Another page in this language already uses this slug.");
    expect(textOf(renderEditor(detail({}), spanish, taken))).toContain("Otra página en este idioma ya usa este slug.");
    expect(textOf(renderEditor(detail({}), english))).not.toContain("already uses this slug");
  });

  it("lists the blocks in order, each movable by keyboard, the booking block noting its module is off", () => {
    const page = detail({
      seoTitle: "About the clinic",
      seoDescription: "Who we are",
      blocks: [
        { kind: "text", html: "<p>Hello</p>" },
        { kind: "cta", label: "Call us", href: "/site/en/contact", style: "primary" },
        { kind: "booking", label: "Book", serviceId: null },
      ],
    });
    const html = renderEditor(page, english);
    const text = textOf(html);
    expect(text).toContain("Block 1: Text");
    expect(text).toContain("Block 2: Button");
    expect(text).toContain("Block 3: Book an appointment");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Move Block 1: Text up"|aria-label="Move Block 1: Text up"[^>]*disabled=""/);
    expect(html).toContain('aria-label="Move Block 2: Button down"');
    expect(html).toContain('aria-label="Remove Block 3: Book an appointment"');
    expect(text).toContain("The booking app is off");
    // The search preview shows the SEO title and description, with their counters.
    expect(text).toContain("About the clinic");
    expect(text).toContain("16/70");
    expect(text).toContain("Add block");
  });

  it("says where the draft stands and offers unpublish only for a public or scheduled page", () => {
    const noop = () => undefined;
    const handlers = { onSave: noop, onPreview: noop, onPublishNow: noop, onSchedule: noop, onUnpublish: noop, onVersions: noop };
    const draft = detail({});
    const draftHtml = renderHtml(
      <>
        <EditorStatus state="unsaved" page={draft} />
        <EditorActions page={draft} busy={false} {...handlers} />
      </>,
      { i18n: english, session: editor },
    );
    expect(textOf(draftHtml)).toContain("Unsaved changes");
    expect(textOf(draftHtml)).not.toContain("Unpublish");
    const published = { ...draft, state: "published" as const };
    const spanishHtml = renderHtml(
      <>
        <EditorStatus state="saving" page={published} />
        <EditorActions page={published} busy={false} {...handlers} />
      </>,
      { i18n: spanish, session: editor },
    );
    expect(textOf(spanishHtml)).toContain("Guardando…");
    expect(textOf(spanishHtml)).toContain("Despublicar");
    expect(textOf(spanishHtml)).toContain("Vista previa");
  });
});
