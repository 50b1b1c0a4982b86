import { PLACE_HOLDING_STATES } from "@clinic/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { today } from "../clinic/memberships/seats.ts";
import { seedDemoEvents } from "./events-demo.ts";
import { DEMO_EVENTS } from "./events-demo-data.ts";
import { eventCosts, eventEvents, eventPayments, eventRegistrations, eventTasks, eventTicketTypes } from "./events.table.ts";
import { registrationToken } from "./tickets.ts";
import { linkTokenHash } from "../../platform/private-links.ts";

/** The demo clinic's events (issue 37): seeded once, and every figure the screens show agrees with the rows. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
});
afterAll(() => t?.close());

const HELD: readonly string[] = PLACE_HOLDING_STATES;

describe("seedDemoEvents", () => {
  it("seeds the demo clinic's events once, their counters, ledger and balances coherent", async () => {
    const linkKey = t.app.deriveKey("event-links");
    expect(await seedDemoEvents(t.db, { anchor: today(), linkKey })).toBe(true);
    expect(await seedDemoEvents(t.db, { anchor: today(), linkKey })).toBe(false);

    const events = await t.db.select().from(eventEvents).where(eq(eventEvents.clinicId, t.ids.clinic));
    expect(events.map((event) => event.slug).sort()).toEqual(DEMO_EVENTS.map((event) => event.slug).sort());
    const bySlug = (slug: string) => events.find((event) => event.slug === slug) as (typeof events)[number];
    const registrations = await t.db
      .select()
      .from(eventRegistrations)
      .where(
        inArray(
          eventRegistrations.eventId,
          events.map((event) => event.id),
        ),
      );
    const tickets = await t.db
      .select()
      .from(eventTicketTypes)
      .where(
        inArray(
          eventTicketTypes.eventId,
          events.map((event) => event.id),
        ),
      );
    const ledger = await t.db.select().from(eventPayments);
    const costs = await t.db.select().from(eventCosts);

    for (const event of events) {
      const mine = registrations.filter((row) => row.eventId === event.id);
      // Taken equals the place-holding registrations, on the event and on each ticket type.
      expect(event.taken, event.slug).toBe(mine.filter((row) => HELD.includes(row.state)).length);
      for (const ticket of tickets.filter((row) => row.eventId === event.id))
        expect(ticket.taken, `${event.slug} ${ticket.nameEn}`).toBe(mine.filter((row) => row.ticketTypeId === ticket.id && HELD.includes(row.state)).length);
      // What each registration says it was paid and refunded is what the ledger holds.
      for (const row of mine) {
        const lines = ledger.filter((line) => line.registrationId === row.id);
        expect(
          lines.filter((line) => line.kind === "payment").reduce((sum, line) => sum + line.amountCents, 0),
          row.name,
        ).toBe(row.paidCents);
        expect(
          lines.filter((line) => line.kind === "refund").reduce((sum, line) => sum + line.amountCents, 0),
          row.name,
        ).toBe(row.refundedCents);
      }
      expect(new Set(mine.map((row) => row.email.toLowerCase())).size).toBe(mine.length);
      if (mine.length > 0) expect(mine.length, event.slug).toBeGreaterThanOrEqual(10);
      expect(mine.length, event.slug).toBeLessThanOrEqual(40);
    }
    // The registrants' private links open: each stored token is the hash of the one derived from its id.
    for (const row of registrations) expect(row.token).toBe(linkTokenHash(registrationToken(linkKey, row.id)));

    const cookie = await t.loginAs("clinic");
    const dashboardOf = async (slug: string) => {
      const response = await t.app.inject({ method: "GET", url: `/api/events/events/${bySlug(slug).id}/dashboard`, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      return response.json();
    };

    const past = bySlug("dizziness-balance-workshop");
    expect(past.endsAt.getTime()).toBeLessThan(Date.now());
    const pastBoard = await dashboardOf(past.slug);
    const pastLedger = ledger.filter((line) => line.eventId === past.id);
    expect(pastBoard.incomeCents).toBe(pastLedger.reduce((sum, line) => sum + (line.kind === "payment" ? line.amountCents : -line.amountCents), 0));
    expect(pastBoard.checkedIn).toBeGreaterThan(10);
    expect(pastBoard.balanceCents).toBeGreaterThan(0);
    expect(costs.filter((cost) => cost.eventId === past.id).every((cost) => cost.paid && cost.actualCents !== null)).toBe(true);
    expect(pastBoard.overTime.at(-1).held).toBe(past.taken);

    const workshop = bySlug("vestibular-rehab-at-home");
    expect(workshop.startsAt.getTime()).toBeGreaterThan(Date.now());
    const board = await dashboardOf(workshop.slug);
    expect(board.capacity - board.taken).toBe(1);
    expect(board.waiting).toBe(3);
    expect(board.pending).toBeGreaterThanOrEqual(2);
    const mine = registrations.filter((row) => row.eventId === workshop.id);
    expect(mine.some((row) => row.provider === "stripe" && row.state === "confirmed")).toBe(true);
    expect(mine.some((row) => row.state === "refunded")).toBe(true);
    // The waiting list waits for the sold-out ticket type: no place it could take is free.
    const waitingTicket = tickets.find((ticket) => ticket.id === mine.find((row) => row.state === "waiting")?.ticketTypeId);
    expect(waitingTicket?.taken).toBe(waitingTicket?.capacity);

    const group = bySlug("living-with-vertigo-group");
    expect(tickets.filter((ticket) => ticket.eventId === group.id).every((ticket) => ticket.priceCents === 0)).toBe(true);
    expect(ledger.some((line) => line.eventId === group.id)).toBe(false);
    const course = bySlug("vestibular-therapy-course");
    expect(course.state).toBe("draft");

    const tasks = await t.db
      .select()
      .from(eventTasks)
      .where(
        inArray(
          eventTasks.eventId,
          events.map((event) => event.id),
        ),
      );
    expect(tasks.some((task) => task.doneAt !== null)).toBe(true);
    const overdue = tasks.filter((task) => task.doneAt === null && task.dueOn !== null && task.dueOn < today());
    expect(overdue.map((task) => task.title)).toEqual(["Order the materials"]);
  });
});
