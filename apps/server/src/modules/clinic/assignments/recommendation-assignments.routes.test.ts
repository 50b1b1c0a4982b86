import { and, count, eq } from "drizzle-orm";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../../db/schema.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import {
  assignRecommendation,
  type MadeClinic,
  type MadeUser,
  makeCategory,
  makeClinic,
  makePatient,
  makeRecommendation,
  makeTherapist,
} from "../../../../test/factories.ts";
import { assignedRecommendations } from "./assignments.table.ts";

type Demo = "admin" | "clinic" | "therapist" | "patient" | "patient2";
type Who = Demo | "otherClinic" | "otherTherapist" | "otherPatient" | "colleague";
type Method = "GET" | "PUT" | "POST";

const DEMO_ROLES: Demo[] = ["admin", "clinic", "therapist", "patient", "patient2"];

let t: TestApp;
let other: MadeClinic;
/** A therapist of the demo clinic who does not treat the demo patients. */
let colleague: MadeUser;
/** A patient of the demo clinic outside the demo therapist's care team. */
let uncared: MadeUser;
const cookies = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
  colleague = await makeTherapist(t.db, t.ids.clinic);
  uncared = await makePatient(t.db, t.ids.clinic, [colleague.id]);
  for (const role of DEMO_ROLES) cookies[role] = await t.loginAs(role);
  cookies.otherClinic = await t.login(other.clinic.email, other.clinic.password);
  cookies.otherTherapist = await t.login(other.therapist.email, other.therapist.password);
  cookies.otherPatient = await t.login(other.patient.email, other.patient.password);
  cookies.colleague = await t.login(colleague.email, colleague.password);
});
afterAll(async () => t?.close());

