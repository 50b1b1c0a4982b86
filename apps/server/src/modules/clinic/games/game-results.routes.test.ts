import { randomUUID } from "node:crypto";
import { buildById, type SessionResult } from "@clinic/games";
import { FAMILY_ENGINES } from "@clinic/games/browser";
import { createEngine, idealPlayer, runEngine, sessionOf } from "@clinic/games/testing";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import { assignActivity, makeActivity, makeClinic } from "../../../../test/factories.ts";
import { assignedActivities } from "../assignments/assignments.table.ts";
import { gameSessionMetrics, gameSessions, gameTrials } from "./games.table.ts";

type Who = "patient" | "patient2" | "therapist" | "admin";
type Method = "GET" | "PUT" | "POST";

const BUILD = "reactor-quick";
let t: TestApp;
let quickGame: number;
let otherGame: number;
let reading: number;
const cookies = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ["patient", "patient2", "therapist", "admin"] as Who[]) cookies[role] = await t.loginAs(role);
  quickGame = (await makeActivity(t.db, { name: `Quick check ${uniqueSuffix()}`, type: "game", gameBuildId: BUILD })).id;
  otherGame = (await makeActivity(t.db, { name: `Simple reaction ${uniqueSuffix()}`, type: "game", gameBuildId: "reactor-simple" })).id;
  reading = (await makeActivity(t.db, { name: `Reading ${uniqueSuffix()}` })).id;
});
afterAll(async () => t?.close());

