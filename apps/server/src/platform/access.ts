import { type FeatureFlag, GROUP, type Permission, type Role, roleOf } from "@clinic/shared";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { badRequest, forbidden, notFound, unauthorized } from "./errors.ts";

/** The signed-in user as every permission and scope check sees it. */
export interface Actor {
  id: string;
  email: string;
  nombres: string;
  apellidos: string;
  identification: string;
  twoFactorEnabled: boolean;
  isAdmin: boolean;
  isActive: boolean;
  clinicId: string | null;
  language: string;
  /** The shell's theme the user chose in Config (spec §9). */
  theme: string;
  groups: number[];
  permissions: ReadonlySet<string>;
  role: Role;
  /**
   * The versions of the tables list pages are kept against, as the identity statement saw them
   * (`name version` pairs; platform/page-cache.ts). Absent where no statement read them.
   */
  tableVersions?: string;
  /**
   * What decides orderData.isActivated (issue 16, modules/clinic/billing/gating.ts): the last day
   * of the user's clinic's unbroken run of paid periods that has started, counting the periods
   * already paid that follow it (YYYY-MM-DD, null: none started; paidThroughSql), and when that
   * clinic's account was made (its trial runs from then).
   */
  clinicPaidUntil: string | null;
  clinicSince: Date | null;
}

/** What the actor's columns answer, one row per user (ACTOR_COLUMNS). */
export interface ActorRow {
  id: string;
  email: string;
  nombres: string;
  apellidos: string;
  identification: string;
  two_factor_enabled: boolean;
  is_admin: boolean;
  is_active: boolean;
  clinic_id: string | null;
  language: string;
  theme: string;
  groups: number[];
  permissions: string[];
  clinic_paid_until: string | null;
  clinic_since: Date | string | null;
  /** Only where TABLE_VERSIONS_COLUMN was selected. */
  table_versions?: string | null;
}

/**
 * SQL for the last day a holder's memberships cover without a break from the one running on
 * `day` (or, when none runs, the last that ran): the end of the latest started period, carried
 * through every period that starts by the day after the previous one ends, started or not, so
 * a renewal paid early counts (issue 33). That is the earliest period end, from the latest
 * started one's on, whose next day no period covers. Null when no period has started: a period
 * paid ahead with nothing before it gives no access yet. `holder` and `day` are SQL expressions.
 */
export function paidThroughSql(holder: string, day: string): string {
  return `(select min(b.to_date) from assigned_memberships b
        where b.user_id = ${holder}
          and b.to_date >= (select max(s.to_date) from assigned_memberships s where s.user_id = ${holder} and s.from_date <= ${day})
          and not exists (select 1 from assigned_memberships c
            where c.user_id = ${holder} and c.from_date <= b.to_date + 1 and c.to_date > b.to_date))`;
}

/**
 * The user's profile, groups in order, and the union of group and user permissions, over a
 * `users u` in the FROM clause: loadActor selects them alone, the session lookup beside the
 * session's own columns (session-identity.ts), so a request's identity is one statement.
 * Written as array(subquery) with the permissions filtered by two EXISTS: PostgreSQL runs it in
 * about two thirds of the time array_agg over a UNION took, and a tenth faster than a semi-join
 * over a UNION ALL (the statement runs on every request). The last two columns are what
 * billing's gating reads (orderData.isActivated): a few index lookups over the clinic's handful
 * of periods, skipped for admins, who are never gated.
 */
export const ACTOR_COLUMNS = `u.id, u.email, u.nombres, u.apellidos, u.identification, u.two_factor_enabled, u.is_admin, u.is_active, u.clinic_id, u.language, u.theme,
      array(select ug.group_id from user_groups ug where ug.user_id = u.id order by ug.position, ug.group_id) as groups,
      array(select p.codename from permissions p
            where exists (select 1 from user_groups ug join group_permissions gp on gp.group_id = ug.group_id where ug.user_id = u.id and gp.permission_id = p.id)
              or exists (select 1 from user_permissions up where up.user_id = u.id and up.permission_id = p.id)) as permissions,
      case when not u.is_admin then ${paidThroughSql("coalesce(u.clinic_id, u.id)", "current_date")}::text end as clinic_paid_until,
      case when not u.is_admin then (select c.created_at from users c where c.id = coalesce(u.clinic_id, u.id)) end as clinic_since`;

