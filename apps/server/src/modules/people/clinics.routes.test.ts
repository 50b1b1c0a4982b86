import { clinicRowSchema, pagedSchema, staffRowSchema } from "@clinic/shared";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, readUser, type TestApp } from "../../../test/app.ts";
import { holdMembership, type MadeClinic, type MadeUser, makeClinic, makeMembership, makePatient, makeTherapist } from "../../../test/factories.ts";
import { caller, clinicWithSeats, newEmail } from "../../../test/people.ts";
import { auditEvents, users } from "../../db/schema.ts";
import type { DemoRole } from "../../seed-demo-data.ts";

let t: TestApp;
let call: ReturnType<typeof caller>;
let other: MadeClinic;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  other = await makeClinic(t.db);
});
afterAll(() => t?.close());

const clinicInput = (overrides: Record<string, unknown> = {}) => ({
  name: "Centro Vestibular Este",
  identification: "CVE-1",
  email: newEmail("clinic"),
  language: "es",
  ...overrides,
});
const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;

describe("GET /api/clinics/", () => {
  it("lists clinics with the membership held today and the seats in use", async () => {
    const response = await call("GET", "/api/clinics/?rowsPerPage=100", await t.loginAs("admin"));
    expect(response.statusCode).toBe(200);
    const body = pagedSchema(clinicRowSchema).parse(response.json());
    const demo = body.data.find((row) => row.id === t.ids.clinic);
    expect(demo).toMatchObject({
      name: "Clínica Vestibular Norte",
      email: "clinic@example.com",
      identification: "CLI-0001",
      isActive: true,
      invitationPending: false,
      membership: { plan: "Clinic", nUsers: 5, nPatients: 100 },
      therapists: 1,
      patients: 2,
    });
    expect(body.data.find((row) => row.id === other.clinic.id)).toMatchObject({ membership: null, therapists: 1, patients: 1 });
    // Only clinics: no therapist, patient or admin rows.
    expect(body.data.map((row) => row.id)).not.toContain(t.ids.therapist);
    expect(body.data.map((row) => row.id)).not.toContain(t.ids.admin);
  });

  it("counts only active people as seats in use", async () => {
    const clinic = await clinicWithSeats(t.db, { nUsers: 3, nPatients: 3 });
    await makeTherapist(t.db, clinic.id);
    await makeTherapist(t.db, clinic.id, { isActive: false });
    await makePatient(t.db, clinic.id, [], { isActive: false });
    const response = await call("GET", `/api/clinics/${clinic.id}`, await t.loginAs("admin"));
    expect(response.json()).toMatchObject({ therapists: 1, patients: 0, membership: { nUsers: 3, nPatients: 3 } });
  });

  it("searches names, emails and identifications, filters by state, and pages", async () => {
    const admin = await t.loginAs("admin");
    const ids = async (query: string) => (await call("GET", `/api/clinics/?rowsPerPage=100&${query}`, admin)).json().data.map((row: { id: string }) => row.id);
    expect(await ids("q=vestibular%20norte")).toEqual([t.ids.clinic]);
    expect(await ids("q=CLI-0001")).toEqual([t.ids.clinic]);
    expect(await ids(`q=${encodeURIComponent(other.clinic.email)}`)).toEqual([other.clinic.id]);
    const inactive = await clinicWithSeats(t.db, { nUsers: 1, nPatients: 1 });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    expect(await ids("active=false")).toEqual([inactive.id]);
    expect(await ids("active=true")).not.toContain(inactive.id);

    const all = (await call("GET", "/api/clinics/?rowsPerPage=100", admin)).json().total as number;
    const page2 = (await call("GET", "/api/clinics/?rowsPerPage=2&page=2", admin)).json();
    expect(page2).toMatchObject({ page: 2, total: all });
    expect(page2.data.length).toBe(Math.min(2, Math.max(0, all - 2)));
  });

  it.each([
    ["an unknown state", "active=maybe", "active"],
    ["page 0", "page=0", "page"],
    ["too many rows", "rowsPerPage=101", "rowsPerPage"],
  ])("refuses %s with 400", async (_label, query, field) => {
    const response = await call("GET", `/api/clinics/?${query}`, await t.loginAs("admin"));
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
  });

  it.each(["clinic", "therapist", "patient"] as DemoRole[])("refuses %s with 403", async (role) => {
    expect((await call("GET", "/api/clinics/", await t.loginAs(role))).statusCode).toBe(403);
  });

  it("answers 401 when not signed in", async () => {
    expect((await call("GET", "/api/clinics/")).statusCode).toBe(401);
  });
});