function send(who: Who | null, method: Method, url: string, payload?: unknown): Promise<InjectResponse> {
  const headers: Record<string, string> = {};
  if (who) headers.cookie = cookies[who];
  if (method !== "GET") headers.origin = TEST_PUBLIC_URL;
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const today = () => new Date().toLocaleDateString("en-CA");
const assign = (activityId = quickGame, patientId = t.ids.patient) =>
  assignActivity(t.db, { activityId, patientId, assignedBy: t.ids.therapist, date: today() });

/** A session of `buildId` played to the end by an ideal player answering after 280 ms. */
function played(buildId = BUILD, overrides: Partial<SessionResult> = {}): SessionResult {
  const build = buildById(buildId);
  if (!build) throw new Error(`No build ${buildId}`);
  const engine = createEngine(FAMILY_ENGINES[build.family] as never, build, { seed: 7 });
  const run = runEngine(engine, { player: idealPlayer(280), size: build.size });
  return sessionOf(build, run, { sessionId: randomUUID(), ...overrides });
}

const stored = async () => {
  const [[sessions], [trials], [metrics]] = await Promise.all([
    t.db.select({ n: count() }).from(gameSessions),
    t.db.select({ n: count() }).from(gameTrials),
    t.db.select({ n: count() }).from(gameSessionMetrics),
  ]);
  return { sessions: sessions.n, trials: trials.n, metrics: metrics.n };
};
const rowOf = async (id: number) => (await t.db.select().from(assignedActivities).where(eq(assignedActivities.id, id)))[0];

describe("POST /api/replyActivity/ with a played game", () => {
  it("stores the session, every trial and the metrics computed on the server, and marks the assignment done", async () => {
    const row = await assign();
    const game = played();
    expect(game.trials.length).toBeGreaterThan(3);
    const response = await send("patient", "POST", "/api/replyActivity/", { id: row.id, game });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: row.id,
      done: true,
      result: { accuracy: 1, rt_median_ms: 280, trials: game.trials.length, level: game.levelEnd, dizziness_before: 2, dizziness_after: 1, ended: "completed" },
    });

    const [session] = await t.db.select().from(gameSessions).where(eq(gameSessions.sessionKey, game.sessionId));
    expect(session).toMatchObject({
      assignmentId: row.id,
      activityId: quickGame,
      patientId: t.ids.patient,
      buildId: BUILD,
      family: "reactor",
      levelStart: game.levelStart,
      levelEnd: game.levelEnd,
      trialCount: game.trials.length,
      dizzinessBefore: 2,
      dizzinessAfter: 1,
    });
    const trials = await t.db.select().from(gameTrials).where(eq(gameTrials.sessionId, session.id)).orderBy(gameTrials.trialIndex);
    expect(trials.map((trial) => [trial.trialIndex, trial.kind, trial.outcome, trial.rtMs])).toEqual(
      game.trials.map((trial) => [trial.index, trial.kind, trial.outcome, trial.rtMs]),
    );
    const metrics = Object.fromEntries(
      (await t.db.select().from(gameSessionMetrics).where(eq(gameSessionMetrics.sessionId, session.id))).map((metric) => [metric.name, metric.value]),
    );
    expect(metrics).toMatchObject({ trials: game.trials.length, accuracy: 1, rt_median_ms: 280, omissions: 0, commissions: 0, anticipations: 0 });
  });

  it("starts the build's next session where the last one ended", async () => {
    const first = await assign(quickGame, t.ids.patient2);
    const before = await send("patient2", "GET", `/api/assignActivity/${first.id}/`);
    expect(before.json()).toMatchObject({ activity: { gameBuildId: BUILD }, gameLevel: null, motion: 100 });
    const game = played(BUILD, { levelEnd: 3 });
    expect((await send("patient2", "POST", "/api/replyActivity/", { id: first.id, game })).statusCode).toBe(200);
    const next = await assign(quickGame, t.ids.patient2);
    expect((await send("patient2", "GET", `/api/assignActivity/${next.id}/`)).json()).toMatchObject({ gameLevel: 3 });
    // Other builds and other activities carry no level.
    const reader = await assign(reading, t.ids.patient2);
    expect((await send("patient2", "GET", `/api/assignActivity/${reader.id}/`)).json()).toMatchObject({ gameLevel: null });
  });

  it("answers a retried send of the same session as the first time, without counting it twice", async () => {
    const row = await assign();
    const game = played();
    const first = await send("patient", "POST", "/api/replyActivity/", { id: row.id, game });
    const after = await stored();
    const again = await send("patient", "POST", "/api/replyActivity/", { id: row.id, game });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await stored()).toEqual(after);
  });

  it("refuses another session for a finished assignment (409), and the same session for another assignment (409)", async () => {
    const row = await assign();
    const game = played();
    expect((await send("patient", "POST", "/api/replyActivity/", { id: row.id, game })).statusCode).toBe(200);
    const before = await stored();
    const second = await send("patient", "POST", "/api/replyActivity/", { id: row.id, game: played() });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe("This activity is already done: its result was recorded.");
    const elsewhere = await assign();
    const reused = await send("patient", "POST", "/api/replyActivity/", { id: elsewhere.id, game });
    expect(reused.statusCode).toBe(409);
    expect(await stored()).toEqual(before);
    expect(await rowOf(elsewhere.id)).toMatchObject({ done: false, result: null });
  });

  it("stores one session when the same one is sent at once, twice for its assignment and once for another", async () => {
    const [row, other] = [await assign(), await assign()];
    const game = played();
    const before = (await stored()).sessions;
    const answers = await Promise.all([
      send("patient", "POST", "/api/replyActivity/", { id: row.id, game }),
      send("patient", "POST", "/api/replyActivity/", { id: row.id, game }),
      send("patient", "POST", "/api/replyActivity/", { id: other.id, game }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect((await stored()).sessions).toBe(before + 1);
    // Whichever assignment took the session is done; the other one is untouched.
    const done = [await rowOf(row.id), await rowOf(other.id)].filter((assignment) => assignment.done);
    expect(done).toHaveLength(1);
  });

  it("refuses a session of another build, a forged one, and a game without its session, writing nothing", async () => {
    const row = await assign();
    const good = played();
    const forged = (change: (game: SessionResult) => void) => {
      const game = structuredClone(good);
      game.sessionId = randomUUID();
      change(game);
      return game;
    };
    const cases: [string, unknown][] = [
      ["another build", played("reactor-simple")],
      ["unknown build", forged((game) => (game.buildId = "reactor-nope"))],
      ["rt not response − shown", forged((game) => (game.trials[0].rtMs = (game.trials[0].rtMs ?? 0) + 50))],
      ["level outside the range", forged((game) => (game.levelEnd = 99))],
      ["trial after the session", forged((game) => (game.trials[1].shownAt = game.durationMs + 10_000))],
      ["indexes out of order", forged((game) => (game.trials[0].index = 5))],
      ["dizziness 11", forged((game) => (game.dizzinessAfter = 11))],
      ["unknown trial kind", forged((game) => (game.trials[0].kind = "tetris"))],
      ["no session", undefined],
    ];
    const before = await stored();
    for (const [label, game] of cases) {
      const response = await send("patient", "POST", "/api/replyActivity/", { id: row.id, ...(game === undefined ? {} : { game }) });
      expect({ label, status: response.statusCode }).toEqual({ label, status: 400 });
      expect(
        Object.keys(response.json()).some((key) => key.startsWith("game")),
        label,
      ).toBe(true);
    }
    expect(await stored()).toEqual(before);
    expect(await rowOf(row.id)).toMatchObject({ done: false, result: null });
    // A reading has no game session to send.
    const text = await assign(reading);
    expect((await send("patient", "POST", "/api/replyActivity/", { id: text.id, game: played() })).statusCode).toBe(400);
    // The other game activity refuses this build's session too.
    const other = await assign(otherGame);
    expect((await send("patient", "POST", "/api/replyActivity/", { id: other.id, game: played() })).statusCode).toBe(400);
  });

  it("is the patient's own: another patient (same clinic or another) and staff get 403, nothing is written", async () => {
    const row = await assign();
    const before = await stored();
    expect((await send("patient2", "POST", "/api/replyActivity/", { id: row.id, game: played() })).statusCode).toBe(403);
    expect((await send("therapist", "POST", "/api/replyActivity/", { id: row.id, game: played() })).statusCode).toBe(403);
    expect((await send(null, "POST", "/api/replyActivity/", { id: row.id, game: played() })).statusCode).toBe(401);
    // A patient of another clinic: refused as well (issue 43: the app is told the entry is not theirs).
    const other = await makeClinic(t.db);
    const outsider = await t.login(other.patient.email, other.patient.password);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/replyActivity/",
      headers: { cookie: outsider, origin: TEST_PUBLIC_URL },
      payload: { id: row.id, game: played() },
    });
    expect(refused.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });
});

describe("motion intensity of an assignment", () => {
  it("is set by staff when assigning and changing (10–100 %), and never by the patient", async () => {
    const created = await send("therapist", "POST", `/api/patients-activities/${t.ids.patient}`, {
      activities: [quickGame],
      date: today(),
      duration: 10,
      motion: 50,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data[0].id as number;
    expect(created.json().data[0].motion).toBe(50);
    expect((await send("therapist", "PUT", `/api/assignActivity/${id}`, { motion: 25 })).json().motion).toBe(25);
    for (const motion of [5, 101, 50.5, "full"])
      expect((await send("therapist", "PUT", `/api/assignActivity/${id}`, { motion })).json()).toHaveProperty("motion");
    expect((await send("patient", "PUT", `/api/assignActivity/${id}`, { motion: 100 })).statusCode).toBe(403);
    expect((await rowOf(id)).motion).toBe(25);
    // A copy keeps it unless told otherwise.
    const copy = await send("therapist", "POST", `/api/assignActivity/${id}`, { date: today() });
    expect(copy.json().motion).toBe(25);
  });
});
