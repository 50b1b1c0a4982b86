import { count, desc, eq, inArray } from "drizzle-orm";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import { assignActivity, type MadeClinic, type MadeUser, makeActivity, makeCategory, makeClinic, makePatient, makeUser } from "../../../../test/factories.ts";
import { categories } from "../categories/categories.table.ts";
import { auditEvents } from "../../../db/schema.ts";
import { assignedActivities } from "./assignments.table.ts";

type Demo = "admin" | "clinic" | "therapist" | "patient" | "patient2";
type Who = Demo | "otherClinic" | "otherTherapist" | "otherPatient" | "viewer";
type Method = "GET" | "PUT" | "POST" | "DELETE";

let t: TestApp;
let other: MadeClinic;
/** A patient of the demo clinic whom the demo therapist does not treat (the view-only "viewer" does). */
let stranger: MadeUser;
let platformActivity: number;
let ownActivity: number;
let foreignActivity: number;
const cookies = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
  for (const role of ["admin", "clinic", "therapist", "patient", "patient2"] as Demo[]) cookies[role] = await t.loginAs(role);
  cookies.otherClinic = await t.login(other.clinic.email, other.clinic.password);
  cookies.otherTherapist = await t.login(other.therapist.email, other.therapist.password);
  cookies.otherPatient = await t.login(other.patient.email, other.patient.password);
  // Staff who may look at assignments but not change them, treating the stranger only.
  const viewer = await makeUser(t.db, {
    nombres: "Viewer",
    apellidos: uniqueSuffix(),
    groups: [],
    permissions: ["view_assign_activity"],
    clinicId: t.ids.clinic,
  });
  cookies.viewer = await t.login(viewer.email, viewer.password);
  stranger = await makePatient(t.db, t.ids.clinic, [viewer.id]);
  platformActivity = (await makeActivity(t.db, { name: `Platform reading ${uniqueSuffix()}`, clinicId: null })).id;
  ownActivity = (await makeActivity(t.db, { name: `Own game ${uniqueSuffix()}`, type: "game", clinicId: t.ids.clinic })).id;
  foreignActivity = (await makeActivity(t.db, { name: `Foreign reading ${uniqueSuffix()}`, clinicId: other.clinic.id })).id;
});
afterAll(async () => t?.close());

