import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { assignActivity, type MadeClinic, makeActivity, makeClinic, makePatient, makeTherapist } from "../../../../test/factories.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../../test/statements.ts";
import { insertPlayedSession } from "./game-session-rows.ts";

type Who = "admin" | "clinic" | "therapist" | "patient" | "otherClinic" | "otherTherapist" | "colleague";

let t: TestApp;
let other: MadeClinic;
let game: number;
let reading: number;
const cookies = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
  for (const role of ["admin", "clinic", "therapist", "patient"] as const) cookies[role] = await t.loginAs(role);
  cookies.otherClinic = await t.login(other.clinic.email, other.clinic.password);
  cookies.otherTherapist = await t.login(other.therapist.email, other.therapist.password);
  // A therapist of the demo clinic who does not treat the demo patient.
  const colleague = await makeTherapist(t.db, t.ids.clinic);
  cookies.colleague = await t.login(colleague.email, colleague.password);
  game = (await makeActivity(t.db, { type: "game", gameBuildId: "reactor-quick", clinicId: t.ids.clinic })).id;
  reading = (await makeActivity(t.db, { clinicId: t.ids.clinic })).id;
});
afterAll(async () => t?.close());

const get = (who: Who, url: string): Promise<InjectResponse> => t.app.inject({ method: "GET", url, headers: { cookie: cookies[who] } });

/** A fresh patient of the demo therapist, so each list starts empty. */
const freshPatient = () => makePatient(t.db, t.ids.clinic, [t.ids.therapist]);

describe("the assigned-activities list with game results", () => {
  it("carries a played game's latest session and its metrics, and nothing for an unplayed game or a text", async () => {
    const patient = await freshPatient();
    const played = await assignActivity(t.db, { activityId: game, patientId: patient.id, date: "2026-03-02" });
    const unplayed = await assignActivity(t.db, { activityId: game, patientId: patient.id, date: "2026-03-01" });
    const text = await assignActivity(t.db, { activityId: reading, patientId: patient.id, date: "2026-02-28" });
    await insertPlayedSession(t.db, {
      assignmentId: played.id,
      activityId: game,
      patientId: patient.id,
      endedAt: new Date("2026-03-02T09:00:00Z"),
      levelEnd: 2,
    });
    const latest = await insertPlayedSession(t.db, {
      assignmentId: played.id,
      activityId: game,
      patientId: patient.id,
      endedAt: new Date("2026-03-02T10:00:00Z"),
      trials: 6,
      levelEnd: 5,
    });

    const response = await get("therapist", `/api/assignActivityList/${patient.id}/`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data as { id: number; latestSession: Record<string, unknown> | null; sessionCount: number }[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(played.id)).toMatchObject({
      sessionCount: 2,
      latestSession: {
        id: latest,
        buildId: "reactor-quick",
        endedAt: "2026-03-02T10:00:00.000Z",
        durationMs: 90_000,
        levelStart: 1,
        levelEnd: 5,
        motion: 0.5,
        ended: "completed",
        dizzinessBefore: 4,
        dizzinessAfter: 2,
        trialCount: 6,
        metrics: { trials: 6, correct: 3, accuracy: 0.5, rt_median_ms: 300 },
      },
    });
    expect(byId.get(unplayed.id)).toMatchObject({ latestSession: null, sessionCount: 0 });
    expect(byId.get(text.id)).toMatchObject({ latestSession: null, sessionCount: 0 });
  });

  it("reads the results in the page's own statement: one statement beyond the caller's identity", async () => {
    const patient = await freshPatient();
    for (let n = 0; n < 3; n += 1) {
      const row = await assignActivity(t.db, { activityId: game, patientId: patient.id });
      await insertPlayedSession(t.db, { assignmentId: row.id, activityId: game, patientId: patient.id });
    }
    const seen = await statementsBeyondIdentity(t.database.pool, () => get("therapist", `/api/assignActivityList/${patient.id}/`));
    const own = seen.own.filter((text) => !/^\s*(insert|update|delete)\b/i.test(text));
    expect(own.length, describeStatements(seen.statements)).toBe(1);
    expect((seen.body.data as { latestSession: unknown }[]).every((row) => row.latestSession !== null)).toBe(true);
  });
});

describe("GET /api/assignActivity/{id}/game-sessions", () => {
  it("lists an assignment's sessions newest first, in pages", async () => {
    const patient = await freshPatient();
    const row = await assignActivity(t.db, { activityId: game, patientId: patient.id });
    const ids: number[] = [];
    for (let n = 0; n < 3; n += 1)
      ids.push(await insertPlayedSession(t.db, { assignmentId: row.id, activityId: game, patientId: patient.id, endedAt: new Date(Date.UTC(2026, 2, n + 1)) }));
    const first = await get("therapist", `/api/assignActivity/${row.id}/game-sessions?rowsPerPage=2`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, total: 3 });
    expect(first.json().data.map((session: { id: number }) => session.id)).toEqual([ids[2], ids[1]]);
    const second = await get("therapist", `/api/assignActivity/${row.id}/game-sessions?rowsPerPage=2&page=2`);
    expect(second.json().data.map((session: { id: number }) => session.id)).toEqual([ids[0]]);
    const past = await get("therapist", `/api/assignActivity/${row.id}/game-sessions?rowsPerPage=2&page=3`);
    expect(past.json()).toMatchObject({ data: [], total: 3 });
  });

  it("reaches every session past the largest page: page 2 of 100 holds the rest, the results dialog's picker pages through them", async () => {
    const patient = await freshPatient();
    const row = await assignActivity(t.db, { activityId: game, patientId: patient.id });
    const ids: number[] = [];
    for (let n = 0; n < 130; n += 1)
      ids.push(
        await insertPlayedSession(t.db, {
          assignmentId: row.id,
          activityId: game,
          patientId: patient.id,
          endedAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
          trials: 1,
        }),
      );
    const newestFirst = [...ids].reverse();
    const first = await get("therapist", `/api/assignActivity/${row.id}/game-sessions?page=1&rowsPerPage=100`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, total: 130 });
    expect(first.json().data.map((session: { id: number }) => session.id)).toEqual(newestFirst.slice(0, 100));
    const second = await get("therapist", `/api/assignActivity/${row.id}/game-sessions?page=2&rowsPerPage=100`);
    expect(second.json()).toMatchObject({ page: 2, total: 130 });
    expect(second.json().data.map((session: { id: number }) => session.id)).toEqual(newestFirst.slice(100));
  });

  it("answers an unplayed assignment an empty list, and refuses staff outside the patient's scope (404) and patients (403)", async () => {
    const patient = await freshPatient();
    const row = await assignActivity(t.db, { activityId: game, patientId: patient.id });
    expect((await get("clinic", `/api/assignActivity/${row.id}/game-sessions`)).json()).toMatchObject({ data: [], total: 0 });
    await insertPlayedSession(t.db, { assignmentId: row.id, activityId: game, patientId: patient.id });
    for (const who of ["otherClinic", "otherTherapist", "colleague"] as Who[])
      expect((await get(who, `/api/assignActivity/${row.id}/game-sessions`)).statusCode, who).toBe(404);
    expect((await get("patient", `/api/assignActivity/${row.id}/game-sessions`)).statusCode).toBe(403);
    expect((await get("therapist", "/api/assignActivity/999999999/game-sessions")).statusCode).toBe(404);
  });
});

