import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { crmClients, crmListClients, crmLists } from "./crm.table.ts";
import { track } from "./tracking.ts";

/**
 * Round trips of the CRM's client calls (issue 36.2): the clients list (filters, owner's name
 * and scope inside it), a client with its lists and initiatives, a client's timeline and the
 * lists with their counts are each one statement, however many rows they show.
 */
let t: TestApp;
let r: RoleCalls;
let clientId: number;
let listId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,crm_manager" } });
  r = await signInRoles(t);
  const made = await t.db
    .insert(crmClients)
    .values(Array.from({ length: 30 }, (_, index) => ({ clinicId: t.ids.clinic, firstName: "Client", lastName: `N${index}`, tags: ["vip"] })))
    .returning({ id: crmClients.id });
  clientId = made[0]?.id as number;
  const [list] = await t.db.insert(crmLists).values({ clinicId: t.ids.clinic, title: "Everyone" }).returning({ id: crmLists.id });
  listId = list?.id as number;
  await t.db.insert(crmListClients).values(made.map((row) => ({ listId, clientId: row.id })));
  await track(
    t.db,
    Array.from({ length: 40 }, (_, index) => ({ clinicId: t.ids.clinic, clientId, kind: "note" as const, summary: `Line ${index}` })),
  );
});
afterAll(async () => t?.close());

describe("the CRM clients' round trips", () => {
  it.each([
    ["clinic", () => "/api/crm/clients?rowsPerPage=20", 1],
    ["clinic", () => `/api/crm/clients?q=client&tag=vip&listId=${listId}`, 1],
    ["admin", () => "/api/crm/clients?rowsPerPage=20", 1],
    ["clinic", () => `/api/crm/clients/${clientId}`, 1],
    ["clinic", () => `/api/crm/clients/${clientId}/timeline?rowsPerPage=20`, 1],
    ["clinic", () => "/api/crm/lists", 1],
    ["clinic", () => "/api/crm/tags", 1],
  ] as [Who, () => string, number][])("as %s, %s reads in its statements", async (who, url, statements) => {
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", url()));
      expect(seen.own.length, describeStatements(seen.statements)).toBe(statements);
    }
  });
});
