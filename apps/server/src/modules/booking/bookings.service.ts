import {
  type AppointmentTypeId,
  BOOKING_REFUSALS,
  type BookingRefusal,
  type bookingMoveSchema,
  type bookingRatingInputSchema,
  type bookingRequestSchema,
} from "@clinic/shared";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, forbidden, type HttpError, notFound, violatedConstraint } from "../../platform/errors.ts";
import { lockProviderTime } from "../../platform/provider-time.ts";
import { type VariationContext, refusalAt, variationContext } from "./availability.ts";
import { type BookingMailDeps, expirePending, linkTokens, scheduleBookingJobs, scheduleExpiry, sendBookingMails } from "./booking-mails.ts";
import { bookingRatings, bookingResourceUnits, bookingUnitHolds, bookings } from "./booking.table.ts";
import { linkTokenHash } from "../../platform/private-links.ts";

/**
 * Booking a variation (issue 35) and what happens to a booking after: confirming a guest's by
 * their emailed link, moving and cancelling (by staff, or by the client's link within the
 * clinic's cancellation window), marking how it went, rating it once after. Each is checked,
 * then written in one transaction with its emails and jobs; the database has the last word on a
 * race (migration 0038's exclusion constraints), and "anyone" then tries the next provider.
 */

const MINUTE = 60_000;
/** A guest has this long to confirm by the emailed link before the time is let go. */
export const CONFIRM_WITHIN_MINUTES = 60;

type BookingRequestInput = z.output<typeof bookingRequestSchema>;

/** The client as the caller knows them: a signed-in account, or the guest's contact from the request. */
export interface BookingClient {
  userId: string | null;
  name: string;
  email: string;
  phone: string;
}

export interface BookingMade {
  id: number;
  status: "pending" | "confirmed";
  providerId: string;
  start: number;
  end: number;
}

/** A refusal of BOOKING_REFUSALS as the API answers it: 409 when the time was taken or the booking moved on, 403 for a closed window, 400 otherwise. */
export function refusalError(
  key: BookingRefusal,
  context?: Partial<Pick<VariationContext, "minNoticeMinutes" | "windowDays" | "cancelWindowHours">>,
): HttpError {
  const text = BOOKING_REFUSALS[key]
    .replace("{notice}", noticeText(context?.minNoticeMinutes ?? 0))
    .replace("{days}", String(context?.windowDays ?? 0))
    .replace("{hours}", String(context?.cancelWindowHours ?? 0));
  if (key === "providerTaken" || key === "resourceTaken" || key === "noProvider" || key === "notPending" || key === "notActive" || key === "ratedAlready")
    return conflict(text);
  if (key === "linkUnknown") return notFound(text);
  if (key === "cancelWindow") return forbidden(text);
  if (key === "confirmExpired") return conflict(text);
  return badRequest({ start: [text] });
}

