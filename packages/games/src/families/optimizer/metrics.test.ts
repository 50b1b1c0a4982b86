import { describe, expect, it } from "vitest";
import { checkSession } from "../../check.ts";
import { summariseCommon } from "../../runtime/results.ts";
import { probit } from "../../runtime/stats.ts";
import { createEngine, type Player, randomPlayer, runEngine, sessionOf, silentPlayer, summaryProblems, trackingPlayer } from "../../runtime/testing.ts";
import type { TrialRecord } from "../../runtime/types.ts";
import { optimizerBuilds } from "./builds.ts";
import { optimizerEngine } from "./engine.ts";
import { itemMsAt, type OptimizerBuild, optimizerMetrics, optimizerParamsSchema, speedAt } from "./metrics.ts";

const build = (id: string) => optimizerBuilds.find((b) => b.id === id)!;
const play = (b: OptimizerBuild, player: Player, seed = 1, until?: number) =>
  runEngine(createEngine(optimizerEngine, b, { seed }), { player, size: b.size, record: false, until });
const check = (b: OptimizerBuild, trials: TrialRecord[]) => optimizerMetrics.checkTrials(trials, b);

const goodPlayer = trackingPlayer;

describe("optimizer summary", { timeout: 60_000 }, () => {
  it("describes a good n-back run: level, rates, d′, tracking", () => {
    const b = build("optimizer-1back-pursuit");
    const trials = play(b, goodPlayer()).trials;
    const summary = optimizerMetrics.summarise(trials, b);
    const matches = trials.filter((t) => t.condition === "match").length;
    const others = trials.filter((t) => t.condition === "nonmatch").length;
    expect(summary).toMatchObject({ level_reached: 20, level_final: 20, speed_reached_px_s: 320, nback_accuracy: 1, hit_rate: 1, false_alarm_rate: 0 });
    expect(summary.d_prime).toBeCloseTo(probit((matches + 0.5) / (matches + 1)) - probit(0.5 / (others + 1)), 9);
    // One frame behind the circle at worst: a few px.
    expect(summary.tracking_error_mean_px).toBeGreaterThan(0);
    expect(summary.tracking_error_mean_px).toBeLessThan(6);
    expect(summary.tracking_within_tolerance).toBe(1);
    expect(summariseCommon(trials).rt_mean_ms).toBeCloseTo(300, 6);
    expect(summary.sequence_accuracy).toBeUndefined();
  });

  it("describes a silent run, leaving out what cannot be computed", () => {
    const b = build("optimizer-position-saccades");
    const trials = play(b, silentPlayer).trials;
    const summary = optimizerMetrics.summarise(trials, b);
    expect(summary.hit_rate).toBe(0);
    expect(summary.false_alarm_rate).toBe(0);
    // Correct rejections climb a little, omissions fall further: near the bottom.
    expect(summary.level_final).toBeLessThanOrEqual(2);
    expect(summary.item_ms_reached).toBe(itemMsAt(b, summary.level_reached));
    expect(summary.saccade_amplitude_mean_px).toBeGreaterThan(300);
    expect(summary.tracking_error_mean_px).toBeUndefined();
    expect(summariseCommon(trials).rt_mean_ms).toBeUndefined();
  });

  it("describes a memory run: sequence accuracy and the longest span recalled", () => {
    const b = build("optimizer-sequence-pursuit");
    const summary = optimizerMetrics.summarise(play(b, goodPlayer()).trials, b);
    expect(summary).toMatchObject({ sequence_accuracy: 1, level_reached: 7, span_max: 7 });
    expect(summary.nback_accuracy).toBeUndefined();
    expect(speedAt(b, 9)).toBe(100);
  });

  it("is deterministic and gives finite snake_case numbers only, never the common names", () => {
    for (const b of optimizerBuilds) {
      const trials = play(b, randomPlayer(4, { perSecond: 3 }), 1, 90_000).trials;
      const summary = optimizerMetrics.summarise(trials, b);
      expect(optimizerMetrics.summarise(trials, b)).toEqual(summary);
      expect(summaryProblems(trials, summary)).toEqual([]);
    }
  });
});

