import { createHash, randomBytes } from "node:crypto";
import { BOOKING_REFUSALS, type BookingRefusal, type bookingRequestSchema } from "@clinic/shared";
import { and, asc, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, type HttpError, violatedConstraint } from "../../platform/errors.ts";
import { type VariationContext, refusalAt, variationContext } from "./availability.ts";
import { bookingResourceUnits, bookingUnitHolds, bookings } from "./booking.table.ts";

/**
 * Booking a variation (issue 35): checked against the provider's free starts, then written in
 * one transaction with a unit of each resource it needs. The database has the last word on a
 * race (migration 0038's exclusion constraints); "anyone" then tries the next provider.
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
  /** The secrets of the private links, sent by email and never stored: only their hashes are. */
  manageToken: string;
  confirmToken: string | null;
}

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(24).toString("base64url");

/** A refusal of BOOKING_REFUSALS as the API answers it: 409 when the time was taken, 400 otherwise. */
export function refusalError(key: BookingRefusal, context?: Pick<VariationContext, "minNoticeMinutes" | "windowDays">): HttpError {
  const text = BOOKING_REFUSALS[key].replace("{notice}", noticeText(context?.minNoticeMinutes ?? 0)).replace("{days}", String(context?.windowDays ?? 0));
  if (key === "providerTaken" || key === "resourceTaken" || key === "noProvider") return conflict(text);
  return badRequest({ start: [text] });
}

function noticeText(minutes: number): string {
  if (minutes % (24 * 60) === 0 && minutes > 0) return `${minutes / (24 * 60)} days`;
  if (minutes % 60 === 0 && minutes > 0) return `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

/**
 * Books `request` for `client`: confirmed at once for a signed-in client or staff, pending until
 * its emailed link is followed for a guest. For "anyone" (no provider), the first provider free
 * then, in the service's order.
 */
export async function createBooking(
  db: Db,
  request: BookingRequestInput,
  client: BookingClient,
  options: { now: number; createdBy: string | null },
): Promise<BookingMade> {
  const context = await variationContext(db, request.variationId);
  if (request.providerId !== null && !context.providerIds.includes(request.providerId))
    throw badRequest({ providerId: ["This provider does not give this service."] });
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
      return await write(db, context, request, client, providerId, start, options);
    } catch (error) {
      const constraint = violatedConstraint(error, "23P01");
      if (constraint === null && !(error instanceof ResourceGone)) throw error;
      // Taken between the look and the write: as if the look had seen it.
      refusals.push(constraint?.includes("provider") ? "providerTaken" : "resourceTaken");
    }
  }
  if (request.providerId === null && refusals.some((key) => key === "providerTaken" || key === "resourceTaken")) throw refusalError("noProvider");
  throw refusalError(refusals[0] ?? "noProvider", context);
}

/** No unit of a needed resource was free when the transaction looked. */
class ResourceGone extends Error {}

async function write(
  db: Db,
  context: VariationContext,
  request: BookingRequestInput,
  client: BookingClient,
  providerId: string,
  start: number,
  options: { now: number; createdBy: string | null },
): Promise<BookingMade> {
  const end = start + context.durationMinutes * MINUTE;
  const holdsFrom = new Date(start - context.bufferBeforeMinutes * MINUTE);
  const holdsTo = new Date(end + context.bufferAfterMinutes * MINUTE);
  const guest = client.userId === null;
  const manageToken = newToken();
  const confirmToken = guest ? newToken() : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookings)
      .values({
        clinicId: context.clinicId,
        serviceId: context.serviceId,
        variationId: context.variationId,
        providerId,
        locationId: context.locationId,
        startsAt: new Date(start),
        endsAt: new Date(end),
        holdsFrom,
        holdsTo,
        status: guest ? "pending" : "confirmed",
        clientUserId: client.userId,
        clientName: client.name,
        clientEmail: client.email,
        clientPhone: client.phone,
        timeZone: request.timeZone,
        priceCents: context.priceCents,
        manageTokenHash: tokenHash(manageToken),
        confirmTokenHash: confirmToken === null ? null : tokenHash(confirmToken),
        confirmBy: guest ? new Date(options.now + CONFIRM_WITHIN_MINUTES * MINUTE) : null,
        createdBy: options.createdBy,
      })
      .returning({ id: bookings.id });
    const bookingId = (row as { id: number }).id;
    for (const units of context.resourceUnits) {
      // The first unit of the resource that nothing holds then (the constraint decides a race).
      const [free] = await tx
        .select({ id: bookingResourceUnits.id })
        .from(bookingResourceUnits)
        .where(
          and(
            inArray(bookingResourceUnits.id, units.length > 0 ? units : [-1]),
            sql`not exists (select 1 from ${bookingUnitHolds} h where h.unit_id = ${bookingResourceUnits.id} and tstzrange(h.holds_from, h.holds_to, '[)') && tstzrange(${holdsFrom.toISOString()}::timestamptz, ${holdsTo.toISOString()}::timestamptz, '[)'))`,
          ),
        )
        .orderBy(asc(bookingResourceUnits.number))
        .limit(1);
      if (!free) throw new ResourceGone();
      await tx.insert(bookingUnitHolds).values({ bookingId, unitId: free.id, holdsFrom, holdsTo });
    }
    return { id: bookingId, status: guest ? "pending" : "confirmed", providerId, start, end, manageToken, confirmToken } as BookingMade;
  });
}