function send(who: Who | null, method: Method, url: string, payload?: unknown): Promise<InjectResponse> {
  const headers: Record<string, string> = {};
  if (who) headers.cookie = cookies[who];
  if (method !== "GET") headers.origin = TEST_PUBLIC_URL;
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA");
const rowCount = async () => (await t.db.select({ n: count() }).from(assignedActivities))[0].n;
const rowOf = async (id: number) => (await t.db.select().from(assignedActivities).where(eq(assignedActivities.id, id)))[0];
const idsOf = (response: InjectResponse) => (response.json().data as { id: number }[]).map((row) => row.id);
/** A fresh patient in the demo therapist's care, so lists start empty. */
const freshPatient = () => makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
const assignment = (patientId: string, values: Partial<typeof assignedActivities.$inferInsert> = {}) =>
  assignActivity(t.db, { activityId: platformActivity, patientId, assignedBy: t.ids.therapist, ...values });

describe("POST /api/patients-activities/{id}", () => {
  const input = (activities: number[], extra: Record<string, unknown> = {}) => ({
    activities,
    date: day(1),
    duration: 20,
    description: "Seated, twice.",
    ...extra,
  });

  it("assigns the activities to the patient, all at once, and answers the new rows", async () => {
    const patient = await freshPatient();
    const response = await send("therapist", "POST", `/api/patients-activities/${patient.id}`, input([platformActivity, ownActivity, platformActivity]));
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({
      patientId: patient.id,
      activityId: platformActivity,
      activity: { id: platformActivity, type: "text", imageUrl: null },
      date: day(1),
      duration: 20,
      description: "Seated, twice.",
      done: false,
      doneAt: null,
      favorite: false,
      activate: true,
      result: null,
      assignedBy: t.ids.therapist,
    });
    expect(data[1]).toMatchObject({ activityId: ownActivity, activity: { type: "game" } });
    expect((await rowOf(data[1].id))?.patientId).toBe(patient.id);
  });

  it("lets a clinic assign to any of its patients and an admin to anyone, each within what the patient's clinic can see", async () => {
    expect((await send("clinic", "POST", `/api/patients-activities/${stranger.id}`, input([ownActivity]))).statusCode).toBe(201);
    expect((await send("admin", "POST", `/api/patients-activities/${other.patient.id}`, input([platformActivity]))).statusCode).toBe(201);
    expect((await send("otherClinic", "POST", `/api/patients-activities/${other.patient.id}`, input([platformActivity]))).statusCode).toBe(201);
    // An admin sees every catalogue, but one clinic's activity never goes to another clinic's patient.
    const before = await rowCount();
    const crossed = await send("admin", "POST", `/api/patients-activities/${other.patient.id}`, input([platformActivity, ownActivity]));
    expect(crossed.statusCode).toBe(400);
    expect(Object.keys(crossed.json())).toEqual(["activities"]);
    expect(await rowCount()).toBe(before);
  });

  it("refuses with 404 a patient outside the caller's scope, a non-patient, and an activity outside their catalogue; nothing is written", async () => {
    const before = await rowCount();
    const refusals: [Who, string, number[]][] = [
      ["therapist", stranger.id, [platformActivity]],
      ["therapist", other.patient.id, [platformActivity]],
      ["otherTherapist", t.ids.patient, [platformActivity]],
      ["otherClinic", t.ids.patient, [platformActivity]],
      ["clinic", t.ids.therapist, [platformActivity]],
      // A well-formed id that names nobody (a malformed one is a 400 before any lookup).
      ["therapist", "00000000-0000-4000-8000-000000000000", [platformActivity]],
      ["therapist", t.ids.patient, [platformActivity, foreignActivity]],
      ["therapist", t.ids.patient, [2147483647]],
    ];
    for (const [who, patientId, activities] of refusals) {
      const response = await send(who, "POST", `/api/patients-activities/${patientId}`, input(activities));
      expect({ who, patientId, status: response.statusCode, body: response.json() }).toEqual({ who, patientId, status: 404, body: { detail: "Not found." } });
    }
    expect(await rowCount()).toBe(before);
  });

  it("refuses patients, staff without change_assignactivity (403) and the signed out (401)", async () => {
    const before = await rowCount();
    for (const who of ["patient", "otherPatient", "viewer"] as Who[])
      expect((await send(who, "POST", `/api/patients-activities/${t.ids.patient}`, input([platformActivity]))).statusCode).toBe(403);
    expect((await send(null, "POST", `/api/patients-activities/${t.ids.patient}`, input([platformActivity]))).statusCode).toBe(401);
    expect(await rowCount()).toBe(before);
  });

  it("answers bad input with 400 on the field, and writes nothing", async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [input([platformActivity], { duration: 0 }), "duration"],
      [input([platformActivity], { duration: -5 }), "duration"],
      [input([platformActivity], { duration: 601 }), "duration"],
      [input([platformActivity], { duration: 12.5 }), "duration"],
      [input([platformActivity], { duration: "20" }), "duration"],
      [input([platformActivity], { date: "2026-02-30" }), "date"],
      [input([platformActivity], { date: "tomorrow" }), "date"],
      [input([platformActivity], { date: "2026-3-01" }), "date"],
      [input([]), "activities"],
      [input([platformActivity], { description: "x".repeat(1001) }), "description"],
      [input([platformActivity], { done: true }), "done"],
    ];
    for (const [payload, field] of cases) {
      const response = await send("therapist", "POST", `/api/patients-activities/${t.ids.patient}`, payload);
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(Object.keys(response.json())).toEqual([field]);
    }
    const zero = await send("therapist", "POST", `/api/patients-activities/${t.ids.patient}`, input([platformActivity], { duration: 0 }));
    expect(zero.json()).toEqual({ duration: ["The duration must be more than 0 minutes."] });
    expect(await rowCount()).toBe(before);
  });
});