describe("optimizer checks", { timeout: 60_000 }, () => {
  it.each(optimizerBuilds.map((b) => [b.id, b] as const))("accepts real runs of %s, whoever plays", (_, b) => {
    for (const [i, player] of [goodPlayer(), silentPlayer, randomPlayer(8, { perSecond: 3, keys: [" ", "1", "2", "3", "4", "x"] })].entries()) {
      const run = play(b, player, i + 1, 90_000);
      expect(check(b, [...run.trials])).toEqual([]);
      expect(checkSession(sessionOf(b, run)).errors).toEqual([]);
    }
  });

  it("refuses tampered n-back and pursuit trials", () => {
    const b = build("optimizer-2back-pursuit");
    const trials = [...play(b, goodPlayer(), 1, 60_000).trials];
    const tamper = (predicate: (t: TrialRecord) => boolean, change: Partial<TrialRecord>) => {
      const target = trials.find(predicate)!;
      return check(
        b,
        trials.map((t) => (t === target ? { ...t, ...change } : t)),
      );
    };
    const hit = (t: TrialRecord) => t.outcome === "hit";
    const sample = (t: TrialRecord) => t.kind === "pursuit";
    expect(tamper(hit, { kind: "memory" })[0]).toMatch(/kind "memory"/);
    expect(tamper(hit, { kind: "saccade" })[0]).toMatch(/kind "saccade"/);
    expect(tamper(hit, { condition: "left" })[0]).toMatch(/condition "left"/);
    expect(tamper(hit, { outcome: "correct-rejection" })[0]).toMatch(/match trial cannot end in correct-rejection/);
    expect(tamper((t) => t.condition === "nonmatch", { outcome: "hit" })[0]).toMatch(/nonmatch trial cannot end in hit/);
    expect(tamper(hit, { value: 120 })[0]).toMatch(/value 120 is not null/);
    expect(tamper(hit, { rtMs: 40 })[0]).toMatch(/rt 40 ms/);
    expect(tamper(hit, { rtMs: 9000 })[0]).toMatch(/rt 9000 ms/);
    expect(tamper(sample, { outcome: "hit" })[0]).toMatch(/cannot end in hit/);
    expect(tamper(sample, { value: -3 })[0]).toMatch(/tracking error -3/);
    expect(tamper(sample, { value: null })[0]).toMatch(/tracking error null/);
    expect(tamper(sample, { value: 5000 })[0]).toMatch(/tracking error 5000/);
    expect(tamper(sample, { condition: "fast" })[0]).toMatch(/condition "fast"/);
    expect(tamper((t) => t.index === 5, { shownAt: 0 })[0]).toMatch(/shown before/);
    const nback = trials.filter((t) => t.kind === "nback");
    const many = [...trials, ...[1, 2, 3, 4].flatMap(() => nback)].map((t, i) => ({ ...t, index: i }));
    expect(check(b, many).join(" ")).toMatch(/nback trials, but the build plans 90/);
  });

  it("refuses tampered memory and saccade trials", () => {
    const memory = build("optimizer-sequence-pursuit");
    const recalled = play(memory, goodPlayer(), 1, 30_000).trials.find((t) => t.kind === "memory")!;
    expect(check(memory, [{ ...recalled, index: 0, value: 5 }])[0]).toMatch(/span 5 must be the trial's level \(3\)/);
    expect(check(memory, [{ ...recalled, index: 0, level: 12, value: 12 }])[0]).toMatch(/span 12/);
    expect(check(memory, [{ ...recalled, index: 0, outcome: "commission" }])[0]).toMatch(/cannot end in commission/);
    expect(check(memory, [{ ...recalled, index: 0, rtMs: 20_000 }])[0]).toMatch(/rt 20000 ms is longer/);
    const positions = build("optimizer-position-saccades");
    const item = play(positions, goodPlayer(), 1, 20_000).trials.find((t) => t.kind === "nback")!;
    expect(check(positions, [{ ...item, value: null }])[0]).toMatch(/saccade of 0–928 px/);
    expect(check(positions, [{ ...item, value: 2000 }])[0]).toMatch(/saccade of 0–928 px/);
    expect(check(positions, [{ ...item, kind: "pursuit", outcome: "sample", correct: null }])[0]).toMatch(/kind "pursuit"/);
  });

  it("has parameters that say what is wrong", () => {
    const base = build("optimizer-1back-pursuit").params;
    expect(optimizerParamsSchema.safeParse(base).success).toBe(true);
    expect(optimizerParamsSchema.safeParse({ ...base, n: 4 }).success).toBe(false);
    expect(optimizerParamsSchema.safeParse({ ...base, speedPxPerS: { easy: 300, hard: 100 } }).success).toBe(false);
    expect(optimizerParamsSchema.safeParse({ ...base, task: "position-saccades" }).success).toBe(false);
    expect(optimizerParamsSchema.safeParse({ ...base, matchShare: 0.9 }).success).toBe(false);
    expect(optimizerParamsSchema.safeParse({ ...base, colour: "red" }).success).toBe(false);
    const saccades = build("optimizer-position-saccades").params;
    expect(optimizerParamsSchema.safeParse({ ...saccades, itemMs: { easy: 1000, hard: 2500 } }).success).toBe(false);
  });
});
