import { mailMessageSchema, pagedSchema, userAdminRowSchema } from "@clinic/shared";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, readUser, type TestApp } from "../../../test/app.ts";
import { type MadeClinic, type MadeUser, makeClinic, makePatient, makeTherapist, makeUser } from "../../../test/factories.ts";
import { caller, type Method, newEmail } from "../../../test/people.ts";
import { auditEvents, sessions } from "../../db/schema.ts";
import { mailMessages } from "../../platform/mail.table.ts";
import type { DemoRole } from "../../seed-demo-data.ts";

let t: TestApp;
let call: ReturnType<typeof caller>;
let other: MadeClinic;
let colleague: MadeUser;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  other = await makeClinic(t.db);
  colleague = await makeTherapist(t.db, t.ids.clinic);
});
afterAll(() => t?.close());

describe("GET /api/users/ (/user/admin)", () => {
  const list = async (query = "") => {
    const response = await call("GET", `/api/users/?rowsPerPage=100${query}`, await t.loginAs("admin"));
    expect(response.statusCode).toBe(200);
    return pagedSchema(userAdminRowSchema).parse(response.json());
  };

  it("lists every account with its role and clinic", async () => {
    const body = await list();
    const byId = new Map(body.data.map((row) => [row.id, row]));
    expect(byId.get(t.ids.admin)).toMatchObject({ role: "admin", clinicId: null });
    expect(byId.get(t.ids.clinic)).toMatchObject({ role: "clinic", clinicName: null });
    expect(byId.get(t.ids.therapist)).toMatchObject({ role: "therapist", clinicId: t.ids.clinic, clinicName: "Clínica Vestibular Norte" });
    expect(byId.get(other.patient.id)).toMatchObject({ role: "patient", clinicId: other.clinic.id });
  });

  it("filters by role, clinic (the clinic and its people) and state, and searches", async () => {
    expect((await list("&role=admin")).data.map((row) => row.id)).toEqual([t.ids.admin]);
    expect((await list("&role=patient")).data.every((row) => row.role === "patient")).toBe(true);
    expect((await list(`&clinic=${other.clinic.id}`)).data.map((row) => row.id).sort()).toEqual([other.clinic.id, other.therapist.id, other.patient.id].sort());
    expect((await list(`&clinic=${other.clinic.id}&role=therapist`)).data.map((row) => row.id)).toEqual([other.therapist.id]);
    const inactive = await makePatient(t.db, other.clinic.id, [], { isActive: false });
    expect((await list("&active=false")).data.map((row) => row.id)).toEqual([inactive.id]);
    expect((await list("&q=herrera")).data.map((row) => row.id)).toEqual([t.ids.therapist]);
  });

  it.each(["clinic", "therapist", "patient"] as DemoRole[])("refuses %s with 403", async (role) => {
    expect((await call("GET", "/api/users/", await t.loginAs(role))).statusCode).toBe(403);
  });

  it("refuses an unknown role with 400", async () => {
    const response = await call("GET", "/api/users/?role=owner", await t.loginAs("admin"));
    expect(response.statusCode).toBe(400);
    expect(response.json().role).toEqual([expect.any(String)]);
  });
});

describe("PUT /api/users/:id/active", () => {
  it("lets an admin deactivate anyone: their sessions end at once and sign-in is refused; reactivation lets them back", async () => {
    const admin = await t.loginAs("admin");
    const staff = await makeUser(t.db, { isAdmin: true });
    const session = await t.login(staff.email, staff.password);
    const response = await call("PUT", `/api/users/${staff.id}/active`, admin, { isActive: false });
    expect(response.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, staff.id))).toEqual([]);
    expect((await call("GET", "/api/get-user-profile/", session)).statusCode).toBe(401);
    expect((await t.signIn(staff.email, staff.password)).statusCode).toBe(403);
    const [event] = await t.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ action: "user.active.update", subjectUserId: staff.id, actorId: t.ids.admin, outcome: "ok", detail: { isActive: false } });

    expect((await call("PUT", `/api/users/${staff.id}/active`, admin, { isActive: true })).json()).toEqual({ id: staff.id, isActive: true });
    expect((await t.signIn(staff.email, staff.password)).statusCode).toBe(200);
  });

  it("is idempotent", async () => {
    const admin = await t.loginAs("admin");
    const user = await makePatient(t.db, other.clinic.id);
    expect((await call("PUT", `/api/users/${user.id}/active`, admin, { isActive: true })).json()).toEqual({ id: user.id, isActive: true });
  });

  it("deactivates a clinic account without touching its people", async () => {
    const clinic = await makeClinic(t.db);
    expect((await call("PUT", `/api/users/${clinic.clinic.id}/active`, await t.loginAs("admin"), { isActive: false })).statusCode).toBe(200);
    expect((await readUser(t.db, clinic.clinic.id)).isActive).toBe(false);
    expect((await readUser(t.db, clinic.therapist.id)).isActive).toBe(true);
  });

  it("refuses one's own account with 400", async () => {
    const response = await call("PUT", `/api/users/${t.ids.admin}/active`, await t.loginAs("admin"), { isActive: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/your own account/);
    expect((await readUser(t.db, t.ids.admin)).isActive).toBe(true);
  });

  it.each([
    ["clinic → another clinic's therapist", "clinic", () => other.therapist.id, 404],
    ["clinic → another clinic", "clinic", () => other.clinic.id, 404],
    ["clinic → the administrator", "clinic", () => t.ids.admin, 404],
    ["therapist → itself", "therapist", () => t.ids.therapist, 400],
    ["therapist → a colleague", "therapist", () => colleague.id, 403],
    ["therapist → a patient in its care", "therapist", () => t.ids.patient, 403],
    ["therapist → its clinic", "therapist", () => t.ids.clinic, 404],
    ["patient → another patient", "patient", () => t.ids.patient2, 403],
  ] as [string, DemoRole, () => string, number][])("%s answers %s and changes nothing", async (_label, role, target, status) => {
    const response = await call("PUT", `/api/users/${target()}/active`, await t.loginAs(role), { isActive: false });
    expect(response.statusCode).toBe(status);
    expect((await readUser(t.db, target())).isActive).toBe(true);
  });

  it.each([
    ["a missing flag", {}, "isActive"],
    ["a string flag", { isActive: "false" }, "isActive"],
    ["an unknown field", { isActive: false, isAdmin: true }, "isAdmin"],
  ])("refuses %s with 400", async (_label, payload, field) => {
    const response = await call("PUT", `/api/users/${other.patient.id}/active`, await t.loginAs("admin"), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
  });
});

