import {
  type AssignedMembership,
  type AssignedMembershipQuery,
  type AssignMembershipValues,
  type AssignmentEnd,
  GROUP,
  type Membership,
  type MembershipHolder,
  type MembershipValues,
  type MembershipQuery,
  type MembershipSeats,
  type Paged,
} from "@clinic/shared";
import { and, asc, count, desc, eq, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { type Actor, can } from "../../../platform/access.ts";
import { badRequest, conflict, forbidden, notFound } from "../../../platform/errors.ts";
import { containsText, type PageTotal, pageOf, pageWindow } from "../../../platform/paging.ts";
import { assignedMemberships, memberships } from "./memberships.table.ts";
import { activeMembershipSql, type HeldJson, seatsInUseSql, today } from "./seats.ts";

/*
 * Who does what (spec §6 lists the codenames, not the calls; issue 16.8 adds patients):
 * - Platform plans (clinic_id null) are what the platform sells to clinics: only admins
 *   create, change, delete and assign them, and only to clinics. They alone give seats.
 * - A clinic's own plans (clinic_id = the clinic) are what it sells to its patients, at
 *   valuePatient: the clinic (change_membership) creates, changes and deletes them and assigns
 *   them to its own patients; admins may too. A clinic touching a platform plan it can see is
 *   refused (403); another clinic's plan, or a hidden platform plan, does not exist for it (404).
 * - A clinic (group 2, with view_membership or change_membership) reads the public platform
 *   plans, those it holds (even hidden ones), all its own plans, its own assignments and its
 *   patients', and its own seats.
 * - A patient reads the plans it holds and its clinic's public own plans, and its own
 *   assignments; nothing else.
 * - Therapists see nothing of memberships (403), whatever they were granted.
 * The guards in memberships.routes.ts let in only those roles; the scope is here.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

/** The code of a PostgreSQL error, whether Drizzle wrapped it or not. */
function pgCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown })?.code;
  if (typeof own === "string") return own;
  const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof cause === "string" ? cause : undefined;
}
const FOREIGN_KEY_VIOLATION = "23503";

const clinicName = (row: { nombres: string; apellidos: string }) => `${row.nombres} ${row.apellidos}`.trim();

/**
 * Assignments of the plan the actor may count: all for admins; a clinic's own and its
 * patients'; a patient's own. Correlated subqueries here name the outer table literally
 * (`memberships.id`, `users.id`): Drizzle leaves columns unqualified in a one-table select, and
 * a bare "id" in the subquery is its own row's.
 */
function assignmentCount(actor: Actor): SQL<number> {
  let own = sql``;
  if (actor.role === "clinic" && !actor.isAdmin) {
    own = sql` and (a.user_id = ${actor.id} or a.user_id in (select p.id from users p where p.clinic_id = ${actor.id}))`;
  } else if (!actor.isAdmin) {
    own = sql` and a.user_id = ${actor.id}`;
  }
  return sql<number>`(select count(*)::int from assigned_memberships a where a.membership_id = memberships.id${own})`;
}

const heldBy = (userId: string) => sql`exists (select 1 from assigned_memberships a where a.membership_id = memberships.id and a.user_id = ${userId})`;

/**
 * Plans the actor may read. A clinic: the public platform plans, those it holds or held, and
 * all its own. A patient: those it holds or held, and its clinic's public own plans.
 */
function planScope(actor: Actor): SQL | undefined {
  if (actor.isAdmin) return undefined;
  if (actor.role === "clinic") {
    return or(and(isNull(memberships.clinicId), or(eq(memberships.public, true), heldBy(actor.id))), eq(memberships.clinicId, actor.id));
  }
  if (actor.role === "patient") {
    const clinicOffers = actor.clinicId ? and(eq(memberships.clinicId, actor.clinicId), eq(memberships.public, true)) : undefined;
    return or(heldBy(actor.id), clinicOffers);
  }
  return sql`false`;
}

const owningClinic = alias(users, "owning_clinic");

function selectPlans(db: Db, actor: Actor) {
  return db
    .select({ plan: memberships, assignmentCount: assignmentCount(actor), ...owningClinicColumns })
    .from(memberships)
    .leftJoin(owningClinic, eq(owningClinic.id, memberships.clinicId));
}

const owningClinicColumns = {
  clinicNombres: owningClinic.nombres,
  clinicApellidos: owningClinic.apellidos,
  clinicEmail: owningClinic.email,
};

