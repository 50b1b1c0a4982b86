import { SCHEDULE_DAYS } from "@clinic/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeSlots,
  freeUnitOf,
  heldBy,
  type Interval,
  isFreeSlot,
  isoFormatter,
  type ResourcePool,
  type SlotSchedule,
  slotStateOf,
  windowsOf,
  zonedDate,
  zonedInstant,
  zonedMinutes,
} from "./slots.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Rule = SlotSchedule["rules"][number];
type Exception = SlotSchedule["exceptions"][number];

type ScheduleOptions = { duration?: number; timeZone?: string; exceptions?: Exception[] } & Pick<SlotSchedule, "step" | "bufferBefore" | "bufferAfter">;

function scheduleOf(rules: Rule[], options: ScheduleOptions = {}): SlotSchedule {
  const { duration = 30, timeZone = "UTC", exceptions = [], ...rest } = options;
  return { duration, timeZone, rules, exceptions, ...rest };
}

const at = (iso: string) => Date.parse(iso);
const iso = (instant: number) => new Date(instant).toISOString();
const starts = (slots: Interval[]) => slots.map((slot) => iso(slot.start));
const closed = (date: string): Exception => ({ date, closed: true, start: null, end: null });
const hours = (date: string, start: string, end: string): Exception => ({ date, closed: false, start, end });
/** "YYYY-MM-DD" `days` after `date`. */
const addDays = (date: string, days: number) => iso(Date.parse(date) + days * DAY).slice(0, 10);
/** "HH:MM" of minutes since midnight; the day's end (1440) is written "23:59", as the rules do. */
const hhmm = (minutes: number) => (minutes >= 1440 ? "23:59" : `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`);

/** Zones of the property tests: daylight saving north and south, none, half-hour offsets, a half-hour change (Lord Howe). */
const ZONES = ["Europe/Madrid", "America/New_York", "UTC", "Asia/Kolkata", "Pacific/Auckland", "Australia/Lord_Howe", "America/St_Johns"] as const;

// 2026-06-01 is a Monday; 2026-06-07 the Sunday after.
const MONDAY = "2026-06-01";
const SUNDAY = "2026-06-07";

describe("computeSlots: rules", () => {
  it('"week" opens Monday to Friday only', () => {
    const slots = computeSlots(scheduleOf([{ day: "week", start: "09:00", end: "10:00" }], { duration: 60 }), MONDAY, SUNDAY, [], 0);
    expect(starts(slots)).toEqual([
      "2026-06-01T09:00:00.000Z",
      "2026-06-02T09:00:00.000Z",
      "2026-06-03T09:00:00.000Z",
      "2026-06-04T09:00:00.000Z",
      "2026-06-05T09:00:00.000Z",
    ]);
  });

  it("a single weekday opens that day only (0 is Sunday)", () => {
    const wednesday = computeSlots(scheduleOf([{ day: "3", start: "09:00", end: "10:00" }], { duration: 60 }), MONDAY, SUNDAY, [], 0);
    expect(starts(wednesday)).toEqual(["2026-06-03T09:00:00.000Z"]);
    const sunday = computeSlots(scheduleOf([{ day: "0", start: "09:00", end: "10:00" }], { duration: 60 }), MONDAY, SUNDAY, [], 0);
    expect(starts(sunday)).toEqual(["2026-06-07T09:00:00.000Z"]);
    const saturday = computeSlots(scheduleOf([{ day: "6", start: "09:00", end: "10:00" }], { duration: 60 }), MONDAY, SUNDAY, [], 0);
    expect(starts(saturday)).toEqual(["2026-06-06T09:00:00.000Z"]);
  });

  it('"all" opens every day', () => {
    const slots = computeSlots(scheduleOf([{ day: "all", start: "09:00", end: "10:00" }], { duration: 60 }), MONDAY, SUNDAY, [], 0);
    expect(starts(slots)).toEqual([1, 2, 3, 4, 5, 6, 7].map((day) => `2026-06-0${day}T09:00:00.000Z`));
  });

  it("overlapping rules merge into one window: no duplicate slots", () => {
    const schedule = scheduleOf([
      { day: "week", start: "09:00", end: "11:00" },
      { day: "all", start: "10:00", end: "12:00" },
      { day: "1", start: "09:00", end: "11:00" },
    ]);
    expect(windowsOf(schedule, MONDAY)).toEqual([[540, 720]]);
    expect(windowsOf(schedule, "2026-06-06")).toEqual([[600, 720]]);
    expect(starts(computeSlots(schedule, MONDAY, MONDAY, [], 0))).toEqual([
      "2026-06-01T09:00:00.000Z",
      "2026-06-01T09:30:00.000Z",
      "2026-06-01T10:00:00.000Z",
      "2026-06-01T10:30:00.000Z",
      "2026-06-01T11:00:00.000Z",
      "2026-06-01T11:30:00.000Z",
    ]);
  });

  it("separate windows of one day are cut each from its own start, in order", () => {
    const schedule = scheduleOf(
      [
        { day: "all", start: "15:15", end: "16:30" },
        { day: "all", start: "09:00", end: "10:00" },
      ],
      { duration: 45 },
    );
    expect(windowsOf(schedule, MONDAY)).toEqual([
      [540, 600],
      [915, 990],
    ]);
    expect(starts(computeSlots(schedule, MONDAY, MONDAY, [], 0))).toEqual(["2026-06-01T09:00:00.000Z", "2026-06-01T15:15:00.000Z"]);
  });

  it.each([
    [15, ["09:00", "09:15", "09:30", "09:45", "10:00", "10:15"]],
    [30, ["09:00", "09:30", "10:00"]],
    [45, ["09:00", "09:45"]],
    [60, ["09:00"]],
  ])("cuts %i-minute slots from the window's start and drops a last partial slot", (duration, times) => {
    const slots = computeSlots(scheduleOf([{ day: "all", start: "09:00", end: "10:30" }], { duration }), MONDAY, MONDAY, [], 0);
    expect(starts(slots)).toEqual(times.map((time) => `2026-06-01T${time}:00.000Z`));
    for (const slot of slots) expect(slot.end - slot.start).toBe(duration * MINUTE);
  });

  it("steps from a window start that is not on the hour", () => {
    const slots = computeSlots(scheduleOf([{ day: "all", start: "09:15", end: "11:00" }], { duration: 45 }), MONDAY, MONDAY, [], 0);
    expect(slots.map((slot) => [iso(slot.start), iso(slot.end)])).toEqual([
      ["2026-06-01T09:15:00.000Z", "2026-06-01T10:00:00.000Z"],
      ["2026-06-01T10:00:00.000Z", "2026-06-01T10:45:00.000Z"],
    ]);
  });

  it('"23:59" lets the last slot end at midnight', () => {
    const schedule = scheduleOf([{ day: "all", start: "22:00", end: "23:59" }], { duration: 60 });
    expect(windowsOf(schedule, MONDAY)).toEqual([[1320, 1440]]);
    const slots = computeSlots(schedule, MONDAY, MONDAY, [], 0);
    expect(slots.map((slot) => [iso(slot.start), iso(slot.end)])).toEqual([
      ["2026-06-01T22:00:00.000Z", "2026-06-01T23:00:00.000Z"],
      ["2026-06-01T23:00:00.000Z", "2026-06-02T00:00:00.000Z"],
    ]);
    // A plain "23:45" end keeps the day's last quarter closed.
    const quarterBefore = computeSlots(scheduleOf([{ day: "all", start: "23:00", end: "23:45" }], { duration: 15 }), MONDAY, MONDAY, [], 0);
    expect(starts(quarterBefore)).toEqual(["2026-06-01T23:00:00.000Z", "2026-06-01T23:15:00.000Z", "2026-06-01T23:30:00.000Z"]);
  });

  it("answers nothing for a range that ends before it starts", () => {
    expect(computeSlots(scheduleOf([{ day: "all", start: "09:00", end: "10:00" }]), "2026-06-02", MONDAY, [], 0)).toEqual([]);
  });
});