describe("GET /api/mail-messages/ (the outbox)", () => {
  it("shows admins the mail log newest first, paged", async () => {
    const admin = await t.loginAs("admin");
    const emails = [newEmail("first"), newEmail("second")];
    for (const email of emails) {
      expect((await call("POST", "/api/clinics/", admin, { name: "Outbox Clinic", identification: "", email, language: "en" })).statusCode).toBe(201);
    }
    const response = await call("GET", "/api/mail-messages/?rowsPerPage=1", admin);
    expect(response.statusCode).toBe(200);
    const body = pagedSchema(mailMessageSchema).parse(response.json());
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ to: emails[1], kind: "invitation", status: "outbox" });
    expect(body.total).toBe((await t.db.select().from(mailMessages)).length);
    const second = pagedSchema(mailMessageSchema).parse((await call("GET", "/api/mail-messages/?rowsPerPage=1&page=2", admin)).json());
    expect(second.data[0]?.to).toBe(emails[0]);
    const searched = (await call("GET", `/api/mail-messages/?q=${encodeURIComponent(emails[0] ?? "")}`, admin)).json();
    expect(searched.total).toBe(1);
    expect((await call("GET", "/api/mail-messages/?status=sent", admin)).json().total).toBe(0);
  });

  it.each(["clinic", "therapist", "patient"] as DemoRole[])("refuses %s with 403", async (role) => {
    expect((await call("GET", "/api/mail-messages/", await t.loginAs(role))).statusCode).toBe(403);
  });

  it("refuses an unknown status with 400", async () => {
    expect((await call("GET", "/api/mail-messages/?status=lost", await t.loginAs("admin"))).statusCode).toBe(400);
  });
});

describe("not signed in", () => {
  const endpoints: [Method, string, unknown?][] = [
    ["GET", "/api/users/"],
    ["PUT", "/api/users/some-id/active", { isActive: false }],
    ["POST", "/api/users/some-id/invitation"],
    ["GET", "/api/mail-messages/"],
    ["GET", "/api/clinics/"],
    ["POST", "/api/clinics/", { name: "X", identification: "", email: "x@example.com", language: "en" }],
    ["GET", "/api/clinics/some-id"],
    ["PUT", "/api/clinics/some-id", { name: "X", identification: "", email: "x@example.com", language: "en" }],
    ["GET", "/api/staff/"],
    ["POST", "/api/staff/", {}],
    ["PUT", "/api/staff/some-id", {}],
    ["GET", "/api/user-patients/"],
    ["POST", "/api/user-patients/", {}],
    ["GET", "/api/user-patients/some-id"],
    ["PUT", "/api/user-patients/some-id", {}],
  ];
  it.each(endpoints)("%s %s answers 401", async (method, url, payload) => {
    const response = await call(method, url, undefined, payload);
    expect(response.statusCode).toBe(401);
  });
});

describe("with the clinic module switched off", () => {
  it("answers 404 on the clinic screens' calls, and keeps the account administration", async () => {
    const admin = await t.loginAs("admin");
    expect((await call("PUT", "/api/flags/clinic", admin, { enabled: false })).statusCode).toBe(200);
    try {
      for (const url of ["/api/clinics/", "/api/staff/", "/api/user-patients/"]) {
        expect((await call("GET", url, admin)).statusCode, url).toBe(404);
      }
      expect((await call("GET", "/api/users/", admin)).statusCode).toBe(200);
      expect((await call("GET", "/api/mail-messages/", admin)).statusCode).toBe(200);
    } finally {
      await call("PUT", "/api/flags/clinic", admin, { enabled: true });
    }
  });
});
