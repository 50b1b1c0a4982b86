import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { FAMILY_MEASURES, type PatientStatistics, type PlatformStatistics } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { makeOrder } from "../../../test/billing.ts";
import { assignActivity, makeActivity, makePatient } from "../../../test/factories.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";
import { migrationsFolder } from "../../db/migrate.ts";
import { users } from "../../db/schema.ts";
import { activities } from "../clinic/activities/activities.table.ts";
import { appointments } from "../clinic/appointments/appointments.table.ts";
import { orders } from "../clinic/billing/billing.table.ts";
import { insertPlayedSession } from "../clinic/games/game-session-rows.ts";
import { gameSessionMetrics, gameSessions } from "../clinic/games/games.table.ts";

/**
 * The statistics read roll-ups (migration 0032: each session's metrics on its row, sessions per
 * day in game_session_days, kept by triggers). Here varied rows are written, and figures of both
 * the patient's and the platform's statistics are recomputed straight from the raw rows with
 * plain SQL and compared with what the API answers; then writes (a session added, moved, deleted,
 * an activity or a patient deleted, metrics changed) must move the figures, and the migration's
 * backfill must rebuild the roll-ups from existing rows.
 */
const SINCE = "2019-06-01";
const TO = "2019-06-30";
const LO = `${SINCE}T00:00:00Z`;
const HI = "2019-07-01T00:00:00Z";

let t: TestApp;
let r: RoleCalls;
let patients: string[];
let activityIds: number[];

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const BUILDS = [
  { buildId: "reactor-quick", family: "reactor" },
  { buildId: "activator-quick", family: "activator" },
  { buildId: "optimizer-quick", family: "optimizer" },
] as const;

/** Instants at the edges of UTC days and of the range, some written with an offset. */
const EDGES = [
  "2019-05-31T23:59:59.999Z",
  "2019-06-01T00:00:00Z",
  "2019-06-15T23:30:00-05:00",
  "2019-06-16T00:30:00+02:00",
  "2019-06-30T23:59:59.999Z",
  "2019-07-01T00:00:00Z",
  "2019-06-10T23:59:59.999+00:00",
];

