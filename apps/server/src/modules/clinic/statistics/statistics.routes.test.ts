import { randomUUID } from "node:crypto";
import { buildById } from "@clinic/games";
import { FAMILY_ENGINES } from "@clinic/games/browser";
import { createEngine, idealPlayer, runEngine, sessionOf } from "@clinic/games/testing";
import { GROUP, STATISTICS_MESSAGES } from "@clinic/shared";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { assignActivity, makeActivity, makePatient, makeUser } from "../../../../test/factories.ts";
import { parsePdf } from "../../../../test/pdf.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../../test/roles.ts";
import { auditEvents } from "../../../db/schema.ts";
import { gameSessionMetrics, gameSessions } from "../games/games.table.ts";

/**
 * `GET /api/statistics/` and its exports, report and global activities, checked against
 * hand-made sessions and assignments of one patient over two fixed weeks (2026-03-02, a Monday,
 * to 2026-03-15), and one session played today through the real reply path.
 */
let t: TestApp;
let r: RoleCalls;
let patient: { id: string; email: string; password: string };
let game: number;
let reading: number;
const SINCE = "2026-03-02";
const TO = "2026-03-15";

/** A session written as the reply path stores it, with hand-picked figures. */
async function session(values: {
  endedAt: string;
  family?: string;
  buildId?: string;
  activityId?: number | null;
  levelEnd?: number;
  before: number;
  after: number;
  durationMs: number;
  metrics: Record<string, number>;
}): Promise<number> {
  const endedAt = new Date(values.endedAt);
  const [row] = await t.db
    .insert(gameSessions)
    .values({
      sessionKey: randomUUID(),
      assignmentId: null,
      activityId: values.activityId ?? null,
      patientId: patient.id,
      buildId: values.buildId ?? "reactor-quick",
      family: values.family ?? "reactor",
      startedAt: new Date(endedAt.getTime() - values.durationMs),
      endedAt,
      durationMs: values.durationMs,
      levelStart: 1,
      levelEnd: values.levelEnd ?? 1,
      motion: 1,
      ended: "completed",
      dizzinessBefore: values.before,
      dizzinessAfter: values.after,
      trialCount: 10,
    })
    .returning({ id: gameSessions.id });
  if (!row) throw new Error("no session");
  await t.db.insert(gameSessionMetrics).values(Object.entries(values.metrics).map(([name, value]) => ({ sessionId: row.id, name, value })));
  return row.id;
}

const ids = {} as Record<"s1" | "s2" | "s3" | "s4" | "s5", number>;

