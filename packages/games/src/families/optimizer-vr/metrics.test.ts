import { describe, expect, it } from "vitest";
import { checkSession } from "../../check.ts";
import { probit } from "../../runtime/stats.ts";
import { createEngine, type Player, randomPlayer, runEngine, sessionOf, silentPlayer, summaryProblems, trackingPlayer } from "../../runtime/testing.ts";
import type { TrialRecord } from "../../runtime/types.ts";
import { optimizerMetrics } from "../optimizer/metrics.ts";
import { optimizerVrBuilds } from "./builds.ts";
import { optimizerVrEngine } from "./engine.ts";
import { type OptimizerVrBuild, optimizerVrMetrics, optimizerVrParamsSchema } from "./metrics.ts";

const build = (id: string) => optimizerVrBuilds.find((b) => b.id === id)!;
const play = (b: OptimizerVrBuild, player: Player, seed = 1, until?: number) =>
  runEngine(createEngine(optimizerVrEngine, b, { seed }), { player, size: b.size, record: false, until });
const check = (b: OptimizerVrBuild, trials: TrialRecord[]) => optimizerVrMetrics.checkTrials(trials, b);

const goodPlayer = trackingPlayer;

describe("optimizer-vr summary", { timeout: 60_000 }, () => {
  it("describes a good tunnel run with the same names as flat Optimizer", () => {
    const b = build("optimizer-vr-tunnel");
    const trials = play(b, goodPlayer()).trials;
    const summary = optimizerVrMetrics.summarise(trials, b);
    const matches = trials.filter((t) => t.condition === "match").length;
    const others = trials.length - matches;
    expect(summary).toMatchObject({ level_reached: 20, level_final: 20, nback_accuracy: 1, hit_rate: 1, false_alarm_rate: 0, flow_speed_max_m_s: 4 });
    expect(summary.d_prime).toBeCloseTo(probit((matches + 0.5) / (matches + 1)) - probit(0.5 / (others + 1)), 9);
    expect(summary.flow_speed_mean_m_s).toBeGreaterThan(1);
    // The flat twin's summary of n-back trials uses the same names for the same measures.
    const flat = optimizerMetrics.summarise(trials, {
      ...build("optimizer-vr-tunnel"),
      family: "optimizer",
      params: { task: "position-saccades", n: 1, trials: 90, matchShare: 0.3, visibleShare: 0.6, itemMs: { easy: 2000, hard: 2000 } },
    });
    for (const name of ["nback_accuracy", "hit_rate", "false_alarm_rate", "d_prime", "level_reached"]) expect(flat[name], name).toBe(summary[name]);
  });

  it("describes saccades: errors, widest eccentricity, RT by side", () => {
    const b = build("optimizer-vr-saccades");
    const summary = optimizerVrMetrics.summarise(play(b, goodPlayer()).trials, b);
    expect(summary).toMatchObject({ saccade_error_rate: 0, rt_left_mean_ms: 300, rt_right_mean_ms: 300, level_reached: 19 });
    expect(summary.eccentricity_max_deg).toBeGreaterThan(35);
    const silent = optimizerVrMetrics.summarise(play(b, silentPlayer).trials, b);
    expect(silent.saccade_error_rate).toBe(0);
    expect(silent.eccentricity_max_deg).toBeUndefined();
    expect(silent.rt_left_mean_ms).toBeUndefined();
  });

  it("describes pursuit in degrees", () => {
    const b = build("optimizer-vr-pursuit");
    const summary = optimizerVrMetrics.summarise(play(b, silentPlayer, 1, 30_000).trials, b);
    expect(summary.tracking_error_mean_deg).toBeGreaterThan(4);
    expect(summary.tracking_error_median_deg).toBeGreaterThan(4);
    expect(summary.tracking_within_tolerance).toBeLessThan(0.5);
    expect(summary.nback_accuracy).toBeUndefined();
  });

  it("is deterministic and gives finite snake_case numbers only, never the common names", () => {
    for (const b of optimizerVrBuilds) {
      const trials = play(b, randomPlayer(4, { perSecond: 3 }), 1, 60_000).trials;
      const summary = optimizerVrMetrics.summarise(trials, b);
      expect(optimizerVrMetrics.summarise(trials, b)).toEqual(summary);
      expect(summaryProblems(trials, summary)).toEqual([]);
    }
  });
});

