/**
 * Instants on the wall clock of a named time zone, not the browser's: an event or a booking in
 * Madrid starts at 10:00 there, whoever reads it and wherever they are. Plain Intl, no library,
 * so the public pages' small chunks can carry it.
 */

/** A wall-clock time to the minute, without a zone: the value a DateTimeField holds. */
const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, "0");

/** The parts of an instant's wall-clock time in `timeZone`, the hour on a 12-hour clock ("10", "AM"). */
export function zonedParts(iso: string, timeZone: string): Record<string, string> {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h12",
  });
  return Object.fromEntries(format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
}

/** The wall clock of an instant (milliseconds) in `timeZone`, as the milliseconds of the same wall clock in UTC. */
function wallAsUtc(ms: number, timeZone: string): number {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, (parts.hour ?? 0) % 24, parts.minute ?? 0, parts.second ?? 0);
}

/** How far `timeZone`'s wall clock is ahead of UTC at an instant, in milliseconds (negative west of Greenwich). */
const offsetAt = (ms: number, timeZone: string) => wallAsUtc(ms - (ms % 1000), timeZone) - (ms - (ms % 1000));

/** An instant as the wall clock of `timeZone`, `YYYY-MM-DDTHH:mm` (a DateTimeField's value); "" for none. */
export function zonedWall(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const wall = new Date(wallAsUtc(ms, timeZone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * The instant a wall clock of `timeZone` shows, in ISO 8601 UTC; "" when it is not such a time.
 * The offset is read at a first guess and again at the result, so a time past a daylight-saving
 * change takes the offset of its own side; a time the clocks skip (02:30 when they jump from
 * 02:00 to 03:00) lands just after the jump.
 */
export function zonedInstant(wall: string, timeZone: string): string {
  const match = WALL.exec(wall);
  if (!match) return "";
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const guess = Date.UTC(year as number, (month as number) - 1, day, hour, minute);
  const check = new Date(guess);
  // Date.UTC rolls 2026-02-30 over to March: such a day is not a time.
  if (check.getUTCDate() !== day || check.getUTCMonth() !== (month as number) - 1 || (hour as number) > 23 || (minute as number) > 59) return "";
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return new Date(second).toISOString();
}

const dayOf = (parts: Record<string, string>) => `${parts.year}-${parts.month}-${parts.day}`;
// Lower-case am/pm, as spec §9's date-time writes it.
const timeOf = (parts: Record<string, string>) => `${parts.hour}:${parts.minute} ${parts.dayPeriod?.toLowerCase()}`;

/** "2026-06-03, 10:00 am" (spec §9's date-time) in `timeZone`; "" for none. */
export function zonedDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return "";
  const parts = zonedParts(iso, timeZone);
  return `${dayOf(parts)}, ${timeOf(parts)}`;
}

/** "2026-06-03, 10:00 am – 01:00 pm" in `timeZone`; the end's date too when it ends another day. */
export function zonedRange(startIso: string, endIso: string, timeZone: string): string {
  if (Number.isNaN(Date.parse(startIso)) || Number.isNaN(Date.parse(endIso))) return zonedDateTime(startIso, timeZone);
  const start = zonedParts(startIso, timeZone);
  const end = zonedParts(endIso, timeZone);
  const until = dayOf(start) === dayOf(end) ? timeOf(end) : `${dayOf(end)}, ${timeOf(end)}`;
  return `${dayOf(start)}, ${timeOf(start)} – ${until}`;
}

/** "2026-06-03": the date of an instant in `timeZone`. */
export const zonedDay = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));

/** "America/New York": a zone's name as a reader says it. */
export const zoneLabel = (timeZone: string) => timeZone.replaceAll("_", " ");

/** The zone this browser is in. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Every time zone the browser knows, with UTC and `current` always offered. */
export function timeZoneOptions(current?: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([...known, "UTC", ...(current ? [current] : [])])].sort((a, b) => a.localeCompare(b));
}