beforeAll(async () => {
  t = await createTestApp();
  r = await signInRoles(t);
  patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist], { nombres: "Marta", apellidos: "Statistics" });
  game = (await makeActivity(t.db, { name: "Quick check (stats)", type: "game", gameBuildId: "reactor-quick", clinicId: t.ids.clinic })).id;
  reading = (await makeActivity(t.db, { name: "Reading (stats)", clinicId: t.ids.clinic })).id;
  const assign = (activityId: number, date: string, doneAt?: string) =>
    assignActivity(t.db, { activityId, patientId: patient.id, assignedBy: t.ids.therapist, date, done: !!doneAt, doneAt: doneAt ? new Date(doneAt) : null });
  await assign(reading, "2026-02-28"); // before the range: the patient's first day
  await assign(game, "2026-03-02", "2026-03-02T10:00:00Z");
  await assign(reading, "2026-03-02");
  await assign(game, "2026-03-04", "2026-03-04T10:00:00Z");
  await assign(game, "2026-03-10");
  await assign(reading, "2026-03-10", "2026-03-10T09:00:00Z");
  await assign(game, "2026-03-20", "2026-03-20T09:00:00Z"); // after the range
  const reactor = { activityId: game, durationMs: 60_000 };
  ids.s1 = await session({
    ...reactor,
    endedAt: "2026-03-02T10:00:00Z",
    levelEnd: 2,
    before: 5,
    after: 3,
    metrics: { rt_median_ms: 400, accuracy: 0.7, trials: 10 },
  });
  ids.s2 = await session({
    ...reactor,
    endedAt: "2026-03-04T10:00:00Z",
    levelEnd: 3,
    before: 4,
    after: 2,
    metrics: { rt_median_ms: 380, accuracy: 0.8, trials: 10 },
  });
  // Late on Saturday in UTC: dated 2026-03-07 whatever the server's zone.
  ids.s3 = await session({
    ...reactor,
    durationMs: 120_000,
    endedAt: "2026-03-07T23:30:00Z",
    levelEnd: 4,
    before: 3,
    after: 3,
    metrics: { rt_median_ms: 350, accuracy: 0.9, trials: 10 },
  });
  ids.s4 = await session({ ...reactor, endedAt: "2026-03-16T00:30:00Z", levelEnd: 9, before: 9, after: 9, metrics: { rt_median_ms: 100, accuracy: 1 } });
  ids.s5 = await session({
    activityId: null,
    family: "evaluator",
    buildId: "evaluator-span",
    endedAt: "2026-03-12T08:00:00Z",
    durationMs: 30_000,
    before: 2,
    after: 2,
    metrics: { span_max: 5, trials: 10 },
  });
});
afterAll(async () => t?.close());

const url = (query: Record<string, string | number>) =>
  `/api/statistics/?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`;
const stats = (who: Who, extra: Record<string, string | number> = {}) => r.send(who, "GET", url({ user: patient.id, since: SINCE, to: TO, ...extra }));

