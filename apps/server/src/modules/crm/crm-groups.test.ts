import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { crmGroupId, makeCrmAgent } from "./crm.fixture.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,crm_manager" } });
});
afterAll(() => t.close());

describe("the CRM's groups", () => {
  it("a new database has the agents and clients groups, and the clinic group is the CRM admin", async () => {
    expect(await crmGroupId(t.db, "CRM agents")).toBeGreaterThanOrEqual(100);
    expect(await crmGroupId(t.db, "CRM clients")).toBeGreaterThanOrEqual(100);
    const agent = await makeCrmAgent(t.db, t.ids.clinic);
    const profile = await t.app.inject({ method: "GET", url: "/api/user-profile/", headers: { cookie: await t.login(agent.email, agent.password) } });
    expect(profile.statusCode).toBe(200);
    const body = profile.json();
    expect(JSON.stringify(body)).toContain("is_crm_agent");
    const clinic = await t.app.inject({ method: "GET", url: "/api/user-profile/", headers: { cookie: await t.loginAs("clinic") } });
    expect(JSON.stringify(clinic.json())).toContain("delete_initiative");
    expect(JSON.stringify(clinic.json())).not.toContain("is_crm_agent");
  });
});
