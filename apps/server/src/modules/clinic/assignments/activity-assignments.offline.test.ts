import { randomUUID } from "node:crypto";
import { buildById, type SessionResult } from "@clinic/games";
import { FAMILY_ENGINES } from "@clinic/games/browser";
import { createEngine, idealPlayer, runEngine, sessionOf } from "@clinic/games/testing";
import { ASSIGNMENT_REFUSALS } from "@clinic/shared";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import { assignActivity, type MadeClinic, makeActivity, makeClinic } from "../../../../test/factories.ts";
import { idempotentRequests } from "../../../platform/idempotency.table.ts";
import { notifications } from "../../../platform/notifications.table.ts";
import { gameSessions } from "../games/games.table.ts";
import { assignedActivities } from "./assignments.table.ts";

/**
 * The patient's offline actions on their assignments (issue 43): a reply (a played game, or a
 * note) and favourite/done, each sent again and again by the device outbox under its own
 * Idempotency-Key, apply once; and what changed meanwhile is answered clearly, writing nothing.
 */
type Who = "patient" | "patient2" | "otherPatient" | "therapist";

const BUILD = "reactor-quick";
let t: TestApp;
let other: MadeClinic;
let reading: number;
let game: number;
const cookies = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
  for (const role of ["patient", "patient2", "therapist"] as const) cookies[role] = await t.loginAs(role);
  cookies.otherPatient = await t.login(other.patient.email, other.patient.password);
  reading = (await makeActivity(t.db, { name: `Reading ${uniqueSuffix()}` })).id;
  game = (await makeActivity(t.db, { name: `Quick check ${uniqueSuffix()}`, type: "game", gameBuildId: BUILD })).id;
});
afterAll(async () => t?.close());

function send(who: Who, method: "POST" | "PUT", url: string, payload: unknown, key?: string): Promise<InjectResponse> {
  const headers: Record<string, string> = { cookie: cookies[who], origin: TEST_PUBLIC_URL };
  if (key !== undefined) headers["idempotency-key"] = key;
  return t.app.inject({ method, url, headers, payload: payload as object });
}
const reply = (who: Who, body: unknown, key?: string) => send(who, "POST", "/api/replyActivity/", body, key);
const mark = (who: Who, id: number, body: unknown, key?: string) => send(who, "PUT", `/api/assignActivity/${id}`, body, key);

const assign = (values: Partial<typeof assignedActivities.$inferInsert> = {}) =>
  assignActivity(t.db, { activityId: reading, patientId: t.ids.patient, assignedBy: t.ids.therapist, ...values });
const rowOf = async (id: number) => (await t.db.select().from(assignedActivities).where(eq(assignedActivities.id, id)))[0];
const counted = async () => {
  const [[sessions], [notices], [keys]] = await Promise.all([
    t.db.select({ n: count() }).from(gameSessions),
    t.db.select({ n: count() }).from(notifications),
    t.db.select({ n: count() }).from(idempotentRequests),
  ]);
  return { sessions: sessions?.n, notices: notices?.n, keys: keys?.n };
};

/** A session of the quick reaction game played to the end by an ideal player. */
function played(): SessionResult {
  const build = buildById(BUILD);
  if (!build) throw new Error(`No build ${BUILD}`);
  const engine = createEngine(FAMILY_ENGINES[build.family] as never, build, { seed: 7 });
  return sessionOf(build, runEngine(engine, { player: idealPlayer(280), size: build.size }), { sessionId: randomUUID() });
}

describe("a resent offline action applies once", () => {
  it("marks an activity done with a note once: the resend answers the same, notifies no one again", async () => {
    const row = await assign();
    const key = randomUUID();
    const body = { id: row.id, result: { note: "Did it twice, felt fine." } };
    const first = await reply("patient", body, key);
    expect(first.statusCode).toBe(200);
    const doneAt = (await rowOf(row.id))?.doneAt;
    const before = await counted();
    const again = await reply("patient", body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await counted()).toEqual(before);
    expect(await rowOf(row.id)).toMatchObject({ done: true, doneAt, result: { note: "Did it twice, felt fine." } });
  });

  it("stores a played game once, whether resent under its key or, as before, without one", async () => {
    const row = await assign({ activityId: game });
    const session = played();
    const key = randomUUID();
    const before = await counted();
    const first = await reply("patient", { id: row.id, game: session }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().latestSession.receivedAt).toEqual(expect.any(String));
    const replayed = await reply("patient", { id: row.id, game: session }, key);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.json()).toEqual(first.json());
    // The session's own id still recognises a resend that lost its key.
    const unkeyed = await reply("patient", { id: row.id, game: session });
    expect(unkeyed.statusCode).toBe(200);
    expect(unkeyed.json().result).toEqual(first.json().result);
    const after = await counted();
    expect(after.sessions).toBe((before.sessions ?? 0) + 1);
    expect(after.keys).toBe((before.keys ?? 0) + 1);
  });

  it("marks a favourite and done once: the resend keeps the first done time", async () => {
    const row = await assign();
    const key = randomUUID();
    const first = await mark("patient", row.id, { favorite: true, done: true }, key);
    expect(first.statusCode).toBe(200);
    const stored = await rowOf(row.id);
    const again = await mark("patient", row.id, { favorite: true, done: true }, key);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await rowOf(row.id)).toEqual(stored);
  });

  it("refuses a key reused for another action (422), changing nothing", async () => {
    const row = await assign();
    const key = randomUUID();
    await mark("patient", row.id, { favorite: true }, key);
    const stored = await rowOf(row.id);
    const reused = await mark("patient", row.id, { favorite: false }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe("keyReused");
    const elsewhere = await reply("patient", { id: row.id }, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(await rowOf(row.id)).toEqual(stored);
  });
});