describe("GET /api/game-sessions/{id}/trials", () => {
  it("answers the session's figures and its trials in played order, in pages", async () => {
    const patient = await freshPatient();
    const row = await assignActivity(t.db, { activityId: game, patientId: patient.id });
    const session = await insertPlayedSession(t.db, { assignmentId: row.id, activityId: game, patientId: patient.id, trials: 5 });
    for (const who of ["therapist", "clinic", "admin"] as Who[]) {
      const response = await get(who, `/api/game-sessions/${session}/trials?rowsPerPage=3`);
      expect(response.statusCode, `${who}: ${response.body}`).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ page: 1, total: 5, session: { id: session, trialCount: 5, metrics: { accuracy: 0.6 } } });
      expect(body.data.map((trial: { index: number }) => trial.index)).toEqual([0, 1, 2]);
      expect(body.data[0]).toEqual({
        index: 0,
        kind: "go",
        condition: "default",
        level: 1,
        shownAt: 1000,
        respondedAt: 1300,
        rtMs: 300,
        correct: true,
        outcome: "hit",
        value: null,
      });
    }
    const rest = await get("therapist", `/api/game-sessions/${session}/trials?rowsPerPage=3&page=2`);
    expect(rest.json().data.map((trial: { index: number }) => trial.index)).toEqual([3, 4]);
  });

  it("keeps a session whose assignment was removed readable by the patient's staff", async () => {
    const patient = await freshPatient();
    const session = await insertPlayedSession(t.db, { assignmentId: null, activityId: game, patientId: patient.id });
    expect((await get("therapist", `/api/game-sessions/${session}/trials`)).statusCode).toBe(200);
  });

  it("refuses another clinic, a therapist who does not treat the patient (404), the patient (403); bad ids are 400", async () => {
    const patient = await freshPatient();
    const session = await insertPlayedSession(t.db, { assignmentId: null, activityId: game, patientId: patient.id });
    for (const who of ["otherClinic", "otherTherapist", "colleague"] as Who[]) {
      const refused = await get(who, `/api/game-sessions/${session}/trials`);
      expect(refused.statusCode, who).toBe(404);
      expect(refused.body).not.toContain("reactor-quick");
    }
    // Another clinic's patient's session is as foreign to the demo therapist.
    const foreign = await insertPlayedSession(t.db, { assignmentId: null, activityId: null, patientId: other.patient.id });
    expect((await get("therapist", `/api/game-sessions/${foreign}/trials`)).statusCode).toBe(404);
    expect((await get("clinic", `/api/game-sessions/${foreign}/trials`)).statusCode).toBe(404);
    expect((await get("patient", `/api/game-sessions/${session}/trials`)).statusCode).toBe(403);
    expect((await get("therapist", "/api/game-sessions/abc/trials")).statusCode).toBe(400);
    expect((await get("therapist", `/api/game-sessions/${session}/trials?rowsPerPage=0`)).statusCode).toBe(400);
  });
});
