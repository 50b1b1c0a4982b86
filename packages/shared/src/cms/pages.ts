import { z } from "zod";
import { instantField } from "../appointments.ts";
import { LANGUAGES, type Language } from "../constants.ts";
import { richText } from "../rich-text.ts";
import { pageQuerySchema, requiredText, rowId, storableText } from "../schemas.ts";

/**
 * The page content manager's contract (issue 39, module `navegacion`, codename `view_pagina`):
 * pages in English or Spanish (a page and its twin in the other language linked), their SEO
 * fields and a body of blocks, checked the same on the screens and at the API's edge. Rich text
 * goes through the shared rules (scripts and event handlers refused, the rest sanitised).
 */

export const CMS_LIMITS = {
  title: 120,
  slug: 80,
  seoTitle: 70,
  seoDescription: 160,
  blocks: 40,
  text: 20_000,
  column: 10_000,
  alt: 200,
  caption: 300,
  url: 500,
  label: 60,
  faqItems: 30,
  question: 200,
  answer: 4_000,
  events: 12,
  search: 100,
} as const;

/** The 400s and 409s of the pages, by key (the screens translate them); `{…}` are filled in. */
export const CMS_MESSAGES = {
  slugFormat: "A slug is lowercase letters and digits joined by single hyphens, with no spaces or slashes (for example about-us).",
  slugTaken: "Another page in this language already uses this slug.",
  scheduleInPast: "The publishing time must be in the future.",
  twinLanguage: "The linked page must be in the other language.",
  twinTaken: "That page is already linked to another translation.",
  videoUrl: "A video is a YouTube or Vimeo address.",
  linkUrl: "A link is a page of this site (starting with /), an http(s) address or a mailto: address.",
  homeTaken: "Another page in this language is already the home page.",
  notPublished: "Only a published or scheduled page can be unpublished.",
  imageUnknown: "No such image among the uploads.",
} as const;
export type CmsMessageKey = keyof typeof CMS_MESSAGES;

/** What a page is: a draft (never public), scheduled (public from its time) or published. */
export const CMS_PAGE_STATES = ["draft", "scheduled", "published"] as const;
export type CmsPageState = (typeof CMS_PAGE_STATES)[number];

export const CMS_LANGUAGES = LANGUAGES;
export type CmsLanguage = Language;

/** Lowercase letters and digits joined by single hyphens: the page's address under its language. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = () => z.string().trim().max(CMS_LIMITS.slug).regex(SLUG_PATTERN, CMS_MESSAGES.slugFormat);

/** A slug made from a title: accents dropped, anything else than letters and digits a hyphen ("Sobre nosotros" → "sobre-nosotros"). */
export function slugOf(title: string): string {
  return title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, CMS_LIMITS.slug)
    .replace(/-+$/, "");
}

/** A link a block or a menu may hold: a path of this site, an http(s) address, or mailto:. */
export const cmsLinkSchema = () =>
  z
    .string()
    .trim()
    .max(CMS_LIMITS.url)
    .refine((value) => /^\/(?!\/)[^\s]*$/.test(value) || /^https?:\/\/[^\s/]+[^\s]*$/i.test(value) || /^mailto:[^\s@]+@[^\s@]+$/i.test(value), {
      message: CMS_MESSAGES.linkUrl,
    });

