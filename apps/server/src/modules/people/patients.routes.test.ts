import { pagedSchema, patientRowSchema } from "@clinic/shared";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, readUser, type TestApp } from "../../../test/app.ts";
import { type MadeClinic, type MadeUser, makeClinic, makePatient, makeTherapist } from "../../../test/factories.ts";
import { caller, clinicWithSeats, newEmail } from "../../../test/people.ts";
import { auditEvents, careTeam, users } from "../../db/schema.ts";
import type { DemoRole } from "../../seed-demo-data.ts";

let t: TestApp;
let call: ReturnType<typeof caller>;
let other: MadeClinic;
/** A patient of the demo clinic whom the demo therapist does not treat. */
let untreated: MadeUser;
/** A second therapist of the demo clinic. */
let colleague: MadeUser;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  other = await makeClinic(t.db);
  colleague = await makeTherapist(t.db, t.ids.clinic, { nombres: "Carla", apellidos: "Colega" });
  untreated = await makePatient(t.db, t.ids.clinic, [colleague.id], { nombres: "Zoe", apellidos: "Quintana", identification: "PAT-ZQ" });
});
afterAll(() => t?.close());

const patientInput = (overrides: Record<string, unknown> = {}) => ({
  nombres: "Lucía",
  apellidos: "Vega",
  identification: "PAT-LV",
  email: newEmail("patient"),
  language: "es",
  ...overrides,
});
const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;
const teamOf = async (patientId: string) =>
  (await t.db.select({ id: careTeam.therapistId }).from(careTeam).where(eq(careTeam.patientId, patientId))).map((row) => row.id).sort();

describe("GET /api/user-patients/", () => {
  const ids = async (cookie: string, query = "") => {
    const response = await call("GET", `/api/user-patients/?rowsPerPage=100${query}`, cookie);
    expect(response.statusCode).toBe(200);
    const body = pagedSchema(patientRowSchema).parse(response.json());
    expect(body.total).toBe(body.data.length);
    return body.data.map((row) => row.id).sort();
  };

  it("shows a therapist the patients in its care only", async () => {
    expect(await ids(await t.loginAs("therapist"))).toEqual([t.ids.patient, t.ids.patient2].sort());
  });

  it("shows a clinic all its patients, and not another clinic's", async () => {
    const list = await ids(await t.loginAs("clinic"));
    expect(list).toEqual(expect.arrayContaining([t.ids.patient, t.ids.patient2, untreated.id]));
    expect(list).not.toContain(other.patient.id);
    expect(await ids(await t.login(other.clinic.email, other.clinic.password))).toEqual([other.patient.id]);
  });

  it("shows admins every patient, filtered by clinic or therapist on request", async () => {
    const admin = await t.loginAs("admin");
    expect(await ids(admin)).toEqual(expect.arrayContaining([t.ids.patient, untreated.id, other.patient.id]));
    expect(await ids(admin, `&clinic=${other.clinic.id}`)).toEqual([other.patient.id]);
    expect(await ids(admin, `&therapist=${colleague.id}`)).toEqual([untreated.id]);
  });

  it("keeps the scope under the filters: a clinic naming another clinic sees none of it", async () => {
    expect(await ids(await t.loginAs("clinic"), `&clinic=${other.clinic.id}`)).toEqual([]);
    expect(await ids(await t.loginAs("therapist"), `&therapist=${colleague.id}`)).toEqual([]);
  });

  it("describes each patient with its clinic and therapists", async () => {
    const row = (await call("GET", "/api/user-patients/?q=quintana", await t.loginAs("clinic"))).json().data[0];
    expect(row).toMatchObject({
      id: untreated.id,
      nombres: "Zoe",
      apellidos: "Quintana",
      identification: "PAT-ZQ",
      clinicId: t.ids.clinic,
      clinicName: "Clínica Vestibular Norte",
      therapists: [{ id: colleague.id, nombres: "Carla", apellidos: "Colega" }],
      isActive: true,
      invitationPending: false,
    });
  });

  it("searches names, emails and identifications with q", async () => {
    const clinic = await t.loginAs("clinic");
    expect(await ids(clinic, `&q=${encodeURIComponent("Méndez")}`)).toEqual([t.ids.patient2]);
    expect(await ids(clinic, "&q=PAT-0001")).toEqual([t.ids.patient]);
    expect(await ids(clinic, "&q=patient1%40example")).toEqual([t.ids.patient]);
    expect(await ids(clinic, "&q=%25")).toEqual([]);
  });

  it("pages by surname with the total", async () => {
    const clinic = await t.loginAs("clinic");
    const all = (await call("GET", "/api/user-patients/?rowsPerPage=100", clinic)).json();
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page++) {
      const body = (await call("GET", `/api/user-patients/?rowsPerPage=2&page=${page}`, clinic)).json();
      expect(body).toMatchObject({ page, total: all.total });
      seen.push(...body.data.map((row: { id: string }) => row.id));
    }
    expect(seen).toEqual(all.data.map((row: { id: string }) => row.id));
  });

  it("filters by state", async () => {
    const clinic = await t.loginAs("clinic");
    const inactive = await makePatient(t.db, t.ids.clinic, [], { isActive: false });
    expect(await ids(clinic, "&active=false")).toEqual([inactive.id]);
    expect(await ids(clinic, "&active=true")).not.toContain(inactive.id);
  });

  it("audits the read", async () => {
    await call("GET", "/api/user-patients/?q=vega", await t.loginAs("therapist"));
    const [event] = await t.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ action: "patient.list", actorId: t.ids.therapist, outcome: "ok", detail: { q: "vega" } });
  });

  it("refuses patients with 403 and strangers with 401", async () => {
    expect((await call("GET", "/api/user-patients/", await t.loginAs("patient"))).statusCode).toBe(403);
    expect((await call("GET", "/api/user-patients/")).statusCode).toBe(401);
  });

  it.each([
    ["an unknown state", "&active=yes", "active"],
    ["an over-long search", `&q=${"x".repeat(101)}`, "q"],
  ])("refuses %s with 400", async (_label, query, field) => {
    const response = await call("GET", `/api/user-patients/?page=1${query}`, await t.loginAs("clinic"));
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
  });
});