/**
 * The versions of the tables kept answers depend on (platform/page-cache.ts), as `name version`
 * pairs: read beside the actor only by the routes that keep answers (their `keptAnswer` config),
 * since it costs the statement about a fifth of its time.
 */
export const TABLE_VERSIONS_COLUMN = "(select string_agg(tv.name || ' ' || tv.version, ' ') from table_versions tv) as table_versions";

export function actorOf(row: ActorRow): Actor {
  const groups = row.groups.map(Number);
  return {
    id: row.id,
    email: row.email,
    nombres: row.nombres,
    apellidos: row.apellidos,
    identification: row.identification,
    twoFactorEnabled: row.two_factor_enabled,
    isAdmin: row.is_admin,
    isActive: row.is_active,
    clinicId: row.clinic_id,
    language: row.language,
    theme: row.theme,
    groups,
    permissions: new Set(row.permissions),
    role: roleOf({ isAdmin: row.is_admin, groups }),
    tableVersions: row.table_versions ?? undefined,
    clinicPaidUntil: row.clinic_paid_until,
    clinicSince: row.clinic_since === null ? null : new Date(row.clinic_since),
  };
}

/** One query: the actor of a user id (requests get theirs with the session, in session-identity.ts). */
export async function loadActor(db: Db, userId: string): Promise<Actor | null> {
  const result = await db.execute<ActorRow & Record<string, unknown>>(sql`select ${sql.raw(ACTOR_COLUMNS)} from users u where u.id = ${userId}`);
  const row = result.rows[0];
  return row ? actorOf(row) : null;
}

/** "May this user do X": admins may do everything, others need the codename. */
export function can(actor: Actor | null, ...codenames: Permission[]): boolean {
  if (!actor) return false;
  if (actor.isAdmin) return true;
  return codenames.some((codename) => actor.permissions.has(codename));
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export const requireAuth: preValidationAsyncHookHandler = async (request) => {
  requireActor(request);
};

/** Guard: signed in and holding at least one of `codenames` (admins pass). */
export function requirePermission(...codenames: Permission[]): preValidationAsyncHookHandler {
  return async (request) => {
    if (!can(requireActor(request), ...codenames)) throw forbidden();
  };
}

export const requireAdmin: preValidationAsyncHookHandler = async (request) => {
  if (!requireActor(request).isAdmin) throw forbidden();
};

/** Guard: a switched-off module answers 404, whoever asks. */
export function requireModule(flag: FeatureFlag): preValidationAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (!(await request.server.flags.isEnabled(flag))) throw notFound();
  };
}

/**
 * Object scope of spec §6 over the users table: a patient sees only themself, a therapist
 * their patients, a clinic its therapists and patients, an admin everyone.
 */
export function userScope(actor: Actor): SQL {
  switch (actor.role) {
    case "admin":
      return sql`true`;
    case "clinic":
      return sql`(${users.id} = ${actor.id} or ${users.clinicId} = ${actor.id})`;
    case "therapist":
      return sql`(${users.id} = ${actor.id} or ${users.id} in (select patient_id from care_team where therapist_id = ${actor.id}))`;
    case "patient":
      return sql`${users.id} = ${actor.id}`;
  }
}

/** The same scope for any record that belongs to a patient, through its patient column. */
export function patientScope(actor: Actor, patientColumn: SQLWrapper): SQL {
  switch (actor.role) {
    case "admin":
      return sql`true`;
    case "clinic":
      return sql`${patientColumn} in (select id from users where clinic_id = ${actor.id})`;
    case "therapist":
      return sql`${patientColumn} in (select patient_id from care_team where therapist_id = ${actor.id})`;
    case "patient":
      return sql`${patientColumn} = ${actor.id}`;
  }
}

