import { randomBytes } from "node:crypto";
import type { EventDashboard } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { parsePdf } from "../../../test/pdf.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { type FixtureEvent, makeEvent } from "./events.fixture.ts";
import { eventCosts, eventEvents, eventPayments, eventRegistrations } from "./events.table.ts";

/**
 * The dashboard, the door list and who may read them (issue 37.6–37.7). The dashboard's figures
 * are checked against a fixture whose payments, refunds and costs are known; the exports' files
 * are read back in event-exports.test.ts.
 */

let t: TestApp;
let r: RoleCalls;
let event: FixtureEvent;
let otherEvent: FixtureEvent;
let emptyEvent: FixtureEvent;

const DAY = 86_400_000;
/** The UTC day `offset` days from today at `hour`:`minute` UTC. */
const dayAt = (offset: number, hour: number, minute = 0) => {
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  return new Date(today + offset * DAY + hour * 3_600_000 + minute * 60_000);
};
const madridDay = (instant: Date) => instant.toLocaleDateString("en-CA", { timeZone: "Europe/Madrid" });

type Registration = {
  ticket: number;
  name: string;
  state: "pending_payment" | "confirmed" | "waiting" | "checked_in" | "cancelled" | "refunded";
  amount?: number;
  paid?: number;
  refunded?: number;
  at: Date;
  cancelledAt?: Date;
  answers?: Record<string, string | boolean>;
};

/** Registrations written straight to the table, the places they hold counted on the event and its ticket types. */
async function register(target: FixtureEvent, clinicId: string, rows: Registration[]): Promise<number[]> {
  const made = await t.db
    .insert(eventRegistrations)
    .values(
      rows.map((row, index) => ({
        eventId: target.id,
        ticketTypeId: target.ticketTypeIds[row.ticket] as number,
        clinicId,
        name: row.name,
        email: `guest${index}-${randomBytes(3).toString("hex")}@example.com`,
        answers: row.answers ?? {},
        state: row.state,
        amountCents: row.amount ?? 0,
        paidCents: row.paid ?? 0,
        refundedCents: row.refunded ?? 0,
        currency: "EUR",
        provider: row.amount ? "manual" : null,
        token: randomBytes(32).toString("hex"),
        confirmedAt: ["confirmed", "checked_in", "refunded"].includes(row.state) ? row.at : null,
        checkedInAt: row.state === "checked_in" ? row.at : null,
        cancelledAt: row.cancelledAt ?? null,
        createdAt: row.at,
      })),
    )
    .returning({ id: eventRegistrations.id });
  await t.db.execute(sql`
    update event_ticket_types t set taken = (select count(*) from event_registrations r
      where r.ticket_type_id = t.id and r.state in ('pending_payment', 'confirmed', 'checked_in')) where t.event_id = ${target.id}`);
  await t.db.execute(sql`
    update event_events e set taken = (select count(*) from event_registrations r
      where r.event_id = e.id and r.state in ('pending_payment', 'confirmed', 'checked_in')) where e.id = ${target.id}`);
  return made.map((row) => row.id);
}

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
  r = await signInRoles(t);
  event = await makeEvent(t.db, t.ids.clinic, {
    title: "Vestibular workshop",
    capacity: 10,
    tickets: [
      { priceCents: 3000, capacity: 5, name: "Standard" },
      { priceCents: 1500, name: "Reduced" },
    ],
  });
  await t.db
    .update(eventEvents)
    .set({
      questions: [
        { id: "diet", label: { en: "Diet", es: "Dieta" }, kind: "text", options: [], required: true },
        { id: "story", label: { en: "Your story", es: "Tu historia" }, kind: "text", options: [], required: false },
      ],
    })
    .where(eq(eventEvents.id, event.id));
  const [a, b, c, , , f] = await register(event, t.ids.clinic, [
    { ticket: 0, name: "Ana Pérez", state: "confirmed", amount: 3000, paid: 3000, at: dayAt(-5, 10), answers: { diet: "vegetarian", story: "x".repeat(80) } },
    // 23:30 UTC is already the next day in Madrid: the chart counts it there.
    { ticket: 0, name: "Bruno Díaz", state: "checked_in", amount: 3000, paid: 3000, at: dayAt(-5, 23, 30) },
    { ticket: 1, name: "Carla Gómez", state: "refunded", amount: 1500, paid: 1500, refunded: 1500, at: dayAt(-4, 10), cancelledAt: dayAt(-3, 10) },
    { ticket: 0, name: "David Ruiz", state: "pending_payment", amount: 3000, at: dayAt(-3, 11) },
    { ticket: 0, name: "Elena Sanz", state: "waiting", amount: 3000, at: dayAt(-3, 12) },
    { ticket: 1, name: "Zoe Adams", state: "confirmed", amount: 1500, paid: 1500, refunded: 500, at: dayAt(-2, 10), answers: { diet: "none" } },
  ]);
  const pay = (registrationId: number | undefined, kind: "payment" | "refund", amountCents: number) => ({
    registrationId: registrationId as number,
    eventId: event.id,
    kind,
    amountCents,
    provider: "manual",
    reference: `REF-${registrationId}-${kind}`,
  });
  await t.db
    .insert(eventPayments)
    .values([
      pay(a, "payment", 3000),
      pay(b, "payment", 3000),
      pay(c, "payment", 1500),
      pay(c, "refund", 1500),
      pay(f, "payment", 1500),
      pay(f, "refund", 500),
    ]);
  await t.db.insert(eventCosts).values([
    { eventId: event.id, category: "venue", supplier: "Hotel Central", plannedCents: 5000, actualCents: 4500, paid: true },
    { eventId: event.id, category: "catering", supplier: "Café Sol", plannedCents: 2000 },
  ]);
  otherEvent = await makeEvent(t.db, r.other.clinic.id, { title: "Other clinic's talk" });
  emptyEvent = await makeEvent(t.db, t.ids.clinic, { title: "Quiet evening" });
});
afterAll(() => t?.close());

