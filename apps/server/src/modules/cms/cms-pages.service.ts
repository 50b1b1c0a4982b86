import {
  CMS_MESSAGES,
  type CmsBlock,
  type CmsLanguage,
  type CmsPageContent,
  type CmsPageDetail,
  type CmsPageList,
  type CmsPageRow,
  type CmsPagesQuery,
  type CmsPageState,
  type CmsPageValues,
  cmsPublicPath,
} from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, type FieldErrors, HttpError, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { containsPattern, pageWindow } from "../../platform/paging.ts";
import { sanitizeForEveryone } from "../../platform/rich-text.ts";
import { personName } from "../clinic/appointments/scope.ts";

/**
 * The pages of the public site (issue 39, module `navegacion`): one site per deployment, edited
 * by the holders of view_pagina. A page's draft and its published snapshot live apart
 * (cms-publishing.ts moves one to the other); every save here is a new row of
 * cms_page_versions (cms-versions.service.ts reads and restores them).
 *
 * A page and its translation point to each other through `twin_id`: the column is the truth,
 * and the drafts' (and published snapshot's) `twinId` are kept equal to it, so a link changed
 * from the other page shows in this one's editor without a version of its own.
 */

type Row = Record<string, unknown>;
const iso = (value: unknown): string => new Date(value as string).toISOString();
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));

/** A 409 carrying a field's error, as the editor maps it onto the field. */
export const fieldConflict = (field: string, message: string) => new HttpError(409, { [field]: [message] });

/** The unique indexes of cms_pages as the field errors they stand for (a race past the checks ends here). */
export function pageConflictOf(error: unknown): HttpError | null {
  if (isUniqueViolation(error, "cms_pages_language_slug") || isUniqueViolation(error, "cms_pages_public_path"))
    return fieldConflict("slug", CMS_MESSAGES.slugTaken);
  if (isUniqueViolation(error, "cms_pages_home")) return fieldConflict("isHome", CMS_MESSAGES.homeTaken);
  return null;
}

/** Runs a page write in one transaction; a unique index tripped by a concurrent write answers the field's 409. */
export async function pageTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (transaction) => work(transaction as unknown as Db));
  } catch (error) {
    throw pageConflictOf(error) ?? error;
  }
}

// ---------------------------------------------------------------- reads

const editor = alias(users, "u");
const editorName = personName(editor);

/** The columns of a page row (`p`), its twin (`t`) and last editor (`u`). */
const ROW_COLUMNS = sql`p.id, p.title, p.slug, p.language, p.is_home, p.state, p.version, p.published_version, p.publish_at, p.published_at,
  p.public_slug, p.public_language, (p.published->>'isHome')::boolean as public_home, p.updated_at, p.updated_by_id,
  ${editorName} as updated_by_name, t.id as twin_ref, t.title as twin_title, t.language as twin_language`;
const ROW_JOINS = sql`left join cms_pages t on t.id = p.twin_id left join users u on u.id = p.updated_by_id`;

function rowOf(row: Row): CmsPageRow {
  const state = row.state as CmsPageState;
  const version = Number(row.version);
  const publishedVersion = row.published_version === null ? null : Number(row.published_version);
  // Where the public finds it: the published snapshot's address once there is one, else where the draft would go.
  const path =
    row.public_slug === null
      ? cmsPublicPath(String(row.language), String(row.slug), Boolean(row.is_home))
      : cmsPublicPath(String(row.public_language), String(row.public_slug), Boolean(row.public_home));
  return {
    id: Number(row.id),
    title: String(row.title),
    slug: String(row.slug),
    language: row.language as CmsLanguage,
    isHome: Boolean(row.is_home),
    state,
    version,
    publishedVersion,
    // A scheduled version is not public yet: its changes still wait.
    hasUnpublishedChanges: state !== "published" || publishedVersion !== version,
    publishAt: isoOrNull(row.publish_at),
    publishedAt: isoOrNull(row.published_at),
    path,
    twin: row.twin_ref === null ? null : { id: Number(row.twin_ref), title: String(row.twin_title), language: row.twin_language as CmsLanguage },
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by_id === null ? null : { id: String(row.updated_by_id), name: String(row.updated_by_name) },
  };
}

