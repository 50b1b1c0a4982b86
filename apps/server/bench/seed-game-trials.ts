// Fills the game tables for `npm run bench` (issue 18.6): `count` game trials (default 1 000 000)
// in sessions of 40 trials, each session with its metrics and a done assignment. The demo patient
// plays three sessions a day over the last 90 days (the statistics call measured), alternating a
// Reactor and an Activator build; the rest belong to many patients of the demo clinic, spread over
// the last year. A handful of `insert ... select generate_series` statements in one transaction.
// The statistics' roll-ups (game_sessions.metrics, game_session_days: migration 0032) are filled by
// the same triggers that keep them when the server stores a session, so nothing here writes them.
//
// `npm run bench` calls it on the server's database once the demo is seeded. By hand:
//   DATABASE_URL=postgres://... npx tsx apps/server/bench/seed-game-trials.ts [count]
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";

export const TRIALS_PER_SESSION = 40;
/** The days the measured statistics call covers: today and the 89 before. */
export const STATISTICS_BENCH_DAYS = 90;
const TARGET_SESSIONS_PER_DAY = 3;
/** Patients the other sessions are spread over. */
const OTHER_PATIENTS = 2000;
const ACTIVITY_PREFIX = "Bench game";
const BUILDS = [
  { build: "reactor-quick", family: "reactor" },
  { build: "activator-quick", family: "activator" },
] as const;

export interface SeededTrials {
  inserted: number;
  /** Trials in the table after seeding. */
  total: number;
  sessions: number;
  targetSessions: number;
  seconds: number;
  /** The measured patient and range (YYYY-MM-DD, UTC days). */
  patientId: string;
  since: string;
  to: string;
}