interface PlanRow {
  plan: typeof memberships.$inferSelect;
  assignmentCount: number;
  clinicNombres: string | null;
  clinicApellidos: string | null;
  clinicEmail: string | null;
}

function toMembership(row: PlanRow): Membership {
  const { plan } = row;
  return {
    id: plan.id,
    owner: plan.clinicId ? "clinic" : "platform",
    clinic: plan.clinicId
      ? { id: plan.clinicId, name: clinicName({ nombres: row.clinicNombres ?? "", apellidos: row.clinicApellidos ?? "" }), email: row.clinicEmail ?? "" }
      : null,
    plan: plan.plan,
    description: plan.description,
    value: plan.value,
    valueAnnual: plan.valueAnnual,
    valuePatient: plan.valuePatient,
    months: plan.months,
    nUsers: plan.nUsers,
    nPatients: plan.nPatients,
    public: plan.public,
    assignmentCount: Number(row.assignmentCount),
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

export async function listMemberships(db: Db, actor: Actor, query: MembershipQuery): Promise<Paged<Membership>> {
  const where = and(
    planScope(actor),
    containsText(memberships.plan, query.q),
    query.owner === "platform" ? isNull(memberships.clinicId) : query.owner === "clinic" ? isNotNull(memberships.clinicId) : undefined,
    query.clinic ? eq(memberships.clinicId, query.clinic) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  // Cheapest first, as a price list reads.
  const order = [asc(memberships.value), asc(memberships.plan), asc(memberships.id)];
  const page = await pageOf(
    db,
    actor,
    query,
    { tables: [memberships, users], counted: db.select({ one: sql`1` }).from(memberships).where(where) },
    (pageTotal) =>
      db
        .select({ plan: memberships, assignmentCount: assignmentCount(actor), ...owningClinicColumns, pageTotal })
        .from(memberships)
        .leftJoin(owningClinic, eq(owningClinic.id, memberships.clinicId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map(toMembership) };
}

/** One plan in the actor's scope; 404 otherwise (a clinic or patient never learns that a hidden plan exists). */
export async function getMembership(db: Db, actor: Actor, id: number): Promise<Membership> {
  const [row] = await selectPlans(db, actor).where(and(eq(memberships.id, id), planScope(actor)));
  if (!row) throw notFound();
  return toMembership(row);
}

/** May this actor write plans and assignments at all: admins, and clinic accounts with change_membership. */
export function canManageMemberships(actor: Actor): boolean {
  return actor.isAdmin || (actor.role === "clinic" && can(actor, "change_membership"));
}

/**
 * Prices arrive validated as two-decimal strings and are stored as numeric: no float on the way.
 * The owner is the server's decision, never the body's: an admin makes a platform plan, a
 * clinic its own.
 */
export async function createMembership(db: Db, actor: Actor, input: MembershipValues): Promise<Membership> {
  if (!canManageMemberships(actor)) throw forbidden();
  const [created] = await db
    .insert(memberships)
    .values({ ...input, clinicId: actor.isAdmin ? null : actor.id, createdBy: actor.id })
    .returning({ id: memberships.id });
  return getMembership(db, actor, (created as { id: number }).id);
}

/**
 * The plan `id` as the actor may change it: admins any; a clinic only its own. A platform plan
 * the clinic can see is a 403; another clinic's plan or a hidden platform plan, a 404.
 */
async function planToChange(db: Db, actor: Actor, id: number, lock = false) {
  const query = db.select({ id: memberships.id, plan: memberships.plan, clinicId: memberships.clinicId }).from(memberships).where(eq(memberships.id, id));
  const [plan] = lock ? await query.for("update") : await query;
  if (!plan) throw notFound();
  if (actor.isAdmin || plan.clinicId === actor.id) return plan;
  if (plan.clinicId === null) {
    const [visible] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.id, id), planScope(actor)));
    if (visible) throw forbidden("This plan belongs to the platform: only an administrator can change it.");
  }
  throw notFound();
}

/** Changing a plan changes it for those holding it: a clinic's seats follow the new limits from now on. */
export async function updateMembership(db: Db, actor: Actor, id: number, input: MembershipValues): Promise<Membership> {
  return db.transaction(async (tx) => {
    await planToChange(asDb(tx), actor, id, true);
    await tx.update(memberships).set(input).where(eq(memberships.id, id));
    return getMembership(asDb(tx), actor, id);
  });
}

/**
 * Deletes a plan nobody holds. Any assignment, past ones included, keeps it (the foreign
 * key restricts): 409 says how many, so the owner removes them or hides the plan instead.
 */
export async function deleteMembership(db: Db, actor: Actor, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const plan = await planToChange(asDb(tx), actor, id, true);
      const [held] = await tx
        .select({ periods: count(), holders: sql<number>`count(distinct ${assignedMemberships.userId})::int` })
        .from(assignedMemberships)
        .where(eq(assignedMemberships.membershipId, id));
      if (held && held.periods > 0) throw heldConflict(plan.plan, plan.clinicId ? "patient" : "clinic", Number(held.holders), held.periods);
      await tx.delete(memberships).where(eq(memberships.id, id));
    });
  } catch (error) {
    // An assignment made between the count and the delete: the foreign key refuses, we say why.
    if (pgCode(error) === FOREIGN_KEY_VIOLATION) throw conflict("This plan has just been assigned, so it cannot be deleted.");
    throw error;
  }
}