/**
 * A page of the site's pages, newest-updated first: one statement (its total a window count);
 * a second only when the page asked for lies past the last row, to say how many there are.
 */
export async function listPages(db: Db, query: CmsPagesQuery): Promise<CmsPageList> {
  const { limit, offset } = pageWindow(query);
  const filters: SQL[] = [sql`true`];
  if (query.state) filters.push(sql`p.state = ${query.state}`);
  if (query.language) filters.push(sql`p.language = ${query.language}`);
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    filters.push(sql`(p.title ilike ${pattern} or p.slug ilike ${pattern})`);
  }
  const where = sql.join(filters, sql` and `);
  // The page of ids is chosen on narrow rows first; only its rows are then joined and read whole
  // (their JSON snapshots included), not every row the count goes through.
  const result = await db.execute<Row>(sql`
    with listed as (
      select p.id, p.updated_at, count(*) over ()::int as total_rows
      from cms_pages p
      where ${where}
      order by p.updated_at desc, p.id desc
      limit ${limit} offset ${offset}
    )
    select ${ROW_COLUMNS}, l.total_rows
    from listed l join cms_pages p on p.id = l.id ${ROW_JOINS}
    order by l.updated_at desc, l.id desc`);
  let total = result.rows.length > 0 ? Number(result.rows[0]?.total_rows) : 0;
  if (result.rows.length === 0 && offset > 0) {
    const counted = await db.execute<{ total: number }>(sql`select count(*)::int as total from cms_pages p where ${where}`);
    total = Number(counted.rows[0]?.total ?? 0);
  }
  return { page: query.page, total, data: result.rows.map(rowOf) };
}

/** Where each image a content names is read (`/api/uploads/<id>`), by upload id. */
export function uploadsOf(content: CmsPageContent): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const [, id] of uploadRefs(content)) urls[id] = `/api/uploads/${id}`;
  return urls;
}

