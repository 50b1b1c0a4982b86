import { describe, expect, it } from "vitest";
import { checkSession } from "../../check.ts";
import { createEngine, idealPlayer, type Player, randomPlayer, runEngine, sessionOf, silentPlayer, summaryProblems } from "../../runtime/testing.ts";
import type { TrialRecord } from "../../runtime/types.ts";
import { regulatorBuilds } from "./builds.ts";
import { regulatorEngine } from "./engine.ts";
import { parseCondition, type RegulatorBuild, regulatorMetrics, regulatorParamsSchema, speedAt } from "./metrics.ts";

const build = (id: string) => regulatorBuilds.find((b) => b.id === id)!;
const play = (b: RegulatorBuild, player: Player, seed = 1) => runEngine(createEngine(regulatorEngine, b, { seed }), { player, size: b.size, record: false });
const check = (b: RegulatorBuild, trials: TrialRecord[]) => regulatorMetrics.checkTrials(trials, b);

const segment = (condition: string, value: number | null, onTargetMs: number | null, index = 0): TrialRecord => ({
  index,
  kind: "pursuit",
  condition,
  level: 10,
  shownAt: index * 4000,
  respondedAt: onTargetMs === null ? null : index * 4000 + onTargetMs,
  rtMs: onTargetMs,
  correct: null,
  outcome: "sample",
  value,
});

describe("regulator summary", { timeout: 60_000 }, () => {
  it("describes the demonstration's run: no error, always on target, per shape", () => {
    const b = build("regulator-mixed");
    const run = play(b, idealPlayer(0));
    const summary = regulatorMetrics.summarise(run.trials, b);
    expect(summary.tracking_error_mean_px).toBeLessThan(0.05);
    expect(summary.time_on_target).toBe(1);
    for (const shape of ["horizontal", "vertical", "circle", "figure_eight"]) {
      expect(summary[`tracking_error_mean_${shape}_px`]).toBeLessThan(0.05);
      expect(summary[`time_on_target_${shape}`]).toBe(1);
    }
    expect(summary.segments_on_target_share).toBe(1);
    expect(summary.pursuit_speed_max_px_s).toBe(Math.max(...run.trials.map((t) => parseCondition(t.condition)!.speed)));
  });

  it("computes the figures from the segments", () => {
    const b = build("regulator-mixed");
    const trials = [
      segment("circle-100", 10, 3000, 0),
      segment("circle-120", 30, 1500, 1),
      segment("horizontal-200", 20, 2400, 2),
      // The pointer never came: off target all along, no error to average.
      segment("horizontal-220", null, null, 3),
    ];
    expect(regulatorMetrics.summarise(trials, b)).toEqual({
      tracking_error_mean_px: 20,
      time_on_target: 6900 / 12_000,
      tracking_error_mean_horizontal_px: 20,
      time_on_target_horizontal: 2400 / 6000,
      tracking_error_mean_circle_px: 20,
      time_on_target_circle: 4500 / 6000,
      // 3000 and 2400 ms reach 70 % of 3000 ms; 1500 ms does not.
      segments_on_target_share: 0.5,
      pursuit_speed_max_px_s: 200,
      pursuit_speed_mean_px_s: 160,
    });
    expect(regulatorMetrics.summarise([], b)).toEqual({});
  });

  it("describes a run with no pointer: never on target, no error", () => {
    const b = build("regulator-circle");
    const summary = regulatorMetrics.summarise(play(b, silentPlayer).trials, b);
    expect(summary).toMatchObject({ time_on_target: 0, time_on_target_circle: 0, segments_on_target_share: 0 });
    expect(summary.tracking_error_mean_px).toBeUndefined();
    expect(summary.pursuit_speed_max_px_s).toBeUndefined();
  });

  it("is deterministic and gives finite snake_case numbers only, never the common names", () => {
    for (const b of regulatorBuilds) {
      const trials = runEngine(createEngine(regulatorEngine, b, { seed: 4 }), {
        player: randomPlayer(4, { perSecond: 20 }),
        size: b.size,
        record: false,
        until: 60_000,
      }).trials;
      const summary = regulatorMetrics.summarise(trials, b);
      expect(regulatorMetrics.summarise(trials, b)).toEqual(summary);
      expect(summaryProblems(trials, summary)).toEqual([]);
    }
  });
});