describe("GET /api/user-patients/:id", () => {
  it.each([
    ["therapist → a patient in its care", "therapist", () => t.ids.patient, 200],
    ["therapist → a patient of its clinic not in its care", "therapist", () => untreated.id, 404],
    ["therapist → another clinic's patient", "therapist", () => other.patient.id, 404],
    ["clinic → its patient", "clinic", () => untreated.id, 200],
    ["clinic → another clinic's patient", "clinic", () => other.patient.id, 404],
    ["clinic → its therapist (not a patient)", "clinic", () => t.ids.therapist, 404],
    ["admin → any patient", "admin", () => other.patient.id, 200],
    ["patient → itself", "patient", () => t.ids.patient, 403],
    ["admin → an unknown id", "admin", () => "00000000-0000-0000-0000-000000000000", 404],
  ] as [string, DemoRole, () => string, number][])("%s answers %s", async (_label, role, target, status) => {
    const response = await call("GET", `/api/user-patients/${target()}`, await t.loginAs(role));
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(patientRowSchema.parse(response.json()).id).toBe(target());
    if (status === 404) expect(response.json()).toEqual({ detail: "Not found." });
  });
});

describe("POST /api/user-patients/", () => {
  it("lets a therapist add a patient, who joins its care", async () => {
    const response = await call("POST", "/api/user-patients/", await t.loginAs("therapist"), patientInput());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      nombres: "Lucía",
      apellidos: "Vega",
      clinicId: t.ids.clinic,
      language: "es",
      invitationPending: true,
      therapists: [{ id: t.ids.therapist }],
      invitation: { status: "outbox" },
    });
    expect(await teamOf(body.id)).toEqual([t.ids.therapist]);
    expect((await call("GET", `/api/user-patients/${body.id}`, await t.loginAs("therapist"))).statusCode).toBe(200);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "patient.create"), eq(auditEvents.subjectUserId, body.id)));
    expect(event).toMatchObject({ actorId: t.ids.therapist, outcome: "ok" });
  });

  it("lets a therapist name colleagues too, keeping itself in the care team", async () => {
    const response = await call("POST", "/api/user-patients/", await t.loginAs("therapist"), patientInput({ therapistIds: [colleague.id] }));
    expect(response.statusCode).toBe(201);
    expect(await teamOf(response.json().id)).toEqual([colleague.id, t.ids.therapist].sort());
  });

  it("lets a clinic add a patient with any of its therapists, or none", async () => {
    const clinic = await t.loginAs("clinic");
    const withColleague = await call("POST", "/api/user-patients/", clinic, patientInput({ therapistIds: [colleague.id] }));
    expect(withColleague.statusCode).toBe(201);
    expect(await teamOf(withColleague.json().id)).toEqual([colleague.id]);
    const alone = await call("POST", "/api/user-patients/", clinic, patientInput());
    expect(alone.statusCode).toBe(201);
    expect(alone.json().therapists).toEqual([]);
  });

  it("lets an admin add a patient to a clinic it names", async () => {
    const clinic = await clinicWithSeats(t.db, { nUsers: 1, nPatients: 1 });
    const therapist = await makeTherapist(t.db, clinic.id);
    const response = await call("POST", "/api/user-patients/", await t.loginAs("admin"), patientInput({ clinicId: clinic.id, therapistIds: [therapist.id] }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ clinicId: clinic.id, therapists: [{ id: therapist.id }] });
  });

  it.each([
    ["another clinic's therapist", () => ({ therapistIds: [other.therapist.id] }), "therapistIds"],
    ["a patient as therapist", () => ({ therapistIds: [t.ids.patient2] }), "therapistIds"],
    ["an unknown therapist", () => ({ therapistIds: ["00000000-0000-0000-0000-000000000000"] }), "therapistIds"],
    ["another clinic", () => ({ clinicId: other.clinic.id }), "clinicId"],
    ["a taken email", () => ({ email: "patient2@example.com" }), "email"],
    ["a blank surname", () => ({ apellidos: " " }), "apellidos"],
    ["a missing email", () => ({ email: undefined }), "email"],
    ["an invalid email", () => ({ email: "nobody@" }), "email"],
    ["an unknown language", () => ({ language: "de" }), "language"],
    ["too many therapists", () => ({ therapistIds: Array.from({ length: 21 }, (_, i) => `t-${i}`) }), "therapistIds"],
    ["an unknown field", () => ({ groups: [2] }), "groups"],
  ])("refuses %s with 400 on the field and writes nothing", async (_label, overrides, field) => {
    const before = await userCount();
    const response = await call("POST", "/api/user-patients/", await t.loginAs("clinic"), patientInput(overrides()));
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
    expect(await userCount()).toBe(before);
  });

  it("refuses a patient with 403", async () => {
    expect((await call("POST", "/api/user-patients/", await t.loginAs("patient"), patientInput())).statusCode).toBe(403);
  });

  it("answers 409 with the limit when no patient seat is left, and counts reactivation", async () => {
    const clinic = await clinicWithSeats(t.db, { nUsers: 1, nPatients: 2 });
    const cookie = await t.login(clinic.email, clinic.password);
    const first = await call("POST", "/api/user-patients/", cookie, patientInput());
    const second = await call("POST", "/api/user-patients/", cookie, patientInput());
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const before = await userCount();
    const full = await call("POST", "/api/user-patients/", cookie, patientInput());
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: expect.stringMatching(/allows 2 patients, and all 2 are in use/) });
    expect(await userCount()).toBe(before);

    // Deactivating frees a seat; a new patient takes it; the old one cannot come back over the limit.
    expect((await call("PUT", `/api/users/${first.json().id}/active`, cookie, { isActive: false })).statusCode).toBe(200);
    expect((await call("POST", "/api/user-patients/", cookie, patientInput())).statusCode).toBe(201);
    const back = await call("PUT", `/api/users/${first.json().id}/active`, cookie, { isActive: true });
    expect(back.statusCode).toBe(409);
    expect((await readUser(t.db, first.json().id)).isActive).toBe(false);
  });

  it("answers 409 to a therapist whose clinic has no membership", async () => {
    const cookie = await t.login(other.therapist.email, other.therapist.password);
    const response = await call("POST", "/api/user-patients/", cookie, patientInput());
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/no active membership/);
  });
});

