import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { countStatements, describeStatements, isIdentityStatement, statementsBeyondIdentity } from "../../../test/statements.ts";
import { makeEvent } from "./events.fixture.ts";
import { eventCosts, eventPayments, eventRegistrations, eventTasks } from "./events.table.ts";

/**
 * Round trips of the events reports (issue 37.6–37.7): the dashboard is one statement however
 * many registrations, payments and costs it adds up; each export and the door list read their
 * rows in one statement after the event's scope check, and write one audit record.
 */
let t: TestApp;
let r: RoleCalls;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
  r = await signInRoles(t);
  const event = await makeEvent(t.db, t.ids.clinic, { capacity: 100, tickets: [{ priceCents: 2000 }, { priceCents: 0 }] });
  eventId = event.id;
  const made = await t.db
    .insert(eventRegistrations)
    .values(
      Array.from({ length: 40 }, (_, index) => ({
        eventId,
        ticketTypeId: event.ticketTypeIds[index % 2] as number,
        clinicId: t.ids.clinic,
        name: `Guest ${index}`,
        email: `guest${index}@example.com`,
        state: index % 5 === 0 ? "checked_in" : "confirmed",
        amountCents: index % 2 === 0 ? 2000 : 0,
        paidCents: index % 2 === 0 ? 2000 : 0,
        currency: "EUR",
        token: randomBytes(32).toString("hex"),
        createdAt: new Date(Date.now() - (index % 10) * 86_400_000),
      })),
    )
    .returning({ id: eventRegistrations.id, amount: eventRegistrations.amountCents });
  await t.db
    .insert(eventPayments)
    .values(
      made.filter((row) => row.amount > 0).map((row) => ({ registrationId: row.id, eventId, kind: "payment", amountCents: row.amount, provider: "manual" })),
    );
  await t.db.insert(eventCosts).values(Array.from({ length: 6 }, (_, index) => ({ eventId, category: "other", plannedCents: 1000 * index })));
  await t.db.insert(eventTasks).values(Array.from({ length: 8 }, (_, index) => ({ eventId, title: `Task ${index}` })));
});
afterAll(() => t?.close());

/** A non-JSON GET's statements beyond resolving the caller and the module switches. */
async function ownStatements(who: Who, url: string) {
  const seen = await countStatements(t.database.pool, () => r.send(who, "GET", url));
  expect(seen.result.statusCode, seen.result.body).toBe(200);
  return { own: seen.statements.filter((text) => !isIdentityStatement(text) && !/from "feature_flags"/.test(text)), all: seen.statements };
}

describe("the events reports' round trips", () => {
  it.each(["clinic", "admin"] as Who[])("as %s, the dashboard is one statement", async (who) => {
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", `/api/events/events/${eventId}/dashboard`));
      expect(seen.own.length, describeStatements(seen.statements)).toBe(1);
      expect(seen.body.taken).toBe(0);
      expect(seen.body.incomeCents).toBe(40_000);
    }
  });

  it.each([
    "/exports/registrations?format=csv",
    "/exports/payments?format=xlsx",
    "/exports/costs?format=csv",
    "/exports/checklists?format=csv",
    "/door-list.pdf",
  ])("%s: the scope check, its rows and the audit record", async (path) => {
    const seen = await ownStatements("clinic", `/api/events/events/${eventId}${path}`);
    expect(seen.own.length, describeStatements(seen.all)).toBe(3);
    expect(
      seen.own.filter((text) => /^\s*insert into "?audit_events"?/i.test(text)),
      describeStatements(seen.all),
    ).toHaveLength(1);
  });

  it("the events list's export is its rows and the audit record", async () => {
    const seen = await ownStatements("clinic", "/api/events/exports/events?format=csv&when=all");
    expect(seen.own.length, describeStatements(seen.all)).toBe(2);
  });
});
