import type { CrmTelemarketStats, CrmTelemarketStatsQuery } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { forbidden } from "../../platform/errors.ts";
import { isCrmAdmin } from "./crm-scope.ts";

/**
 * The statistics per telemarketer (issue 36.4, spec §5: since and to are required): each
 * agent's calls, how many reached someone, conversions and meetings over the days, and the
 * clinic's calls per day. An agent sees their own; a CRM admin every agent of the clinic (the
 * users holding is_crm_agent and not is_admin, as the agent selector of §6) and anyone else who
 * logged a call there. Days are counted in the zone the screen names. One statement.
 */

/** Outcomes where someone answered the phone. */
const CONTACTED = sql.raw("('answered', 'not_interested', 'converted', 'call_back')");

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

export async function telemarketStats(db: Db, actor: Actor, clinicId: string, query: CrmTelemarketStatsQuery): Promise<CrmTelemarketStats> {
  if (!isCrmAdmin(actor) && query.agentId !== undefined && query.agentId !== actor.id) throw forbidden();
  const agentId = isCrmAdmin(actor) ? query.agentId : actor.id;
  const onlyAgent = (column: string) => (agentId ? sql`and ${sql.raw(column)} = ${agentId}` : sql``);
  const { timeZone: zone, since, to } = query;
  const result = await db.execute<{
    agents: { agent_id: string; name: string; calls: number; contacted: number; conversions: number; meetings: number }[];
    days: { day: string; calls: number; contacted: number; conversions: number }[];
  }>(sql`
    with acts as (
      select a.agent_id, a.kind, a.outcome, (a.at at time zone ${zone})::date as day
      from crm_activities a
      where a.clinic_id = ${clinicId}
        and a.at >= (${since}::date::timestamp at time zone ${zone})
        and a.at < ((${to}::date + 1)::timestamp at time zone ${zone})
        ${onlyAgent("a.agent_id")}
    ), people as (
      select u.id from users u
      where u.clinic_id = ${clinicId} and u.is_active and not u.is_admin ${onlyAgent("u.id")}
        and exists (
          select 1 from permissions p where p.codename = 'is_crm_agent' and (
            exists (select 1 from user_groups ug join group_permissions gp on gp.group_id = ug.group_id where ug.user_id = u.id and gp.permission_id = p.id)
            or exists (select 1 from user_permissions up where up.user_id = u.id and up.permission_id = p.id)))
        and not exists (
          select 1 from permissions p where p.codename = 'is_admin' and (
            exists (select 1 from user_groups ug join group_permissions gp on gp.group_id = ug.group_id where ug.user_id = u.id and gp.permission_id = p.id)
            or exists (select 1 from user_permissions up where up.user_id = u.id and up.permission_id = p.id)))
      union
      select agent_id from acts where agent_id is not null
    ), per_agent as (
      select p.id as agent_id, coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) as name,
        count(a.kind) filter (where a.kind = 'call')::int as calls,
        count(a.kind) filter (where a.kind = 'call' and a.outcome in ${CONTACTED})::int as contacted,
        count(a.kind) filter (where a.outcome = 'converted')::int as conversions,
        count(a.kind) filter (where a.kind = 'meeting')::int as meetings
      from people p join users u on u.id = p.id left join acts a on a.agent_id = p.id
      group by p.id, u.nombres, u.apellidos, u.email
    ), per_day as (
      select to_char(d, 'YYYY-MM-DD') as day,
        count(a.kind) filter (where a.kind = 'call')::int as calls,
        count(a.kind) filter (where a.kind = 'call' and a.outcome in ${CONTACTED})::int as contacted,
        count(a.kind) filter (where a.outcome = 'converted')::int as conversions
      from generate_series(${since}::date, ${to}::date, interval '1 day') d left join acts a on a.day = d::date
      group by d
    )
    select (select coalesce(json_agg(per_agent order by lower(name), agent_id), '[]'::json) from per_agent) as agents,
      (select coalesce(json_agg(per_day order by day), '[]'::json) from per_day) as days`);
  const row = result.rows[0] ?? { agents: [], days: [] };
  return {
    agents: row.agents.map((agent) => ({
      agentId: agent.agent_id,
      name: agent.name,
      calls: agent.calls,
      contacted: agent.contacted,
      contactRate: rate(agent.contacted, agent.calls),
      conversions: agent.conversions,
      conversionRate: rate(agent.conversions, agent.calls),
      meetings: agent.meetings,
    })),
    days: row.days,
  };
}
