import {
  ACCESS_LOG_DAYS,
  AUDIT_MESSAGES,
  type AccessLogEntry,
  type AccessLogQuery,
  type AuditFilters,
  type AuditOutcome,
  type AuditQuery,
  type AuditRecord,
  roleOf,
} from "@clinic/shared";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { auditEvents, users } from "../../db/schema.ts";
import { type Actor, userScope } from "../../platform/access.ts";
import { badRequest, forbidden, notFound } from "../../platform/errors.ts";
import { pageOf } from "../../platform/paging.ts";

/**
 * The audit trail as people read it (issue 33.2). Admins read every record; a clinic account
 * the records whose actor or person concerned is the clinic itself or one of its people
 * (users.clinic_id), never another clinic's; therapists and patients only their own access log.
 */

const actorUser = alias(users, "actor_user");
const subjectUser = alias(users, "subject_user");
type UserAlias = typeof actorUser | typeof subjectUser;

const nameOf = (table: UserAlias) => sql<string | null>`coalesce(nullif(trim(${table.nombres} || ' ' || ${table.apellidos}), ''), ${table.email})`;
/** The groups in order, for roleOf (the first built-in group gives the role). */
const groupsOf = (table: UserAlias) =>
  sql<
    number[] | null
  >`case when ${table.id} is not null then array(select ug.group_id from user_groups ug where ug.user_id = ${table.id} order by ug.position, ug.group_id) end`;

/** The audit screen is for admins and clinic accounts. */
export function assertAuditReader(actor: Actor): void {
  if (actor.role !== "admin" && actor.role !== "clinic") throw forbidden();
}

/** Records whose actor or person concerned is one of the reader's people (platform/access.ts userScope: a clinic and its users; an admin everyone). */
function recordScope(actor: Actor): SQL {
  if (actor.isAdmin) return sql`true`;
  const people = sql`(select ${users.id} from ${users} where ${userScope(actor)})`;
  return sql`(${auditEvents.actorId} in ${people} or ${auditEvents.subjectUserId} in ${people})`;
}

/**
 * The people a filter names must exist (400 on the field otherwise) and, for a clinic, be its
 * own: another clinic's person is a 404 that tells nothing, not even whether records exist.
 * One statement, and none without such a filter.
 */
