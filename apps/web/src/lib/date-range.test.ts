import { STATISTICS_QUICK_RANGES } from "@clinic/shared";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { adherencePerWeek } from "../modules/clinic/statistics/shape.ts";
import { activeQuickRange, parseRange, quickRange, rangeProblem, rangeSearch, todayOf } from "./date-range.ts";

const today = "2026-03-15";

describe("the statistics' range", () => {
  it("is today when the address holds no range, or a day that is not one (spec §9)", () => {
    expect(parseRange(new URLSearchParams(""), today)).toEqual({ since: today, to: today });
    expect(parseRange(new URLSearchParams("since=2026-02-30&to=yesterday"), today)).toEqual({ since: today, to: today });
    expect(parseRange(new URLSearchParams("since=2026-02-01&to=2026-02-28"), today)).toEqual({ since: "2026-02-01", to: "2026-02-28" });
  });

  it("counts today in each quick range: 7 days end today and start six days before", () => {
    expect(quickRange("today", today, null)).toEqual({ since: today, to: today });
    expect(quickRange("7", today, null)).toEqual({ since: "2026-03-09", to: today });
    expect(quickRange("30", today, null)).toEqual({ since: "2026-02-14", to: today });
    expect(quickRange("90", today, null)).toEqual({ since: "2025-12-16", to: today });
  });

  it("starts `all` at the patient's first record, or today when they have none (or it is later)", () => {
    expect(quickRange("all", today, "2026-01-02")).toEqual({ since: "2026-01-02", to: today });
    expect(quickRange("all", today, null)).toEqual({ since: today, to: today });
    expect(quickRange("all", today, "2026-04-01")).toEqual({ since: today, to: today });
    // Without a first record to know (the platform's figures): the longest range, 5 × 366 days with today.
    expect(quickRange("all", today, undefined)).toEqual({ since: "2021-03-12", to: today });
    expect(rangeProblem(quickRange("all", today, undefined))).toBeNull();
  });

  it("names the quick range a range is, preferring today to an `all` that is only today", () => {
    expect(activeQuickRange({ since: "2026-02-14", to: today }, today, null, STATISTICS_QUICK_RANGES)).toBe("30");
    expect(activeQuickRange({ since: "2026-01-02", to: today }, today, "2026-01-02", STATISTICS_QUICK_RANGES)).toBe("all");
    expect(activeQuickRange({ since: today, to: today }, today, null, STATISTICS_QUICK_RANGES)).toBe("today");
    expect(activeQuickRange({ since: "2026-02-14", to: "2026-03-14" }, today, null, STATISTICS_QUICK_RANGES)).toBeNull();
  });

  it("finds what the server would refuse: an end before the start, over five years, not a day", () => {
    expect(rangeProblem({ since: "2026-03-02", to: "2026-03-01" })).toBe("sinceAfterTo");
    expect(rangeProblem({ since: "2020-01-01", to: "2026-03-01" })).toBe("rangeTooLong");
    expect(rangeProblem({ since: "2021-03-02", to: "2026-03-01" })).toBeNull();
    expect(rangeProblem({ since: "2026-13-01", to: "2026-03-01" })).toBe("notADate");
    expect(rangeProblem({ since: today, to: today })).toBeNull();
  });

  it("reads adherence per day up to 31 days and per week beyond", () => {
    expect(adherencePerWeek({ since: "2026-02-13", to: today })).toBe(false);
    expect(adherencePerWeek({ since: "2026-02-12", to: today })).toBe(true);
  });

  it("writes the range into the address and keeps the rest of it", () => {
    expect(rangeSearch(new URLSearchParams("patient=abc&since=2026-01-01"), { since: "2026-02-01", to: today }).toString()).toBe(
      "patient=abc&since=2026-02-01&to=2026-03-15",
    );
  });

  it("takes today from the viewer's calendar", () => {
    expect(todayOf(dayjs("2026-03-15T23:30:00"))).toBe("2026-03-15");
  });
});
