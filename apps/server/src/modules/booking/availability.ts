import type { BookingRefusal } from "@clinic/shared";
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import { computeSlots, type Interval, type ResourcePool, type SlotSchedule, zonedDate } from "../../platform/slots.ts";
import { appointments } from "../clinic/appointments/appointments.table.ts";
import {
  bookingHours,
  bookingLocations,
  bookingResourceUnits,
  bookingServiceProviders,
  bookingServices,
  bookingSettings,
  bookingSpecialDays,
  bookingUnitHolds,
  bookingVariationResources,
  bookingVariations,
  bookings,
} from "./booking.table.ts";

/**
 * When a variation can be booked: each provider's hours at the service's location, with the
 * location's and their own special days, minus what they hold (bookings of this app and the
 * clinic's appointments) and the times no unit of a needed resource is free, within the
 * clinic's notice and window. The platform's one slot engine computes it (platform/slots.ts).
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The settings a clinic without a row of its own books by: the table's column defaults. */
const defaultOf = (column: { default?: unknown }) => column.default as number;
export const DEFAULT_BOOKING_SETTINGS = {
  windowDays: defaultOf(bookingSettings.windowDays),
  minNoticeMinutes: defaultOf(bookingSettings.minNoticeMinutes),
  cancelWindowHours: defaultOf(bookingSettings.cancelWindowHours),
  stepMinutes: defaultOf(bookingSettings.stepMinutes),
  bufferBeforeMinutes: defaultOf(bookingSettings.bufferBeforeMinutes),
  bufferAfterMinutes: defaultOf(bookingSettings.bufferAfterMinutes),
} as const;

export interface VariationContext {
  variationId: number;
  serviceId: number;
  clinicId: string;
  locationId: number;
  timeZone: string;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  priceCents: number;
  stepMinutes: number;
  minNoticeMinutes: number;
  windowDays: number;
  cancelWindowHours: number;
  /** Who gives the service, in a steady order ("anyone" tries them in it). */
  providerIds: string[];
  /** The resources it needs: one unit of each, by resource, listing each resource's active units. */
  resourceUnits: number[][];
}

/** A bookable variation (active, of an active service) with what booking it needs; 404 otherwise. */
export async function variationContext(db: Db, variationId: number): Promise<VariationContext> {
  const [row] = await db
    .select({
      variationId: bookingVariations.id,
      serviceId: bookingServices.id,
      clinicId: bookingServices.clinicId,
      locationId: bookingServices.locationId,
      timeZone: bookingLocations.timeZone,
      durationMinutes: bookingVariations.durationMinutes,
      bufferBeforeMinutes: bookingVariations.bufferBeforeMinutes,
      bufferAfterMinutes: bookingVariations.bufferAfterMinutes,
      priceCents: bookingVariations.priceCents,
      stepMinutes: sql<number>`coalesce(${bookingSettings.stepMinutes}, ${DEFAULT_BOOKING_SETTINGS.stepMinutes})`,
      minNoticeMinutes: sql<number>`coalesce(${bookingSettings.minNoticeMinutes}, ${DEFAULT_BOOKING_SETTINGS.minNoticeMinutes})`,
      windowDays: sql<number>`coalesce(${bookingSettings.windowDays}, ${DEFAULT_BOOKING_SETTINGS.windowDays})`,
      cancelWindowHours: sql<number>`coalesce(${bookingSettings.cancelWindowHours}, ${DEFAULT_BOOKING_SETTINGS.cancelWindowHours})`,
      providerIds: sql<
        string[]
      >`array(select ${bookingServiceProviders.providerId} from ${bookingServiceProviders} where ${bookingServiceProviders.serviceId} = ${bookingServices.id} order by ${bookingServiceProviders.createdAt}, ${bookingServiceProviders.providerId})`,
      resourceUnits: sql<number[][] | null>`(
        select json_agg(units order by resource_id) from (
          select ${bookingVariationResources.resourceId} as resource_id,
            array(select u.id from ${bookingResourceUnits} u where u.resource_id = ${bookingVariationResources.resourceId} and u.active order by u.number) as units
          from ${bookingVariationResources} where ${bookingVariationResources.variationId} = ${bookingVariations.id}
        ) needed)`,
    })
    .from(bookingVariations)
    .innerJoin(bookingServices, eq(bookingServices.id, bookingVariations.serviceId))
    .innerJoin(bookingLocations, eq(bookingLocations.id, bookingServices.locationId))
    .leftJoin(bookingSettings, eq(bookingSettings.clinicId, bookingServices.clinicId))
    .where(and(eq(bookingVariations.id, variationId), eq(bookingVariations.active, true), eq(bookingServices.active, true)));
  if (!row) throw notFound("No such service to book.");
  return { ...row, resourceUnits: row.resourceUnits ?? [] };
}

