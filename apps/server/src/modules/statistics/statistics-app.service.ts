import { FAMILIES, type Family } from "@clinic/games";
import { GROUP, type PlatformStatistics, type PlatformTable } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { ExportColumn } from "../../platform/exports.ts";
import { notFound } from "../../platform/errors.ts";

/**
 * The statistics app's figures (issue 18.3, admin only): what the platform's clinics did over a
 * range of UTC days, from the tables themselves in one statement.
 *
 * "Active" over the range:
 * - a patient who played a session, did an assigned activity (done_at) or had an accepted
 *   appointment in it;
 * - a therapist (group 3) who assigned an activity (created_at) or held an accepted appointment in it;
 * - a clinic whose patients or therapists (users.clinic_id) were active, or whose own account
 *   assigned or held an appointment.
 * Appointments count when accepted (requests and denials never took place); memberships sold are
 * orders paid in the range and still paid (a refunded order is money returned). The clinic
 * filter keeps the people whose users.clinic_id is that clinic, its appointments (clinic_id)
 * and its orders (clinic_id: the clinic that bought, or whose patient bought).
 */

export interface PlatformQuery {
  since: string;
  to: string;
  clinic?: string | undefined;
}

/** One week's sales in one currency, as the memberships export lists them. */
export interface MembershipSalesRow {
  week: string;
  currency: string;
  sold: number;
  amountCents: number;
}

export interface PlatformFigures extends PlatformStatistics {
  membershipSales: MembershipSalesRow[];
}

interface PlatformRow extends Record<string, unknown> {
  clinic_found: boolean;
  clinic: { id: string; name: string } | null;
  totals: PlatformStatistics["totals"];
  days: PlatformStatistics["sessionsPerDay"];
  activities: PlatformStatistics["topActivities"];
  builds: { buildId: string; family: string; sessions: number; patients: number }[];
  weeks: PlatformStatistics["appointmentsPerWeek"];
  sales: MembershipSalesRow[];
}

export const TOP_ROWS = 10;

