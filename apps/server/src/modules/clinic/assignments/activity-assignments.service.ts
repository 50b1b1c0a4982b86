import {
  ASSIGNMENT_REFUSALS,
  type AssignedActivity,
  type AssignedActivityDetail,
  type ActivityType,
  type AssignmentListQuery,
  type AssignmentOrder,
  type BulkAssignmentResult,
  type FileType,
  type GameSessionFigures,
  type Paged,
  type PatientAssignmentQuery,
  type assignmentReplicateSchema,
  type assignmentUpdateSchema,
  type bulkAssignmentSchema,
  type patientActivitiesInputSchema,
  type replyActivitySchema,
} from "@clinic/shared";
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { type Actor, catalogueScope, patientScope } from "../../../platform/access.ts";
import { badRequest, codedConflict, forbidden, notFound } from "../../../platform/errors.ts";
import { containsText, pageOf, pageWindow } from "../../../platform/paging.ts";
import { nutritionFilter } from "../activities/activities.service.ts";
import { lastLevel, recordGameSession } from "../games/games.service.ts";
import { gameSessionMetrics, gameSessions } from "../games/games.table.ts";
import { activities, activityCategories } from "../activities/activities.table.ts";
import { categories } from "../categories/categories.table.ts";
import { files } from "../files/files.table.ts";
import { uploads } from "../../../platform/uploads.table.ts";
import { metricsOf } from "../../../platform/metrics.ts";
import { assignedActivities } from "./assignments.table.ts";
import type { Notifier } from "../../../platform/notifications.ts";
import { noticeActivitiesAssigned, noticeActivityResult } from "./assignment-notices.ts";
import { checkPagePatient, patientFound, patientsInScope, type ScopedPatient } from "./patient-check.ts";

type Tx = Db;
type AssignFields = { date: string; duration: number; description: string; activate: boolean; motion: number };
type Changes = z.output<typeof assignmentUpdateSchema>;

// ---------------------------------------------------------------- scope

/**
 * Assignments the actor may see: those of the patients in their scope (a therapist's care
 * team, a clinic's patients, all for admins). A patient sees only their own, and only the
 * active ones: `activate = false` is the therapist's way of keeping one back.
 */
export function assignmentScope(actor: Actor): SQL {
  const scope = patientScope(actor, assignedActivities.patientId);
  return actor.role === "patient" ? (and(scope, eq(assignedActivities.activate, true)) as SQL) : scope;
}

