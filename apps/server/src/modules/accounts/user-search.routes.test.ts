import { pagedSchema, userSummarySchema } from "@clinic/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type MadeClinic, type MadeUser, makeClinic, makePatient, makeUser } from "../../../test/factories.ts";
import { users } from "../../db/schema.ts";
import type { DemoRole } from "../../seed-demo-data.ts";

let t: TestApp;
let other: MadeClinic;
let untreated: MadeUser;
let agent: MadeUser;
let agentAdmin: MadeUser;
let allIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
  untreated = await makePatient(t.db, t.ids.clinic, [], { nombres: "Zoe", apellidos: "Quintana" });
  // CRM agents for the agent selector: one also a CRM admin, whom the selector leaves out.
  agent = await makeUser(t.db, { permissions: ["is_crm_agent"], apellidos: "Agent" });
  agentAdmin = await makeUser(t.db, { permissions: ["is_crm_agent", "is_admin"], apellidos: "Agent-admin" });
  allIds = (await t.db.select({ id: users.id }).from(users)).map((row) => row.id);
});
afterAll(() => t?.close());

const list = async (role: DemoRole | string, query = "") => {
  const cookie = role in t.ids ? await t.loginAs(role as DemoRole) : role;
  return t.app.inject({ method: "GET", url: `/api/usuario/user?rowsPerPage=100${query}`, headers: { cookie } });
};
const idsOf = async (role: DemoRole | string, query = "") => {
  const response = await list(role, query);
  expect(response.statusCode).toBe(200);
  const body = pagedSchema(userSummarySchema).parse(response.json());
  expect(body.total).toBe(body.data.length);
  return body.data.map((user) => user.id).sort();
};
const sorted = (ids: string[]) => [...ids].sort();

describe("GET /api/usuario/user scope", () => {
  it("shows an administrator every user", async () => {
    expect(await idsOf("admin")).toEqual(sorted(allIds));
  });

  it("shows a clinic itself and its own therapists and patients only", async () => {
    expect(await idsOf("clinic")).toEqual(sorted([t.ids.clinic, t.ids.therapist, t.ids.patient, t.ids.patient2, untreated.id]));
  });

  it("shows another clinic only its own people", async () => {
    const cookie = await t.login(other.clinic.email, other.clinic.password);
    expect(await idsOf(cookie)).toEqual(sorted([other.clinic.id, other.therapist.id, other.patient.id]));
  });

  it("shows a therapist itself and the patients in its care only", async () => {
    expect(await idsOf("therapist")).toEqual(sorted([t.ids.therapist, t.ids.patient, t.ids.patient2]));
  });

  it("refuses a patient with 403", async () => {
    const response = await list("patient");
    expect(response.statusCode).toBe(403);
  });
});

describe("GET /api/usuario/user filters", () => {
  it("keeps only holders of permission_codename_include", async () => {
    expect(await idsOf("admin", "&permission_codename_include=is_patient")).toEqual(sorted([t.ids.patient, t.ids.patient2, untreated.id, other.patient.id]));
  });

  it("drops holders of permission_codename_exclude", async () => {
    expect(await idsOf("clinic", "&permission_codename_exclude=is_patient")).toEqual(sorted([t.ids.clinic, t.ids.therapist]));
  });

  it("combines both: CRM agents who are not CRM admins (the agent selector)", async () => {
    expect(await idsOf("admin", "&permission_codename_include=is_crm_agent&permission_codename_exclude=is_admin")).toEqual([agent.id]);
    expect(await idsOf("admin", "&permission_codename_include=is_crm_agent")).toEqual(sorted([agent.id, agentAdmin.id]));
  });

  it("counts group permissions and direct grants alike", async () => {
    // view_statistics comes from the therapist group; is_crm_agent is granted to the agents directly.
    expect(await idsOf("admin", "&permission_codename_include=view_statistics")).toEqual(
      sorted([t.ids.clinic, t.ids.therapist, other.clinic.id, other.therapist.id]),
    );
  });

  it("applies the scope under the filters", async () => {
    expect(await idsOf("therapist", "&permission_codename_include=is_patient")).toEqual(sorted([t.ids.patient, t.ids.patient2]));
  });

  it("searches names and emails with q", async () => {
    expect(await idsOf("admin", "&q=quintana")).toEqual([untreated.id]);
    expect(await idsOf("admin", `&q=${encodeURIComponent("Méndez")}`)).toEqual([t.ids.patient2]);
    expect(await idsOf("admin", "&q=%25")).toEqual([]);
  });

  it.each([
    ["an unknown include codename", "&permission_codename_include=fly", "permission_codename_include"],
    ["an unknown exclude codename", "&permission_codename_exclude=fly", "permission_codename_exclude"],
    ["page 0", "&page=0", "page"],
    ["rowsPerPage over the maximum", "&rowsPerPage=101", "rowsPerPage"],
    ["a page that is not a number", "&page=two", "page"],
  ])("refuses %s with 400", async (_label, query, field) => {
    const cookie = await t.loginAs("admin");
    const response = await t.app.inject({ method: "GET", url: `/api/usuario/user?${query.slice(1)}`, headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
  });
});

describe("GET /api/usuario/user paging", () => {
  it("answers 1-based pages of rowsPerPage with the total", async () => {
    const cookie = await t.loginAs("admin");
    const page = async (n: number) => {
      const response = await t.app.inject({ method: "GET", url: `/api/usuario/user?rowsPerPage=3&page=${n}`, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      return pagedSchema(userSummarySchema).parse(response.json());
    };
    const pages = [];
    for (let n = 1; n <= Math.ceil(allIds.length / 3) + 1; n++) pages.push(await page(n));
    for (const [index, body] of pages.entries()) {
      expect(body.page).toBe(index + 1);
      expect(body.total).toBe(allIds.length);
    }
    expect(pages.at(-1)?.data).toEqual([]);
    const seen = pages.flatMap((body) => body.data.map((user) => user.id));
    expect(sorted(seen)).toEqual(sorted(allIds));
  });

  it("defaults to page 1 of 10, ordered by surname", async () => {
    const cookie = await t.loginAs("admin");
    const response = await t.app.inject({ method: "GET", url: "/api/usuario/user", headers: { cookie } });
    const body = pagedSchema(userSummarySchema).parse(response.json());
    expect(body.page).toBe(1);
    expect(body.data.length).toBe(Math.min(10, allIds.length));
    const surnames = body.data.map((user) => user.apellidos);
    expect(surnames).toEqual([...surnames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("describes each user with groups and the admin flag", async () => {
    const cookie = await t.loginAs("admin");
    const response = await t.app.inject({ method: "GET", url: "/api/usuario/user?rowsPerPage=100", headers: { cookie } });
    const byId = new Map(
      pagedSchema(userSummarySchema)
        .parse(response.json())
        .data.map((user) => [user.id, user]),
    );
    expect(byId.get(t.ids.admin)).toMatchObject({ isAdmin: true, groups: [], email: "admin@example.com" });
    expect(byId.get(t.ids.therapist)).toMatchObject({ isAdmin: false, groups: [3], nombres: "Tomás", apellidos: "Herrera" });
    expect(byId.get(t.ids.patient)).toMatchObject({ groups: [1] });
  });
});
