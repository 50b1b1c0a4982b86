import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { type Actor, can, clinicOf } from "../../../platform/access.ts";
import { forbidden, notFound } from "../../../platform/errors.ts";

/**
 * Who reaches which schedules, services and appointments (spec §6):
 * - a therapist their own (as provider); with change_all_appointments, every provider's of
 *   their clinic (appointments only);
 * - a clinic account every provider's of its clinic; an admin everyone's;
 * - a patient only appointments they are the patient of, and the services of their care team.
 */

/** Schedules and services: rows the actor provides, or, for a clinic account, its clinic's. */
export function providerRowScope(actor: Actor, providerColumn: SQLWrapper, clinicColumn: SQLWrapper): SQL {
  if (actor.isAdmin) return sql`true`;
  if (actor.role === "clinic") return sql`(${clinicColumn} = ${actor.id} or ${providerColumn} = ${actor.id})`;
  if (actor.role === "patient") return sql`false`;
  return sql`${providerColumn} = ${actor.id}`;
}

/**
 * Appointments: a patient's own; a staff member's as provider; with `all` and
 * change_all_appointments, their clinic's (everyone's for an admin). Single-appointment calls
 * use the widest scope the actor holds (`all` = true).
 */
export function appointmentScope(actor: Actor, columns: { provider: SQLWrapper; patient: SQLWrapper; clinic: SQLWrapper }, all = false): SQL {
  if (actor.role === "patient") return sql`${columns.patient} = ${actor.id}`;
  if (all && can(actor, "change_all_appointments")) {
    if (actor.isAdmin) return sql`true`;
    const clinic = clinicOf(actor);
    if (clinic) return sql`(${columns.clinic} = ${clinic} or ${columns.provider} = ${actor.id})`;
  }
  return sql`${columns.provider} = ${actor.id}`;
}

/** Services a patient may book: those of their therapists and of their clinic. */
export function patientServiceScope(patientId: string, providerColumn: SQLWrapper): SQL {
  return sql`(${providerColumn} in (select therapist_id from care_team where patient_id = ${patientId})
    or ${providerColumn} = (select clinic_id from users where id = ${patientId}))`;
}

/** The clinic a provider works for: a therapist's clinic, or the clinic account itself. */
export async function clinicOfUser(db: Db, userId: string): Promise<string | null> {
  const result = await db.execute<{ clinic_id: string | null }>(sql`
    select coalesce(u.clinic_id, case when exists (select 1 from user_groups g where g.user_id = u.id and g.group_id = 2) then u.id end) as clinic_id
    from users u where u.id = ${userId}`);
  return result.rows[0]?.clinic_id ?? null;
}

/** A person's display name (given names and surnames, or the email when both are empty), of `users` or an alias of it. */
export function personName(table: { nombres: AnyPgColumn; apellidos: AnyPgColumn; email: AnyPgColumn }): SQL<string> {
  return sql<string>`coalesce(nullif(trim(${table.nombres} || ' ' || ${table.apellidos}), ''), ${table.email})`;
}

/** 404 for no row, 403 for a row outside the actor's scope. */
export function assertFound<T>(row: T | undefined, inScope: boolean): T {
  if (!row) throw notFound();
  if (!inScope) throw forbidden();
  return row;
}
