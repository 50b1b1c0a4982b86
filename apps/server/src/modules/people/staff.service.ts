import { GROUP, type PageQuery, type Paged, type StaffCreate, type StaffRow, type StaffUpdate } from "@clinic/shared";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import type { MailOutcome } from "../../platform/mail.ts";
import {
  assertManaged,
  clinicForNewPerson,
  clinicPersonColumns,
  createPerson,
  hasRole,
  outerUserId,
  pageOfPeople,
  personFilters,
  personRow,
  savePerson,
  tooManyToExport,
} from "./people.service.ts";

/**
 * A clinic's therapists (its team). Admins see every clinic's; a clinic its own; a therapist
 * its own clinic's team, read-only. Only admins and clinics add and edit therapists.
 */

const columns = {
  ...clinicPersonColumns,
  patients: sql<number>`(select count(*) from care_team ct where ct.therapist_id = ${outerUserId})::int`,
};
const selectStaff = (db: Db) => db.select(columns).from(users);
type Row = Awaited<ReturnType<ReturnType<typeof selectStaff>["execute"]>>[number];
const toStaffRow = (row: Row): StaffRow => personRow(row);

/** The team the actor sees: none (404 on lists) for anyone without a clinic. */
function teamScope(actor: Actor): SQL {
  if (actor.isAdmin) return sql`true`;
  const clinic = actor.role === "clinic" ? actor.id : actor.clinicId;
  return clinic ? eq(users.clinicId, clinic) : sql`false`;
}

export function assertCanManageTeam(actor: Actor): void {
  if (!actor.isAdmin && actor.role !== "clinic") throw forbidden("Only the clinic and administrators manage the team.");
}

type StaffFilters = { q?: string; active?: boolean; clinic?: string };
const staffWhere = (actor: Actor, query: StaffFilters) =>
  and(hasRole(GROUP.therapist), teamScope(actor), ...personFilters(query, [users.nombres, users.apellidos, users.email]));

export async function listStaff(db: Db, actor: Actor, query: PageQuery & StaffFilters): Promise<Paged<StaffRow>> {
  const where = staffWhere(actor, query);
  const page = await pageOfPeople(
    db,
    (pageTotal) =>
      db
        .select({ ...columns, pageTotal })
        .from(users)
        .$dynamic(),
    where,
    query,
  );
  return { ...page, data: page.data.map(toStaffRow) };
}

/** Every therapist of the list as filtered, for an export, in one statement; 400 past `maxRows`. */
export async function exportStaffRows(db: Db, actor: Actor, query: StaffFilters, maxRows: number): Promise<StaffRow[]> {
  const rows = await selectStaff(db)
    .where(staffWhere(actor, query))
    .orderBy(asc(users.apellidos), asc(users.nombres), asc(users.id))
    .limit(maxRows + 1);
  if (rows.length > maxRows) throw tooManyToExport(maxRows);
  return rows.map(toStaffRow);
}

async function getStaff(db: Db, id: string): Promise<StaffRow> {
  const [row] = await selectStaff(db).where(and(eq(users.id, id), hasRole(GROUP.therapist)));
  if (!row) throw notFound();
  return toStaffRow(row);
}

export async function createStaff(app: FastifyInstance, actor: Actor, input: StaffCreate): Promise<StaffRow & { invitation: MailOutcome }> {
  assertCanManageTeam(actor);
  const { clinicId: requested, ...fields } = input;
  const clinicId = await clinicForNewPerson(app.db, actor, requested);
  const { id, invitation } = await createPerson(app, actor, { ...fields, groups: [GROUP.therapist], clinicId }, { clinicId, seat: "therapist" });
  return { ...(await getStaff(app.db, id)), invitation };
}

export async function updateStaff(db: Db, actor: Actor, id: string, input: StaffUpdate): Promise<StaffRow> {
  assertCanManageTeam(actor);
  const person = await assertManaged(db, actor, id, "change");
  if (person.role !== "therapist") throw notFound();
  await savePerson(db, id, input);
  return getStaff(db, id);
}
