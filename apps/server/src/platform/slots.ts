import { minutesOf, type ScheduleDay } from "@clinic/shared";

/**
 * Free slots of a schedule: its wall-clock rules and dated exceptions, turned into instants in
 * the schedule's time zone day by day (so 09:00 stays 09:00 across daylight-saving changes),
 * minus the times already held and the past. Pure: the service loads, this computes. One engine
 * for the clinic's appointments and the booking app's services, with their steps, buffers and
 * resources (issue 35).
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface SlotSchedule {
  /** Minutes a slot lasts. */
  duration: number;
  /** Minutes from one offered start to the next; the duration when unset. */
  step?: number;
  /**
   * Minutes kept free before and after a slot (a room's cleaning, a device's reset). The slot
   * itself lies within the hours; its buffers may reach outside them. `busy` intervals are the
   * times others hold, their own buffers included.
   */
  bufferBefore?: number;
  bufferAfter?: number;
  timeZone: string;
  rules: readonly { day: ScheduleDay | string; start: string; end: string }[];
  exceptions: readonly { date: string; closed: boolean; start: string | null; end: string | null }[];
}

export interface Interval {
  start: number;
  end: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in `timeZone`, as milliseconds of a UTC date with the same fields. */
function wallClockOf(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** Date parts of "YYYY-MM-DD" as a UTC midnight. */
function dayStart(date: string): number {
  const [year, month, day] = date.split("-").map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

function dateText(utcMidnight: number): string {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

/**
 * The instant a wall-clock time of `date` has in `timeZone`. A time the clocks skip (spring
 * forward) has none: null. A time they pass twice (fall back) is taken the first time.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): number | null {
  const wall = dayStart(date) + minutes * MINUTE;
  // Real zones change offset at most once within a day: the offsets a day before and a day
  // after give the one or two candidates.
  const candidates = [...new Set([wall - DAY, wall + DAY].map((probe) => wallClockOf(probe, timeZone) - probe))]
    .map((offset) => wall - offset)
    .filter((instant) => wallClockOf(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  return candidates[0] ?? null;
}

/** Minutes since local midnight of `instant` in `timeZone` (its wall-clock time of day). */
export function zonedMinutes(instant: number, timeZone: string): number {
  const wall = wallClockOf(instant, timeZone);
  return Math.round((wall - Math.floor(wall / DAY) * DAY) / MINUTE);
}

/**
 * The zone's offset through a whole local day (`day` as a UTC midnight), or null on a day its
 * clocks change. Offsets lie within ±14 h, so instants 14 h before and after bracket the day;
 * real zones never change twice within them. Two lookups a day instead of several per slot.
 */
function steadyOffset(day: number, timeZone: string): number | null {
  const offset = offsetAt(day - 14 * 60 * MINUTE, timeZone);
  return offsetAt(day + DAY + 14 * 60 * MINUTE, timeZone) === offset ? offset : null;
}

/** Offsets by zone and instant. Bounded: emptied when full. */
const offsets = new Map<string, Map<number, number>>();
const OFFSETS_KEPT = 50_000;

/**
 * The zone's offset at `instant` (wall clock minus UTC, in ms). Cached: a slot request asks for
 * the same instants as the one before it (its days' edges), and each costs a formatToParts.
 */
function offsetAt(instant: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  let offset = zone.get(instant);
  if (offset === undefined) {
    if (zone.size >= OFFSETS_KEPT) zone.clear();
    offset = wallClockOf(instant, timeZone) - instant;
    zone.set(instant, offset);
  }
  return offset;
}

/** The calendar date ("YYYY-MM-DD") of `instant` in `timeZone`. */
export function zonedDate(instant: number, timeZone: string): string {
  return dateText(Math.floor(wallClockOf(instant, timeZone) / DAY) * DAY);
}

/**
 * A formatter of instants that writes exactly what `Date#toISOString` does (years 0 to 9999),
 * with the date part kept per day: a slot list writes hundreds of instants over a few weeks,
 * and toISOString was the largest cost of the slot call.
 */
export function isoFormatter(): (instant: number) => string {
  const days = new Map<number, string>();
  const two = (value: number) => (value < 10 ? `0${value}` : String(value));
  return (instant) => {
    const day = Math.floor(instant / DAY);
    let prefix = days.get(day);
    if (prefix === undefined) {
      prefix = new Date(day * DAY).toISOString().slice(0, 11);
      days.set(day, prefix);
    }
    const inDay = instant - day * DAY;
    const millis = inDay % 1000;
    const hours = Math.floor(inDay / 3_600_000);
    const minutes = Math.floor(inDay / MINUTE) % 60;
    const seconds = Math.floor(inDay / 1000) % 60;
    return `${prefix}${two(hours)}:${two(minutes)}:${two(seconds)}.${millis < 10 ? "00" : millis < 100 ? "0" : ""}${millis}Z`;
  };
}

function ruleApplies(day: string, weekday: number): boolean {
  if (day === "all") return true;
  if (day === "week") return weekday >= 1 && weekday <= 5;
  return Number(day) === weekday;
}

/** "23:59" closes the day: a slot may end at midnight. */
function endMinutes(time: string): number {
  return time === "23:59" ? 24 * 60 : minutesOf(time);
}

/** The opening hours of one date, in minutes since midnight, merged and in order. */
export function windowsOf(schedule: SlotSchedule, date: string): [number, number][] {
  const exception = schedule.exceptions.find((item) => item.date === date);
  let windows: [number, number][];
  if (exception) {
    windows = exception.closed || !exception.start || !exception.end ? [] : [[minutesOf(exception.start), endMinutes(exception.end)]];
  } else {
    const weekday = new Date(dayStart(date)).getUTCDay();
    windows = schedule.rules.filter((rule) => ruleApplies(rule.day, weekday)).map((rule) => [minutesOf(rule.start), endMinutes(rule.end)]);
  }
  windows.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const window of windows) {
    const last = merged.at(-1);
    if (last && window[0] <= last[1]) last[1] = Math.max(last[1], window[1]);
    else merged.push([window[0], window[1]]);
  }
  return merged;
}

/**
 * What a slot holds besides its provider: one unit of each pool (one of the practice's two
 * rooms, its only rotary chair). A pool lists its units' held intervals, buffers included.
 */
export type ResourcePool = readonly (readonly Interval[])[];

/** The time a slot holds: itself and its buffers. */
export function heldBy(schedule: SlotSchedule, slot: Interval): Interval {
  return { start: slot.start - (schedule.bufferBefore ?? 0) * MINUTE, end: slot.end + (schedule.bufferAfter ?? 0) * MINUTE };
}

function overlapsAny(intervals: readonly Interval[], held: Interval): boolean {
  return intervals.some((interval) => interval.start < held.end && interval.end > held.start);
}

/** The first unit of the pool free over `held` (index into the pool), or -1 when every unit is taken. */
export function freeUnitOf(pool: ResourcePool, held: Interval): number {
  return pool.findIndex((unit) => !overlapsAny(unit, held));
}

/**
 * Every free slot from `from` to `to` (dates in the schedule's zone, both included): each
 * opening window cut into `duration`-minute slots, one every `step` minutes from its start, a
 * slot dropped when it starts in the past (`now`), at a time the clocks skip, when the time it
 * holds (buffers included) overlaps a `busy` interval, when a pool of `pools` has no unit free
 * over it, or when it starts within a step of the slot offered before it.
 */
export function computeSlots(
  schedule: SlotSchedule,
  from: string,
  to: string,
  busy: readonly Interval[],
  now: number,
  pools: readonly ResourcePool[] = [],
): Interval[] {
  const held = [...busy].sort((a, b) => a.start - b.start);
  const slots: Interval[] = [];
  const length = schedule.duration * MINUTE;
  const step = schedule.step ?? schedule.duration;
  const before = (schedule.bufferBefore ?? 0) * MINUTE;
  const after = (schedule.bufferAfter ?? 0) * MINUTE;
  let cursor = 0;
  const last = dayStart(to);
  for (let day = dayStart(from); day <= last; day += DAY) {
    const date = dateText(day);
    const windows = windowsOf(schedule, date);
    if (windows.length === 0) continue;
    const offset = steadyOffset(day, schedule.timeZone);
    for (const [open, close] of windows) {
      for (let minute = open; minute + schedule.duration <= close; minute += step) {
        const start = offset === null ? zonedInstant(date, minute, schedule.timeZone) : day + minute * MINUTE - offset;
        if (start === null || start < now) continue;
        const slot = { start, end: start + length };
        const holds = { start: start - before, end: slot.end + after };
        // Busy intervals are sorted by start; those ending before what this slot holds never
        // matter again (later slots hold later times).
        while (cursor < held.length && (held[cursor]?.end ?? 0) <= holds.start) cursor += 1;
        let overlaps = false;
        for (let index = cursor; index < held.length; index += 1) {
          const interval = held[index] as Interval;
          if (interval.start >= holds.end) break;
          if (interval.end > holds.start) {
            overlaps = true;
            break;
          }
        }
        if (overlaps || pools.some((pool) => freeUnitOf(pool, holds) < 0)) continue;
        // A slot that starts within a step of the last offered one is not offered: only where a
        // slot runs across the hour the clocks skip (say 01:30 + 45 min, then the 03:00 step).
        const previous = slots.at(-1);
        if (!previous || slot.start >= previous.start + step * MINUTE) slots.push(slot);
      }
    }
  }
  return slots;
}

/** True when `start` begins one of the schedule's free slots. */
export function isFreeSlot(schedule: SlotSchedule, start: number, busy: readonly Interval[], now: number, pools: readonly ResourcePool[] = []): boolean {
  const date = zonedDate(start, schedule.timeZone);
  return computeSlots(schedule, date, date, busy, now, pools).some((slot) => slot.start === start);
}

/**
 * What `start` is to the schedule: a free slot, a slot of its hours that a held appointment
 * or resource has taken (a conflict the caller may retry elsewhere), or no slot of its hours at all.
 */
export function slotStateOf(
  schedule: SlotSchedule,
  start: number,
  busy: readonly Interval[],
  now: number,
  pools: readonly ResourcePool[] = [],
): "free" | "taken" | "none" {
  if (isFreeSlot(schedule, start, busy, now, pools)) return "free";
  return isFreeSlot(schedule, start, [], now) ? "taken" : "none";
}
