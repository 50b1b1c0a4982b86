import { CMS_API, type CmsMenuInput, type CmsMenuLocation, type CmsMenuView, type Language } from "@clinic/shared";
import type { QueryKey } from "@tanstack/react-query";
import { put } from "../../../lib/api.ts";
import { useResource } from "../../../lib/resource.ts";
import { CMS_PAGES_KEY } from "../api.ts";

/** The menus screen's calls (server: modules/cms, PUT and GET /api/cms/menus/:location/:language). */
export const CMS_MENUS_KEY = "cms-menus";
export const menuKey = (location: CmsMenuLocation, language: Language): QueryKey => [CMS_MENUS_KEY, location, language];

export const useMenu = (location: CmsMenuLocation, language: Language) =>
  useResource<CmsMenuView>(menuKey(location, language), CMS_API.menu(location, language));
export const saveMenu = (location: CmsMenuLocation, language: Language, body: CmsMenuInput) => put<CmsMenuView>(CMS_API.menu(location, language), body);

/** The pages an item may point to: the menu's language only (the server refuses another). */
export const menuPagesPath = (language: Language) => `${CMS_API.pages}?language=${language}&rowsPerPage=20`;
/** Under the pages' key (cms/api.ts): a page created or renamed shows in the picker. */
export const menuPagesKey = (language: Language): QueryKey => [CMS_PAGES_KEY, "menu-picker", language];