describe("GET /api/statistics/", () => {
  it("gives adherence per day and week, totals, families with trends, dizziness, sessions and activities as worked by hand", async () => {
    const response = await stats("therapist");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.patient).toEqual({ id: patient.id, name: "Marta Statistics", language: "en" });
    expect(body.activity).toBeNull();
    // 5 assigned in range, 3 done; 4 sessions (s4 ends after the range) of 60+60+120+30 s; active on 2, 4, 7, 10 and 12 March.
    expect(body.data.totals).toEqual({
      assigned: 5,
      done: 3,
      adherence: 0.6,
      sessions: 4,
      playedMs: 270_000,
      activeDays: 5,
      firstDay: "2026-02-28",
    });
    expect(body.data.days).toHaveLength(14);
    expect(body.data.days[0]).toEqual({ day: "2026-03-02", assigned: 2, done: 1 });
    expect(body.data.days[1]).toEqual({ day: "2026-03-03", assigned: 0, done: 0 });
    expect(body.data.days[2]).toEqual({ day: "2026-03-04", assigned: 1, done: 1 });
    expect(body.data.days[8]).toEqual({ day: "2026-03-10", assigned: 2, done: 1 });
    expect(body.data.days[13]).toEqual({ day: "2026-03-15", assigned: 0, done: 0 });
    expect(body.data.weeks).toEqual([
      { week: "2026-03-02", assigned: 3, done: 2 },
      { week: "2026-03-09", assigned: 2, done: 1 },
    ]);

    expect(body.data.families.map((family: { family: string }) => family.family)).toEqual(["reactor", "evaluator"]);
    const [reactor, evaluator] = body.data.families;
    expect(reactor.sessions).toBe(3);
    const measure = (name: string) => reactor.measures.find((entry: { name: string }) => entry.name === name);
    expect(measure("rt_median_ms").points.map((point: { value: number }) => point.value)).toEqual([400, 380, 350]);
    expect(measure("rt_median_ms").points.map((point: { sessionId: number }) => point.sessionId)).toEqual([ids.s1, ids.s2, ids.s3]);
    // Thirds of 3 points are single points: 400 → 350 ms, faster by more than 5 % of 400.
    expect(measure("rt_median_ms").trend).toEqual({ sessions: 3, start: 400, end: 350, change: -50, direction: "improving" });
    expect(measure("accuracy").trend).toMatchObject({ start: 0.7, end: 0.9, direction: "improving" });
    expect(measure("level_end").trend).toEqual({ sessions: 3, start: 2, end: 4, change: 2, direction: "improving" });
    // One span, no other assessment: a start, no direction; the others have no point.
    expect(evaluator.measures.map((entry: { name: string; points: unknown[] }) => [entry.name, entry.points.length])).toEqual([
      ["span_max", 1],
      ["svv_abs_error_deg", 0],
      ["dva_loss_logmar", 0],
    ]);
    expect(evaluator.measures[0].trend).toEqual({ sessions: 1, start: 5, end: 5, change: 0, direction: null });
    expect(evaluator.measures[1].trend).toBeNull();

    expect(body.data.dizziness.map((point: { sessionId: number; before: number; after: number; activityName: string | null }) => point)).toEqual([
      { sessionId: ids.s1, endedAt: "2026-03-02T10:00:00.000Z", activityName: "Quick check (stats)", before: 5, after: 3 },
      { sessionId: ids.s2, endedAt: "2026-03-04T10:00:00.000Z", activityName: "Quick check (stats)", before: 4, after: 2 },
      { sessionId: ids.s3, endedAt: "2026-03-07T23:30:00.000Z", activityName: "Quick check (stats)", before: 3, after: 3 },
      { sessionId: ids.s5, endedAt: "2026-03-12T08:00:00.000Z", activityName: null, before: 2, after: 2 },
    ]);
    // Newest first, each with every metric it has (not only the families' measures).
    expect(body.data.sessions.map((entry: { id: number }) => entry.id)).toEqual([ids.s5, ids.s3, ids.s2, ids.s1]);
    expect(body.data.sessions[1]).toMatchObject({
      family: "reactor",
      activity: { id: game, name: "Quick check (stats)" },
      levelEnd: 4,
      durationMs: 120_000,
      metrics: { rt_median_ms: 350, accuracy: 0.9, trials: 10 },
    });
    expect(body.data.sessions[0]).toMatchObject({ family: "evaluator", activity: null, metrics: { span_max: 5, trials: 10 } });

    expect(body.activities).toEqual([
      {
        id: game,
        name: "Quick check (stats)",
        type: "game",
        family: "reactor",
        buildId: "reactor-quick",
        assigned: 3,
        done: 2,
        sessions: 3,
        playedMs: 240_000,
        lastDoneAt: "2026-03-07T23:30:00.000Z",
      },
      {
        id: reading,
        name: "Reading (stats)",
        type: "text",
        family: null,
        buildId: null,
        assigned: 2,
        done: 1,
        sessions: 0,
        playedMs: 0,
        lastDoneAt: "2026-03-10T09:00:00.000Z",
      },
    ]);
  });

  it("narrows to one activity (every session of it) and to one family (the game figures only)", async () => {
    const one = (await stats("therapist", { activity: game })).json();
    expect(one.activity).toEqual({ id: game, name: "Quick check (stats)", type: "game", family: "reactor" });
    expect(one.data.totals).toMatchObject({ assigned: 3, done: 2, sessions: 3, playedMs: 240_000 });
    expect(one.data.days[8]).toEqual({ day: "2026-03-10", assigned: 1, done: 0 });
    expect(one.data.families.map((family: { family: string }) => family.family)).toEqual(["reactor"]);
    expect(one.data.sessions.map((entry: { id: number }) => entry.id)).toEqual([ids.s3, ids.s2, ids.s1]);
    expect(one.activities.map((row: { id: number }) => row.id)).toEqual([game]);

    const evaluator = (await stats("therapist", { family: "evaluator" })).json();
    expect(evaluator.data.families.map((family: { family: string }) => family.family)).toEqual(["evaluator"]);
    expect(evaluator.data.dizziness.map((point: { sessionId: number }) => point.sessionId)).toEqual([ids.s5]);
    expect(evaluator.data.totals).toMatchObject({ assigned: 5, done: 3, sessions: 1 });
  });

  it("counts a game played through the real reply path today", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const row = await assignActivity(t.db, { activityId: game, patientId: patient.id, assignedBy: t.ids.therapist, date: today });
    const build = buildById("reactor-quick");
    if (!build) throw new Error("no build");
    const engine = createEngine(FAMILY_ENGINES[build.family] as never, build, { seed: 7 });
    const run = runEngine(engine, { player: idealPlayer(280), size: build.size });
    // Played just now (the helper's own clock is a fixed day in January).
    const endedAt = Date.now() - 1000;
    const played = sessionOf(build, run, {
      sessionId: randomUUID(),
      startedAt: new Date(endedAt - Math.ceil(run.now) - 500).toISOString(),
      endedAt: new Date(endedAt).toISOString(),
    });
    const cookie = await t.login(patient.email, patient.password);
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/replyActivity/",
      headers: { cookie, origin: TEST_PUBLIC_URL },
      payload: { id: row.id, game: played },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = (await r.send("clinic", "GET", url({ user: patient.id, since: today, to: today }))).json();
    expect(body.data.days).toEqual([{ day: today, assigned: 1, done: 1 }]);
    expect(body.data.totals).toMatchObject({ assigned: 1, done: 1, sessions: 1, activeDays: 1, firstDay: "2026-02-28" });
    const reactor = body.data.families[0];
    expect(reactor.measures.find((entry: { name: string }) => entry.name === "rt_median_ms").points.map((point: { value: number }) => point.value)).toEqual([
      280,
    ]);
    expect(reactor.measures.find((entry: { name: string }) => entry.name === "accuracy").points.map((point: { value: number }) => point.value)).toEqual([1]);
  });

  it("answers the patient's staff; another clinic's staff find nothing; patients and staff without view_statistics are refused", async () => {
    const statuses: Partial<Record<Who, number>> = {};
    for (const who of ["therapist", "clinic", "admin", "otherTherapist", "otherClinic", "patient", "otherPatient"] as Who[]) {
      statuses[who] = (await stats(who)).statusCode;
    }
    expect(statuses).toEqual({ therapist: 200, clinic: 200, admin: 200, otherTherapist: 404, otherClinic: 404, patient: 403, otherPatient: 403 });
    // The other clinic's own patient is theirs, not the demo therapist's.
    const foreign = (who: Who) => r.send(who, "GET", url({ user: r.other.patient.id, since: SINCE, to: TO }));
    expect((await foreign("otherClinic")).statusCode).toBe(200);
    expect((await foreign("otherTherapist")).statusCode).toBe(200);
    expect((await foreign("therapist")).statusCode).toBe(404);
    expect((await foreign("clinic")).statusCode).toBe(404);
    expect((await foreign("admin")).statusCode).toBe(200);
    // A demo-clinic therapist who does not treat the patient finds nothing either.
    const colleague = await makeUser(t.db, { groups: [GROUP.therapist], clinicId: t.ids.clinic });
    const colleagueCookie = await t.login(colleague.email, colleague.password);
    expect((await t.app.inject({ method: "GET", url: url({ user: patient.id, since: SINCE, to: TO }), headers: { cookie: colleagueCookie } })).statusCode).toBe(
      404,
    );
    // Staff of the clinic without view_statistics (no group grants it).
    const clerk = await makeUser(t.db, { groups: [], clinicId: t.ids.clinic });
    const clerkCookie = await t.login(clerk.email, clerk.password);
    expect((await t.app.inject({ method: "GET", url: url({ user: patient.id, since: SINCE, to: TO }), headers: { cookie: clerkCookie } })).statusCode).toBe(
      403,
    );
    expect((await r.send(null, "GET", url({ user: patient.id, since: SINCE, to: TO }))).statusCode).toBe(401);
  });

  it("audits each read, and each refusal", async () => {
    await stats("therapist");
    await stats("otherTherapist");
    const events = await t.db
      .select({ outcome: auditEvents.outcome, actor: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "patient.statistics.read"), eq(auditEvents.subjectUserId, patient.id)));
    expect(events).toContainEqual({ outcome: "ok", actor: t.ids.therapist });
    expect(events).toContainEqual({ outcome: "refused", actor: r.other.therapist.id });
  });

  it("refuses bad input with field errors, and leaks nothing about a patient out of scope", async () => {
    const backwards = await stats("therapist", { since: TO, to: SINCE });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().to).toEqual([STATISTICS_MESSAGES.sinceAfterTo]);
    const long = await stats("therapist", { since: "2020-01-01", to: "2026-01-02" });
    expect(long.statusCode).toBe(400);
    expect(long.json().to).toEqual([STATISTICS_MESSAGES.rangeTooLong]);
    const notADate = await stats("therapist", { since: "2026-02-30" });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().since).toEqual([STATISTICS_MESSAGES.notADate]);
    const missing = await r.send("therapist", "GET", `/api/statistics/?user=${patient.id}`);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(["since", "to"]);
    const family = await stats("therapist", { family: "juggler" });
    expect(family.statusCode).toBe(400);
    expect(Object.keys(family.json())).toEqual(["family"]);

    const unknownPatient = await r.send("therapist", "GET", url({ user: randomUUID(), since: SINCE, to: TO }));
    expect(unknownPatient.statusCode).toBe(404);
    const unknownActivity = await stats("therapist", { activity: 2_000_000_000 });
    expect(unknownActivity.statusCode).toBe(404);
    // Another clinic's activity, never assigned to the patient, is not visible.
    const foreignActivity = await makeActivity(t.db, { name: "Foreign game", clinicId: r.other.clinic.id });
    expect((await stats("therapist", { activity: foreignActivity.id })).statusCode).toBe(404);
    // The refusal is the same as for a patient that does not exist: no figure, no name.
    const refused = await stats("otherTherapist");
    expect(refused.json()).toEqual(unknownPatient.json());
    expect(refused.body).not.toContain("Marta");
    expect(refused.body).not.toMatch(/assigned|sessions/);
  });
});