async function addSession(patientId: string, activityIndex: number, endedAt: Date, rand: () => number, withMeasures = true): Promise<number> {
  const build = BUILDS[activityIndex % BUILDS.length] as (typeof BUILDS)[number];
  const [row] = await t.db
    .insert(gameSessions)
    .values({
      sessionKey: randomUUID(),
      patientId,
      activityId: activityIds[activityIndex] ?? null,
      buildId: build.buildId,
      family: build.family,
      startedAt: new Date(endedAt.getTime() - 120_000),
      endedAt,
      durationMs: 60_000 + Math.floor(rand() * 60_000),
      levelStart: 1,
      levelEnd: 1 + Math.floor(rand() * 5),
      motion: 0.5,
      ended: "completed",
      dizzinessBefore: Math.floor(rand() * 10),
      dizzinessAfter: Math.floor(rand() * 10),
      trialCount: 20,
    })
    .returning({ id: gameSessions.id });
  const id = (row as { id: number }).id;
  const names = withMeasures ? ["rt_median_ms", "rt_mean_ms", "accuracy", "level_reached", "trials"] : ["trials"];
  await t.db.insert(gameSessionMetrics).values(names.map((name) => ({ sessionId: id, name, value: Math.round(rand() * 1000) / 10 })));
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,statistics" } });
  r = await signInRoles(t);
  const rand = random(34);
  const quiet = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
  const third = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
  patients = [t.ids.patient, t.ids.patient2, quiet.id, third.id, r.other.patient.id];
  activityIds = [];
  for (const [index, build] of BUILDS.entries()) {
    activityIds.push((await makeActivity(t.db, { name: `Raw ${index} ${build.family}`, type: "game", gameBuildId: build.buildId })).id);
  }
  // Sessions: random instants over the range and a day either side, and every edge for two patients.
  for (let index = 0; index < 80; index++) {
    const patient = patients[Math.floor(rand() * patients.length)] as string;
    const at = new Date(Date.parse("2019-05-31T00:00:00Z") + Math.floor(rand() * 32 * 86_400_000));
    await addSession(patient, Math.floor(rand() * 3), at, rand, rand() > 0.1);
  }
  for (const [index, edge] of EDGES.entries()) {
    await addSession(t.ids.patient, index % 3, new Date(edge), rand);
    await addSession(r.other.patient.id, (index + 1) % 3, new Date(edge), rand);
  }
  // Assignments: dated over the range, done or not, done and made at random instants and at the edges.
  for (let index = 0; index < 60; index++) {
    const done = rand() > 0.4;
    const edge = EDGES[index % EDGES.length] as string;
    await assignActivity(t.db, {
      activityId: activityIds[index % 3] as number,
      patientId: patients[Math.floor(rand() * patients.length)] as string,
      assignedBy: rand() > 0.5 ? t.ids.therapist : rand() > 0.5 ? r.other.therapist.id : null,
      date: `2019-06-${String(1 + Math.floor(rand() * 30)).padStart(2, "0")}`,
      done,
      doneAt: done ? (index % 4 === 0 ? new Date(edge) : new Date(Date.parse(LO) + Math.floor(rand() * 31 * 86_400_000))) : null,
      createdAt: index % 5 === 0 ? new Date(edge) : new Date(Date.parse("2019-05-25T00:00:00Z") + Math.floor(rand() * 40 * 86_400_000)),
    });
  }
  // Appointments: accepted, requested or denied, either clinic, at the edges and within.
  const statuses = ["accepted", "requested", "denied"] as const;
  const appointmentRows = EDGES.concat(["2019-06-05T10:00:00Z", "2019-06-20T16:00:00Z", "2019-06-24T08:00:00Z"]).map((at, index) => {
    const ours = index % 2 === 0;
    return {
      clinicId: ours ? t.ids.clinic : r.other.clinic.id,
      providerId: ours ? t.ids.therapist : r.other.therapist.id,
      patientId: ours ? (patients[index % 4] as string) : r.other.patient.id,
      name: "Check-up",
      description: "",
      startsAt: new Date(at),
      endsAt: new Date(Date.parse(at) + 30 * 60_000),
      duration: 30,
      appointmentType: 1,
      status: statuses[index % 3 === 2 ? 1 : 0] as string,
      timeZone: "UTC",
    };
  });
  appointmentRows.push({ ...(appointmentRows[1] as (typeof appointmentRows)[number]), status: "denied" });
  await t.db.insert(appointments).values(appointmentRows);
  // Orders: paid at the edges and within, in two currencies; pending and cancelled ones that do not count.
  for (const [index, at] of EDGES.entries()) {
    const ours = index % 2 === 0;
    const clinic = ours ? t.ids.clinic : r.other.clinic.id;
    const order = await makeOrder(t.db, { buyerId: clinic, clinicId: clinic, state: index === 3 ? "cancelled" : index === 5 ? "pending" : "paid" });
    await t.db
      .update(orders)
      .set({ paidAt: new Date(at), currency: ours ? "EUR" : "USD", netCents: 1000 + index, totalCents: 1000 + index })
      .where(eq(orders.id, order.id));
  }
});
afterAll(async () => t?.close());

const platform = async (query = ""): Promise<PlatformStatistics> => {
  const response = await r.send("admin", "GET", `/api/statistics/platform?since=${SINCE}&to=${TO}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const patientStats = async (patientId: string, query = ""): Promise<PatientStatistics> => {
  const response = await r.send("admin", "GET", `/api/statistics/?user=${patientId}&since=${SINCE}&to=${TO}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.db.execute(query)).rows as T[];
}

