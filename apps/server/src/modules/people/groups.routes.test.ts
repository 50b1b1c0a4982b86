import { GROUP, groupMemberSchema, groupSchema, groupsResponseSchema, pagedSchema, sessionStateSchema } from "@clinic/shared";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type MadeUser, makeTherapist } from "../../../test/factories.ts";
import { caller, type Method, newEmail } from "../../../test/people.ts";
import { auditEvents, userGroups } from "../../db/schema.ts";
import type { DemoRole } from "../../seed-demo-data.ts";

let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  admin = await t.loginAs("admin");
});
afterAll(() => t?.close());

let named = 0;
/** A name no other group of the file has. */
const freshName = (label = "Group") => {
  named += 1;
  return { en: `${label} ${named}`, es: `${label} ${named} (es)` };
};
const groups = async () => groupsResponseSchema.parse((await call("GET", "/api/groups/", admin)).json());
const makeGroup = async (permissions: string[] = []) => {
  const response = await call("POST", "/api/groups/", admin, { name: freshName() });
  expect(response.statusCode, response.body).toBe(201);
  const group = groupSchema.parse(response.json());
  if (permissions.length > 0) expect((await call("PUT", `/api/groups/${group.id}/permissions`, admin, { permissions })).statusCode).toBe(200);
  return group;
};
const lastAudit = async (action: string) => {
  const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(desc(auditEvents.id)).limit(1);
  return event;
};
/** What the screen's writes can change: groups, grants and memberships. */
const snapshot = async () => ({
  groups: await groups(),
  members: await t.db.select().from(userGroups).orderBy(asc(userGroups.userId), asc(userGroups.groupId)),
});

describe("listing", () => {
  it("lists the three built-in groups first, named in both languages, with members and permissions, and every permission by module", async () => {
    const body = await groups();
    expect(body.groups.slice(0, 3).map((group) => [group.id, group.name, group.builtin])).toEqual([
      [1, { en: "Patient", es: "Paciente" }, true],
      [2, { en: "Clinic", es: "Clínica" }, true],
      [3, { en: "Therapist", es: "Terapeuta" }, true],
    ]);
    expect(body.groups[0]?.permissions).toContain("is_patient");
    expect(body.groups[2]?.permissions).toContain("change_user");
    expect(body.groups[2]?.memberCount).toBeGreaterThanOrEqual(1);
    expect(body.modules.find((entry) => entry.module === "clinic")?.permissions).toContain("view_statistics");
    expect(body.modules.map((entry) => entry.module)).toContain("crm_manager");
  });

  it("pages a group's members with their role, and searches them", async () => {
    const response = await call("GET", `/api/groups/${GROUP.therapist}/members?rowsPerPage=100`, admin);
    expect(response.statusCode).toBe(200);
    const page = pagedSchema(groupMemberSchema).parse(response.json());
    expect(page.data.find((member) => member.id === t.ids.therapist)).toMatchObject({ role: "therapist", isActive: true });
    expect(page.total).toBe((await groups()).groups[2]?.memberCount);
    const found = pagedSchema(groupMemberSchema).parse((await call("GET", `/api/groups/${GROUP.therapist}/members?q=therapist%40example`, admin)).json());
    expect(found.data.map((member) => member.id)).toEqual([t.ids.therapist]);
    expect((await call("GET", "/api/groups/999/members", admin)).statusCode).toBe(404);
  });
});

