import { buildById, FAMILIES, type Family } from "@clinic/games";
import {
  type AdherenceDay,
  type AdherenceWeek,
  FAMILY_MEASURES,
  type FamilyStatistics,
  type GameSessionFigures,
  type GlobalActivities,
  type GlobalActivity,
  measureTrend,
  type PatientStatistics,
  STATISTICS_ACTIVITY_SESSIONS,
  STATISTICS_RECENT_SESSIONS,
  type StatisticsActivity,
  type StatisticsQuery,
  type StatisticsSession,
} from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Actor, catalogueScope, patientScope } from "../../../platform/access.ts";
import { notFound } from "../../../platform/errors.ts";
import { activities } from "../activities/activities.table.ts";
import { patientFound } from "../assignments/patient-check.ts";

/**
 * A patient's statistics (spec §2 `statistics`, §7 `GET /api/statistics/`) and the activities'
 * figures across patients (`GET /api/global-activities/`), read with plain SQL over indexed
 * tables: game_sessions by (patient_id, ended_at), each with its metrics on its own row (only the
 * families' main measures are sent, every metric for the few sessions listed), and assigned_activities
 * by (patient_id, date). Trials are never read here. Sessions are dated by ended_at in UTC, the
 * assignments by their own date.
 */

type Reader = Pick<Db, "execute">;

/** The metrics each family follows, in order (level_end is the session's own column). */
const MEASURE_NAMES = Object.fromEntries(
  FAMILIES.map((family) => [family, FAMILY_MEASURES[family].map((measure) => measure.name).filter((name) => name !== "level_end")]),
) as Record<Family, string[]>;

/**
 * A session's family measures as an array in MEASURE_NAMES order, read from the metrics kept on
 * its own row (migration 0032: a trigger copies game_session_metrics there), so no per-session
 * lookup. Names and families are ours, never the caller's.
 */
const measuresArray = sql.raw(
  `case s.family ${FAMILIES.map((family) => `when '${family}' then json_build_array(${MEASURE_NAMES[family].map((name) => `s.metrics -> '${name}'`).join(", ")})`).join(" ")} end`,
);

/** The instant a day starts in UTC, and the instant after `to` ends. */
const startOf = (day: string) => `${day}T00:00:00.000Z`;
function dayAfter(day: string): string {
  return new Date(Date.parse(startOf(day)) + 86_400_000).toISOString().slice(0, 10);
}