describe("optimizer-vr checks", { timeout: 60_000 }, () => {
  it.each(optimizerVrBuilds.map((b) => [b.id, b] as const))("accepts real runs of %s, whoever plays", (_, b) => {
    for (const [i, player] of [goodPlayer(), silentPlayer, randomPlayer(8, { perSecond: 3 })].entries()) {
      for (const motion of [1, 0.4]) {
        const run = runEngine(createEngine(optimizerVrEngine, b, { seed: i + 1, motion }), { player, size: b.size, record: false, until: 60_000 });
        expect(check(b, [...run.trials])).toEqual([]);
        expect(checkSession(sessionOf(b, run, { motion })).errors).toEqual([]);
      }
    }
  });

  it("refuses tampered tunnel trials", () => {
    const b = build("optimizer-vr-tunnel");
    const trials = [...play(b, goodPlayer(), 1, 40_000).trials];
    const tamper = (predicate: (t: TrialRecord) => boolean, change: Partial<TrialRecord>) => {
      const target = trials.find(predicate)!;
      return check(
        b,
        trials.map((t) => (t === target ? { ...t, ...change } : t)),
      );
    };
    const hit = (t: TrialRecord) => t.outcome === "hit";
    expect(tamper(hit, { kind: "saccade" })[0]).toMatch(/kind "saccade" is not nback/);
    expect(tamper(hit, { condition: "left" })[0]).toMatch(/condition "left"/);
    expect(tamper(hit, { outcome: "miss" })[0]).toMatch(/cannot end in miss/);
    expect(tamper(hit, { value: 9 })[0]).toMatch(/flow speed 9 is outside 0–4 m\/s/);
    expect(tamper(hit, { value: null })[0]).toMatch(/flow speed null/);
    expect(tamper(hit, { rtMs: 50 })[0]).toMatch(/rt 50 ms/);
    expect(tamper(hit, { rtMs: 2500 })[0]).toMatch(/rt 2500 ms/);
    expect(tamper((t) => t.index === 4, { shownAt: 0 })[0]).toMatch(/shown before/);
    const copies = Array.from({ length: Math.ceil(91 / trials.length) }, () => trials).flat();
    expect(
      check(
        b,
        copies.map((t, i) => ({ ...t, index: i })),
      )[0],
    ).toMatch(/trials, but the build plans 90/);
  });

  it("refuses tampered saccade and pursuit trials", () => {
    const saccades = build("optimizer-vr-saccades");
    const trial = play(saccades, goodPlayer(), 1, 10_000).trials[0];
    expect(check(saccades, [{ ...trial, value: 80 }])[0]).toMatch(/eccentricity 80 is outside 4–/);
    expect(check(saccades, [{ ...trial, value: 1 }])[0]).toMatch(/eccentricity 1/);
    expect(check(saccades, [{ ...trial, condition: "up" }])[0]).toMatch(/condition "up"/);
    expect(check(saccades, [{ ...trial, outcome: "commission" }])[0]).toMatch(/cannot end in commission/);
    expect(check(saccades, [{ ...trial, rtMs: 4000 }])[0]).toMatch(/rt 4000 ms/);
    const pursuit = build("optimizer-vr-pursuit");
    const sample = play(pursuit, silentPlayer, 1, 5000).trials[0];
    expect(check(pursuit, [{ ...sample, value: -1 }])[0]).toMatch(/tracking error -1/);
    expect(check(pursuit, [{ ...sample, value: 200 }])[0]).toMatch(/tracking error 200/);
    expect(check(pursuit, [{ ...sample, outcome: "hit", correct: true }])[0]).toMatch(/cannot end in hit/);
    expect(check(pursuit, [{ ...sample, respondedAt: sample.shownAt + 10, rtMs: 10 }])[0]).toMatch(/has no answer/);
  });

  it("has parameters that say what is wrong", () => {
    const base = build("optimizer-vr-tunnel").params;
    expect(optimizerVrParamsSchema.safeParse(base).success).toBe(true);
    expect(optimizerVrParamsSchema.safeParse({ ...base, flowSpeed: { easy: 3, hard: 1 } }).success).toBe(false);
    expect(optimizerVrParamsSchema.safeParse({ ...base, scene: "saccades" }).success).toBe(false);
    expect(optimizerVrParamsSchema.safeParse({ ...base, n: 0 }).success).toBe(false);
    expect(optimizerVrParamsSchema.safeParse({ ...base, colour: "red" }).success).toBe(false);
    const saccades = build("optimizer-vr-saccades").params;
    expect(optimizerVrParamsSchema.safeParse({ ...saccades, symbolMs: { easy: 200, hard: 1200 } }).success).toBe(false);
    expect(optimizerVrParamsSchema.safeParse({ ...saccades, eccentricityDeg: { easy: 2, hard: 30 } }).success).toBe(false);
    const pursuit = build("optimizer-vr-pursuit").params;
    expect(optimizerVrParamsSchema.safeParse({ ...pursuit, depthM: { near: 5, far: 1 } }).success).toBe(false);
  });
});