describe("computeSlots: exceptions", () => {
  const rules: Rule[] = [{ day: "week", start: "09:00", end: "10:00" }];

  it("a closed day has no slots; the days around it keep theirs", () => {
    const schedule = scheduleOf(rules, { duration: 60, exceptions: [closed("2026-06-02")] });
    expect(windowsOf(schedule, "2026-06-02")).toEqual([]);
    expect(starts(computeSlots(schedule, MONDAY, "2026-06-03", [], 0))).toEqual(["2026-06-01T09:00:00.000Z", "2026-06-03T09:00:00.000Z"]);
  });

  it("a day with other hours uses only those hours", () => {
    const schedule = scheduleOf(rules, { exceptions: [hours("2026-06-02", "14:00", "15:00")] });
    expect(windowsOf(schedule, "2026-06-02")).toEqual([[840, 900]]);
    expect(starts(computeSlots(schedule, "2026-06-02", "2026-06-02", [], 0))).toEqual(["2026-06-02T14:00:00.000Z", "2026-06-02T14:30:00.000Z"]);
  });

  it("an exception on a day without rules opens it", () => {
    const schedule = scheduleOf(rules, { duration: 60, exceptions: [hours("2026-06-06", "10:00", "12:00")] });
    expect(starts(computeSlots(schedule, "2026-06-05", SUNDAY, [], 0))).toEqual([
      "2026-06-05T09:00:00.000Z",
      "2026-06-06T10:00:00.000Z",
      "2026-06-06T11:00:00.000Z",
    ]);
  });

  it("an exception's hours may run to the end of the day", () => {
    const schedule = scheduleOf(rules, { duration: 60, exceptions: [hours("2026-06-06", "23:00", "23:59")] });
    expect(computeSlots(schedule, "2026-06-06", "2026-06-06", [], 0).map((slot) => [iso(slot.start), iso(slot.end)])).toEqual([
      ["2026-06-06T23:00:00.000Z", "2026-06-07T00:00:00.000Z"],
    ]);
  });

  it("exceptions are dates in the schedule's zone", () => {
    // Monday 2026-06-01 09:00 in Auckland is Sunday 21:00 UTC; closing Monday removes it.
    const schedule = scheduleOf(rules, { duration: 60, timeZone: "Pacific/Auckland", exceptions: [closed(MONDAY)] });
    expect(starts(computeSlots(schedule, MONDAY, "2026-06-02", [], 0))).toEqual(["2026-06-01T21:00:00.000Z"]);
  });
});

