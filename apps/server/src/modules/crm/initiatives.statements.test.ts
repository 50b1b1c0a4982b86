import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { signInRoles, type RoleCalls } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { makeCrmAgent } from "./crm.fixture.ts";
import { crmActivities, crmClients, crmInitiativeClients, crmInitiatives } from "./crm.table.ts";

/**
 * Round trips of the initiatives' lists and the CRM dashboard (issue 36): the list is one
 * statement (its total, counts of clients and documents, and the salesman inside it), the counts
 * by state one, an initiative with its clients one, the dashboard one, whatever the clinic holds.
 */
let t: TestApp;
let r: RoleCalls;
let agentCookie: string;
let initiativeId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,crm_manager" } });
  r = await signInRoles(t);
  const agent = await makeCrmAgent(t.db, t.ids.clinic);
  agentCookie = await t.login(agent.email, agent.password);
  const clients = await t.db
    .insert(crmClients)
    .values(Array.from({ length: 30 }, (_, index) => ({ clinicId: t.ids.clinic, firstName: `Client ${index}`, email: `c${index}@example.com` })))
    .returning({ id: crmClients.id });
  const initiatives = await t.db
    .insert(crmInitiatives)
    .values(Array.from({ length: 12 }, (_, index) => ({ clinicId: t.ids.clinic, title: `Initiative ${index}`, salesmanId: index % 2 ? agent.id : null })))
    .returning({ id: crmInitiatives.id });
  initiativeId = initiatives[1]?.id as number;
  await t.db
    .insert(crmInitiativeClients)
    .values(initiatives.flatMap((initiative, i) => clients.slice(i, i + 10).map((client) => ({ initiativeId: initiative.id, clientId: client.id }))));
  await t.db.insert(crmActivities).values(
    clients.map((client, index) => ({
      clinicId: t.ids.clinic,
      clientId: client.id,
      agentId: agent.id,
      kind: "call",
      at: new Date(Date.now() - (index % 10) * 86_400_000),
      outcome: index % 3 ? "answered" : "converted",
    })),
  );
});
afterAll(async () => t?.close());

describe("the initiatives' and the dashboard's round trips", () => {
  it.each([
    ["clinic", "/api/crm/initiatives?rowsPerPage=10", 1],
    ["clinic", "/api/crm/initiatives?rowsPerPage=10&state=not_readed&q=initiative", 1],
    ["admin", "/api/crm/initiatives?rowsPerPage=10", 1],
    ["agent", "/api/crm/initiatives?rowsPerPage=10", 1],
    ["clinic", "/api/crm/initiatives/by-state", 1],
    ["agent", "/api/crm/initiatives/:id", 1],
    ["clinic", "/api/crm/dashboard", 1],
    ["agent", "/api/crm/dashboard?timeZone=Europe/Madrid", 1],
    ["admin", "/api/crm/dashboard", 1],
  ] as const)("as %s, %s reads in its statements", async (who, url, statements) => {
    const path = url.replace(":id", String(initiativeId));
    for (let time = 0; time < 2; time++) {
      const send = () => (who === "agent" ? t.app.inject({ method: "GET", url: path, headers: { cookie: agentCookie } }) : r.send(who, "GET", path));
      const seen = await statementsBeyondIdentity(t.database.pool, send);
      expect(seen.own.length, describeStatements(seen.statements)).toBe(statements);
    }
  });
});
