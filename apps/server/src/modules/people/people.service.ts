import { type GroupId, type Language, type PageQuery, type Paged, type Role, roleOf } from "@clinic/shared";
import { asc, eq, or, type SQL, sql, type Table } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { sessions, userGroups, users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from "../../platform/errors.ts";
import type { MailOutcome } from "../../platform/mail.ts";
import { containsText, type PageRows, type PageTotal, pageOf, pageWindow } from "../../platform/paging.ts";
import { assertSeatAvailable, type Seat } from "../clinic/memberships/seats.ts";
import { type NewUser, insertUser } from "../accounts/users.service.ts";
import { inviterOf, revokeInvitations, sendInvitation, storeInvitation } from "./invitations.ts";

/** A user as the people screens judge them: role, clinic, state. */
export interface Person {
  id: string;
  email: string;
  name: string;
  nombres: string;
  apellidos: string;
  language: Language;
  isActive: boolean;
  isAdmin: boolean;
  clinicId: string | null;
  role: Role;
  /** Has chosen a password (no invitation pending). */
  hasPassword: boolean;
}

/**
 * The outer query's `users` row, named in full inside subqueries: drizzle writes a lone table's
 * columns unqualified ("id"), which a subquery would read as a column of its own tables.
 */
export const outerUserId = sql.raw(`"users"."id"`);
const outerClinicId = sql.raw(`"users"."clinic_id"`);

/** The group a user's role comes from (their first built-in group: custom ones never give a role), as SQL over the outer `users` row. */
export const roleGroupOf = sql<
  number | null
>`(select ug.group_id from user_groups ug where ug.user_id = ${outerUserId} and ug.group_id in (1, 2, 3) order by ug.position, ug.group_id limit 1)`;
/** The user has no password yet: the invitation to choose one is still open. */
export const invitationPendingOf = sql<boolean>`not exists (select 1 from accounts a where a.user_id = ${outerUserId} and a.provider_id = 'credential' and a.password is not null)`;
/** The name of the user's clinic account. */
export const clinicNameOf = sql<string | null>`(select c.name from users c where c.id = ${outerClinicId})`;
/** Users whose role is that of `group` (admins have no group). */
export const hasRole = (group: GroupId): SQL => sql`(not ${users.isAdmin} and ${roleGroupOf} = ${group})`;

/** The columns every person row shows, for `db.select(...)`. */
export const personColumns = {
  id: users.id,
  email: users.email,
  nombres: users.nombres,
  apellidos: users.apellidos,
  identification: users.identification,
  language: users.language,
  isActive: users.isActive,
  invitationPending: invitationPendingOf,
  createdAt: users.createdAt,
};

export function personRow<T extends { language: string; createdAt: Date }>(row: T) {
  return { ...row, language: row.language as Language, createdAt: row.createdAt.toISOString() };
}

/** The columns of someone who belongs to a clinic (a therapist, a patient). */
export const clinicPersonColumns = { ...personColumns, clinicId: users.clinicId, clinicName: clinicNameOf };

/** The filters the clinic's people lists share: its clinic, its state, and the search text over `searchIn`. */
export function personFilters(query: { q?: string; active?: boolean; clinic?: string }, searchIn: PgColumn[]): (SQL | undefined)[] {
  return [
    query.clinic ? eq(users.clinicId, query.clinic) : undefined,
    query.q ? or(...searchIn.map((column) => containsText(column, query.q))) : undefined,
    query.active !== undefined ? eq(users.isActive, query.active) : undefined,
  ];
}

/**
 * One page of `select(pageTotal)` (a dynamic select from `users` with `pageTotal` among its
 * columns) matching `where`, by surnames then names, with its total, in one statement
 * (platform/paging.ts). `tables` are those `where` reads besides users and user_groups.
 */
export async function pageOfPeople<T extends PgSelect>(
  db: Db,
  select: (pageTotal: PageTotal) => T,
  where: SQL | undefined,
  query: PageQuery,
  tables: Table[] = [],
): Promise<Paged<Omit<T["_"]["result"][number], "pageTotal">>> {
  const { limit, offset } = pageWindow(query);
  const order = [asc(users.apellidos), asc(users.nombres), asc(users.id)];
  return pageOf(
    db,
    null,
    query,
    { tables: [users, userGroups, ...tables], counted: db.select({ one: sql`1` }).from(users).where(where) },
    (pageTotal) =>
      select(pageTotal)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset) as unknown as PageRows<T["_"]["result"][number] & { pageTotal: number | null }>,
  );
}

