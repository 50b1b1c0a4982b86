import type { BookingRefusal } from "@clinic/shared";
import { and, eq, sql } from "drizzle-orm";
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
  appointmentTypes: [1],
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
  /** The kinds of visit the clinic offers (APPOINTMENT_TYPES), the default first. */
  appointmentTypes: number[];
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
      appointmentTypes: sql<number[]>`coalesce(${bookingSettings.appointmentTypes}, '{1}')`,
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

/** What the engine needs besides the variation: the providers' schedules, what each holds, the resources' pools. */
interface Availability {
  schedules: Map<string, SlotSchedule>;
  holds: Map<string, Interval[]>;
  pools: ResourcePool[];
}

interface AvailabilityRows {
  hours: { providerId: string; rules: SlotSchedule["rules"] }[];
  days: { providerId: string | null; date: string; closed: boolean; start: string | null; end: string | null }[];
  /** [provider, from, to] in epoch milliseconds: this app's bookings (buffers included) and the clinic's appointments. */
  held: [string, number, number][];
  /** [unit, from, to] in epoch milliseconds. */
  unitHolds: [number, number, number][];
}

/**
 * Everything the free starts of `providerIds` from `from` to `to` (dates in the location's zone)
 * depend on, in one statement: each provider's hours at the location with the special days that
 * apply to them (their own win over the location's), what they hold between the instants
 * `rangeStart` and `rangeEnd`, and the holds of each needed resource's units.
 */
async function availabilityOf(
  db: Db,
  context: VariationContext,
  providerIds: string[],
  dates: { from: string; to: string },
  range: { start: number; end: number },
): Promise<Availability> {
  const providers = sql.param(providerIds);
  const units = sql.param(context.resourceUnits.flat());
  const start = new Date(range.start).toISOString();
  const end = new Date(range.end).toISOString();
  const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::bigint`);
  const result = await db.execute<{ availability: AvailabilityRows }>(sql`select json_build_object(
    'hours', (select coalesce(json_agg(json_build_object('providerId', h.provider_id, 'rules', h.rules)), '[]') from ${bookingHours} h
      where h.location_id = ${context.locationId} and h.provider_id = any(${providers}::text[])),
    'days', (select coalesce(json_agg(json_build_object('providerId', d.provider_id, 'date', d.date, 'closed', d.closed,
        'start', to_char(d.start, 'HH24:MI'), 'end', to_char(d."end", 'HH24:MI'))), '[]') from ${bookingSpecialDays} d
      where d.location_id = ${context.locationId} and d.date between ${dates.from}::date and ${dates.to}::date
        and (d.provider_id is null or d.provider_id = any(${providers}::text[]))),
    'held', (select coalesce(json_agg(json_build_array(x.provider_id, x.f, x.t)), '[]') from (
        select b.provider_id, ${ms("b.holds_from")} as f, ${ms("b.holds_to")} as t from ${bookings} b
        where b.provider_id = any(${providers}::text[]) and b.status in ('pending', 'confirmed') and b.holds_from < ${end}::timestamptz and b.holds_to > ${start}::timestamptz
        union all
        select a.provider_id, ${ms("a.starts_at")}, ${ms("a.ends_at")} from ${appointments} a
        where a.provider_id = any(${providers}::text[]) and a.status in ('requested', 'accepted') and a.starts_at < ${end}::timestamptz and a.ends_at > ${start}::timestamptz) x),
    'unitHolds', (select coalesce(json_agg(json_build_array(u.unit_id, ${ms("u.holds_from")}, ${ms("u.holds_to")}) order by u.holds_from), '[]') from ${bookingUnitHolds} u
      where u.unit_id = any(${units}::int[]) and u.holds_from < ${end}::timestamptz and u.holds_to > ${start}::timestamptz)
  ) as availability`);
  const rows = result.rows[0]?.availability as AvailabilityRows;
  const schedules = new Map<string, SlotSchedule>();
  for (const { providerId, rules } of rows.hours) {
    const byDate = new Map<string, SlotSchedule["exceptions"][number]>();
    for (const owner of [null, providerId])
      for (const day of rows.days) if (day.providerId === owner) byDate.set(day.date, { date: day.date, closed: day.closed, start: day.start, end: day.end });
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
  const holds = new Map<string, Interval[]>(providerIds.map((id) => [id, []]));
  for (const [providerId, from, to] of rows.held) holds.get(providerId)?.push({ start: Number(from), end: Number(to) });
  const pools = context.resourceUnits.map((unitIds) =>
    unitIds.map((unitId) => rows.unitHolds.filter(([unit]) => unit === unitId).map(([, from, to]) => ({ start: Number(from), end: Number(to) }))),
  );
  return { schedules, holds, pools };
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
  const { schedules, holds, pools } = await availabilityOf(db, context, providerIds, { from, to }, { start: rangeStart, end: rangeEnd });
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
  const available = await availabilityOf(db, context, [providerId], { from: date, to: date }, { start: start - DAY, end: start + 2 * DAY });
  const schedule = available.schedules.get(providerId);
  if (!schedule) return "outsideHours";
  const exception = schedule.exceptions.find((day) => day.date === date);
  if (exception?.closed) return "dayOff";
  const offers = (holds: Interval[], pools: ResourcePool[] = []) => computeSlots(schedule, date, date, holds, 0, pools).some((slot) => slot.start === start);
  if (!offers([])) return "outsideHours";
  const holds = available.holds.get(providerId) ?? [];
  if (!offers(holds)) return "providerTaken";
  if (!offers(holds, available.pools)) return "resourceTaken";
  return null;
}
