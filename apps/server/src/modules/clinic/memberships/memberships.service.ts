import {
  type AssignedMembership,
  type AssignedMembershipQuery,
  type AssignMembershipValues,
  type AssignmentEnd,
  GROUP,
  type Membership,
  type MembershipClinic,
  type MembershipValues,
  type MembershipQuery,
  type MembershipSeats,
  type Paged,
} from "@clinic/shared";
import { and, asc, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import type { Actor } from "../../../platform/access.ts";
import { badRequest, conflict, notFound } from "../../../platform/errors.ts";
import { containsText, type PageTotal, pageOf, pageWindow } from "../../../platform/paging.ts";
import { assignedMemberships, memberships } from "./memberships.table.ts";
import { activeMembership, seatsInUse, today } from "./seats.ts";

/*
 * Who does what (spec §6 lists the codenames, not the calls):
 * - Plans are what the platform sells, so only admins create, change, delete and assign them.
 *   A clinic's change_membership does not let it price its own plan.
 * - A clinic (group 2, with view_membership or change_membership) reads the public plans,
 *   the plans it holds (even hidden ones), its own assignments and its own seats.
 * - Therapists and patients see nothing of memberships (403), whatever they were granted.
 * The guards in memberships.routes.ts let only admins and clinics in; the scope is here.
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
 * Assignments of the plan the actor may count: all for admins, a clinic's own. Correlated
 * subqueries here name the outer table literally (`memberships.id`, `users.id`): Drizzle leaves
 * columns unqualified in a one-table select, and a bare "id" in the subquery is its own row's.
 */
function assignmentCount(actor: Actor): SQL<number> {
  const own = actor.isAdmin ? sql`` : sql` and a.user_id = ${actor.id}`;
  return sql<number>`(select count(*)::int from assigned_memberships a where a.membership_id = memberships.id${own})`;
}

/** Plans a clinic may read: the public ones and those it holds or held. */
function planScope(actor: Actor): SQL | undefined {
  if (actor.isAdmin) return undefined;
  return or(
    eq(memberships.public, true),
    sql`exists (select 1 from assigned_memberships a where a.membership_id = memberships.id and a.user_id = ${actor.id})`,
  );
}

function selectPlans(db: Db, actor: Actor) {
  return db.select({ plan: memberships, assignmentCount: assignmentCount(actor) }).from(memberships);
}

function toMembership(row: { plan: typeof memberships.$inferSelect; assignmentCount: number }): Membership {
  const { plan } = row;
  return {
    id: plan.id,
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
  const where = and(planScope(actor), containsText(memberships.plan, query.q));
  const { limit, offset } = pageWindow(query);
  // Cheapest first, as a price list reads.
  const order = [asc(memberships.value), asc(memberships.plan), asc(memberships.id)];
  const page = await pageOf(db, actor, query, { tables: [memberships], counted: db.select({ one: sql`1` }).from(memberships).where(where) }, (pageTotal) =>
    db
      .select({ plan: memberships, assignmentCount: assignmentCount(actor), pageTotal })
      .from(memberships)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
  return { ...page, data: page.data.map(toMembership) };
}

/** One plan in the actor's scope; 404 otherwise (a clinic never learns that a hidden plan exists). */
export async function getMembership(db: Db, actor: Actor, id: number): Promise<Membership> {
  const [row] = await selectPlans(db, actor).where(and(eq(memberships.id, id), planScope(actor)));
  if (!row) throw notFound();
  return toMembership(row);
}

/** Prices arrive validated as two-decimal strings and are stored as numeric: no float on the way. */
export async function createMembership(db: Db, actor: Actor, input: MembershipValues): Promise<Membership> {
  const [created] = await db
    .insert(memberships)
    .values({ ...input, createdBy: actor.id })
    .returning({ id: memberships.id });
  return getMembership(db, actor, (created as { id: number }).id);
}

/** Changing a plan changes it for the clinics holding it: their seats follow the new limits from now on. */
export async function updateMembership(db: Db, actor: Actor, id: number, input: MembershipValues): Promise<Membership> {
  const [updated] = await db.update(memberships).set(input).where(eq(memberships.id, id)).returning({ id: memberships.id });
  if (!updated) throw notFound();
  return getMembership(db, actor, id);
}

/**
 * Deletes a plan no clinic holds. Any assignment, past ones included, keeps it (the foreign
 * key restricts): 409 says how many, so the admin removes them or hides the plan instead.
 */
export async function deleteMembership(db: Db, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [plan] = await tx.select({ plan: memberships.plan }).from(memberships).where(eq(memberships.id, id)).for("update");
      if (!plan) throw notFound();
      const [held] = await tx
        .select({ periods: count(), clinics: sql<number>`count(distinct ${assignedMemberships.userId})::int` })
        .from(assignedMemberships)
        .where(eq(assignedMemberships.membershipId, id));
      if (held && held.periods > 0) throw heldConflict(plan.plan, Number(held.clinics), held.periods);
      await tx.delete(memberships).where(eq(memberships.id, id));
    });
  } catch (error) {
    // An assignment made between the count and the delete: the foreign key refuses, we say why.
    if (pgCode(error) === FOREIGN_KEY_VIOLATION) throw conflict("This plan has just been assigned to a clinic, so it cannot be deleted.");
    throw error;
  }
}