describe("computeSlots: busy times and the past", () => {
  const schedule = scheduleOf([{ day: "all", start: "09:00", end: "12:00" }], { duration: 60 });
  const busy = (start: string, end: string): Interval => ({ start: at(`2026-06-01T${start}:00Z`), end: at(`2026-06-01T${end}:00Z`) });
  const free = (held: Interval[], now = 0) => starts(computeSlots(schedule, MONDAY, MONDAY, held, now));

  it("removes every slot a busy interval overlaps, even in part", () => {
    expect(free([busy("09:30", "10:00")])).toEqual(["2026-06-01T10:00:00.000Z", "2026-06-01T11:00:00.000Z"]);
    expect(free([busy("09:59", "10:01")])).toEqual(["2026-06-01T11:00:00.000Z"]);
    expect(free([busy("08:00", "13:00")])).toEqual([]);
  });

  it("an interval touching a slot at an edge does not overlap it", () => {
    expect(free([busy("08:00", "09:00"), busy("10:00", "10:00"), busy("12:00", "13:00")])).toEqual([
      "2026-06-01T09:00:00.000Z",
      "2026-06-01T10:00:00.000Z",
      "2026-06-01T11:00:00.000Z",
    ]);
  });

  it("takes busy intervals in any order", () => {
    expect(free([busy("11:00", "11:30"), busy("09:15", "09:45")])).toEqual(["2026-06-01T10:00:00.000Z"]);
    // A long interval listed after short ones, and short ones nested in it.
    expect(free([busy("11:10", "11:20"), busy("09:20", "09:25"), busy("08:00", "10:30")])).toEqual([]);
    expect(free([busy("11:40", "11:50"), busy("08:30", "08:45"), busy("08:00", "09:30")])).toEqual(["2026-06-01T10:00:00.000Z"]);
  });

  it("works over several days of busy times", () => {
    const held = [
      { start: at("2026-06-03T10:00:00Z"), end: at("2026-06-03T11:00:00Z") },
      { start: at("2026-06-02T08:00:00Z"), end: at("2026-06-02T11:00:00Z") },
    ];
    expect(starts(computeSlots(schedule, MONDAY, "2026-06-03", held, 0))).toEqual([
      "2026-06-01T09:00:00.000Z",
      "2026-06-01T10:00:00.000Z",
      "2026-06-01T11:00:00.000Z",
      "2026-06-02T11:00:00.000Z",
      "2026-06-03T09:00:00.000Z",
      "2026-06-03T11:00:00.000Z",
    ]);
  });

  it("drops the slots that start before now; one starting at now stays", () => {
    expect(free([], at("2026-06-01T10:00:00Z"))).toEqual(["2026-06-01T10:00:00.000Z", "2026-06-01T11:00:00.000Z"]);
    expect(free([], at("2026-06-01T10:00:01Z"))).toEqual(["2026-06-01T11:00:00.000Z"]);
    expect(free([], at("2026-06-02T00:00:00Z"))).toEqual([]);
  });
});