function send(who: Who | null, method: Method, url: string, payload?: unknown): Promise<InjectResponse> {
  const headers: Record<string, string> = {};
  if (who) headers.cookie = cookies[who];
  if (method !== "GET") headers.origin = TEST_PUBLIC_URL;
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const given = async (patientId: string) =>
  (await t.db.select({ id: assignedRecommendations.recommendationId }).from(assignedRecommendations).where(eq(assignedRecommendations.patientId, patientId)))
    .map((row) => row.id)
    .sort((a, b) => a - b);
const givenCount = async () => (await t.db.select({ n: count() }).from(assignedRecommendations))[0].n;
const idsOf = (response: InjectResponse) => (response.json().data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

/** A platform recommendation, one of the demo clinic and one of the other clinic, sharing a searchable token. */
async function ownedRows(token = uniqueSuffix()) {
  const platform = await makeRecommendation(t.db, { name: `${token} platform`, clinicId: null, createdBy: t.ids.admin });
  const own = await makeRecommendation(t.db, { name: `${token} own`, clinicId: t.ids.clinic, createdBy: t.ids.therapist });
  const foreign = await makeRecommendation(t.db, { name: `${token} foreign`, clinicId: other.clinic.id, createdBy: other.therapist.id });
  return { token, platform, own, foreign };
}

describe("GET /api/assignListRecommendations/", () => {
  it("lists to each giver the recommendations of its catalogue scope, paged", async () => {
    const rows = await ownedRows();
    const expected: Record<string, number[]> = {
      admin: [rows.platform.id, rows.own.id, rows.foreign.id],
      clinic: [rows.platform.id, rows.own.id],
      therapist: [rows.platform.id, rows.own.id],
      otherClinic: [rows.platform.id, rows.foreign.id],
      otherTherapist: [rows.platform.id, rows.foreign.id],
    };
    for (const [who, ids] of Object.entries(expected)) {
      const response = await send(who as Who, "GET", `/api/assignListRecommendations/?q=${rows.token}`);
      expect(response.statusCode, who).toBe(200);
      expect(response.json().total, who).toBe(ids.length);
      expect(response.json().page).toBe(1);
      expect(idsOf(response), who).toEqual(sorted(...ids));
    }
  });

  it("refuses patients (403) and the signed-out (401)", async () => {
    expect((await send("patient", "GET", "/api/assignListRecommendations/")).statusCode).toBe(403);
    expect((await send("otherPatient", "GET", "/api/assignListRecommendations/")).statusCode).toBe(403);
    expect((await send(null, "GET", "/api/assignListRecommendations/")).statusCode).toBe(401);
  });

  it("marks what the named patient already has, and keeps an admin to what that patient's clinic can see", async () => {
    const rows = await ownedRows();
    await assignRecommendation(t.db, { recommendationId: rows.own.id, patientId: t.ids.patient });
    const therapist = await send("therapist", "GET", `/api/assignListRecommendations/?q=${rows.token}&patient=${t.ids.patient}`);
    expect(therapist.statusCode).toBe(200);
    const flags = Object.fromEntries((therapist.json().data as { id: number; assigned: boolean }[]).map((row) => [row.id, row.assigned]));
    expect(flags).toEqual({ [rows.platform.id]: false, [rows.own.id]: true });

    const admin = await send("admin", "GET", `/api/assignListRecommendations/?q=${rows.token}&patient=${t.ids.patient}`);
    expect(idsOf(admin)).toEqual(sorted(rows.platform.id, rows.own.id));
    const adminOther = await send("admin", "GET", `/api/assignListRecommendations/?q=${rows.token}&patient=${other.patient.id}`);
    expect(idsOf(adminOther)).toEqual(sorted(rows.platform.id, rows.foreign.id));

    // Naming a patient reads their data: it is audited.
    const [audit] = await t.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "patient.recommendations.read"), eq(auditEvents.subjectUserId, other.patient.id), eq(auditEvents.outcome, "ok")));
    expect(audit?.n).toBe(1);

    const unnamed = await send("therapist", "GET", `/api/assignListRecommendations/?q=${rows.token}`);
    expect((unnamed.json().data as { assigned: boolean }[]).every((row) => row.assigned === false)).toBe(true);
  });

  it("answers 404 for a patient outside the caller's scope, whoever that patient is", async () => {
    const cases: [Who, string][] = [
      ["therapist", other.patient.id],
      ["therapist", uncared.id],
      ["clinic", other.patient.id],
      ["otherClinic", t.ids.patient],
      ["therapist", "00000000-0000-4000-8000-000000000000"],
      ["clinic", t.ids.therapist],
    ];
    for (const [who, patient] of cases) {
      const response = await send(who, "GET", `/api/assignListRecommendations/?patient=${patient}`);
      expect(response.statusCode, `${who} → ${patient}`).toBe(404);
      expect(response.json()).toEqual({ detail: "Not found." });
    }
  });

  it("keeps nutrition content with nutrition=true and answers the documented shape", async () => {
    const token = uniqueSuffix();
    const food = await makeCategory(t.db, { name: `Food ${token}`, clinicId: t.ids.clinic });
    await t.db.execute(`update categories set nutrition = true where id = ${food.id}`);
    const meal = await makeRecommendation(t.db, {
      name: `${token} meal`,
      clinicId: t.ids.clinic,
      categoryId: food.id,
      description: "<p>Eat <strong>greens</strong></p>",
    });
    const walk = await makeRecommendation(t.db, { name: `${token} walk`, clinicId: null });
    const all = await send("therapist", "GET", `/api/assignListRecommendations/?q=${token}`);
    expect(idsOf(all)).toEqual(sorted(meal.id, walk.id));
    const nutrition = await send("therapist", "GET", `/api/assignListRecommendations/?q=${token}&nutrition=true`);
    expect(nutrition.json()).toEqual({
      data: [
        {
          id: meal.id,
          name: meal.name,
          description: "<p>Eat <strong>greens</strong></p>",
          categoryId: food.id,
          categoryName: food.name,
          nutrition: true,
          clinicId: t.ids.clinic,
          assigned: false,
        },
      ],
      page: 1,
      total: 1,
    });
    const notNutrition = await send("therapist", "GET", `/api/assignListRecommendations/?q=${token}&nutrition=false`);
    expect(idsOf(notNutrition)).toEqual(sorted(meal.id, walk.id));
  });

  it("pages by name and answers 400 for bad queries", async () => {
    const token = uniqueSuffix();
    const a = await makeRecommendation(t.db, { name: `${token} a`, clinicId: t.ids.clinic });
    const b = await makeRecommendation(t.db, { name: `${token} b`, clinicId: t.ids.clinic });
    const page2 = await send("clinic", "GET", `/api/assignListRecommendations/?q=${token}&rowsPerPage=1&page=2`);
    expect(page2.json()).toMatchObject({ page: 2, total: 2 });
    expect(idsOf(page2)).toEqual([b.id]);
    expect(a.id).toBeLessThan(b.id);
    for (const query of ["page=0", "rowsPerPage=1000", "nutrition=yes", "q=%00"]) {
      const response = await send("clinic", "GET", `/api/assignListRecommendations/?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe("GET /api/patients-recommendations/:id", () => {
  it("lets the patient's staff and the patient read the list, newest first, with the rich text and category", async () => {
    const patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
    const category = await makeCategory(t.db, { clinicId: null });
    const first = await makeRecommendation(t.db, { clinicId: null, categoryId: category.id, description: "<p>First <em>one</em></p>" });
    const second = await makeRecommendation(t.db, { clinicId: t.ids.clinic });
    const one = await assignRecommendation(t.db, { recommendationId: first.id, patientId: patient.id, assignedBy: t.ids.therapist });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await assignRecommendation(t.db, { recommendationId: second.id, patientId: patient.id, assignedBy: t.ids.therapist });
    const patientCookie = await t.login(patient.email, patient.password);

    for (const cookie of [cookies.admin, cookies.clinic, cookies.therapist, patientCookie]) {
      const response = await t.app.inject({ method: "GET", url: `/api/patients-recommendations/${patient.id}`, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.json().total).toBe(2);
      expect((response.json().data as { id: number }[]).map((row) => row.id)).toEqual([second.id, first.id]);
    }
    const response = await t.app.inject({
      method: "GET",
      url: `/api/patients-recommendations/${patient.id}?rowsPerPage=1&page=2`,
      headers: { cookie: patientCookie },
    });
    expect(response.json()).toEqual({
      data: [
        {
          id: first.id,
          name: first.name,
          description: "<p>First <em>one</em></p>",
          categoryId: category.id,
          categoryName: category.name,
          nutrition: false,
          givenAt: one.createdAt.toISOString(),
        },
      ],
      page: 2,
      total: 2,
    });
  });

  it("answers 404 to anyone outside the patient's scope, and records the refusal", async () => {
    const reco = await makeRecommendation(t.db, { clinicId: null });
    await assignRecommendation(t.db, { recommendationId: reco.id, patientId: t.ids.patient });
    const refused: Who[] = ["patient2", "otherClinic", "otherTherapist", "otherPatient", "colleague"];
    for (const who of refused) {
      const response = await send(who, "GET", `/api/patients-recommendations/${t.ids.patient}`);
      expect(response.statusCode, who).toBe(404);
      expect(response.json()).toEqual({ detail: "Not found." });
    }
    expect((await send("therapist", "GET", "/api/patients-recommendations/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    // Not a user id at all: refused by the path schema before any lookup.
    expect((await send("therapist", "GET", "/api/patients-recommendations/no-such-user")).statusCode).toBe(400);
    // A staff member is not a patient: no recommendations are read from them.
    expect((await send("clinic", "GET", `/api/patients-recommendations/${t.ids.therapist}`)).statusCode).toBe(404);
    expect((await send(null, "GET", `/api/patients-recommendations/${t.ids.patient}`)).statusCode).toBe(401);
    const [audit] = await t.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "patient.recommendations.read"), eq(auditEvents.subjectUserId, t.ids.patient), eq(auditEvents.outcome, "refused")));
    expect(audit?.n).toBeGreaterThanOrEqual(refused.length);
  });

  it("filters nutrition content with nutrition=true", async () => {
    const patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
    const food = await makeCategory(t.db, { clinicId: t.ids.clinic });
    await t.db.execute(`update categories set nutrition = true where id = ${food.id}`);
    const meal = await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: food.id });
    const other = await makeRecommendation(t.db, { clinicId: t.ids.clinic });
    await assignRecommendation(t.db, { recommendationId: meal.id, patientId: patient.id });
    await assignRecommendation(t.db, { recommendationId: other.id, patientId: patient.id });
    const response = await send("therapist", "GET", `/api/patients-recommendations/${patient.id}?nutrition=true`);
    expect(idsOf(response)).toEqual([meal.id]);
    expect(response.json().data[0].nutrition).toBe(true);
  });
});

describe("POST /api/patients-recommendations/:id", () => {
  it("gives several recommendations at once and says which were new", async () => {
    const patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
    const rows = await ownedRows();
    const response = await send("therapist", "POST", `/api/patients-recommendations/${patient.id}`, { recommendations: [rows.platform.id, rows.own.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ added: [rows.platform.id, rows.own.id], alreadyGiven: [] });
    expect(await given(patient.id)).toEqual(sorted(rows.platform.id, rows.own.id));
    const [row] = await t.db.select().from(assignedRecommendations).where(eq(assignedRecommendations.recommendationId, rows.own.id));
    expect(row?.assignedBy).toBe(t.ids.therapist);
  });

  it("ignores duplicates in the request and ones the patient already has", async () => {
    const patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
    const rows = await ownedRows();
    await assignRecommendation(t.db, { recommendationId: rows.platform.id, patientId: patient.id });
    const response = await send("clinic", "POST", `/api/patients-recommendations/${patient.id}`, {
      recommendations: [rows.own.id, rows.platform.id, rows.own.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ added: [rows.own.id], alreadyGiven: [rows.platform.id] });
    expect(await given(patient.id)).toEqual(sorted(rows.platform.id, rows.own.id));
  });

  it("refuses a mix of valid and foreign or unknown ids whole, writing nothing", async () => {
    const patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
    const rows = await ownedRows();
    const before = await givenCount();
    const mixes: [Who, number[]][] = [
      ["therapist", [rows.own.id, rows.foreign.id]],
      ["clinic", [rows.platform.id, rows.foreign.id]],
      ["therapist", [rows.own.id, 2_000_000_000]],
      // An admin sees every row, but never gives one clinic's recommendation to another clinic's patient.
      ["admin", [rows.platform.id, rows.foreign.id]],
    ];
    for (const [who, ids] of mixes) {
      const response = await send(who, "POST", `/api/patients-recommendations/${patient.id}`, { recommendations: ids });
      expect(response.statusCode, `${who} ${ids}`).toBe(404);
      expect(response.json()).toEqual({ detail: "Not found." });
    }
    expect(await givenCount()).toBe(before);
    expect(await given(patient.id)).toEqual([]);
  });

  it("refuses patients outside the giver's scope with 404 and the patient role with 403, writing nothing", async () => {
    const rows = await ownedRows();
    const before = await givenCount();
    const cases: [Who, string, number][] = [
      ["therapist", other.patient.id, 404],
      ["therapist", uncared.id, 404],
      ["clinic", other.patient.id, 404],
      ["otherClinic", t.ids.patient, 404],
      ["otherTherapist", t.ids.patient, 404],
      ["therapist", t.ids.clinic, 404],
      ["patient", t.ids.patient, 403],
      ["patient2", t.ids.patient, 403],
    ];
    for (const [who, patient, status] of cases) {
      const response = await send(who, "POST", `/api/patients-recommendations/${patient}`, { recommendations: [rows.platform.id] });
      expect(response.statusCode, `${who} → ${patient}`).toBe(status);
    }
    expect((await send(null, "POST", `/api/patients-recommendations/${t.ids.patient}`, { recommendations: [rows.platform.id] })).statusCode).toBe(401);
    expect(await givenCount()).toBe(before);
  });

  it("lets an admin give across clinics what the patient's clinic can see, and the other clinic its own", async () => {
    const rows = await ownedRows();
    const admin = await send("admin", "POST", `/api/patients-recommendations/${other.patient.id}`, { recommendations: [rows.platform.id, rows.foreign.id] });
    expect(admin.json()).toEqual({ added: [rows.platform.id, rows.foreign.id], alreadyGiven: [] });
    const otherClinic = await send("otherTherapist", "GET", `/api/patients-recommendations/${other.patient.id}`);
    expect(idsOf(otherClinic)).toEqual(expect.arrayContaining([rows.platform.id, rows.foreign.id]));
  });

  it("answers 400 with field errors for bad bodies, writing nothing", async () => {
    const before = await givenCount();
    const bodies: [unknown, string][] = [
      [{ recommendations: [] }, "recommendations"],
      [{ recommendations: ["1"] }, "recommendations.0"],
      [{ recommendations: [0] }, "recommendations.0"],
      [{ recommendations: [3_000_000_000] }, "recommendations.0"],
      [{ recommendations: Array.from({ length: 101 }, (_, index) => index + 1) }, "recommendations"],
      [{ recommendations: [1], extra: true }, "extra"],
      [{}, "recommendations"],
    ];
    for (const [body, field] of bodies) {
      const response = await send("therapist", "POST", `/api/patients-recommendations/${t.ids.patient}`, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys(response.json()), JSON.stringify(body).slice(0, 60)).toContain(field);
    }
    expect(await givenCount()).toBe(before);
  });
});

describe("PUT /api/patient/:idUser/?idRecommendation=", () => {
  it("takes one recommendation back from the patient and leaves the others", async () => {
    const patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
    const rows = await ownedRows();
    await assignRecommendation(t.db, { recommendationId: rows.platform.id, patientId: patient.id });
    await assignRecommendation(t.db, { recommendationId: rows.own.id, patientId: patient.id });
    const response = await send("therapist", "PUT", `/api/patient/${patient.id}/?idRecommendation=${rows.own.id}`);
    expect(response.statusCode).toBe(204);
    expect(await given(patient.id)).toEqual([rows.platform.id]);
    // Twice: it is gone, so 404.
    expect((await send("therapist", "PUT", `/api/patient/${patient.id}/?idRecommendation=${rows.own.id}`)).statusCode).toBe(404);
    expect((await send("clinic", "PUT", `/api/patient/${patient.id}/?idRecommendation=${rows.platform.id}`)).statusCode).toBe(204);
    expect(await given(patient.id)).toEqual([]);
  });

  it("refuses staff outside the patient's scope (404) and patients (403), removing nothing", async () => {
    const rows = await ownedRows();
    await assignRecommendation(t.db, { recommendationId: rows.foreign.id, patientId: other.patient.id });
    await assignRecommendation(t.db, { recommendationId: rows.own.id, patientId: uncared.id });
    const cases: [Who, string, number, number][] = [
      ["therapist", other.patient.id, rows.foreign.id, 404],
      ["clinic", other.patient.id, rows.foreign.id, 404],
      ["therapist", uncared.id, rows.own.id, 404],
      ["otherPatient", other.patient.id, rows.foreign.id, 403],
    ];
    for (const [who, patient, reco, status] of cases) {
      expect((await send(who, "PUT", `/api/patient/${patient}/?idRecommendation=${reco}`)).statusCode, `${who} → ${patient}`).toBe(status);
    }
    expect(await given(other.patient.id)).toContain(rows.foreign.id);
    expect(await given(uncared.id)).toContain(rows.own.id);
    // The colleague who treats that patient may.
    expect((await send("colleague", "PUT", `/api/patient/${uncared.id}/?idRecommendation=${rows.own.id}`)).statusCode).toBe(204);
  });

  it("answers 400 without a valid idRecommendation", async () => {
    for (const query of ["", "?idRecommendation=", "?idRecommendation=abc", "?idRecommendation=-1"]) {
      const response = await send("therapist", "PUT", `/api/patient/${t.ids.patient}/${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json())).toContain("idRecommendation");
    }
  });
});

