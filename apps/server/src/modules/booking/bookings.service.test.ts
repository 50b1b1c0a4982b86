import { BOOKING_REFUSALS, bookingRequestSchema } from "@clinic/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { makeTherapist } from "../../../test/factories.ts";
import { connectDatabase, type Database } from "../../db/client.ts";
import { HttpError } from "../../platform/errors.ts";
import { freeStarts, variationContext } from "./availability.ts";
import { insertAssessment } from "./booking.fixture.ts";
import {
  bookingHours,
  bookingResourceUnits,
  bookingServiceProviders,
  bookingSettings,
  bookingSpecialDays,
  bookingUnitHolds,
  bookingVariationResources,
  bookings,
} from "./booking.table.ts";
import { type BookingMailDeps, linkTokens } from "./booking-mails.ts";
import { linkTokenHash as tokenHash } from "../../platform/private-links.ts";
import { type BookingClient, createBooking } from "./bookings.service.ts";

/**
 * Free starts and booking (issue 35), on a clinic in Madrid (UTC+2 in June): two providers keep
 * Monday to Friday 09:00–13:00; a 60-minute first visit needs the one rotary chair and 15
 * minutes after it to reset. Notice 2 hours, window 400 days, a start every 15 minutes.
 */

let t: TestApp;
let clients: Database;
let ana: string;
let bea: string;
let variationId: number;
let locationId: number;

// Monday 1 June 2026, 08:00 in Madrid.
const NOW = Date.parse("2026-06-01T06:00:00Z");
/** An instant of a wall-clock time in Madrid in June (UTC+2). */
const madrid = (date: string, time: string) => Date.parse(`${date}T${time}:00+02:00`);
const local = (instant: number) => new Date(instant + 2 * 3_600_000).toISOString().slice(11, 16);
const signedIn: BookingClient = { userId: null, name: "", email: "", phone: "" };
const LINK_KEY = Buffer.alloc(32, 7);
/** The booking's emails and jobs go through the test app's outbox and queue (the pool of `db`). */
const deps = (db = t.db): BookingMailDeps => ({
  db,
  mailer: t.app.mailer,
  jobs: t.app.jobs,
  publicUrl: "http://localhost:8000",
  linkKey: LINK_KEY,
  reminderHours: 24,
});

beforeAll(async () => {
  t = await createTestApp();
  clients = connectDatabase(t.database.url, 25);
  const clinicId = t.ids.clinic;
  ana = (await makeTherapist(t.db, clinicId, { email: "ana-booking@example.com" })).id;
  bea = (await makeTherapist(t.db, clinicId, { email: "bea-booking@example.com" })).id;
  signedIn.userId = t.ids.patient;
  signedIn.name = "Pablo Díaz";
  signedIn.email = "patient1@example.com";
  await t.db.insert(bookingSettings).values({ clinicId, windowDays: 400, minNoticeMinutes: 120, stepMinutes: 15 });
  const made = await insertAssessment(t.db, clinicId, "vestibular-assessment-test");
  ({ locationId, variationId } = made);
  for (const providerId of [ana, bea])
    await t.db.insert(bookingHours).values({ clinicId, locationId, providerId, rules: [{ day: "week", start: "09:00", end: "13:00" }] });
  await t.db.insert(bookingServiceProviders).values([{ serviceId: made.serviceId, providerId: ana }]);
  await t.db.insert(bookingServiceProviders).values([{ serviceId: made.serviceId, providerId: bea }]);
  await t.db.insert(bookingResourceUnits).values({ resourceId: made.chairId, number: 1 });
  await t.db.insert(bookingVariationResources).values({ variationId, resourceId: made.chairId });
});
afterAll(async () => {
  await clients.pool.end();
  await t.close();
});

const request = (start: number, providerId: string | null) =>
  bookingRequestSchema.parse({ variationId, providerId, start: new Date(start).toISOString(), timeZone: "Europe/Madrid" });