/** The platform's figures, straight from the raw rows (optionally of one clinic's people). */
async function platformFromRows(clinic: string | null) {
  const ofClinic = (column: string) => (clinic === null ? sql`true` : sql`${sql.raw(column)} in (select id from users where clinic_id = ${clinic})`);
  const inRange = (column: string) => sql`${sql.raw(column)} >= ${LO}::timestamptz and ${sql.raw(column)} < ${HI}::timestamptz`;
  const [totals] = await rows<{ sessions: number; patients: number; therapists: number; clinics: number; appointments: number; sold: number }>(sql`
    with patients as (
      select patient_id as id from game_sessions where ${inRange("ended_at")} and ${ofClinic("patient_id")}
      union select patient_id from assigned_activities where done and ${inRange("done_at")} and ${ofClinic("patient_id")}
      union select patient_id from appointments where status = 'accepted' and ${inRange("starts_at")} ${clinic === null ? sql`` : sql`and clinic_id = ${clinic}`}
    ), staff as (
      select assigned_by as id from assigned_activities where assigned_by is not null and ${inRange("created_at")} and ${ofClinic("patient_id")}
      union select provider_id from appointments where status = 'accepted' and ${inRange("starts_at")} ${clinic === null ? sql`` : sql`and clinic_id = ${clinic}`}
    )
    select
      (select count(*)::int from game_sessions where ${inRange("ended_at")} and ${ofClinic("patient_id")}) as sessions,
      (select count(*)::int from patients) as patients,
      (select count(*)::int from staff where id in (select user_id from user_groups where group_id = 3)) as therapists,
      (select count(distinct c)::int from (
        select coalesce(u.clinic_id, case when u.id in (select user_id from user_groups where group_id = 2) then u.id end) as c
        from users u where u.id in (select id from patients union select id from staff)) x
       where c is not null ${clinic === null ? sql`` : sql`and c = ${clinic}`}) as clinics,
      (select count(*)::int from appointments where status = 'accepted' and ${inRange("starts_at")} ${clinic === null ? sql`` : sql`and clinic_id = ${clinic}`}) as appointments,
      (select count(*)::int from orders where state = 'paid' and ${inRange("paid_at")} ${clinic === null ? sql`` : sql`and clinic_id = ${clinic}`}) as sold`);
  const days = await rows<{ day: string; sessions: number; patients: number }>(sql`
    select (ended_at at time zone 'UTC')::date::text as day, count(*)::int as sessions, count(distinct patient_id)::int as patients
    from game_sessions where ${inRange("ended_at")} and ${ofClinic("patient_id")} group by 1 order by 1`);
  const perActivity = await rows<{ id: number; sessions: number; patients: number }>(sql`
    select activity_id as id, count(*)::int as sessions, count(distinct patient_id)::int as patients
    from game_sessions where activity_id is not null and ${inRange("ended_at")} and ${ofClinic("patient_id")} group by 1 order by 2 desc, 1`);
  const perBuild = await rows<{ buildId: string; family: string; sessions: number; patients: number }>(sql`
    select build_id as "buildId", family, count(*)::int as sessions, count(distinct patient_id)::int as patients
    from game_sessions where ${inRange("ended_at")} and ${ofClinic("patient_id")} group by 1, 2 order by 3 desc, 1`);
  const revenue = await rows<{ currency: string; amountCents: number }>(sql`
    select currency, sum(total_cents)::int as "amountCents" from orders
    where state = 'paid' and ${inRange("paid_at")} ${clinic === null ? sql`` : sql`and clinic_id = ${clinic}`} group by 1 order by 1`);
  return { totals: totals as NonNullable<typeof totals>, days, perActivity, perBuild, revenue };
}

async function expectPlatformAgrees(clinic: string | null) {
  const body = await platform(clinic === null ? "" : `&clinic=${clinic}`);
  const raw = await platformFromRows(clinic);
  expect(body.totals).toMatchObject({
    sessions: raw.totals.sessions,
    activePatients: raw.totals.patients,
    activeTherapists: raw.totals.therapists,
    activeClinics: raw.totals.clinics,
    appointments: raw.totals.appointments,
    membershipsSold: raw.totals.sold,
  });
  expect(body.sessionsPerDay.filter((day) => day.sessions > 0)).toEqual(raw.days);
  expect(body.topActivities.map(({ id, sessions, patients }) => ({ id, sessions, patients }))).toEqual(raw.perActivity);
  expect(body.topBuilds).toEqual(raw.perBuild);
  expect(body.revenue).toEqual(raw.revenue);
  return { body, raw };
}

