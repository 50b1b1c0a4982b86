import { CRM_DASHBOARD_DAYS, type CrmDashboard, type CrmDashboardQuery } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Actor, can, clinicOf } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { isCrmAdmin } from "./crm-scope.ts";

/**
 * The CRM's summary (issue 36.3, `/crm/app`), in one statement. CRM admins and CRM clients see
 * their clinic's figures (platform admins: the clinic they name, or every clinic's); an agent
 * sees the clinic's clients and emails but only their own initiatives and calls. "Today" and
 * the days of the chart are days in `timeZone` (UTC unless the screen says its own).
 */

interface DashboardRow {
  clients: number;
  read: number;
  not_readed: number;
  calls_today: number;
  emails_sent: number;
  calls: number;
  converted: number;
  by_day: { day: string; calls: number; converted: number }[];
}

/** Whose figures the actor sees: a clinic's (null: every clinic's) and, for an agent, their own work. */
function scopeOf(actor: Actor, named: string | undefined): { clinic: string | null; agent: string | null } {
  if (actor.isAdmin) return { clinic: named ?? null, agent: null };
  const clinic = clinicOf(actor);
  if (clinic === null) throw notFound();
  return { clinic, agent: !isCrmAdmin(actor) && can(actor, "is_crm_agent") ? actor.id : null };
}

export async function crmDashboard(db: Db, actor: Actor, query: CrmDashboardQuery): Promise<CrmDashboard> {
  const { clinic, agent } = scopeOf(actor, query.clinicId);
  const zone = query.timeZone ?? "UTC";
  const ofClinic = (column: string): SQL => (clinic === null ? sql`` : sql`and ${sql.raw(column)} = ${clinic}`);
  const ofAgent = (column: string): SQL => (agent === null ? sql`` : sql`and ${sql.raw(column)} = ${agent}`);
  const back = CRM_DASHBOARD_DAYS - 1;
  const result = await db.execute<DashboardRow & Record<string, unknown>>(sql`
    with today as (select (now() at time zone ${zone})::date as day),
    -- The window's calls counted once per day: every figure below reads these 14 rows.
    per_day as (
      select (a.at at time zone ${zone})::date as day, count(*)::int as calls, count(*) filter (where a.outcome = 'converted')::int as converted
      from crm_activities a
      where a.kind = 'call' and a.at >= (((select day from today) - ${back}::int)::timestamp at time zone ${zone})
        ${ofClinic("a.clinic_id")} ${ofAgent("a.agent_id")}
      group by 1
    ),
    initiatives as (
      select count(*) filter (where i.state = 'read')::int as read, count(*) filter (where i.state = 'not_readed')::int as not_readed
      from crm_initiatives i where true ${ofClinic("i.clinic_id")} ${ofAgent("i.salesman_id")}
    )
    select
      (select count(*)::int from crm_clients c where true ${ofClinic("c.clinic_id")}) as clients,
      initiatives.read, initiatives.not_readed,
      coalesce((select calls from per_day where per_day.day = (select day from today)), 0) as calls_today,
      (select count(*)::int from crm_campaign_recipients r join crm_campaigns k on k.id = r.campaign_id
        where r.reached_at is not null ${ofClinic("k.clinic_id")}) as emails_sent,
      coalesce((select sum(calls)::int from per_day), 0) as calls,
      coalesce((select sum(converted)::int from per_day), 0) as converted,
      (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'calls', coalesce(p.calls, 0), 'converted', coalesce(p.converted, 0))
          order by d.day)
        from (select (select day from today) - n as day from generate_series(0, ${back}::int) n) d left join per_day p on p.day = d.day) as by_day
    from initiatives`);
  const row = result.rows[0] as DashboardRow;
  const calls = Number(row.calls);
  const converted = Number(row.converted);
  return {
    clients: Number(row.clients),
    initiativesByState: { read: Number(row.read), not_readed: Number(row.not_readed) },
    callsToday: Number(row.calls_today),
    emailsSent: Number(row.emails_sent),
    conversion: { calls, converted, rate: calls === 0 ? null : converted / calls },
    callsByDay: (row.by_day ?? []).map((day) => ({ day: day.day, calls: Number(day.calls), converted: Number(day.converted) })),
  };
}