async function refusal(attempt: Promise<unknown>): Promise<{ status: number; text: string }> {
  const error = await attempt.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected a refusal, got ${String(error)}`);
  const body = error.body as { detail?: string; start?: string[] };
  return { status: error.statusCode, text: body.detail ?? body.start?.[0] ?? "" };
}

describe("free starts", () => {
  it("offers a provider's hours every 15 minutes, no sooner than the notice, the last one ending at closing", async () => {
    const context = await variationContext(t.db, variationId);
    const starts = await freeStarts(t.db, context, ana, "2026-06-01", "2026-06-01", NOW);
    expect(starts.map((free) => local(free.start))).toEqual(["10:00", "10:15", "10:30", "10:45", "11:00", "11:15", "11:30", "11:45", "12:00"]);
    // The weekend is closed.
    expect(await freeStarts(t.db, context, ana, "2026-06-06", "2026-06-07", NOW)).toEqual([]);
  });

  it("closes the location's holiday for everyone, but a provider's own hours that day win", async () => {
    await t.db.insert(bookingSpecialDays).values({ clinicId: t.ids.clinic, locationId, date: "2026-06-02", closed: true, note: "Local holiday" });
    await t.db
      .insert(bookingSpecialDays)
      .values({ clinicId: t.ids.clinic, locationId, providerId: bea, date: "2026-06-02", closed: false, start: "10:00", end: "11:00" });
    const context = await variationContext(t.db, variationId);
    expect(await freeStarts(t.db, context, ana, "2026-06-02", "2026-06-02", NOW)).toEqual([]);
    const anyone = await freeStarts(t.db, context, undefined, "2026-06-02", "2026-06-02", NOW);
    expect(anyone.map((free) => [local(free.start), free.providerIds])).toEqual([["10:00", [bea]]]);
  });
});

describe("booking", () => {
  it("books a signed-in client at once; the provider and the chair are then held until the chair is reset", async () => {
    const made = await createBooking(t.db, deps(), request(madrid("2026-06-03", "10:00"), ana), signedIn, {
      now: NOW,
      createdBy: signedIn.userId,
      guest: false,
    });
    expect(made).toMatchObject({ status: "confirmed", providerId: ana });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, made.id));
    // Only the link's hash is kept.
    expect(row?.manageTokenHash).toBe(tokenHash(linkTokens(LINK_KEY, made.id).manage));
    expect(row?.confirmTokenHash).toBeNull();
    expect(row?.holdsTo.toISOString()).toBe(new Date(madrid("2026-06-03", "11:15")).toISOString());
    expect(await t.db.select().from(bookingUnitHolds).where(eq(bookingUnitHolds.bookingId, made.id))).toHaveLength(1);

    const context = await variationContext(t.db, variationId);
    const anyone = await freeStarts(t.db, context, undefined, "2026-06-03", "2026-06-03", NOW);
    // Bea is free, but the chair is not until 11:15: nobody can start a first visit before then,
    // nor at 09:00, whose own reset would run into the 10:00 booking.
    expect(anyone.map((free) => local(free.start))).toEqual(["11:15", "11:30", "11:45", "12:00"]);
    expect(anyone[0]?.providerIds).toEqual([ana, bea]);
  });

  it("refuses with a clear reason: past, too soon, too far, outside the hours, a day off, the provider or the chair taken", async () => {
    await createBooking(t.db, deps(), request(madrid("2026-06-04", "10:00"), ana), signedIn, { now: NOW, createdBy: null, guest: false });
    const cases: [number, string | null, number, string][] = [
      [madrid("2026-05-29", "10:00"), ana, 400, BOOKING_REFUSALS.past],
      [madrid("2026-06-01", "09:30"), ana, 400, BOOKING_REFUSALS.minNotice.replace("{notice}", "2 hours")],
      [madrid("2027-07-12", "10:00"), ana, 400, BOOKING_REFUSALS.beyondWindow.replace("{days}", "400")],
      [madrid("2026-06-04", "14:00"), ana, 400, BOOKING_REFUSALS.outsideHours],
      [madrid("2026-06-04", "10:05"), ana, 400, BOOKING_REFUSALS.outsideHours],
      [madrid("2026-06-02", "10:00"), ana, 400, BOOKING_REFUSALS.dayOff],
      [madrid("2026-06-04", "10:30"), ana, 409, BOOKING_REFUSALS.providerTaken],
      [madrid("2026-06-04", "10:30"), bea, 409, BOOKING_REFUSALS.resourceTaken],
      [madrid("2026-06-04", "10:30"), null, 409, BOOKING_REFUSALS.noProvider],
    ];
    for (const [start, providerId, status, text] of cases) {
      expect(
        await refusal(createBooking(t.db, deps(), request(start, providerId), signedIn, { now: NOW, createdBy: null, guest: false })),
        `${new Date(start).toISOString()} ${providerId}`,
      ).toEqual({
        status,
        text,
      });
    }
    // Nothing was written by the refusals: the one booking of that day stands alone.
    const thatDay = await t.db.select().from(bookings).where(eq(bookings.variationId, variationId));
    expect(thatDay.filter((row) => row.startsAt.toISOString().startsWith("2026-06-04"))).toHaveLength(1);
  });

  it("holds a guest's booking pending until its emailed link confirms it", async () => {
    const guest: BookingClient = { userId: null, name: "Lucía Gómez", email: "lucia@example.com", phone: "+34 600 000 000" };
    const made = await createBooking(t.db, deps(), request(madrid("2026-06-05", "12:00"), null), guest, { now: NOW, createdBy: null, guest: true });
    expect(made.status).toBe("pending");
    expect(made.providerId).toBe(ana);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, made.id));
    expect(row?.confirmTokenHash).toBe(tokenHash(linkTokens(LINK_KEY, made.id).confirm));
    expect(row?.confirmBy?.getTime()).toBe(NOW + 60 * 60_000);
    // Pending holds the time as a confirmed booking does.
    expect(
      await refusal(createBooking(t.db, deps(), request(madrid("2026-06-05", "12:00"), ana), signedIn, { now: NOW, createdBy: null, guest: false })),
    ).toEqual({
      status: 409,
      text: BOOKING_REFUSALS.providerTaken,
    });
  });

  it("20 clients booking the chair's one slot at once, for anyone: exactly one gets it, the others a 409", async () => {
    const start = madrid("2026-06-08", "11:00");
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        createBooking(clients.db, deps(), request(start, null), signedIn, { now: NOW, createdBy: null, guest: false }).then(
          () => "booked",
          (error: unknown) => (error instanceof HttpError ? error.statusCode : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "booked")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(19);
    const held = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.startsAt, new Date(start)));
    expect(held).toHaveLength(1);
  });
});