/** A patient's figures, straight from the raw rows: the sessions of the range and their metrics. */
async function expectPatientAgrees(patientId: string, activityId?: number) {
  const body = await patientStats(patientId, activityId === undefined ? "" : `&activity=${activityId}`);
  const sessions = await rows<{ id: number; family: string; level_end: number; duration_ms: number; metrics: Record<string, number> | null }>(sql`
    select s.id, s.family, s.level_end, s.duration_ms,
           (select json_object_agg(m.name, m.value) from game_session_metrics m where m.session_id = s.id) as metrics
    from game_sessions s
    where s.patient_id = ${patientId} and s.ended_at >= ${LO}::timestamptz and s.ended_at < ${HI}::timestamptz
      ${activityId === undefined ? sql`` : sql`and s.activity_id = ${activityId}`}
    order by s.ended_at, s.id`);
  const [assigned] = await rows<{ assigned: number; done: number }>(sql`
    select count(*)::int as assigned, (count(*) filter (where done))::int as done from assigned_activities
    where patient_id = ${patientId} and date between ${SINCE}::date and ${TO}::date ${activityId === undefined ? sql`` : sql`and activity_id = ${activityId}`}`);
  expect(body.data.totals).toMatchObject({
    sessions: sessions.length,
    playedMs: sessions.reduce((sum, session) => sum + session.duration_ms, 0),
    assigned: assigned?.assigned,
    done: assigned?.done,
  });
  expect(body.data.dizziness.map((point) => point.sessionId)).toEqual(sessions.map((session) => session.id));
  // Every measure's points: the sessions of its family that have the metric, with its stored value.
  for (const family of body.data.families) {
    const ofFamily = sessions.filter((session) => session.family === family.family);
    expect(family.sessions).toBe(ofFamily.length);
    for (const measure of family.measures) {
      const expected = ofFamily.flatMap((session) => {
        const value = measure.name === "level_end" ? session.level_end : session.metrics?.[measure.name];
        return value === undefined ? [] : [{ sessionId: session.id, value }];
      });
      expect(
        measure.points.map(({ sessionId, value }) => ({ sessionId, value })),
        `${family.family} ${measure.name}`,
      ).toEqual(expected);
    }
  }
  expect(new Set(body.data.families.map((family) => family.family))).toEqual(new Set(sessions.map((session) => session.family)));
  // The sessions listed carry every metric, as stored.
  for (const listed of body.data.sessions) {
    expect(listed.metrics).toEqual(sessions.find((session) => session.id === listed.id)?.metrics ?? {});
  }
  return body;
}

/** The roll-ups hold exactly what the raw rows say, over every row (not only the range). */
async function expectRollupsExact() {
  const [days] = await rows<{ differing: number; empty: number }>(sql`
    select (select count(*)::int from (
      (select (ended_at at time zone 'UTC')::date as day, patient_id, build_id, family, activity_id, count(*)::int as sessions from game_sessions group by 1, 2, 3, 4, 5
       except all select day, patient_id, build_id, family, activity_id, sessions from game_session_days)
      union all
      (select day, patient_id, build_id, family, activity_id, sessions from game_session_days
       except all select (ended_at at time zone 'UTC')::date, patient_id, build_id, family, activity_id, count(*)::int from game_sessions group by 1, 2, 3, 4, 5)
    ) x) as differing,
    (select count(*)::int from game_session_days where sessions <= 0) as empty`);
  expect(days).toEqual({ differing: 0, empty: 0 });
  const [metrics] = await rows<{ differing: number }>(sql`
    select count(*)::int as differing from game_sessions s
    where s.metrics is distinct from (select jsonb_object_agg(m.name, m.value) from game_session_metrics m where m.session_id = s.id)`);
  expect(metrics).toEqual({ differing: 0 });
}