/**
 * Saves the edited fields of a therapist or patient, `name` kept in step with the names, the
 * email checked free; `more` runs in the same transaction (a patient's care team).
 */
export async function savePerson(
  db: Db,
  id: string,
  fields: Omit<Partial<typeof users.$inferInsert>, "name"> & { email: string; nombres: string; apellidos: string },
  more?: (tx: Db) => Promise<void>,
): Promise<void> {
  await withEmailCheck(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, fields.email, id);
      await tx
        .update(users)
        .set({ ...fields, name: `${fields.nombres} ${fields.apellidos}`.trim() })
        .where(eq(users.id, id));
      await more?.(tx);
    }),
  );
}

export async function loadPerson(db: Db, id: string): Promise<Person | null> {
  const result = await db.execute<{
    id: string;
    email: string;
    name: string;
    nombres: string;
    apellidos: string;
    language: string;
    is_active: boolean;
    is_admin: boolean;
    clinic_id: string | null;
    groups: number[];
    has_password: boolean;
  }>(sql`
    select u.id, u.email, u.name, u.nombres, u.apellidos, u.language, u.is_active, u.is_admin, u.clinic_id,
      coalesce((select array_agg(ug.group_id order by ug.position, ug.group_id) from user_groups ug where ug.user_id = u.id), '{}') as groups,
      exists (select 1 from accounts a where a.user_id = u.id and a.provider_id = 'credential' and a.password is not null) as has_password
    from users u where u.id = ${id}`);
  const row = result.rows[0];
  if (!row) return null;
  const groups = row.groups.map(Number);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    nombres: row.nombres,
    apellidos: row.apellidos,
    language: row.language === "es" ? "es" : "en",
    isActive: row.is_active,
    isAdmin: row.is_admin,
    clinicId: row.clinic_id,
    role: roleOf({ isAdmin: row.is_admin, groups }),
    hasPassword: row.has_password,
  };
}

