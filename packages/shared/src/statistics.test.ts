import { FAMILIES, type Family } from "@clinic/games";
import { describe, expect, it } from "vitest";
import { FAMILY_MEASURES, measureTrend, type TrendDirection } from "./statistics.ts";

/**
 * measureTrend against sessions worked by hand, for every family's main measures. The rule:
 * with n points, a third is max(1, floor(n / 3)) points; start = mean of the first third,
 * end = mean of the last third, change = end − start. Below 3 points there is no direction.
 * A change within 3 points (0.03) for ratios, or within 5 % of |start| for the rest, is steady;
 * otherwise it improves when it moves the measure's better way.
 */
interface Worked {
  values: number[];
  start: number;
  end: number;
  direction: TrendDirection | null;
}

const WORKED: Record<Family, Record<string, Worked>> = {
  // 6 sessions: thirds of 2.
  reactor: {
    // (520+500)/2 = 510 → (430+410)/2 = 420: −90, beyond 5 % of 510 (25.5), faster → improving.
    rt_median_ms: { values: [520, 500, 470, 460, 430, 410], start: 510, end: 420, direction: "improving" },
    // 0.81 → 0.82: +0.01, within 0.03 → steady.
    accuracy: { values: [0.8, 0.82, 0.81, 0.83, 0.82, 0.82], start: 0.81, end: 0.82, direction: "steady" },
    // 1 → 3: +2, beyond 0.05 → improving.
    level_end: { values: [1, 1, 2, 2, 3, 3], start: 1, end: 3, direction: "improving" },
  },
  // 3 sessions: thirds of 1 (first against last).
  activator: {
    // 600 → 700: +100, beyond 30, slower → worsening.
    rt_mean_ms: { values: [600, 640, 700], start: 600, end: 700, direction: "worsening" },
    // 0.9 → 0.8: −0.1 → worsening.
    accuracy: { values: [0.9, 0.85, 0.8], start: 0.9, end: 0.8, direction: "worsening" },
    // 4 → 4: no change → steady.
    level_end: { values: [4, 4, 4], start: 4, end: 4, direction: "steady" },
  },
  // 2 sessions: too few to call a trend, start and end still given.
  reflector: {
    accuracy: { values: [0.5, 0.9], start: 0.5, end: 0.9, direction: null },
    max_pace_bpm: { values: [60, 72], start: 60, end: 72, direction: null },
    level_end: { values: [2, 3], start: 2, end: 3, direction: null },
  },
  // 4 sessions: thirds of 1.
  regulator: {
    // 40 → 28 px: −12, beyond 2 (5 % of 40), less error → improving.
    tracking_error_mean_px: { values: [40, 36, 30, 28], start: 40, end: 28, direction: "improving" },
    // 0.50 → 0.52: +0.02, within 0.03 → steady (the 0.60 in between does not count).
    time_on_target: { values: [0.5, 0.55, 0.6, 0.52], start: 0.5, end: 0.52, direction: "steady" },
    // 3 → 2: −1, beyond 0.15, lower level → worsening.
    level_end: { values: [3, 3, 2, 2], start: 3, end: 2, direction: "worsening" },
  },
  // 5 sessions: thirds of 1.
  modulator: {
    // 0.6 → 0.7: +0.1 → improving.
    accuracy: { values: [0.6, 0.65, 0.7, 0.75, 0.7], start: 0.6, end: 0.7, direction: "improving" },
    // 800 → 780: −20, within 40 (5 % of 800) → steady.
    rt_median_ms: { values: [800, 790, 805, 795, 780], start: 800, end: 780, direction: "steady" },
    // 5 → 6: +1, beyond 0.25 → improving.
    level_end: { values: [5, 5, 6, 6, 6], start: 5, end: 6, direction: "improving" },
  },
  // 1 session: the point is its own start and end; no direction.
  equalizer: {
    accuracy: { values: [0.75], start: 0.75, end: 0.75, direction: null },
    rt_median_ms: { values: [450], start: 450, end: 450, direction: null },
    level_end: { values: [2], start: 2, end: 2, direction: null },
  },
  // 6 sessions: thirds of 2.
  evaluator: {
    // (4+5)/2 = 4.5 → (6+7)/2 = 6.5: +2 items → improving.
    span_max: { values: [4, 5, 5, 6, 6, 7], start: 4.5, end: 6.5, direction: "improving" },
    // (3.0+2.8)/2 = 2.9 → (3.0+2.9)/2 = 2.95: +0.05, within 0.145 (5 % of 2.9) → steady.
    svv_abs_error_deg: { values: [3, 2.8, 2.9, 2.9, 3, 2.9], start: 2.9, end: 2.95, direction: "steady" },
    // (0.2+0.25)/2 = 0.225 → (0.35+0.4)/2 = 0.375: +0.15 logMAR lost, beyond 0.01125 → worsening.
    dva_loss_logmar: { values: [0.2, 0.25, 0.3, 0.3, 0.35, 0.4], start: 0.225, end: 0.375, direction: "worsening" },
  },
  // 7 sessions: thirds of floor(7/3) = 2.
  optimizer: {
    // (1+2)/2 = 1.5 → (4+5)/2 = 4.5: +3 → improving.
    level_reached: { values: [1, 2, 2, 3, 3, 4, 5], start: 1.5, end: 4.5, direction: "improving" },
    // (0.9+0.88)/2 = 0.89 → (0.84+0.8)/2 = 0.82: −0.07 → worsening.
    accuracy: { values: [0.9, 0.88, 0.9, 0.86, 0.85, 0.84, 0.8], start: 0.89, end: 0.82, direction: "worsening" },
    // (500+510)/2 = 505 → (490+510)/2 = 500: −5, within 25.25 → steady.
    rt_median_ms: { values: [500, 510, 495, 505, 500, 490, 510], start: 505, end: 500, direction: "steady" },
  },
  // 3 sessions: thirds of 1.
  "optimizer-vr": {
    level_reached: { values: [2, 2, 2], start: 2, end: 2, direction: "steady" },
    // 0.70 → 0.74: +0.04, beyond 0.03 → improving.
    accuracy: { values: [0.7, 0.7, 0.74], start: 0.7, end: 0.74, direction: "improving" },
    // 600 → 540: −60, beyond 30 → improving (the 500 in between does not count).
    rt_median_ms: { values: [600, 500, 540], start: 600, end: 540, direction: "improving" },
  },
};