/** Refuses (403) a user outside the actor's scope, and answers 404 for one that does not exist. */
export async function assertUserInScope(db: Db, actor: Actor, userId: string): Promise<void> {
  if (actor.id === userId || actor.isAdmin) {
    const exists = await db.execute(sql`select 1 from users where id = ${userId}`);
    if (exists.rows.length === 0) throw notFound();
    return;
  }
  const result = await db.execute<{ in_scope: boolean }>(sql`select ${userScope(actor)} as in_scope from users where ${users.id} = ${userId}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  if (!row.in_scope) throw forbidden();
}

/** The clinic a staff member works in (a clinic account is its own clinic); none for admins. */
export function clinicOf(actor: Actor): string | null {
  if (actor.isAdmin) return null;
  return actor.role === "clinic" ? actor.id : actor.clinicId;
}

/**
 * The rows of a business module's `clinicColumn` the actor manages: an admin every clinic's,
 * staff their own clinic's (the booking app, the CRM).
 */
export function managedBy(actor: Actor, clinicColumn: SQLWrapper): SQL {
  if (actor.isAdmin) return sql`true`;
  const clinic = clinicOf(actor);
  return clinic === null ? sql`false` : sql`${clinicColumn} = ${clinic}`;
}

/**
 * The clinic a clinic-wide call works on: staff their own (404 without one); an admin the one
 * they name, a field error `clinicId: [needed]` when they name none, 404 for no such clinic.
 */
export async function clinicForCall(db: Db, actor: Actor, named: string | undefined, needed: string): Promise<string> {
  if (!actor.isAdmin) {
    const clinic = clinicOf(actor);
    if (clinic === null) throw notFound();
    return clinic;
  }
  if (named === undefined) throw badRequest({ clinicId: [needed] });
  const found = await db.execute(sql`select 1 from users u join user_groups g on g.user_id = u.id and g.group_id = ${GROUP.clinic} where u.id = ${named}`);
  if (found.rows.length === 0) throw notFound("No such clinic.");
  return named;
}

/**
 * Read scope of catalogue rows (categories, recommendations, activities, files): the
 * platform's rows (no clinic) and the actor's own clinic's. Patients read catalogue rows
 * only through what is assigned to them, so the catalogue itself shows them none.
 */
export function catalogueScope(actor: Actor, clinicColumn: SQLWrapper): SQL {
  if (actor.isAdmin) return sql`true`;
  const clinic = clinicOf(actor);
  if (actor.role === "patient" || !clinic) return sql`false`;
  return sql`(${clinicColumn} is null or ${clinicColumn} = ${clinic})`;
}

/** Admins change any catalogue row; staff only their own clinic's, never the platform's. */
export function canChangeCatalogueRow(actor: Actor, rowClinicId: string | null): boolean {
  if (actor.isAdmin) return true;
  return rowClinicId !== null && rowClinicId === clinicOf(actor);
}

/** The owner a new catalogue row gets: the platform for admins, else the actor's clinic (403 without one). */
export function catalogueOwnerFor(actor: Actor): string | null {
  if (actor.isAdmin) return null;
  const clinic = clinicOf(actor);
  if (!clinic || actor.role === "patient") throw forbidden("Only clinic staff can add to the catalogue.");
  return clinic;
}

/**
 * The checks on one catalogue row, once loaded: 404 when it does not exist, 403 when it is
 * another clinic's (or, to change it, the platform's and the actor is not an admin).
 */
export function assertCatalogueAccess<T extends { clinicId: string | null }>(actor: Actor, row: T | undefined, intent: "read" | "change"): T {
  if (!row) throw notFound();
  const readable = actor.isAdmin || (actor.role !== "patient" && (row.clinicId === null || row.clinicId === clinicOf(actor)));
  if (!readable) throw forbidden();
  if (intent === "change" && !canChangeCatalogueRow(actor, row.clinicId)) throw forbidden("This entry belongs to the platform or another clinic.");
  return row;
}