/** The Monday that starts a day's ISO week. */
export function mondayOf(day: string): string {
  const date = new Date(startOf(day));
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

export function weeksOf(days: readonly AdherenceDay[]): AdherenceWeek[] {
  const weeks = new Map<string, AdherenceWeek>();
  for (const day of days) {
    const week = mondayOf(day.day);
    const row = weeks.get(week) ?? { week, assigned: 0, done: 0 };
    row.assigned += day.assigned;
    row.done += day.done;
    weeks.set(week, row);
  }
  return [...weeks.values()];
}

const isoOf = (epochMs: number | string) => new Date(Number(epochMs)).toISOString();
const familyOfBuild = (buildId: string | null): Family | null => (buildId ? (buildById(buildId)?.family ?? null) : null);

/** Epoch milliseconds of a timestamp, so JSON carries it without the session's time zone. */
const epochMs = (column: SQL | string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * Per activity: assigned and done of the assignments `a`, sessions and played time of the
 * sessions `s`, and how many patients either touched; as one JSON array, ordered by name.
 */
const perActivityJson = sql.raw(`(select json_agg(json_build_object(
    'id', act.id, 'name', act.name, 'type', act.type, 'buildId', act.game_build_id,
    'assigned', coalesce(x.assigned, 0), 'done', coalesce(x.done, 0), 'sessions', coalesce(y.sessions, 0), 'playedMs', coalesce(y.played, 0),
    'lastDoneAt', (extract(epoch from greatest(x.last_done, y.last_ended)) * 1000)::float8, 'patients', p.patients) order by act.name, act.id)
  from (select activity_id, count(*) as assigned, count(*) filter (where done) as done, max(done_at) filter (where done) as last_done from a group by activity_id) x
  full join (select activity_id, count(*) as sessions, sum(duration_ms) as played, max(ended_at) as last_ended from s where activity_id is not null group by activity_id) y
    using (activity_id)
  join (select activity_id, count(distinct patient_id) as patients
        from (select activity_id, patient_id from a union all select activity_id, patient_id from s where activity_id is not null) touched
        group by activity_id) p using (activity_id)
  join activities act on act.id = activity_id)`);

interface ActivityJson {
  id: number;
  name: string;
  type: string;
  buildId: string | null;
  assigned: number;
  done: number;
  sessions: number;
  playedMs: number;
  lastDoneAt: number | null;
  patients: number;
}

function toActivity(row: ActivityJson): GlobalActivity {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    family: familyOfBuild(row.buildId),
    buildId: row.buildId,
    assigned: Number(row.assigned),
    done: Number(row.done),
    sessions: Number(row.sessions),
    playedMs: Math.round(Number(row.playedMs)),
    lastDoneAt: row.lastDoneAt === null ? null : isoOf(row.lastDoneAt),
    patients: Number(row.patients),
  };
}

interface CheckRow {
  found: boolean;
  patient: { id: string; nombres: string; apellidos: string; email: string; language: string } | null;
  activity: { id: number; name: string; type: string; buildId: string | null } | null;
  first_day: string | null;
  /** The patient's statistics version and the activities table's (what a kept answer is stamped with). */
  versions: string;
}

/** Its name as lists show it ("Nombres Apellidos", else the email). */
const nameOf = (person: { nombres: string; apellidos: string; email: string }) => `${person.nombres} ${person.apellidos}`.trim() || person.email;

/**
 * Statement 1: the patient is in the actor's scope (404 otherwise, before anything is counted),
 * who they are, the activity asked for (visible in the actor's catalogue, or assigned to the
 * patient; 404 otherwise), the patient's first day with an assignment or a session, and the
 * versions a kept answer holds under (statistics_versions, bumped by every write of the patient's
 * sessions or assignments; table_versions of activities, whose names the answer shows).
 */
async function checkPatient(db: Reader, actor: Actor, query: Pick<StatisticsQuery, "user" | "activity">) {
  const activity =
    query.activity === undefined
      ? sql`null::json`
      : sql`(select json_build_object('id', ${activities.id}, 'name', ${activities.name}, 'type', ${activities.type}, 'buildId', ${activities.gameBuildId})
          from ${activities} where ${activities.id} = ${query.activity}
          and (${catalogueScope(actor, activities.clinicId)}
               or exists (select 1 from assigned_activities aa where aa.activity_id = ${activities.id} and aa.patient_id = ${query.user})))`;
  const result = await db.execute<CheckRow & Record<string, unknown>>(sql`select ${patientFound(actor, query.user)} as found,
      (select json_build_object('id', u.id, 'nombres', u.nombres, 'apellidos', u.apellidos, 'email', u.email, 'language', u.language)
        from users u where u.id = ${query.user}) as patient,
      ${activity} as activity,
      least((select min(aa.date) from assigned_activities aa where aa.patient_id = ${query.user}),
            (select (min(gs.ended_at) at time zone 'UTC')::date from game_sessions gs where gs.patient_id = ${query.user}))::text as first_day,
      coalesce((select sv.version from statistics_versions sv where sv.patient_id = ${query.user}), 0) || '.' ||
        coalesce((select tv.version from table_versions tv where tv.name = 'activities'), 0) as versions`);
  const [row] = result.rows;
  if (!row?.found || !row.patient) throw notFound();
  if (query.activity !== undefined && !row.activity) throw notFound();
  return { patient: row.patient, activity: row.activity, firstDay: row.first_day, versions: row.versions };
}
type Checked = Awaited<ReturnType<typeof checkPatient>>;

/** A session of the range, compact: [id, endedAt, family, activityId, levelEnd, before, after, durationMs, measures in MEASURE_NAMES order]. */
type SessionTuple = [number, number, Family, number | null, number, number, number, number, (number | null)[] | null];

interface RangeSession {
  id: number;
  /** ISO, made once per session: the points of every measure and the dizziness share it. */
  endedAt: string;
  family: Family;
  activityId: number | null;
  levelEnd: number;
  before: number;
  after: number;
  durationMs: number;
  /** Only the families' main measures. */
  measures: Record<string, number>;
}

/** One of the sessions listed, with every figure and every metric. */
interface ListedJson {
  id: number;
  buildId: string;
  family: Family;
  startedAt: number;
  endedAt: number;
  durationMs: number;
  levelStart: number;
  levelEnd: number;
  motion: number;
  ended: GameSessionFigures["ended"];
  dizzinessBefore: number;
  dizzinessAfter: number;
  trialCount: number;
  activityId: number | null;
  metrics: Record<string, number> | null;
  receivedAt: number;
}

interface DataRow {
  days: [string, number, number][] | null;
  sessions: SessionTuple[] | null;
  listed: ListedJson[] | null;
  activities: ActivityJson[] | null;
  active_days: number;
}

/**
 * Statement 2: every figure of the range at once. `s` is the patient's sessions of the range
 * (narrowed to the activity and the family), `a` the assignments dated in the range (narrowed to
 * the activity). Every session of the range comes as a compact array with only the families'
 * measures (building an object per session made the statement several times slower); the newest
 * few, listed, come whole with every metric. Activity names come with the per-activity rows.
 */
async function readFigures(db: Reader, query: StatisticsQuery): Promise<DataRow> {
  const listed = query.activity === undefined ? STATISTICS_RECENT_SESSIONS : STATISTICS_ACTIVITY_SESSIONS;
  const result = await db.execute<DataRow & Record<string, unknown>>(sql`with s as (
      select gs.* from game_sessions gs
      where gs.patient_id = ${query.user} and gs.ended_at >= ${startOf(query.since)}::timestamptz and gs.ended_at < ${startOf(dayAfter(query.to))}::timestamptz
        ${query.activity === undefined ? sql`` : sql`and gs.activity_id = ${query.activity}`}
        ${query.family === undefined ? sql`` : sql`and gs.family = ${query.family}`}
    ), a as (
      select aa.activity_id, aa.patient_id, aa.date, aa.done, aa.done_at from assigned_activities aa
      where aa.patient_id = ${query.user} and aa.date between ${query.since}::date and ${query.to}::date
        ${query.activity === undefined ? sql`` : sql`and aa.activity_id = ${query.activity}`}
    )
    select
      (select json_agg(json_build_array(d.day::date::text, coalesce(x.assigned, 0), coalesce(x.done, 0)) order by d.day)
        from generate_series(${query.since}::date, ${query.to}::date, interval '1 day') as d(day)
        left join (select date, count(*) as assigned, count(*) filter (where done) as done from a group by date) x on x.date = d.day::date) as days,
      (select json_agg(json_build_array(s.id, ${epochMs("s.ended_at")}, s.family, s.activity_id, s.level_end, s.dizziness_before, s.dizziness_after,
                                        s.duration_ms, ${measuresArray}) order by s.ended_at, s.id)
        from s) as sessions,
      (select json_agg(json_build_object(
          'id', r.id, 'buildId', r.build_id, 'family', r.family, 'startedAt', ${epochMs("r.started_at")}, 'endedAt', ${epochMs("r.ended_at")},
          'durationMs', r.duration_ms, 'levelStart', r.level_start, 'levelEnd', r.level_end, 'motion', r.motion, 'ended', r.ended,
          'dizzinessBefore', r.dizziness_before, 'dizzinessAfter', r.dizziness_after, 'trialCount', r.trial_count, 'activityId', r.activity_id,
          'metrics', r.metrics, 'receivedAt', ${epochMs("r.created_at")})
          order by r.ended_at desc, r.id desc)
        from (select * from s order by s.ended_at desc, s.id desc limit ${listed}) r) as listed,
      ${perActivityJson} as activities,
      (select count(*) from (select date from a where done union select (ended_at at time zone 'UTC')::date from s) active)::int as active_days`);
  const [row] = result.rows;
  if (!row) throw new Error("The statistics statement answered no row");
  return row;
}

/** The tuple's measure values back under their names; a metric the session lacks stays out. */
function measuresOf(family: Family, values: (number | null)[] | null): Record<string, number> {
  const measures: Record<string, number> = {};
  const names = MEASURE_NAMES[family] ?? [];
  for (let index = 0; index < names.length; index++) {
    const value = values?.[index];
    if (value !== undefined && value !== null) measures[names[index] as string] = value;
  }
  return measures;
}

function familiesOf(sessions: readonly RangeSession[]): FamilyStatistics[] {
  return FAMILIES.flatMap((family) => {
    const ofFamily = sessions.filter((session) => session.family === family);
    if (ofFamily.length === 0) return [];
    const measures = FAMILY_MEASURES[family].map((measure) => {
      const points = ofFamily.flatMap((session) => {
        const value = measure.name === "level_end" ? session.levelEnd : session.measures[measure.name];
        return value === undefined || value === null ? [] : [{ sessionId: session.id, endedAt: session.endedAt, value: Number(value) }];
      });
      return { name: measure.name, unit: measure.unit, better: measure.better, points, trend: measureTrend(points, measure) };
    });
    return [{ family, sessions: ofFamily.length, measures }];
  });
}

function toSession(session: ListedJson, names: ReadonlyMap<number, string>): StatisticsSession {
  return {
    id: session.id,
    buildId: session.buildId,
    startedAt: isoOf(session.startedAt),
    endedAt: isoOf(session.endedAt),
    durationMs: session.durationMs,
    levelStart: session.levelStart,
    levelEnd: session.levelEnd,
    motion: session.motion,
    ended: session.ended,
    dizzinessBefore: session.dizzinessBefore,
    dizzinessAfter: session.dizzinessAfter,
    trialCount: session.trialCount,
    metrics: session.metrics ?? {},
    receivedAt: isoOf(session.receivedAt),
    family: session.family,
    activity: session.activityId === null ? null : { id: session.activityId, name: names.get(session.activityId) ?? "" },
  };
}

/** A patient's statistics, as the exports and the report read them: two statements, the check and the figures. */
export async function patientStatistics(db: Reader, actor: Actor, query: StatisticsQuery): Promise<PatientStatistics> {
  return statisticsOf(db, query, await checkPatient(db, actor, query));
}

/** Kept answers of one database, newest last, within a byte budget. */
interface KeptStatistics {
  answers: Map<string, { stamp: string; body: Buffer }>;
  bytes: number;
}
const KEPT_BYTES = 32 * 1024 * 1024;
/** A longer range's answer is made afresh each time rather than crowding the others out. */
const KEPT_MOST_BYTES = 2 * 1024 * 1024;
const keptByDb = new WeakMap<object, KeptStatistics>();

/**
 * `GET /api/statistics/`: the answer's bytes. The check runs on every call (scope, 404s, and the
 * versions); the figures are read and serialized only when the patient's data, the activities or
 * what the check itself answers changed since this node last made the answer for the same query:
 * one statement then instead of two, on any node, since the versions are read from the database.
 */
export async function patientStatisticsBody(
  db: Reader,
  actor: Actor,
  query: StatisticsQuery,
  serialize: (statistics: PatientStatistics) => string,
): Promise<Buffer> {
  const checked = await checkPatient(db, actor, query);
  let kept = keptByDb.get(db);
  if (!kept) {
    kept = { answers: new Map(), bytes: 0 };
    keptByDb.set(db, kept);
  }
  const key = JSON.stringify([query.user, query.since, query.to, query.activity ?? null, query.family ?? null]);
  const stamp = JSON.stringify([checked.versions, checked.firstDay, checked.patient, checked.activity]);
  const held = kept.answers.get(key);
  if (held?.stamp === stamp) return held.body;
  const body = Buffer.from(serialize(await statisticsOf(db, query, checked)));
  if (held) {
    kept.answers.delete(key);
    kept.bytes -= held.body.length;
  }
  if (body.length <= KEPT_MOST_BYTES) {
    for (const [oldKey, old] of kept.answers) {
      if (kept.bytes + body.length <= KEPT_BYTES) break;
      kept.answers.delete(oldKey);
      kept.bytes -= old.body.length;
    }
    kept.answers.set(key, { stamp, body });
    kept.bytes += body.length;
  }
  return body;
}

async function statisticsOf(db: Reader, query: StatisticsQuery, checked: Checked): Promise<PatientStatistics> {
  const figures = await readFigures(db, query);
  const days: AdherenceDay[] = (figures.days ?? []).map(([day, assigned, done]) => ({ day, assigned: Number(assigned), done: Number(done) }));
  const sessions: RangeSession[] = (figures.sessions ?? []).map(([id, endedAt, family, activityId, levelEnd, before, after, durationMs, values]) => ({
    id,
    endedAt: isoOf(endedAt),
    family,
    activityId,
    levelEnd,
    before,
    after,
    durationMs,
    measures: measuresOf(family, values),
  }));
  const assigned = days.reduce((sum, day) => sum + day.assigned, 0);
  const done = days.reduce((sum, day) => sum + day.done, 0);
  const activityRows: StatisticsActivity[] = (figures.activities ?? []).map((row) => {
    const { patients: _patients, ...activity } = toActivity(row);
    return activity;
  });
  // Every activity with a session in the range has its row, so the sessions take their names from there.
  const activityNames = new Map(activityRows.map((row) => [row.id, row.name]));
  const language = checked.patient.language === "es" ? "es" : "en";
  return {
    patient: { id: checked.patient.id, name: nameOf(checked.patient), language },
    since: query.since,
    to: query.to,
    activity: checked.activity
      ? { id: checked.activity.id, name: checked.activity.name, type: checked.activity.type, family: familyOfBuild(checked.activity.buildId) }
      : null,
    data: {
      totals: {
        assigned,
        done,
        adherence: assigned === 0 ? null : done / assigned,
        sessions: sessions.length,
        playedMs: sessions.reduce((sum, session) => sum + session.durationMs, 0),
        activeDays: Number(figures.active_days),
        firstDay: checked.firstDay,
      },
      days,
      weeks: weeksOf(days),
      families: familiesOf(sessions),
      dizziness: sessions.map((session) => ({
        sessionId: session.id,
        endedAt: session.endedAt,
        activityName: session.activityId === null ? null : (activityNames.get(session.activityId) ?? null),
        before: session.before,
        after: session.after,
      })),
      sessions: (figures.listed ?? []).map((session) => toSession(session, activityNames)),
    },
    activities: activityRows,
  };
}

export interface GlobalActivitiesFilters {
  patient_id?: string;
  date_start: string;
  date_end: string;
}

/**
 * `GET /api/global-activities/`: per activity, the assignments dated in the range and the
 * sessions ended in it, across one patient (404 unless in scope, checked in the same statement)
 * or every patient in the actor's scope. One statement.
 */
export async function globalActivities(db: Reader, actor: Actor, filters: GlobalActivitiesFilters): Promise<GlobalActivities> {
  const patient = filters.patient_id;
  const onePatient = (column: string) => (patient === undefined ? sql`` : sql`and ${sql.raw(column)} = ${patient}`);
  const result = await db.execute<{ found: boolean; activities: ActivityJson[] | null } & Record<string, unknown>>(sql`with s as (
      select gs.activity_id, gs.patient_id, gs.duration_ms, gs.ended_at from game_sessions gs
      where gs.ended_at >= ${startOf(filters.date_start)}::timestamptz and gs.ended_at < ${startOf(dayAfter(filters.date_end))}::timestamptz
        ${onePatient("gs.patient_id")} and ${patientScope(actor, sql.raw("gs.patient_id"))}
    ), a as (
      select aa.activity_id, aa.patient_id, aa.date, aa.done, aa.done_at from assigned_activities aa
      where aa.date between ${filters.date_start}::date and ${filters.date_end}::date
        ${onePatient("aa.patient_id")} and ${patientScope(actor, sql.raw("aa.patient_id"))}
    )
    select ${patient === undefined ? sql`true` : patientFound(actor, patient)} as found, ${perActivityJson} as activities`);
  const [row] = result.rows;
  if (!row?.found) throw notFound();
  return {
    dateStart: filters.date_start,
    dateEnd: filters.date_end,
    patientId: patient ?? null,
    data: (row.activities ?? []).map(toActivity),
  };
}