const pointsOf = (values: number[]) => values.map((value) => ({ value }));

describe("measureTrend", () => {
  it("has a worked case for every main measure of every family", () => {
    for (const family of FAMILIES) {
      expect(Object.keys(WORKED[family]), family).toEqual(FAMILY_MEASURES[family].map((measure) => measure.name));
    }
  });

  for (const family of FAMILIES) {
    it.each(FAMILY_MEASURES[family].map((measure) => [measure.name, measure] as const))(`${family}: %s`, (name, measure) => {
      const worked = WORKED[family][name] as Worked;
      const trend = measureTrend(pointsOf(worked.values), measure);
      expect(trend).not.toBeNull();
      expect(trend?.sessions).toBe(worked.values.length);
      expect(trend?.start).toBeCloseTo(worked.start, 9);
      expect(trend?.end).toBeCloseTo(worked.end, 9);
      expect(trend?.change).toBeCloseTo(worked.end - worked.start, 9);
      expect(trend?.direction).toBe(worked.direction);
    });
  }

  it("answers null without points, and calls a change of exactly the steady share steady", () => {
    expect(measureTrend([], { unit: "ms", better: "lower" })).toBeNull();
    // 400 → 420 ms: +20 = 5 % of 400 → steady; 400 → 421: slower → worsening.
    expect(measureTrend(pointsOf([400, 410, 420]), { unit: "ms", better: "lower" })?.direction).toBe("steady");
    expect(measureTrend(pointsOf([400, 410, 421]), { unit: "ms", better: "lower" })?.direction).toBe("worsening");
    // Ratios use points, not shares: 0.10 → 0.12 is +0.02 → steady although it is +20 %.
    expect(measureTrend(pointsOf([0.1, 0.1, 0.12]), { unit: "ratio", better: "higher" })?.direction).toBe("steady");
    // A start of 0 makes any change count (5 % of 0 is 0).
    expect(measureTrend(pointsOf([0, 0, 1]), { unit: "items", better: "higher" })?.direction).toBe("improving");
  });
});
