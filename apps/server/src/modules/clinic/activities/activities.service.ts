import type { Activity, ActivityFile, ActivityInput, ActivityQuery, ActivityType, PageQuery, Paged } from "@clinic/shared";
import { ACTIVITY_FILE_TYPES, ACTIVITY_MESSAGES, activityInputSchema, FILE_TYPE_KINDS, GROUP } from "@clinic/shared";
import { and, asc, eq, exists, getTableColumns, inArray, not, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { type Actor, assertCatalogueAccess, canChangeCatalogueRow, catalogueOwnerFor, catalogueScope, clinicOf } from "../../../platform/access.ts";
import { badRequest, conflict } from "../../../platform/errors.ts";
import { containsText, pageOf, pageWindow } from "../../../platform/paging.ts";
import { removeRichTextUploads, richTextToStore, syncRichTextUploads } from "../../../platform/rich-text.ts";
import { categories } from "../categories/categories.table.ts";
import { files } from "../files/files.table.ts";
import { uploads } from "../../../platform/uploads.table.ts";
import { recommendations } from "../recommendations/recommendations.table.ts";
import { assignedActivities } from "../assignments/assignments.table.ts";
import { activities, activityCategories, activityRecommendations } from "./activities.table.ts";

type Link = { id: number; name: string };
type Row = typeof activities.$inferSelect & {
  fileName: string | null;
  fileType: string | null;
  fileUrl: string | null;
  fileMime: string | null;
  categories: Link[];
  recommendations: Link[];
};

/** The upload behind an activity's File (its picture is another upload). */
const fileUploads = alias(uploads, "file_uploads");

/**
 * An activity's categories and recommendations, each as one JSON array built in the activity's
 * own statement (a correlated subquery per row, read through the link tables' activity-first
 * keys), so a page's links arrive with the page instead of in more round trips.
 */
const linkColumns = {
  categories: sql<Link[]>`(select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id), '[]'::json)
    from ${activityCategories} ac join ${categories} c on c.id = ac.category_id where ac.activity_id = ${activities.id})`,
  recommendations: sql<Link[]>`(select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name, r.id), '[]'::json)
    from ${activityRecommendations} ar join ${recommendations} r on r.id = ar.recommendation_id where ar.activity_id = ${activities.id})`,
};

/** An activity with its links and its File: where it is read from (its link, or the address of its upload) and its bytes' type. */
function activityColumns() {
  return {
    ...getTableColumns(activities),
    fileName: files.name,
    fileType: files.type,
    fileUrl: sql<string | null>`coalesce(${files.link}, '/api/uploads/' || ${files.uploadId}::text)`,
    fileMime: fileUploads.mime,
    ...linkColumns,
  };
}
function selectActivities(db: Db) {
  return db
    .select(activityColumns())
    .from(activities)
    .leftJoin(files, eq(files.id, activities.fileId))
    .leftJoin(fileUploads, eq(fileUploads.id, files.uploadId));
}

function fileOf(row: Row): ActivityFile | null {
  if (row.fileId === null || row.fileName === null || row.fileUrl === null) return null;
  return { id: row.fileId, name: row.fileName, type: row.fileType as ActivityFile["type"], url: row.fileUrl, mime: row.fileMime };
}

function toActivity(actor: Actor, row: Row): Activity {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as ActivityType,
    categories: row.categories,
    recommendations: row.recommendations,
    fileId: row.fileId,
    videoUrl: row.type === "video" ? row.fileUrl : null,
    file: fileOf(row),
    gameBuildId: row.gameBuildId,
    body: row.body,
    imageUploadId: row.imageUploadId,
    imageUrl: row.imageUploadId ? `/api/uploads/${row.imageUploadId}` : null,
    clinicId: row.clinicId,
    editable: canChangeCatalogueRow(actor, row.clinicId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * `nutrition=true|false` of a list: keeps the activities (by their id column) that are, or are
 * not, filed under a category marked as nutrition (spec §2 nutritionPlans); no filter when unset.
 */
export function nutritionFilter(db: Db, activityId: AnyPgColumn, nutrition: boolean | undefined): SQL | undefined {
  if (nutrition === undefined) return undefined;
  const filed = exists(
    db
      .select({ one: sql`1` })
      .from(activityCategories)
      .innerJoin(categories, eq(categories.id, activityCategories.categoryId))
      .where(and(eq(activityCategories.activityId, activityId), eq(categories.nutrition, true))),
  );
  return nutrition ? filed : not(filed);
}

export async function listActivities(db: Db, actor: Actor, query: ActivityQuery): Promise<Paged<Activity>> {
  const where = and(
    catalogueScope(actor, activities.clinicId),
    containsText(activities[query.name], query.value),
    query.type ? eq(activities.type, query.type) : undefined,
    query.category
      ? exists(
          db
            .select({ one: sql`1` })
            .from(activityCategories)
            .where(and(eq(activityCategories.activityId, activities.id), eq(activityCategories.categoryId, query.category))),
        )
      : undefined,
    nutritionFilter(db, activities.id, query.nutrition),
  );
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(
    db,
    actor,
    query,
    {
      tables: [activities, activityCategories, categories],
      // Ordered as the list, so PostgreSQL counts along the list's index instead of reading the table.
      counted: db.select({ one: sql`1` }).from(activities).where(where).orderBy(asc(activities.name), asc(activities.id)),
    },
    (pageTotal) =>
      db
        .select({ ...activityColumns(), pageTotal })
        .from(activities)
        .leftJoin(files, eq(files.id, activities.fileId))
        .leftJoin(fileUploads, eq(fileUploads.id, files.uploadId))
        .where(where)
        .orderBy(asc(activities.name), asc(activities.id))
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map((row) => toActivity(actor, row)) };
}

async function loadActivity(db: Db, id: number): Promise<Row | undefined> {
  const [row] = await selectActivities(db).where(eq(activities.id, id));
  return row;
}

export async function getActivity(db: Db, actor: Actor, id: number): Promise<Activity> {
  const row = assertCatalogueAccess(actor, await loadActivity(db, id), "read");
  return toActivity(actor, row);
}

/**
 * Why a visible File cannot serve an activity of `type`, or null when it can: it must be of the
 * activity's type, and a game's bundle or a text's document must be uploaded bytes (a bundle is
 * unpacked from them; a PDF is read in the app, which fetches only from its own origin), checked
 * by the upload's sniffed kind, so a Text file's "PDF" is one whose bytes begin with `%PDF-`.
 */
function fileProblem(type: ActivityType, file: { type: string; kind: string | null }): keyof typeof ACTIVITY_MESSAGES | null {
  const message = ({ video: "chooseVideo", game: "chooseGame", text: "chooseDocument" } as const)[type];
  const fileType = ACTIVITY_FILE_TYPES[type];
  if (file.type !== fileType) return message;
  if (type === "video") return null;
  return file.kind !== null && FILE_TYPE_KINDS[fileType].includes(file.kind as never) ? null : message;
}

/**
 * Linked rows must exist, be visible to the actor, and belong to the platform or to the
 * activity's own clinic, so a platform activity never shows one clinic's entries to others.
 */
async function assertLinksUsable(
  db: Db,
  actor: Actor,
  input: { type: ActivityType; categoryIds: number[]; recommendationIds: number[]; fileId: number | null; imageUploadId: string | null },
  owner: string | null,
) {
  const usable = (clinicId: string | null) => clinicId === null || clinicId === owner;
  const visible = (clinicId: string | null) => actor.isAdmin || clinicId === null || canChangeCatalogueRow(actor, clinicId);
  const fields: Record<string, string[]> = {};
  if (input.categoryIds.length > 0) {
    const found = await db.select({ id: categories.id, clinicId: categories.clinicId }).from(categories).where(inArray(categories.id, input.categoryIds));
    const ok = new Set(found.filter((row) => visible(row.clinicId) && usable(row.clinicId)).map((row) => row.id));
    if (input.categoryIds.some((id) => !ok.has(id))) fields.categoryIds = [ACTIVITY_MESSAGES.categoryUnknown];
  }
  if (input.recommendationIds.length > 0) {
    const found = await db
      .select({ id: recommendations.id, clinicId: recommendations.clinicId })
      .from(recommendations)
      .where(inArray(recommendations.id, input.recommendationIds));
    const ok = new Set(found.filter((row) => visible(row.clinicId) && usable(row.clinicId)).map((row) => row.id));
    if (input.recommendationIds.some((id) => !ok.has(id))) fields.recommendationIds = [ACTIVITY_MESSAGES.recommendationUnknown];
  }
  if (input.fileId !== null) {
    const [file] = await db
      .select({ clinicId: files.clinicId, type: files.type, kind: uploads.kind })
      .from(files)
      .leftJoin(uploads, eq(uploads.id, files.uploadId))
      .where(eq(files.id, input.fileId));
    if (!file || !visible(file.clinicId) || !usable(file.clinicId)) fields.fileId = [ACTIVITY_MESSAGES.fileUnknown];
    else {
      const problem = fileProblem(input.type, file);
      if (problem) fields.fileId = [ACTIVITY_MESSAGES[problem]];
    }
  }
  if (input.imageUploadId !== null) {
    const [image] = await db.select({ clinicId: uploads.clinicId, kind: uploads.kind }).from(uploads).where(eq(uploads.id, input.imageUploadId));
    if (!image || !visible(image.clinicId) || !usable(image.clinicId)) fields.imageUploadId = [ACTIVITY_MESSAGES.imageUnknown];
    else if (image.kind !== "image") fields.imageUploadId = [ACTIVITY_MESSAGES.chooseImage];
  }
  if (Object.keys(fields).length > 0) throw badRequest(fields);
}

/** Only what the activity's type uses is kept: a video has no body, a game no text. Rich text is stored sanitised. */
function typedColumns(input: ReturnType<typeof activityInputSchema.parse>) {
  const body =
    input.type === "text" && input.body !== null ? richTextToStore("body", input.body, { required: true, message: ACTIVITY_MESSAGES.textNeeded }) : null;
  return {
    name: input.name,
    description: richTextToStore("description", input.description, { required: true }),
    type: input.type,
    // A game has a build or a bundle (the schema refuses both); a text may attach a document.
    fileId: input.fileId,
    gameBuildId: input.type === "game" ? input.gameBuildId : null,
    body,
    imageUploadId: input.imageUploadId,
  };
}

async function replaceLinks(db: Db, activityId: number, input: { categoryIds: number[]; recommendationIds: number[] }) {
  await db.delete(activityCategories).where(eq(activityCategories.activityId, activityId));
  await db.delete(activityRecommendations).where(eq(activityRecommendations.activityId, activityId));
  const categoryIds = [...new Set(input.categoryIds)];
  const recommendationIds = [...new Set(input.recommendationIds)];
  if (categoryIds.length > 0) await db.insert(activityCategories).values(categoryIds.map((categoryId) => ({ activityId, categoryId })));
  if (recommendationIds.length > 0)
    await db.insert(activityRecommendations).values(recommendationIds.map((recommendationId) => ({ activityId, recommendationId })));
}

export async function createActivity(db: Db, actor: Actor, raw: ActivityInput): Promise<Activity> {
  const input = activityInputSchema.parse(raw);
  const owner = catalogueOwnerFor(actor);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const columns = typedColumns(input);
    await assertLinksUsable(txDb, actor, { ...input, fileId: columns.fileId }, owner);
    const [row] = await tx
      .insert(activities)
      .values({ ...columns, clinicId: owner, createdBy: actor.id })
      .returning();
    const id = (row as { id: number }).id;
    await replaceLinks(txDb, id, input);
    await syncRichTextUploads(txDb, "activity", id, owner, { description: columns.description, body: columns.body });
    return toActivity(actor, (await loadActivity(txDb, id)) as Row);
  });
}

export async function updateActivity(db: Db, actor: Actor, id: number, raw: ActivityInput): Promise<Activity> {
  const input = activityInputSchema.parse(raw);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const current = assertCatalogueAccess(actor, await loadActivity(txDb, id), "change");
    const columns = typedColumns(input);
    await assertLinksUsable(txDb, actor, { ...input, fileId: columns.fileId }, current.clinicId);
    await tx.update(activities).set(columns).where(eq(activities.id, id));
    await replaceLinks(txDb, id, input);
    await syncRichTextUploads(txDb, "activity", id, current.clinicId, { description: columns.description, body: columns.body });
    return toActivity(actor, (await loadActivity(txDb, id)) as Row);
  });
}