/** One page as the editor opens it, its draft and the urls of its images: one statement; 404 for no such page. */
export async function pageDetail(db: Db, pageId: number): Promise<CmsPageDetail> {
  const result = await db.execute<Row>(sql`select ${ROW_COLUMNS}, p.twin_id, p.draft from cms_pages p ${ROW_JOINS} where p.id = ${pageId}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  const draft = { ...(row.draft as CmsPageContent), twinId: row.twin_id === null ? null : Number(row.twin_id) };
  return { ...rowOf(row), draft, uploads: uploadsOf(draft) };
}

// ---------------------------------------------------------------- checks

/**
 * The content as it is stored: rich text through the platform's sanitiser with the rules for
 * what everyone may read (the public site shows it to anyone, who could not open an upload
 * inside the text: pictures go in image blocks, served by the site). Upload ids in lower case.
 */
export function contentOf(input: CmsPageValues): CmsPageContent {
  const clean = (block: CmsBlock): CmsBlock => {
    switch (block.kind) {
      case "text":
        return { ...block, html: sanitizeForEveryone(block.html) };
      case "columns":
        return { ...block, left: sanitizeForEveryone(block.left), right: sanitizeForEveryone(block.right) };
      case "faq":
        return { ...block, items: block.items.map((item) => ({ ...item, answer: sanitizeForEveryone(item.answer) })) };
      case "image":
        return { ...block, uploadId: block.uploadId.toLowerCase() };
      default:
        return block;
    }
  };
  return {
    title: input.title,
    slug: input.slug,
    language: input.language,
    isHome: input.isHome,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    socialImageId: input.socialImageId?.toLowerCase() ?? null,
    twinId: input.twinId,
    blocks: input.blocks.map(clean),
  };
}

/** The image fields of a content and the upload each names: `socialImageId`, `blocks.<n>.uploadId`. */
function uploadRefs(content: CmsPageContent): [string, string][] {
  const refs: [string, string][] = [];
  if (content.socialImageId) refs.push(["socialImageId", content.socialImageId]);
  content.blocks.forEach((block, index) => {
    if (block.kind === "image") refs.push([`blocks.${index}.uploadId`, block.uploadId]);
  });
  return refs;
}

/**
 * What the schema cannot see, in one statement: the images are image uploads, the translation
 * is a page in the other language not linked to a third one (400 on the field), the slug is
 * free in its language and the home page is the language's only one (409 on the field).
 * `pageId` is the page being saved (null for a new one), so its own row never conflicts.
 */
export async function assertContentFits(tx: Db, pageId: number | null, content: CmsPageContent): Promise<void> {
  const refs = uploadRefs(content);
  const self = pageId ?? 0;
  const result = await tx.execute<{
    slug_owner: number | null;
    home_owner: number | null;
    twin: { language: string; twinId: number | null } | null;
    images: string[];
  }>(sql`
    select
      (select p.id from cms_pages p where p.language = ${content.language} and p.slug = ${content.slug} and p.id <> ${self} limit 1) as slug_owner,
      (select p.id from cms_pages p where ${content.isHome}::boolean and p.language = ${content.language} and p.is_home and p.id <> ${self} limit 1) as home_owner,
      (select json_build_object('language', p.language, 'twinId', p.twin_id) from cms_pages p where p.id = ${content.twinId}::int) as twin,
      array(select u.id::text from uploads u where u.id = any(${sql.param(refs.map(([, id]) => id))}::uuid[]) and u.kind = 'image') as images`);
  const found = result.rows[0];
  if (!found) throw new Error("The page checks answered no row");
  const errors: FieldErrors = {};
  const images = new Set(found.images);
  for (const [field, id] of refs) if (!images.has(id)) errors[field] = [CMS_MESSAGES.imageUnknown];
  if (content.twinId !== null) {
    if (!found.twin || found.twin.language === content.language || content.twinId === pageId) errors.twinId = [CMS_MESSAGES.twinLanguage];
    else if (found.twin.twinId !== null && found.twin.twinId !== pageId) errors.twinId = [CMS_MESSAGES.twinTaken];
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  if (found.slug_owner !== null) throw fieldConflict("slug", CMS_MESSAGES.slugTaken);
  if (found.home_owner !== null) throw fieldConflict("isHome", CMS_MESSAGES.homeTaken);
}

/** SQL setting a content's `twinId` (a jsonb) to `twin`; a null content stays null. */
const withTwin = (column: SQL, twin: number | null): SQL =>
  sql`case when ${column} is null then null else jsonb_set(${column}, '{twinId}', coalesce(to_jsonb(${twin}::int), 'null'::jsonb)) end`;

/**
 * Moves a page's translation link from `before` to `after`, on the other rows (the page's own
 * row is written by its caller): the old twin forgets it, the new one points back to it. A new
 * twin linked meanwhile to a third page (a race past the checks) refuses the whole save.
 */
export async function relinkTwin(tx: Db, pageId: number, before: number | null, after: number | null): Promise<void> {
  if (before === after) return;
  if (before !== null)
    await tx.execute(sql`update cms_pages set twin_id = null, draft = ${withTwin(sql`draft`, null)}, published = ${withTwin(sql`published`, null)}
      where id = ${before} and twin_id = ${pageId}`);
  if (after !== null) {
    const linked =
      await tx.execute(sql`update cms_pages set twin_id = ${pageId}, draft = ${withTwin(sql`draft`, pageId)}, published = ${withTwin(sql`published`, pageId)}
      where id = ${after} and (twin_id is null or twin_id = ${pageId}) returning id`);
    if (linked.rows.length === 0) throw badRequest({ twinId: [CMS_MESSAGES.twinTaken] });
  }
}

// ---------------------------------------------------------------- writes

/** The draft's columns from its content. */
const draftColumns = (content: CmsPageContent, actor: Actor) => sql`title = ${content.title}, slug = ${content.slug}, language = ${content.language},
  is_home = ${content.isHome}, twin_id = ${content.twinId}::int, draft = ${JSON.stringify(content)}::jsonb, updated_by_id = ${actor.id}, updated_at = now()`;

/** Adds version `version` of a page. */
export async function addVersion(
  tx: Db,
  pageId: number,
  version: number,
  content: CmsPageContent,
  actor: Actor,
  extra: { autosave?: boolean; restoredFrom?: number | null } = {},
): Promise<void> {
  await tx.execute(sql`insert into cms_page_versions (page_id, version, content, autosave, restored_from, author_id)
    values (${pageId}, ${version}, ${JSON.stringify(content)}::jsonb, ${extra.autosave ?? false}, ${extra.restoredFrom ?? null}::int, ${actor.id})`);
}

/** A new page, a draft at version 1 (its first row of cms_page_versions); answers its id. */
export async function createPage(db: Db, actor: Actor, input: CmsPageValues): Promise<number> {
  const content = contentOf(input);
  return pageTransaction(db, async (tx) => {
    await assertContentFits(tx, null, content);
    const made = await tx.execute<{ id: number }>(sql`
      insert into cms_pages (title, slug, language, is_home, twin_id, draft, version, state, updated_by_id)
      values (${content.title}, ${content.slug}, ${content.language}, ${content.isHome}, ${content.twinId}::int, ${JSON.stringify(content)}::jsonb, 1, 'draft', ${actor.id})
      returning id`);
    const pageId = Number(made.rows[0]?.id);
    await addVersion(tx, pageId, 1, content, actor);
    await relinkTwin(tx, pageId, null, content.twinId);
    return pageId;
  });
}

/** The page row a write works on, locked; 404 for no such page. */
export async function lockPage(tx: Db, pageId: number, extra: SQL = sql`true`) {
  const result = await tx.execute<{ version: number; twin_id: number | null; state: CmsPageState; same: boolean }>(
    sql`select version, twin_id, state, ${extra} as same from cms_pages where id = ${pageId} for update`,
  );
  const row = result.rows[0];
  if (!row) throw notFound();
  return { version: Number(row.version), twinId: row.twin_id === null ? null : Number(row.twin_id), state: row.state, same: row.same };
}

/**
 * Saves the draft as a new version (autosaved ones flagged). An autosave identical to the
 * draft (jsonb equality: the same fields and blocks, whatever their key order) writes
 * nothing: the editor autosaves on a timer, and an idle editor must not fill the history.
 * Answers whether anything was written.
 */
export async function savePage(db: Db, actor: Actor, pageId: number, input: CmsPageValues, autosave: boolean): Promise<boolean> {
  const content = contentOf(input);
  return pageTransaction(db, async (tx) => {
    const page = await lockPage(tx, pageId, sql`draft = ${JSON.stringify(content)}::jsonb`);
    if (autosave && page.same) return false;
    await assertContentFits(tx, pageId, content);
    const version = page.version + 1;
    await tx.execute(sql`update cms_pages set ${draftColumns(content, actor)}, version = ${version} where id = ${pageId}`);
    await addVersion(tx, pageId, version, content, actor, { autosave });
    await relinkTwin(tx, pageId, page.twinId, content.twinId);
    return true;
  });
}

/**
 * Writes `content` as the draft's new version `version` (a restore), relinking the twin; the
 * caller has locked the page and checked the content.
 */
export async function writeDraft(tx: Db, actor: Actor, pageId: number, version: number, content: CmsPageContent, before: number | null): Promise<void> {
  await tx.execute(sql`update cms_pages set ${draftColumns(content, actor)}, version = ${version} where id = ${pageId}`);
  await relinkTwin(tx, pageId, before, content.twinId);
}

/**
 * Deletes a page with its versions. Its twin forgets it; menus keep their items pointing to it,
 * which the menus' reader flags as missing (never a broken link on the site).
 */
export async function deletePage(db: Db, pageId: number): Promise<{ slug: string; language: string }> {
  return pageTransaction(db, async (tx) => {
    const page = await lockPage(tx, pageId);
    await relinkTwin(tx, pageId, page.twinId, null);
    const gone = await tx.execute<{ slug: string; language: string }>(sql`delete from cms_pages where id = ${pageId} returning slug, language`);
    return gone.rows[0] as { slug: string; language: string };
  });
}