async function treats(db: Db, therapistId: string, patientId: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from care_team where therapist_id = ${therapistId} and patient_id = ${patientId}`);
  return result.rows.length > 0;
}

/**
 * What the actor may do with someone on the people screens:
 * - `read`: admins everyone; a clinic its therapists and patients; a therapist its clinic's
 *   team (read-only) and the patients in its care;
 * - `change` (edit, resend the invitation): the same, without a therapist's colleagues;
 * - `activate` (deactivate, reactivate): admins and clinics only, never oneself.
 * Someone outside the actor's scope is answered 404, exactly like someone who does not exist,
 * so a refusal reveals nothing; a visible row the actor may not change is a 403.
 */
export async function assertManaged(db: Db, actor: Actor, id: string, intent: "read" | "change" | "activate"): Promise<Person> {
  const person = await loadPerson(db, id);
  if (!person) throw notFound();
  if (intent === "activate" && person.id === actor.id) throw badRequest("You cannot deactivate or reactivate your own account.");
  if (actor.isAdmin) return person;
  const ownPeople = person.role === "therapist" || person.role === "patient";
  if (actor.role === "clinic") {
    if (!ownPeople || person.clinicId !== actor.id) throw notFound();
    return person;
  }
  if (actor.role === "therapist") {
    const colleague = person.role === "therapist" && actor.clinicId !== null && person.clinicId === actor.clinicId;
    const patient = person.role === "patient" && (await treats(db, actor.id, person.id));
    if (!colleague && !patient) throw notFound();
    if (intent === "activate" || (intent === "change" && !patient)) throw forbidden();
    return person;
  }
  throw notFound();
}

/** An export larger than the setting allows: narrowing the filter makes it fit. */
export const tooManyToExport = (maxRows: number) =>
  badRequest(`The list has more than ${maxRows} rows, too many for one file. Narrow it with the search or the filters, then export again.`);

/** A patient asking is refused outright (403): none of the people screens are theirs. */
export function assertStaff(actor: Actor): void {
  if (!actor.isAdmin && actor.role === "patient") throw forbidden();
}

/** 400 on `email` when another account already uses the address. */
export async function assertEmailFree(db: Db, email: string, exceptId?: string): Promise<void> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (row && row.id !== exceptId) throw emailTaken();
}

const emailTaken = () => badRequest({ email: ["This email address is already used by another account."] });

/** Runs `work`; a unique-email violation that slipped past `assertEmailFree` (a race) is the same 400. */
export async function withEmailCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, "email")) throw emailTaken();
    throw error;
  }
}

/**
 * Takes one seat of the clinic's membership for a new or reactivated therapist or patient
 * (409 with the limit when none is left). The clinic's row is locked first, so two adds in
 * parallel cannot both take the last seat. Inside the caller's transaction.
 */
export async function takeSeat(tx: Db, clinicId: string, seat: Seat): Promise<void> {
  await tx.execute(sql`select id from users where id = ${clinicId} for update`);
  await assertSeatAvailable(tx, clinicId, seat);
}

/** The seat a person of this role holds in their clinic, if any. */
export function seatOf(person: Pick<Person, "role" | "clinicId">): Seat | null {
  if (!person.clinicId) return null;
  if (person.role === "therapist") return "therapist";
  if (person.role === "patient") return "patient";
  return null;
}

/**
 * Deactivates or reactivates an account. Deactivating ends its sessions at once and revokes
 * open invitations (the per-request check would refuse them anyway; this leaves nothing
 * behind). Reactivating a therapist or patient takes a seat of their clinic again.
 */
export async function setActive(db: Db, actor: Actor, id: string, isActive: boolean): Promise<{ id: string; isActive: boolean }> {
  const person = await assertManaged(db, actor, id, "activate");
  if (person.isActive === isActive) return { id, isActive };
  await db.transaction(async (tx) => {
    const seat = seatOf(person);
    if (isActive && seat && person.clinicId) await takeSeat(tx, person.clinicId, seat);
    const [row] = await tx.update(users).set({ isActive }).where(eq(users.id, id)).returning({ isActive: users.isActive });
    if (!row) throw notFound();
    if (!isActive) {
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await revokeInvitations(tx, id);
    }
  });
  return { id, isActive };
}

/** The clinic account named by an admin for a new therapist or patient: it must be an active clinic. */
export async function assertClinicAccount(db: Db, clinicId: string | undefined): Promise<string> {
  if (!clinicId) throw badRequest({ clinicId: ["Choose the clinic."] });
  const clinic = await loadPerson(db, clinicId);
  if (clinic?.role !== "clinic") throw badRequest({ clinicId: ["There is no clinic with this id."] });
  if (!clinic.isActive) throw badRequest({ clinicId: ["This clinic is deactivated."] });
  return clinic.id;
}

/** The clinic a new therapist or patient joins: the one an admin names, else the actor's own. */
export async function clinicForNewPerson(db: Db, actor: Actor, requested: string | undefined): Promise<string> {
  if (actor.isAdmin) return assertClinicAccount(db, requested);
  const own = actor.role === "clinic" ? actor.id : actor.clinicId;
  if (!own) throw forbidden("Your account does not belong to a clinic.");
  if (requested !== undefined && requested !== own) throw badRequest({ clinicId: ["Only administrators choose the clinic."] });
  return own;
}

/**
 * Creates an account without a password and invites its owner to choose one: the seat (when
 * the account takes one), the email check, the rows and the invitation token in one
 * transaction; the email after it commits, so no transaction waits on SMTP. A failed delivery
 * is recorded in the mail log and answered, never an error: the account exists and a resend
 * is one click away.
 */
export async function createPerson(
  app: FastifyInstance,
  actor: Actor,
  input: NewUser,
  seat: { clinicId: string; seat: Seat } | null,
  afterInsert?: (tx: Db, id: string) => Promise<void>,
): Promise<{ id: string; invitation: MailOutcome }> {
  const { id, token } = await withEmailCheck(() =>
    app.db.transaction(async (tx) => {
      if (seat) await takeSeat(tx, seat.clinicId, seat.seat);
      await assertEmailFree(tx, input.email);
      const id = await insertUser(tx, input, null);
      await afterInsert?.(tx, id);
      return { id, token: await storeInvitation(tx, id) };
    }),
  );
  const name = `${input.nombres} ${input.apellidos}`.trim();
  const invitation = await sendInvitation(app, { id, email: input.email, name, language: input.language ?? "en" }, token, await inviterOf(app.db, actor));
  return { id, invitation };
}

/** A new invitation for someone who has not chosen a password yet; earlier links stop working. */
export async function resendInvitation(app: FastifyInstance, actor: Actor, id: string): Promise<MailOutcome> {
  const person = await assertManaged(app.db, actor, id, "change");
  if (!person.isActive) throw conflict("This account is deactivated. Reactivate it before sending an invitation.");
  if (person.hasPassword) throw conflict("This user has already chosen a password; there is no invitation to resend.");
  const token = await app.db.transaction(async (tx) => {
    await revokeInvitations(tx, id);
    return storeInvitation(tx, id);
  });
  return sendInvitation(app, person, token, await inviterOf(app.db, actor));
}