describe("regulator checks", { timeout: 60_000 }, () => {
  it.each(regulatorBuilds.map((b) => [b.id, b] as const))("accepts real runs of %s, whoever plays", (_, b) => {
    for (const [i, player] of [idealPlayer(0), idealPlayer(300), silentPlayer, randomPlayer(8, { perSecond: 20 })].entries()) {
      const run = runEngine(createEngine(regulatorEngine, b, { seed: i + 1 }), { player, size: b.size, record: false, until: 90_000 });
      expect(check(b, [...run.trials])).toEqual([]);
      expect(checkSession(sessionOf(b, run)).errors).toEqual([]);
    }
  });

  it("accepts runs at a lower motion setting", () => {
    const b = build("regulator-figure-eight");
    const run = runEngine(createEngine(regulatorEngine, b, { motion: 0.3 }), { player: idealPlayer(0), size: b.size, record: false, until: 60_000 });
    expect(checkSession(sessionOf(b, run, { motion: 0.3 })).errors).toEqual([]);
  });

  it("refuses tampered trials", () => {
    const b = build("regulator-circle");
    const trials = [...play(b, idealPlayer(300)).trials];
    const tamper = (i: number, change: Partial<TrialRecord>) =>
      check(
        b,
        trials.map((t) => (t.index === i ? { ...t, ...change } : t)),
      );
    expect(tamper(0, { kind: "vor-x1" })[0]).toMatch(/kind "vor-x1"/);
    expect(tamper(0, { condition: "horizontal-100" })[0]).toMatch(/condition "horizontal-100"/);
    expect(tamper(0, { condition: "circle" })[0]).toMatch(/condition "circle"/);
    expect(tamper(0, { condition: "bpm-60" })[0]).toMatch(/condition "bpm-60"/);
    // Faster than the level allows.
    const fastest = Math.round(speedAt(b, trials[1].level));
    expect(tamper(1, { condition: `circle-${fastest + 5}` })[0]).toMatch(/faster than/);
    expect(tamper(0, { outcome: "hit", correct: true })[0]).toMatch(/cannot end in hit/);
    expect(tamper(2, { value: -3 })[0]).toMatch(/tracking error -3/);
    expect(tamper(2, { value: 5000 })[0]).toMatch(/tracking error 5000/);
    expect(tamper(2, { value: null })[0]).toMatch(/both be set or both be null/);
    expect(tamper(2, { rtMs: 3500, respondedAt: trials[2].shownAt + 3500 })[0]).toMatch(/3500 ms on target/);
    expect(tamper(3, { shownAt: trials[2].shownAt + 1000 })[0]).toMatch(/starts before/);
    expect(check(b, [...trials, ...trials.slice(0, 5).map((t, i) => ({ ...t, index: trials.length + i }))])[0]).toMatch(/45 trials, but the build plans 40/);
  });

  it("refuses a session whose samples claim an answer", () => {
    const b = build("regulator-quick");
    const session = sessionOf(b, play(b, idealPlayer(0)));
    expect(checkSession(session).errors).toEqual([]);
    const forged = { ...session, trials: session.trials.map((t) => ({ ...t, correct: true })) };
    expect(checkSession(forged).errors[0]).toMatch(/a sample must have correct = null/);
  });

  it("has parameters that say what is wrong", () => {
    const base = build("regulator-mixed").params;
    expect(regulatorParamsSchema.safeParse(base).success).toBe(true);
    expect(regulatorParamsSchema.safeParse({ ...base, shapes: [] }).success).toBe(false);
    expect(regulatorParamsSchema.safeParse({ ...base, shapes: ["circle", "circle"] }).success).toBe(false);
    expect(regulatorParamsSchema.safeParse({ ...base, shapes: ["spiral"] }).success).toBe(false);
    expect(regulatorParamsSchema.safeParse({ ...base, speed: { easy: 300, hard: 100 } }).success).toBe(false);
    expect(regulatorParamsSchema.safeParse({ ...base, segmentMs: 500 }).success).toBe(false);
    expect(regulatorParamsSchema.safeParse({ ...base, colour: "red" }).success).toBe(false);
  });
});
