import { describe, expect, it } from "vitest";
import { checkSession } from "../../check.ts";
import { createEngine, idealPlayer, type Player, randomPlayer, realRuns, runEngine, sessionOf, silentPlayer, summaryProblems } from "../../runtime/testing.ts";
import type { Outcome, TrialRecord } from "../../runtime/types.ts";
import { equalizerBuilds } from "./builds.ts";
import { equalizerEngine } from "./engine.ts";
import { type EqualizerBuild, eccentricityAt, equalizerMetrics, equalizerParamsSchema, responseWindowAt } from "./metrics.ts";

const build = (id: string) => equalizerBuilds.find((b) => b.id === id)!;
const play = (b: EqualizerBuild, player: Player, seed = 1) => runEngine(createEngine(equalizerEngine, b, { seed }), { player, size: b.size, record: false });
const check = (b: EqualizerBuild, trials: TrialRecord[]) => equalizerMetrics.checkTrials(trials, b);

function trial(index: number, condition: string, outcome: Outcome, rtMs: number | null, value = 260): TrialRecord {
  const shownAt = 1000 * (index + 1);
  return {
    index,
    kind: "choice",
    condition,
    level: 5,
    shownAt,
    respondedAt: rtMs === null ? null : shownAt + rtMs,
    rtMs,
    correct: outcome === "hit",
    outcome,
    value,
  };
}

describe("equalizer summary", () => {
  it("describes a perfect run as symmetric", () => {
    const b = build("equalizer-choice");
    const summary = equalizerMetrics.summarise(play(b, idealPlayer(320)).trials, b);
    expect(summary).toEqual({
      accuracy_left: 1,
      accuracy_right: 1,
      rt_mean_left_ms: expect.closeTo(320, 6),
      rt_mean_right_ms: expect.closeTo(320, 6),
      rt_median_left_ms: expect.closeTo(320, 6),
      rt_median_right_ms: expect.closeTo(320, 6),
      omissions_left: 0,
      omissions_right: 0,
      eccentricity_max_hit_left_px: 260,
      eccentricity_max_hit_right_px: 260,
      rt_asymmetry_index: expect.closeTo(0, 9),
      accuracy_asymmetry_index: 0,
    });
  });

  it("gives each side its figures and the asymmetry indexes (right − left) / (right + left)", () => {
    const b = build("equalizer-peripheral");
    const trials = [
      trial(0, "left", "hit", 300, 120),
      trial(1, "left", "hit", 500, 200),
      trial(2, "left", "omission", null, 260),
      trial(3, "left", "miss", 450, 260),
      trial(4, "right", "hit", 400, 120),
      trial(5, "right", "hit", 400, 300),
      // Anticipations say nothing about a side.
      trial(6, "right", "anticipation", 50, 300),
      trial(7, "right", "hit", 700, 340),
    ];
    const summary = equalizerMetrics.summarise(trials, b);
    expect(summary).toEqual({
      accuracy_left: 0.5,
      accuracy_right: 1,
      rt_mean_left_ms: 400,
      rt_mean_right_ms: 500,
      rt_median_left_ms: 400,
      rt_median_right_ms: 400,
      omissions_left: 1,
      omissions_right: 0,
      eccentricity_max_hit_left_px: 200,
      eccentricity_max_hit_right_px: 340,
      // (500 − 400) / 900 and (1 − 0.5) / 1.5.
      rt_asymmetry_index: expect.closeTo(1 / 9, 9),
      accuracy_asymmetry_index: expect.closeTo(1 / 3, 9),
    });
  });

  it("leaves out what a run with no answers cannot tell", () => {
    const b = build("equalizer-simple");
    const summary = equalizerMetrics.summarise(play(b, silentPlayer).trials, b);
    expect(summary).toEqual({ accuracy_left: 0, accuracy_right: 0, omissions_left: 20, omissions_right: 20 });
    expect(equalizerMetrics.summarise([], b)).toEqual({});
  });

  it("is deterministic and gives finite snake_case numbers only, never the common names", () => {
    for (const b of equalizerBuilds) {
      const trials = play(b, randomPlayer(4, { perSecond: 3 })).trials;
      const summary = equalizerMetrics.summarise(trials, b);
      expect(equalizerMetrics.summarise(trials, b)).toEqual(summary);
      expect(summaryProblems(trials, summary)).toEqual([]);
    }
  });
});

