import { z } from "zod";
import { requiredText, rowId } from "../schemas.ts";
import { CMS_LANGUAGES, CMS_LIMITS, cmsLinkSchema } from "./pages.ts";

/**
 * The site's menus (module `navegacion`): a header and a footer per language, each a list of
 * items that point to a page of the site or to an address, nested one level (a header item may
 * open a list of its own). A page deleted later leaves its items flagged, never a broken link.
 */

export const CMS_MENU_LOCATIONS = ["header", "footer"] as const;
export type CmsMenuLocation = (typeof CMS_MENU_LOCATIONS)[number];
export const CMS_MENU_LIMITS = { items: 30, children: 15 } as const;

export const NAVIGATION_MESSAGES = {
  target: "An item points to a page or to an address, not both.",
  pageLanguage: "A menu item's page must be in the menu's language.",
  pageMissing: "This item's page no longer exists: point it to another page or remove it.",
} as const;

const itemFields = {
  label: requiredText(CMS_LIMITS.label),
  /** A page of the site, or null for an address. */
  pageId: rowId().nullable().default(null),
  url: z.union([z.literal(""), cmsLinkSchema()]).default(""),
};

/** An item points to exactly one of a page and an address. */
function pointsOnce(item: { pageId: number | null; url: string }, context: z.RefinementCtx): void {
  if ((item.pageId === null) === (item.url === "")) context.addIssue({ code: "custom", message: NAVIGATION_MESSAGES.target, path: ["url"] });
}

export const cmsMenuItemSchema = z
  .object({
    ...itemFields,
    /** One level only: a child has no children of its own. */
    children: z.array(z.object(itemFields).strict().superRefine(pointsOnce)).max(CMS_MENU_LIMITS.children).default([]),
  })
  .strict()
  .superRefine(pointsOnce);
export type CmsMenuItemInput = z.input<typeof cmsMenuItemSchema>;

/** A whole menu as the editor saves it: its items in order (the order dragged or moved by keyboard). */
export const cmsMenuInputSchema = z.object({ items: z.array(cmsMenuItemSchema).max(CMS_MENU_LIMITS.items) }).strict();
export type CmsMenuInput = z.input<typeof cmsMenuInputSchema>;

export const cmsMenuParamSchema = z.object({ location: z.enum(CMS_MENU_LOCATIONS), language: z.enum(CMS_LANGUAGES) }).strict();
