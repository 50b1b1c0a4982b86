import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import {
  addDays,
  bookingRequest,
  dateLabel,
  datesBetween,
  type FreeSlot,
  lastBookableDay,
  placeRefusal,
  shownDay,
  slotsByDay,
  todayIn,
  weekFrom,
  weekLabel,
} from "./slots.ts";
import { zoneLabel } from "../../../lib/zoned-time.ts";

const slot = (start: string, minutes = 30): FreeSlot => ({
  start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  providerIds: ["p1"],
});

describe("dates", () => {
  it("adds calendar days across months, years and daylight-saving changes", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("lists the days of a range, both ends included", () => {
    expect(datesBetween("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(datesBetween("2026-12-03", "2026-12-03")).toEqual(["2026-12-03"]);
  });

  it("knows today in a zone", () => {
    const now = Date.parse("2026-12-03T23:30:00Z");
    expect(todayIn("Europe/Madrid", now)).toBe("2026-12-04");
    expect(todayIn("America/New_York", now)).toBe("2026-12-03");
  });

  it("cuts a week at the booking window's last day", () => {
    expect(lastBookableDay("2026-12-03", 60)).toBe("2027-02-01");
    expect(weekFrom("2026-12-03", "2027-02-01")).toEqual({ from: "2026-12-03", to: "2026-12-09" });
    expect(weekFrom("2027-01-28", "2027-02-01")).toEqual({ from: "2027-01-28", to: "2027-02-01" });
    expect(weekFrom("2027-01-28", null)).toEqual({ from: "2027-01-28", to: "2027-02-03" });
  });

  it("words dates the same in every zone", () => {
    expect(dateLabel("2026-12-03", "en", "long")).toBe("Thursday 3 December");
    expect(dateLabel("2026-12-03", "es", "long")).toBe("jueves, 3 de diciembre");
    expect(dateLabel("2026-12-03", "en", "weekday")).toBe("Thu");
    expect(dateLabel("2026-12-03", "en", "day")).toBe("3");
    // ICU versions space the dash differently.
    expect(weekLabel("2026-12-03", "2026-12-09", "en").replace(/\s/g, "")).toBe("3–9Dec2026");
  });

  it("writes a zone as people read it", () => {
    expect(zoneLabel("America/New_York")).toBe("America/New York");
  });
});

describe("slotsByDay", () => {
  const slots = [slot("2026-12-03T16:00:00Z"), slot("2026-12-03T08:00:00Z"), slot("2026-12-04T23:30:00Z")];

  it("groups free times by the client's day, in time order, keeping the week's empty days", () => {
    const days = slotsByDay(slots, "Europe/Madrid", ["2026-12-03", "2026-12-04", "2026-12-05"]);
    expect(days.map((day) => [day.date, day.slots.map((one) => one.start)])).toEqual([
      ["2026-12-03", ["2026-12-03T08:00:00Z", "2026-12-03T16:00:00Z"]],
      ["2026-12-04", []],
      // 23:30 UTC is 00:30 the next day in Madrid.
      ["2026-12-05", ["2026-12-04T23:30:00Z"]],
    ]);
  });

  it("adds a day a zone's offset pushes a time into", () => {
    const days = slotsByDay(slots, "Asia/Tokyo", ["2026-12-03", "2026-12-04"]);
    expect(days.map((day) => [day.date, day.slots.length])).toEqual([
      ["2026-12-03", 1],
      ["2026-12-04", 1],
      ["2026-12-05", 1],
    ]);
  });

  it("shows the chosen day when it has free times, else the first that has", () => {
    const days = slotsByDay(slots, "Europe/Madrid", ["2026-12-03", "2026-12-04", "2026-12-05"]);
    expect(shownDay(days, "2026-12-05")?.date).toBe("2026-12-05");
    expect(shownDay(days, "2026-12-04")?.date).toBe("2026-12-03");
    expect(shownDay(days, null)?.date).toBe("2026-12-03");
    expect(shownDay(slotsByDay([], "UTC", ["2026-12-03"]), null)).toBeNull();
  });
});

describe("bookingRequest", () => {
  const choice = { variationId: 4, providerId: null, start: "2026-12-04T09:00:00.000Z", timeZone: "America/New_York", language: "es" as const };

  it("sends a guest's details, trimmed", () => {
    expect(bookingRequest({ ...choice, guest: { name: " Ana Ruiz ", email: " ana@example.com ", phone: "" } })).toEqual({
      ...choice,
      client: { name: "Ana Ruiz", email: "ana@example.com", phone: "" },
    });
  });

  it("sends no details for a signed-in client: the account gives them", () => {
    const body = bookingRequest({ ...choice, providerId: "p1", guest: null });
    expect(body).toEqual({ ...choice, providerId: "p1" });
    expect("client" in body).toBe(false);
  });
});

describe("placeRefusal", () => {
  it("puts a taken time by the time choice", () => {
    const taken = new ApiError(409, { detail: "The provider has just been booked at this time: choose another." });
    expect(placeRefusal(taken)).toEqual({ time: "The provider has just been booked at this time: choose another.", fields: {}, other: [] });
  });

  it("puts a refused start by the time choice and the guest's fields on their fields", () => {
    const refused = new ApiError(400, { start: ["This time has passed."], "client.email": ["Invalid email address"], client: ["Give your name and email."] });
    expect(placeRefusal(refused)).toEqual({ time: "This time has passed.", fields: { email: "Invalid email address" }, other: ["Give your name and email."] });
  });

  it("leaves anything else to the notice", () => {
    expect(placeRefusal(new ApiError(500, { detail: "Boom" }))).toEqual({ time: null, fields: {}, other: [] });
    expect(placeRefusal(new Error("offline"))).toEqual({ time: null, fields: {}, other: [] });
  });
});

describe("texts", () => {
  const keys = (tree: object, prefix = ""): string[] =>
    Object.entries(tree).flatMap(([key, value]) => (typeof value === "object" ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`]));

  it("has every text in English and Spanish", () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });
});