describe("custom groups", () => {
  it("are created (ids above the built-in ones), renamed and deleted, each change audited", async () => {
    const created = await call("POST", "/api/groups/", admin, { name: { en: "  Reception  ", es: "Recepción" } });
    expect(created.statusCode, created.body).toBe(201);
    const group = groupSchema.parse(created.json());
    expect(group).toMatchObject({ name: { en: "Reception", es: "Recepción" }, builtin: false, memberCount: 0, permissions: [] });
    expect(group.id).toBeGreaterThanOrEqual(100);
    expect(await lastAudit("group.create")).toMatchObject({
      actorId: t.ids.admin,
      outcome: "ok",
      detail: { group: group.id, name: { en: "Reception", es: "Recepción" } },
    });

    const renamed = await call("PUT", `/api/groups/${group.id}`, admin, { name: { en: "Front desk", es: "Mostrador" } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toEqual({ en: "Front desk", es: "Mostrador" });
    expect(await lastAudit("group.rename")).toMatchObject({
      detail: { group: group.id, before: { en: "Reception", es: "Recepción" }, name: { en: "Front desk", es: "Mostrador" } },
    });

    expect((await call("POST", `/api/groups/${group.id}/members`, admin, { userId: t.ids.patient2 })).statusCode).toBe(201);
    expect((await call("DELETE", `/api/groups/${group.id}`, admin)).statusCode).toBe(204);
    expect(await lastAudit("group.delete")).toMatchObject({ outcome: "ok", detail: { group: group.id, name: "Front desk", members: 1 } });
    expect((await groups()).groups.map((entry) => entry.id)).not.toContain(group.id);
    expect(await t.db.select().from(userGroups).where(eq(userGroups.groupId, group.id))).toEqual([]);
    expect((await call("DELETE", `/api/groups/${group.id}`, admin)).statusCode).toBe(404);
  });

  it.each([
    ["an empty English name", { name: { en: "  ", es: "Algo" } }, "name.en"],
    ["a missing Spanish name", { name: { en: "Something" } }, "name.es"],
    ["a name too long", { name: { en: "x".repeat(61), es: "Algo" } }, "name.en"],
    ["an unknown field", { name: { en: "A", es: "B" }, builtin: true }, "builtin"],
    ["a built-in group's English name, in another case", { name: { en: "THERAPIST", es: "Nuevo" } }, "name.en"],
    ["a built-in group's Spanish name", { name: { en: "New", es: "Paciente" } }, "name.es"],
  ])("refuses %s with 400 on the field, and writes nothing", async (_label, payload, field) => {
    const before = await snapshot();
    const response = await call("POST", "/api/groups/", admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to rename a group to another group's name", async () => {
    const [first, second] = [await makeGroup(), await makeGroup()];
    const response = await call("PUT", `/api/groups/${second.id}`, admin, { name: { en: first.name.en.toUpperCase(), es: "Otro nombre" } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ "name.en": ["A group with this name already exists."] });
    // Its own name, changed only in case, is no clash.
    expect((await call("PUT", `/api/groups/${second.id}`, admin, { name: { en: second.name.en.toUpperCase(), es: second.name.es } })).statusCode).toBe(200);
  });
});

describe("built-in groups", () => {
  it.each<[string, Method, string, unknown]>([
    ["renamed", "PUT", "/api/groups/3", { name: { en: "Doctors", es: "Médicos" } }],
    ["deleted", "DELETE", "/api/groups/1", undefined],
    ["given members here", "POST", "/api/groups/2/members", { userId: "{patient2}" }],
    ["lose members here (their role)", "DELETE", "/api/groups/3/members/{therapist}", undefined],
  ])("cannot be %s: 409, nothing written", async (_label, method, url, payload) => {
    const before = await snapshot();
    const body = payload === undefined ? undefined : JSON.parse(JSON.stringify(payload).replace("{patient2}", t.ids.patient2));
    const response = await call(method, url.replace("{therapist}", t.ids.therapist), admin, body);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().detail).toMatch(/built-in group/);
    expect(await snapshot()).toEqual(before);
  });

  it("have their grants replaced, audited, felt by members at their next call", async () => {
    const therapist = await t.loginAs("therapist");
    const original = (await groups()).groups.find((group) => group.id === GROUP.therapist)?.permissions ?? [];
    const without = original.filter((codename) => codename !== "change_user");
    const patient = { nombres: "Ana", apellidos: "Paz", identification: "", language: "en" };
    try {
      const response = await call("PUT", "/api/groups/3/permissions", admin, { permissions: [...without, "view_membership"] });
      expect(response.statusCode).toBe(200);
      expect(response.json().permissions).toEqual([...without, "view_membership"].sort());
      expect(await lastAudit("group.permissions.update")).toMatchObject({
        outcome: "ok",
        detail: { group: 3, added: ["view_membership"], removed: ["change_user"] },
      });
      const state = sessionStateSchema.parse((await call("GET", "/api/get-user-profile/", therapist)).json());
      expect(state.permission.codenames).not.toContain("change_user");
      expect(state.permission.codenames).toContain("view_membership");
      expect((await call("POST", "/api/user-patients/", therapist, { ...patient, email: newEmail() })).statusCode).toBe(403);
    } finally {
      expect((await call("PUT", "/api/groups/3/permissions", admin, { permissions: original })).statusCode).toBe(200);
    }
    expect((await call("POST", "/api/user-patients/", therapist, { ...patient, email: newEmail() })).statusCode).toBe(201);
  });
});

describe("permissions", () => {
  it.each([
    ["an unknown codename", { permissions: ["view_activity", "fly"] }, "permissions.1"],
    ["a missing list", {}, "permissions"],
  ])("refuses %s with 400 on the field, and writes nothing", async (_label, payload, field) => {
    const custom = await makeGroup(["view_activity"]);
    for (const id of [GROUP.therapist, custom.id]) {
      const before = await snapshot();
      const response = await call("PUT", `/api/groups/${id}/permissions`, admin, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()[field]).toEqual([expect.any(String)]);
      expect(await snapshot()).toEqual(before);
    }
  });

  it("answers 404 for a group that does not exist, 400 for an id no group can have", async () => {
    expect((await call("PUT", "/api/groups/9/permissions", admin, { permissions: [] })).statusCode).toBe(404);
    const response = await call("PUT", "/api/groups/40000/permissions", admin, { permissions: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().id).toEqual([expect.any(String)]);
  });

  it("grants the CMS's view_pagina now that its module is built (every module naming codenames is)", async () => {
    const original = (await groups()).groups.find((group) => group.id === GROUP.therapist)?.permissions ?? [];
    const response = await call("PUT", "/api/groups/3/permissions", admin, { permissions: [...original, "view_pagina"] });
    expect(response.statusCode).toBe(200);
    expect(response.json().permissions).toContain("view_pagina");
    await call("PUT", "/api/groups/3/permissions", admin, { permissions: original });
  });
});

describe("members of a custom group", () => {
  let therapist: MadeUser;
  let cookie: string;
  const stats = () => call("GET", "/api/global-activities/?date_start=2026-01-01&date_end=2026-01-31", cookie);

  beforeAll(async () => {
    therapist = await makeTherapist(t.db, t.ids.clinic);
    cookie = await t.login(therapist.email, therapist.password);
  });

  it("get its grants at their very next request, keep their role, and lose them when taken out or the group goes", async () => {
    const original = (await groups()).groups.find((group) => group.id === GROUP.therapist)?.permissions ?? [];
    // Therapists without view_statistics: the figures are refused to this one.
    await call("PUT", "/api/groups/3/permissions", admin, { permissions: original.filter((codename) => codename !== "view_statistics") });
    try {
      expect((await stats()).statusCode).toBe(403);
      const custom = await makeGroup(["view_statistics"]);

      const added = await call("POST", `/api/groups/${custom.id}/members`, admin, { userId: therapist.id });
      expect(added.statusCode, added.body).toBe(201);
      expect(groupMemberSchema.parse(added.json())).toMatchObject({ id: therapist.id, role: "therapist" });
      expect(await lastAudit("group.member.add")).toMatchObject({ outcome: "ok", subjectUserId: therapist.id, detail: { group: custom.id } });
      const rows = await t.db.select().from(userGroups).where(eq(userGroups.userId, therapist.id)).orderBy(asc(userGroups.position));
      expect(rows.map((row) => row.groupId)).toEqual([GROUP.therapist, custom.id]);
      expect(rows[1]?.position).toBeGreaterThan(rows[0]?.position ?? 0);

      // The same session, the next request: allowed; the role is still the built-in group's.
      expect((await stats()).statusCode).toBe(200);
      const state = sessionStateSchema.parse((await call("GET", "/api/get-user-profile/", cookie)).json());
      expect(state.userData.groups).toEqual([GROUP.therapist, custom.id]);
      expect(state.permission.is_patient).toBe(false);
      expect((await call("GET", "/api/user-patients/", cookie)).statusCode).toBe(200);
      expect((await groups()).groups.find((group) => group.id === custom.id)?.memberCount).toBe(1);

      expect((await call("POST", `/api/groups/${custom.id}/members`, admin, { userId: therapist.id })).statusCode).toBe(409);
      expect((await call("DELETE", `/api/groups/${custom.id}/members/${therapist.id}`, admin)).statusCode).toBe(204);
      expect(await lastAudit("group.member.remove")).toMatchObject({ outcome: "ok", subjectUserId: therapist.id, detail: { group: custom.id } });
      expect((await stats()).statusCode).toBe(403);
      expect((await call("DELETE", `/api/groups/${custom.id}/members/${therapist.id}`, admin)).statusCode).toBe(404);

      // Deleting the group takes its grants away just as fast.
      expect((await call("POST", `/api/groups/${custom.id}/members`, admin, { userId: therapist.id })).statusCode).toBe(201);
      expect((await stats()).statusCode).toBe(200);
      expect((await call("DELETE", `/api/groups/${custom.id}`, admin)).statusCode).toBe(204);
      expect((await stats()).statusCode).toBe(403);
    } finally {
      await call("PUT", "/api/groups/3/permissions", admin, { permissions: original });
    }
  });

  it("refuses an unknown user with 400 on userId, and writes nothing", async () => {
    const custom = await makeGroup();
    const before = await snapshot();
    const response = await call("POST", `/api/groups/${custom.id}/members`, admin, { userId: "0b9f2c1e-0000-4000-8000-000000000000" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ userId: ["No such user."] });
    expect(await snapshot()).toEqual(before);
  });
});

describe("refusals by role", () => {
  it.each(["clinic", "therapist", "patient"] as DemoRole[])("refuses %s with 403 on every call, and writes nothing", async (role) => {
    const cookie = await t.loginAs(role);
    const custom = await makeGroup();
    const before = await snapshot();
    const calls: [Method, string, unknown?][] = [
      ["GET", "/api/groups/"],
      ["POST", "/api/groups/", { name: freshName("Refused") }],
      ["PUT", `/api/groups/${custom.id}`, { name: freshName("Refused") }],
      ["DELETE", `/api/groups/${custom.id}`],
      ["PUT", `/api/groups/${custom.id}/permissions`, { permissions: ["change_user"] }],
      ["PUT", "/api/groups/3/permissions", { permissions: [] }],
      ["GET", `/api/groups/${custom.id}/members`],
      ["POST", `/api/groups/${custom.id}/members`, { userId: t.ids[role] }],
      ["DELETE", `/api/groups/${custom.id}/members/${t.ids.patient}`],
    ];
    for (const [method, url, payload] of calls) expect((await call(method, url, cookie, payload)).statusCode, `${method} ${url}`).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it.each<[Method, string, unknown?]>([
    ["GET", "/api/groups/"],
    ["POST", "/api/groups/", { name: { en: "A", es: "B" } }],
    ["PUT", "/api/groups/100", { name: { en: "A", es: "B" } }],
    ["DELETE", "/api/groups/100"],
    ["PUT", "/api/groups/1/permissions", { permissions: [] }],
    ["GET", "/api/groups/1/members"],
    ["POST", "/api/groups/100/members", { userId: "0b9f2c1e-0000-4000-8000-000000000000" }],
    ["DELETE", "/api/groups/100/members/0b9f2c1e-0000-4000-8000-000000000000"],
  ])("%s %s answers 401 when not signed in", async (method, url, payload) => {
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
  });

  it("answers 404 with the clinic module switched off", async () => {
    expect((await call("PUT", "/api/flags/clinic", admin, { enabled: false })).statusCode).toBe(200);
    try {
      expect((await call("GET", "/api/groups/", admin)).statusCode).toBe(404);
      expect((await call("POST", "/api/groups/", admin, { name: freshName() })).statusCode).toBe(404);
    } finally {
      await call("PUT", "/api/flags/clinic", admin, { enabled: true });
    }
  });
});