describe("the statistics agree with the raw rows", () => {
  it("the platform's figures, for every clinic and for one", async () => {
    const { body } = await expectPlatformAgrees(null);
    // The sample is not empty: the edges and the random rows give something to every figure.
    expect(body.totals.sessions).toBeGreaterThan(40);
    expect(body.totals.appointments).toBeGreaterThan(2);
    expect(body.totals.membershipsSold).toBeGreaterThan(2);
    expect(body.totals.activeClinics).toBe(2);
    expect(body.sessionsPerDay.map((day) => day.day)).toHaveLength(30);
    await expectPlatformAgrees(t.ids.clinic);
    await expectPlatformAgrees(r.other.clinic.id);
  });

  it("a patient's figures, for every activity and for one", async () => {
    for (const patientId of [t.ids.patient, r.other.patient.id, patients[2] as string]) {
      const body = await expectPatientAgrees(patientId);
      if (patientId === t.ids.patient) {
        expect(body.data.totals.sessions).toBeGreaterThan(5);
        // Sessions without the family's metrics give no point; level_end always does.
        expect(body.data.families.length).toBeGreaterThan(1);
      }
    }
    await expectPatientAgrees(t.ids.patient, activityIds[0]);
    await expectPatientAgrees(r.other.patient.id, activityIds[1]);
  });

  it("a session at a day's edge counts on its UTC day", async () => {
    const body = await platform(`&clinic=${r.other.clinic.id}`);
    const day = (name: string) => body.sessionsPerDay.find((entry) => entry.day === name)?.sessions ?? 0;
    // 2019-06-15T23:30-05:00 is on the 16th in UTC, 2019-06-16T00:30+02:00 on the 15th.
    const [counted] = await rows<{ d15: number; d16: number }>(sql`
      select (count(*) filter (where (ended_at at time zone 'UTC')::date = '2019-06-15'))::int as d15,
             (count(*) filter (where (ended_at at time zone 'UTC')::date = '2019-06-16'))::int as d16
      from game_sessions where patient_id = ${r.other.patient.id}`);
    expect({ d15: day("2019-06-15"), d16: day("2019-06-16") }).toEqual(counted);
    expect(counted?.d16).toBeGreaterThanOrEqual(1);
    expect(counted?.d15).toBeGreaterThanOrEqual(1);
  });
});

