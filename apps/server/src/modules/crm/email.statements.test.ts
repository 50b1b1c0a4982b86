import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { CAMPAIGN_QUEUE } from "./campaigns.service.ts";
import { crmClients, crmListClients, crmLists } from "./crm.table.ts";

/**
 * Round trips of the CRM email's lists (issue 36.5): the formats and the mass emails are one
 * statement each, the campaigns' progress (recipients and their mails' fate) and list titles
 * inside it, however many campaigns and recipients there are; a campaign's own page is one too.
 */
let t: TestApp;
let r: RoleCalls;
let campaignId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,crm_manager" } });
  r = await signInRoles(t);
  const clients = await t.db
    .insert(crmClients)
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        clinicId: t.ids.clinic,
        firstName: "Ana",
        lastName: `Stat ${i}`,
        email: `stat${i}@mail.example`,
        consent: i % 3 > 0,
      })),
    )
    .returning({ id: crmClients.id });
  const [list] = await t.db.insert(crmLists).values({ clinicId: t.ids.clinic, title: "Everyone" }).returning({ id: crmLists.id });
  await t.db.insert(crmListClients).values(clients.map((client) => ({ listId: list?.id as number, clientId: client.id })));
  for (let i = 0; i < 3; i++) {
    const format = await r.send("clinic", "POST", "/api/crm/email-formats", {
      name: `Format ${i}`,
      description: "Statements",
      subject: "Hi {{first_name}}",
      fromName: "Clinic",
      fromEmail: "news@clinic.example",
      replyTo: "desk@clinic.example",
      html: "<p>Hello {{name}}</p>",
    });
    expect(format.statusCode, format.body).toBe(201);
    const campaign = await r.send("clinic", "POST", "/api/crm/campaigns", { formatId: format.json().id, listId: list?.id });
    expect(campaign.statusCode, campaign.body).toBe(201);
    campaignId = campaign.json().campaign.id;
  }
  await t.app.jobs.drain(CAMPAIGN_QUEUE);
});
afterAll(async () => t?.close());

describe("the CRM email's round trips", () => {
  it.each([
    ["clinic", () => "/api/crm/email-formats?rowsPerPage=10", 1],
    ["clinic", () => "/api/crm/campaigns?rowsPerPage=10", 1],
    ["admin", () => "/api/crm/campaigns?rowsPerPage=10&state=sent", 1],
    ["clinic", () => `/api/crm/campaigns/${campaignId}`, 1],
  ] as [Who, () => string, number][])("as %s, %s reads in its statements", async (who, url, statements) => {
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", url()));
      expect(seen.own.length, describeStatements(seen.statements)).toBeLessThanOrEqual(statements);
    }
    const answer = await r.send(who, "GET", url());
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it("the list shows each campaign's progress", async () => {
    const page = (await r.send("clinic", "GET", "/api/crm/campaigns")).json();
    expect(page.total).toBe(3);
    expect(page.data[0].progress).toEqual({ total: 30, sent: 20, failed: 0, left: 0, skipped: 10, opened: 0, clicked: 0 });
  });
});