describe("computeSlots: time zones and daylight saving", () => {
  const nineToTen = [{ day: "all", start: "09:00", end: "10:00" }];

  it("Europe/Madrid, spring forward (2027-03-28): 09:00 stays 09:00 local", () => {
    const slots = computeSlots(scheduleOf(nineToTen, { duration: 60, timeZone: "Europe/Madrid" }), "2027-03-27", "2027-03-29", [], 0);
    expect(starts(slots)).toEqual(["2027-03-27T08:00:00.000Z", "2027-03-28T07:00:00.000Z", "2027-03-29T07:00:00.000Z"]);
  });

  it("Europe/Madrid, fall back (2026-10-25): 09:00 stays 09:00 local", () => {
    const slots = computeSlots(scheduleOf(nineToTen, { duration: 60, timeZone: "Europe/Madrid" }), "2026-10-24", "2026-10-26", [], 0);
    expect(starts(slots)).toEqual(["2026-10-24T07:00:00.000Z", "2026-10-25T08:00:00.000Z", "2026-10-26T08:00:00.000Z"]);
  });

  it("Europe/Madrid, spring forward: the times the clocks skip (02:00-03:00) give no slots", () => {
    const schedule = scheduleOf([{ day: "0", start: "01:00", end: "04:00" }], { timeZone: "Europe/Madrid" });
    // 01:00 and 01:30 CET, then 03:00 and 03:30 CEST.
    expect(computeSlots(schedule, "2027-03-28", "2027-03-28", [], 0).map((slot) => [iso(slot.start), iso(slot.end)])).toEqual([
      ["2027-03-28T00:00:00.000Z", "2027-03-28T00:30:00.000Z"],
      ["2027-03-28T00:30:00.000Z", "2027-03-28T01:00:00.000Z"],
      ["2027-03-28T01:00:00.000Z", "2027-03-28T01:30:00.000Z"],
      ["2027-03-28T01:30:00.000Z", "2027-03-28T02:00:00.000Z"],
    ]);
    const onlyTheGap = scheduleOf([{ day: "0", start: "02:00", end: "03:00" }], { duration: 15, timeZone: "Europe/Madrid" });
    expect(computeSlots(onlyTheGap, "2027-03-28", "2027-03-28", [], 0)).toEqual([]);
  });

  it("Europe/Madrid, spring forward: a slot running across the skipped hour does not overlap the next one", () => {
    // 45-minute slots from 00:00: 01:30 CET lasts until 03:15 CEST (01:15Z), so the 03:00 CEST
    // step (01:00Z) would overlap it and is not offered; the steps carry on from the window start.
    const schedule = scheduleOf([{ day: "all", start: "00:00", end: "06:00" }], { duration: 45, timeZone: "Europe/Madrid" });
    expect(starts(computeSlots(schedule, "2027-03-28", "2027-03-28", [], 0))).toEqual([
      "2027-03-27T23:00:00.000Z",
      "2027-03-27T23:45:00.000Z",
      "2027-03-28T00:30:00.000Z",
      "2027-03-28T01:45:00.000Z",
      "2027-03-28T02:30:00.000Z",
      "2027-03-28T03:15:00.000Z",
    ]);
    expect(isFreeSlot(schedule, at("2027-03-28T00:30:00Z"), [], 0)).toBe(true);
    expect(isFreeSlot(schedule, at("2027-03-28T01:00:00Z"), [], 0)).toBe(false);
    // When the earlier slot is taken, the later one is free again.
    const held = [{ start: at("2027-03-28T00:30:00Z"), end: at("2027-03-28T00:45:00Z") }];
    expect(isFreeSlot(schedule, at("2027-03-28T01:00:00Z"), held, 0)).toBe(true);
  });

  it("Europe/Madrid, fall back: 02:00-03:00 happens twice and only its first occurrence is offered", () => {
    const schedule = scheduleOf([{ day: "0", start: "01:00", end: "04:00" }], { timeZone: "Europe/Madrid" });
    // 01:00-02:30 CEST (UTC+2), then 03:00-03:30 CET (UTC+1); 02:00-02:30 CET (01:00Z-02:00Z) is not offered.
    expect(starts(computeSlots(schedule, "2026-10-25", "2026-10-25", [], 0))).toEqual([
      "2026-10-24T23:00:00.000Z",
      "2026-10-24T23:30:00.000Z",
      "2026-10-25T00:00:00.000Z",
      "2026-10-25T00:30:00.000Z",
      "2026-10-25T02:00:00.000Z",
      "2026-10-25T02:30:00.000Z",
    ]);
  });

  it("America/New_York, fall back (2026-11-01) and spring forward (2027-03-14)", () => {
    const schedule = scheduleOf(nineToTen, { duration: 60, timeZone: "America/New_York" });
    expect(starts(computeSlots(schedule, "2026-10-31", "2026-11-02", [], 0))).toEqual([
      "2026-10-31T13:00:00.000Z",
      "2026-11-01T14:00:00.000Z",
      "2026-11-02T14:00:00.000Z",
    ]);
    expect(starts(computeSlots(schedule, "2027-03-13", "2027-03-15", [], 0))).toEqual([
      "2027-03-13T14:00:00.000Z",
      "2027-03-14T13:00:00.000Z",
      "2027-03-15T13:00:00.000Z",
    ]);
    const night = scheduleOf([{ day: "0", start: "01:00", end: "03:00" }], { duration: 60, timeZone: "America/New_York" });
    // Fall back: 01:00 EDT (05:00Z), then 02:00 EST (07:00Z); 01:00 EST (06:00Z) is the repeat.
    expect(starts(computeSlots(night, "2026-11-01", "2026-11-01", [], 0))).toEqual(["2026-11-01T05:00:00.000Z", "2026-11-01T07:00:00.000Z"]);
    // Spring forward: 01:00 EST (06:00Z); 02:00 does not exist.
    expect(starts(computeSlots(night, "2027-03-14", "2027-03-14", [], 0))).toEqual(["2027-03-14T06:00:00.000Z"]);
  });

  it("UTC has no shift", () => {
    const schedule = scheduleOf(nineToTen, { duration: 60 });
    expect(starts(computeSlots(schedule, "2027-03-27", "2027-03-28", [], 0))).toEqual(["2027-03-27T09:00:00.000Z", "2027-03-28T09:00:00.000Z"]);
    expect(starts(computeSlots(schedule, "2026-10-24", "2026-10-25", [], 0))).toEqual(["2026-10-24T09:00:00.000Z", "2026-10-25T09:00:00.000Z"]);
  });

  it("Asia/Kolkata (UTC+05:30): half-hour offsets, and a local midnight on the UTC day before", () => {
    const schedule = scheduleOf(
      [
        { day: "1", start: "00:00", end: "01:00" },
        { day: "1", start: "09:00", end: "10:00" },
      ],
      { duration: 60, timeZone: "Asia/Kolkata" },
    );
    expect(starts(computeSlots(schedule, MONDAY, SUNDAY, [], 0))).toEqual(["2026-05-31T18:30:00.000Z", "2026-06-01T03:30:00.000Z"]);
  });

  it("Pacific/Auckland: the local weekday, not the UTC one, picks the rules", () => {
    // NZST (UTC+12) in June: Monday 09:00 local is Sunday 21:00 UTC.
    const schedule = scheduleOf([{ day: "week", start: "09:00", end: "10:00" }], { duration: 60, timeZone: "Pacific/Auckland" });
    expect(starts(computeSlots(schedule, MONDAY, SUNDAY, [], 0))).toEqual([
      "2026-05-31T21:00:00.000Z",
      "2026-06-01T21:00:00.000Z",
      "2026-06-02T21:00:00.000Z",
      "2026-06-03T21:00:00.000Z",
      "2026-06-04T21:00:00.000Z",
    ]);
    // Spring forward on Sunday 2026-09-27 (UTC+12 → UTC+13).
    const daily = scheduleOf(nineToTen, { duration: 60, timeZone: "Pacific/Auckland" });
    expect(starts(computeSlots(daily, "2026-09-26", "2026-09-28", [], 0))).toEqual([
      "2026-09-25T21:00:00.000Z",
      "2026-09-26T20:00:00.000Z",
      "2026-09-27T20:00:00.000Z",
    ]);
  });
});