/** Each provider's hours at the location, with the special days that apply to them (their own win over the location's). */
async function schedulesOf(db: Db, context: VariationContext, providerIds: string[], from: string, to: string): Promise<Map<string, SlotSchedule>> {
  const [hours, days] = await Promise.all([
    db
      .select({ providerId: bookingHours.providerId, rules: bookingHours.rules })
      .from(bookingHours)
      .where(and(eq(bookingHours.locationId, context.locationId), inArray(bookingHours.providerId, providerIds))),
    db
      .select({
        providerId: bookingSpecialDays.providerId,
        date: bookingSpecialDays.date,
        closed: bookingSpecialDays.closed,
        start: bookingSpecialDays.start,
        end: bookingSpecialDays.end,
      })
      .from(bookingSpecialDays)
      .where(
        and(
          eq(bookingSpecialDays.locationId, context.locationId),
          sql`${bookingSpecialDays.date} between ${from} and ${to}`,
          sql`(${bookingSpecialDays.providerId} is null or ${inArray(bookingSpecialDays.providerId, providerIds)})`,
        ),
      ),
  ]);
  const hhmm = (time: string | null) => (time === null ? null : time.slice(0, 5));
  const schedules = new Map<string, SlotSchedule>();
  for (const { providerId, rules } of hours) {
    const byDate = new Map<string, SlotSchedule["exceptions"][number]>();
    for (const day of days)
      if (day.providerId === null) byDate.set(day.date, { date: day.date, closed: day.closed, start: hhmm(day.start), end: hhmm(day.end) });
    for (const day of days)
      if (day.providerId === providerId) byDate.set(day.date, { date: day.date, closed: day.closed, start: hhmm(day.start), end: hhmm(day.end) });
    schedules.set(providerId, {
      duration: context.durationMinutes,
      step: context.stepMinutes,
      bufferBefore: context.bufferBeforeMinutes,
      bufferAfter: context.bufferAfterMinutes,
      timeZone: context.timeZone,
      rules,
      exceptions: [...byDate.values()],
    });
  }
  return schedules;
}

/** What each provider holds between two instants: this app's bookings (buffers included) and the clinic's appointments. */
async function providerHolds(db: Db, providerIds: string[], from: number, to: number): Promise<Map<string, Interval[]>> {
  const [booked, appointed] = await Promise.all([
    db
      .select({ providerId: bookings.providerId, start: bookings.holdsFrom, end: bookings.holdsTo })
      .from(bookings)
      .where(
        and(
          inArray(bookings.providerId, providerIds),
          inArray(bookings.status, ["pending", "confirmed"]),
          lt(bookings.holdsFrom, new Date(to)),
          gt(bookings.holdsTo, new Date(from)),
        ),
      ),
    db
      .select({ providerId: appointments.providerId, start: appointments.startsAt, end: appointments.endsAt })
      .from(appointments)
      .where(
        and(
          inArray(appointments.providerId, providerIds),
          inArray(appointments.status, ["requested", "accepted"]),
          lt(appointments.startsAt, new Date(to)),
          gt(appointments.endsAt, new Date(from)),
        ),
      ),
  ]);
  const holds = new Map<string, Interval[]>(providerIds.map((id) => [id, []]));
  for (const row of [...booked, ...appointed]) holds.get(row.providerId)?.push({ start: row.start.getTime(), end: row.end.getTime() });
  return holds;
}

