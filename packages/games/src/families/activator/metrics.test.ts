import { describe, expect, it } from "vitest";
import { checkSession } from "../../check.ts";
import { createEngine, idealPlayer, type Player, randomPlayer, realRuns, runEngine, sessionOf, silentPlayer, summaryProblems } from "../../runtime/testing.ts";
import type { Outcome, TrialRecord } from "../../runtime/types.ts";
import { activatorBuilds } from "./builds.ts";
import { activatorEngine } from "./engine.ts";
import { type ActivatorBuild, activatorMetrics, activatorParamsSchema, amplitudeAt, displayMsAt } from "./metrics.ts";

const build = (id: string) => activatorBuilds.find((b) => b.id === id)!;
const play = (b: ActivatorBuild, player: Player, seed = 1) => runEngine(createEngine(activatorEngine, b, { seed }), { player, size: b.size, record: false });
const check = (b: ActivatorBuild, trials: TrialRecord[]) => activatorMetrics.checkTrials(trials, b);

/** A hand-made trial: only what the summary reads matters. */
function trial(index: number, condition: string, outcome: Outcome, rtMs: number | null, level = 5, value = 200): TrialRecord {
  const shownAt = 1000 * (index + 1);
  return {
    index,
    kind: "saccade",
    condition,
    level,
    shownAt,
    respondedAt: rtMs === null ? null : shownAt + rtMs,
    rtMs,
    correct: outcome === "hit",
    outcome,
    value,
  };
}

describe("activator summary", () => {
  it("describes a perfect run", () => {
    const b = build("activator-horizontal");
    const run = play(b, idealPlayer(320));
    const summary = activatorMetrics.summarise(run.trials, b);
    expect(summary).toMatchObject({
      accuracy_left: 1,
      accuracy_right: 1,
      rt_mean_left_ms: expect.closeTo(320, 6),
      rt_mean_right_ms: expect.closeTo(320, 6),
      rt_asymmetry_horizontal: expect.closeTo(0, 9),
      accuracy_asymmetry_horizontal: 0,
      // Forty hits climb from level 5 to 14 (four a level): the shortest display is level 14's, the last trial's.
      display_shortest_hit_ms: displayMsAt(b, 14),
      display_last_ms: displayMsAt(b, 14),
    });
    const amplitudes = run.trials.map((t) => amplitudeAt(b, t.level));
    expect(summary.amplitude_mean_px).toBeCloseTo(amplitudes.reduce((s, a) => s + a, 0) / amplitudes.length, 9);
    expect(Object.keys(summary).some((name) => name.includes("vertical") || name.includes("_up"))).toBe(false);
  });

  it("gives each direction its accuracy and latency and compares opposite directions", () => {
    const b = build("activator-portrait");
    const trials = [
      trial(0, "left", "hit", 300),
      trial(1, "left", "hit", 500),
      trial(2, "right", "hit", 600),
      trial(3, "right", "miss", 700),
      trial(4, "up", "hit", 400),
      trial(5, "up", "omission", null),
      trial(6, "down", "hit", 400),
      // Anticipations say nothing about a direction.
      trial(7, "down", "anticipation", 40),
    ];
    const summary = activatorMetrics.summarise(trials, b);
    expect(summary).toMatchObject({
      accuracy_left: 1,
      accuracy_right: 0.5,
      accuracy_up: 0.5,
      accuracy_down: 1,
      rt_mean_left_ms: 400,
      rt_mean_right_ms: 600,
      rt_mean_up_ms: 400,
      rt_mean_down_ms: 400,
      // (600 − 400) / (600 + 400); (0.5 − 1) / (0.5 + 1).
      rt_asymmetry_horizontal: 0.2,
      accuracy_asymmetry_horizontal: expect.closeTo(-1 / 3, 9),
      rt_asymmetry_vertical: 0,
      accuracy_asymmetry_vertical: expect.closeTo(1 / 3, 9),
      display_shortest_hit_ms: displayMsAt(b, 5),
      display_last_ms: displayMsAt(b, 5),
      amplitude_mean_px: 200,
    });
  });

  it("counts diagonal jumps on both axes", () => {
    const b = build("activator-diagonal");
    const trials = [trial(0, "up-left", "hit", 300), trial(1, "down-left", "hit", 300), trial(2, "up-right", "hit", 500), trial(3, "down-right", "hit", 500)];
    const summary = activatorMetrics.summarise(trials, b);
    expect(summary).toMatchObject({ rt_mean_up_left_ms: 300, accuracy_down_right: 1, rt_asymmetry_horizontal: 0.25, rt_asymmetry_vertical: 0 });
  });

  it("leaves out what a run with no answers cannot tell", () => {
    const b = build("activator-vertical");
    const summary = activatorMetrics.summarise(play(b, silentPlayer).trials, b);
    expect(summary).toEqual({
      accuracy_up: 0,
      accuracy_down: 0,
      display_last_ms: displayMsAt(b, 1),
      amplitude_mean_px: expect.any(Number),
    });
    expect(activatorMetrics.summarise([], b)).toEqual({});
  });

  it("is deterministic and gives finite snake_case numbers only, never the common names", () => {
    for (const b of activatorBuilds) {
      const trials = play(b, randomPlayer(4, { perSecond: 3 })).trials;
      const summary = activatorMetrics.summarise(trials, b);
      expect(activatorMetrics.summarise(trials, b)).toEqual(summary);
      expect(summaryProblems(trials, summary)).toEqual([]);
    }
  });
});