describe("GET /api/clinics/:id", () => {
  it.each([
    ["admin → any clinic", "admin", () => other.clinic.id, 200],
    ["clinic → itself", "clinic", () => t.ids.clinic, 200],
    ["therapist → its clinic", "therapist", () => t.ids.clinic, 200],
    ["clinic → another clinic", "clinic", () => other.clinic.id, 404],
    ["therapist → another clinic", "therapist", () => other.clinic.id, 404],
    ["patient → its clinic", "patient", () => t.ids.clinic, 403],
    ["admin → a therapist's id", "admin", () => t.ids.therapist, 404],
  ] as [string, DemoRole, () => string, number][])("%s answers %s", async (_label, role, target, status) => {
    const response = await call("GET", `/api/clinics/${target()}`, await t.loginAs(role));
    expect(response.statusCode).toBe(status);
    if (status === 200) clinicRowSchema.parse(response.json());
    if (status === 404) expect(response.json()).toEqual({ detail: "Not found." });
  });
});

describe("POST /api/clinics/", () => {
  it("creates a clinic account (group 2, no password yet) and answers it with its invitation", async () => {
    const input = clinicInput({ email: "  New.Clinic@Example.COM ", name: "  Centro Sur  " });
    const response = await call("POST", "/api/clinics/", await t.loginAs("admin"), input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: "Centro Sur",
      email: "new.clinic@example.com",
      identification: "CVE-1",
      language: "es",
      isActive: true,
      invitationPending: true,
      membership: null,
      therapists: 0,
      patients: 0,
      invitation: { status: "outbox", error: null },
    });
    const row = await readUser(t.db, body.id);
    expect(row).toMatchObject({ name: "Centro Sur", nombres: "Centro Sur", apellidos: "", clinicId: null, isAdmin: false });
    const session = await call("GET", `/api/users/?q=new.clinic%40example.com`, await t.loginAs("admin"));
    expect(session.json().data[0]).toMatchObject({ role: "clinic" });
    const [event] = await t.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ action: "clinic.create", outcome: "ok", subjectUserId: body.id, actorId: t.ids.admin });
  });

  it("refuses an email already in use with 400 on email, in any case, and writes nothing", async () => {
    const before = await userCount();
    const response = await call("POST", "/api/clinics/", await t.loginAs("admin"), clinicInput({ email: "THERAPIST@example.com" }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ["This email address is already used by another account."] });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ["a missing name", { name: undefined }, "name"],
    ["a blank name", { name: "   " }, "name"],
    ["an over-long name", { name: "x".repeat(151) }, "name"],
    ["an invalid email", { email: "not-an-email" }, "email"],
    ["an over-long identification", { identification: "1".repeat(31) }, "identification"],
    ["an unknown language", { language: "fr" }, "language"],
    ["a password", { password: "Chosen-by-admin-1" }, "password"],
    ["an admin flag", { isAdmin: true }, "isAdmin"],
  ])("refuses %s with 400 field errors and writes nothing", async (_label, overrides, field) => {
    const before = await userCount();
    const response = await call("POST", "/api/clinics/", await t.loginAs("admin"), clinicInput(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
    expect(await userCount()).toBe(before);
  });

  it.each(["clinic", "therapist", "patient"] as DemoRole[])("refuses %s with 403 and writes nothing", async (role) => {
    const before = await userCount();
    expect((await call("POST", "/api/clinics/", await t.loginAs(role), clinicInput())).statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });
});

describe("PUT /api/clinics/:id", () => {
  let clinic: MadeUser;
  beforeAll(async () => {
    clinic = await clinicWithSeats(t.db, { nUsers: 2, nPatients: 2 });
  });

  it("edits the clinic's name, identification, email and language", async () => {
    const email = newEmail("renamed");
    const response = await call("PUT", `/api/clinics/${clinic.id}`, await t.loginAs("admin"), {
      name: "Renamed",
      identification: "R-2",
      email,
      language: "en",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: clinic.id, name: "Renamed", identification: "R-2", email, language: "en" });
    expect(await readUser(t.db, clinic.id)).toMatchObject({ name: "Renamed", nombres: "Renamed", email });
  });

  it("keeps its own email, refuses another account's with 400", async () => {
    const admin = await t.loginAs("admin");
    const own = (await readUser(t.db, clinic.id)).email;
    expect((await call("PUT", `/api/clinics/${clinic.id}`, admin, clinicInput({ email: own }))).statusCode).toBe(200);
    const taken = await call("PUT", `/api/clinics/${clinic.id}`, admin, clinicInput({ email: "clinic@example.com" }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().email).toEqual([expect.any(String)]);
    expect((await readUser(t.db, clinic.id)).email).toBe(own);
  });

  it("answers 404 for a user who is not a clinic, and 403 to non-admins", async () => {
    const admin = await t.loginAs("admin");
    expect((await call("PUT", `/api/clinics/${t.ids.therapist}`, admin, clinicInput())).statusCode).toBe(404);
    expect((await call("PUT", `/api/clinics/${t.ids.clinic}`, await t.loginAs("clinic"), clinicInput())).statusCode).toBe(403);
    expect((await readUser(t.db, t.ids.clinic)).name).toBe("Clínica Vestibular Norte");
  });
});

describe("GET /api/staff/ (the team)", () => {
  const ids = async (cookie: string, query = "") => {
    const response = await call("GET", `/api/staff/?rowsPerPage=100${query}`, cookie);
    expect(response.statusCode).toBe(200);
    return pagedSchema(staffRowSchema)
      .parse(response.json())
      .data.map((row) => row.id);
  };

  it("shows a clinic its own therapists only", async () => {
    const list = await ids(await t.loginAs("clinic"));
    expect(list).toContain(t.ids.therapist);
    expect(list).not.toContain(other.therapist.id);
  });

  it("shows a therapist its clinic's team (read-only), and another clinic's therapist theirs", async () => {
    expect(await ids(await t.loginAs("therapist"))).toContain(t.ids.therapist);
    const otherCookie = await t.login(other.therapist.email, other.therapist.password);
    expect(await ids(otherCookie)).toEqual([other.therapist.id]);
  });

  it("shows admins every clinic's therapists, with the clinic's name, and filters by clinic", async () => {
    const admin = await t.loginAs("admin");
    const all = await ids(admin);
    expect(all).toEqual(expect.arrayContaining([t.ids.therapist, other.therapist.id]));
    expect(await ids(admin, `&clinic=${other.clinic.id}`)).toEqual([other.therapist.id]);
    const row = (await call("GET", `/api/staff/?q=herrera`, admin)).json().data[0];
    expect(row).toMatchObject({ id: t.ids.therapist, clinicName: "Clínica Vestibular Norte", clinicId: t.ids.clinic, patients: 2 });
  });

  it("refuses patients with 403", async () => {
    expect((await call("GET", "/api/staff/", await t.loginAs("patient"))).statusCode).toBe(403);
  });
});

describe("POST /api/staff/ and seat limits", () => {
  const staffInput = (overrides: Record<string, unknown> = {}) => ({
    nombres: "Nuria",
    apellidos: "Campos",
    identification: "",
    email: newEmail("staff"),
    language: "en",
    ...overrides,
  });

  it("lets a clinic add a therapist to its own team", async () => {
    const response = await call("POST", "/api/staff/", await t.loginAs("clinic"), staffInput());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ clinicId: t.ids.clinic, invitationPending: true, invitation: { status: "outbox" } });
    const profile = await readUser(t.db, response.json().id);
    expect(profile).toMatchObject({ clinicId: t.ids.clinic, name: "Nuria Campos" });
  });

  it("lets an admin add a therapist to a clinic it names, and refuses a missing or wrong clinic", async () => {
    const admin = await t.loginAs("admin");
    const clinic = await clinicWithSeats(t.db, { nUsers: 1, nPatients: 1 });
    expect((await call("POST", "/api/staff/", admin, staffInput({ clinicId: clinic.id }))).json()).toMatchObject({ clinicId: clinic.id });
    expect((await call("POST", "/api/staff/", admin, staffInput())).json()).toEqual({ clinicId: ["Choose the clinic."] });
    expect((await call("POST", "/api/staff/", admin, staffInput({ clinicId: t.ids.therapist }))).json()).toEqual({
      clinicId: ["There is no clinic with this id."],
    });
  });

  it("refuses a clinic naming another clinic, and a therapist or patient adding anyone", async () => {
    const before = await userCount();
    const wrong = await call("POST", "/api/staff/", await t.loginAs("clinic"), staffInput({ clinicId: other.clinic.id }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().clinicId).toEqual([expect.any(String)]);
    expect((await call("POST", "/api/staff/", await t.loginAs("therapist"), staffInput())).statusCode).toBe(403);
    expect((await call("POST", "/api/staff/", await t.loginAs("patient"), staffInput())).statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it("answers 409 with the limit when the clinic's membership has no therapist seat left, and writes nothing", async () => {
    const clinic = await clinicWithSeats(t.db, { nUsers: 1, nPatients: 5 });
    const cookie = await t.login(clinic.email, clinic.password);
    expect((await call("POST", "/api/staff/", cookie, staffInput())).statusCode).toBe(201);
    const before = await userCount();
    const full = await call("POST", "/api/staff/", cookie, staffInput());
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toMatch(/allows 1 therapist, and it is in use/);
    expect(await userCount()).toBe(before);
  });

  it("counts reactivation: a deactivated therapist frees the seat, and cannot come back while it is taken", async () => {
    const clinic = await clinicWithSeats(t.db, { nUsers: 1, nPatients: 5 });
    const cookie = await t.login(clinic.email, clinic.password);
    const first = (await call("POST", "/api/staff/", cookie, staffInput())).json();
    expect((await call("PUT", `/api/users/${first.id}/active`, cookie, { isActive: false })).statusCode).toBe(200);
    const second = await call("POST", "/api/staff/", cookie, staffInput());
    expect(second.statusCode).toBe(201);
    const back = await call("PUT", `/api/users/${first.id}/active`, cookie, { isActive: true });
    expect(back.statusCode).toBe(409);
    expect(back.json().detail).toMatch(/allows 1 therapist,/);
    expect((await readUser(t.db, first.id)).isActive).toBe(false);
    expect((await call("PUT", `/api/users/${second.json().id}/active`, cookie, { isActive: false })).statusCode).toBe(200);
    expect((await call("PUT", `/api/users/${first.id}/active`, cookie, { isActive: true })).statusCode).toBe(200);
  });

  it("answers 409 when the clinic holds no membership today", async () => {
    const admin = await t.loginAs("admin");
    const response = await call("POST", "/api/staff/", admin, staffInput({ clinicId: other.clinic.id }));
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/no active membership/);
    // A membership that ended yesterday gives no seats either.
    const ended = await makeMembership(t.db);
    const past = await clinicWithSeats(t.db, { nUsers: 0, nPatients: 0 });
    await holdMembership(t.db, past.id, { membershipId: ended.id, fromDate: "2020-01-01", toDate: "2020-12-31" });
    expect((await call("POST", "/api/staff/", admin, staffInput({ clinicId: past.id }))).statusCode).toBe(409);
  });

  it("keeps to the limit when adds race for the last seat", async () => {
    const clinic = await clinicWithSeats(t.db, { nUsers: 2, nPatients: 5 });
    const cookie = await t.login(clinic.email, clinic.password);
    const results = await Promise.all([1, 2, 3, 4].map(() => call("POST", "/api/staff/", cookie, staffInput())));
    expect(results.map((response) => response.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const team = (await call("GET", "/api/staff/?rowsPerPage=100", cookie)).json();
    expect(team.total).toBe(2);
  });
});

describe("PUT /api/staff/:id", () => {
  const update = { nombres: "Tomás", apellidos: "Herrera Soto", identification: "THE-0001", email: "therapist@example.com", language: "es" };

  it("lets the clinic edit its therapist", async () => {
    const therapist = await makeTherapist(t.db, t.ids.clinic);
    const email = newEmail("edited");
    const response = await call("PUT", `/api/staff/${therapist.id}`, await t.loginAs("clinic"), { ...update, email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ apellidos: "Herrera Soto", email, language: "es" });
    expect(await readUser(t.db, therapist.id)).toMatchObject({ name: "Tomás Herrera Soto", email });
  });

  it.each([
    ["clinic → another clinic's therapist", "clinic", () => other.therapist.id, 404],
    ["clinic → its patient (not a therapist)", "clinic", () => t.ids.patient, 404],
    ["therapist → itself", "therapist", () => t.ids.therapist, 403],
    ["patient → a therapist", "patient", () => t.ids.therapist, 403],
  ] as [string, DemoRole, () => string, number][])("%s answers %s and changes nothing", async (_label, role, target, status) => {
    const before = await readUser(t.db, target());
    const response = await call("PUT", `/api/staff/${target()}`, await t.loginAs(role), { ...update, email: newEmail() });
    expect(response.statusCode).toBe(status);
    expect((await readUser(t.db, target())).email).toBe(before.email);
  });

  it("refuses bad input with 400 field errors", async () => {
    const response = await call("PUT", `/api/staff/${t.ids.therapist}`, await t.loginAs("clinic"), { ...update, nombres: "", clinicId: other.clinic.id });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(["clinicId", "nombres"]);
  });

  it("answers 404 to admins for someone who is not a therapist", async () => {
    expect((await call("PUT", `/api/staff/${t.ids.clinic}`, await t.loginAs("admin"), { ...update, email: newEmail() })).statusCode).toBe(404);
    expect((await readUser(t.db, t.ids.clinic)).nombres).toBe("Clínica Vestibular");
  });
});