describe("GET /api/events/events/:eventId/dashboard", () => {
  it("adds up places, check-ins, the ledger's income and the costs into the balance", async () => {
    const response = await r.send("clinic", "GET", `/api/events/events/${event.id}/dashboard`);
    expect(response.statusCode).toBe(200);
    const dashboard = response.json() as EventDashboard;
    expect(dashboard).toMatchObject({
      eventId: event.id,
      currency: "EUR",
      timeZone: "Europe/Madrid",
      capacity: 10,
      taken: 4,
      pending: 1,
      confirmed: 2,
      checkedIn: 1,
      waiting: 1,
      cancelled: 1,
      paymentsCents: 9000,
      refundsCents: 2000,
      incomeCents: 7000,
      costsPlannedCents: 7000,
      costsActualCents: 4500,
      costsCents: 6500,
      costsPaidCents: 4500,
      balanceCents: 500,
    });
    expect(dashboard.ticketTypes).toEqual([
      { id: event.ticketTypeIds[0], name: { en: "Standard", es: "Standard" }, priceCents: 3000, capacity: 5, taken: 3, incomeCents: 6000 },
      { id: event.ticketTypeIds[1], name: { en: "Reduced", es: "Reduced" }, priceCents: 1500, capacity: null, taken: 1, incomeCents: 1000 },
    ]);
  });

  it("charts each day in the event's zone from the first registration to today", async () => {
    const { overTime } = (await r.send("clinic", "GET", `/api/events/events/${event.id}/dashboard`)).json() as EventDashboard;
    expect(overTime.slice(0, 4)).toEqual([
      { day: madridDay(dayAt(-5, 10)), registrations: 1, cancellations: 0, held: 1 },
      { day: madridDay(dayAt(-4, 10)), registrations: 2, cancellations: 0, held: 3 },
      { day: madridDay(dayAt(-3, 10)), registrations: 2, cancellations: 1, held: 3 },
      { day: madridDay(dayAt(-2, 10)), registrations: 1, cancellations: 0, held: 4 },
    ]);
    const last = overTime.at(-1);
    expect(last?.day).toBe(madridDay(new Date()));
    expect(last?.held).toBe(4);
    // One row per day, none skipped.
    for (let index = 1; index < overTime.length; index++)
      expect(Date.parse(overTime[index]?.day as string) - Date.parse(overTime[index - 1]?.day as string)).toBe(DAY);
  });

  it("answers zeros and no chart for an event nobody registered for", async () => {
    const dashboard = (await r.send("admin", "GET", `/api/events/events/${emptyEvent.id}/dashboard`)).json() as EventDashboard;
    expect(dashboard).toMatchObject({ taken: 0, incomeCents: 0, costsCents: 0, balanceCents: 0, overTime: [] });
    expect(dashboard.ticketTypes).toHaveLength(1);
  });
});