/** The pools of the needed resources: each unit's holds between two instants. */
async function resourcePools(db: Db, context: VariationContext, from: number, to: number): Promise<ResourcePool[]> {
  const unitIds = context.resourceUnits.flat();
  const holds =
    unitIds.length === 0
      ? []
      : await db
          .select({ unitId: bookingUnitHolds.unitId, start: bookingUnitHolds.holdsFrom, end: bookingUnitHolds.holdsTo })
          .from(bookingUnitHolds)
          .where(and(inArray(bookingUnitHolds.unitId, unitIds), lt(bookingUnitHolds.holdsFrom, new Date(to)), gt(bookingUnitHolds.holdsTo, new Date(from))))
          .orderBy(asc(bookingUnitHolds.holdsFrom));
  return context.resourceUnits.map((units) =>
    units.map((unitId) => holds.filter((hold) => hold.unitId === unitId).map((hold) => ({ start: hold.start.getTime(), end: hold.end.getTime() }))),
  );
}

export interface FreeStart {
  start: number;
  end: number;
  /** The providers free then, in the service's order. */
  providerIds: string[];
}

/**
 * The free starts of a variation from `from` to `to` (dates in the location's zone), for one of
 * its providers or anyone, no sooner than the notice and no later than the window allow.
 */
export async function freeStarts(
  db: Db,
  context: VariationContext,
  providerId: string | undefined,
  from: string,
  to: string,
  now: number,
): Promise<FreeStart[]> {
  if (providerId !== undefined && !context.providerIds.includes(providerId)) throw badRequest({ providerId: ["This provider does not give this service."] });
  const providerIds = providerId === undefined ? context.providerIds : [providerId];
  if (providerIds.length === 0) return [];
  const earliest = now + context.minNoticeMinutes * MINUTE;
  const latest = now + context.windowDays * DAY;
  // The instants the dates can reach in any zone, widened by the longest buffers.
  const rangeStart = Date.parse(`${from}T00:00:00Z`) - DAY;
  const rangeEnd = Date.parse(`${to}T00:00:00Z`) + 2 * DAY;
  const [schedules, holds, pools] = await Promise.all([
    schedulesOf(db, context, providerIds, from, to),
    providerHolds(db, providerIds, rangeStart, rangeEnd),
    resourcePools(db, context, rangeStart, rangeEnd),
  ]);
  const byStart = new Map<number, FreeStart>();
  for (const id of providerIds) {
    const schedule = schedules.get(id);
    if (!schedule) continue;
    for (const slot of computeSlots(schedule, from, to, holds.get(id) ?? [], earliest, pools)) {
      if (slot.start > latest) break;
      const free = byStart.get(slot.start);
      if (free) free.providerIds.push(id);
      else byStart.set(slot.start, { start: slot.start, end: slot.end, providerIds: [id] });
    }
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

/**
 * Why `start` cannot be booked with the provider, when it is not among their free starts: the
 * refusal key of BOOKING_REFUSALS, or null when it is free after all.
 */
export async function refusalAt(db: Db, context: VariationContext, providerId: string, start: number, now: number): Promise<BookingRefusal | null> {
  if (start < now) return "past";
  if (start < now + context.minNoticeMinutes * MINUTE) return "minNotice";
  if (start > now + context.windowDays * DAY) return "beyondWindow";
  // An instant always has a wall-clock time: one the clocks skip cannot be asked for, and the
  // engine offers none (nor the second pass of an hour they repeat).
  const date = zonedDate(start, context.timeZone);
  const schedule = (await schedulesOf(db, context, [providerId], date, date)).get(providerId);
  if (!schedule) return "outsideHours";
  const exception = schedule.exceptions.find((day) => day.date === date);
  if (exception?.closed) return "dayOff";
  const open = computeSlots(schedule, date, date, [], 0);
  if (!open.some((slot) => slot.start === start)) return "outsideHours";
  const range = { start: start - DAY, end: start + 2 * DAY };
  const holds = (await providerHolds(db, [providerId], range.start, range.end)).get(providerId) ?? [];
  if (!computeSlots(schedule, date, date, holds, 0).some((slot) => slot.start === start)) return "providerTaken";
  const pools = await resourcePools(db, context, range.start, range.end);
  if (!computeSlots(schedule, date, date, holds, 0, pools).some((slot) => slot.start === start)) return "resourceTaken";
  return null;
}
