// Gives the demo therapist a busy diary for `npm run bench`: a schedule (weekdays 08:00-20:00 in
// Europe/Madrid, 30-minute slots), a service booked from it, and accepted 30-minute appointments
// with the demo patients on that schedule's steps. About half of the weekday slots of the four
// weeks from today are taken, so the free-slot query has real work to do; the rest are spread
// evenly over the two years before and after. One `insert ... select generate_series` statement;
// no two appointments overlap, so the exclusion constraints (one provider, one patient) hold.
//
// `npm run bench` calls it on the server's database once the demo is seeded. By hand:
//   DATABASE_URL=postgres://... npx tsx apps/server/bench/seed-appointments.ts [count]
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";

export const BENCH_TIME_ZONE = "Europe/Madrid";
/** Days the free-slot query covers: today and the next 27, as the web app asks. */
export const SLOT_QUERY_DAYS = 28;
const SCHEDULE_NAME = "Bench weekday hours";
const SERVICE_NAME = "Bench consultation";
/** Weekday slots per calendar day on average (24 half hours, five days in seven). */
const SLOTS_PER_DAY = (24 * 5) / 7;
/** The appointments outside the measured weeks lie at least this many days either side of today. */
const MIN_SPREAD_DAYS = 730;

export interface SeededAppointments {
  inserted: number;
  /** The demo therapist's appointments after seeding. */
  total: number;
  seconds: number;
  serviceId: number;
  /** The range the bench asks for: today (in BENCH_TIME_ZONE) and the next 27 days. */
  from: string;
  to: string;
  /** Held appointments of the therapist starting in that range, and the weekday slots it has. */
  inRange: number;
  slotsInRange: number;
}

/**
 * Adds `count` appointments for the demo therapist unless they already have that many (a reused
 * database); makes the bench schedule and service first if they are missing.
 */
export async function seedAppointments(url: string, count = 10_000, log: (line: string) => void = console.log): Promise<SeededAppointments> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    const people = await client.query<{ email: string; id: string; clinic_id: string | null }>("select email, id, clinic_id from users where email = any($1)", [
      [DEMO_ACCOUNTS.therapist.email, DEMO_ACCOUNTS.patient.email, DEMO_ACCOUNTS.patient2.email],
    ]);
    const therapist = people.rows.find((row) => row.email === DEMO_ACCOUNTS.therapist.email);
    const patients = [DEMO_ACCOUNTS.patient.email, DEMO_ACCOUNTS.patient2.email].flatMap((email) => people.rows.find((row) => row.email === email)?.id ?? []);
    if (!therapist || patients.length === 0) throw new Error("the demo therapist and patients are missing: seed the demo first");

    await client.query("begin");
    const serviceId = await benchService(client, therapist.id, therapist.clinic_id);
    const range = await client.query<{ from: string; to: string }>(
      "select (now() at time zone $1)::date::text as from, ((now() at time zone $1)::date + $2::int)::text as to",
      [BENCH_TIME_ZONE, SLOT_QUERY_DAYS - 1],
    );
    const { from, to } = range.rows[0];
    const before = await countOf(client, therapist.id);
    let inserted = 0;
    if (before >= count) {
      log(`the demo therapist already has ${before} appointments: none seeded`);
    } else {
      const wanted = count - before;
      // Half the weekday slots of the measured weeks (every other one), the rest outside them.
      const inRangeWanted = Math.min(wanted, Math.floor((weekdays(from, SLOT_QUERY_DAYS) * 24) / 2));
      const outside = wanted - inRangeWanted;
      const spreadDays = Math.max(MIN_SPREAD_DAYS, Math.ceil((outside / SLOTS_PER_DAY / 2) * 1.1));
      const result = await client.query(
        `with local_slots as (
           -- Wall-clock half hours of the schedule's weekday hours; none falls in a clock change.
           select g as local_start, g::date between $1::date and $2::date as in_range
           from generate_series(($1::date - $3::int)::timestamp, ($2::date + $3::int + 1)::timestamp - interval '30 minutes', interval '30 minutes') g
           where extract(isodow from g) between 1 and 5 and g::time >= time '08:00' and g::time < time '20:00'
         ), numbered as (
           select local_start, in_range,
                  row_number() over (partition by in_range order by local_start) as n,
                  count(*) over (partition by in_range) as m
           from local_slots
         ), picked as (
           -- In range: every other slot. Outside: $5 of the m slots, evenly spaced.
           select local_start, row_number() over (order by local_start) as k
           from numbered
           where case when in_range then n % 2 = 0 and n / 2 <= $4::int
                      else floor(n * $5::float8 / m) > floor((n - 1) * $5::float8 / m) end
         )
         insert into appointments (clinic_id, provider_id, patient_id, service_id, name, description, starts_at, ends_at,
                                   duration, appointment_type, status, time_zone, created_by)
         select $6::text, $7::text, ($8::text[])[1 + k % array_length($8::text[], 1)], $9::int,
                'Bench session ' || k, 'Seeded by npm run bench: a 30-minute session.',
                local_start at time zone $10::text, (local_start at time zone $10::text) + interval '30 minutes',
                30, 1, 'accepted', $10::text, $7::text
         from picked
         on conflict do nothing`,
        [from, to, spreadDays, inRangeWanted, outside, therapist.clinic_id, therapist.id, patients, serviceId, BENCH_TIME_ZONE],
      );
      inserted = result.rowCount ?? 0;
    }
    await client.query("commit");
    const insertedAt = performance.now();
    if (inserted > 0) await client.query("vacuum analyze appointments");
    const total = await countOf(client, therapist.id);
    const held = await client.query<{ n: string }>(
      `select count(*) as n from appointments
       where provider_id = $1 and status in ('requested', 'accepted')
         and starts_at >= $2::date::timestamp at time zone $4 and starts_at < ($3::date + 1)::timestamp at time zone $4`,
      [therapist.id, from, to, BENCH_TIME_ZONE],
    );
    const inRange = Number(held.rows[0].n);
    const slotsInRange = weekdays(from, SLOT_QUERY_DAYS) * 24;
    const seconds = (performance.now() - started) / 1000;
    if (inserted > 0) {
      log(
        `seeded ${inserted} appointments in ${seconds.toFixed(1)} s (insert ${((insertedAt - started) / 1000).toFixed(1)} s, vacuum analyze ${((performance.now() - insertedAt) / 1000).toFixed(1)} s); ` +
          `the demo therapist now has ${total}, ${inRange} of them from ${from} to ${to} (of ${slotsInRange} weekday slots)`,
      );
    }
    return { inserted, total, seconds, serviceId, from, to, inRange, slotsInRange };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