describe("GET /api/statistics/export", () => {
  const exportOf = (table: string, format: string, extra: Record<string, string> = {}) =>
    r.send("therapist", "GET", `/api/statistics/export?${new URLSearchParams({ user: patient.id, since: SINCE, to: TO, table, format, ...extra })}`);

  it("reads back each table as CSV with the screen's figures", async () => {
    const weeks = await exportOf("weeks", "csv");
    expect(weeks.statusCode).toBe(200);
    expect(weeks.headers["content-type"]).toContain("text/csv");
    expect(weeks.headers["content-disposition"]).toContain("statistics-weeks-");
    const parsed = Papa.parse<string[]>(weeks.body.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      ["Week (Monday)", "Assigned", "Done", "Adherence"],
      ["2026-03-02", "3", "2", String(2 / 3)],
      ["2026-03-09", "2", "1", "0.5"],
    ]);
    const dizziness = Papa.parse<string[]>((await exportOf("dizziness", "csv")).body.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(dizziness.slice(1).map((row) => [row[0], row[1], row[2], row[3]])).toEqual([
      ["2026-03-02 10:00", "Quick check (stats)", "5", "3"],
      ["2026-03-04 10:00", "Quick check (stats)", "4", "2"],
      ["2026-03-07 23:30", "Quick check (stats)", "3", "3"],
      ["2026-03-12 08:00", "", "2", "2"],
    ]);
    const measures = Papa.parse<string[]>((await exportOf("measures", "csv", { language: "es" })).body.replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(measures[0]).toEqual(["Familia", "Medida", "Unidad", "Sesión", "Terminada", "Valor"]);
    expect(measures).toContainEqual(["Reactor", "Tiempo de reacción mediano", "ms", String(ids.s3), "2026-03-07 23:30", "350"]);
  });

  it("reads back XLSX: the adherence of every day and the activities", async () => {
    const read = async (table: string) => {
      const response = await exportOf(table, "xlsx");
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error("no sheet");
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const days = await read("adherence");
    expect(days).toHaveLength(15);
    expect(days[0]).toEqual(["Day", "Assigned", "Done", "Adherence"]);
    expect(days[1]).toEqual(["2026-03-02", 2, 1, 0.5]);
    expect(days[2]?.slice(0, 3)).toEqual(["2026-03-03", 0, 0]);
    const activities = await read("activities");
    expect(activities[1]).toEqual(["Quick check (stats)", "game", "Reactor", "reactor-quick", 3, 2, 3, 4, "2026-03-07"]);
    // Empty cells (no family, no build) read back as empty strings.
    expect(activities[2]?.slice(0, 7)).toEqual(["Reading (stats)", "text", "", "", 2, 1, 0]);
  });

  it("refuses another clinic's staff, bad tables, formats and languages", async () => {
    const foreign = await r.send(
      "otherTherapist",
      "GET",
      `/api/statistics/export?${new URLSearchParams({ user: patient.id, since: SINCE, to: TO, table: "weeks", format: "csv" })}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await exportOf("secrets", "csv")).statusCode).toBe(400);
    expect((await exportOf("weeks", "pdf")).statusCode).toBe(400);
    const language = await exportOf("weeks", "csv", { language: "fr" });
    expect(language.statusCode).toBe(400);
    expect(Object.keys(language.json())).toContain("language");
  });
});

describe("POST /api/statistics/report", () => {
  it("writes the PDF in the patient's language with the figures and the note", async () => {
    const note = "Marked progress in reaction time; continue twice a week.";
    const response = await r.send("therapist", "POST", "/api/statistics/report", { user: patient.id, since: SINCE, to: TO, note });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const pdf = await parsePdf(response.rawPayload);
    expect(pdf.title).toBe("Progress report – Marta Statistics");
    for (const text of [
      "Progress report",
      "Marta Statistics",
      "2026-03-02 – 2026-03-15",
      "Adherence by week",
      "60 %",
      "Median reaction time",
      "400 ms",
      "350 ms",
      "improving",
      "4 sessions; mean before 3.5, mean after 2.5.",
      note,
      "Page 1 of",
    ]) {
      expect(pdf.text).toContain(text);
    }
  });

  it("writes Spanish for a Spanish patient, whoever asks", async () => {
    const paula = await makePatient(t.db, t.ids.clinic, [t.ids.therapist], { nombres: "Paula", apellidos: "Núñez", language: "es" });
    await assignActivity(t.db, {
      activityId: game,
      patientId: paula.id,
      assignedBy: t.ids.therapist,
      date: SINCE,
      done: true,
      doneAt: new Date(`${SINCE}T10:00:00Z`),
    });
    const response = await r.send("therapist", "POST", "/api/statistics/report", { user: paula.id, since: SINCE, to: TO, note: "Buena evolución." });
    expect(response.statusCode, response.body).toBe(200);
    const pdf = await parsePdf(response.rawPayload);
    for (const text of ["Informe de progreso", "Paula Núñez", "Adherencia por semana", "Nota del terapeuta", "Buena evolución.", "Página 1 de"]) {
      expect(pdf.text).toContain(text);
    }
    expect(pdf.text).not.toContain("Progress report");
  });

  it("refuses other clinics, patients and bad bodies", async () => {
    const body = { user: patient.id, since: SINCE, to: TO, note: "x" };
    expect((await r.send("otherClinic", "POST", "/api/statistics/report", body)).statusCode).toBe(404);
    expect((await r.send("patient", "POST", "/api/statistics/report", body)).statusCode).toBe(403);
    const long = await r.send("therapist", "POST", "/api/statistics/report", { ...body, note: "x".repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().note).toEqual([STATISTICS_MESSAGES.noteTooLong]);
  });
});

describe("GET /api/global-activities/", () => {
  const global = (who: Who, query: Record<string, string>) => r.send(who, "GET", `/api/global-activities/?${new URLSearchParams(query)}`);

  it("counts one patient's activities, and every patient's in the caller's scope", async () => {
    const one = await global("therapist", { patient_id: patient.id, date_start: SINCE, date_end: TO });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ dateStart: SINCE, dateEnd: TO, patientId: patient.id });
    expect(one.json().data).toEqual([
      expect.objectContaining({ id: game, assigned: 3, done: 2, sessions: 3, playedMs: 240_000, patients: 1 }),
      expect.objectContaining({ id: reading, assigned: 2, done: 1, sessions: 0, patients: 1 }),
    ]);
    // A second patient of the clinic, no therapist's, assigned the game once in range: the clinic counts them, the therapist not.
    const gameRow = async (who: Who) => (await global(who, { date_start: SINCE, date_end: TO })).json().data.find((row: { id: number }) => row.id === game);
    const [clinicBefore, therapistBefore] = [await gameRow("clinic"), await gameRow("therapist")];
    const other = await makePatient(t.db, t.ids.clinic, []);
    await assignActivity(t.db, { activityId: game, patientId: other.id, date: "2026-03-05" });
    const all = (await global("clinic", { date_start: SINCE, date_end: TO })).json();
    expect(all.patientId).toBeNull();
    const clinicAfter = all.data.find((row: { id: number }) => row.id === game);
    expect([clinicAfter.assigned - clinicBefore.assigned, clinicAfter.patients - clinicBefore.patients, clinicAfter.sessions]).toEqual([1, 1, 3]);
    expect(await gameRow("therapist")).toEqual(therapistBefore);
    expect(therapistBefore.assigned).toBeGreaterThanOrEqual(3);
    // Another clinic sees none of it.
    expect((await global("otherClinic", { date_start: SINCE, date_end: TO })).json().data.map((row: { id: number }) => row.id)).not.toContain(game);
  });

  it("refuses a patient out of scope, patients and bad ranges", async () => {
    expect((await global("otherTherapist", { patient_id: patient.id, date_start: SINCE, date_end: TO })).statusCode).toBe(404);
    expect((await global("patient", { date_start: SINCE, date_end: TO })).statusCode).toBe(403);
    const backwards = await global("admin", { date_start: TO, date_end: SINCE });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().date_end).toEqual([STATISTICS_MESSAGES.sinceAfterTo]);
  });

  it("exports as CSV in the caller's language", async () => {
    const response = await global("therapist", { patient_id: patient.id, date_start: SINCE, date_end: TO, format: "csv" }).then(() =>
      r.send(
        "therapist",
        "GET",
        `/api/global-activities/export?${new URLSearchParams({ patient_id: patient.id, date_start: SINCE, date_end: TO, format: "csv" })}`,
      ),
    );
    expect(response.statusCode).toBe(200);
    const rows = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(rows[0]?.at(-1)).toBe("Patients");
    expect(rows[1]).toEqual(["Quick check (stats)", "game", "Reactor", "reactor-quick", "3", "2", "3", "4", "2026-03-07", "1"]);
  });
});

describe("the API document", () => {
  it("lists every statistics call with its summary (spec §7)", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    for (const [path, method] of [
      ["/api/statistics/", "get"],
      ["/api/statistics/export", "get"],
      ["/api/statistics/report", "post"],
      ["/api/global-activities/", "get"],
      ["/api/global-activities/export", "get"],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(operation?.tags).toEqual(["statistics"]);
    }
  });
});