/** The activities a request names, each in the actor's catalogue (the platform's and their clinic's; all for admins); else one 404. */
async function activitiesInScope(db: Tx, actor: Actor, ids: number[]): Promise<Map<number, { id: number; name: string; clinicId: string | null }>> {
  const rows = await db
    .select({ id: activities.id, name: activities.name, clinicId: activities.clinicId })
    .from(activities)
    .where(and(inArray(activities.id, ids), catalogueScope(actor, activities.clinicId)));
  if (rows.length !== new Set(ids).size) throw notFound();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A patient may be given only what their own clinic can see: a platform activity or one of
 * their clinic's. Staff can name nothing else anyway; this stops an admin from handing one
 * clinic's activity to another clinic's patient.
 */
function assertActivityFitsPatient(activity: { name: string; clinicId: string | null }, patient: ScopedPatient, field: string): void {
  if (activity.clinicId !== null && activity.clinicId !== patient.clinicId)
    throw badRequest({ [field]: [`“${activity.name}” belongs to another clinic than the patient.`] });
}

// ---------------------------------------------------------------- reading

/**
 * A game assignment's latest session with its metrics, as one JSON value of the row's own
 * statement (a correlated subquery per row of the page, read through the assignment index),
 * so showing results adds no round trip to the list.
 */
const latestSessionColumn = sql<StoredSession | null>`(
  select json_build_object(
    'id', s.id, 'buildId', s.build_id, 'startedAt', s.started_at, 'endedAt', s.ended_at, 'durationMs', s.duration_ms,
    'levelStart', s.level_start, 'levelEnd', s.level_end, 'motion', s.motion, 'ended', s.ended,
    'dizzinessBefore', s.dizziness_before, 'dizzinessAfter', s.dizziness_after, 'trialCount', s.trial_count, 'receivedAt', s.created_at,
    'metrics', coalesce((select json_object_agg(m.name, m.value) from ${gameSessionMetrics} m where m.session_id = s.id), '{}'::json)
  )
  from ${gameSessions} s where s.assignment_id = ${assignedActivities.id}
  order by s.ended_at desc, s.id desc limit 1
)`;
const sessionCountColumn = sql<number>`(select count(*)::int from ${gameSessions} s where s.assignment_id = ${assignedActivities.id})`;

/** The session as json_build_object writes it: timestamps in PostgreSQL's text form. */
type StoredSession = Omit<GameSessionFigures, "startedAt" | "endedAt" | "receivedAt"> & { startedAt: string; endedAt: string; receivedAt: string };

const isoOf = (stamp: string) => new Date(stamp).toISOString();

function toSessionFigures(stored: StoredSession): GameSessionFigures {
  return { ...stored, startedAt: isoOf(stored.startedAt), endedAt: isoOf(stored.endedAt), receivedAt: isoOf(stored.receivedAt) };
}

const rowColumns = {
  id: assignedActivities.id,
  patientId: assignedActivities.patientId,
  activityId: assignedActivities.activityId,
  activityName: activities.name,
  activityType: activities.type,
  activityImage: activities.imageUploadId,
  date: assignedActivities.date,
  duration: assignedActivities.duration,
  description: assignedActivities.description,
  done: assignedActivities.done,
  doneAt: assignedActivities.doneAt,
  favorite: assignedActivities.favorite,
  activate: assignedActivities.activate,
  motion: assignedActivities.motion,
  result: assignedActivities.result,
  latestSession: latestSessionColumn,
  sessionCount: sessionCountColumn,
  assignedBy: assignedActivities.assignedBy,
  createdAt: assignedActivities.createdAt,
  updatedAt: assignedActivities.updatedAt,
};

function selectRows(db: Tx) {
  return db.select(rowColumns).from(assignedActivities).innerJoin(activities, eq(activities.id, assignedActivities.activityId));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRows>["execute"]>>[number];

const imageUrlOf = (uploadId: string | null) => (uploadId ? `/api/uploads/${uploadId}` : null);

function toAssigned(row: Row): AssignedActivity {
  return {
    id: row.id,
    patientId: row.patientId,
    activityId: row.activityId,
    activity: { id: row.activityId, name: row.activityName, type: row.activityType as ActivityType, imageUrl: imageUrlOf(row.activityImage) },
    date: row.date,
    duration: row.duration,
    description: row.description,
    done: row.done,
    doneAt: row.doneAt ? row.doneAt.toISOString() : null,
    favorite: row.favorite,
    activate: row.activate,
    motion: row.motion,
    result: (row.result as Record<string, unknown> | null) ?? null,
    latestSession: row.latestSession ? toSessionFigures(row.latestSession) : null,
    sessionCount: Number(row.sessionCount),
    assignedBy: row.assignedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function rowsByIds(db: Tx, ids: number[]): Promise<AssignedActivity[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows(db).where(inArray(assignedActivities.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toAssigned(row)] : [];
  });
}

const ORDER: Record<AssignmentOrder, SQL[]> = {
  date: [asc(assignedActivities.date), asc(assignedActivities.id)],
  "-date": [desc(assignedActivities.date), desc(assignedActivities.id)],
  name: [asc(activities.name), asc(assignedActivities.date), asc(assignedActivities.id)],
  "-name": [desc(activities.name), desc(assignedActivities.date), desc(assignedActivities.id)],
  duration: [asc(assignedActivities.duration), asc(assignedActivities.id)],
  "-duration": [desc(assignedActivities.duration), desc(assignedActivities.id)],
  created: [asc(assignedActivities.createdAt), asc(assignedActivities.id)],
  "-created": [desc(assignedActivities.createdAt), desc(assignedActivities.id)],
};

const flag = (column: PgColumn, value: boolean | undefined) => (value === undefined ? undefined : eq(column, value));

/**
 * One page of a patient's assignments, with the patient's check (exists, is a patient, in the
 * actor's scope; else 404) in the page's own statement. Only an empty page, which has no row to
 * carry the check, asks for it on its own.
 */
async function pagedRows(
  db: Tx,
  actor: Actor,
  patientId: string,
  where: SQL | undefined,
  order: SQL[],
  query: { page: number; rowsPerPage: number },
): Promise<Paged<AssignedActivity>> {
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(
    db,
    null,
    query,
    {
      // The filters' tables too: the nutrition filter reads activity categories and categories.
      tables: [assignedActivities, activities, activityCategories, categories],
      counted: db.select({ one: sql`1` }).from(assignedActivities).innerJoin(activities, eq(activities.id, assignedActivities.activityId)).where(where),
    },
    (pageTotal) =>
      db
        .select({ ...rowColumns, patientFound: patientFound(actor, patientId), pageTotal })
        .from(assignedActivities)
        .innerJoin(activities, eq(activities.id, assignedActivities.activityId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  await checkPagePatient(db, actor, patientId, page.data);
  return { ...page, data: page.data.map(toAssigned) };
}

/** `GET /api/assignActivityList/{id}/`: one patient's assignments, filtered, in pages (the screen appends each further page). */
export async function listAssignments(db: Db, actor: Actor, patientId: string, query: AssignmentListQuery): Promise<Paged<AssignedActivity>> {
  if (query.patient !== undefined && query.patient !== patientId) throw badRequest({ patient: ["Must be the patient of the path, or left out."] });
  const where = and(
    eq(assignedActivities.patientId, patientId),
    assignmentScope(actor),
    containsText(activities.name, query.q),
    query.from ? gte(assignedActivities.date, query.from) : undefined,
    query.to ? lte(assignedActivities.date, query.to) : undefined,
    flag(assignedActivities.done, query.done),
    flag(assignedActivities.favorite, query.favorite),
    flag(assignedActivities.activate, query.activate),
    query.activity ? eq(assignedActivities.activityId, query.activity) : undefined,
    nutritionFilter(db, assignedActivities.activityId, query.nutrition),
  );
  return pagedRows(db, actor, patientId, where, ORDER[query.order_by], query);
}

/** `GET /api/patientAssignActivities/{id}`: the patient's home list: active assignments only, soonest first. */
export async function listPatientAssignments(db: Db, actor: Actor, patientId: string, query: PatientAssignmentQuery): Promise<Paged<AssignedActivity>> {
  const where = and(
    eq(assignedActivities.patientId, patientId),
    assignmentScope(actor),
    eq(assignedActivities.activate, true),
    query.from ? gte(assignedActivities.date, query.from) : undefined,
    query.to ? lte(assignedActivities.date, query.to) : undefined,
    flag(assignedActivities.done, query.done),
    flag(assignedActivities.favorite, query.favorite),
  );
  return pagedRows(db, actor, patientId, where, ORDER.date, query);
}

/** `GET /api/assignActivity/{id}/`: one assignment, with what its activity shows (text, video, game build). */
export async function getAssignment(db: Db, actor: Actor, id: number): Promise<AssignedActivityDetail> {
  const [row] = await selectRows(db).where(and(eq(assignedActivities.id, id), assignmentScope(actor)));
  if (!row) throw notFound();
  const [content] = await db
    .select({
      description: activities.description,
      body: activities.body,
      gameBuildId: activities.gameBuildId,
      fileId: files.id,
      fileName: files.name,
      fileType: files.type,
      fileUrl: sql<string | null>`coalesce(${files.link}, '/api/uploads/' || ${files.uploadId}::text)`,
      fileMime: uploads.mime,
    })
    .from(activities)
    .leftJoin(files, eq(files.id, activities.fileId))
    .leftJoin(uploads, eq(uploads.id, files.uploadId))
    .where(eq(activities.id, row.activityId));
  const base = toAssigned(row);
  const type = base.activity.type;
  const gameBuildId = type === "game" ? (content?.gameBuildId ?? null) : null;
  return {
    ...base,
    activity: {
      ...base.activity,
      description: content?.description ?? "",
      // Only what the type plays, as the activity read answers it.
      videoUrl: type === "video" ? (content?.fileUrl ?? null) : null,
      file:
        content?.fileId != null && content.fileName !== null && content.fileUrl !== null
          ? { id: content.fileId, name: content.fileName, type: content.fileType as FileType, url: content.fileUrl, mime: content.fileMime }
          : null,
      gameBuildId,
      body: type === "text" ? (content?.body ?? null) : null,
    },
    gameLevel: gameBuildId ? await lastLevel(db, row.patientId, gameBuildId) : null,
  };
}

/** The patient's id of one assignment in the actor's scope (the subject of its audit record), or 404. */
export async function patientOfAssignment(db: Db, actor: Actor, id: number): Promise<string | null> {
  const [row] = await db
    .select({ patientId: assignedActivities.patientId })
    .from(assignedActivities)
    .where(and(eq(assignedActivities.id, id), assignmentScope(actor)));
  return row?.patientId ?? null;
}

// ---------------------------------------------------------------- writing

/**
 * Locks the assignments `ids` for a change, each in the actor's scope; one missing or
 * foreign id refuses the whole request (404), before anything is written.
 */
async function lockAssignments(tx: Tx, actor: Actor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(assignedActivities)
    .where(and(inArray(assignedActivities.id, ids), assignmentScope(actor)))
    .for("update");
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

/**
 * Locks the assignment a patient acts on (reply, favourite, done), which their app may send long
 * after it last saw it (the offline outbox): 404 when it does not exist, 403 when it is another
 * patient's, 409 `assignmentInactive` when the therapist has deactivated it meanwhile. Each
 * refusal comes before anything is written.
 */
async function lockOwnAssignment(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx.select().from(assignedActivities).where(eq(assignedActivities.id, id)).for("update");
  if (!row) throw notFound();
  if (row.patientId !== actor.id) throw forbidden(ASSIGNMENT_REFUSALS.notYourAssignment);
  if (!row.activate) throw codedConflict("assignmentInactive", ASSIGNMENT_REFUSALS.assignmentInactive);
  return row;
}

/**
 * Inserts patients × activities; answers the new ids in that order. `field` names the input
 * a 400 points at when an activity does not fit a patient's clinic.
 */
async function insertAssignments(
  tx: Tx,
  actor: Actor,
  patientIds: string[],
  activityIds: number[],
  fields: AssignFields,
  field = "activities",
): Promise<number[]> {
  const patients = await patientsInScope(tx, actor, patientIds);
  const found = await activitiesInScope(tx, actor, activityIds);
  const values = patientIds.flatMap((patientId) =>
    activityIds.map((activityId) => {
      assertActivityFitsPatient(found.get(activityId) as { name: string; clinicId: string | null }, patients.get(patientId) as ScopedPatient, field);
      return { patientId, activityId, assignedBy: actor.id, ...fields };
    }),
  );
  const inserted = await tx.insert(assignedActivities).values(values).returning({ id: assignedActivities.id });
  return inserted.map((row) => row.id);
}

/** The columns a change writes: `done` stamps when it was done; undoing it drops the stamp and the reported result. */
function changeColumns(changes: Changes) {
  const columns: Partial<typeof assignedActivities.$inferInsert> = {};
  if (changes.date !== undefined) columns.date = changes.date;
  if (changes.duration !== undefined) columns.duration = changes.duration;
  if (changes.description !== undefined) columns.description = changes.description;
  if (changes.activate !== undefined) columns.activate = changes.activate;
  if (changes.motion !== undefined) columns.motion = changes.motion;
  if (changes.favorite !== undefined) columns.favorite = changes.favorite;
  if (changes.done !== undefined) {
    columns.done = changes.done;
    if (!changes.done) {
      columns.doneAt = null;
      columns.result = null;
    }
  }
  return columns;
}

/** Applies `changes` to locked rows; a row newly done gets its done time. */
async function applyChanges(tx: Tx, rows: { id: number; done: boolean }[], changes: Changes): Promise<void> {
  if (rows.length === 0) return;
  const columns = changeColumns(changes);
  const ids = rows.map((row) => row.id);
  if (changes.done === true) {
    const newlyDone = rows.filter((row) => !row.done).map((row) => row.id);
    if (newlyDone.length > 0) await tx.update(assignedActivities).set({ doneAt: new Date() }).where(inArray(assignedActivities.id, newlyDone));
  }
  await tx.update(assignedActivities).set(columns).where(inArray(assignedActivities.id, ids));
}

/** Patients may mark their own assignments done or favourite, nothing else (spec §6, issue 4 §9). */
function assertPatientChanges(actor: Actor, changes: Changes): void {
  if (actor.role !== "patient") return;
  const others = (["date", "duration", "description", "activate", "motion"] as const).filter((key) => changes[key] !== undefined);
  if (others.length > 0) throw forbidden("Patients can only mark their activities done or favourite.");
}

/** `POST /api/assign-unassign-activities/`: assign, update and unassign in one transaction; any refusal writes nothing. */
export async function bulkAssignments(db: Db, actor: Actor, input: z.output<typeof bulkAssignmentSchema>, notifier?: Notifier): Promise<BulkAssignmentResult> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Tx;
    // Lock and check every named assignment first: a foreign id stops the request before any insert.
    const toUpdate = await lockAssignments(txDb, actor, input.update?.ids ?? []);
    const toRemove = await lockAssignments(txDb, actor, input.unassign);
    const created = input.assign
      ? await insertAssignments(txDb, actor, input.assign.patients, input.assign.activities, {
          date: input.assign.date,
          duration: input.assign.duration,
          description: input.assign.description,
          activate: input.assign.activate,
          motion: input.assign.motion,
        })
      : [];
    if (input.update) {
      const { ids: _ids, ...changes } = input.update;
      await applyChanges(txDb, toUpdate, changes);
    }
    if (toRemove.length > 0) await tx.delete(assignedActivities).where(inArray(assignedActivities.id, input.unassign));
    await noticeActivitiesAssigned(txDb, notifier, actor.id, created);
    return { data: await rowsByIds(txDb, [...created, ...toUpdate.map((row) => row.id)]), unassigned: input.unassign };
  });
}

/** `POST /api/patients-activities/{id}`: activities for one patient, in one transaction. */
export async function assignToPatient(
  db: Db,
  actor: Actor,
  patientId: string,
  input: z.output<typeof patientActivitiesInputSchema>,
  notifier?: Notifier,
): Promise<{ data: AssignedActivity[] }> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Tx;
    const { activities: activityIds, ...fields } = input;
    const created = await insertAssignments(txDb, actor, [patientId], activityIds, fields);
    await noticeActivitiesAssigned(txDb, notifier, actor.id, created);
    return { data: await rowsByIds(txDb, created) };
  });
}

/** `PUT /api/assignActivity/{id}`: staff change any field; a patient only done and favorite of their own. */
export async function updateAssignment(db: Db, actor: Actor, id: number, changes: Changes): Promise<AssignedActivity> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Tx;
    const rows = actor.role === "patient" ? [await lockOwnAssignment(txDb, actor, id)] : await lockAssignments(txDb, actor, [id]);
    assertPatientChanges(actor, changes);
    await applyChanges(txDb, rows, changes);
    return (await rowsByIds(txDb, [id]))[0] as AssignedActivity;
  });
}