describe("zonedInstant, zonedDate, zonedMinutes", () => {
  const madrid = "Europe/Madrid";

  it("answers null inside the spring-forward gap", () => {
    for (const minutes of [120, 135, 150, 165, 179]) expect(zonedInstant("2027-03-28", minutes, madrid)).toBeNull();
    expect(zonedInstant("2027-03-14", 150, "America/New_York")).toBeNull();
    expect(iso(zonedInstant("2027-03-28", 119, madrid) ?? Number.NaN)).toBe("2027-03-28T00:59:00.000Z");
    expect(iso(zonedInstant("2027-03-28", 180, madrid) ?? Number.NaN)).toBe("2027-03-28T01:00:00.000Z");
  });

  it("answers the earlier instant in the fall-back overlap", () => {
    expect(iso(zonedInstant("2026-10-25", 120, madrid) ?? Number.NaN)).toBe("2026-10-25T00:00:00.000Z");
    expect(iso(zonedInstant("2026-10-25", 150, madrid) ?? Number.NaN)).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(zonedInstant("2026-10-25", 180, madrid) ?? Number.NaN)).toBe("2026-10-25T02:00:00.000Z");
    expect(iso(zonedInstant("2026-11-01", 90, "America/New_York") ?? Number.NaN)).toBe("2026-11-01T05:30:00.000Z");
  });

  it("answers plain offsets away from the changes", () => {
    expect(iso(zonedInstant("2026-06-01", 0, "UTC") ?? Number.NaN)).toBe("2026-06-01T00:00:00.000Z");
    expect(iso(zonedInstant("2026-06-01", 1439, "UTC") ?? Number.NaN)).toBe("2026-06-01T23:59:00.000Z");
    expect(iso(zonedInstant("2026-06-01", 0, "Asia/Kolkata") ?? Number.NaN)).toBe("2026-05-31T18:30:00.000Z");
    expect(iso(zonedInstant("2026-01-01", 0, "Pacific/Auckland") ?? Number.NaN)).toBe("2025-12-31T11:00:00.000Z");
    expect(iso(zonedInstant("2026-01-01", 1380, "America/New_York") ?? Number.NaN)).toBe("2026-01-02T04:00:00.000Z");
  });

  it("zonedDate and zonedMinutes read the wall clock, both occurrences of a repeated hour alike", () => {
    expect([zonedDate(at("2026-10-25T00:30:00Z"), madrid), zonedMinutes(at("2026-10-25T00:30:00Z"), madrid)]).toEqual(["2026-10-25", 150]);
    expect([zonedDate(at("2026-10-25T01:30:00Z"), madrid), zonedMinutes(at("2026-10-25T01:30:00Z"), madrid)]).toEqual(["2026-10-25", 150]);
    expect([zonedDate(at("2026-05-31T18:30:00Z"), "Asia/Kolkata"), zonedMinutes(at("2026-05-31T18:30:00Z"), "Asia/Kolkata")]).toEqual(["2026-06-01", 0]);
    expect([zonedDate(at("2026-06-01T23:59:00Z"), "UTC"), zonedMinutes(at("2026-06-01T23:59:00Z"), "UTC")]).toEqual(["2026-06-01", 1439]);
  });

  it.each(["Europe/Madrid", "America/New_York", "UTC", "Asia/Kolkata", "Pacific/Auckland"])(
    "round-trips every quarter hour of the change days in %s",
    (timeZone) => {
      for (const date of ["2026-03-08", "2026-03-29", "2026-04-05", "2026-09-27", "2026-10-25", "2026-11-01", "2027-03-14", "2027-03-28"]) {
        for (let minutes = 0; minutes < 1440; minutes += 15) {
          const instant = zonedInstant(date, minutes, timeZone);
          if (instant === null) continue;
          expect([zonedDate(instant, timeZone), zonedMinutes(instant, timeZone)]).toEqual([date, minutes]);
        }
        // The other way round, every quarter hour of that UTC day and the next.
        for (let instant = Date.parse(date); instant < Date.parse(date) + 2 * DAY; instant += 15 * MINUTE) {
          const back = zonedInstant(zonedDate(instant, timeZone), zonedMinutes(instant, timeZone), timeZone);
          // The second pass through a repeated hour maps back to the first, one hour earlier.
          expect(back === instant || back === instant - HOUR).toBe(true);
        }
      }
    },
  );

  it("round-trips any minute in any of these zones (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.parse("2020-01-01") / MINUTE, max: Date.parse("2036-01-01") / MINUTE }),
        (timeZone, minute) => {
          const instant = minute * MINUTE;
          const date = zonedDate(instant, timeZone);
          const minutes = zonedMinutes(instant, timeZone);
          const back = zonedInstant(date, minutes, timeZone);
          expect(back).not.toBeNull();
          expect([zonedDate(back as number, timeZone), zonedMinutes(back as number, timeZone)]).toEqual([date, minutes]);
          // Equal, or the first pass of a repeated wall-clock time (Lord Howe repeats half an hour).
          expect([0, 30 * MINUTE, HOUR]).toContain(instant - (back as number));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("isFreeSlot", () => {
  const schedule = scheduleOf([{ day: "week", start: "09:00", end: "12:00" }], { timeZone: "Europe/Madrid" });
  // Monday 2026-06-01 in Madrid is UTC+2: 09:30 local is 07:30Z.
  const slot = at("2026-06-01T07:30:00Z");

  it("is true for the start of a free slot", () => {
    expect(isFreeSlot(schedule, slot, [], 0)).toBe(true);
    expect(isFreeSlot(schedule, at("2026-06-01T07:00:00Z"), [], 0)).toBe(true);
    expect(isFreeSlot(schedule, at("2026-06-01T09:30:00Z"), [], 0)).toBe(true);
  });

  it("is false between slots, outside the rules, when busy, or in the past", () => {
    expect(isFreeSlot(schedule, at("2026-06-01T07:45:00Z"), [], 0)).toBe(false);
    expect(isFreeSlot(schedule, at("2026-06-01T07:30:01Z"), [], 0)).toBe(false);
    expect(isFreeSlot(schedule, at("2026-06-01T10:00:00Z"), [], 0)).toBe(false); // 12:00 local: the window's end
    expect(isFreeSlot(schedule, at("2026-06-01T09:00:00Z"), [], 0)).toBe(true); // 11:00 local
    expect(isFreeSlot(schedule, at("2026-06-01T05:30:00Z"), [], 0)).toBe(false); // 07:30 local
    expect(isFreeSlot(schedule, at("2026-06-06T07:30:00Z"), [], 0)).toBe(false); // Saturday
    expect(isFreeSlot(schedule, slot, [{ start: slot + 10 * MINUTE, end: slot + 20 * MINUTE }], 0)).toBe(false);
    expect(isFreeSlot(schedule, slot, [{ start: slot - 30 * MINUTE, end: slot }], 0)).toBe(true);
    expect(isFreeSlot(schedule, slot, [], slot + 1)).toBe(false);
    expect(isFreeSlot(schedule, slot, [], slot)).toBe(true);
  });

  it("follows exceptions and the zone's changes", () => {
    const withException = { ...schedule, exceptions: [closed(MONDAY)] };
    expect(isFreeSlot(withException, slot, [], 0)).toBe(false);
    const night = scheduleOf([{ day: "0", start: "01:00", end: "04:00" }], { timeZone: "Europe/Madrid" });
    expect(isFreeSlot(night, at("2026-10-25T00:30:00Z"), [], 0)).toBe(true); // 02:30 CEST
    expect(isFreeSlot(night, at("2026-10-25T01:30:00Z"), [], 0)).toBe(false); // 02:30 CET, the repeat
    expect(isFreeSlot(night, at("2027-03-28T01:00:00Z"), [], 0)).toBe(true); // 03:00 CEST
  });
});

describe("slotStateOf", () => {
  const schedule = scheduleOf([{ day: "week", start: "09:00", end: "12:00" }], { timeZone: "Europe/Madrid" });
  const slot = at("2026-06-01T07:30:00Z");

  it("tells a taken slot of the schedule (a conflict) from a time that is no slot at all (bad input)", () => {
    expect(slotStateOf(schedule, slot, [], 0)).toBe("free");
    expect(slotStateOf(schedule, slot, [{ start: slot, end: slot + 30 * MINUTE }], 0)).toBe("taken");
    expect(slotStateOf(schedule, slot, [{ start: slot + 10 * MINUTE, end: slot + 20 * MINUTE }], 0)).toBe("taken");
    expect(slotStateOf(schedule, at("2026-06-01T07:45:00Z"), [], 0)).toBe("none");
    expect(slotStateOf(schedule, at("2026-06-01T07:45:00Z"), [{ start: slot, end: slot + 30 * MINUTE }], 0)).toBe("none");
    expect(slotStateOf(schedule, at("2026-06-06T07:30:00Z"), [], 0)).toBe("none"); // Saturday
    expect(slotStateOf(schedule, slot, [{ start: slot, end: slot + 30 * MINUTE }], slot + 1)).toBe("none"); // past
  });
});

// ---------------------------------------------------------------- property

/** Local dates the clocks change in ZONES (2026-2027); ranges are drawn around them half the time. */
const CHANGE_DAYS: Record<(typeof ZONES)[number], string[]> = {
  "Europe/Madrid": ["2026-03-29", "2026-10-25", "2027-03-28", "2027-10-31"],
  "America/New_York": ["2026-03-08", "2026-11-01", "2027-03-14", "2027-11-07"],
  UTC: [],
  "Asia/Kolkata": [],
  "Pacific/Auckland": ["2026-04-05", "2026-09-27", "2027-04-04", "2027-09-26"],
  "Australia/Lord_Howe": ["2026-04-05", "2026-10-04", "2027-04-04", "2027-10-03"],
  "America/St_Johns": ["2026-03-08", "2026-11-01", "2027-03-14", "2027-11-07"],
};
const RANGE_DAYS = 14;

/** A rule on the 15-minute steps; one in three spans the whole day, so the night's clock changes fall inside it. */
const ruleArbitrary = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .record({ day: fc.constantFrom(...SCHEDULE_DAYS), start: fc.integer({ min: 0, max: 95 }), length: fc.integer({ min: 1, max: 96 }) })
      .map(({ day, start, length }) => ({ day, start: hhmm(start * 15), end: hhmm(Math.min(96, start + length) * 15) })),
  },
  { weight: 1, arbitrary: fc.record({ day: fc.constantFrom(...SCHEDULE_DAYS), start: fc.constant("00:00"), end: fc.constant("23:59") }) },
);

/** The first date of a range: any day of 2025-2029, or one whose 14 days hold a clock change of the zone. */
const fromArbitrary = (timeZone: (typeof ZONES)[number]) => {
  const anyDay = fc.integer({ min: 0, max: 5 * 365 }).map((days) => addDays("2025-01-01", days));
  const changes = CHANGE_DAYS[timeZone];
  if (changes.length === 0) return anyDay;
  return fc.oneof(
    anyDay,
    fc.tuple(fc.constantFrom(...changes), fc.integer({ min: 1 - RANGE_DAYS, max: 0 })).map(([date, days]) => addDays(date, days)),
  );
};

const caseArbitrary = fc
  .constantFrom(...ZONES)
  .chain((timeZone) => fc.tuple(fc.constant(timeZone), fromArbitrary(timeZone)))
  .chain(([timeZone, from]) => {
    const base = Date.parse(from) - DAY;
    return fc.record({
      from: fc.constant(from),
      timeZone: fc.constant(timeZone),
      duration: fc.constantFrom(15, 30, 45, 60),
      rules: fc.array(ruleArbitrary, { minLength: 1, maxLength: 4 }),
      exceptions: fc.uniqueArray(
        fc.record({
          day: fc.integer({ min: 0, max: RANGE_DAYS - 1 }),
          closed: fc.boolean(),
          start: fc.integer({ min: 0, max: 95 }),
          length: fc.integer({ min: 1, max: 96 }),
        }),
        { maxLength: 3, selector: (exception) => exception.day },
      ),
      busy: fc.array(
        fc
          .record({
            quarter: fc.integer({ min: 0, max: (RANGE_DAYS + 3) * 96 }),
            shift: fc.constantFrom(0, 0, 0, 5, 10),
            quarters: fc.integer({ min: 1, max: 16 }),
          })
          .map(({ quarter, shift, quarters }) => {
            const start = base + (quarter * 15 + shift) * MINUTE;
            return { start, end: start + quarters * 15 * MINUTE };
          }),
        { maxLength: 30 },
      ),
      now: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 0, max: (RANGE_DAYS + 2) * 96 }).map((quarter) => base + quarter * 15 * MINUTE),
      ),
    });
  });

