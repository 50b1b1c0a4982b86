import { buildById, FAMILIES, type Family } from "@clinic/games";
import { FAMILY_MEASURES, measureTrend, type MyProgress } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";

/** The measures any family follows, the only metrics the highlight reads. */
const MEASURE_NAMES = [...new Set(Object.values(FAMILY_MEASURES).flatMap((measures) => measures.map((measure) => measure.name)))];
/** The window the highlight looks back over. */
export const HIGHLIGHT_DAYS = 30;

interface ProgressRow extends Record<string, unknown> {
  week: string;
  sessions_this_week: number;
  done_this_week: number;
  assigned_this_week: number;
  streak_days: number;
  recent: RecentSession[] | null;
}

/** A session of the last 30 days with the measures it has, oldest first. */
export interface RecentSession {
  activityId: number | null;
  activityName: string | null;
  buildId: string;
  family: string;
  metrics: Record<string, number>;
}

/**
 * The patient's own card (issue 18.5), in one statement: this week's sessions and activities,
 * the streak, and the last 30 days' sessions with their main measures, from which one improving
 * measure is picked to encourage. Days are UTC days, as the assignments'.
 *
 * The streak counts back from today, or from yesterday while today holds nothing yet (the day
 * is not lost before it ends): with the patient's active days newest first, day + (rank − 1)
 * stays equal to that anchor exactly while the days are consecutive.
 */
export async function myProgress(db: Db, patientId: string, language: "en" | "es"): Promise<MyProgress> {
  const result = await db.execute<ProgressRow>(sql`
    with today as (select (now() at time zone 'UTC')::date as d),
    week as (select date_trunc('week', d)::date as monday from today),
    active_days as (
      select (s.ended_at at time zone 'UTC')::date as day from game_sessions s where s.patient_id = ${patientId}
      union
      select (a.done_at at time zone 'UTC')::date from assigned_activities a where a.patient_id = ${patientId} and a.done and a.done_at is not null
    ),
    anchor as (
      select case when exists (select 1 from active_days, today where day = today.d) then today.d else today.d - 1 end as d from today
    ),
    ranked as (
      select day, row_number() over (order by day desc) as rank from active_days, anchor where day <= anchor.d
    )
    select
      (select monday::text from week) as week,
      (select count(*)::int from game_sessions s, week
        where s.patient_id = ${patientId} and s.ended_at >= week.monday::timestamp at time zone 'UTC') as sessions_this_week,
      (select count(*) filter (where a.done)::int from assigned_activities a, week
        where a.patient_id = ${patientId} and a.activate and a.date between week.monday and week.monday + 6) as done_this_week,
      (select count(*)::int from assigned_activities a, week
        where a.patient_id = ${patientId} and a.activate and a.date between week.monday and week.monday + 6) as assigned_this_week,
      (select count(*)::int from ranked, anchor where ranked.day + (ranked.rank - 1)::int = anchor.d) as streak_days,
      (select json_agg(json_build_object(
          'activityId', s.activity_id, 'activityName', act.name, 'buildId', s.build_id, 'family', s.family,
          'metrics', (select coalesce(jsonb_object_agg(m.name, m.value), '{}'::jsonb) from game_session_metrics m
                      where m.session_id = s.id and m.name in (${sql.join(
                        MEASURE_NAMES.map((name) => sql`${name}`),
                        sql`, `,
                      )})) || jsonb_build_object('level_end', s.level_end)
        ) order by s.ended_at, s.id)
        from game_sessions s left join activities act on act.id = s.activity_id
        where s.patient_id = ${patientId} and s.ended_at >= now() - ${`${HIGHLIGHT_DAYS} days`}::interval) as recent
  `);
  const row = result.rows[0] as ProgressRow;
  return {
    week: row.week,
    sessionsThisWeek: row.sessions_this_week,
    doneThisWeek: row.done_this_week,
    assignedThisWeek: row.assigned_this_week,
    streakDays: row.streak_days,
    highlight: pickHighlight(row.recent ?? [], language),
  };
}

/**
 * One improving measure to show: per activity (or game, when its activity is gone) and measure,
 * the trend of the last 30 days; of those improving, the one that moved most against its start.
 * Never a worsening or steady one: the card encourages, it does not assess.
 */
export function pickHighlight(sessions: readonly RecentSession[], language: "en" | "es"): MyProgress["highlight"] {
  const groups = new Map<string, RecentSession[]>();
  for (const session of sessions) {
    if (!(FAMILIES as readonly string[]).includes(session.family)) continue;
    const key = session.activityId !== null ? `a${session.activityId}` : `b${session.buildId}`;
    groups.set(key, [...(groups.get(key) ?? []), session]);
  }
  let best: { highlight: NonNullable<MyProgress["highlight"]>; gain: number } | null = null;
  for (const group of groups.values()) {
    const first = group[0] as RecentSession;
    const family = first.family as Family;
    for (const measure of FAMILY_MEASURES[family]) {
      const points = group.flatMap((session) =>
        typeof session.metrics[measure.name] === "number" ? [{ value: session.metrics[measure.name] as number }] : [],
      );
      const trend = measureTrend(points, measure);
      if (trend?.direction !== "improving") continue;
      const gain = measure.unit === "ratio" ? Math.abs(trend.change) : Math.abs(trend.change) / Math.max(Math.abs(trend.start), 1e-9);
      if (best && best.gain >= gain) continue;
      const activityName = first.activityName ?? buildById(first.buildId)?.title[language] ?? first.buildId;
      best = { gain, highlight: { activityName, family, measure: measure.name, unit: measure.unit, start: trend.start, end: trend.end } };
    }
  }
  return best?.highlight ?? null;
}