describe("POST /api/assign-unassign-activities/", () => {
  const assign = (patients: string[], activities: number[], extra: Record<string, unknown> = {}) => ({
    assign: { patients, activities, date: day(0), duration: 15, ...extra },
  });

  it("assigns every activity to every patient in one request and answers the list", async () => {
    const [a, b] = [await freshPatient(), await freshPatient()];
    const third = (await makeActivity(t.db, { clinicId: t.ids.clinic, type: "game" })).id;
    const response = await send(
      "therapist",
      "POST",
      "/api/assign-unassign-activities/",
      assign([a.id, b.id], [platformActivity, ownActivity, third], { activate: false }),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.unassigned).toEqual([]);
    expect(body.data.map((row: { patientId: string; activityId: number; activate: boolean }) => [row.patientId, row.activityId, row.activate])).toEqual([
      [a.id, platformActivity, false],
      [a.id, ownActivity, false],
      [a.id, third, false],
      [b.id, platformActivity, false],
      [b.id, ownActivity, false],
      [b.id, third, false],
    ]);
    const stored = await t.db
      .select()
      .from(assignedActivities)
      .where(inArray(assignedActivities.patientId, [a.id, b.id]));
    expect(stored).toHaveLength(6);
  });

  it("updates and unassigns selected assignments together", async () => {
    const patient = await freshPatient();
    const [keep, change1, change2, drop] = [
      await assignment(patient.id),
      await assignment(patient.id),
      await assignment(patient.id),
      await assignment(patient.id),
    ];
    const response = await send("therapist", "POST", "/api/assign-unassign-activities/", {
      update: { ids: [change1.id, change2.id], activate: false, duration: 45 },
      unassign: [drop.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().unassigned).toEqual([drop.id]);
    expect(idsOf(response)).toEqual([change1.id, change2.id]);
    expect(await rowOf(drop.id)).toBeUndefined();
    for (const id of [change1.id, change2.id]) expect(await rowOf(id)).toMatchObject({ activate: false, duration: 45 });
    expect(await rowOf(keep.id)).toMatchObject({ activate: true, duration: 15 });
  });

  it("refuses a request naming any foreign patient, activity or assignment as a whole (404), writing nothing", async () => {
    const patient = await freshPatient();
    const own = await assignment(patient.id);
    const theirs = await assignActivity(t.db, { activityId: platformActivity, patientId: other.patient.id });
    const strangers = await assignment(stranger.id);
    const before = await rowCount();
    const mixes: Record<string, unknown>[] = [
      assign([patient.id, other.patient.id], [platformActivity]),
      assign([patient.id, stranger.id], [platformActivity]),
      assign([patient.id], [platformActivity, foreignActivity]),
      { unassign: [own.id, theirs.id] },
      { unassign: [own.id, strangers.id] },
      { update: { ids: [own.id, theirs.id], activate: false } },
      { ...assign([patient.id], [platformActivity]), unassign: [theirs.id] },
      { ...assign([patient.id], [platformActivity]), update: { ids: [own.id, 2147483647], done: true } },
    ];
    for (const payload of mixes) {
      const response = await send("therapist", "POST", "/api/assign-unassign-activities/", payload);
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({ payload, status: 404, body: { detail: "Not found." } });
    }
    expect(await rowCount()).toBe(before);
    expect(await rowOf(own.id)).toMatchObject({ activate: true, done: false });
    expect(await rowOf(theirs.id)).toBeDefined();
  });

  it("answers bad requests with 400 and writes nothing", async () => {
    const own = await assignment(t.ids.patient);
    const many = Array.from({ length: 30 }, (_, i) => i + 1);
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [{}, "detail"],
      [{ unassign: [] }, "detail"],
      [{ update: { ids: [own.id] } }, "update"],
      [{ update: { ids: [own.id], done: true }, unassign: [own.id] }, "unassign"],
      [assign([t.ids.patient], [platformActivity], { duration: 0 }), "assign.duration"],
      [assign([t.ids.patient], [platformActivity], { date: "2026-04-31" }), "assign.date"],
      [assign([], [platformActivity]), "assign.patients"],
      [{ assign: { patients: many.map(String), activities: many, date: day(0), duration: 10 } }, "assign"],
      [{ unassign: [own.id], extra: true }, "extra"],
    ];
    for (const [payload, field] of cases) {
      const response = await send("therapist", "POST", "/api/assign-unassign-activities/", payload);
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(Object.keys(response.json())).toContain(field);
    }
    expect(await rowCount()).toBe(before);
  });

  it("refuses patients and view-only staff (403), and the signed out (401)", async () => {
    const own = await assignment(t.ids.patient);
    for (const who of ["patient", "viewer"] as Who[])
      expect((await send(who, "POST", "/api/assign-unassign-activities/", { unassign: [own.id] })).statusCode).toBe(403);
    expect((await send(null, "POST", "/api/assign-unassign-activities/", { unassign: [own.id] })).statusCode).toBe(401);
    expect(await rowOf(own.id)).toBeDefined();
  });

  it("leaves an audit record of what was asked", async () => {
    const patient = await freshPatient();
    expect((await send("therapist", "POST", "/api/assign-unassign-activities/", assign([patient.id], [platformActivity]))).statusCode).toBe(200);
    const [event] = await t.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ actorId: t.ids.therapist, subjectUserId: patient.id, action: "patient.activities.bulk", outcome: "ok" });
  });
});