function heldConflict(plan: string, holder: "clinic" | "patient", holders: number, periods: number) {
  const who = holders === 1 ? `1 ${holder} holds` : `${holders} ${holder === "clinic" ? "clinics" : "patients"} hold`;
  const what = periods === 1 ? "1 period" : `${periods} periods`;
  return conflict(`The plan "${plan}" cannot be deleted: ${who} it (${what}, past ones included). Remove those assignments first, or hide the plan.`);
}

// ---- Assigned memberships -------------------------------------------------------------------

/*
 * The holder of an assignment is told by its plan: a platform plan is held by a clinic, a
 * clinic's own plan by one of its patients (assignMembership never mixes them). The "clinic
 * concerned" is then the holder (platform plan) or the plan's owner (own plan): one column,
 * `coalesce(memberships.clinic_id, assigned_memberships.user_id)`, scopes and filters both.
 */
const concernedClinicId = sql<string>`coalesce(${memberships.clinicId}, ${assignedMemberships.userId})`;
const holderKind = sql<MembershipHolder>`(case when ${memberships.clinicId} is null then 'clinic' else 'patient' end)`;
const holder = alias(users, "holder");
const concernedClinic = alias(users, "concerned_clinic");

/**
 * `active`: today is in the period. `current`: the holder's active period in force (seats.ts
 * `activeMembership` for a clinic: the latest started, then the latest made), among periods of
 * the same kind of plan, so a patient's own plan never competes with a clinic's. In the
 * subquery the aliases `o` and `om` hide the tables' own names, so `assigned_memberships.*` and
 * `memberships.*` there are the outer row's.
 */
function periodFlags(day: string) {
  const active = sql<boolean>`(${assignedMemberships.fromDate} <= ${day} and ${assignedMemberships.toDate} >= ${day})`;
  const current = sql<boolean>`(${active} and not exists (
    select 1 from assigned_memberships o join memberships om on om.id = o.membership_id
    where o.user_id = assigned_memberships.user_id and o.from_date <= ${day} and o.to_date >= ${day}
      and (om.clinic_id is null) = (memberships.clinic_id is null)
      and (o.from_date > assigned_memberships.from_date or (o.from_date = assigned_memberships.from_date and o.id > assigned_memberships.id))))`;
  return { active, current };
}

/** `pageTotal`: the column a list page adds (platform/paging.ts); a plain null elsewhere. */
function selectAssignments(db: Db, day: string, pageTotal: PageTotal = sql<null>`null::int`) {
  const { active, current } = periodFlags(day);
  return db
    .select({
      id: assignedMemberships.id,
      membershipId: assignedMemberships.membershipId,
      plan: memberships.plan,
      holderKind,
      holderId: holder.id,
      holderNombres: holder.nombres,
      holderApellidos: holder.apellidos,
      clinicId: concernedClinic.id,
      nombres: concernedClinic.nombres,
      apellidos: concernedClinic.apellidos,
      email: concernedClinic.email,
      fromDate: assignedMemberships.fromDate,
      toDate: assignedMemberships.toDate,
      active,
      current,
      createdAt: assignedMemberships.createdAt,
      pageTotal,
    })
    .from(assignedMemberships)
    .innerJoin(memberships, eq(memberships.id, assignedMemberships.membershipId))
    .innerJoin(holder, eq(holder.id, assignedMemberships.userId))
    .innerJoin(concernedClinic, eq(concernedClinic.id, concernedClinicId));
}
type AssignmentRow = Awaited<ReturnType<ReturnType<typeof selectAssignments>["execute"]>>[number];

