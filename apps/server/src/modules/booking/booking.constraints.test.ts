import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { makeTherapist } from "../../../test/factories.ts";
import { connectDatabase, type Database, type Db } from "../../db/client.ts";
import { violatedConstraint } from "../../platform/errors.ts";
import { insertAssessment } from "./booking.fixture.ts";
import { bookingResources, bookingResourceUnits, bookingUnitHolds, bookings } from "./booking.table.ts";

/**
 * What the database itself refuses (migration 0038), whatever code path writes a booking: a
 * provider held twice over the same time, or a resource unit held twice. The services build on
 * these; they are tested here alone, with real concurrent transactions.
 */

let t: TestApp;
/** A pool of its own, wide enough for every client to hold a connection at once. */
let clients: Database;
let serviceId: number;
let variationId: number;
let locationId: number;
let chairResourceId: number;

const at = (time: string) => new Date(`2026-06-01T${time}:00.000Z`);

beforeAll(async () => {
  t = await createTestApp();
  clients = connectDatabase(t.database.url, 25);
  const clinicId = t.ids.clinic;
  ({ locationId, serviceId, variationId, chairId: chairResourceId } = await insertAssessment(t.db, clinicId, `vestibular-${Date.now()}`));
});
afterAll(async () => {
  await clients.pool.end();
  await t.close();
});

async function unitsOf(resourceId: number, count: number): Promise<number[]> {
  const rows = await t.db
    .insert(bookingResourceUnits)
    .values(Array.from({ length: count }, (_, index) => ({ resourceId, number: index + 1 })))
    .onConflictDoNothing()
    .returning({ id: bookingResourceUnits.id });
  if (rows.length === count) return rows.map((row) => row.id);
  return (await t.db.select({ id: bookingResourceUnits.id }).from(bookingResourceUnits).where(eq(bookingResourceUnits.resourceId, resourceId))).map(
    (row) => row.id,
  );
}

/** Books `start` to `end` (holding 15 minutes more) with `providerId` and the given units, in one transaction, as the booking service will. */
async function book(db: Db, providerId: string, start: Date, end: Date, unitIds: number[], status: "pending" | "confirmed" = "confirmed"): Promise<number> {
  const holdsTo = new Date(end.getTime() + 15 * 60_000);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookings)
      .values({
        clinicId: t.ids.clinic,
        serviceId,
        variationId,
        providerId,
        locationId,
        startsAt: start,
        endsAt: end,
        holdsFrom: start,
        holdsTo,
        status,
        clientName: "Ana Ruiz",
        clientEmail: "ana@example.com",
        timeZone: "Europe/Madrid",
        priceCents: 9000,
        manageTokenHash: `manage-${Math.random()}`,
      })
      .returning({ id: bookings.id });
    const bookingId = (row as { id: number }).id;
    if (unitIds.length > 0) await tx.insert(bookingUnitHolds).values(unitIds.map((unitId) => ({ bookingId, unitId, holdsFrom: start, holdsTo })));
    return bookingId;
  });
}

/** The exclusion constraint a failed booking ran into, or "booked". */
const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => "booked",
    (error: unknown) => violatedConstraint(error, "23P01") ?? String(error),
  );

describe("the database refuses what a booking holds twice", () => {
  it("20 clients booking the one rotary chair's slot at once, each with their own provider: exactly one gets it", async () => {
    const [chair] = await unitsOf(chairResourceId, 1);
    const providers = await Promise.all(Array.from({ length: 20 }, (_, index) => makeTherapist(t.db, t.ids.clinic, { email: `chair-${index}@example.com` })));
    const outcomes = await Promise.all(providers.map((provider) => outcome(book(clients.db, provider.id, at("09:00"), at("10:00"), [chair as number]))));
    expect(outcomes.filter((result) => result === "booked")).toHaveLength(1);
    expect(outcomes.filter((result) => result === "booking_unit_holds_overlap")).toHaveLength(19);
    // The refused transactions wrote nothing: one booking of the chair, one hold.
    expect(
      await t.db
        .select()
        .from(bookingUnitHolds)
        .where(eq(bookingUnitHolds.unitId, chair as number)),
    ).toHaveLength(1);
    const made = await t.db
      .select({ providerId: bookings.providerId })
      .from(bookings)
      .where(eq(bookings.startsAt, at("09:00")));
    expect(made).toHaveLength(1);
  });

  it("a second chair takes a second client; the chair's buffer keeps the next slot from starting before it is reset", async () => {
    const [room] = await t.db.insert(bookingResources).values({ clinicId: t.ids.clinic, locationId, name: "Room", kind: "room", quantity: 2 }).returning();
    const [first, second] = await unitsOf((room as { id: number }).id, 2);
    const [ana, bea, carla] = await Promise.all(
      ["ana", "bea", "carla"].map((name) => makeTherapist(t.db, t.ids.clinic, { email: `${name}-room@example.com` })),
    );
    const both = await Promise.all([
      outcome(book(clients.db, (ana as { id: string }).id, at("12:00"), at("13:00"), [first as number])),
      outcome(book(clients.db, (bea as { id: string }).id, at("12:00"), at("13:00"), [second as number])),
    ]);
    expect(both).toEqual(["booked", "booked"]);
    // The first unit is held until 13:15 (its 15 minutes after): 13:00 is refused, 13:15 is not.
    expect(await outcome(book(t.db, (carla as { id: string }).id, at("13:00"), at("14:00"), [first as number]))).toBe("booking_unit_holds_overlap");
    expect(await outcome(book(t.db, (carla as { id: string }).id, at("13:15"), at("14:15"), [first as number]))).toBe("booked");
  });

  it("a provider is held while a booking is pending or confirmed, buffers included, and let go when it is cancelled", async () => {
    const provider = await makeTherapist(t.db, t.ids.clinic, { email: "held-provider@example.com" });
    const pending = await book(t.db, provider.id, at("16:00"), at("17:00"), [], "pending");
    expect(await outcome(book(t.db, provider.id, at("17:00"), at("18:00"), []))).toBe("bookings_provider_overlap");
    expect(await outcome(book(t.db, provider.id, at("15:30"), at("16:30"), []))).toBe("bookings_provider_overlap");
    await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, pending));
    expect(await outcome(book(t.db, provider.id, at("16:30"), at("17:30"), []))).toBe("booked");
    // A booking that took place stops holding too: its row stays for the reports.
    await t.db.update(bookings).set({ status: "completed" }).where(eq(bookings.providerId, provider.id));
    expect(await outcome(book(t.db, provider.id, at("16:00"), at("17:00"), []))).toBe("booked");
  });

  it("refuses a booking that ends before it starts, or whose hold does not cover it", async () => {
    const provider = await makeTherapist(t.db, t.ids.clinic, { email: "ranges@example.com" });
    await expect(book(t.db, provider.id, at("10:00"), at("09:00"), [])).rejects.toThrow();
    const wrongHold = t.db.insert(bookings).values({
      clinicId: t.ids.clinic,
      serviceId,
      variationId,
      providerId: provider.id,
      locationId,
      startsAt: at("10:00"),
      endsAt: at("11:00"),
      holdsFrom: at("10:30"),
      holdsTo: at("11:00"),
      status: "confirmed",
      clientName: "Ana",
      clientEmail: "ana@example.com",
      timeZone: "UTC",
      priceCents: 0,
      manageTokenHash: "wrong-hold",
    });
    await expect(wrongHold).rejects.toThrow();
    expect(await t.db.select().from(bookings).where(eq(bookings.providerId, provider.id))).toHaveLength(0);
  });
});