describe("GET /api/assignActivityList/{id}/", () => {
  it("pages the patient's assignments so that appending each page gives the whole list once, newest date first", async () => {
    const patient = await freshPatient();
    const made = [];
    for (let i = 0; i < 23; i++) made.push(await assignment(patient.id, { date: day(i % 5) }));
    const expected = [...made].sort((a, b) => (a.date === b.date ? b.id - a.id : b.date.localeCompare(a.date))).map((row) => row.id);
    const appended: number[] = [];
    for (const page of [1, 2, 3]) {
      const response = await send("therapist", "GET", `/api/assignActivityList/${patient.id}/?page=${page}&rowsPerPage=10`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ page, total: 23 });
      expect(response.json().data).toHaveLength(page === 3 ? 3 : 10);
      appended.push(...idsOf(response));
    }
    expect(appended).toEqual(expected);
    expect((await send("therapist", "GET", `/api/assignActivityList/${patient.id}/?page=4&rowsPerPage=10`)).json()).toEqual({ data: [], page: 4, total: 23 });
  });

  it("filters by dates, flags, activity and name, and orders as asked", async () => {
    const patient = await freshPatient();
    const named = await makeActivity(t.db, { name: `Zebra walk ${uniqueSuffix()}`, clinicId: t.ids.clinic });
    const a = await assignment(patient.id, { date: day(-2), done: true });
    const b = await assignment(patient.id, { date: day(0), favorite: true });
    const c = await assignment(patient.id, { date: day(3), activate: false, activityId: named.id });
    const list = async (query: string) => idsOf(await send("therapist", "GET", `/api/assignActivityList/${patient.id}/?${query}`));
    expect(await list(`from=${day(0)}`)).toEqual([c.id, b.id]);
    expect(await list(`to=${day(0)}`)).toEqual([b.id, a.id]);
    expect(await list(`from=${day(-2)}&to=${day(-2)}`)).toEqual([a.id]);
    expect(await list("done=true")).toEqual([a.id]);
    expect(await list("done=false&order_by=date")).toEqual([b.id, c.id]);
    expect(await list("favorite=true")).toEqual([b.id]);
    expect(await list("activate=false")).toEqual([c.id]);
    expect(await list(`activity=${named.id}`)).toEqual([c.id]);
    expect(await list("q=zebra")).toEqual([c.id]);
    // By activity name, then date: the platform reading's two rows, then the zebra walk.
    expect(await list(`patient=${patient.id}&order_by=name`)).toEqual([a.id, b.id, c.id]);
    expect(await list("order_by=-name")).toEqual([c.id, b.id, a.id]);
  });

  it("keeps nutrition content with nutrition=true, and the rest with nutrition=false (nutritionPlans)", async () => {
    const patient = await freshPatient();
    const food = await makeCategory(t.db, { clinicId: t.ids.clinic });
    await t.db.update(categories).set({ nutrition: true }).where(eq(categories.id, food.id));
    const menu = await makeActivity(t.db, { name: `Menu ${uniqueSuffix()}`, clinicId: t.ids.clinic, categoryIds: [food.id] });
    const plain = await assignment(patient.id, { date: day(0) });
    const meal = await assignment(patient.id, { date: day(1), activityId: menu.id });
    const list = async (query: string) => idsOf(await send("therapist", "GET", `/api/assignActivityList/${patient.id}/?${query}`));
    expect(await list("nutrition=true")).toEqual([meal.id]);
    expect(await list("nutrition=false")).toEqual([plain.id]);
    expect(await list("")).toEqual([meal.id, plain.id]);
    expect((await send("therapist", "GET", `/api/assignActivityList/${patient.id}/?nutrition=1`)).statusCode).toBe(400);
  });

  it("answers 400 for a range ending before it starts, a bad flag or order, and another patient in the query", async () => {
    const cases: [string, string][] = [
      [`from=${day(2)}&to=${day(1)}`, "to"],
      ["from=2026-13-01", "from"],
      ["done=yes", "done"],
      ["order_by=patient", "order_by"],
      [`patient=${t.ids.patient2}`, "patient"],
    ];
    for (const [query, field] of cases) {
      const response = await send("therapist", "GET", `/api/assignActivityList/${t.ids.patient}/?${query}`);
      expect({ query, status: response.statusCode, fields: Object.keys(response.json()) }).toEqual({ query, status: 400, fields: [field] });
    }
    const range = await send("therapist", "GET", `/api/assignActivityList/${t.ids.patient}/?from=${day(2)}&to=${day(1)}`);
    expect(range.json()).toEqual({ to: ["The end date must be on or after the start date."] });
  });

  it("shows a patient's list to staff in scope only (404 to the rest, 403 to patients)", async () => {
    const row = await assignment(stranger.id);
    const expectations: [Who, number][] = [
      ["admin", 200],
      ["clinic", 200],
      ["viewer", 200],
      ["therapist", 404],
      ["otherClinic", 404],
      ["otherTherapist", 404],
      ["patient", 403],
    ];
    for (const [who, status] of expectations) {
      const response = await send(who, "GET", `/api/assignActivityList/${stranger.id}/`);
      expect({ who, status: response.statusCode }).toEqual({ who, status });
      if (status === 200) expect(idsOf(response)).toContain(row.id);
    }
    expect((await send(null, "GET", `/api/assignActivityList/${stranger.id}/`)).statusCode).toBe(401);
  });
});