export async function platformStatistics(db: Db, query: PlatformQuery): Promise<PlatformFigures> {
  const clinic = query.clinic ?? null;
  // A clinic narrows people to its own (users.clinic_id); without one nobody is looked up.
  const ofClinic = (patient: string) => (clinic === null ? sql`` : sql`join users p on p.id = ${sql.raw(patient)} and p.clinic_id = ${clinic}`);
  const clinicOwn = (column: string) => (clinic === null ? sql`` : sql`and ${sql.raw(column)} = ${clinic}`);
  // Sessions from their daily roll-up (game_session_days, kept by triggers on game_sessions);
  // the rest from the rows, through an index on each column a figure filters by (migration 0032),
  // compared with the range's UTC bounds. Distinct people are counted by hashing, not sorting.
  const result = await db.execute<PlatformRow>(sql`
    with recursive bounds as (
      select (${query.since}::date)::timestamp at time zone 'UTC' as lo, (${query.to}::date + 1)::timestamp at time zone 'UTC' as hi
    ),
    chosen as (
      select u.id, trim(u.nombres || ' ' || u.apellidos) as name from users u
      where u.id = ${clinic} and exists (select 1 from user_groups ug where ug.user_id = u.id and ug.group_id = ${GROUP.clinic})
    ),
    sess as (
      select d.day, d.patient_id, d.activity_id, d.build_id, d.family, d.sessions
      from game_session_days d ${ofClinic("d.patient_id")}
      where d.day between ${query.since}::date and ${query.to}::date
    ),
    done as (
      select a.patient_id from assigned_activities a ${ofClinic("a.patient_id")}, bounds b
      where a.done and a.done_at >= b.lo and a.done_at < b.hi
    ),
    -- Everyone who ever assigned, skipping through the (assigned_by, created_at) index, then
    -- whether they assigned in the range: a probe per person instead of every assignment made.
    assigned_ever(id) as (
      (select a.assigned_by from assigned_activities a where a.assigned_by is not null order by a.assigned_by limit 1)
      union all
      select (select a.assigned_by from assigned_activities a where a.assigned_by > e.id order by a.assigned_by limit 1) from assigned_ever e where e.id is not null
    ),
    assigners as (
      select e.id from assigned_ever e, bounds b
      where e.id is not null and exists (
        select 1 from assigned_activities a ${ofClinic("a.patient_id")}
        where a.assigned_by = e.id and a.created_at >= b.lo and a.created_at < b.hi)
    ),
    appts as (
      select a.patient_id, a.provider_id, a.starts_at from appointments a, bounds b
      where a.status = 'accepted' and a.starts_at >= b.lo and a.starts_at < b.hi ${clinicOwn("a.clinic_id")}
    ),
    active_patients as (select patient_id as id from sess union select patient_id from done union select patient_id from appts),
    active_staff as (select id from assigners union select provider_id from appts),
    people as (select id from active_patients union select id from active_staff),
    active_clinics as (
      select distinct coalesce(u.clinic_id, case when exists (select 1 from user_groups ug where ug.user_id = u.id and ug.group_id = ${GROUP.clinic}) then u.id end) as id
      from users u join people x on x.id = u.id
    ),
    paid as (
      select date_trunc('week', o.paid_at at time zone 'UTC')::date as week, o.currency, o.total_cents
      from orders o, bounds b
      where o.state = 'paid' and o.paid_at >= b.lo and o.paid_at < b.hi ${clinicOwn("o.clinic_id")}
    ),
    patient_days as (select day, patient_id, sum(sessions) as sessions from sess group by day, patient_id),
    activity_patients as (select activity_id, patient_id, sum(sessions) as sessions from sess where activity_id is not null group by activity_id, patient_id),
    build_patients as (select build_id, family, patient_id, sum(sessions) as sessions from sess group by build_id, family, patient_id)
    select
      (${clinic}::text is null or exists (select 1 from chosen)) as clinic_found,
      (select json_build_object('id', c.id, 'name', c.name) from chosen c) as clinic,
      json_build_object(
        'activeClinics', (select count(*) from active_clinics where id is not null ${clinicOwn("id")}),
        'activeTherapists', (select count(*) from active_staff x where exists (select 1 from user_groups ug where ug.user_id = x.id and ug.group_id = ${GROUP.therapist})),
        'activePatients', (select count(*) from active_patients),
        'sessions', (select coalesce(sum(sessions), 0) from sess),
        'appointments', (select count(*) from appts),
        'membershipsSold', (select count(*) from paid)
      ) as totals,
      (select coalesce(json_agg(json_build_object('day', d.day::date::text, 'sessions', coalesce(x.sessions, 0), 'patients', coalesce(x.patients, 0)) order by d.day), '[]')
        from generate_series(${query.since}::date, ${query.to}::date, interval '1 day') as d(day)
        left join (select day, sum(sessions) as sessions, count(*) as patients from patient_days group by day) x on x.day = d.day::date) as days,
      (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'sessions', t.sessions, 'patients', t.patients) order by t.sessions desc, t.name, t.id), '[]')
        from (select a.id, a.name, x.sessions, x.patients
              from (select activity_id, sum(sessions) as sessions, count(*) as patients from activity_patients group by activity_id) x
              join activities a on a.id = x.activity_id
              order by x.sessions desc, a.name, a.id limit ${TOP_ROWS}) t) as activities,
      (select coalesce(json_agg(json_build_object('buildId', t.build_id, 'family', t.family, 'sessions', t.sessions, 'patients', t.patients) order by t.sessions desc, t.build_id), '[]')
        from (select build_id, family, sum(sessions) as sessions, count(*) as patients from build_patients
              group by build_id, family order by sessions desc, build_id limit ${TOP_ROWS}) t) as builds,
      (select coalesce(json_agg(json_build_object('week', w.week::date::text, 'appointments', coalesce(x.n, 0)) order by w.week), '[]')
        from generate_series(date_trunc('week', ${query.since}::date), date_trunc('week', ${query.to}::date), interval '1 week') as w(week)
        left join (select date_trunc('week', starts_at at time zone 'UTC')::date as week, count(*) as n from appts group by 1) x on x.week = w.week::date) as weeks,
      (select coalesce(json_agg(json_build_object('week', p.week::text, 'currency', p.currency, 'sold', p.sold, 'amountCents', p.amount) order by p.week, p.currency), '[]')
        from (select week, currency, count(*) as sold, sum(total_cents)::bigint as amount from paid group by week, currency) p) as sales
  `);
  const row = result.rows[0] as PlatformRow;
  if (!row.clinic_found) throw notFound("No such clinic.");
  const sales = row.sales.map((sale) => ({ ...sale, sold: Number(sale.sold), amountCents: Number(sale.amountCents) }));
  return {
    since: query.since,
    to: query.to,
    clinic: row.clinic,
    totals: row.totals,
    revenue: revenueByCurrency(sales),
    sessionsPerDay: row.days,
    topActivities: row.activities,
    // Sessions of a build no longer in the games catalogue keep their family as stored.
    topBuilds: row.builds
      .filter((build) => (FAMILIES as readonly string[]).includes(build.family))
      .map((build) => ({ ...build, family: build.family as Family })),
    appointmentsPerWeek: row.weeks,
    membershipsPerWeek: weeksOfSales(sales),
    membershipSales: sales,
  };
}

