import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { deriveKey } from "../../platform/keys.ts";
import { makeEvent } from "./events.fixture.ts";
import { makeRegistration } from "./registration.fixture.ts";

/**
 * Round trips of the registrations' reads (issue 37.2): an event's list (filters, ticket names
 * and waiting positions inside it) is one statement however many rows it shows; the private
 * link's page is one.
 */
let t: TestApp;
let r: RoleCalls;
let eventId: number;
let token: string;
let firstId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
  r = await signInRoles(t);
  const event = await makeEvent(t.db, t.ids.clinic, { capacity: 30, tickets: [{}, { name: "Other" }] });
  eventId = event.id;
  const key = deriveKey(TEST_AUTH_SECRET, "event-links");
  for (let index = 0; index < 40; index++) {
    const made = await makeRegistration(
      t.db,
      key,
      { id: event.id, ticketTypeId: event.ticketTypeIds[index % 2] as number },
      { state: index < 30 ? "confirmed" : "waiting", amountCents: 0, name: `Guest ${index}` },
    );
    if (index === 0) ({ id: firstId, token } = made);
  }
});
afterAll(async () => t?.close());

describe("the registrations' round trips", () => {
  it.each([
    ["clinic", () => `/api/events/events/${eventId}/registrations?rowsPerPage=50`, 1],
    ["clinic", () => `/api/events/events/${eventId}/registrations?q=guest&state=waiting`, 1],
    ["clinic", () => `/api/events/events/${eventId}/registrations?q=ER-${String(firstId).padStart(6, "0")}`, 1],
    ["admin", () => `/api/events/events/${eventId}/registrations?rowsPerPage=20`, 1],
    [null, () => `/api/events/public/registrations/${token}`, 1],
  ] as [Who | null, () => string, number][])("as %s, %s reads in its statements", async (who, url, statements) => {
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", url()));
      expect(seen.own.length, describeStatements(seen.statements)).toBe(statements);
    }
  });

  it("the list shows each page's waiting positions", async () => {
    const page = await r.send("clinic", "GET", `/api/events/events/${eventId}/registrations?state=waiting&rowsPerPage=5&page=2`);
    expect(page.json().data.map((row: { waitingPosition: number }) => row.waitingPosition)).toEqual([6, 7, 8, 9, 10]);
  });
});
