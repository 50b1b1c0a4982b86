import type { DashboardSummary } from "@clinic/shared";
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { users } from "./db/schema.ts";
import { DEMO_HISTORY_PEOPLE } from "./demo-accounts.ts";
import { seedDemoHistory } from "./demo-history.ts";
import { appointments } from "./modules/clinic/appointments/appointments.table.ts";
import { assignedActivities, assignedRecommendations } from "./modules/clinic/assignments/assignments.table.ts";
import { addDays } from "./modules/dashboard/dashboard.service.ts";
import { gameSessionMetrics, gameSessions, gameTrials } from "./modules/clinic/games/games.table.ts";
import { today } from "./modules/clinic/memberships/seats.ts";

// The staff home counts from the real today, so the history is anchored on it.
const anchor = today();
let first: TestApp;
let second: TestApp;
const added: boolean[] = [];

beforeAll(async () => {
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
  // One after the other: two seeds at once would only share the two cores.
  added.push(await seedDemoHistory(first.db, anchor));
  added.push(await seedDemoHistory(second.db, anchor));
}, 300_000);
afterAll(async () => Promise.all([first?.close(), second?.close()]));

const summaryOf = async (t: TestApp, role: "therapist" | "clinic" | "admin") => {
  const response = await t.app.inject({ method: "GET", url: "/api/dashboard/summary", headers: { cookie: await t.loginAs(role) } });
  expect(response.statusCode).toBe(200);
  return response.json() as DashboardSummary;
};

/** What the history holds, told by content rather than by ids or write times. */
async function contents(t: TestApp) {
  const email = sql<string>`(select email from users u where u.id = ${assignedActivities.patientId})`;
  const plan = await t.db
    .select({
      email,
      date: assignedActivities.date,
      activity: assignedActivities.activityId,
      done: assignedActivities.done,
      doneAt: assignedActivities.doneAt,
      result: assignedActivities.result,
      favorite: assignedActivities.favorite,
      description: assignedActivities.description,
    })
    .from(assignedActivities)
    .orderBy(asc(email), asc(assignedActivities.date), asc(assignedActivities.activityId));
  const sessions = await t.db
    .select({
      key: gameSessions.sessionKey,
      build: gameSessions.buildId,
      levelStart: gameSessions.levelStart,
      levelEnd: gameSessions.levelEnd,
      startedAt: gameSessions.startedAt,
      trials: gameSessions.trialCount,
    })
    .from(gameSessions)
    .orderBy(asc(gameSessions.startedAt));
  const metrics = await t.db
    .select({ key: gameSessions.sessionKey, name: gameSessionMetrics.name, value: gameSessionMetrics.value })
    .from(gameSessionMetrics)
    .innerJoin(gameSessions, eq(gameSessions.id, gameSessionMetrics.sessionId))
    .orderBy(asc(gameSessions.sessionKey), asc(gameSessionMetrics.name));
  const visits = await t.db
    .select({ patient: appointments.patientId, start: appointments.startsAt, status: appointments.status })
    .from(appointments)
    .orderBy(asc(appointments.startsAt));
  return { plan: plan.map((row) => ({ ...row, result: JSON.stringify(row.result) })), sessions, metrics, visits: visits.length };
}