describe("equalizer checks", () => {
  it.each(equalizerBuilds.map((b) => [b.id, b] as const))("accepts real runs of %s, whoever plays", (_, b) => {
    for (const run of realRuns(equalizerEngine, b)) {
      expect(check(b, [...run.trials])).toEqual([]);
      expect(checkSession(sessionOf(b, run)).errors).toEqual([]);
    }
  });

  it("refuses tampered trials", () => {
    const b = build("equalizer-peripheral");
    const trials = [...play(b, idealPlayer(400)).trials];
    const tamper = (i: number, change: Partial<TrialRecord>) =>
      check(
        b,
        trials.map((t) => (t.index === i ? { ...t, ...change } : t)),
      );
    expect(tamper(0, { kind: "simple" })[0]).toMatch(/kind "simple" is not choice/);
    expect(tamper(0, { condition: "up" })[0]).toMatch(/condition "up"/);
    expect(tamper(0, { condition: "" })[0]).toMatch(/condition ""/);
    expect(tamper(0, { outcome: "commission" })[0]).toMatch(/cannot end in commission/);
    expect(tamper(0, { outcome: "sample", correct: null })[0]).toMatch(/cannot end in sample/);
    expect(tamper(1, { value: 30 })[0]).toMatch(/eccentricity 30/);
    expect(tamper(1, { value: null })[0]).toMatch(/eccentricity null/);
    // Further out than the level puts it.
    expect(tamper(1, { value: eccentricityAt(b, trials[1].level) + 1 })[0]).toMatch(/eccentricity/);
    const window = responseWindowAt(b, trials[2].level);
    expect(tamper(2, { rtMs: 60, respondedAt: trials[2].shownAt + 60 })[0]).toMatch(/rt 60 ms/);
    expect(tamper(2, { rtMs: window + 1, respondedAt: trials[2].shownAt + window + 1 })[0]).toMatch(/rt \d+ ms is outside/);
    expect(tamper(2, { outcome: "anticipation", correct: false, rtMs: 9000, respondedAt: trials[2].shownAt + 9000 })[0]).toMatch(/anticipation 9000 ms/);
    expect(tamper(3, { shownAt: 0 })[0]).toMatch(/shown before/);
    expect(check(b, [...trials, ...trials.slice(0, 5).map((t, i) => ({ ...t, index: trials.length + i }))])[0]).toMatch(/45 trials, but the build plans 40/);
  });

  it("refuses a miss where there is no side to choose, and kinds of other builds", () => {
    const b = build("equalizer-simple");
    const [first] = play(b, idealPlayer(300)).trials;
    expect(check(b, [{ ...first, outcome: "miss", correct: false }])[0]).toMatch(/simple trial cannot end in miss/);
    expect(check(build("equalizer-distractors"), [{ ...first, kind: "choice" }])[0]).toMatch(/kind "choice" is not distractors/);
  });

  it("has parameters that say what is wrong", () => {
    const base = build("equalizer-choice").params;
    expect(equalizerParamsSchema.safeParse(base).success).toBe(true);
    expect(equalizerParamsSchema.safeParse({ ...base, mode: "both" }).success).toBe(false);
    expect(equalizerParamsSchema.safeParse({ ...base, mode: "simple", distractors: 2 }).success).toBe(false);
    expect(equalizerParamsSchema.safeParse({ ...base, distractors: 5 }).success).toBe(false);
    expect(equalizerParamsSchema.safeParse({ ...base, responseWindowMs: { easy: 300, hard: 900 } }).success).toBe(false);
    expect(equalizerParamsSchema.safeParse({ ...base, eccentricityPx: { easy: 400, hard: 100 } }).success).toBe(false);
    expect(equalizerParamsSchema.safeParse({ ...base, eccentricityPx: { easy: 20, hard: 100 } }).success).toBe(false);
    expect(equalizerParamsSchema.safeParse({ ...base, foreperiodMs: { min: 3000, max: 1000 } }).success).toBe(false);
    expect(equalizerParamsSchema.safeParse({ ...base, colour: "red" }).success).toBe(false);
  });
});