describe("GET /api/events/events/:eventId/door-list.pdf", () => {
  it("lists the confirmed and checked-in registrants by name, with short required answers", async () => {
    const response = await r.send("clinic", "GET", `/api/events/events/${event.id}/door-list.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toContain("door-list-vestibular-workshop");
    expect(response.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    const pdf = await parsePdf(response.rawPayload);
    expect(pdf.title).toBe("Door list: Vestibular workshop");
    expect(pdf.text).toContain("Europe/Madrid");
    expect(pdf.text).toContain("Room 2, Calle Mayor 1, Madrid");
    expect(pdf.text).toContain("3 registrants, 1 already checked in");
    const order = ["Ana Pérez", "Bruno Díaz", "Zoe Adams"].map((name) => pdf.text.indexOf(name));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(pdf.text).toContain("Diet: vegetarian");
    expect(pdf.text).not.toContain("Your story");
    for (const absent of ["Carla Gómez", "David Ruiz", "Elena Sanz"]) expect(pdf.text).not.toContain(absent);
    expect(pdf.text).toContain("Page 1 of 1");
  });

  it("speaks the language asked for", async () => {
    const response = await r.send("clinic", "GET", `/api/events/events/${event.id}/door-list.pdf?language=es`);
    const pdf = await parsePdf(response.rawPayload);
    expect(pdf.text).toContain("Lista de acceso");
    expect(pdf.text).toContain("Dieta: vegetarian");
    expect(pdf.text).toContain("Página 1 de 1");
  });
});

describe("who may read the reports", () => {
  const routes = (id: number) => [
    `/api/events/events/${id}/dashboard`,
    `/api/events/events/${id}/door-list.pdf`,
    `/api/events/events/${id}/exports/registrations?format=csv`,
    `/api/events/events/${id}/exports/payments?format=xlsx`,
    `/api/events/events/${id}/exports/costs?format=csv`,
    `/api/events/events/${id}/exports/checklists?format=csv`,
  ];

  it.each([
    ["clinic", 200],
    ["admin", 200],
    ["therapist", 403],
    ["patient", 403],
    ["otherTherapist", 403],
    ["otherPatient", 403],
    [null, 401],
  ] as [Who | null, number][])("as %s, the demo clinic's event answers %i", async (who, status) => {
    for (const url of [...routes(event.id), "/api/events/exports/events?format=csv"]) expect((await r.send(who, "GET", url)).statusCode, url).toBe(status);
  });

  it("answers 404 for another clinic's event, and for none", async () => {
    for (const url of routes(otherEvent.id)) expect((await r.send("clinic", "GET", url)).statusCode, url).toBe(404);
    for (const url of routes(2_000_000_000)) expect((await r.send("admin", "GET", url)).statusCode, url).toBe(404);
    // The other clinic reads its own.
    for (const url of routes(otherEvent.id)) expect((await r.send("otherClinic", "GET", url)).statusCode, url).toBe(200);
    for (const url of routes(event.id)) expect((await r.send("otherClinic", "GET", url)).statusCode, url).toBe(404);
  });

  it("answers 404 to everyone with the module off", async () => {
    const off = await createTestApp({ env: { FEATURE_FLAGS: "clinic" } });
    try {
      const cookie = await off.loginAs("clinic");
      const own = await makeEvent(off.db, off.ids.clinic);
      const response = await off.app.inject({ method: "GET", url: `/api/events/events/${own.id}/dashboard`, headers: { cookie } });
      expect(response.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it("refuses bad input with 400", async () => {
    for (const url of [
      `/api/events/events/abc/dashboard`,
      `/api/events/events/0/door-list.pdf`,
      `/api/events/events/${event.id}/door-list.pdf?language=fr`,
      `/api/events/events/${event.id}/exports/registrations`,
      `/api/events/events/${event.id}/exports/registrations?format=pdf`,
      `/api/events/events/${event.id}/exports/tickets?format=csv`,
      "/api/events/exports/events?format=csv&when=soon",
      "/api/events/exports/events?format=csv&clinicId=nope",
      "/api/events/exports/events?format=csv&extra=1",
    ])
      expect((await r.send("clinic", "GET", url)).statusCode, url).toBe(400);
  });
});