describe("GET /api/patientAssignActivities/{id}", () => {
  it("answers a patient their own active assignments, soonest first, with date and favourite filters", async () => {
    const patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
    const cookie = await t.login(patient.email, patient.password);
    const later = await assignment(patient.id, { date: day(2), favorite: true });
    const today = await assignment(patient.id, { date: day(0) });
    const past = await assignment(patient.id, { date: day(-1), done: true, favorite: true });
    await assignment(patient.id, { date: day(1), activate: false });
    const list = async (query = "") =>
      idsOf(await t.app.inject({ method: "GET", url: `/api/patientAssignActivities/${patient.id}?${query}`, headers: { cookie } }));
    expect(await list()).toEqual([past.id, today.id, later.id]);
    expect(await list(`from=${day(0)}`)).toEqual([today.id, later.id]);
    expect(await list("favorite=true")).toEqual([past.id, later.id]);
    expect(await list("done=false")).toEqual([today.id, later.id]);
  });

  it("refuses a patient another patient's list, and staff a patient outside their scope, with 404", async () => {
    await assignment(t.ids.patient);
    const expectations: [Who, string, number][] = [
      ["patient", t.ids.patient, 200],
      ["patient", t.ids.patient2, 404],
      ["otherPatient", t.ids.patient, 404],
      ["therapist", t.ids.patient, 200],
      ["therapist", stranger.id, 404],
      ["otherTherapist", t.ids.patient, 404],
      ["admin", other.patient.id, 200],
    ];
    for (const [who, id, status] of expectations) {
      const response = await send(who, "GET", `/api/patientAssignActivities/${id}`);
      expect({ who, id, status: response.statusCode }).toEqual({ who, id, status });
    }
  });
});