/** YouTube and Vimeo addresses, the videos a page embeds (played by their own players, no upload). */
export const VIDEO_URL = /^https:\/\/(?:www\.)?(?:youtube\.com\/watch\?v=[\w-]{6,}|youtu\.be\/[\w-]{6,}|vimeo\.com\/\d{4,})(?:[?&#][^\s]*)?$/i;

const uploadRef = () => z.uuid();

const textBlock = z.object({ kind: z.literal("text"), html: richText(CMS_LIMITS.text) }).strict();
const imageBlock = z
  .object({
    kind: z.literal("image"),
    uploadId: uploadRef(),
    /** Said to those who cannot see it; required. */
    alt: requiredText(CMS_LIMITS.alt),
    caption: storableText(CMS_LIMITS.caption).default(""),
  })
  .strict();
const videoBlock = z
  .object({
    kind: z.literal("video"),
    url: z.string().trim().max(CMS_LIMITS.url).regex(VIDEO_URL, CMS_MESSAGES.videoUrl),
    title: requiredText(CMS_LIMITS.alt),
  })
  .strict();
const ctaBlock = z
  .object({
    kind: z.literal("cta"),
    label: requiredText(CMS_LIMITS.label),
    href: cmsLinkSchema(),
    style: z.enum(["primary", "secondary"]).default("primary"),
  })
  .strict();
const columnsBlock = z.object({ kind: z.literal("columns"), left: richText(CMS_LIMITS.column), right: richText(CMS_LIMITS.column) }).strict();
const faqBlock = z
  .object({
    kind: z.literal("faq"),
    items: z
      .array(z.object({ question: requiredText(CMS_LIMITS.question), answer: richText(CMS_LIMITS.answer) }).strict())
      .min(1)
      .max(CMS_LIMITS.faqItems),
  })
  .strict();
/** A button to the booking app (module schedule), to one service or to the list of them. */
const bookingBlock = z.object({ kind: z.literal("booking"), label: requiredText(CMS_LIMITS.label), serviceId: rowId().nullable().default(null) }).strict();
/** The next events (module event_app) with a link to each. */
const eventsBlock = z
  .object({ kind: z.literal("events"), title: storableText(CMS_LIMITS.title).default(""), count: z.number().int().min(1).max(CMS_LIMITS.events).default(3) })
  .strict();

export const cmsBlockSchema = z.discriminatedUnion("kind", [textBlock, imageBlock, videoBlock, ctaBlock, columnsBlock, faqBlock, bookingBlock, eventsBlock]);
export type CmsBlock = z.infer<typeof cmsBlockSchema>;
export type CmsBlockInput = z.input<typeof cmsBlockSchema>;
export type CmsBlockKind = CmsBlock["kind"];
export const CMS_BLOCK_KINDS = ["text", "image", "video", "cta", "columns", "faq", "booking", "events"] as const satisfies readonly CmsBlockKind[];
/** The blocks shown only while their module is on (the public page leaves them out otherwise). */
export const CMS_BLOCK_MODULES = { booking: "schedule", events: "event_app" } as const;

/** A page as the editor saves it (each save a version; autosave too). */
export const cmsPageInputSchema = z
  .object({
    title: requiredText(CMS_LIMITS.title),
    slug: slugSchema(),
    language: z.enum(CMS_LANGUAGES),
    /** The language's home page: served at the site's root for that language. */
    isHome: z.boolean().default(false),
    seoTitle: storableText(CMS_LIMITS.seoTitle).default(""),
    seoDescription: storableText(CMS_LIMITS.seoDescription).default(""),
    socialImageId: uploadRef().nullable().default(null),
    /** The same page in the other language, or null. */
    twinId: rowId().nullable().default(null),
    blocks: z.array(cmsBlockSchema).max(CMS_LIMITS.blocks).default([]),
  })
  .strict();
export type CmsPageInput = z.input<typeof cmsPageInputSchema>;
export type CmsPageValues = z.infer<typeof cmsPageInputSchema>;

/** Publish now (no time) or at a later time; a time past is refused on its field. */
export const cmsPublishSchema = z
  .object({ at: instantField().optional() })
  .strict()
  .superRefine((input, context) => {
    if (input.at && Date.parse(input.at) <= Date.now()) context.addIssue({ code: "custom", message: CMS_MESSAGES.scheduleInPast, path: ["at"] });
  });
export type CmsPublishInput = z.infer<typeof cmsPublishSchema>;

export const cmsPagesQuerySchema = pageQuerySchema
  .extend({
    /** Title or slug. */
    q: storableText(CMS_LIMITS.search).optional(),
    state: z.enum(CMS_PAGE_STATES).optional(),
    language: z.enum(CMS_LANGUAGES).optional(),
  })
  .strict();
export type CmsPagesQuery = z.infer<typeof cmsPagesQuerySchema>;