describe("activator checks", () => {
  it.each(activatorBuilds.map((b) => [b.id, b] as const))("accepts real runs of %s, whoever plays", (_, b) => {
    for (const run of realRuns(activatorEngine, b)) {
      expect(check(b, [...run.trials])).toEqual([]);
      expect(checkSession(sessionOf(b, run)).errors).toEqual([]);
    }
  });

  it("accepts runs at reduced motion", () => {
    const b = build("activator-horizontal");
    const run = runEngine(createEngine(activatorEngine, b, { motion: 0 }), { player: idealPlayer(300), size: b.size, record: false });
    expect(checkSession(sessionOf(b, run, { motion: 0 })).errors).toEqual([]);
  });

  it("refuses tampered trials", () => {
    const b = build("activator-horizontal");
    const trials = [...play(b, idealPlayer(400)).trials];
    const tamper = (i: number, change: Partial<TrialRecord>) =>
      check(
        b,
        trials.map((t) => (t.index === i ? { ...t, ...change } : t)),
      );
    expect(tamper(0, { kind: "pursuit" })[0]).toMatch(/kind "pursuit"/);
    expect(tamper(0, { condition: "up" })[0]).toMatch(/condition "up"/);
    expect(tamper(0, { outcome: "commission" })[0]).toMatch(/cannot end in commission/);
    expect(tamper(0, { outcome: "correct-rejection" })[0]).toMatch(/cannot end in correct-rejection/);
    expect(tamper(1, { value: 20 })[0]).toMatch(/amplitude 20/);
    expect(tamper(1, { value: null })[0]).toMatch(/amplitude null/);
    expect(tamper(1, { value: 200.5 })[0]).toMatch(/amplitude 200.5/);
    // Longer than the level allows.
    expect(tamper(1, { value: amplitudeAt(b, trials[1].level) + 1 })[0]).toMatch(/amplitude/);
    // Faster than a saccade and a reading, or slower than the window.
    expect(tamper(2, { rtMs: 60, respondedAt: trials[2].shownAt + 60 })[0]).toMatch(/rt 60 ms/);
    expect(tamper(2, { rtMs: 5000, respondedAt: trials[2].shownAt + 5000 })[0]).toMatch(/rt 5000 ms/);
    expect(tamper(2, { outcome: "anticipation", correct: false, rtMs: 9000, respondedAt: trials[2].shownAt + 9000 })[0]).toMatch(/anticipation 9000 ms/);
    expect(tamper(3, { shownAt: 0 })[0]).toMatch(/shown before/);
    expect(check(b, [...trials, ...trials.slice(0, 5).map((t, i) => ({ ...t, index: trials.length + i }))])[0]).toMatch(/45 trials, but the build plans 40/);
  });

  it("refuses directions the build never jumps", () => {
    const b = build("activator-diagonal");
    const [first] = play(b, idealPlayer(300)).trials;
    expect(check(b, [{ ...first, condition: "left" }])[0]).toMatch(/condition "left" is not one of up-left/);
    expect(check(b, [{ ...first, condition: "" }])[0]).toMatch(/condition ""/);
  });

  it("has parameters that say what is wrong", () => {
    const base = build("activator-horizontal").params;
    expect(activatorParamsSchema.safeParse(base).success).toBe(true);
    expect(activatorParamsSchema.safeParse({ ...base, directions: "round" }).success).toBe(false);
    expect(activatorParamsSchema.safeParse({ ...base, symbols: "faces" }).success).toBe(false);
    expect(activatorParamsSchema.safeParse({ ...base, displayMs: { easy: 200, hard: 900 } }).success).toBe(false);
    expect(activatorParamsSchema.safeParse({ ...base, displayMs: { easy: 1000, hard: 100 } }).success).toBe(false);
    expect(activatorParamsSchema.safeParse({ ...base, amplitudePx: { easy: 400, hard: 100 } }).success).toBe(false);
    expect(activatorParamsSchema.safeParse({ ...base, amplitudePx: { easy: 30, hard: 100 } }).success).toBe(false);
    expect(activatorParamsSchema.safeParse({ ...base, foreperiodMs: { min: 3000, max: 1000 } }).success).toBe(false);
    expect(activatorParamsSchema.safeParse({ ...base, responseWindowMs: 1200, displayMs: { easy: 1500, hard: 300 } }).success).toBe(false);
    expect(activatorParamsSchema.safeParse({ ...base, colour: "red" }).success).toBe(false);
  });
});