function revenueByCurrency(sales: readonly MembershipSalesRow[]): { currency: string; amountCents: number }[] {
  const totals = new Map<string, number>();
  for (const sale of sales) totals.set(sale.currency, (totals.get(sale.currency) ?? 0) + sale.amountCents);
  return [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amountCents]) => ({ currency, amountCents }));
}

function weeksOfSales(sales: readonly MembershipSalesRow[]): PlatformStatistics["membershipsPerWeek"] {
  const weeks = new Map<string, PlatformStatistics["membershipsPerWeek"][number]>();
  for (const sale of sales) {
    const week = weeks.get(sale.week) ?? { week: sale.week, sold: 0, revenue: [] };
    week.sold += sale.sold;
    week.revenue.push({ currency: sale.currency, amountCents: sale.amountCents });
    weeks.set(sale.week, week);
  }
  return [...weeks.values()];
}

const HEADERS = {
  en: {
    day: "Day",
    week: "Week (Monday)",
    sessions: "Sessions",
    patients: "Patients",
    activity: "Activity",
    build: "Game",
    family: "Family",
    appointments: "Appointments",
    currency: "Currency",
    sold: "Memberships sold",
    revenue: "Revenue",
  },
  es: {
    day: "Día",
    week: "Semana (lunes)",
    sessions: "Sesiones",
    patients: "Pacientes",
    activity: "Actividad",
    build: "Juego",
    family: "Familia",
    appointments: "Citas",
    currency: "Moneda",
    sold: "Membresías vendidas",
    revenue: "Ingresos",
  },
} as const;

const FILE_NAMES: Record<PlatformTable, { en: string; es: string }> = {
  days: { en: "platform-sessions-per-day", es: "plataforma-sesiones-por-dia" },
  activities: { en: "platform-top-activities", es: "plataforma-actividades" },
  builds: { en: "platform-top-games", es: "plataforma-juegos" },
  appointments: { en: "platform-appointments-per-week", es: "plataforma-citas-por-semana" },
  memberships: { en: "platform-memberships", es: "plataforma-membresias" },
};

type Cell = string | number | null;
/** One table of the screen as an export: its columns and rows, headers in `language`. */
export function platformTable(
  figures: PlatformFigures,
  table: PlatformTable,
  language: "en" | "es",
): { name: string; columns: ExportColumn<Cell[]>[]; rows: Cell[][] } {
  const h = HEADERS[language];
  const column = (header: string, index: number, width?: number): ExportColumn<Cell[]> => ({ header, value: (row) => row[index] ?? null, width });
  const name = FILE_NAMES[table][language];
  switch (table) {
    case "days":
      return {
        name,
        columns: [column(h.day, 0, 12), column(h.sessions, 1, 10), column(h.patients, 2, 10)],
        rows: figures.sessionsPerDay.map((day) => [day.day, day.sessions, day.patients]),
      };
    case "activities":
      return {
        name,
        columns: [column(h.activity, 0, 36), column(h.sessions, 1, 10), column(h.patients, 2, 10)],
        rows: figures.topActivities.map((activity) => [activity.name, activity.sessions, activity.patients]),
      };
    case "builds":
      return {
        name,
        columns: [column(h.build, 0, 28), column(h.family, 1, 14), column(h.sessions, 2, 10), column(h.patients, 3, 10)],
        rows: figures.topBuilds.map((build) => [build.buildId, build.family, build.sessions, build.patients]),
      };
    case "appointments":
      return {
        name,
        columns: [column(h.week, 0, 14), column(h.appointments, 1, 12)],
        rows: figures.appointmentsPerWeek.map((week) => [week.week, week.appointments]),
      };
    case "memberships":
      // One row per week and currency; amounts in the currency's units, as a spreadsheet sums them.
      return {
        name,
        columns: [column(h.week, 0, 14), column(h.currency, 1, 10), column(h.sold, 2, 18), column(h.revenue, 3, 12)],
        rows: figures.membershipSales.map((sale) => [sale.week, sale.currency, sale.sold, sale.amountCents / 100]),
      };
  }
}