describe("GET /api/assignActivity/{id}/", () => {
  it("answers one assignment with what its activity shows, to its patient and staff in scope", async () => {
    const text = await makeActivity(t.db, { clinicId: t.ids.clinic, body: "<p>Breathe slowly.</p>", description: "<p>Calm.</p>" });
    const row = await assignment(t.ids.patient, { activityId: text.id });
    for (const who of ["patient", "therapist", "clinic", "admin"] as Who[]) {
      const response = await send(who, "GET", `/api/assignActivity/${row.id}/`);
      expect({ who, status: response.statusCode }).toEqual({ who, status: 200 });
      expect(response.json()).toMatchObject({
        id: row.id,
        activity: {
          id: text.id,
          name: text.name,
          type: "text",
          body: "<p>Breathe slowly.</p>",
          description: "<p>Calm.</p>",
          videoUrl: null,
          gameBuildId: null,
        },
      });
    }
    for (const who of ["patient2", "otherPatient", "otherTherapist", "otherClinic"] as Who[])
      expect({ who, status: (await send(who, "GET", `/api/assignActivity/${row.id}/`)).statusCode }).toEqual({ who, status: 404 });
  });

  it("keeps an inactive assignment from its patient (404) while staff still see it", async () => {
    const row = await assignment(t.ids.patient, { activate: false });
    expect((await send("patient", "GET", `/api/assignActivity/${row.id}/`)).statusCode).toBe(404);
    expect((await send("therapist", "GET", `/api/assignActivity/${row.id}/`)).statusCode).toBe(200);
  });

  it("audits the read with the patient as its subject, and a refusal as refused", async () => {
    const row = await assignment(t.ids.patient);
    await send("therapist", "GET", `/api/assignActivity/${row.id}/`);
    const [ok] = await t.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    expect(ok).toMatchObject({ actorId: t.ids.therapist, subjectUserId: t.ids.patient, action: "patient.activity.read", outcome: "ok" });
    await send("otherTherapist", "GET", `/api/assignActivity/${row.id}/`);
    const [refused] = await t.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    expect(refused).toMatchObject({ actorId: other.therapist.id, subjectUserId: null, action: "patient.activity.read", outcome: "refused" });
  });
});

