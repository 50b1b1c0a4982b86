import {
  type CmsLanguage,
  type CmsMenuInput,
  type CmsMenuItemView,
  type CmsMenuLocation,
  type CmsMenuView,
  cmsMenuInputSchema,
  cmsPublicPath,
  NAVIGATION_MESSAGES,
} from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, type FieldErrors } from "../../platform/errors.ts";

/**
 * The site's menus (module `navegacion`): a header and a footer per language, saved whole in
 * the order the editor left them. Items name pages by id, so a page renamed or re-slugged keeps
 * its items right; a page deleted later leaves its items flagged (`missing`), never a broken link.
 */

type SavedItem = { label: string; pageId: number | null; url: string };
type SavedMenuItem = SavedItem & { children: SavedItem[] };
type MenuValues = z.infer<typeof cmsMenuInputSchema>;

/** What a menu needs to know of a page it names: where it is public, or would be once published. */
export type MenuPage = { language: string; slug: string; isHome: boolean; published: boolean };

/** The items' pages by id, read in one statement. The public site reads the published snapshot's slug. */
async function pagesOf(db: Db, ids: number[]): Promise<Map<number, MenuPage>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{
    id: number;
    language: string;
    slug: string;
    is_home: boolean;
    public_slug: string | null;
    public_home: boolean | null;
    state: string;
  }>(sql`
    select id, language, slug, is_home, public_slug, (published->>'isHome')::boolean as public_home, state
    from cms_pages where id = any(${`{${ids.join(",")}}`}::int[])`);
  return new Map(
    result.rows.map((row) => {
      const published = row.public_slug !== null;
      const page: MenuPage = published
        ? { language: row.language, slug: row.public_slug as string, isHome: row.public_home ?? row.is_home, published }
        : { language: row.language, slug: row.slug, isHome: row.is_home, published };
      return [Number(row.id), page];
    }),
  );
}

/** Every page id a menu's items name, children included. */
function pageIdsOf(items: readonly SavedMenuItem[]): number[] {
  const ids = new Set<number>();
  for (const item of items) {
    if (item.pageId !== null) ids.add(item.pageId);
    for (const child of item.children) if (child.pageId !== null) ids.add(child.pageId);
  }
  return [...ids];
}

function itemView(item: SavedItem, pages: Map<number, MenuPage>): Omit<CmsMenuItemView, "children"> {
  if (item.pageId === null) return { label: item.label, pageId: null, url: item.url, href: item.url, missing: false };
  const page = pages.get(item.pageId);
  if (!page) return { label: item.label, pageId: item.pageId, url: "", href: "", missing: true };
  return { label: item.label, pageId: item.pageId, url: "", href: cmsPublicPath(page.language, page.slug, page.isHome), missing: false };
}

/** A menu's items as the editor reads them: every item kept, a deleted page's flagged. */
export function menuItemsView(items: readonly SavedMenuItem[], pages: Map<number, MenuPage>): CmsMenuItemView[] {
  return items.map((item) => ({ ...itemView(item, pages), children: item.children.map((child) => itemView(child, pages)) }));
}

/**
 * A menu's items as the public site shows them: items whose page is gone or not published are
 * left out (a header item with them), so a visitor never follows a link to a 404.
 */
export function publicMenuItems(items: readonly SavedMenuItem[], pages: Map<number, MenuPage>): CmsMenuItemView[] {
  const shown = (item: SavedItem) => item.pageId === null || pages.get(item.pageId)?.published === true;
  return menuItemsView(
    items.filter(shown).map((item) => ({ ...item, children: item.children.filter(shown) })),
    pages,
  );
}

/** A menu as the editor reads it; a menu never saved is empty. */
export async function getMenu(db: Db, location: CmsMenuLocation, language: CmsLanguage): Promise<CmsMenuView> {
  const result = await db.execute<{ items: SavedMenuItem[]; updated_at: Date | string; updated_by_id: string | null; updated_by_name: string | null }>(sql`
    select m.items, m.updated_at, m.updated_by_id,
      coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) as updated_by_name
    from cms_menus m left join users u on u.id = m.updated_by_id
    where m.location = ${location} and m.language = ${language}`);
  const row = result.rows[0];
  if (!row) return { location, language, items: [], updatedAt: null, updatedBy: null };
  const pages = await pagesOf(db, pageIdsOf(row.items));
  return {
    location,
    language,
    items: menuItemsView(row.items, pages),
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by_id ? { id: row.updated_by_id, name: row.updated_by_name ?? "" } : null,
  };
}

/**
 * Saves a whole menu in the given order. Every page an item names must exist and be in the
 * menu's language: each refusal on the item's own path (`items.2.children.0.pageId`), and
 * nothing written when there is one.
 */
export async function saveMenu(db: Db, actor: Actor, location: CmsMenuLocation, language: CmsLanguage, input: CmsMenuInput | MenuValues): Promise<void> {
  const values = cmsMenuInputSchema.parse(input);
  const items: SavedMenuItem[] = values.items.map((item) => ({
    label: item.label,
    pageId: item.pageId,
    url: item.url,
    children: item.children.map((child) => ({ label: child.label, pageId: child.pageId, url: child.url })),
  }));
  const pages = await pagesOf(db, pageIdsOf(items));
  const errors: FieldErrors = {};
  const check = (item: SavedItem, path: string) => {
    if (item.pageId === null) return;
    const page = pages.get(item.pageId);
    if (!page) errors[`${path}.pageId`] = [NAVIGATION_MESSAGES.pageMissing];
    else if (page.language !== language) errors[`${path}.pageId`] = [NAVIGATION_MESSAGES.pageLanguage];
  };
  for (const [index, item] of items.entries()) {
    check(item, `items.${index}`);
    for (const [childIndex, child] of item.children.entries()) check(child, `items.${index}.children.${childIndex}`);
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  await db.execute(sql`
    insert into cms_menus (location, language, items, updated_by_id)
    values (${location}, ${language}, ${JSON.stringify(items)}::jsonb, ${actor.id})
    on conflict (location, language) do update set items = excluded.items, updated_by_id = excluded.updated_by_id, updated_at = now()`);
}

/** Both menus of a language as the public site shows them, with the pages they name, in one statement. */
export async function publicMenus(db: Db, language: CmsLanguage): Promise<Record<CmsMenuLocation, CmsMenuItemView[]>> {
  const result = await db.execute<{ location: CmsMenuLocation; items: SavedMenuItem[]; pages: { id: number; slug: string; home: boolean }[] | null }>(sql`
    select m.location, m.items,
      (select json_agg(json_build_object('id', p.id, 'slug', p.public_slug, 'home', coalesce((p.published->>'isHome')::boolean, false)))
       from cms_pages p
       where p.public_slug is not null and p.public_language = ${language}
         and p.id in (select (value #>> '{}')::int from jsonb_path_query(m.items, '$[*].pageId') as value
                      union select (value #>> '{}')::int from jsonb_path_query(m.items, '$[*].children[*].pageId') as value)) as pages
    from cms_menus m where m.language = ${language}`);
  const menus: Record<CmsMenuLocation, CmsMenuItemView[]> = { header: [], footer: [] };
  for (const row of result.rows) {
    const pages = new Map<number, MenuPage>(
      (row.pages ?? []).map((page) => [Number(page.id), { language, slug: page.slug, isHome: page.home, published: true }]),
    );
    menus[row.location] = publicMenuItems(row.items, pages);
  }
  return menus;
}
