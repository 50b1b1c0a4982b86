import { describe, expect, it } from "vitest";
import { checkSession } from "../../check.ts";
import { summariseCommon } from "../../runtime/results.ts";
import { createEngine, idealPlayer, type Player, randomPlayer, realRuns, runEngine, sessionOf, summaryProblems } from "../../runtime/testing.ts";
import type { TrialRecord } from "../../runtime/types.ts";
import { modulatorBuilds } from "./builds.ts";
import { modulatorEngine } from "./engine.ts";
import { type ModulatorBuild, modulatorMetrics, modulatorParamsSchema } from "./metrics.ts";

const build = (id: string) => modulatorBuilds.find((b) => b.id === id)!;
const stripes = build("modulator-stripes-horizontal");
const play = (b: ModulatorBuild, player: Player, seed = 1, until?: number) =>
  runEngine(createEngine(modulatorEngine, b, { seed }), { player, size: b.size, record: false, until });
const check = (b: ModulatorBuild, trials: TrialRecord[]) => modulatorMetrics.checkTrials(trials, b);

/** A symptom rating the test writes itself. */
const rating = (index: number, value: number | null, condition = "baseline", level = 1): TrialRecord => ({
  index,
  kind: "symptom",
  condition,
  level,
  shownAt: index * 1000,
  respondedAt: value === null ? null : index * 1000 + 800,
  rtMs: value === null ? null : 800,
  correct: null,
  outcome: "sample",
  value,
});

describe("modulator summary", () => {
  it("describes a perfect run: accuracy 1 at every level reached, no symptom change", () => {
    const run = play(stripes, idealPlayer(300));
    const summary = modulatorMetrics.summarise(run.trials, stripes);
    expect(summary).toMatchObject({
      accuracy_level_1: 1,
      accuracy_level_3: 1,
      accuracy_level_6: 1,
      accuracy_level_8: 1,
      accuracy_level_10: 1,
      rt_level_1_median_ms: 300,
      accuracy_left: 1,
      accuracy_right: 1,
      stimulus_level_max: 10,
      target_hit_rate: 1,
      false_alarm_rate: 0,
      background_speed_max: 150,
      symptom_ratings: 5,
      symptom_first: 0,
      symptom_last: 0,
      symptom_max: 0,
      symptom_change: 0,
    });
    expect(summary.accuracy_level_2).toBeUndefined();
    expect(summariseCommon(run.trials).accuracy).toBe(1);
  });

  it("gives the change in symptoms from the first rating to the last, skipping unanswered ones", () => {
    const trials = [rating(0, 2), rating(1, 5, "stripes-left-1"), rating(2, null, "stripes-right-1"), rating(3, 4, "stripes-left-2", 2)];
    expect(modulatorMetrics.summarise(trials, stripes)).toEqual({
      symptom_ratings: 3,
      symptom_first: 2,
      symptom_last: 4,
      symptom_max: 5,
      symptom_mean: 3.67,
      symptom_change: 2,
    });
    expect(modulatorMetrics.summarise([rating(0, null)], stripes)).toEqual({ symptom_ratings: 0 });
  });

  it("is deterministic and gives finite snake_case numbers that never repeat the common ones", () => {
    for (const b of modulatorBuilds) {
      const trials = play(b, randomPlayer(4, { perSecond: 3 }), 1, 90_000).trials;
      const summary = modulatorMetrics.summarise(trials, b);
      expect(modulatorMetrics.summarise(trials, b)).toEqual(summary);
      expect(summaryProblems(trials, summary)).toEqual([]);
    }
  });
});

