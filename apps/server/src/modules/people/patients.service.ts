import { GROUP, type PageQuery, type Paged, type PatientCreate, type PatientRow, type PatientUpdate } from "@clinic/shared";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { careTeam, users } from "../../db/schema.ts";
import { type Actor, patientScope } from "../../platform/access.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
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
 * Patients (spec §3): admins see all, a clinic its own, a therapist those in its care (the
 * care team). Staff add and edit them with the therapists of their clinic who treat them.
 */

const columns = {
  ...clinicPersonColumns,
  phone: users.phone,
  therapists: sql<{ id: string; nombres: string; apellidos: string }[]>`coalesce((
    select json_agg(json_build_object('id', t.id, 'nombres', t.nombres, 'apellidos', t.apellidos) order by t.apellidos, t.nombres)
    from care_team ct join users t on t.id = ct.therapist_id where ct.patient_id = ${outerUserId}), '[]'::json)`,
};
const selectPatients = (db: Db) => db.select(columns).from(users);
type Row = Awaited<ReturnType<ReturnType<typeof selectPatients>["execute"]>>[number];
const toPatientRow = (row: Row): PatientRow => personRow(row);

type PatientFilters = { q?: string; active?: boolean; clinic?: string; therapist?: string };

/** The patients the actor sees, narrowed by the list's filters (the list and its export share it). */
function patientsWhere(actor: Actor, query: PatientFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    hasRole(GROUP.patient),
    patientScope(actor, users.id),
    ...personFilters(query, [users.nombres, users.apellidos, users.email, users.identification]),
  ];
  if (query.therapist) conditions.push(sql`${users.id} in (select patient_id from care_team where therapist_id = ${query.therapist})`);
  return and(...conditions);
}

export async function listPatients(db: Db, actor: Actor, query: PageQuery & PatientFilters): Promise<Paged<PatientRow>> {
  const page = await pageOfPeople(
    db,
    (pageTotal) =>
      db
        .select({ ...columns, pageTotal })
        .from(users)
        .$dynamic(),
    patientsWhere(actor, query),
    query,
    [careTeam],
  );
  return { ...page, data: page.data.map(toPatientRow) };
}

/** Every patient of the list as filtered, for an export, in one statement; 400 past `maxRows`. */
export async function exportPatientRows(db: Db, actor: Actor, query: PatientFilters, maxRows: number): Promise<PatientRow[]> {
  const rows = await selectPatients(db)
    .where(patientsWhere(actor, query))
    .orderBy(asc(users.apellidos), asc(users.nombres), asc(users.id))
    .limit(maxRows + 1);
  if (rows.length > maxRows) throw tooManyToExport(maxRows);
  return rows.map(toPatientRow);
}

/**
 * One patient in the actor's scope (assertManaged's `read`, for a patient: admins all, a clinic
 * its own, a therapist those in its care), or 404, in one statement.
 */
export async function getPatient(db: Db, actor: Actor, id: string): Promise<PatientRow> {
  const [row] = await patientRead(db, actor.role).execute({ id, actor: actor.id });
  if (!row) throw notFound();
  return toPatientRow(row);
}

/**
 * getPatient's statement for a role, built once (Drizzle's placeholders): building this select,
 * with its five subqueries, cost Node about as much as PostgreSQL spends running it, on the
 * platform's most frequent audited read (opening a patient).
 */
function patientRead(db: Db, role: Actor["role"]) {
  let byRole = patientReads.get(db);
  if (!byRole) {
    byRole = new Map();
    patientReads.set(db, byRole);
  }
  let read = byRole.get(role);
  if (!read) {
    const scope = patientScope({ role, id: sql.placeholder("actor") as unknown as string } as Actor, users.id);
    read = selectPatients(db)
      .where(and(eq(users.id, sql.placeholder("id")), hasRole(GROUP.patient), scope))
      .prepare("");
    byRole.set(role, read);
  }
  return read;
}
const patientReads = new WeakMap<Db, Map<Actor["role"], ReturnType<ReturnType<ReturnType<typeof selectPatients>["where"]>["prepare"]>>>();

/**
 * The care team a patient of `clinicId` gets: the therapists named (each an active therapist of
 * that clinic, else 400 naming the field), plus the therapist who is acting, who always keeps
 * the patients they add or edit.
 */
async function careTeamFor(db: Db, actor: Actor, clinicId: string | null, therapistIds: string[]): Promise<string[]> {
  const wanted = [...new Set(actor.role === "therapist" && !actor.isAdmin ? [...therapistIds, actor.id] : therapistIds)];
  if (wanted.length === 0) return [];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), clinicId ? eq(users.clinicId, clinicId) : sql`false`, eq(users.isActive, true), hasRole(GROUP.therapist)));
  if (found.length !== wanted.length) throw badRequest({ therapistIds: ["Choose active therapists of the patient's clinic."] });
  return wanted;
}

export async function createPatient(app: FastifyInstance, actor: Actor, input: PatientCreate): Promise<PatientRow & { invitation: MailOutcome }> {
  const { clinicId: requested, therapistIds, phone, ...fields } = input;
  const clinicId = await clinicForNewPerson(app.db, actor, requested);
  const team = await careTeamFor(app.db, actor, clinicId, therapistIds);
  const { id, invitation } = await createPerson(
    app,
    actor,
    { ...fields, groups: [GROUP.patient], clinicId, therapistIds: team },
    { clinicId, seat: "patient" },
    async (tx, newId) => {
      if (phone) await tx.update(users).set({ phone }).where(eq(users.id, newId));
    },
  );
  return { ...(await getPatient(app.db, actor, id)), invitation };
}

export async function updatePatient(db: Db, actor: Actor, id: string, input: PatientUpdate): Promise<PatientRow> {
  const person = await assertManaged(db, actor, id, "change");
  if (person.role !== "patient") throw notFound();
  const { therapistIds, phone, ...fields } = input;
  const team = await careTeamFor(db, actor, person.clinicId, therapistIds);
  // Left out, the number stays: a client that does not know the field never clears it.
  await savePerson(db, id, phone === undefined ? fields : { ...fields, phone }, async (tx) => {
    await tx.delete(careTeam).where(eq(careTeam.patientId, id));
    if (team.length > 0) await tx.insert(careTeam).values(team.map((therapistId) => ({ therapistId, patientId: id })));
  });
  return getPatient(db, actor, id);
}
