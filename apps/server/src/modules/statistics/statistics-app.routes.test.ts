import { randomUUID } from "node:crypto";
import type { PlatformStatistics } from "@clinic/shared";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { makeOrder } from "../../../test/billing.ts";
import { assignActivity, makeActivity, makePatient } from "../../../test/factories.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { auditEvents } from "../../db/schema.ts";
import { appointments } from "../clinic/appointments/appointments.table.ts";
import { orders } from "../clinic/billing/billing.table.ts";
import { gameSessions } from "../clinic/games/games.table.ts";

/**
 * The statistics app's figures over two weeks of March 2021 (a Monday to a Sunday, well before
 * any demo row), hand-counted below: the demo clinic (A) and a second clinic (B).
 */
const SINCE = "2021-03-01";
const TO = "2021-03-14";
const RANGE = `since=${SINCE}&to=${TO}`;

let t: TestApp;
let r: RoleCalls;
let alpha: number;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,statistics" } });
  r = await signInRoles(t);
  const other = r.other;
  alpha = (await makeActivity(t.db, { name: "Alpha reactions", type: "game", gameBuildId: "reactor-test" })).id;
  const beta = (await makeActivity(t.db, { name: "Beta levels", type: "game", gameBuildId: "optimizer-test" })).id;
  const session = (patientId: string, activityId: number, endedAt: string) => {
    const build = activityId === alpha ? { buildId: "reactor-test", family: "reactor" } : { buildId: "optimizer-test", family: "optimizer" };
    const ended = new Date(endedAt);
    return {
      sessionKey: randomUUID(),
      patientId,
      activityId,
      ...build,
      startedAt: new Date(ended.getTime() - 60_000),
      endedAt: ended,
      durationMs: 60_000,
      levelStart: 1,
      levelEnd: 2,
      motion: 1,
      ended: "completed",
      dizzinessBefore: 0,
      dizzinessAfter: 0,
      trialCount: 10,
    };
  };
  await t.db.insert(gameSessions).values([
    // Clinic A: Pablo twice on the 1st and once on the 3rd, Paula on the 3rd.
    session(t.ids.patient, alpha, "2021-03-01T09:00:00Z"),
    session(t.ids.patient, alpha, "2021-03-01T23:59:59Z"),
    session(t.ids.patient, beta, "2021-03-03T10:00:00Z"),
    session(t.ids.patient2, alpha, "2021-03-03T11:00:00Z"),
    // Clinic B: its patient on the 10th.
    session(other.patient.id, beta, "2021-03-10T08:00:00Z"),
    // Just outside the range on both sides.
    session(t.ids.patient, alpha, "2021-02-28T23:59:59Z"),
    session(other.patient.id, beta, "2021-03-15T00:00:00Z"),
  ]);
  // Clinic A: a patient who only did an assigned activity, assigned by the demo therapist.
  const quiet = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
  await assignActivity(t.db, {
    activityId: alpha,
    patientId: quiet.id,
    assignedBy: t.ids.therapist,
    date: "2021-03-05",
    done: true,
    doneAt: new Date("2021-03-05T12:00:00Z"),
    createdAt: new Date("2021-03-04T12:00:00Z"),
  });
  // Clinic B: one accepted appointment (week of the 8th); a request, which does not count.
  const appointment = (status: "accepted" | "requested", startsAt: string) => ({
    clinicId: other.clinic.id,
    providerId: other.therapist.id,
    patientId: other.patient.id,
    name: "Check-up",
    description: "",
    startsAt: new Date(startsAt),
    endsAt: new Date(new Date(startsAt).getTime() + 30 * 60_000),
    duration: 30,
    appointmentType: 1,
    status,
    timeZone: "UTC",
  });
  await t.db.insert(appointments).values([appointment("accepted", "2021-03-09T10:00:00Z"), appointment("requested", "2021-03-02T10:00:00Z")]);
  // Orders: one paid by clinic A (EUR, week of the 1st), one by clinic B (USD, week of the 8th), one pending.
  const paidA = await makeOrder(t.db, { buyerId: t.ids.clinic, clinicId: t.ids.clinic, state: "paid" });
  await t.db
    .update(orders)
    .set({ paidAt: new Date("2021-03-02T15:00:00Z") })
    .where(eq(orders.id, paidA.id));
  const paidB = await makeOrder(t.db, { buyerId: other.clinic.id, clinicId: other.clinic.id, state: "paid" });
  await t.db
    .update(orders)
    .set({ paidAt: new Date("2021-03-09T15:00:00Z"), currency: "USD", netCents: 1000, totalCents: 1000 })
    .where(eq(orders.id, paidB.id));
  await makeOrder(t.db, { buyerId: t.ids.clinic, clinicId: t.ids.clinic, state: "pending" });
});
afterAll(async () => t?.close());