describe("the demo data", () => {
  it("gives the second demo patient the nutrition recommendations, and the first none", async () => {
    const mine = await send("patient2", "GET", `/api/patients-recommendations/${t.ids.patient2}?nutrition=true`);
    expect(mine.statusCode).toBe(200);
    expect((mine.json().data as { name: string }[]).map((row) => row.name).sort()).toEqual(["Unsalted cooking", "Water with every meal"]);
    const nutrition = await send("therapist", "GET", "/api/assignListRecommendations/?nutrition=true&q=water");
    expect(nutrition.json().data).toMatchObject([{ name: "Water with every meal", categoryName: "Nutrition and hydration", nutrition: true }]);
  });
});

describe("with the clinic module off", () => {
  it("answers 404 on every endpoint", async () => {
    const flag = await send("admin", "PUT", "/api/flags/clinic", { enabled: false });
    expect(flag.statusCode).toBe(200);
    try {
      expect((await send("therapist", "GET", "/api/assignListRecommendations/")).statusCode).toBe(404);
      expect((await send("patient", "GET", `/api/patients-recommendations/${t.ids.patient}`)).statusCode).toBe(404);
      expect((await send("therapist", "POST", `/api/patients-recommendations/${t.ids.patient}`, { recommendations: [1] })).statusCode).toBe(404);
      expect((await send("therapist", "PUT", `/api/patient/${t.ids.patient}/?idRecommendation=1`)).statusCode).toBe(404);
    } finally {
      await send("admin", "PUT", "/api/flags/clinic", { enabled: true });
    }
  });
});
