import type { Booking } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import {
  bookingsByDay,
  bookingWhen,
  canMarkOutcome,
  dayTitle,
  everyDay,
  formatZonedDay,
  isActive,
  lastDays,
  nextDays,
  rangeFromAddress,
  slotsByDay,
} from "./booking-days.ts";

const booking = (id: number, start: string, timeZone: string, change: Partial<Booking> = {}): Booking => ({
  id,
  status: "confirmed",
  service: { id: 1, name: "Vestibular therapy" },
  variation: { id: 2, name: "30 min" },
  appointmentType: 1,
  provider: { id: "p1", name: "Irene Castro" },
  location: { id: 1, name: "Madrid centre", timeZone },
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  client: { userId: null, name: "Ana", email: "ana@example.com", phone: "" },
  timeZone: "UTC",
  priceCents: 4500,
  resources: [],
  rating: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...change,
});

describe("the agenda's days", () => {
  it("groups bookings by the day they fall on at their location, days and times in order", () => {
    const days = bookingsByDay([
      // 23:30 UTC on the 3rd is already the 4th in Madrid (UTC+1 in winter)…
      booking(1, "2026-12-03T23:30:00.000Z", "Europe/Madrid"),
      // …while 03:00 UTC on the 4th is still the 3rd in New York (UTC−5).
      booking(2, "2026-12-04T03:00:00.000Z", "America/New_York"),
      booking(3, "2026-12-04T09:00:00.000Z", "Europe/Madrid"),
      booking(4, "2026-12-03T08:00:00.000Z", "Europe/Madrid"),
    ]);
    expect(days.map((day) => [day.date, day.items.map((item) => item.id)])).toEqual([
      ["2026-12-03", [4, 2]],
      ["2026-12-04", [1, 3]],
    ]);
  });

  it("groups free times by the location's day", () => {
    const slots = [{ start: "2026-07-01T22:00:00.000Z" }, { start: "2026-07-01T21:45:00.000Z" }, { start: "2026-07-01T08:00:00.000Z" }];
    expect(slotsByDay(slots, "Europe/Madrid").map((day) => [day.date, day.items.length])).toEqual([
      ["2026-07-01", 2],
      ["2026-07-02", 1],
    ]);
  });

  it("writes a booking's time at its location and a day's heading in the interface language", () => {
    // 09:00 UTC is 10:00 in Madrid; the end's date is not repeated.
    expect(bookingWhen(booking(1, "2026-12-03T09:00:00.000Z", "Europe/Madrid"), "en")).toBe("Thu 2026-12-03, 10:00 AM–10:30 AM");
    expect(formatZonedDay("2026-12-03T23:30:00.000Z", "Europe/Madrid", "es")).toBe("vie 2026-12-04");
    expect(dayTitle("2026-12-03", "en")).toBe("Thursday 2026-12-03");
    expect(dayTitle("2026-12-03", "es")).toBe("jueves 2026-12-03");
  });
});

describe("the ranges", () => {
  it("counts today in the last and the next days", () => {
    expect(lastDays("2026-12-03", 30)).toEqual({ since: "2026-11-04", to: "2026-12-03" });
    expect(nextDays("2026-12-30", 7)).toEqual({ since: "2026-12-30", to: "2027-01-05" });
  });

  it("reads the range from the address, or the last 30 days when it is missing, malformed or backwards", () => {
    const today = "2026-03-01";
    expect(rangeFromAddress(new URLSearchParams("since=2026-01-01&to=2026-01-31"), today)).toEqual({ since: "2026-01-01", to: "2026-01-31" });
    const last30 = { since: "2026-01-31", to: "2026-03-01" };
    expect(rangeFromAddress(new URLSearchParams(""), today)).toEqual(last30);
    expect(rangeFromAddress(new URLSearchParams("since=2026-13-45&to=2026-01-31"), today)).toEqual(last30);
    expect(rangeFromAddress(new URLSearchParams("since=2026-02-01&to=2026-01-31"), today)).toEqual(last30);
  });

  it("fills the days without bookings with zeros, across a month's end", () => {
    const days = everyDay("2026-01-30", "2026-02-02", [{ date: "2026-01-31", bookings: 3, cancelled: 1 }], (date) => ({ date, bookings: 0, cancelled: 0 }));
    expect(days).toEqual([
      { date: "2026-01-30", bookings: 0, cancelled: 0 },
      { date: "2026-01-31", bookings: 3, cancelled: 1 },
      { date: "2026-02-01", bookings: 0, cancelled: 0 },
      { date: "2026-02-02", bookings: 0, cancelled: 0 },
    ]);
  });
});

describe("what staff can do to a booking", () => {
  const now = Date.parse("2026-12-03T12:00:00.000Z");
  it("moves and cancels only what is still to happen", () => {
    expect(isActive("pending")).toBe(true);
    expect(isActive("confirmed")).toBe(true);
    expect(isActive("cancelled")).toBe(false);
    expect(isActive("completed")).toBe(false);
    expect(isActive("no_show")).toBe(false);
  });

  it("marks the outcome once the visit's time has come, and may change it after", () => {
    expect(canMarkOutcome({ status: "confirmed", start: "2026-12-03T11:00:00.000Z" }, now)).toBe(true);
    expect(canMarkOutcome({ status: "confirmed", start: "2026-12-03T13:00:00.000Z" }, now)).toBe(false);
    expect(canMarkOutcome({ status: "no_show", start: "2026-12-03T11:00:00.000Z" }, now)).toBe(true);
    expect(canMarkOutcome({ status: "pending", start: "2026-12-03T11:00:00.000Z" }, now)).toBe(false);
    expect(canMarkOutcome({ status: "cancelled", start: "2026-12-03T11:00:00.000Z" }, now)).toBe(false);
  });
});