describe("PUT /api/assignActivity/{id}", () => {
  it("lets staff change the date, duration, description and flags", async () => {
    const row = await assignment(t.ids.patient);
    const response = await send("therapist", "PUT", `/api/assignActivity/${row.id}`, { date: day(4), duration: 30, description: " Slowly. ", activate: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: row.id, date: day(4), duration: 30, description: "Slowly.", activate: false });
    expect(await rowOf(row.id)).toMatchObject({ date: day(4), duration: 30, description: "Slowly.", activate: false });
  });

  it("lets a patient mark their own done and favourite, and undoing done drops its time and result", async () => {
    const row = await assignment(t.ids.patient);
    const done = await send("patient", "PUT", `/api/assignActivity/${row.id}`, { done: true, favorite: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ done: true, favorite: true });
    expect(done.json().doneAt).toEqual(expect.any(String));
    await t.db
      .update(assignedActivities)
      .set({ result: { score: 3 } })
      .where(eq(assignedActivities.id, row.id));
    const undone = await send("patient", "PUT", `/api/assignActivity/${row.id}`, { done: false });
    expect(undone.json()).toMatchObject({ done: false, doneAt: null, result: null, favorite: true });
  });

  it("refuses a patient any other change and another patient's assignment (403), and staff out of scope (404); nothing changes", async () => {
    const row = await assignment(t.ids.patient);
    for (const body of [{ date: day(3) }, { duration: 5 }, { description: "Mine" }, { activate: false }, { done: true, date: day(3) }]) {
      const response = await send("patient", "PUT", `/api/assignActivity/${row.id}`, body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 403 });
    }
    // A patient's app may act on an assignment it holds offline: another patient's is refused, not hidden (issue 43).
    for (const who of ["patient2", "otherPatient"] as Who[])
      expect({ who, status: (await send(who, "PUT", `/api/assignActivity/${row.id}`, { done: true })).statusCode }).toEqual({ who, status: 403 });
    for (const who of ["otherTherapist", "otherClinic"] as Who[])
      expect({ who, status: (await send(who, "PUT", `/api/assignActivity/${row.id}`, { done: true })).statusCode }).toEqual({ who, status: 404 });
    expect((await send("viewer", "PUT", `/api/assignActivity/${row.id}`, { done: true })).statusCode).toBe(403);
    expect(await rowOf(row.id)).toMatchObject({ date: row.date, duration: 15, description: "", activate: true, done: false });
  });

  it("refuses a patient their inactive assignment (409 assignmentInactive)", async () => {
    const row = await assignment(t.ids.patient, { activate: false });
    const response = await send("patient", "PUT", `/api/assignActivity/${row.id}`, { favorite: true });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("assignmentInactive");
    expect(await rowOf(row.id)).toMatchObject({ favorite: false });
  });

  it("answers bad input with 400 and changes nothing", async () => {
    const row = await assignment(t.ids.patient);
    for (const [body, field] of [
      [{}, "detail"],
      [{ duration: 0 }, "duration"],
      [{ date: "2026-02-29" }, "date"],
      [{ patientId: t.ids.patient2 }, "patientId"],
    ] as const) {
      const response = await send("therapist", "PUT", `/api/assignActivity/${row.id}`, body);
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(Object.keys(response.json())).toContain(field);
    }
    expect(await rowOf(row.id)).toMatchObject({ duration: 15, date: row.date });
  });
});

describe("POST /api/assignActivity/{id} (replicate and update)", () => {
  it("copies an assignment to another date, fresh (not done, not favourite, no result)", async () => {
    const source = await assignment(t.ids.patient, { date: day(0), duration: 25, description: "Morning", done: true, favorite: true, result: { note: "ok" } });
    const response = await send("therapist", "POST", `/api/assignActivity/${source.id}`, { date: day(1) });
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      patientId: t.ids.patient,
      activityId: source.activityId,
      date: day(1),
      duration: 25,
      description: "Morning",
      done: false,
      doneAt: null,
      favorite: false,
      result: null,
      activate: true,
      assignedBy: t.ids.therapist,
    });
    expect(await rowOf(source.id)).toMatchObject({ date: day(0), done: true });
  });

  it("copies to another patient in scope, with changes (replicate and update)", async () => {
    const source = await assignment(t.ids.patient, { date: day(0) });
    const response = await send("therapist", "POST", `/api/assignActivity/${source.id}`, {
      patient: t.ids.patient2,
      duration: 40,
      description: "Evening",
      activate: false,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ patientId: t.ids.patient2, date: day(0), duration: 40, description: "Evening", activate: false });
  });

  it("refuses a target patient outside the caller's scope, or whose clinic cannot see the activity; nothing is written", async () => {
    const source = await assignment(t.ids.patient, { activityId: ownActivity });
    const theirs = await assignActivity(t.db, { activityId: platformActivity, patientId: other.patient.id });
    const before = await rowCount();
    expect((await send("therapist", "POST", `/api/assignActivity/${source.id}`, { patient: other.patient.id })).statusCode).toBe(404);
    expect((await send("therapist", "POST", `/api/assignActivity/${source.id}`, { patient: stranger.id })).statusCode).toBe(404);
    expect((await send("therapist", "POST", `/api/assignActivity/${theirs.id}`, { date: day(2) })).statusCode).toBe(404);
    expect((await send("otherTherapist", "POST", `/api/assignActivity/${source.id}`, { patient: other.patient.id })).statusCode).toBe(404);
    const crossed = await send("admin", "POST", `/api/assignActivity/${source.id}`, { patient: other.patient.id });
    expect(crossed.statusCode).toBe(400);
    expect(Object.keys(crossed.json())).toEqual(["patient"]);
    for (const who of ["patient", "viewer"] as Who[])
      expect((await send(who, "POST", `/api/assignActivity/${source.id}`, { date: day(2) })).statusCode).toBe(403);
    expect(await rowCount()).toBe(before);
  });

  it("needs a date or a patient to copy to (400)", async () => {
    const source = await assignment(t.ids.patient);
    const response = await send("therapist", "POST", `/api/assignActivity/${source.id}`, { duration: 10 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ date: ["Give the date or the patient to copy to."] });
  });
});

