import type { BookingRequest, BookingSlots } from "@clinic/shared";
import { ApiError } from "../../../lib/api.ts";
import { zonedDay } from "../../../lib/zoned-time.ts";

/**
 * The public pages' pure logic: the days a week of free times shows, the booking's request body,
 * and where a refused booking's message belongs. Dates are `YYYY-MM-DD`; the slots endpoint takes
 * the location's dates, the client sees days and times in their own zone.
 */

export type FreeSlot = BookingSlots["slots"][number];

/** Days the picker moves by: one week at a time. */
export const WEEK_DAYS = 7;

/** The date `count` days after `date` (calendar days: no zone, no daylight-saving shift). */
export function addDays(date: string, count: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + count)).toISOString().slice(0, 10);
}

/** Today's date in `timeZone`. */
export const todayIn = (timeZone: string, now = Date.now()) => zonedDay(new Date(now).toISOString(), timeZone);

/** The last date a client can book: the booking window counts from now, so its last day is partly open. */
export const lastBookableDay = (today: string, windowDays: number) => addDays(today, windowDays);

/** The week starting at `from`, cut at `last` (the window's end, when known). */
export function weekFrom(from: string, last: string | null): { from: string; to: string } {
  const end = addDays(from, WEEK_DAYS - 1);
  return { from, to: last !== null && end > last ? last : end };
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

export interface SlotDay {
  date: string;
  slots: FreeSlot[];
}

/**
 * The free slots by their day in `timeZone` (the client's), in time order, for every date of the
 * week shown (empty ones too, so the strip keeps its shape) and any day the zone's offset pushes a
 * slot into beyond it.
 */
export function slotsByDay(slots: readonly FreeSlot[], timeZone: string, dates: readonly string[] = []): SlotDay[] {
  const days = new Map<string, FreeSlot[]>(dates.map((date) => [date, []]));
  for (const slot of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const date = zonedDay(slot.start, timeZone);
    days.set(date, [...(days.get(date) ?? []), slot]);
  }
  return [...days].map(([date, daySlots]) => ({ date, slots: daySlots })).sort((a, b) => a.date.localeCompare(b.date));
}

/** The day to show: the chosen one if it has free times, else the first that has. */
export function shownDay(days: readonly SlotDay[], chosen: string | null): SlotDay | null {
  return days.find((day) => day.date === chosen && day.slots.length > 0) ?? days.find((day) => day.slots.length > 0) ?? null;
}

export interface GuestDetails {
  name: string;
  email: string;
  phone: string;
}

/** What POST /api/schedule/public/bookings takes: a signed-in client's details come from their account. */
export function bookingRequest(choice: {
  variationId: number;
  providerId: string | null;
  start: string;
  timeZone: string;
  language: "en" | "es";
  /** One of the clinic's kinds of visit; left out, the clinic's default. */
  appointmentType?: number;
  guest: GuestDetails | null;
}): BookingRequest {
  const body: BookingRequest = {
    variationId: choice.variationId,
    providerId: choice.providerId,
    start: choice.start,
    timeZone: choice.timeZone,
    language: choice.language,
  };
  if (choice.appointmentType !== undefined) body.appointmentType = choice.appointmentType as BookingRequest["appointmentType"];
  if (choice.guest) body.client = { name: choice.guest.name.trim(), email: choice.guest.email.trim(), phone: choice.guest.phone.trim() };
  return body;
}

/**
 * Where a refused booking or move says why: `time` is the refusal of the chosen time (taken: 409,
 * or a 400 on `start`), shown by the time choice; `fields` are the guest's details by field name;
 * `other` is anything else, for a notice alone.
 */
export interface PlacedRefusal {
  time: string | null;
  fields: Partial<Record<keyof GuestDetails, string>>;
  other: string[];
}

export function placeRefusal(failure: unknown): PlacedRefusal {
  const placed: PlacedRefusal = { time: null, fields: {}, other: [] };
  if (!(failure instanceof ApiError)) return placed;
  if (failure.status === 409 && typeof failure.body.detail === "string") {
    placed.time = failure.body.detail;
    return placed;
  }
  for (const [path, messages] of Object.entries(failure.fieldErrors)) {
    const text = messages.join(" ");
    const field = /^client\.(name|email|phone)$/.exec(path)?.[1] as keyof GuestDetails | undefined;
    if (path === "start" || path === "providerId") placed.time = text;
    else if (field) placed.fields[field] = text;
    else placed.other.push(text);
  }
  return placed;
}

const locale = (language: string) => (language === "es" ? "es-ES" : "en-GB");
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** A date as words, the same in every zone: "Thursday 3 December" (`long`) or "Thu" and "3" for the week strip. */
export function dateLabel(date: string, language: string, style: "long" | "weekday" | "day"): string {
  const options: Intl.DateTimeFormatOptions =
    style === "long" ? { weekday: "long", day: "numeric", month: "long" } : style === "weekday" ? { weekday: "short" } : { day: "numeric" };
  return new Intl.DateTimeFormat(locale(language), { ...options, timeZone: "UTC" }).format(noon(date));
}

/** A week's dates as one range: "3–9 Dec 2026". */
export const weekLabel = (from: string, to: string, language: string) =>
  new Intl.DateTimeFormat(locale(language), { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).formatRange(noon(from), noon(to));