async function countOf(client: pg.Client, providerId: string): Promise<number> {
  return Number((await client.query<{ n: string }>("select count(*) as n from appointments where provider_id = $1", [providerId])).rows[0].n);
}

/** The bench schedule and its service, made once per database; answers the service's id. */
async function benchService(client: pg.Client, therapistId: string, clinicId: string | null): Promise<number> {
  const found = await client.query<{ id: number }>(
    "select s.id from services s join schedules c on c.id = s.schedule_id where s.provider_id = $1 and s.name = $2 and c.name = $3 order by s.id limit 1",
    [therapistId, SERVICE_NAME, SCHEDULE_NAME],
  );
  if (found.rows[0]) return found.rows[0].id;
  const schedule = await client.query<{ id: number }>(
    `insert into schedules (provider_id, clinic_id, name, description, duration, appointment_types, time_zone, rules)
     values ($1, $2, $3, 'Weekdays from 08:00 to 20:00, for npm run bench.', 30, '{1,2}', $4, $5::jsonb) returning id`,
    [therapistId, clinicId, SCHEDULE_NAME, BENCH_TIME_ZONE, JSON.stringify([{ day: "week", start: "08:00", end: "20:00" }])],
  );
  const service = await client.query<{ id: number }>(
    `insert into services (provider_id, clinic_id, schedule_id, name, description)
     values ($1, $2, $3, $4, 'A 30-minute session booked from the bench schedule.') returning id`,
    [therapistId, clinicId, schedule.rows[0].id, SERVICE_NAME],
  );
  return service.rows[0].id;
}

/** Monday-to-Friday days among `days` days from `from` ("YYYY-MM-DD"). */
function weekdays(from: string, days: number): number {
  let count = 0;
  for (let day = 0; day < days; day += 1) {
    const weekday = new Date(Date.parse(from) + day * 86_400_000).getUTCDay();
    if (weekday >= 1 && weekday <= 5) count += 1;
  }
  return count;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) {
    console.error("Set DATABASE_URL (or BENCH_DATABASE_URL) to the demo database.");
    process.exit(1);
  }
  const count = process.argv[2] ? Number(process.argv[2]) : 10_000;
  if (!Number.isInteger(count) || count < 1) {
    console.error(`The count must be a positive integer, not "${process.argv[2]}".`);
    process.exit(1);
  }
  const seeded = await seedAppointments(url, count);
  console.log(`service ${seeded.serviceId}: GET /api/schedule-service/${seeded.serviceId}?from=${seeded.from}&to=${seeded.to}`);
}
