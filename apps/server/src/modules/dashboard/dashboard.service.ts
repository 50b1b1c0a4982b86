import { type AdherenceSummary, type DashboardSummary, GROUP, MAX_PAGE_SIZE, type TodaySummary } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Actor, patientScope } from "../../platform/access.ts";
import { forbidden } from "../../platform/errors.ts";
import { activeMembership, seatsInUse, today } from "../clinic/memberships/seats.ts";

/** `day` (YYYY-MM-DD) moved by `offset` calendar days. */
export function addDays(day: string, offset: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + offset)).toISOString().slice(0, 10);
}

/** Active, non-admin accounts whose groups include `group`: the same people who hold seats. */
function countAccounts(group: number, extra: SQL = sql`true`): SQL<number> {
  return sql<number>`(select count(*)::int from users u where u.is_active and not u.is_admin and ${extra}
    and exists (select 1 from user_groups ug where ug.user_id = u.id and ug.group_id = ${group}))`;
}

async function adminSummary(db: Db, day: string): Promise<DashboardSummary> {
  const result = await db.execute<{ clinics: number; therapists: number; patients: number; active_memberships: number }>(sql`
    select ${countAccounts(GROUP.clinic)} as clinics,
      ${countAccounts(GROUP.therapist)} as therapists,
      ${countAccounts(GROUP.patient)} as patients,
      (select count(*)::int from assigned_memberships am join memberships m on m.id = am.membership_id
        where m.clinic_id is null and am.from_date <= ${day} and am.to_date >= ${day}) as active_memberships`);
  const row = result.rows[0] as { clinics: number; therapists: number; patients: number; active_memberships: number };
  return { role: "admin", clinics: row.clinics, therapists: row.therapists, patients: row.patients, activeMemberships: row.active_memberships };
}

/** Today's active assignments of the patients in scope: totals, and per patient (unfinished first). */
async function todaySummary(db: Db, actor: Actor, day: string): Promise<TodaySummary> {
  const scope = patientScope(actor, sql.raw("aa.patient_id"));
  const [totals, patients] = await Promise.all([
    db.execute<{ done: number; total: number }>(sql`
      select (count(*) filter (where aa.done))::int as done, count(*)::int as total
      from assigned_activities aa join users u on u.id = aa.patient_id
      where aa.date = ${day} and aa.activate and u.is_active and ${scope}`),
    db.execute<{ id: string; nombres: string; apellidos: string; done: number; total: number }>(sql`
      select u.id, u.nombres, u.apellidos, (count(*) filter (where aa.done))::int as done, count(*)::int as total
      from assigned_activities aa join users u on u.id = aa.patient_id
      where aa.date = ${day} and aa.activate and u.is_active and ${scope}
      group by u.id
      order by bool_and(aa.done), u.apellidos, u.nombres, u.id
      limit ${MAX_PAGE_SIZE}`),
  ]);
  const total = totals.rows[0] ?? { done: 0, total: 0 };
  return { date: day, done: total.done, total: total.total, patients: patients.rows };
}

/**
 * Adherence: patients in scope with active assignments due in the `days` whole days before
 * today who have done none of their assignments since (today's included: doing today's
 * activity clears them). Today's own activities are not yet missed, so a morning's list does
 * not name everyone who simply has not played yet. Those without activity the longest come first.
 */
async function adherenceSummary(db: Db, actor: Actor, day: string, days: number): Promise<AdherenceSummary> {
  const from = addDays(day, -days);
  const to = addDays(day, -1);
  const scope = patientScope(actor, sql.raw("aa.patient_id"));
  const result = await db.execute<{ id: string; nombres: string; apellidos: string; missed: number; last_done: string | null }>(sql`
    select u.id, u.nombres, u.apellidos, (count(*) filter (where aa.date <= ${to}))::int as missed,
      (select to_char(max(d.date), 'YYYY-MM-DD') from assigned_activities d where d.patient_id = u.id and d.done and d.date <= ${day}) as last_done
    from assigned_activities aa join users u on u.id = aa.patient_id
    where aa.activate and aa.date between ${from} and ${day} and u.is_active and ${scope}
    group by u.id
    having not bool_or(aa.done) and count(*) filter (where aa.date <= ${to}) > 0
    order by last_done asc nulls first, u.apellidos, u.nombres, u.id
    limit ${MAX_PAGE_SIZE}`);
  return {
    days,
    from,
    to,
    patients: result.rows.map((row) => ({ id: row.id, nombres: row.nombres, apellidos: row.apellidos, missed: row.missed, lastDone: row.last_done })),
  };
}

async function clinicSummary(db: Db, actor: Actor, day: string, days: number): Promise<DashboardSummary> {
  const [therapists, patients, held, todayPart, adherence] = await Promise.all([
    seatsInUse(db, actor.id, "therapist"),
    seatsInUse(db, actor.id, "patient"),
    activeMembership(db, actor.id, day),
    todaySummary(db, actor, day),
    adherenceSummary(db, actor, day, days),
  ]);
  const membership = held
    ? {
        plan: held.membership.plan,
        fromDate: held.assignment.fromDate,
        toDate: held.assignment.toDate,
        nUsers: held.membership.nUsers,
        nPatients: held.membership.nPatients,
      }
    : null;
  return { role: "clinic", therapists, patients, membership, today: todayPart, adherence };
}

async function therapistSummary(db: Db, actor: Actor, day: string, days: number): Promise<DashboardSummary> {
  const [count, todayPart, adherence] = await Promise.all([
    db.execute<{ patients: number }>(
      sql`select ${countAccounts(GROUP.patient, sql`u.id in (select patient_id from care_team where therapist_id = ${actor.id})`)} as patients`,
    ),
    todaySummary(db, actor, day),
    adherenceSummary(db, actor, day, days),
  ]);
  return { role: "therapist", patients: count.rows[0]?.patients ?? 0, today: todayPart, adherence };
}

/** `GET /api/dashboard/summary`: the staff home's figures, by role. Patients have their own home (403). */
export async function dashboardSummary(db: Db, actor: Actor, days: number): Promise<DashboardSummary> {
  const day = today();
  switch (actor.role) {
    case "admin":
      return adminSummary(db, day);
    case "clinic":
      return clinicSummary(db, actor, day, days);
    case "therapist":
      return therapistSummary(db, actor, day, days);
    case "patient":
      throw forbidden();
  }
}