async function checkPeopleFilters(db: Db, reader: Actor, filters: Pick<AuditFilters, "actor" | "subject">): Promise<void> {
  const named = (["actor", "subject"] as const).filter((field) => filters[field] !== undefined);
  if (named.length === 0) return;
  const ids = [...new Set(named.map((field) => filters[field] as string))];
  const found = await db.execute<{ id: string; in_scope: boolean }>(
    sql`select ${users.id}, ${userScope(reader)} as in_scope
        from ${users} where ${users.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const byId = new Map(found.rows.map((row) => [row.id, row.in_scope]));
  const unknown = named.filter((field) => !byId.has(filters[field] as string));
  if (unknown.length > 0) throw badRequest(Object.fromEntries(unknown.map((field) => [field, [AUDIT_MESSAGES.unknownUser]])));
  if (named.some((field) => !byId.get(filters[field] as string))) throw notFound();
}

/** `%` and `_` in an action are literal. */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, "\\$&")}%`;

function filterWhere(reader: Actor, filters: AuditFilters): SQL {
  const conditions: (SQL | undefined)[] = [
    recordScope(reader),
    filters.actor ? eq(auditEvents.actorId, filters.actor) : undefined,
    filters.subject ? eq(auditEvents.subjectUserId, filters.subject) : undefined,
    filters.action ? sql`${auditEvents.action} like ${likePrefix(filters.action)}` : undefined,
    filters.outcome ? eq(auditEvents.outcome, filters.outcome) : undefined,
    // UTC days, as the chain counts them; bounds on created_at so its index serves the range.
    filters.since ? sql`${auditEvents.createdAt} >= ${filters.since}::timestamp at time zone 'UTC'` : undefined,
    filters.to ? sql`${auditEvents.createdAt} < (${filters.to}::date + 1)::timestamp at time zone 'UTC'` : undefined,
  ];
  return and(...conditions) as SQL;
}

const recordColumns = {
  id: auditEvents.id,
  createdAt: auditEvents.createdAt,
  action: auditEvents.action,
  outcome: auditEvents.outcome,
  ip: auditEvents.ip,
  detail: auditEvents.detail,
  actorId: auditEvents.actorId,
  actorName: nameOf(actorUser),
  actorIsAdmin: actorUser.isAdmin,
  actorGroups: groupsOf(actorUser),
  subjectId: auditEvents.subjectUserId,
  subjectName: nameOf(subjectUser),
};

type RecordRow = {
  id: number;
  createdAt: Date;
  action: string;
  outcome: string;
  ip: string | null;
  detail: Record<string, unknown> | null;
  actorId: string | null;
  actorName: string | null;
  actorIsAdmin: boolean | null;
  actorGroups: number[] | null;
  subjectId: string | null;
  subjectName: string | null;
};

const roleOfRow = (isAdmin: boolean | null, groups: number[] | null) =>
  isAdmin === null || groups === null ? null : roleOf({ isAdmin, groups: groups.map(Number) });

function recordOf(row: RecordRow): AuditRecord {
  return {
    id: Number(row.id),
    at: new Date(row.createdAt).toISOString(),
    action: row.action,
    outcome: row.outcome as AuditOutcome,
    actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName, role: roleOfRow(row.actorIsAdmin, row.actorGroups) },
    subject: row.subjectId === null ? null : { id: row.subjectId, name: row.subjectName },
    ip: row.ip,
    detail: row.detail,
  };
}

function recordsOf(db: Db, where: SQL) {
  return db
    .select(recordColumns)
    .from(auditEvents)
    .leftJoin(actorUser, eq(actorUser.id, auditEvents.actorId))
    .leftJoin(subjectUser, eq(subjectUser.id, auditEvents.subjectUserId))
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
}

/** One page of the audit screen, newest first: the people check (when filtered) and one statement. */
export async function listAudit(db: Db, reader: Actor, query: AuditQuery) {
  assertAuditReader(reader);
  const { page, rowsPerPage, ...filters } = query;
  await checkPeopleFilters(db, reader, filters);
  const where = filterWhere(reader, filters);
  const found = await pageOf(
    db,
    reader,
    { page, rowsPerPage },
    {
      tables: [auditEvents, users],
      counted: db.select({ one: sql`1` }).from(auditEvents).where(where).orderBy(desc(auditEvents.createdAt)),
    },
    (pageTotal) =>
      db
        .select({ ...recordColumns, pageTotal })
        .from(auditEvents)
        .leftJoin(actorUser, eq(actorUser.id, auditEvents.actorId))
        .leftJoin(subjectUser, eq(subjectUser.id, auditEvents.subjectUserId))
        .where(where)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(rowsPerPage)
        .offset((page - 1) * rowsPerPage),
  );
  return { ...found, data: found.data.map((row) => recordOf(row as RecordRow)) };
}

/** Every record of a filter, newest first, up to `maxRows`: the export's rows. */
export async function exportAudit(db: Db, reader: Actor, filters: AuditFilters, maxRows: number): Promise<AuditRecord[]> {
  assertAuditReader(reader);
  await checkPeopleFilters(db, reader, filters);
  const rows = await recordsOf(db, filterWhere(reader, filters)).limit(maxRows);
  return rows.map((row) => recordOf(row as RecordRow));
}

/**
 * Whose access log a caller may read: their own always; an admin anyone's; a clinic its own
 * people's. Anyone else's is a 404 that tells nothing (not whether the person exists).
 */
async function accessLogOwner(db: Db, reader: Actor, patient: string | undefined): Promise<string> {
  if (patient === undefined || patient === reader.id) return reader.id;
  if (reader.role !== "admin" && reader.role !== "clinic") throw notFound();
  const found = await db.execute<{ id: string }>(
    sql`select u.id from users u where u.id = ${patient} and ${reader.isAdmin ? sql`true` : sql`u.clinic_id = ${reader.id}`}`,
  );
  if (found.rows.length === 0) throw notFound();
  return patient;
}

/**
 * "Who has looked at my record": what other people did with the person's data in the last
 * ACCESS_LOG_DAYS days, newest first. Left out: the person's own actions, technical jobs (no
 * actor), refusals (nothing was shown) and reads of the audit trail itself, so that reading
 * this log does not fill it.
 */
export async function accessLog(db: Db, reader: Actor, query: AccessLogQuery) {
  const owner = await accessLogOwner(db, reader, query.patient);
  const { page, rowsPerPage } = query;
  const where = and(
    eq(auditEvents.subjectUserId, owner),
    sql`${auditEvents.createdAt} >= now() - make_interval(days => ${ACCESS_LOG_DAYS})`,
    sql`${auditEvents.actorId} is not null`,
    sql`${auditEvents.actorId} <> ${owner}`,
    eq(auditEvents.outcome, "ok"),
    sql`${auditEvents.action} not like 'audit.%'`,
  ) as SQL;
  const found = await pageOf(
    db,
    reader,
    { page, rowsPerPage },
    { tables: [auditEvents, users], counted: db.select({ one: sql`1` }).from(auditEvents).where(where).orderBy(desc(auditEvents.createdAt)) },
    (pageTotal) =>
      db
        .select({
          id: auditEvents.id,
          createdAt: auditEvents.createdAt,
          action: auditEvents.action,
          actorName: nameOf(actorUser),
          actorIsAdmin: actorUser.isAdmin,
          actorGroups: groupsOf(actorUser),
          pageTotal,
        })
        .from(auditEvents)
        .leftJoin(actorUser, eq(actorUser.id, auditEvents.actorId))
        .where(where)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(rowsPerPage)
        .offset((page - 1) * rowsPerPage),
  );
  const data: AccessLogEntry[] = found.data.map((row) => ({
    id: Number(row.id),
    at: new Date(row.createdAt).toISOString(),
    action: row.action,
    actor: { name: row.actorName, role: roleOfRow(row.actorIsAdmin, row.actorGroups) },
  }));
  return { ...found, data };
}