describe("POST /api/replyActivity/", () => {
  it("records the patient's result and marks the assignment done", async () => {
    const row = await assignment(t.ids.patient);
    const result = { score: 8, maxScore: 10, seconds: 95.5, note: " Felt dizzy at first. ", level: 2, hard: true };
    const response = await send("patient", "POST", "/api/replyActivity/", { id: row.id, result });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: row.id, done: true, result: { ...result, note: "Felt dizzy at first." } });
    expect(await rowOf(row.id)).toMatchObject({ done: true, result: { ...result, note: "Felt dizzy at first." } });
    expect((await rowOf(row.id))?.doneAt).toBeInstanceOf(Date);
    // No result at all is a plain "done".
    const plain = await assignment(t.ids.patient);
    expect((await send("patient", "POST", "/api/replyActivity/", { id: plain.id })).json()).toMatchObject({ done: true, result: {} });
  });

  it("bounds the result: size, number of values, names and kinds", async () => {
    const row = await assignment(t.ids.patient);
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    const big = { note: "x".repeat(1000), ...Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, "x".repeat(200)])) };
    const cases: [unknown, string][] = [
      [{ note: "x".repeat(1001) }, "result.note"],
      [tooMany, "result"],
      [big, "result"],
      [{ nested: { deep: 1 } }, "result.nested"],
      [{ "bad key": 1 }, "result.bad key"],
      [{ seconds: -1 }, "result.seconds"],
      ["done", "result"],
    ];
    for (const [result, field] of cases) {
      const response = await send("patient", "POST", "/api/replyActivity/", { id: row.id, result });
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(Object.keys(response.json())).toContain(field);
    }
    expect(await rowOf(row.id)).toMatchObject({ done: false, result: null });
  });

  it("is the patient's own: staff and other patients are refused (403), an inactive row is a conflict (409)", async () => {
    const row = await assignment(t.ids.patient);
    const hidden = await assignment(t.ids.patient, { activate: false });
    for (const who of ["therapist", "clinic", "admin"] as Who[])
      expect({ who, status: (await send(who, "POST", "/api/replyActivity/", { id: row.id })).statusCode }).toEqual({ who, status: 403 });
    for (const who of ["patient2", "otherPatient"] as Who[])
      expect({ who, status: (await send(who, "POST", "/api/replyActivity/", { id: row.id })).statusCode }).toEqual({ who, status: 403 });
    expect((await send("patient", "POST", "/api/replyActivity/", { id: hidden.id })).statusCode).toBe(409);
    expect((await send(null, "POST", "/api/replyActivity/", { id: row.id })).statusCode).toBe(401);
    expect(await rowOf(row.id)).toMatchObject({ done: false });
  });
});

describe("deleting an assigned activity", () => {
  it("is a 409 that names the reason, until its assignments are gone", async () => {
    const activity = await makeActivity(t.db, { clinicId: t.ids.clinic });
    const row = await assignment(t.ids.patient, { activityId: activity.id });
    const refused = await send("therapist", "DELETE", `/api/activity/${activity.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/^This activity is assigned to patients/);
    expect((await send("therapist", "POST", "/api/assign-unassign-activities/", { unassign: [row.id] })).statusCode).toBe(200);
    expect((await send("therapist", "DELETE", `/api/activity/${activity.id}`)).statusCode).toBe(204);
  });
});