describe("what changed while the device was offline", () => {
  it("answers 409 assignmentInactive for the patient's own assignment deactivated meanwhile, writing nothing", async () => {
    const row = await assign({ activate: false });
    const gameRow = await assign({ activityId: game, activate: false });
    const before = await counted();
    for (const response of [
      await reply("patient", { id: row.id, result: { note: "Done offline." } }),
      await reply("patient", { id: gameRow.id, game: played() }),
      await mark("patient", row.id, { done: true }),
      await mark("patient", row.id, { favorite: true }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: ASSIGNMENT_REFUSALS.assignmentInactive, code: "assignmentInactive" });
    }
    expect(await rowOf(row.id)).toMatchObject({ done: false, doneAt: null, favorite: false, result: null });
    expect(await rowOf(gameRow.id)).toMatchObject({ done: false, result: null });
    expect((await counted()).sessions).toBe(before.sessions);
  });

  it("refuses another patient's assignment (403), of the same clinic or another, writing nothing", async () => {
    const row = await assign();
    const gameRow = await assign({ activityId: game });
    const before = await counted();
    for (const who of ["patient2", "otherPatient"] as const) {
      for (const response of [
        await reply(who, { id: row.id, result: { note: "Not mine." } }, randomUUID()),
        await reply(who, { id: gameRow.id, game: played() }),
        await mark(who, row.id, { done: true, favorite: true }, randomUUID()),
      ]) {
        expect({ who, status: response.statusCode }).toEqual({ who, status: 403 });
        expect(response.json()).toEqual({ detail: ASSIGNMENT_REFUSALS.notYourAssignment });
      }
    }
    expect(await rowOf(row.id)).toMatchObject({ done: false, favorite: false, result: null });
    expect(await rowOf(gameRow.id)).toMatchObject({ done: false, result: null });
    const after = await counted();
    expect(after.sessions).toBe(before.sessions);
    expect(after.notices).toBe(before.notices);
  });

  it("still answers 404 for an assignment that does not exist", async () => {
    expect((await reply("patient", { id: 2_147_483_000 })).statusCode).toBe(404);
    expect((await mark("patient", 2_147_483_000, { done: true })).statusCode).toBe(404);
  });

  it("answers a tampered or malformed entry 400 with the fields at fault, storing neither the action nor its key", async () => {
    const row = await assign({ activityId: game });
    const forged = played();
    forged.levelEnd = 99;
    const before = await counted();
    const cases: [string, Promise<InjectResponse>, string][] = [
      ["a note too long", reply("patient", { id: row.id, result: { note: "x".repeat(1001) } }, randomUUID()), "result.note"],
      ["an unknown field", reply("patient", { id: row.id, played: true }, randomUUID()), "played"],
      ["a forged game", reply("patient", { id: row.id, game: forged }, randomUUID()), "game"],
      ["done as text", mark("patient", row.id, { done: "yes" }, randomUUID()), "done"],
    ];
    for (const [label, sent, field] of cases) {
      const response = await sent;
      expect({ label, status: response.statusCode }).toEqual({ label, status: 400 });
      expect(Object.keys(response.json()), label).toContain(field);
      for (const messages of Object.values(response.json() as Record<string, string[] | string>))
        expect(
          [messages].flat().every((message) => typeof message === "string" && message.length > 0),
          label,
        ).toBe(true);
    }
    expect(await rowOf(row.id)).toMatchObject({ done: false, favorite: false, result: null });
    const after = await counted();
    expect(after.sessions).toBe(before.sessions);
    // A refusal in the handler (the forged game) is an answer, kept for its key; the schema's refusals come before any claim.
    expect(after.keys).toBe((before.keys ?? 0) + 1);
  });
});

describe("a result synced late", () => {
  it("shows staff when the game was played and when it arrived, in every read of its session", async () => {
    // An activity of its own: the statistics list only the newest sessions of the range.
    const lateGame = (await makeActivity(t.db, { name: `Late check ${uniqueSuffix()}`, type: "game", gameBuildId: BUILD })).id;
    const row = await assign({ activityId: lateGame });
    const session = played();
    // Played two hours ago on a device that was offline until now.
    const offset = Date.now() - 2 * 3_600_000 - Date.parse(session.endedAt);
    const shift = (iso: string) => new Date(Date.parse(iso) + offset).toISOString();
    session.startedAt = shift(session.startedAt);
    session.endedAt = shift(session.endedAt);
    const sentAt = Date.now();
    expect((await reply("patient", { id: row.id, game: session }, randomUUID())).statusCode).toBe(200);
    const [stored] = await t.db
      .select({ id: gameSessions.id, createdAt: gameSessions.createdAt })
      .from(gameSessions)
      .where(eq(gameSessions.sessionKey, session.sessionId));
    const receivedAt = stored?.createdAt.toISOString();
    expect(Date.parse(receivedAt ?? "")).toBeGreaterThanOrEqual(sentAt - 1000);
    const staff = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: cookies.therapist } });
    const listed = (await staff(`/api/assignActivity/${row.id}/game-sessions`)).json().data[0];
    const trials = (await staff(`/api/game-sessions/${stored?.id}/trials`)).json().session;
    const latest = (await staff(`/api/assignActivity/${row.id}/`)).json().latestSession;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const statistics = await staff(`/api/statistics/?user=${t.ids.patient}&since=${day(-3)}&to=${day(0)}&activity=${lateGame}`);
    expect(statistics.statusCode).toBe(200);
    for (const figures of [listed, trials, latest]) expect(figures).toMatchObject({ endedAt: session.endedAt, receivedAt });
    expect(statistics.json().data.sessions.find((one: { id: number }) => one.id === stored?.id)).toMatchObject({ endedAt: session.endedAt, receivedAt });
  });
});
