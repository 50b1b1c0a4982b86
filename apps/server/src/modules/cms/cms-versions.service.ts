import type { CmsPageContent, CmsVersionRow, CmsVersionView } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { addVersion, assertContentFits, lockPage, pageTransaction, uploadsOf, writeDraft } from "./cms-pages.service.ts";

/**
 * A page's history (issue 39): every save is a row of cms_page_versions holding the whole
 * content, so any two can be compared side by side and any one restored as a new draft.
 */

type Row = Record<string, unknown>;

/** The fields a version may change, as the history names them, and the content keys each compares. */
export const VERSION_FIELDS: readonly [string, readonly (keyof CmsPageContent)[]][] = [
  ["title", ["title"]],
  ["slug", ["slug"]],
  ["language", ["language"]],
  ["home", ["isHome"]],
  ["seo", ["seoTitle", "seoDescription", "socialImageId"]],
  ["translation", ["twinId"]],
  ["blocks", ["blocks"]],
];

/** SQL: the names of the fields `content` changed from `previous` (jsonb equality, so key order never counts); none for the first version. */
const CHANGED: SQL = sql.raw(
  `case when v.previous is null then '{}'::text[] else array_remove(array[${VERSION_FIELDS.map(
    ([name, keys]) => `case when ${keys.map((key) => `v.content->'${key}' is distinct from v.previous->'${key}'`).join(" or ")} then '${name}' end`,
  ).join(", ")}], null) end`,
);

const author = alias(users, "a");

/** A page's versions, each beside the one before it, with its author: the subquery of both reads. */
const historyOf = (pageId: number) => sql`
  select v.version, v.created_at, v.autosave, v.restored_from, v.published_at, v.author_id, v.content, ${personName(author)} as author_name, ${CHANGED} as changed
  from (select v.*, lag(v.content) over (order by v.version) as previous from cms_page_versions v where v.page_id = ${pageId}) v
  left join users a on a.id = v.author_id`;

function versionRowOf(row: Row): CmsVersionRow {
  const content = row.content as CmsPageContent;
  return {
    version: Number(row.version),
    createdAt: new Date(row.created_at as string).toISOString(),
    author: row.author_id === null ? null : { id: String(row.author_id), name: String(row.author_name) },
    autosave: Boolean(row.autosave),
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
    published: row.published_at !== null,
    title: content.title,
    changed: row.changed as string[],
  };
}

/** A page's versions, newest first, each with what it changed: one statement; 404 for no such page (every page has a version 1). */
export async function listVersions(db: Db, pageId: number): Promise<CmsVersionRow[]> {
  const result = await db.execute<Row>(sql`${historyOf(pageId)} order by v.version desc`);
  if (result.rows.length === 0) throw notFound();
  return result.rows.map(versionRowOf);
}

/** One version with its whole content and the urls of its images: one statement; 404 for no such page or version. */
export async function versionView(db: Db, pageId: number, version: number): Promise<CmsVersionView> {
  const result = await db.execute<Row>(sql`select * from (${historyOf(pageId)}) h where h.version = ${version}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  const content = row.content as CmsPageContent;
  return { ...versionRowOf(row), content, uploads: uploadsOf(content) };
}

/**
 * Restores an old version as the draft: its content becomes a NEW version (restoredFrom set),
 * so the history only grows; publishing stays a step of its own. The translation link is the
 * page's current one, since links are kept on both pages and the old one may since have gone
 * to a third page; it is dropped when the restored language is the twin's own. A slug or a
 * home another page has taken since answers 409, and nothing is written. Answers the new version.
 */
export async function restoreVersion(db: Db, actor: Actor, pageId: number, version: number): Promise<number> {
  return pageTransaction(db, async (tx) => {
    const page = await lockPage(tx, pageId);
    const found = await tx.execute<{ content: CmsPageContent; twin_language: string | null }>(sql`
      select v.content, (select t.language from cms_pages t where t.id = ${page.twinId}::int) as twin_language
      from cms_page_versions v where v.page_id = ${pageId} and v.version = ${version}`);
    const old = found.rows[0];
    if (!old) throw notFound();
    const twinId = page.twinId !== null && old.twin_language !== old.content.language ? page.twinId : null;
    const content: CmsPageContent = { ...old.content, twinId };
    await assertContentFits(tx, pageId, content);
    const next = page.version + 1;
    await writeDraft(tx, actor, pageId, next, content, page.twinId);
    await addVersion(tx, pageId, next, content, actor, { restoredFrom: version });
    return next;
  });
}
