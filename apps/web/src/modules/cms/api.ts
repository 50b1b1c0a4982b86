import { CMS_API, type CmsPageDetail, type CmsPageInput, type CmsPublishInput } from "@clinic/shared";
import type { QueryKey } from "@tanstack/react-query";
import { post, put } from "../../lib/api.ts";
import { useResource } from "../../lib/resource.ts";

/**
 * The calls of the page content manager's staff screens (server: modules/cms/cms-pages.routes.ts,
 * paths from the contract's CMS_API). A page's query key starts with CMS_PAGES_KEY and the list is
 * CMS_PAGES_RESOURCE, so a save, a publication or a restore refreshes the editor and the list
 * together; the versions panel (versions/) keys its queries under the page's key too.
 */

export const CMS_PAGES_KEY = "cms-pages";
/** usePagedList keys its pages by a single resource name. */
export const CMS_PAGES_RESOURCE = "cms-pages-list";
/** Everything a change of a page moves: its editor, its versions, the list and the translation pickers. */
export const EVERY_CMS_PAGE_LIST: QueryKey[] = [[CMS_PAGES_KEY], [CMS_PAGES_RESOURCE]];

/** The screens' own addresses (the shared route registry's `cmsPages` and `cmsPage`). */
export const CMS_PAGES_HOME = "/cms/pages";
export const cmsEditorPath = (pageId: number) => `${CMS_PAGES_HOME}/${pageId}`;

export const pageKey = (pageId: number): QueryKey => [CMS_PAGES_KEY, "one", pageId];

export const createPage = (input: CmsPageInput) => post<CmsPageDetail>(CMS_API.pages, input);
/** Every save is a version; an autosave is marked so (`?autosave=true`) and the versions list says so. */
export const savePage = (pageId: number, input: CmsPageInput, autosave = false) =>
  put<CmsPageDetail>(autosave ? `${CMS_API.page(pageId)}?autosave=true` : CMS_API.page(pageId), input);
/** Now (no time) or at `at`, a future instant. */
export const publishPage = (pageId: number, input: CmsPublishInput) => post<CmsPageDetail>(CMS_API.publish(pageId), input);
export const unpublishPage = (pageId: number) => post<CmsPageDetail>(CMS_API.unpublish(pageId));

export const usePage = (pageId: number | null) =>
  useResource<CmsPageDetail>(pageKey(pageId ?? 0), pageId === null ? null : CMS_API.page(pageId), { quiet: true });