const figures = async (query: string): Promise<PlatformStatistics> => {
  const response = await r.send("admin", "GET", `/api/statistics/platform?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe("GET /api/statistics/platform", () => {
  it("answers the admin the platform's figures, hand-counted", async () => {
    const body = await figures(RANGE);
    expect(body.since).toBe(SINCE);
    expect(body.clinic).toBeNull();
    // Patients: Pablo, Paula, B's patient (sessions, appointment), the quiet one (done); therapists: A's (assigned), B's (appointment).
    expect(body.totals).toEqual({ activeClinics: 2, activeTherapists: 2, activePatients: 4, sessions: 5, appointments: 1, membershipsSold: 2 });
    expect(body.revenue).toEqual([
      { currency: "EUR", amountCents: 4990 },
      { currency: "USD", amountCents: 1000 },
    ]);
    expect(body.sessionsPerDay).toHaveLength(14);
    expect(body.sessionsPerDay.filter((day) => day.sessions > 0)).toEqual([
      { day: "2021-03-01", sessions: 2, patients: 1 },
      { day: "2021-03-03", sessions: 2, patients: 2 },
      { day: "2021-03-10", sessions: 1, patients: 1 },
    ]);
    expect(body.sessionsPerDay[1]).toEqual({ day: "2021-03-02", sessions: 0, patients: 0 });
    expect(body.topActivities.map(({ name, sessions, patients }) => ({ name, sessions, patients }))).toEqual([
      { name: "Alpha reactions", sessions: 3, patients: 2 },
      { name: "Beta levels", sessions: 2, patients: 2 },
    ]);
    expect(body.topBuilds).toEqual([
      { buildId: "reactor-test", family: "reactor", sessions: 3, patients: 2 },
      { buildId: "optimizer-test", family: "optimizer", sessions: 2, patients: 2 },
    ]);
    expect(body.appointmentsPerWeek).toEqual([
      { week: "2021-03-01", appointments: 0 },
      { week: "2021-03-08", appointments: 1 },
    ]);
    expect(body.membershipsPerWeek).toEqual([
      { week: "2021-03-01", sold: 1, revenue: [{ currency: "EUR", amountCents: 4990 }] },
      { week: "2021-03-08", sold: 1, revenue: [{ currency: "USD", amountCents: 1000 }] },
    ]);
  });

  it("narrows every figure to one clinic", async () => {
    const body = await figures(`${RANGE}&clinic=${t.ids.clinic}`);
    expect(body.clinic).toEqual({ id: t.ids.clinic, name: "Clínica Vestibular Norte" });
    expect(body.totals).toEqual({ activeClinics: 1, activeTherapists: 1, activePatients: 3, sessions: 4, appointments: 0, membershipsSold: 1 });
    expect(body.revenue).toEqual([{ currency: "EUR", amountCents: 4990 }]);
    expect(body.topActivities.map(({ id, sessions, patients }) => ({ id, sessions, patients }))[0]).toEqual({ id: alpha, sessions: 3, patients: 2 });
    expect(body.topBuilds).toEqual([
      { buildId: "reactor-test", family: "reactor", sessions: 3, patients: 2 },
      { buildId: "optimizer-test", family: "optimizer", sessions: 1, patients: 1 },
    ]);
    expect(body.appointmentsPerWeek.every((week) => week.appointments === 0)).toBe(true);
  });

  it("answers empty figures, every day still listed, over a range with nothing", async () => {
    const body = await figures(`since=2020-01-01&to=2020-01-03&clinic=${r.other.clinic.id}`);
    expect(body.totals).toEqual({ activeClinics: 0, activeTherapists: 0, activePatients: 0, sessions: 0, appointments: 0, membershipsSold: 0 });
    expect(body.sessionsPerDay.map((day) => day.day)).toEqual(["2020-01-01", "2020-01-02", "2020-01-03"]);
    expect(body.revenue).toEqual([]);
    expect(body.membershipsPerWeek).toEqual([]);
    expect(body.topActivities).toEqual([]);
  });

  it("reads in one statement, and leaves an audit record", async () => {
    const seen = await statementsBeyondIdentity(t.database.pool, () => r.send("admin", "GET", `/api/statistics/platform?${RANGE}&clinic=${t.ids.clinic}`));
    const reads = seen.own.filter((text) => !/^\s*insert\b/i.test(text));
    expect(reads.length, describeStatements(seen.statements)).toBe(1);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "statistics.platform.read"), eq(auditEvents.actorId, t.ids.admin), sql`${auditEvents.detail}->>'clinic' = ${t.ids.clinic}`),
      );
    expect(audit).toMatchObject({ outcome: "ok", subjectUserId: null });
  });

  it("refuses every other role (403) and asks who is calling (401)", async () => {
    for (const who of ["clinic", "therapist", "patient", "otherClinic"] as const) {
      expect((await r.send(who, "GET", `/api/statistics/platform?${RANGE}`)).statusCode, who).toBe(403);
      expect((await r.send(who, "GET", `/api/statistics/platform/export?${RANGE}&table=days&format=csv`)).statusCode, who).toBe(403);
    }
    expect((await r.send(null, "GET", `/api/statistics/platform?${RANGE}`)).statusCode).toBe(401);
  });

  it("does not exist while the module is switched off (404 for everyone, admins included)", async () => {
    await t.app.flags.set("statistics", false, t.ids.admin);
    try {
      for (const who of ["admin", "therapist", null] as const) {
        expect((await r.send(who, "GET", `/api/statistics/platform?${RANGE}`)).statusCode, String(who)).toBe(404);
        expect((await r.send(who, "GET", `/api/statistics/platform/export?${RANGE}&table=days&format=csv`)).statusCode, String(who)).toBe(404);
      }
    } finally {
      await t.app.flags.set("statistics", true, t.ids.admin);
    }
  });

  it.each([
    ["since after to", "since=2021-03-10&to=2021-03-01", "to"],
    ["a range over five years", "since=2015-01-01&to=2021-01-01", "to"],
    ["not a date", "since=yesterday&to=2021-03-01", "since"],
    ["no such day", "since=2021-02-30&to=2021-03-01", "since"],
    ["since missing", "to=2021-03-01", "since"],
    ["a clinic id that is no id", `${RANGE}&clinic=${"x".repeat(300)}`, "clinic"],
  ])("answers 400 for %s", async (_label, query, field) => {
    const response = await r.send("admin", "GET", `/api/statistics/platform?${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toContain(field);
  });

  it("answers 404 for a clinic that does not exist, or a user who is not a clinic", async () => {
    expect((await r.send("admin", "GET", `/api/statistics/platform?${RANGE}&clinic=${randomUUID()}`)).statusCode).toBe(404);
    expect((await r.send("admin", "GET", `/api/statistics/platform?${RANGE}&clinic=${t.ids.therapist}`)).statusCode).toBe(404);
  });
});