describe("the demo's history", () => {
  it("is added once: a second start adds nothing", async () => {
    expect(added).toEqual([true, true]);
    const before = await contents(first);
    expect(await seedDemoHistory(first.db, anchor)).toBe(false);
    expect(await contents(first)).toEqual(before);
  });

  it("is the same for the same anchor day", async () => {
    const [a, b] = await Promise.all([contents(first), contents(second)]);
    expect(a.plan.length).toBeGreaterThan(200);
    expect(a.sessions.length).toBeGreaterThan(40);
    expect(b).toEqual(a);
  });

  it("holds weeks of activities done and missed, and games played through the result validation", async () => {
    const rows = await first.db
      .select({ date: assignedActivities.date, done: assignedActivities.done, result: assignedActivities.result })
      .from(assignedActivities);
    const past = rows.filter((row) => row.date < anchor);
    expect(past.some((row) => row.date <= addDays(anchor, -28))).toBe(true);
    expect(past.filter((row) => row.done).length).toBeGreaterThan(past.length / 2);
    expect(past.filter((row) => !row.done).length).toBeGreaterThan(10);
    expect(rows.filter((row) => row.date > anchor && !row.done).length).toBeGreaterThan(30);

    // Every session has its trials and the metrics the server computed from them; its assignment
    // is done with the summary the reply stored.
    const [[sessions], [withTrials], [withMetrics]] = await Promise.all([
      first.db.select({ n: count() }).from(gameSessions),
      first.db.select({ n: sql<number>`count(distinct ${gameTrials.sessionId})::int` }).from(gameTrials),
      first.db.select({ n: sql<number>`count(distinct ${gameSessionMetrics.sessionId})::int` }).from(gameSessionMetrics),
    ]);
    expect(withTrials?.n).toBe(sessions?.n);
    expect(withMetrics?.n).toBe(sessions?.n);
    const played = rows.filter((row) => (row.result as Record<string, unknown> | null)?.game_session !== undefined);
    expect(played.length).toBe(sessions?.n);
    for (const row of played) expect(row.result).toMatchObject({ accuracy: expect.any(Number), rt_median_ms: expect.any(Number), trials: expect.any(Number) });
    // The staircase carried each patient's level from one session of a build to the next.
    const levels = await first.db.select({ start: gameSessions.levelStart, end: gameSessions.levelEnd }).from(gameSessions);
    expect(levels.some((row) => row.start !== 5)).toBe(true);
    // Each reached the clinic as it was played: none reads as synced later.
    const arrivals = await first.db.select({ ended: gameSessions.endedAt, arrived: gameSessions.createdAt }).from(gameSessions);
    for (const row of arrivals) expect(row.arrived.getTime() - row.ended.getTime()).toBe(2_000);
  });

  it("gives the staff homes figures: today's work, and the patient falling behind", async () => {
    const therapist = await summaryOf(first, "therapist");
    if (therapist.role !== "therapist") throw new Error("not a therapist summary");
    expect(therapist.patients).toBe(5);
    expect(therapist.today.total).toBeGreaterThan(0);
    expect(therapist.today.done).toBeGreaterThan(0);
    expect(therapist.today.done).toBeLessThan(therapist.today.total);
    expect(therapist.adherence.patients.map((row) => `${row.nombres} ${row.apellidos}`)).toEqual(["Javier Navarro"]);
    const [javier] = therapist.adherence.patients;
    expect(javier?.missed).toBeGreaterThan(0);
    expect(javier?.lastDone !== null && javier!.lastDone! < addDays(anchor, -3)).toBe(true);

    const clinic = await summaryOf(first, "clinic");
    if (clinic.role !== "clinic") throw new Error("not a clinic summary");
    expect(clinic.therapists).toBe(2);
    expect(clinic.patients).toBe(6);
    expect(clinic.today.total).toBeGreaterThan(therapist.today.total);
    expect(clinic.today.patients.map((row) => row.apellidos)).toContain("Vidal");

    const admin = await summaryOf(first, "admin");
    expect(admin).toMatchObject({ role: "admin", clinics: 1, therapists: 2, patients: 6 });
  });

  it("holds appointments: held in the past and ahead, one denied, one request waiting", async () => {
    const rows = await first.db.select().from(appointments);
    const now = Date.now();
    const accepted = rows.filter((row) => row.status === "accepted");
    expect(accepted.filter((row) => row.startsAt.getTime() < now).length).toBeGreaterThan(8);
    expect(accepted.filter((row) => row.startsAt.getTime() > now).length).toBeGreaterThan(3);
    expect(rows.filter((row) => row.status === "denied")).toHaveLength(1);
    const waiting = rows.filter((row) => row.status === "requested");
    expect(waiting).toHaveLength(1);
    const [carmen] = await first.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_HISTORY_PEOPLE.carmen.email));
    expect(waiting[0]?.patientId).toBe(carmen?.id);
    // The therapist's requests list shows it.
    const requests = await first.app.inject({ method: "GET", url: "/api/request-appointments/", headers: { cookie: await first.loginAs("therapist") } });
    expect(requests.json()).toMatchObject({ total: 1, data: [{ status: "requested", patient: { name: "Carmen Ortega" } }] });
  });

  it("gives recommendations and a nutrition plan, and leaves the first demo patient's recommendations to the walkthroughs", async () => {
    const given = await first.db
      .select({ email: users.email, n: count() })
      .from(assignedRecommendations)
      .innerJoin(users, eq(users.id, assignedRecommendations.patientId))
      .groupBy(users.email);
    const byEmail = Object.fromEntries(given.map((row) => [row.email, row.n]));
    expect(byEmail["patient1@example.com"]).toBeUndefined();
    expect(byEmail[DEMO_HISTORY_PEOPLE.elena.email]).toBe(3);
    const patients = await first.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, [DEMO_HISTORY_PEOPLE.elena.email]));
    const meals = await first.app.inject({
      method: "GET",
      url: `/api/assignActivityList/${patients[0]?.id}/?nutrition=true&rowsPerPage=100`,
      headers: { cookie: await first.loginAs("therapist") },
    });
    expect(meals.statusCode).toBe(200);
    expect(meals.json().total).toBeGreaterThan(5);
  });
});