function heldConflict(plan: string, clinics: number, periods: number) {
  const who = clinics === 1 ? "1 clinic holds" : `${clinics} clinics hold`;
  const what = periods === 1 ? "1 period" : `${periods} periods`;
  return conflict(`The plan "${plan}" cannot be deleted: ${who} it (${what}, past ones included). Remove those assignments first, or hide the plan.`);
}

// ---- Assigned memberships -------------------------------------------------------------------

/**
 * `active`: today is in the period. `current`: the active period the clinic's seats come from
 * (seats.ts `activeMembership`: the latest started, then the latest made). In the subquery the
 * alias `o` hides the table's own name, so `assigned_memberships.*` there is the outer row.
 */
function periodFlags(day: string) {
  const active = sql<boolean>`(${assignedMemberships.fromDate} <= ${day} and ${assignedMemberships.toDate} >= ${day})`;
  const current = sql<boolean>`(${active} and not exists (
    select 1 from assigned_memberships o
    where o.user_id = assigned_memberships.user_id and o.from_date <= ${day} and o.to_date >= ${day}
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
      clinicId: users.id,
      nombres: users.nombres,
      apellidos: users.apellidos,
      email: users.email,
      fromDate: assignedMemberships.fromDate,
      toDate: assignedMemberships.toDate,
      active,
      current,
      createdAt: assignedMemberships.createdAt,
      pageTotal,
    })
    .from(assignedMemberships)
    .innerJoin(memberships, eq(memberships.id, assignedMemberships.membershipId))
    .innerJoin(users, eq(users.id, assignedMemberships.userId));
}
type AssignmentRow = Awaited<ReturnType<ReturnType<typeof selectAssignments>["execute"]>>[number];

function toAssignment(row: Omit<AssignmentRow, "pageTotal">): AssignedMembership {
  return {
    id: row.id,
    membershipId: row.membershipId,
    plan: row.plan,
    clinic: { id: row.clinicId, name: clinicName(row), email: row.email },
    from_date: row.fromDate,
    to_date: row.toDate,
    active: Boolean(row.active),
    current: Boolean(row.current),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Admins see every clinic's assignments; a clinic only its own. */
function assignmentScope(actor: Actor): SQL | undefined {
  return actor.isAdmin ? undefined : eq(assignedMemberships.userId, actor.id);
}

export async function listAssignments(db: Db, actor: Actor, query: AssignedMembershipQuery): Promise<Paged<AssignedMembership>> {
  const day = today();
  const { active } = periodFlags(day);
  const where = and(
    assignmentScope(actor),
    query.clinic ? eq(assignedMemberships.userId, query.clinic) : undefined,
    query.active === undefined ? undefined : query.active ? active : sql`not ${active}`,
    query.q
      ? or(
          containsText(users.nombres, query.q),
          containsText(users.apellidos, query.q),
          containsText(users.email, query.q),
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
        .innerJoin(users, eq(users.id, assignedMemberships.userId))
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

/** The clinic account `clinicId` names: 404 when no such user, 400 when the user is not a clinic (group 2). */
async function loadClinic(db: Db, clinicId: string): Promise<MembershipClinic> {
  const [row] = await db
    .select({
      id: users.id,
      nombres: users.nombres,
      apellidos: users.apellidos,
      email: users.email,
      isClinic: sql<boolean>`exists (select 1 from user_groups ug where ug.user_id = users.id and ug.group_id = ${GROUP.clinic})`,
    })
    .from(users)
    .where(eq(users.id, clinicId));
  if (!row) throw notFound("No such clinic.");
  if (!row.isClinic) throw badRequest("Only a clinic can hold a membership: this user is not in the clinic group.");
  return { id: row.id, name: clinicName(row), email: row.email };
}

/**
 * `clinicId` holds a plan from from_date to to_date. Periods may overlap (a renewal bought
 * before the old one ends): seats come from the latest started one that holds the day.
 */
export async function assignMembership(db: Db, actor: Actor, clinicId: string, body: AssignMembershipValues): Promise<AssignedMembership> {
  try {
    return await db.transaction(async (tx) => {
      await loadClinic(asDb(tx), clinicId);
      const [plan] = await tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.id, body.membershipId));
      if (!plan) throw badRequest({ membershipId: ["Unknown membership."] });
      const [created] = await tx
        .insert(assignedMemberships)
        .values({ membershipId: body.membershipId, userId: clinicId, fromDate: body.from_date, toDate: body.to_date, assignedBy: actor.id })
        .returning({ id: assignedMemberships.id });
      return loadAssignment(asDb(tx), (created as { id: number }).id);
    });
  } catch (error) {
    if (pgCode(error) === FOREIGN_KEY_VIOLATION) throw badRequest({ membershipId: ["Unknown membership."] });
    throw error;
  }
}

/** Moves the end of a period (ending it early, or extending it); it cannot end before it starts. */
export async function endAssignment(db: Db, id: number, input: AssignmentEnd): Promise<AssignedMembership> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ fromDate: assignedMemberships.fromDate }).from(assignedMemberships).where(eq(assignedMemberships.id, id)).for("update");
    if (!row) throw notFound();
    if (input.to_date < row.fromDate) throw badRequest({ to_date: [`Must be on or after the start date (${row.fromDate}).`] });
    await tx.update(assignedMemberships).set({ toDate: input.to_date }).where(eq(assignedMemberships.id, id));
    return loadAssignment(asDb(tx), id);
  });
}

/** Removes an assignment (one given by mistake); the clinic answers for the period no longer. */
export async function deleteAssignment(db: Db, id: number): Promise<{ clinicId: string }> {
  const [deleted] = await db.delete(assignedMemberships).where(eq(assignedMemberships.id, id)).returning({ clinicId: assignedMemberships.userId });
  if (!deleted) throw notFound();
  return deleted;
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
  const [clinic] = await db
    .select({ id: users.id, nombres: users.nombres, apellidos: users.apellidos, email: users.email })
    .from(users)
    .where(and(eq(users.id, clinicId), sql`exists (select 1 from user_groups ug where ug.user_id = users.id and ug.group_id = ${GROUP.clinic})`));
  if (!clinic) throw notFound();
  const [held, therapists, patients] = await Promise.all([
    activeMembership(db, clinicId),
    seatsInUse(db, clinicId, "therapist"),
    seatsInUse(db, clinicId, "patient"),
  ]);
  return {
    clinic: { id: clinic.id, name: clinicName(clinic), email: clinic.email },
    membership: held ? { id: held.membership.id, plan: held.membership.plan, months: held.membership.months } : null,
    assignment: held ? { id: held.assignment.id, from_date: held.assignment.fromDate, to_date: held.assignment.toDate } : null,
    therapists: { used: therapists, limit: held ? held.membership.nUsers : null },
    patients: { used: patients, limit: held ? held.membership.nPatients : null },
  };
}
