import { z } from "zod";
import { CMS_MENU_LOCATIONS } from "./navigation.ts";
import { CMS_LANGUAGES, CMS_PAGE_STATES, cmsBlockSchema } from "./pages.ts";

/**
 * What the page content manager's API answers (issue 39). Dates are ISO 8601 in UTC. A page keeps
 * its draft and, once published, the published snapshot apart: editing never changes the public
 * page until it is published again.
 */

const person = z.object({ id: z.string(), name: z.string() });

/** The saved fields of a page (the draft, a version or the published snapshot). */
export const cmsPageContentSchema = z.object({
  title: z.string(),
  slug: z.string(),
  language: z.enum(CMS_LANGUAGES),
  isHome: z.boolean(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  socialImageId: z.string().nullable(),
  twinId: z.number().int().nullable(),
  blocks: z.array(cmsBlockSchema),
});
export type CmsPageContent = z.infer<typeof cmsPageContentSchema>;

export const cmsPageRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  language: z.enum(CMS_LANGUAGES),
  isHome: z.boolean(),
  state: z.enum(CMS_PAGE_STATES),
  /** The draft's version (every save adds one). */
  version: z.number().int(),
  /** The version the public sees (or will see at `publishAt`), null before the first publishing. */
  publishedVersion: z.number().int().nullable(),
  /** The draft holds saves not published yet. */
  hasUnpublishedChanges: z.boolean(),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** The public address, `/site/<language>/<slug>` (`/site/<language>` for a home page). */
  path: z.string(),
  twin: z.object({ id: z.number().int(), title: z.string(), language: z.enum(CMS_LANGUAGES) }).nullable(),
  updatedAt: z.string(),
  updatedBy: person.nullable(),
});
export type CmsPageRow = z.infer<typeof cmsPageRowSchema>;

export const cmsPageListSchema = z.object({ data: z.array(cmsPageRowSchema), page: z.number().int(), total: z.number().int() });
export type CmsPageList = z.infer<typeof cmsPageListSchema>;

export const cmsPageDetailSchema = cmsPageRowSchema.extend({
  /** The draft, as the editor shows it. */
  draft: cmsPageContentSchema,
  /** Where each image the draft names is read (`/api/uploads/<id>`), by upload id. */
  uploads: z.record(z.string(), z.string()),
});
export type CmsPageDetail = z.infer<typeof cmsPageDetailSchema>;

export const cmsVersionRowSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  author: person.nullable(),
  /** Saved by the editor's autosave rather than by the Save button. */
  autosave: z.boolean(),
  /** This version restores that older one. */
  restoredFrom: z.number().int().nullable(),
  /** This version went public (now or at its scheduled time). */
  published: z.boolean(),
  title: z.string(),
  /** The fields this version changed from the one before ("title", "slug", "seo", "blocks", ...). */
  changed: z.array(z.string()),
});
export type CmsVersionRow = z.infer<typeof cmsVersionRowSchema>;

export const cmsVersionViewSchema = cmsVersionRowSchema.extend({ content: cmsPageContentSchema, uploads: z.record(z.string(), z.string()) });
export type CmsVersionView = z.infer<typeof cmsVersionViewSchema>;

/** A menu item as the editor and the site read it: its page's public path, or flagged when the page is gone. */
const menuItemView = z.object({
  label: z.string(),
  pageId: z.number().int().nullable(),
  url: z.string(),
  /** The address the item opens: the page's public path, or the url. Empty when its page is missing. */
  href: z.string(),
  /** The item's page was deleted: shown flagged to editors, left out of the public menu. */
  missing: z.boolean(),
});
export const cmsMenuItemViewSchema = menuItemView.extend({ children: z.array(menuItemView) });
export type CmsMenuItemView = z.infer<typeof cmsMenuItemViewSchema>;

export const cmsMenuViewSchema = z.object({
  location: z.enum(CMS_MENU_LOCATIONS),
  language: z.enum(CMS_LANGUAGES),
  items: z.array(cmsMenuItemViewSchema),
  updatedAt: z.string().nullable(),
  updatedBy: person.nullable(),
});
export type CmsMenuView = z.infer<typeof cmsMenuViewSchema>;

/**
 * The calls, all under the module's flag and view_pagina. PUT on a page with `?autosave=true`
 * saves a version marked as autosaved. The preview answers the draft as HTML, rendered by the same
 * code as the public page. The public site is `/site/<language>[/<slug>]`, `/sitemap.xml` and
 * `/robots.txt`, and the images its pages show `/site/media/<uploadId>`.
 */
export const CMS_API = {
  pages: "/api/cms/pages",
  page: (pageId: number) => `/api/cms/pages/${pageId}`,
  versions: (pageId: number) => `/api/cms/pages/${pageId}/versions`,
  version: (pageId: number, version: number) => `/api/cms/pages/${pageId}/versions/${version}`,
  restore: (pageId: number, version: number) => `/api/cms/pages/${pageId}/versions/${version}/restore`,
  publish: (pageId: number) => `/api/cms/pages/${pageId}/publish`,
  unpublish: (pageId: number) => `/api/cms/pages/${pageId}/unpublish`,
  preview: (pageId: number) => `/api/cms/pages/${pageId}/preview`,
  menu: (location: string, language: string) => `/api/cms/menus/${location}/${language}`,
} as const;

/** The public site's prefix: a page is `/site/<language>/<slug>`, a language's home `/site/<language>`. */
export const CMS_SITE_PREFIX = "/site";
export function cmsPublicPath(language: string, slug: string, isHome: boolean): string {
  return isHome ? `${CMS_SITE_PREFIX}/${language}` : `${CMS_SITE_PREFIX}/${language}/${slug}`;
}
