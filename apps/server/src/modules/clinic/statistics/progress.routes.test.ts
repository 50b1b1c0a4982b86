import { randomUUID } from "node:crypto";
import type { MyProgress } from "@clinic/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { assignActivity, makeActivity, makePatient } from "../../../../test/factories.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../../test/statements.ts";
import { gameSessionMetrics, gameSessions } from "../games/games.table.ts";
import { pickHighlight } from "./progress.service.ts";

/**
 * The patient's own card over rows placed relative to now: sessions 1, 2 and 3 days ago and 5
 * days ago (a gap on the 4th), reaction times falling over the last month, accuracy falling too
 * (which the card never mentions).
 */
const DAY = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const today = utcDay(Date.now());
/** Noon UTC `daysAgo` days back: the same UTC day wherever the clock stands. */
const noon = (daysAgo: number) => new Date(Date.parse(`${today}T12:00:00Z`) - daysAgo * DAY);
const monday = (() => {
  const date = new Date(`${today}T00:00:00Z`);
  return utcDay(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY);
})();

let t: TestApp;
let patient: { id: string; cookie: string };
let activityId: number;
let sessionDays: number[];

const call = (cookie: string | null) => t.app.inject({ method: "GET", url: "/api/statistics/me", headers: cookie ? { cookie } : {} });

async function addSession(daysAgo: number, rt: number, accuracy: number) {
  const ended = noon(daysAgo);
  const [row] = await t.db
    .insert(gameSessions)
    .values({
      sessionKey: randomUUID(),
      patientId: patient.id,
      activityId,
      buildId: "reactor-simple",
      family: "reactor",
      startedAt: new Date(ended.getTime() - 60_000),
      endedAt: ended,
      durationMs: 60_000,
      levelStart: 2,
      levelEnd: 2,
      motion: 1,
      ended: "completed",
      dizzinessBefore: 1,
      dizzinessAfter: 1,
      trialCount: 20,
    })
    .returning({ id: gameSessions.id });
  await t.db.insert(gameSessionMetrics).values([
    { sessionId: row?.id as number, name: "rt_median_ms", value: rt },
    { sessionId: row?.id as number, name: "accuracy", value: accuracy },
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  const made = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
  patient = { id: made.id, cookie: await t.login(made.email, made.password) };
  activityId = (await makeActivity(t.db, { name: "Quick hands", type: "game", gameBuildId: "reactor-simple" })).id;
  // Oldest first: 520, 500 | 480, 470 | 440, 420 ms; accuracy slipping from 0.95 to 0.80.
  const plays: [number, number, number][] = [
    [25, 520, 0.95],
    [20, 500, 0.95],
    [5, 480, 0.9],
    [3, 470, 0.85],
    [2, 440, 0.8],
    [1, 420, 0.8],
  ];
  sessionDays = plays.map(([daysAgo]) => daysAgo);
  for (const [daysAgo, rt, accuracy] of plays) await addSession(daysAgo, rt, accuracy);
  // This week's assignments: one done, one not, one held back by the therapist (not counted).
  await assignActivity(t.db, { activityId, patientId: patient.id, date: monday, done: true, doneAt: noon(40) });
  await assignActivity(t.db, { activityId, patientId: patient.id, date: monday });
  await assignActivity(t.db, { activityId, patientId: patient.id, date: monday, activate: false });
});
afterAll(async () => t?.close());

describe("GET /api/statistics/me", () => {
  it("answers the patient's week, streak and one improving measure", async () => {
    const response = await call(patient.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body: MyProgress = response.json();
    expect(body.week).toBe(monday);
    const sinceMonday = sessionDays.filter((daysAgo) => utcDay(noon(daysAgo).getTime()) >= monday).length;
    expect(body.sessionsThisWeek).toBe(sinceMonday);
    expect(body.assignedThisWeek).toBe(2);
    expect(body.doneThisWeek).toBe(1);
    // Yesterday, 2 and 3 days ago; nothing 4 days ago; today not done yet.
    expect(body.streakDays).toBe(3);
    // First third (520, 500) against last third (440, 420): 510 → 430 ms. Accuracy worsened: never shown.
    expect(body.highlight).toEqual({ activityName: "Quick hands", family: "reactor", measure: "rt_median_ms", unit: "ms", start: 510, end: 430 });
  });

  it("counts today in the streak once something is done today", async () => {
    await assignActivity(t.db, { activityId, patientId: patient.id, date: today, done: true, doneAt: new Date() });
    const body: MyProgress = (await call(patient.cookie)).json();
    expect(body.streakDays).toBe(4);
  });

  it("answers a patient with nothing yet zeros and no highlight", async () => {
    const fresh = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
    const body: MyProgress = (await call(await t.login(fresh.email, fresh.password))).json();
    expect(body).toEqual({ week: monday, sessionsThisWeek: 0, doneThisWeek: 0, assignedThisWeek: 0, streakDays: 0, highlight: null });
  });

  it("reads in one statement", async () => {
    const seen = await statementsBeyondIdentity(t.database.pool, () => call(patient.cookie));
    expect(seen.own.length, describeStatements(seen.statements)).toBe(1);
  });

  it("refuses staff (403) and asks who is calling (401)", async () => {
    for (const role of ["admin", "clinic", "therapist"] as const) expect((await call(await t.loginAs(role))).statusCode, role).toBe(403);
    expect((await call(null)).statusCode).toBe(401);
  });
});

describe("pickHighlight", () => {
  const session = (metrics: Record<string, number>, activityId: number | null = 1) => ({
    activityId,
    activityName: activityId === null ? null : "Game",
    buildId: "reactor-simple",
    family: "reactor",
    metrics,
  });

  it("picks nothing from fewer than three sessions, or from steady and worsening measures", () => {
    expect(pickHighlight([session({ rt_median_ms: 500 }), session({ rt_median_ms: 300 })], "en")).toBeNull();
    expect(pickHighlight([session({ rt_median_ms: 500 }), session({ rt_median_ms: 510 }), session({ rt_median_ms: 505 })], "en")).toBeNull();
    expect(pickHighlight([session({ accuracy: 0.9 }), session({ accuracy: 0.8 }), session({ accuracy: 0.7 })], "en")).toBeNull();
  });

  it("picks the measure that moved most against its start, and names the game when the activity is gone", () => {
    // Reaction time 500 → 450 (10 %); level 2 → 4 (100 %).
    const picked = pickHighlight(
      [
        session({ rt_median_ms: 500, level_end: 2 }, null),
        session({ rt_median_ms: 480, level_end: 3 }, null),
        session({ rt_median_ms: 450, level_end: 4 }, null),
      ],
      "es",
    );
    expect(picked).toMatchObject({ measure: "level_end", unit: "level", start: 2, end: 4 });
    expect(picked?.activityName).not.toBe("reactor-simple");
  });
});
