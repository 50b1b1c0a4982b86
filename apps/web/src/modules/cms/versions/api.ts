import { CMS_API, type CmsPageDetail, type CmsVersionRow, type CmsVersionView } from "@clinic/shared";
import type { QueryKey } from "@tanstack/react-query";
import { post } from "../../../lib/api.ts";
import { useResource } from "../../../lib/resource.ts";
import { CMS_PAGES_KEY } from "../api.ts";

/** Under the page's key (cms/api.ts), so a save or a restore refreshes the history with the editor. */
export const versionsKey = (pageId: number): QueryKey => [CMS_PAGES_KEY, "versions", pageId];
export const versionKey = (pageId: number, version: number): QueryKey => [CMS_PAGES_KEY, "versions", pageId, version];

export const useVersions = (pageId: number, enabled: boolean) => useResource<CmsVersionRow[]>(versionsKey(pageId), enabled ? CMS_API.versions(pageId) : null);
export const useVersion = (pageId: number, version: number | null) =>
  useResource<CmsVersionView>(versionKey(pageId, version ?? 0), version === null ? null : CMS_API.version(pageId, version));

/** Restores an old version as the new draft (a new version; publishing stays separate). */
export const restoreVersion = (pageId: number, version: number) => post<CmsPageDetail>(CMS_API.restore(pageId, version));
