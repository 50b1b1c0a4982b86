import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";
import { makeEvent } from "./events.fixture.ts";
import { eventEvents, eventRegistrations, eventTicketTypes } from "./events.table.ts";

/**
 * Places under concurrency (issue 37.2): registrations of one event queue on its row, so a
 * burst fills exactly its places in arrival order and the rest wait in that order; concurrent
 * cancellations each move the waiting list up exactly once, and `taken` never passes capacity.
 */
let t: TestApp;
let r: RoleCalls;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
  r = await signInRoles(t);
});
afterAll(async () => t?.close());

const rowsOf = async (eventId: number) =>
  (await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId))).sort((a, b) => a.id - b.id);
const takenOf = async (eventId: number) => {
  const [event] = await t.db.select({ taken: eventEvents.taken }).from(eventEvents).where(eq(eventEvents.id, eventId));
  const [ticket] = await t.db.select({ taken: eventTicketTypes.taken }).from(eventTicketTypes).where(eq(eventTicketTypes.eventId, eventId));
  return [event?.taken, ticket?.taken];
};

describe("a burst of registrations and cancellations", () => {
  it("30 at once for 10 places: 10 confirmed and 20 waiting in arrival order; k cancellations move exactly the first k up", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { capacity: 10 });
    const ticketTypeId = event.ticketTypeIds[0];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        r.send(null, "POST", `/api/events/public/${event.slug}/registrations`, { ticketTypeId, name: `Guest ${index}`, email: `burst-${index}@example.com` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(201));
    const rows = await rowsOf(event.id);
    // The first ten ids hold the places; the others wait, their positions following their ids.
    expect(rows.map((row) => row.state)).toEqual([...Array(10).fill("confirmed"), ...Array(20).fill("waiting")]);
    expect(await takenOf(event.id)).toEqual([10, 10]);
    const positions = new Map(answers.map((answer) => [answer.json().registration.number, answer.json().registration.waitingPosition]));
    expect(rows.slice(10).map((row) => positions.get(`ER-${String(row.id).padStart(6, "0")}`))).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const list = await r.send("clinic", "GET", `/api/events/events/${event.id}/registrations?state=waiting&rowsPerPage=50`);
    expect(list.json().data.map((row: { waitingPosition: number }) => row.waitingPosition)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));

    // Four confirmed cancel at once, two by staff and two by their link, one of them twice: it ends once.
    const cancelled = rows.slice(0, 4);
    const tokenOf = (id: number) => answers.find((answer) => answer.json().registration.number === `ER-${String(id).padStart(6, "0")}`)?.json().token;
    const byStaff = (id: number | undefined) => r.send("clinic", "POST", `/api/events/registrations/${id}/cancel`, {});
    const byLink = (id: number | undefined) => r.send(null, "POST", `/api/events/public/registrations/${tokenOf(id as number)}/cancel`);
    const calls = await Promise.all([
      byStaff(cancelled[0]?.id),
      byStaff(cancelled[1]?.id),
      byLink(cancelled[2]?.id),
      byLink(cancelled[3]?.id),
      byStaff(cancelled[3]?.id),
    ]);
    expect(calls.map((call) => call.statusCode).sort()).toEqual([200, 200, 200, 200, 409]);
    const after = await rowsOf(event.id);
    const promoted = after.filter((row) => row.promotedAt !== null).map((row) => row.id);
    expect(promoted).toEqual(rows.slice(10, 14).map((row) => row.id));
    expect(after.filter((row) => row.state === "confirmed")).toHaveLength(10);
    expect(after.filter((row) => row.state === "waiting").map((row) => row.id)).toEqual(rows.slice(14).map((row) => row.id));
    expect(await takenOf(event.id)).toEqual([10, 10]);
    const moved = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_messages where kind = 'event.confirmed' and "to" like 'burst-%@example.com'`,
    );
    expect(moved.rows[0]?.n).toBe(14);
  });

  it("a ticket type's own places: the waiting list skips those whose ticket is still full, in order", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { capacity: 3, tickets: [{ capacity: 1, name: "Early" }, { name: "Standard" }] });
    const [early, standard] = event.ticketTypeIds;
    const send = (ticketTypeId: number | undefined, index: number) =>
      r.send("clinic", "POST", `/api/events/events/${event.id}/registrations`, {
        ticketTypeId,
        name: `Mixed ${index}`,
        email: `mixed-${event.id}-${index}@example.com`,
      });
    const ids: number[] = [];
    for (const [index, ticket] of [early, early, standard, standard, early, standard].entries()) ids.push((await send(ticket, index)).json().id);
    expect((await rowsOf(event.id)).map((row) => row.state)).toEqual(["confirmed", "waiting", "confirmed", "confirmed", "waiting", "waiting"]);
    // A standard place frees: the oldest waiting whose ticket has room (the standard one, not the early ones).
    await r.send("clinic", "POST", `/api/events/registrations/${ids[2]}/cancel`, {});
    expect((await rowsOf(event.id)).map((row) => row.state)).toEqual(["confirmed", "waiting", "cancelled", "confirmed", "waiting", "confirmed"]);
    // The early place frees: the oldest early one moves up.
    await r.send("clinic", "POST", `/api/events/registrations/${ids[0]}/cancel`, {});
    expect((await rowsOf(event.id)).map((row) => row.state)).toEqual(["cancelled", "confirmed", "cancelled", "confirmed", "waiting", "confirmed"]);
    expect(await takenOf(event.id)).toEqual([3, 1]);
  });
});