export async function seedGameTrials(url: string, count = 1_000_000, log: (line: string) => void = console.log): Promise<SeededTrials> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    const people = await client.query<{ email: string; id: string; clinic_id: string | null }>("select email, id, clinic_id from users where email = any($1)", [
      [DEMO_ACCOUNTS.patient.email, DEMO_ACCOUNTS.therapist.email],
    ]);
    const patient = people.rows.find((row) => row.email === DEMO_ACCOUNTS.patient.email);
    const therapist = people.rows.find((row) => row.email === DEMO_ACCOUNTS.therapist.email);
    if (!patient?.clinic_id || !therapist) throw new Error("the demo patient and therapist are missing: seed the demo first");
    const range = await client.query<{ since: string; to: string }>(
      "select ((now() at time zone 'UTC')::date - $1::int)::text as since, (now() at time zone 'UTC')::date::text as to",
      [STATISTICS_BENCH_DAYS - 1],
    );
    const { since, to } = range.rows[0];
    const before = Number((await client.query<{ n: string }>("select count(*) as n from game_trials")).rows[0].n);
    let inserted = 0;
    if (before >= count) {
      log(`the game tables already hold ${before} trials: none seeded`);
    } else {
      const sessions = Math.ceil((count - before) / TRIALS_PER_SESSION);
      const targetSessions = Math.min(sessions, STATISTICS_BENCH_DAYS * TARGET_SESSIONS_PER_DAY);
      await client.query("begin");
      const activityIds: number[] = [];
      for (const [index, { build }] of BUILDS.entries()) {
        const name = `${ACTIVITY_PREFIX} ${index + 1} (${build})`;
        const found = await client.query<{ id: number }>("select id from activities where name = $1 and clinic_id = $2", [name, patient.clinic_id]);
        const id =
          found.rows[0]?.id ??
          (
            await client.query<{ id: number }>(
              "insert into activities (name, description, type, game_build_id, clinic_id, created_by) values ($1, $2, 'game', $3, $4, $5) returning id",
              [name, "<p>Seeded by npm run bench.</p>", build, patient.clinic_id, therapist.id],
            )
          ).rows[0].id;
        activityIds.push(id);
      }
      // The other patients: accounts of the demo clinic (no sign-in: no password), in the patient group.
      await client.query(
        `insert into users (id, name, email, nombres, apellidos, clinic_id)
         select md5('bench-patient-' || g)::uuid::text, 'Bench patient ' || g, 'bench-patient-' || g || '@bench.example', 'Bench', 'Patient ' || g, $2
         from generate_series(1, $1::int) g on conflict do nothing`,
        [OTHER_PATIENTS, patient.clinic_id],
      );
      await client.query(
        `insert into user_groups (user_id, group_id) select md5('bench-patient-' || g)::uuid::text, 1 from generate_series(1, $1::int) g on conflict do nothing`,
        [OTHER_PATIENTS],
      );
      // One row per session: who, when (UTC), which of the builds. The target's come first.
      await client.query(
        `create temporary table bench_plan on commit drop as
         select n, patient_id, ended_at, n % 2 as slot from (
           select row_number() over () as n, $1::text as patient_id,
                  ($2::date + d)::timestamp at time zone 'UTC' + interval '8 hours' + k * interval '4 hours' as ended_at
           from generate_series(0, $3::int - 1) d, generate_series(0, $4::int - 1) k
           limit $5::int
         ) target
         union all
         select $5::int + g, md5('bench-patient-' || (1 + g % $6::int))::uuid::text,
                (now() at time zone 'UTC')::date::timestamp at time zone 'UTC' - (g % 365) * interval '1 day' + (g % 12) * interval '1 hour' + interval '7 hours'
                , g % 2
         from generate_series(1, $7::int) g`,
        [patient.id, since, STATISTICS_BENCH_DAYS, TARGET_SESSIONS_PER_DAY, targetSessions, OTHER_PATIENTS, sessions - targetSessions],
      );
      const builds = `(values ${BUILDS.map((entry, index) => `(${index}, ${activityIds[index]}, '${entry.build}', '${entry.family}')`).join(", ")}) as b(slot, activity_id, build_id, family)`;
      await client.query(
        `insert into assigned_activities (activity_id, patient_id, assigned_by, date, duration, done, done_at)
         select b.activity_id, p.patient_id, $1, (p.ended_at at time zone 'UTC')::date, 10, true, p.ended_at
         from bench_plan p join ${builds} using (slot)`,
        [therapist.id],
      );
      // The sessions, keyed by the plan's number so trials and metrics find them.
      await client.query(
        `create temporary table bench_sessions on commit drop as
         with made as (
           insert into game_sessions (session_key, activity_id, patient_id, build_id, family, started_at, ended_at, duration_ms,
                                      level_start, level_end, motion, ended, dizziness_before, dizziness_after, trial_count)
           select md5('bench-session-' || p.n || '-' || p.patient_id)::uuid, b.activity_id, p.patient_id, b.build_id, b.family,
                  p.ended_at - interval '150 seconds', p.ended_at, 120000 + (p.n % 30) * 1000,
                  1 + (p.n % 5), 1 + (p.n % 5) + (p.n % 2), 1, 'completed', 2 + (p.n % 4), 1 + (p.n % 3), ${TRIALS_PER_SESSION}
           from bench_plan p join ${builds} using (slot)
           returning id
         ) select id from made`,
      );
      const trials = await client.query(
        `insert into game_trials (session_id, trial_index, kind, condition, level, shown_at, responded_at, rt_ms, correct, outcome, value)
         select s.id, t, 'go', 'default', 1, 2000.0 * (t + 1), 2000.0 * (t + 1) + 250 + (s.id + t) % 200, 250 + (s.id + t) % 200,
                (s.id + t) % 6 <> 0, case when (s.id + t) % 6 <> 0 then 'hit' else 'miss' end, null
         from bench_sessions s, generate_series(0, ${TRIALS_PER_SESSION - 1}) t`,
      );
      inserted = trials.rowCount ?? 0;
      // The metrics the server computes from trials, as plausible figures per session.
      await client.query(
        `insert into game_session_metrics (session_id, name, value)
         select s.id, m.name, m.value from bench_sessions s,
         lateral (values ('trials', ${TRIALS_PER_SESSION}::float8), ('correct', 30 + s.id % 10), ('accuracy', (30 + s.id % 10) / ${TRIALS_PER_SESSION}.0),
                         ('rt_median_ms', 280 + s.id % 120), ('rt_mean_ms', 290 + s.id % 120), ('omissions', s.id % 4)) as m(name, value)`,
      );
      await client.query("commit");
      log(`seeded ${sessions} game sessions with ${inserted} trials (${targetSessions} of the demo patient from ${since} to ${to})`);
      for (const table of ["game_sessions", "game_trials", "game_session_metrics", "game_session_days", "assigned_activities", "users", "user_groups"]) {
        await client.query(`vacuum analyze ${table}`);
      }
    }
    const total = Number((await client.query<{ n: string }>("select count(*) as n from game_trials")).rows[0].n);
    const counts = await client.query<{ sessions: string; target: string }>(
      `select count(*) as sessions, count(*) filter (where patient_id = $1 and ended_at >= $2::date::timestamp at time zone 'UTC') as target from game_sessions`,
      [patient.id, since],
    );
    return {
      inserted,
      total,
      sessions: Number(counts.rows[0].sessions),
      targetSessions: Number(counts.rows[0].target),
      seconds: (performance.now() - started) / 1000,
      patientId: patient.id,
      since,
      to,
    };
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is required");
  const seeded = await seedGameTrials(url, process.argv[2] ? Number(process.argv[2]) : undefined);
  console.log(seeded);
}
