import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { type FixtureEvent, makeEvent } from "./events.fixture.ts";

/**
 * Round trips of the events' reads (issue 37.1): the list is one statement (its total, clinic
 * names and per-event counts inside it), an event in detail one (ticket types and counts by
 * state inside it), the public page one, however many events, ticket types and registrations.
 */
let t: TestApp;
let r: RoleCalls;
let event: FixtureEvent;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
  r = await signInRoles(t);
  const events: FixtureEvent[] = [];
  for (let index = 0; index < 15; index++)
    events.push(
      await makeEvent(t.db, index % 3 ? t.ids.clinic : r.other.clinic.id, {
        startsAt: new Date(Date.now() + (index - 4) * 86_400_000),
        tickets: [{ priceCents: 1500, capacity: 10 }, {}, { name: "Late", salesStart: new Date(Date.now() + 86_400_000 * 0.5) }],
      }),
    );
  event = events[5] as FixtureEvent;
  for (const [index, item] of events.entries())
    for (let n = 0; n < 6; n++)
      await t.db.execute(sql`
        insert into event_registrations (event_id, ticket_type_id, clinic_id, name, email, state, currency, token)
        select ${item.id}, ${item.ticketTypeIds[n % 2] as number}, e.clinic_id, ${`Guest ${n}`}, ${`g${index}-${n}@example.com`},
          ${["confirmed", "waiting", "checked_in", "cancelled", "pending_payment", "waiting"][n]}, 'EUR', ${`${index}-${n}`.padEnd(64, "0")}
        from event_events e where e.id = ${item.id}`);
});
afterAll(async () => t?.close());

describe("the events' round trips", () => {
  it.each([
    ["clinic", "/api/events/events?rowsPerPage=5"],
    ["clinic", "/api/events/events?when=all&state=published&q=balance&rowsPerPage=5&page=2"],
    ["clinic", "/api/events/events?when=past"],
    ["admin", "/api/events/events?when=all&rowsPerPage=10"],
    ["admin", "/api/events/events?when=all&clinicId=:clinic"],
    ["clinic", "/api/events/events/:id"],
    ["admin", "/api/events/events/:id"],
    [null, "/api/events/public/:slug"],
    ["patient", "/api/events/public/:slug"],
  ] as const)("as %s, %s is one statement", async (who, url) => {
    const path = url.replace(":id", String(event.id)).replace(":slug", event.slug).replace(":clinic", t.ids.clinic);
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", path));
      expect(seen.own.length, describeStatements(seen.statements)).toBe(1);
      if (path.startsWith("/api/events/events?")) expect(seen.body.data.length).toBeGreaterThan(0);
    }
  });
});