describe("GET /api/statistics/platform/export", () => {
  it("exports the sessions per day as CSV, read back", async () => {
    const response = await r.send("admin", "GET", `/api/statistics/platform/export?${RANGE}&table=days&format=csv&language=en`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="platform-sessions-per-day-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, "").trim()).data;
    expect(rows[0]).toEqual(["Day", "Sessions", "Patients"]);
    expect(rows).toHaveLength(15);
    expect(rows[1]).toEqual(["2021-03-01", "2", "1"]);
    expect(rows[3]).toEqual(["2021-03-03", "2", "2"]);
  });

  it("exports the memberships sold as XLSX in Spanish, read back", async () => {
    const response = await r.send("admin", "GET", `/api/statistics/platform/export?${RANGE}&table=memberships&format=xlsx&language=es`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain("plataforma-membresias-");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values).toEqual([
      ["Semana (lunes)", "Moneda", "Membresías vendidas", "Ingresos"],
      ["2021-03-01", "EUR", 1, 49.9],
      ["2021-03-08", "USD", 1, 10],
    ]);
  });

  it("exports the most played activities of one clinic, and refuses an unknown table (400)", async () => {
    const response = await r.send("admin", "GET", `/api/statistics/platform/export?${RANGE}&clinic=${t.ids.clinic}&table=activities&format=csv&language=en`);
    const rows = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, "").trim()).data;
    expect(rows).toEqual([
      ["Activity", "Sessions", "Patients"],
      ["Alpha reactions", "3", "2"],
      ["Beta levels", "1", "1"],
    ]);
    expect((await r.send("admin", "GET", `/api/statistics/platform/export?${RANGE}&table=secrets&format=csv`)).statusCode).toBe(400);
  });
});