describe("modulator checks", () => {
  it.each(modulatorBuilds.map((b) => [b.id, b] as const))("accepts real runs of %s, whoever plays", (_, b) => {
    for (const run of realRuns(modulatorEngine, b, { motion: 0.7, until: 90_000 })) {
      expect(check(b, [...run.trials])).toEqual([]);
      expect(checkSession(sessionOf(b, run, { motion: 0.7 })).errors).toEqual([]);
    }
  });

  it("refuses tampered trials", () => {
    const trials = [...play(stripes, idealPlayer(400)).trials];
    const go = trials.find((t) => t.kind === "go")!;
    const nogo = trials.find((t) => t.kind === "nogo")!;
    const tamper = (i: number, change: Partial<TrialRecord>) =>
      check(
        stripes,
        trials.map((t) => (t.index === i ? { ...t, ...change } : t)),
      );
    expect(tamper(go.index, { kind: "choice" })[0]).toMatch(/kind "choice"/);
    expect(tamper(go.index, { condition: "dots-out-1" })[0]).toMatch(/condition "dots-out-1"/);
    expect(tamper(go.index, { condition: "stripes-up-1" })[0]).toMatch(/condition "stripes-up-1"/);
    // The condition names the level the trial ran at.
    expect(tamper(go.index, { condition: "stripes-left-7" })[0]).toMatch(/condition "stripes-left-7"/);
    expect(tamper(go.index, { outcome: "miss", correct: false })[0]).toMatch(/cannot end in miss/);
    expect(tamper(nogo.index, { outcome: "hit", correct: true })[0]).toMatch(/cannot end in hit/);
    expect(tamper(0, { outcome: "hit", correct: true })[0]).toMatch(/symptom trial cannot end in hit/);
    expect(tamper(0, { value: 11 })[0]).toMatch(/symptom rating 11/);
    expect(tamper(0, { value: 2.5 })[0]).toMatch(/symptom rating 2.5/);
    expect(tamper(0, { value: null })[0]).toMatch(/symptom rating null/);
    expect(tamper(0, { condition: "after" })[0]).toMatch(/condition "after"/);
    // Faster than the level allows, or no speed at all.
    expect(tamper(go.index, { value: 500 })[0]).toMatch(/background speed 500/);
    expect(tamper(go.index, { value: null })[0]).toMatch(/background speed null/);
    expect(tamper(go.index, { rtMs: 40, respondedAt: go.shownAt + 40 })[0]).toMatch(/rt 40 ms/);
    expect(tamper(go.index, { rtMs: 4000, respondedAt: go.shownAt + 4000 })[0]).toMatch(/rt 4000 ms/);
    expect(tamper(trials.length - 1, { shownAt: 0 })[0]).toMatch(/shown before/);
    const extra = trials.filter((t) => t.kind === "go").map((t, i) => ({ ...t, index: trials.length + i }));
    expect(check(stripes, [...trials, ...extra, ...extra])[0]).toMatch(/task trials, but the build plans 80/);
    const ratings = [0, 1, 2, 3, 4, 5].map((i) => rating(i, 1));
    expect(check(stripes, ratings)[0]).toMatch(/6 symptom ratings, but the build plans 5/);
  });

  it("has parameters that say what is wrong", () => {
    const base = stripes.params;
    expect(modulatorParamsSchema.safeParse(base).success).toBe(true);
    // Stripes of 120 px may not move faster than 360 px/s (3 Hz).
    expect(modulatorParamsSchema.safeParse({ ...base, speed: { min: 20, max: 400 } }).success).toBe(false);
    expect(modulatorParamsSchema.safeParse({ ...base, speed: { min: 200, max: 100 } }).success).toBe(false);
    expect(modulatorParamsSchema.safeParse({ ...base, directions: ["cw"] }).success).toBe(false);
    expect(modulatorParamsSchema.safeParse({ ...base, directions: ["left", "left"] }).success).toBe(false);
    expect(modulatorParamsSchema.safeParse({ ...base, pattern: "rotation", directions: ["cw"], speed: { min: 5, max: 90 } }).success).toBe(false);
    expect(modulatorParamsSchema.safeParse({ ...base, contrast: { min: 0.1, max: 0.9 } }).success).toBe(false);
    expect(modulatorParamsSchema.safeParse({ ...base, colour: "red" }).success).toBe(false);
  });
});