function noticeText(minutes: number): string {
  if (minutes % (24 * 60) === 0 && minutes > 0) return `${minutes / (24 * 60)} days`;
  if (minutes % 60 === 0 && minutes > 0) return `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

export interface BookingOptions {
  now: number;
  createdBy: string | null;
  /** A guest waits for their emailed link; staff and signed-in clients are confirmed at once. */
  guest: boolean;
}

/**
 * Books `request` for `client`. For "anyone" (no provider), the first provider free then, in
 * the service's order.
 */
export async function createBooking(
  db: Db,
  deps: BookingMailDeps,
  request: BookingRequestInput,
  client: BookingClient,
  options: BookingOptions,
): Promise<BookingMade> {
  const context = await variationContext(db, request.variationId);
  if (request.providerId !== null && !context.providerIds.includes(request.providerId))
    throw badRequest({ providerId: ["This provider does not give this service."] });
  const appointmentType = (request.appointmentType ?? context.appointmentTypes[0] ?? 1) as AppointmentTypeId;
  if (!context.appointmentTypes.includes(appointmentType)) throw badRequest({ appointmentType: [BOOKING_REFUSALS.typeNotOffered] });
  const start = Date.parse(request.start);
  const candidates = request.providerId === null ? context.providerIds : [request.providerId];
  const refusals: BookingRefusal[] = [];
  for (const providerId of candidates) {
    const refusal = await refusalAt(db, context, providerId, start, options.now);
    if (refusal !== null) {
      refusals.push(refusal);
      continue;
    }
    try {
      return await db.transaction(async (tx) => {
        const made = await writeBooking(tx, context, { ...request, providerId, appointmentType }, client, start, options, deps.linkKey);
        if (made.status === "pending") {
          await sendBookingMails(tx, deps, "confirm", made.id);
          await scheduleExpiry(tx, deps, { id: made.id, confirmBy: new Date(options.now + CONFIRM_WITHIN_MINUTES * MINUTE) });
        } else {
          await sendBookingMails(tx, deps, "confirmed", made.id);
          await scheduleBookingJobs(tx, deps, { id: made.id, start: new Date(made.start), end: new Date(made.end) }, options.now);
        }
        return made;
      });
    } catch (error) {
      const taken = takenBy(error);
      if (taken === null) throw error;
      // Taken between the look and the write: as if the look had seen it.
      refusals.push(taken);
    }
  }
  if (request.providerId === null && refusals.some((key) => key === "providerTaken" || key === "resourceTaken")) throw refusalError("noProvider");
  throw refusalError(refusals[0] ?? "noProvider", context);
}

/** What a refused write means: the provider's or a resource's time taken meanwhile; null for any other error. */
function takenBy(error: unknown): BookingRefusal | null {
  if (error instanceof ResourceGone) return "resourceTaken";
  if (error instanceof ProviderGone) return "providerTaken";
  const constraint = violatedConstraint(error, "23P01");
  if (constraint === null) return null;
  return constraint.includes("provider") ? "providerTaken" : "resourceTaken";
}

/** No unit of a needed resource was free when the transaction looked. */
class ResourceGone extends Error {}
/** A clinic appointment took the provider's time meanwhile. */
class ProviderGone extends Error {}

/** Holds one free unit of each resource the variation needs over [holdsFrom, holdsTo) for the booking. */
async function holdUnits(tx: Db, context: VariationContext, bookingId: number, holdsFrom: Date, holdsTo: Date): Promise<void> {
  for (const units of context.resourceUnits) {
    // The first unit of the resource that nothing holds then (the constraint decides a race).
    const [free] = await tx
      .select({ id: bookingResourceUnits.id })
      .from(bookingResourceUnits)
      .where(
        and(
          inArray(bookingResourceUnits.id, units.length > 0 ? units : [-1]),
          sql`not exists (select 1 from ${bookingUnitHolds} h where h.unit_id = ${bookingResourceUnits.id} and h.booking_id <> ${bookingId} and tstzrange(h.holds_from, h.holds_to, '[)') && tstzrange(${holdsFrom.toISOString()}::timestamptz, ${holdsTo.toISOString()}::timestamptz, '[)'))`,
        ),
      )
      .orderBy(asc(bookingResourceUnits.number))
      .limit(1);
    if (!free) throw new ResourceGone();
    await tx.insert(bookingUnitHolds).values({ bookingId, unitId: free.id, holdsFrom, holdsTo });
  }
}

const holdsOf = (context: VariationContext, start: number) => {
  const end = start + context.durationMinutes * MINUTE;
  return {
    end,
    holdsFrom: new Date(start - context.bufferBeforeMinutes * MINUTE),
    holdsTo: new Date(end + context.bufferAfterMinutes * MINUTE),
  };
};

/** Writes a booking and holds a unit of each resource it needs, in `tx`; the caller checked the time (a race ends in 23P01). */
export async function writeBooking(
  tx: Db,
  context: VariationContext,
  request: BookingRequestInput & { providerId: string },
  client: BookingClient,
  start: number,
  options: BookingOptions,
  linkKey: Buffer,
): Promise<BookingMade> {
  const { end, holdsFrom, holdsTo } = holdsOf(context, start);
  // The id first: the private links' secrets are derived from it, and only their hashes stored.
  const next = await tx.execute<{ id: string }>(sql`select nextval(pg_get_serial_sequence('bookings', 'id'))::text as id`);
  const id = Number(next.rows[0]?.id);
  // The clinic's appointments hold providers too: one after the other for the same provider.
  if (await lockProviderTime(tx, request.providerId, holdsFrom, holdsTo, "appointments")) throw new ProviderGone();
  const tokens = linkTokens(linkKey, id);
  const status = options.guest ? "pending" : "confirmed";
  await tx.insert(bookings).values({
    id,
    clinicId: context.clinicId,
    serviceId: context.serviceId,
    variationId: context.variationId,
    providerId: request.providerId,
    locationId: context.locationId,
    startsAt: new Date(start),
    endsAt: new Date(end),
    holdsFrom,
    holdsTo,
    status,
    clientUserId: client.userId,
    clientName: client.name,
    clientEmail: client.email,
    clientPhone: client.phone,
    timeZone: request.timeZone,
    language: request.language,
    appointmentType: request.appointmentType ?? context.appointmentTypes[0] ?? 1,
    priceCents: context.priceCents,
    manageTokenHash: linkTokenHash(tokens.manage),
    confirmTokenHash: options.guest ? linkTokenHash(tokens.confirm) : null,
    confirmBy: options.guest ? new Date(options.now + CONFIRM_WITHIN_MINUTES * MINUTE) : null,
    createdBy: options.createdBy,
  });
  await holdUnits(tx, context, id, holdsFrom, holdsTo);
  return { id, status, providerId: request.providerId, start, end };
}

// ------------------------------------------------------------------ after booking

export interface BookingRow {
  id: number;
  clinicId: string;
  status: string;
  variationId: number;
  providerId: string;
  startsAt: Date;
  endsAt: Date;
  confirmBy: Date | null;
  confirmTokenHash: string | null;
}

const rowColumns = {
  id: bookings.id,
  clinicId: bookings.clinicId,
  status: bookings.status,
  variationId: bookings.variationId,
  providerId: bookings.providerId,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  confirmBy: bookings.confirmBy,
  confirmTokenHash: bookings.confirmTokenHash,
};

/** The booking a private link names, or 404 (a forged or unknown link). */
export async function bookingOfToken(db: Db, token: string): Promise<BookingRow> {
  const [row] = await db
    .select(rowColumns)
    .from(bookings)
    .where(eq(bookings.manageTokenHash, linkTokenHash(token)));
  if (!row) throw refusalError("linkUnknown");
  return row;
}

/** The booking by id, locked for a change in `tx`. */
async function lockedRow(tx: Db, id: number): Promise<BookingRow> {
  const [row] = await tx.select(rowColumns).from(bookings).where(eq(bookings.id, id)).for("update");
  if (!row) throw notFound();
  return row;
}

/** A guest confirms their booking by the emailed link (its manage and confirm secrets). */
export async function confirmBooking(db: Db, deps: BookingMailDeps, manageToken: string, confirmToken: string, now = Date.now()): Promise<BookingRow> {
  const found = await bookingOfToken(db, manageToken);
  if (found.confirmTokenHash !== linkTokenHash(confirmToken)) throw refusalError("linkUnknown");
  const outcome = await db.transaction(async (tx) => {
    const row = await lockedRow(tx, found.id);
    if (row.status === "confirmed") return { row, refusal: null }; // a second click: already done
    if (row.status !== "pending") return { row, refusal: "notPending" as const };
    if (row.confirmBy !== null && row.confirmBy.getTime() < now) {
      await expirePending(tx, [row.id], new Date(now));
      return { row, refusal: "confirmExpired" as const };
    }
    await tx
      .update(bookings)
      .set({ status: "confirmed", confirmBy: null, updatedAt: new Date(now) })
      .where(eq(bookings.id, row.id));
    await sendBookingMails(tx, deps, "confirmed", row.id);
    await scheduleBookingJobs(tx, deps, { id: row.id, start: row.startsAt, end: row.endsAt }, now);
    return { row: { ...row, status: "confirmed" }, refusal: null };
  });
  if (outcome.refusal) throw refusalError(outcome.refusal);
  return outcome.row;
}

/** Until when the client may change a booking by its link: `cancelWindowHours` before it starts. */
export function changeableUntil(row: Pick<BookingRow, "startsAt" | "status">, cancelWindowHours: number): Date | null {
  if (row.status !== "pending" && row.status !== "confirmed") return null;
  return new Date(row.startsAt.getTime() - cancelWindowHours * 3_600_000);
}

/** Refuses a change by the client's link once its window has closed (staff are not bound by it). */
async function assertChangeable(db: Db, row: BookingRow, now: number): Promise<void> {
  if (row.status !== "pending" && row.status !== "confirmed") throw refusalError("notActive");
  const context = await variationContext(db, row.variationId).catch(() => null);
  const hours = context?.cancelWindowHours ?? 0;
  const until = changeableUntil(row, hours);
  if (until === null || now > until.getTime()) throw refusalError("cancelWindow", { cancelWindowHours: hours });
}

/** Cancels a booking: its provider and units are free again at once; the client and provider are told. */
export async function cancelBooking(db: Db, deps: BookingMailDeps, id: number, by: { clientLink: boolean }, now = Date.now()): Promise<void> {
  const found = await db.select(rowColumns).from(bookings).where(eq(bookings.id, id));
  const row = found[0];
  if (!row) throw notFound();
  if (by.clientLink) await assertChangeable(db, row, now);
  else if (row.status !== "pending" && row.status !== "confirmed") throw refusalError("notActive");
  await db.transaction(async (tx) => {
    const locked = await lockedRow(tx, id);
    if (locked.status !== "pending" && locked.status !== "confirmed") throw refusalError("notActive");
    await tx
      .update(bookings)
      .set({ status: "cancelled", sequence: sql`${bookings.sequence} + 1`, updatedAt: new Date(now) })
      .where(eq(bookings.id, id));
    await tx.delete(bookingUnitHolds).where(eq(bookingUnitHolds.bookingId, id));
    await sendBookingMails(tx, deps, "cancelled", id);
  });
}

/**
 * Moves a booking to a new start, with the same provider or another who gives the service
 * ("anyone": null). The new time is checked as a new booking is, ignoring what the booking
 * itself holds; its units are held again for the new time.
 */
export async function moveBooking(
  db: Db,
  deps: BookingMailDeps,
  id: number,
  input: z.output<typeof bookingMoveSchema>,
  by: { clientLink: boolean },
  now = Date.now(),
): Promise<BookingRow> {
  const [row] = await db.select(rowColumns).from(bookings).where(eq(bookings.id, id));
  if (!row) throw notFound();
  if (by.clientLink) await assertChangeable(db, row, now);
  else if (row.status !== "pending" && row.status !== "confirmed") throw refusalError("notActive");
  const context = await variationContext(db, row.variationId);
  const wanted = input.providerId === undefined ? row.providerId : input.providerId;
  if (wanted !== null && !context.providerIds.includes(wanted)) throw badRequest({ providerId: ["This provider does not give this service."] });
  const start = Date.parse(input.start);
  const candidates = wanted === null ? context.providerIds : [wanted];
  const refusals: BookingRefusal[] = [];
  for (const providerId of candidates) {
    try {
      return await db.transaction(async (tx) => {
        const locked = await lockedRow(tx, id);
        if (locked.status !== "pending" && locked.status !== "confirmed") throw refusalError("notActive");
        // What the booking holds is not in its own way: let it go first, inside this transaction.
        await tx.delete(bookingUnitHolds).where(eq(bookingUnitHolds.bookingId, id));
        await tx.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, id));
        const refusal = await refusalAt(tx, context, providerId, start, now);
        if (refusal !== null) throw new Refused(refusal);
        const { end, holdsFrom, holdsTo } = holdsOf(context, start);
        if (await lockProviderTime(tx, providerId, holdsFrom, holdsTo, "appointments")) throw new Refused("providerTaken");
        await tx
          .update(bookings)
          .set({
            status: locked.status,
            providerId,
            startsAt: new Date(start),
            endsAt: new Date(end),
            holdsFrom,
            holdsTo,
            sequence: sql`${bookings.sequence} + 1`,
            reminderSentFor: null,
            updatedAt: new Date(now),
          })
          .where(eq(bookings.id, id));
        await holdUnits(tx, context, id, holdsFrom, holdsTo);
        if (locked.status === "confirmed") {
          await sendBookingMails(tx, deps, "changed", id, locked.startsAt);
          await scheduleBookingJobs(tx, deps, { id, start: new Date(start), end: new Date(end) }, now);
        }
        return { ...locked, providerId, startsAt: new Date(start), endsAt: new Date(end) };
      });
    } catch (error) {
      if (error instanceof Refused) {
        refusals.push(error.refusal);
        continue;
      }
      const taken = takenBy(error);
      if (taken === null) throw error;
      refusals.push(taken);
    }
  }
  if (wanted === null && refusals.some((key) => key === "providerTaken" || key === "resourceTaken")) throw refusalError("noProvider");
  throw refusalError(refusals[0] ?? "noProvider", context);
}

class Refused extends Error {
  constructor(readonly refusal: BookingRefusal) {
    super(refusal);
  }
}

/** Staff mark how a visit went, once its time has come: completed or a no-show. */
export async function markOutcome(db: Db, id: number, status: "completed" | "no_show", now = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, id);
    if (row.status !== "confirmed" && row.status !== "completed" && row.status !== "no_show") throw refusalError("notActive");
    if (row.startsAt.getTime() > now) throw badRequest({ status: ["A visit can be marked once its time has come."] });
    await tx
      .update(bookings)
      .set({ status, updatedAt: new Date(now) })
      .where(eq(bookings.id, id));
    // A no-show frees nothing after the fact, but it is not rated.
    if (status === "no_show") await tx.delete(bookingRatings).where(eq(bookingRatings.bookingId, id));
  });
}

/** Whether a visit can be rated now: it took place (confirmed or completed, and over) and has no rating yet. */
export function isRatable(row: Pick<BookingRow, "status" | "endsAt">, rated: boolean, now: number): boolean {
  return !rated && (row.status === "confirmed" || row.status === "completed") && row.endsAt.getTime() <= now;
}

/** The client rates the visit by its link: once, after it took place. */
export async function rateBooking(db: Db, token: string, input: z.output<typeof bookingRatingInputSchema>, now = Date.now()): Promise<void> {
  const row = await bookingOfToken(db, token);
  if (row.status !== "confirmed" && row.status !== "completed") throw badRequest({ score: [BOOKING_REFUSALS.notRatable] });
  if (row.endsAt.getTime() > now) throw badRequest({ score: [BOOKING_REFUSALS.rateTooSoon] });
  const written = await db
    .insert(bookingRatings)
    .values({ bookingId: row.id, score: input.score, comment: input.comment })
    .onConflictDoNothing()
    .returning({ id: bookingRatings.bookingId });
  if (written.length === 0) throw refusalError("ratedAlready");
}
