import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { countStatements, describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { makeCrmAgent } from "./crm.fixture.ts";
import { crmActivities, crmClients, crmListClients, crmLists } from "./crm.table.ts";

/**
 * Round trips of the call centre's hot calls (issue 36.4): the calls and meetings list and the
 * statistics are one statement each, whatever the range holds; the sources one; `next` four
 * (the source, the queue's new rows, the claim with the client and their history, its audit
 * record) beside the caller's identity.
 */
let t: TestApp;
let cookie: string;
let listId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,crm_manager" } });
  const agent = await makeCrmAgent(t.db, t.ids.clinic);
  cookie = await t.login(agent.email, agent.password);
  const clients = await t.db
    .insert(crmClients)
    .values(Array.from({ length: 30 }, (_, index) => ({ clinicId: t.ids.clinic, firstName: `Client ${index}`, consent: true })))
    .returning({ id: crmClients.id });
  const [list] = await t.db.insert(crmLists).values({ clinicId: t.ids.clinic, title: "Everyone" }).returning({ id: crmLists.id });
  listId = list?.id as number;
  await t.db.insert(crmListClients).values(clients.map((client) => ({ listId, clientId: client.id })));
  await t.db.insert(crmActivities).values(
    clients.flatMap((client, index) => [
      { clinicId: t.ids.clinic, clientId: client.id, agentId: agent.id, kind: "call", outcome: "answered", at: new Date(Date.now() - index * 3_600_000) },
      {
        clinicId: t.ids.clinic,
        clientId: client.id,
        agentId: agent.id,
        kind: "meeting",
        durationMinutes: 30,
        at: new Date(Date.now() + (index + 1) * 3_600_000),
      },
    ]),
  );
});
afterAll(async () => t?.close());

const send = (method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, ...(method === "POST" ? { origin: TEST_PUBLIC_URL } : {}) }, ...(payload ? { payload } : {}) });
const today = new Date().toISOString().slice(0, 10);

describe("the call centre's round trips", () => {
  it.each([
    ["/api/crm/activities?rowsPerPage=20&kind=call", 1],
    [`/api/crm/telemarket/statistics?since=2026-01-01&to=${today > "2026-12-31" ? today : "2026-12-31"}`, 1],
    ["/api/crm/call-center/sources", 1],
  ])("GET %s reads in %i statement(s)", async (url, statements) => {
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => send("GET", url));
      expect(seen.own.length, describeStatements(seen.statements)).toBe(statements);
    }
  });

  it("next is the source, the queue's new rows, the claim with the client, and its audit record", async () => {
    for (let time = 0; time < 2; time++) {
      const seen = await countStatements(t.database.pool, () => send("POST", "/api/crm/call-center/next", { listId }));
      expect(seen.result.statusCode, seen.result.body).toBe(200);
      const own = seen.statements.filter((text) => !/^select s\.expires_at/.test(text) && !/feature_flags/.test(text));
      expect(own.length, describeStatements(seen.statements)).toBe(4);
    }
  });
});