describe("PUT /api/user-patients/:id", () => {
  let patient: MadeUser;
  beforeAll(async () => {
    patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist], { nombres: "Raúl", apellidos: "Ibáñez" });
  });
  const update = (overrides: Record<string, unknown> = {}) => ({
    nombres: "Raúl",
    apellidos: "Ibáñez Gómez",
    identification: "PAT-RI",
    email: patient.email,
    language: "en",
    therapistIds: [t.ids.therapist],
    ...overrides,
  });

  it("lets its therapist edit the patient and its care team (keeping itself)", async () => {
    const response = await call("PUT", `/api/user-patients/${patient.id}`, await t.loginAs("therapist"), update({ therapistIds: [colleague.id] }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ apellidos: "Ibáñez Gómez", identification: "PAT-RI" });
    expect(await teamOf(patient.id)).toEqual([colleague.id, t.ids.therapist].sort());
    expect((await readUser(t.db, patient.id)).name).toBe("Raúl Ibáñez Gómez");
  });

  it("lets the clinic replace the care team, even with nobody", async () => {
    const clinic = await t.loginAs("clinic");
    expect((await call("PUT", `/api/user-patients/${patient.id}`, clinic, update({ therapistIds: [] }))).json().therapists).toEqual([]);
    expect((await call("PUT", `/api/user-patients/${patient.id}`, clinic, update())).json().therapists).toEqual([
      expect.objectContaining({ id: t.ids.therapist }),
    ]);
  });

  it.each([
    ["therapist → a patient not in its care", "therapist", () => untreated.id, 404],
    ["therapist → another clinic's patient", "therapist", () => other.patient.id, 404],
    ["clinic → another clinic's patient", "clinic", () => other.patient.id, 404],
    ["clinic → its therapist", "clinic", () => t.ids.therapist, 404],
    ["patient → itself", "patient", () => t.ids.patient, 403],
  ] as [string, DemoRole, () => string, number][])("%s answers %s and changes nothing", async (_label, role, target, status) => {
    const before = await readUser(t.db, target());
    const response = await call("PUT", `/api/user-patients/${target()}`, await t.loginAs(role), update({ email: newEmail(), therapistIds: [] }));
    expect(response.statusCode).toBe(status);
    expect(await readUser(t.db, target())).toMatchObject({ email: before.email, apellidos: before.apellidos });
  });

  it("refuses another clinic's therapist, or a taken email, with 400 and changes nothing", async () => {
    const clinic = await t.loginAs("clinic");
    const foreign = await call("PUT", `/api/user-patients/${patient.id}`, clinic, update({ apellidos: "X", therapistIds: [other.therapist.id] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().therapistIds).toEqual([expect.any(String)]);
    const taken = await call("PUT", `/api/user-patients/${patient.id}`, clinic, update({ apellidos: "X", email: "patient1@example.com" }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().email).toEqual([expect.any(String)]);
    expect((await readUser(t.db, patient.id)).apellidos).toBe("Ibáñez Gómez");
  });

  it("refuses an inactive therapist in the care team", async () => {
    const gone = await makeTherapist(t.db, t.ids.clinic, { isActive: false });
    const response = await call("PUT", `/api/user-patients/${patient.id}`, await t.loginAs("clinic"), update({ therapistIds: [gone.id] }));
    expect(response.statusCode).toBe(400);
    expect(await teamOf(patient.id)).toEqual([t.ids.therapist]);
  });
});

describe("PUT /api/users/:id/active for patients", () => {
  it("lets the clinic deactivate its patient, whose sessions end at once", async () => {
    const patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
    const session = await t.login(patient.email, patient.password);
    expect((await call("GET", "/api/user-profile/", session)).statusCode).toBe(200);
    const response = await call("PUT", `/api/users/${patient.id}/active`, await t.loginAs("clinic"), { isActive: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: patient.id, isActive: false });
    expect((await call("GET", "/api/user-profile/", session)).statusCode).toBe(401);
    const again = await t.signIn(patient.email, patient.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe("ACCOUNT_INACTIVE");
  });

  it("refuses a therapist (403), even for a patient in its care", async () => {
    const response = await call("PUT", `/api/users/${t.ids.patient2}/active`, await t.loginAs("therapist"), { isActive: false });
    expect(response.statusCode).toBe(403);
    expect((await readUser(t.db, t.ids.patient2)).isActive).toBe(true);
  });
});

describe("a patient's mobile (issue 41: WhatsApp finds the patient by it)", () => {
  it("stores a good number in E.164, shows it, keeps it when left out and clears it when empty", async () => {
    const clinic = await t.loginAs("clinic");
    const made = await call("POST", "/api/user-patients/", clinic, patientInput({ phone: "+34 600 12-34.56" }));
    expect(made.statusCode).toBe(201);
    expect(made.json().phone).toBe("+34600123456");
    const id: string = made.json().id;
    expect((await readUser(t.db, id)).phone).toBe("+34600123456");
    expect((await call("GET", `/api/user-patients/${id}`, clinic)).json().phone).toBe("+34600123456");

    const edit = (overrides: Record<string, unknown>) =>
      call("PUT", `/api/user-patients/${id}`, clinic, {
        nombres: "Lucía",
        apellidos: "Vega",
        identification: "PAT-LV",
        email: made.json().email,
        language: "es",
        ...overrides,
      });
    expect((await edit({ phone: "(+44) 7700 900123" })).json().phone).toBe("+447700900123");
    expect((await edit({})).json().phone).toBe("+447700900123");
    expect((await edit({ phone: "" })).json().phone).toBeNull();
    expect((await readUser(t.db, id)).phone).toBeNull();
  });

  it.each([
    ["no country code", "600 123 456"],
    ["letters", "+34 600 ABC 456"],
    ["too short", "+3460"],
  ])("refuses a number with %s: 400 on the field, nothing written", async (_label, phone) => {
    const clinic = await t.loginAs("clinic");
    const before = await userCount();
    const created = await call("POST", "/api/user-patients/", clinic, patientInput({ phone }));
    expect(created.statusCode).toBe(400);
    expect(created.json().phone).toEqual(["Write the number with its country code, e.g. +34 600 123 456."]);
    expect(await userCount()).toBe(before);

    const edited = await call("PUT", `/api/user-patients/${untreated.id}`, clinic, {
      nombres: "Zoe",
      apellidos: "Quintana",
      identification: "PAT-ZQ",
      email: untreated.email,
      language: "en",
      therapistIds: [colleague.id],
      phone,
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().phone).toEqual([expect.any(String)]);
    expect((await readUser(t.db, untreated.id)).phone).toBeNull();
  });
});
