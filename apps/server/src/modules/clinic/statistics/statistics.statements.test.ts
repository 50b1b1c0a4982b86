import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { assignActivity, makeActivity } from "../../../../test/factories.ts";
import { dayFromToday, type RoleCalls, signInRoles, type Who } from "../../../../test/roles.ts";
import { countStatements, describeStatements, isIdentityStatement, statementsBeyondIdentity } from "../../../../test/statements.ts";
import { insertPlayedSession } from "../games/game-session-rows.ts";

/**
 * Round trips of the statistics' calls, whatever the range holds: the patient's check (with the
 * activity's and the first day) in one statement, every figure of the range in a second; global
 * activities in one. The audit record each read leaves comes on top and is not counted.
 */
let t: TestApp;
let r: RoleCalls;
let activityId: number;
beforeAll(async () => {
  t = await createTestApp();
  r = await signInRoles(t);
  activityId = (await makeActivity(t.db, { clinicId: t.ids.clinic, type: "game", gameBuildId: "reactor-quick" })).id;
  // Thirty days of an assignment and a session each: no statement may be per day or per session.
  for (let offset = -29; offset <= 0; offset++) {
    const assignment = await assignActivity(t.db, { activityId, patientId: t.ids.patient, date: dayFromToday(offset), done: true, doneAt: new Date() });
    await insertPlayedSession(t.db, {
      assignmentId: assignment.id,
      activityId,
      patientId: t.ids.patient,
      endedAt: new Date(`${dayFromToday(offset)}T12:00:00Z`),
    });
  }
});
afterAll(async () => t?.close());

const withoutWrites = (statements: string[]) => statements.filter((text) => !/^\s*(insert|update|delete)\b/i.test(text));

describe("the statistics' calls", () => {
  const range = () => `since=${dayFromToday(-29)}&to=${dayFromToday(0)}`;
  it.each([
    ["therapist", "/api/statistics/?user={patient}&{range}", 2],
    ["clinic", "/api/statistics/?user={patient}&activity={activity}&{range}", 2],
    ["admin", "/api/statistics/?user={patient}&family=reactor&{range}", 2],
    ["therapist", "/api/global-activities/?patient_id={patient}&date_start={since}&date_end={to}", 1],
    ["clinic", "/api/global-activities/?date_start={since}&date_end={to}", 1],
  ] as [Who, string, number][])("as %s, GET %s takes %i statements", async (who, template, most) => {
    const path = template
      .replace("{patient}", t.ids.patient)
      .replace("{activity}", String(activityId))
      .replace("{range}", range())
      .replace("{since}", dayFromToday(-29))
      .replace("{to}", dayFromToday(0));
    const seen = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", path));
    expect(withoutWrites(seen.own), describeStatements(seen.statements)).toHaveLength(most);
  });

  it("the same statistics asked again take one statement, until a write of the patient's sessions or assignments, or of an activity", async () => {
    // A range no other test here asks for, so the first call finds nothing kept.
    const path = `/api/statistics/?user=${t.ids.patient}&since=${dayFromToday(-28)}&to=${dayFromToday(0)}`;
    const call = async () => {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send("therapist", "GET", path));
      return { reads: withoutWrites(seen.own).length, body: seen.body as { data: { totals: { sessions: number; done: number } } } };
    };
    const first = await call();
    expect(first.reads).toBe(2);
    const again = await call();
    expect(again).toEqual({ reads: 1, body: first.body });
    // A new session: read afresh, and counted.
    const sessionId = await insertPlayedSession(t.db, { assignmentId: null, activityId, patientId: t.ids.patient, endedAt: new Date() });
    const played = await call();
    expect(played.reads).toBe(2);
    expect(played.body.data.totals.sessions).toBe(first.body.data.totals.sessions + 1);
    expect((await call()).reads).toBe(1);
    // An assignment undone, a session deleted, an activity renamed: each read afresh.
    await t.db.execute(
      sql`update assigned_activities set done = false, done_at = null where id = (select max(id) from assigned_activities where patient_id = ${t.ids.patient})`,
    );
    const undone = await call();
    expect(undone.reads).toBe(2);
    expect(undone.body.data.totals.done).toBe(first.body.data.totals.done - 1);
    await t.db.execute(sql`delete from game_sessions where id = ${sessionId}`);
    const deleted = await call();
    expect(deleted.reads).toBe(2);
    expect(deleted.body.data.totals.sessions).toBe(first.body.data.totals.sessions);
    await t.db.execute(sql`update activities set name = 'Renamed for the statistics' where id = ${activityId}`);
    const renamed = await call();
    expect(renamed.reads).toBe(2);
    expect(JSON.stringify(renamed.body)).toContain("Renamed for the statistics");
    // Another patient's writes leave this answer kept.
    await insertPlayedSession(t.db, { assignmentId: null, activityId, patientId: t.ids.patient2, endedAt: new Date() });
    expect((await call()).reads).toBe(1);
  });

  it("the exports and the report read as the screen does: two statements", async () => {
    for (const [method, path, body] of [
      ["GET", `/api/statistics/export?user=${t.ids.patient}&${range()}&table=sessions&format=xlsx`, undefined],
      ["POST", "/api/statistics/report", { user: t.ids.patient, since: dayFromToday(-29), to: dayFromToday(0), note: "Fine." }],
    ] as const) {
      const seen = await countStatements(t.database.pool, () => r.send("therapist", method, path, body));
      expect(seen.result.statusCode).toBe(200);
      const own = withoutWrites(seen.statements.filter((text) => !isIdentityStatement(text) && !/from "feature_flags"/.test(text)));
      expect(own, describeStatements(seen.statements)).toHaveLength(2);
    }
  });
});