describe("computeSlots (property)", () => {
  it("offers only whole slots on the schedule's steps, free, not past, in order, and every such slot", () => {
    fc.assert(
      fc.property(caseArbitrary, (drawn) => {
        const to = addDays(drawn.from, RANGE_DAYS - 1);
        const schedule = scheduleOf(drawn.rules, {
          duration: drawn.duration,
          timeZone: drawn.timeZone,
          exceptions: drawn.exceptions.map((exception) => {
            const date = addDays(drawn.from, exception.day);
            return exception.closed ? closed(date) : hours(date, hhmm(exception.start * 15), hhmm(Math.min(96, exception.start + exception.length) * 15));
          }),
        });
        const length = drawn.duration * MINUTE;
        const overlapsBusy = (start: number) => drawn.busy.some((interval) => interval.start < start + length && interval.end > start);
        const slots = computeSlots(schedule, drawn.from, to, drawn.busy, drawn.now);

        slots.forEach((slot, index) => {
          const date = zonedDate(slot.start, drawn.timeZone);
          const minutes = zonedMinutes(slot.start, drawn.timeZone);
          expect(date >= drawn.from && date <= to).toBe(true);
          const onStep = windowsOf(schedule, date).some(
            ([open, close]) => open <= minutes && minutes + drawn.duration <= close && (minutes - open) % drawn.duration === 0,
          );
          expect(onStep, `${iso(slot.start)} (${date} ${hhmm(minutes)}) is not on a step of its day's windows`).toBe(true);
          expect(zonedInstant(date, minutes, drawn.timeZone)).toBe(slot.start);
          expect(slot.end - slot.start).toBe(length);
          expect(overlapsBusy(slot.start)).toBe(false);
          expect(slot.start).toBeGreaterThanOrEqual(drawn.now);
          const previous = slots[index - 1];
          if (previous) {
            expect(slot.start).toBeGreaterThan(previous.start);
            expect(slot.start).toBeGreaterThanOrEqual(previous.end);
          }
        });

        // Nothing left out: every free step of every window is offered, unless it overlaps an
        // offered slot (only where a slot runs across a skipped hour).
        const offered = new Set(slots.map((slot) => slot.start));
        for (let day = 0; day < RANGE_DAYS; day += 1) {
          const date = addDays(drawn.from, day);
          for (const [open, close] of windowsOf(schedule, date)) {
            for (let minutes = open; minutes + drawn.duration <= close; minutes += drawn.duration) {
              const start = zonedInstant(date, minutes, drawn.timeZone);
              if (start === null || start < drawn.now || overlapsBusy(start) || offered.has(start)) continue;
              const blocking = slots.some((slot) => slot.start < start + length && slot.end > start);
              expect(blocking, `${date} ${hhmm(minutes)} (${iso(start)}) is free but not offered`).toBe(true);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("isoFormatter", () => {
  it("writes what Date#toISOString writes, for any millisecond of years 0 to 9999 (property)", () => {
    const first = at("0000-01-01T00:00:00.000Z");
    const last = at("9999-12-31T23:59:59.999Z");
    const format = isoFormatter();
    fc.assert(
      fc.property(fc.integer({ min: first, max: last }), (instant) => {
        expect(format(instant)).toBe(new Date(instant).toISOString());
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps each day's date apart: the edges of a day and the next", () => {
    const format = isoFormatter();
    for (const instant of [at("2026-03-29T00:00:00.000Z"), at("2026-03-28T23:59:59.999Z"), at("2026-03-29T00:00:00.001Z"), at("1969-12-31T23:59:59.990Z")]) {
      expect(format(instant)).toBe(iso(instant));
    }
  });
});

describe("computeSlots: steps, buffers and resources (the booking app, issue 35)", () => {
  const morning = [{ day: "all", start: "09:00", end: "11:00" }];
  const between = (start: string, end: string): Interval => ({ start: at(`${MONDAY}T${start}:00.000Z`), end: at(`${MONDAY}T${end}:00.000Z`) });
  const startsOn = (schedule: SlotSchedule, busy: Interval[] = [], pools: ResourcePool[] = []) =>
    starts(computeSlots(schedule, MONDAY, MONDAY, busy, 0, pools)).map((instant) => instant.slice(11, 16));

  it("offers a start every step, so 60-minute visits can start on the half hour", () => {
    expect(startsOn(scheduleOf(morning, { duration: 60, step: 30 }))).toEqual(["09:00", "09:30", "10:00"]);
    expect(startsOn(scheduleOf(morning, { duration: 60 }))).toEqual(["09:00", "10:00"]);
  });

  it("keeps the buffers free of others' holds, but lets them reach outside the hours", () => {
    const busy = [between("10:00", "10:30")];
    // 09:30 + 30 min would end at 10:00, but its 15 minutes after run into the held 10:00.
    expect(startsOn(scheduleOf(morning, { duration: 30, bufferAfter: 15 }), busy)).toEqual(["09:00", "10:30"]);
    // 10:30 would start right after the hold, but its 15 minutes before overlap it.
    expect(startsOn(scheduleOf(morning, { duration: 30, bufferBefore: 15 }), busy)).toEqual(["09:00", "09:30"]);
    // The day's only hour, with a quarter of an hour of setting up and clearing away outside it.
    expect(startsOn(scheduleOf([{ day: "all", start: "09:00", end: "10:00" }], { duration: 60, bufferBefore: 15, bufferAfter: 15 }))).toEqual(["09:00"]);
    expect(heldBy(scheduleOf(morning, { duration: 60, bufferBefore: 15, bufferAfter: 10 }), between("09:00", "10:00"))).toEqual(between("08:45", "10:10"));
  });

  it("needs one free unit of every pool: a second chair frees the hour the first one is taken", () => {
    const schedule = scheduleOf(morning, { duration: 60 });
    const oneChair: ResourcePool = [[between("09:00", "10:00")]];
    expect(startsOn(schedule, [], [oneChair])).toEqual(["10:00"]);
    const twoChairs: ResourcePool = [[between("09:00", "10:00")], []];
    expect(startsOn(schedule, [], [twoChairs])).toEqual(["09:00", "10:00"]);
    expect(freeUnitOf(twoChairs, between("09:00", "10:00"))).toBe(1);
    expect(freeUnitOf(twoChairs, between("10:00", "11:00"))).toBe(0);
    // A room free all morning does not help when the chair is taken: every pool must have a unit.
    expect(startsOn(schedule, [], [[[]], oneChair])).toEqual(["10:00"]);
    expect(slotStateOf(schedule, between("09:00", "10:00").start, [], 0, [oneChair])).toBe("taken");
    expect(slotStateOf(schedule, between("09:15", "10:15").start, [], 0, [oneChair])).toBe("none");
  });

  it("never double-books a provider or a unit, whatever the schedules, buffers and bookings (property)", () => {
    const providerArbitrary = fc.record({
      start: fc.integer({ min: 6 * 4, max: 12 * 4 }).map((quarters) => quarters * 15),
      hours: fc.integer({ min: 1, max: 10 }),
    });
    const caseArbitrary = fc.record({
      timeZone: fc.constantFrom(...ZONES),
      duration: fc.constantFrom(15, 30, 45, 60, 90),
      step: fc.option(fc.constantFrom(5, 10, 15, 30, 60), { nil: undefined }),
      bufferBefore: fc.constantFrom(0, 5, 15),
      bufferAfter: fc.constantFrom(0, 10, 30),
      providers: fc.array(providerArbitrary, { minLength: 1, maxLength: 3 }),
      units: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 0, maxLength: 2 }),
      picks: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 40 }),
    });
    fc.assert(
      fc.property(caseArbitrary, (drawn) => {
        const schedules = drawn.providers.map(({ start, hours }) =>
          scheduleOf([{ day: "all", start: hhmm(start), end: hhmm(Math.min(start + hours * 60, 1440)) }], {
            timeZone: drawn.timeZone,
            duration: drawn.duration,
            step: drawn.step,
            bufferBefore: drawn.bufferBefore,
            bufferAfter: drawn.bufferAfter,
          }),
        );
        const providerHolds: Interval[][] = schedules.map(() => []);
        const pools: Interval[][][] = drawn.units.map((count) => Array.from({ length: count }, () => []));
        // Each pick books a free slot of a provider (or "anyone": the next provider with one), as the booking page would.
        for (const [who, which] of drawn.picks) {
          const provider = who % schedules.length;
          const schedule = schedules[provider] as SlotSchedule;
          const free = computeSlots(schedule, MONDAY, addDays(MONDAY, 1), providerHolds[provider] as Interval[], 0, pools);
          if (free.length === 0) continue;
          const slot = free[which % free.length] as Interval;
          const holds = heldBy(schedule, slot);
          providerHolds[provider]?.push(holds);
          for (const pool of pools) {
            const unit = freeUnitOf(pool, holds);
            expect(unit, "a slot was offered while a pool had no free unit").toBeGreaterThanOrEqual(0);
            pool[unit]?.push(holds);
          }
        }
        const overlapping = (intervals: Interval[]) => {
          const sorted = [...intervals].sort((a, b) => a.start - b.start);
          return sorted.some((interval, index) => index > 0 && interval.start < (sorted[index - 1] as Interval).end);
        };
        for (const holds of providerHolds) expect(overlapping(holds), "a provider is double-booked").toBe(false);
        for (const pool of pools) for (const unit of pool) expect(overlapping(unit), "a resource unit is double-booked").toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