/** An assigned activity stays (the assignments' key is restrict): deleting it is a conflict, not an error. */
const ASSIGNED_ACTIVITY_CONFLICT = "This activity is assigned to patients: unassign it from them before deleting it.";

export async function deleteActivity(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    assertCatalogueAccess(actor, await loadActivity(tx as unknown as Db, id), "change");
    const [assigned] = await tx.select({ one: sql`1` }).from(assignedActivities).where(eq(assignedActivities.activityId, id)).limit(1);
    if (assigned) throw conflict(ASSIGNED_ACTIVITY_CONFLICT);
    try {
      await tx.delete(activities).where(eq(activities.id, id));
    } catch (error) {
      // Assigned between the check and the delete: the foreign key refuses it (23503).
      const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      if (code === "23503") throw conflict(ASSIGNED_ACTIVITY_CONFLICT);
      throw error;
    }
    await removeRichTextUploads(tx as unknown as Db, "activity", id);
  });
}

/** The activityCategories collection: links of the activities the actor can see. */
export async function listActivityCategories(db: Db, actor: Actor, query: PageQuery & { activity?: number }) {
  const where = and(catalogueScope(actor, activities.clinicId), query.activity ? eq(activityCategories.activityId, query.activity) : undefined);
  const { limit, offset } = pageWindow(query);
  const columns = {
    id: activityCategories.id,
    activity: activityCategories.activityId,
    category: activityCategories.categoryId,
    categoryName: categories.name,
  };
  const page = await pageOf(
    db,
    actor,
    query,
    {
      tables: [activityCategories, activities],
      counted: db
        .select({ one: sql`1` })
        .from(activityCategories)
        .innerJoin(activities, eq(activities.id, activityCategories.activityId))
        .where(where)
        .orderBy(asc(activityCategories.id)),
    },
    (pageTotal) =>
      db
        .select({ ...columns, pageTotal })
        .from(activityCategories)
        .innerJoin(activities, eq(activities.id, activityCategories.activityId))
        .innerJoin(categories, eq(categories.id, activityCategories.categoryId))
        .where(where)
        .orderBy(asc(activityCategories.id))
        .limit(limit)
        .offset(offset),
  );
  return page;
}

/** The clinics the actor may name (spec §7 GET /api/clinic/): all for admins, else their own. */
export async function listClinics(db: Db, actor: Actor) {
  const clinic = clinicOf(actor);
  if (!actor.isAdmin && !clinic) return { data: [], page: 1, total: 0 };
  const rows = await db
    .select({ id: users.id, nombres: users.nombres, apellidos: users.apellidos, email: users.email })
    .from(users)
    .where(
      and(sql`${users.id} in (select user_id from user_groups where group_id = ${GROUP.clinic})`, actor.isAdmin ? undefined : eq(users.id, clinic as string)),
    )
    .orderBy(asc(users.nombres), asc(users.id));
  const data = rows.map((row) => ({ id: row.id, name: `${row.nombres} ${row.apellidos}`.trim(), email: row.email }));
  return { data, page: 1, total: data.length };
}
