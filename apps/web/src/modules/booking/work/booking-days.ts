import type { Booking, BookingStatus } from "@clinic/shared";
import { addDays, type DayRange } from "../../../lib/date-range.ts";
import { formatZoned, formatZonedTime } from "../shared/format.ts";
import { zonedDay } from "../../../lib/zoned-time.ts";

/**
 * The work screens' arithmetic of days, apart from React so it is tested alone: bookings and
 * free times grouped by the day they fall on in their location's zone, and the default ranges.
 */

/** How many days the home's agenda shows, today included. */
export const AGENDA_DAYS = 7;
/** How many days of free times the day-and-time picker asks for at once. */
export const SLOT_WINDOW_DAYS = 14;
/** The dashboard's and the report's range when the address holds none: the last 30 days. */
export const DEFAULT_RANGE_DAYS = 30;

/** The last `days` days up to `today`, today included. */
export const lastDays = (today: string, days: number): DayRange => ({ since: addDays(today, 1 - days), to: today });

/** `today` and the days after it, `days` in all (the agenda's range). */
export const nextDays = (today: string, days: number): DayRange => ({ since: today, to: addDays(today, days - 1) });

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** The range an address holds (`?since=&to=`), or the last 30 days; a range whose end comes first is the default too. */
export function rangeFromAddress(params: URLSearchParams, today: string): DayRange {
  const since = params.get("since");
  const to = params.get("to");
  if (isDay(since) && isDay(to) && since <= to) return { since, to };
  return lastDays(today, DEFAULT_RANGE_DAYS);
}

/** Things that happen at an instant, grouped by the day they fall on in `zoneOf`'s zone, days in order, each day's in order. */
export function groupByDay<T>(items: readonly T[], startOf: (item: T) => string, zoneOf: (item: T) => string): { date: string; items: T[] }[] {
  const days = new Map<string, T[]>();
  const sorted = [...items].sort((a, b) => Date.parse(startOf(a)) - Date.parse(startOf(b)));
  for (const item of sorted) {
    const date = zonedDay(startOf(item), zoneOf(item));
    const day = days.get(date);
    if (day) day.push(item);
    else days.set(date, [item]);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, dayItems]) => ({ date, items: dayItems }));
}

/** The agenda: bookings by the day they fall on at their location. */
export const bookingsByDay = (bookings: readonly Booking[]) =>
  groupByDay(
    bookings,
    (booking) => booking.start,
    (booking) => booking.location.timeZone,
  );

/** Free starts by the day they fall on in the location's zone (all of one variation, so one zone). */
export const slotsByDay = <T extends { start: string }>(slots: readonly T[], timeZone: string) =>
  groupByDay(
    slots,
    (slot) => slot.start,
    () => timeZone,
  );

/**
 * Every day of a range with its counts, the days without bookings as zeros: a chart of only the
 * busy days would draw Monday next to Thursday as if they followed each other.
 */
export function everyDay<T extends { date: string }>(since: string, to: string, days: readonly T[], empty: (date: string) => T): T[] {
  const known = new Map(days.map((day) => [day.date, day]));
  const all: T[] = [];
  for (let date = since; date <= to; date = addDays(date, 1)) all.push(known.get(date) ?? empty(date));
  return all;
}

const weekdayOf = (date: string, language: string, weekday: "long" | "short") =>
  new Intl.DateTimeFormat(language === "es" ? "es-ES" : "en-GB", { weekday, timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));

/** A day as a heading says it: "Thursday 2026-12-03" (spec §9's date; it is the location's, so no zone shifts it). */
export const dayTitle = (date: string, language: string) => `${weekdayOf(date, language, "long")} ${date}`;

/** A day as a button says it: "Thu 2026-12-03". */
export const shortDay = (date: string, language: string) => `${weekdayOf(date, language, "short")} ${date}`;

/** Whether a booking is still to happen (held or confirmed): it can be moved or cancelled. */
export const isActive = (status: BookingStatus) => status === "pending" || status === "confirmed";

/** Whether a visit can be marked completed or a no-show: it took place (or not) and was not cancelled or left unconfirmed. */
export const canMarkOutcome = (booking: Pick<Booking, "status" | "start">, now: number) =>
  (booking.status === "confirmed" || booking.status === "completed" || booking.status === "no_show") && Date.parse(booking.start) <= now;

/** "Wed 3 Jun 2026, 10:00–10:45" in the location's zone. */
export function bookingWhen(booking: Pick<Booking, "start" | "end" | "location">, language: string): string {
  const zone = booking.location.timeZone;
  return `${formatZoned(booking.start, zone, language)}–${formatZonedTime(booking.end, zone, language)}`;
}

/** "Thu 2026-12-03": the day of an instant in `timeZone`. */
export const formatZonedDay = (iso: string, timeZone: string, language: string) => shortDay(zonedDay(iso, timeZone), language);
