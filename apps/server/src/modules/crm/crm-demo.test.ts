import { and, count, eq, isNotNull, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { users } from "../../db/schema.ts";
import { today } from "../clinic/memberships/seats.ts";
import { DEMO_CRM_ACCOUNTS, seedDemoCrm } from "./crm-demo.ts";
import { crmActivities, crmCampaignRecipients, crmCampaigns, crmClients, crmInitiatives, crmLists, crmQueue, crmTracking } from "./crm.table.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,crm_manager" } });
});
afterAll(() => t?.close());

const rows = async (table: Parameters<ReturnType<TestApp["db"]["select"]>["from"]>[0]) => (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe("seedDemoCrm", () => {
  it("seeds the demo clinic's CRM once, and its accounts sign in with their roles", async () => {
    const started = Date.now();
    expect(await seedDemoCrm(t.db, { anchor: today() })).toBe(true);
    // Fast enough for the embedded default's first start.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await seedDemoCrm(t.db, { anchor: today() })).toBe(false);

    const clients = await t.db.select().from(crmClients).where(eq(crmClients.clinicId, t.ids.clinic));
    expect(clients).toHaveLength(60);
    expect(clients.filter((client) => client.kind === "organisation").length).toBeGreaterThan(15);
    expect(clients.filter((client) => client.unsubscribedAt !== null)).toHaveLength(3);
    expect(clients.filter((client) => client.consent).length).toBeGreaterThan(50);
    expect(await rows(crmLists)).toBe(3);
    const initiatives = await t.db.select().from(crmInitiatives);
    expect(initiatives.map((row) => row.state).sort()).toEqual(["not_readed", "not_readed", "read"]);
    const calls = await t.db.select().from(crmActivities).where(eq(crmActivities.kind, "call"));
    expect(calls.length).toBeGreaterThan(30);
    expect(new Set(calls.map((call) => call.outcome))).toEqual(new Set(["answered", "no_answer", "call_back", "not_interested", "converted"]));
    const due = await t.db
      .select({ n: count() })
      .from(crmQueue)
      .where(and(eq(crmQueue.state, "open"), isNotNull(crmQueue.dueAt), lte(crmQueue.dueAt, new Date(Date.parse(`${today()}T23:59:59Z`)))));
    expect(due[0]?.n).toBeGreaterThanOrEqual(3);
    const meetings = await t.db.select().from(crmActivities).where(eq(crmActivities.kind, "meeting"));
    expect(meetings.some((meeting) => meeting.at.getTime() > Date.now())).toBe(true);
    const campaigns = await t.db.select().from(crmCampaigns);
    expect(campaigns.map((row) => row.state).sort()).toEqual(["scheduled", "sent"]);
    const reached = await t.db.select().from(crmCampaignRecipients).where(isNotNull(crmCampaignRecipients.mailId));
    expect(reached.length).toBeGreaterThan(40);
    expect(await rows(crmTracking)).toBeGreaterThan(300);

    for (const [key, account] of Object.entries(DEMO_CRM_ACCOUNTS)) {
      const cookie = await t.login(account.email, account.password);
      const exported = await t.app.inject({ method: "GET", url: "/api/crm/export/initiatives?format=csv", headers: { cookie } });
      // Agents export their own initiatives; the CRM client reads the dashboard only.
      expect(exported.statusCode, key).toBe(key === "crmClient" ? 403 : 200);
      if (key === "agent") expect(exported.body).toContain("Physio referral network");
      if (key === "agent2") expect(exported.body).not.toContain("Physio referral network");
      const dashboard = await t.app.inject({ method: "GET", url: "/api/crm/dashboard", headers: { cookie } });
      expect(dashboard.statusCode, key).toBe(200);
    }
    const [marta] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CRM_ACCOUNTS.crmClient.email));
    expect(clients.find((client) => client.userId === marta?.id)?.organisation).toBe("Colegio San Ignacio");
  });
});