describe("the roll-ups follow every write", () => {
  it("a new session, moved, then deleted, changes the figures at once", async () => {
    await expectRollupsExact();
    const before = await platform();
    const beforePatient = await patientStats(t.ids.patient);
    // Through the helper that writes a session as tests do: the session, then its metrics.
    const id = await insertPlayedSession(t.db, {
      assignmentId: null,
      activityId: activityIds[0] as number,
      patientId: t.ids.patient,
      endedAt: new Date("2019-06-07T12:00:00Z"),
    });
    await expectRollupsExact();
    const added = await platform();
    expect(added.totals.sessions).toBe(before.totals.sessions + 1);
    const day = (body: PlatformStatistics, name: string) => body.sessionsPerDay.find((entry) => entry.day === name)?.sessions;
    expect(day(added, "2019-06-07")).toBe((day(before, "2019-06-07") ?? 0) + 1);
    const withSession = await expectPatientAgrees(t.ids.patient);
    expect(withSession.data.totals.sessions).toBe(beforePatient.data.totals.sessions + 1);
    const rt = withSession.data.families.find((family) => family.family === "reactor")?.measures.find((measure) => measure.name === "rt_median_ms");
    expect(rt?.points.find((point) => point.sessionId === id)?.value).toBe(300);

    // Moved to another day (an update of ended_at): the count follows it.
    await t.db
      .update(gameSessions)
      .set({ endedAt: new Date("2019-06-08T01:00:00Z") })
      .where(eq(gameSessions.id, id));
    await expectRollupsExact();
    const moved = await platform();
    expect(day(moved, "2019-06-07")).toBe(day(before, "2019-06-07"));
    expect(day(moved, "2019-06-08")).toBe((day(before, "2019-06-08") ?? 0) + 1);

    // Its metrics changed and one removed: the session's own copy follows.
    await t.db
      .update(gameSessionMetrics)
      .set({ value: 321 })
      .where(sql`${gameSessionMetrics.sessionId} = ${id} and ${gameSessionMetrics.name} = 'rt_median_ms'`);
    await t.db.delete(gameSessionMetrics).where(sql`${gameSessionMetrics.sessionId} = ${id} and ${gameSessionMetrics.name} = 'accuracy'`);
    await expectRollupsExact();
    await expectPatientAgrees(t.ids.patient);

    await t.db.delete(gameSessions).where(eq(gameSessions.id, id));
    await expectRollupsExact();
    const removed = await platform();
    expect(removed.totals).toEqual(before.totals);
    expect(removed.sessionsPerDay).toEqual(before.sessionsPerDay);
    expect((await patientStats(t.ids.patient)).data.totals.sessions).toBe(beforePatient.data.totals.sessions);
  });

  it("many sessions written in one statement, then an activity and a patient deleted (their cascades)", async () => {
    const patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
    const extra = await makeActivity(t.db, { name: "Raw extra", type: "game", gameBuildId: "reactor-quick" });
    const values = Array.from({ length: 12 }, (_, index) => ({
      sessionKey: randomUUID(),
      patientId: index % 2 === 0 ? patient.id : t.ids.patient2,
      activityId: extra.id,
      buildId: "reactor-quick",
      family: "reactor",
      startedAt: new Date(Date.parse("2019-06-12T10:00:00Z") + index * 3_600_000),
      endedAt: new Date(Date.parse("2019-06-12T10:05:00Z") + index * 3_600_000 * 2),
      durationMs: 60_000,
      levelStart: 1,
      levelEnd: 2,
      motion: 1,
      ended: "completed",
      dizzinessBefore: 1,
      dizzinessAfter: 1,
      trialCount: 0,
    }));
    await t.db.insert(gameSessions).values(values);
    await expectRollupsExact();
    const withExtra = await expectPlatformAgrees(null);
    expect(withExtra.body.topActivities.find((activity) => activity.id === extra.id)).toMatchObject({ sessions: 12, patients: 2 });

    // The activity goes: its sessions stay, with no activity (set null), and leave its row.
    await t.db.delete(activities).where(eq(activities.id, extra.id));
    await expectRollupsExact();
    const withoutActivity = await expectPlatformAgrees(null);
    expect(withoutActivity.body.totals.sessions).toBe(withExtra.body.totals.sessions);
    expect(withoutActivity.body.topActivities.find((activity) => activity.id === extra.id)).toBeUndefined();

    // The patient goes: their sessions go with them.
    await t.db.delete(users).where(eq(users.id, patient.id));
    await expectRollupsExact();
    const withoutPatient = await expectPlatformAgrees(null);
    expect(withoutPatient.body.totals.sessions).toBe(withExtra.body.totals.sessions - 6);
  });
});

describe("migration 0032's backfill", () => {
  /** The statements of the migration that fill the roll-ups from the rows already there. */
  async function backfillStatements(): Promise<string[]> {
    const text = await readFile(path.join(migrationsFolder(), "0032_statistics_rollups.sql"), "utf8");
    return text
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter((statement) => /^(--[^\n]*\n)*(UPDATE game_sessions s SET metrics|INSERT INTO game_session_days)/.test(statement));
  }

  it("rebuilds both roll-ups from the existing rows", async () => {
    const statements = await backfillStatements();
    expect(statements).toHaveLength(2);
    const before = await platform();
    // As before the migration: no roll-up at all (the triggers held off while they are emptied).
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table game_sessions disable trigger user`);
      await tx.execute(sql`alter table game_session_metrics disable trigger user`);
      await tx.execute(sql`update game_sessions set metrics = null`);
      await tx.execute(sql`delete from game_session_days`);
      await tx.execute(sql`alter table game_sessions enable trigger user`);
      await tx.execute(sql`alter table game_session_metrics enable trigger user`);
    });
    expect((await platform()).totals.sessions).toBe(0);
    for (const statement of statements) await t.db.execute(sql.raw(statement));
    await expectRollupsExact();
    expect(await platform()).toEqual(before);
    await expectPatientAgrees(t.ids.patient);
  });
});

// Every family's measures are covered by the raw comparison above, whatever FAMILY_MEASURES holds.
it("the sample's metric names cover the measures of the families it plays", () => {
  for (const build of BUILDS) {
    for (const measure of FAMILY_MEASURES[build.family]) {
      expect(["rt_median_ms", "rt_mean_ms", "accuracy", "level_reached", "level_end"], `${build.family} ${measure.name}`).toContain(measure.name);
    }
  }
});