function toAssignment(row: Omit<AssignmentRow, "pageTotal">): AssignedMembership {
  return {
    id: row.id,
    membershipId: row.membershipId,
    plan: row.plan,
    clinic: { id: row.clinicId, name: clinicName(row), email: row.email },
    holder: row.holderKind,
    holderId: row.holderId,
    holderName: clinicName({ nombres: row.holderNombres, apellidos: row.holderApellidos }),
    from_date: row.fromDate,
    to_date: row.toDate,
    active: Boolean(row.active),
    current: Boolean(row.current),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Admins see every assignment; a clinic its own and its patients'; a patient its own. */
function assignmentScope(actor: Actor): SQL | undefined {
  if (actor.isAdmin) return undefined;
  if (actor.role === "clinic") return sql`${concernedClinicId} = ${actor.id}`;
  if (actor.role === "patient") return eq(assignedMemberships.userId, actor.id);
  return sql`false`;
}

export async function listAssignments(db: Db, actor: Actor, query: AssignedMembershipQuery): Promise<Paged<AssignedMembership>> {
  const day = today();
  const { active } = periodFlags(day);
  const where = and(
    assignmentScope(actor),
    query.clinic ? sql`${concernedClinicId} = ${query.clinic}` : undefined,
    query.holder === "clinic" ? isNull(memberships.clinicId) : query.holder === "patient" ? isNotNull(memberships.clinicId) : undefined,
    query.active === undefined ? undefined : query.active ? active : sql`not ${active}`,
    query.q
      ? or(
          containsText(holder.nombres, query.q),
          containsText(holder.apellidos, query.q),
          containsText(holder.email, query.q),
          containsText(concernedClinic.nombres, query.q),
          containsText(concernedClinic.apellidos, query.q),
          containsText(memberships.plan, query.q),
        )
      : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(
    db,
    actor,
    query,
    {
      tables: [assignedMemberships, memberships, users],
      counted: db
        .select({ one: sql`1` })
        .from(assignedMemberships)
        .innerJoin(memberships, eq(memberships.id, assignedMemberships.membershipId))
        .innerJoin(holder, eq(holder.id, assignedMemberships.userId))
        .innerJoin(concernedClinic, eq(concernedClinic.id, concernedClinicId))
        .where(where),
    },
    (pageTotal) =>
      selectAssignments(db, day, pageTotal).where(where).orderBy(desc(assignedMemberships.fromDate), desc(assignedMemberships.id)).limit(limit).offset(offset),
  );
  return { ...page, data: page.data.map(toAssignment) };
}

async function loadAssignment(db: Db, id: number): Promise<AssignedMembership> {
  const [row] = await selectAssignments(db, today()).where(eq(assignedMemberships.id, id));
  if (!row) throw notFound();
  return toAssignment(row);
}

/**
 * Who `holderId` is, for an assignment: a clinic (group 2) or a patient (group 1, with its
 * clinic). 404 when no such user, 400 when the user can hold no membership.
 */
async function loadHolder(db: Db, holderId: string): Promise<{ kind: MembershipHolder; clinicId: string | null }> {
  const [row] = await db
    .select({
      clinicId: users.clinicId,
      isClinic: sql<boolean>`exists (select 1 from user_groups ug where ug.user_id = users.id and ug.group_id = ${GROUP.clinic})`,
      isPatient: sql<boolean>`exists (select 1 from user_groups ug where ug.user_id = users.id and ug.group_id = ${GROUP.patient})`,
    })
    .from(users)
    .where(eq(users.id, holderId));
  if (!row) throw notFound("No such clinic or patient.");
  if (row.isClinic) return { kind: "clinic", clinicId: null };
  if (row.isPatient && row.clinicId) return { kind: "patient", clinicId: row.clinicId };
  throw badRequest("Only a clinic or a patient of a clinic can hold a membership: this user is neither.");
}

const wrongPlan = (holder: MembershipHolder) =>
  badRequest({ membershipId: [holder === "clinic" ? "Choose one of the platform's plans." : "Choose one of the patient's clinic's own plans."] });

/**
 * `holderId` holds a plan from from_date to to_date: a clinic one of the platform's plans
 * (admins only), a patient one of its own clinic's plans (an admin or that clinic). Periods
 * may overlap (a renewal bought before the old one ends): the latest started one is in force.
 */
export async function assignMembership(db: Db, actor: Actor, holderId: string, body: AssignMembershipValues): Promise<AssignedMembership> {
  try {
    return await db.transaction(async (tx) => {
      const target = await loadHolder(asDb(tx), holderId);
      if (!actor.isAdmin && (target.kind === "clinic" || target.clinicId !== actor.id)) throw forbidden();
      const [plan] = await tx.select({ id: memberships.id, clinicId: memberships.clinicId }).from(memberships).where(eq(memberships.id, body.membershipId));
      if (!plan) throw badRequest({ membershipId: ["Unknown membership."] });
      if (plan.clinicId !== target.clinicId) throw wrongPlan(target.kind);
      const [created] = await tx
        .insert(assignedMemberships)
        .values({ membershipId: body.membershipId, userId: holderId, fromDate: body.from_date, toDate: body.to_date, assignedBy: actor.id })
        .returning({ id: assignedMemberships.id });
      return loadAssignment(asDb(tx), (created as { id: number }).id);
    });
  } catch (error) {
    if (pgCode(error) === FOREIGN_KEY_VIOLATION) throw badRequest({ membershipId: ["Unknown membership."] });
    throw error;
  }
}

/**
 * The assignment `id` as the actor may change it: admins any; a clinic its patients' (a 403
 * for its own platform membership, which only the platform changes; 404 for anyone else's).
 */
async function assignmentToChange(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({ fromDate: assignedMemberships.fromDate, userId: assignedMemberships.userId, planClinicId: memberships.clinicId })
    .from(assignedMemberships)
    .innerJoin(memberships, eq(memberships.id, assignedMemberships.membershipId))
    .where(eq(assignedMemberships.id, id))
    .for("update", { of: assignedMemberships });
  if (!row) throw notFound();
  if (actor.isAdmin || (row.planClinicId !== null && row.planClinicId === actor.id)) return row;
  if (row.planClinicId === null && row.userId === actor.id) throw forbidden("Only an administrator can change the clinic's own membership.");
  throw notFound();
}

/** Moves the end of a period (ending it early, or extending it); it cannot end before it starts. */
export async function endAssignment(db: Db, actor: Actor, id: number, input: AssignmentEnd): Promise<AssignedMembership> {
  return db.transaction(async (tx) => {
    const row = await assignmentToChange(asDb(tx), actor, id);
    if (input.to_date < row.fromDate) throw badRequest({ to_date: [`Must be on or after the start date (${row.fromDate}).`] });
    await tx.update(assignedMemberships).set({ toDate: input.to_date }).where(eq(assignedMemberships.id, id));
    return loadAssignment(asDb(tx), id);
  });
}

/** Removes an assignment (one given by mistake); the holder answers for the period no longer. */
export async function deleteAssignment(db: Db, actor: Actor, id: number): Promise<{ holderId: string }> {
  return db.transaction(async (tx) => {
    const row = await assignmentToChange(asDb(tx), actor, id);
    await tx.delete(assignedMemberships).where(eq(assignedMemberships.id, id));
    return { holderId: row.userId };
  });
}

/**
 * What a clinic holds today and the seats it uses (the "Your membership" card). A clinic asks
 * for itself (naming another clinic is a 404); an admin names the clinic.
 */
export async function membershipSeats(db: Db, actor: Actor, clinicParam: string | undefined): Promise<MembershipSeats> {
  let clinicId: string;
  if (actor.isAdmin) {
    if (!clinicParam) throw badRequest({ clinic: ["Choose a clinic."] });
    clinicId = clinicParam;
  } else {
    if (clinicParam && clinicParam !== actor.id) throw notFound();
    clinicId = actor.id;
  }
  // The clinic, its period today and both seat counts in one statement.
  const found = await db.execute<{
    id: string;
    nombres: string;
    apellidos: string;
    email: string;
    held: HeldJson | null;
    therapists: number;
    patients: number;
  }>(
    sql`select u.id, u.nombres, u.apellidos, u.email, ${activeMembershipSql(clinicId, today())} as held,
        ${seatsInUseSql(clinicId, "therapist")} as therapists, ${seatsInUseSql(clinicId, "patient")} as patients
      from users u where u.id = ${clinicId} and exists (select 1 from user_groups ug where ug.user_id = u.id and ug.group_id = ${GROUP.clinic})`,
  );
  const [clinic] = found.rows;
  if (!clinic) throw notFound();
  const { held, therapists, patients } = clinic;
  return {
    clinic: { id: clinic.id, name: clinicName(clinic), email: clinic.email },
    membership: held ? { id: held.membershipId, plan: held.plan, months: held.months } : null,
    assignment: held ? { id: held.assignmentId, from_date: held.from, to_date: held.to } : null,
    therapists: { used: therapists, limit: held ? held.nUsers : null },
    patients: { used: patients, limit: held ? held.nPatients : null },
  };
}
