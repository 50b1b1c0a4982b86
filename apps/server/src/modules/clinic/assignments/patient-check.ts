import { GROUP } from "@clinic/shared";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { type Actor, patientScope } from "../../../platform/access.ts";
import { notFound } from "../../../platform/errors.ts";

export interface ScopedPatient {
  id: string;
  clinicId: string | null;
}

type Reader = Pick<Db, "select">;

/**
 * Over a `users` row: it is a patient (group 1) in the actor's scope (a therapist's care team,
 * a clinic's own patients, anyone for admins, oneself for a patient).
 */
function patientInScope(actor: Actor): SQL {
  return and(
    patientScope(actor, users.id),
    sql`exists (select 1 from user_groups ug where ug.user_id = ${users.id} and ug.group_id = ${GROUP.patient})`,
  ) as SQL;
}

/**
 * The patients a request names, once checked. One missing or foreign id refuses the whole
 * request with one 404, so a refusal never tells which id exists.
 */
export async function patientsInScope(db: Reader, actor: Actor, ids: string[]): Promise<Map<string, ScopedPatient>> {
  const rows = await db
    .select({ id: users.id, clinicId: users.clinicId })
    .from(users)
    .where(and(inArray(users.id, ids), patientInScope(actor)));
  if (rows.length !== new Set(ids).size) throw notFound();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The one patient a request names, once checked (else 404). */
export async function assertPatientInScope(db: Reader, actor: Actor, patientId: string): Promise<ScopedPatient> {
  return (await patientsInScope(db, actor, [patientId])).get(patientId) as ScopedPatient;
}

/**
 * The same check as a column of a list's page statement (`patientFound`), so the page needs no
 * statement of its own for it; see `checkPagePatient`.
 */
export function patientFound(actor: Actor, patientId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${users} where ${eq(users.id, patientId)} and ${patientInScope(actor)})`;
}

/** After a page with `patientFound`: 404 unless found. Only an empty page, with no row to carry it, asks on its own. */
export async function checkPagePatient(db: Reader, actor: Actor, patientId: string, rows: { patientFound: boolean }[]): Promise<void> {
  const [first] = rows;
  if (!first) await patientsInScope(db, actor, [patientId]);
  else if (!first.patientFound) throw notFound();
}