/**
 * `POST /api/assignActivity/{id}` ("replicate and update"): copies the assignment to another
 * date and/or patient, with the changes given; the copy starts not done and not favourite.
 * The target patient must be in the actor's scope and able to see the activity.
 */
export async function replicateAssignment(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<typeof assignmentReplicateSchema>,
  notifier?: Notifier,
): Promise<AssignedActivity> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Tx;
    const [source] = await lockAssignments(txDb, actor, [id]);
    if (!source) throw notFound();
    const patientId = input.patient ?? source.patientId;
    const created = await insertAssignments(
      txDb,
      actor,
      [patientId],
      [source.activityId],
      {
        date: input.date ?? source.date,
        duration: input.duration ?? source.duration,
        description: input.description ?? source.description,
        activate: input.activate ?? source.activate,
        motion: input.motion ?? source.motion,
      },
      "patient",
    );
    await noticeActivitiesAssigned(txDb, notifier, actor.id, created);
    return (await rowsByIds(txDb, created))[0] as AssignedActivity;
  });
}

/**
 * `POST /api/replyActivity/`: the patient reports their assignment done, with its result
 * (a game's score and time, a note). Only the patient themself replies; a new reply replaces
 * the previous result.
 */
export async function replyActivity(db: Db, actor: Actor, input: z.output<typeof replyActivitySchema>, notifier?: Notifier): Promise<AssignedActivity> {
  if (actor.role !== "patient") throw forbidden("Only the patient reports their activity done.");
  let storedGameResult = false;
  const replied = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Tx;
    const row = await lockOwnAssignment(txDb, actor, input.id);
    const [activity] = await tx
      .select({ type: activities.type, gameBuildId: activities.gameBuildId, fileId: files.id, fileType: files.type })
      .from(activities)
      .leftJoin(files, eq(files.id, activities.fileId))
      .where(eq(activities.id, row.activityId));
    let result: Record<string, unknown> = input.result;
    if (activity?.type === "game") {
      if (!input.game) throw badRequest({ game: ["A game sends its played session."] });
      // A game of an uploaded bundle: its sessions are stored under the bundle's own build id.
      const bundleFileId = !activity.gameBuildId && activity.fileType === "Game" ? activity.fileId : null;
      const recorded = await recordGameSession(txDb, row, bundleFileId ? { bundleFileId } : { buildId: activity.gameBuildId }, input.game);
      // A retried send of a session already stored: answer as the first time, write nothing.
      if (recorded.replayed) return (await rowsByIds(txDb, [input.id]))[0] as AssignedActivity;
      storedGameResult = true;
      result = { ...input.result, ...recorded.summary };
    } else if (input.game) {
      throw badRequest({ game: ["Only a game activity sends a played session."] });
    }
    await tx
      .update(assignedActivities)
      .set({ done: true, doneAt: row.doneAt ?? new Date(), result })
      .where(eq(assignedActivities.id, input.id));
    await noticeActivityResult(txDb, notifier, input.id);
    return (await rowsByIds(txDb, [input.id]))[0] as AssignedActivity;
  });
  // Counted once committed: a rolled-back reply stored nothing.
  if (storedGameResult) metricsOf(db)?.gameResultsStored.inc();
  return replied;
}
