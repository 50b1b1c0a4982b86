import { describe, expect, it } from "vitest";
import { checkSession } from "../../check.ts";
import { createEngine, idealPlayer, type Player, randomPlayer, realRuns, runEngine, sessionOf, silentPlayer, summaryProblems } from "../../runtime/testing.ts";
import type { TrialRecord } from "../../runtime/types.ts";
import { evaluatorBuilds } from "./builds.ts";
import { evaluatorEngine } from "./engine.ts";
import { bestLogMar, type EvaluatorBuild, evaluatorMetrics, evaluatorParamsSchema, frameCondition } from "./metrics.ts";

const build = (id: string) => evaluatorBuilds.find((b) => b.id === id)!;
const reaction = build("evaluator-reaction-time");
const vertical = build("evaluator-vertical");
const acuity = build("evaluator-dynamic-acuity");
const squares = build("evaluator-span-positions");
const play = (b: EvaluatorBuild, player: Player, seed = 1, until?: number) =>
  runEngine(createEngine(evaluatorEngine, b, { seed }), { player, size: b.size, record: false, until });
const check = (b: EvaluatorBuild, trials: readonly TrialRecord[]) => evaluatorMetrics.checkTrials(trials, b);
const summarise = (b: EvaluatorBuild, trials: readonly TrialRecord[]) => evaluatorMetrics.summarise(trials, b);

/** A trial the test writes itself. */
const trial = (index: number, change: Partial<TrialRecord>): TrialRecord => ({
  index,
  kind: "svv",
  condition: "frame-0",
  level: 1,
  shownAt: index * 5000,
  respondedAt: index * 5000 + 3000,
  rtMs: 3000,
  correct: null,
  outcome: "sample",
  value: 0,
  ...change,
});

describe("evaluator scores", () => {
  it("reaction time: the median RT and its spread", () => {
    const summary = summarise(reaction, play(reaction, idealPlayer(280)).trials);
    expect(summary.score_rt_median_ms).toBeCloseTo(280, 6);
    expect(summary.rt_iqr_ms).toBeCloseTo(0, 6);
    expect(summarise(reaction, play(reaction, silentPlayer).trials)).toEqual({});
  });

  it("vertical: mean absolute error, bias, bias per frame and the frame effect", () => {
    const lines = [
      trial(0, { condition: "frame-right-20", value: 4 }),
      trial(1, { condition: "frame-right-20", value: 2 }),
      trial(2, { condition: "frame-left-20", value: -2 }),
      trial(3, { condition: "frame-0", value: 1 }),
      trial(4, { condition: "frame-0", outcome: "omission", correct: false, value: null, respondedAt: null, rtMs: null }),
    ];
    expect(summarise(vertical, lines)).toEqual({
      svv_adjusted: 4,
      svv_abs_error_deg: 2.25,
      svv_bias_deg: 1.25,
      svv_sd_deg: 2.5,
      svv_frame_left_20_bias_deg: -2,
      svv_frame_0_bias_deg: 1,
      svv_frame_right_20_bias_deg: 3,
      svv_frame_effect_deg: 2.5,
    });
    const perfect = summarise(vertical, play(vertical, idealPlayer(300)).trials);
    expect(perfect).toMatchObject({ svv_adjusted: 12, svv_abs_error_deg: 0, svv_bias_deg: 0, svv_sd_deg: 0, svv_frame_effect_deg: 0 });
  });

  it("acuity: the smallest size read at 80 % or better, for moving and still E's", () => {
    const at = (index: number, kind: string, value: number, correct: boolean): TrialRecord =>
      trial(index, {
        kind,
        condition: kind === "dynamic" ? "left" : "",
        value,
        correct,
        outcome: correct ? "hit" : "miss",
        rtMs: 900,
        respondedAt: index * 5000 + 900,
      });
    const trials = [
      at(0, "dynamic", 0.8, true),
      at(1, "dynamic", 0.8, true),
      at(2, "dynamic", 0.7, true),
      at(3, "dynamic", 0.7, false),
      at(4, "dynamic", 0.6, true),
      at(5, "static", 0.5, true),
      at(6, "static", 0.5, true),
      at(7, "static", 0.4, true),
      at(8, "static", 0.4, true),
      at(9, "static", 0.4, true),
      at(10, "static", 0.4, true),
      at(11, "static", 0.4, false),
    ];
    // 0.7 was read once in two and 0.6 was tried once: the moving E's best is 0.8; the still one's 0.4 (4 of 5).
    expect(summarise(acuity, trials)).toEqual({
      dva_best_logmar: 0.8,
      dva_static_best_logmar: 0.4,
      dva_loss_logmar: 0.4,
      dva_dynamic_accuracy: 0.8,
      dva_static_accuracy: 6 / 7,
    });
    expect(bestLogMar([])).toBeNaN();
    // A perfect reader passes every size twice on the way down: the smallest reached counts.
    const run = play(acuity, idealPlayer(300));
    const summary = summarise(acuity, run.trials);
    expect(summary.dva_best_logmar).toBe(Math.min(...run.trials.filter((t) => t.kind === "dynamic" && !isLast(run.trials, t)).map((t) => t.value!)));
    expect(summary.dva_best_logmar).toBeLessThanOrEqual(0.1);
    expect(summary.dva_dynamic_accuracy).toBe(1);
  });

  it("span: the longest sequence repeated correctly", () => {
    const run = play(squares, idealPlayer(250));
    expect(summarise(squares, run.trials)).toEqual({ span_max: 9, span_longest_tried: 9 });
    expect(summarise(squares, play(squares, silentPlayer).trials)).toEqual({ span_longest_tried: 3 });
  });

  it("is deterministic and gives finite snake_case numbers that never repeat the common ones", () => {
    for (const b of evaluatorBuilds) {
      const trials = play(b, randomPlayer(4, { perSecond: 3 }), 1, 90_000).trials;
      const summary = summarise(b, trials);
      expect(summarise(b, trials)).toEqual(summary);
      expect(summaryProblems(trials, summary)).toEqual([]);
    }
  });
});

describe("evaluator checks", () => {
  it.each(evaluatorBuilds.map((b) => [b.id, b] as const))("accepts real runs of %s, whoever plays", (_, b) => {
    for (const run of realRuns(evaluatorEngine, b, { motion: 0.6 })) {
      expect(check(b, run.trials)).toEqual([]);
      expect(checkSession(sessionOf(b, run, { motion: 0.6 })).errors).toEqual([]);
    }
  });

  it("refuses tampered reaction-time trials", () => {
    const trials = [...play(reaction, idealPlayer(300)).trials];
    const tamper = (i: number, change: Partial<TrialRecord>) =>
      check(
        reaction,
        trials.map((t) => (t.index === i ? { ...t, ...change } : t)),
      );
    expect(tamper(0, { kind: "svv" })[0]).toMatch(/kind "svv"/);
    expect(tamper(0, { condition: "left" })[0]).toMatch(/condition "left"/);
    expect(tamper(0, { outcome: "miss", correct: false })[0]).toMatch(/cannot end in miss/);
    expect(tamper(0, { value: 50 })[0]).toMatch(/foreperiod 50/);
    expect(tamper(1, { rtMs: 40, respondedAt: trials[1].shownAt + 40 })[0]).toMatch(/rt 40 ms/);
    expect(tamper(1, { rtMs: 2000, respondedAt: trials[1].shownAt + 2000 })[0]).toMatch(/rt 2000 ms/);
    expect(tamper(1, { level: 2 })[0]).toMatch(/level 2 is outside 1–1/);
    expect(tamper(2, { shownAt: 0 })[0]).toMatch(/shown before/);
    expect(check(reaction, [...trials, { ...trials[0], index: 20 }])[0]).toMatch(/21 trials, but the build plans 20/);
  });

  it("refuses tampered vertical-line trials", () => {
    const trials = [...play(vertical, idealPlayer(300)).trials];
    const tamper = (i: number, change: Partial<TrialRecord>) =>
      check(
        vertical,
        trials.map((t) => (t.index === i ? { ...t, ...change } : t)),
      );
    expect(tamper(0, { condition: "frame-right-30" })[0]).toMatch(/condition "frame-right-30"/);
    expect(tamper(0, { outcome: "hit", correct: true })[0]).toMatch(/cannot end in hit/);
    expect(tamper(0, { value: 60 })[0]).toMatch(/line angle 60/);
    expect(tamper(0, { value: 1.5 })[0]).toMatch(/line angle 1.5/);
    expect(tamper(0, { value: null })[0]).toMatch(/line angle null/);
    expect(tamper(0, { outcome: "omission", correct: false, value: 3, respondedAt: null, rtMs: null })[0]).toMatch(/unconfirmed line has no angle/);
    expect(tamper(0, { rtMs: 50_000, respondedAt: trials[0].shownAt + 50_000 })[0]).toMatch(/rt 50000 ms/);
    expect(frameCondition(-20)).toBe("frame-left-20");
  });

  it("refuses tampered acuity trials", () => {
    const trials = [...play(acuity, idealPlayer(300)).trials];
    const dynamic = trials.find((t) => t.kind === "dynamic")!;
    const still = trials.find((t) => t.kind === "static")!;
    const tamper = (i: number, change: Partial<TrialRecord>) =>
      check(
        acuity,
        trials.map((t) => (t.index === i ? { ...t, ...change } : t)),
      );
    expect(tamper(dynamic.index, { condition: "" })[0]).toMatch(/condition ""/);
    expect(tamper(still.index, { condition: "left" })[0]).toMatch(/condition "left"/);
    expect(tamper(still.index, { outcome: "sample", correct: null })[0]).toMatch(/cannot end in sample/);
    // The logMAR belongs to the level.
    expect(tamper(still.index, { value: -0.5 })[0]).toMatch(/logMAR -0.5/);
    expect(tamper(still.index, { level: 15 }).join()).toMatch(/level 15 is outside 1–14/);
  });

  it("refuses tampered span trials", () => {
    const trials = [...play(squares, idealPlayer(300)).trials];
    const tamper = (i: number, change: Partial<TrialRecord>) =>
      check(
        squares,
        trials.map((t) => (t.index === i ? { ...t, ...change } : t)),
      );
    expect(tamper(0, { kind: "digits" })[0]).toMatch(/kind "digits"/);
    expect(tamper(0, { value: 7 })[0]).toMatch(/span length 7 is not level 3/);
    expect(tamper(0, { outcome: "anticipation", correct: false })[0]).toMatch(/cannot end in anticipation/);
    expect(tamper(0, { value: 12, level: 12 }).join()).toMatch(/span length 12/);
  });

  it("has parameters that say what is wrong", () => {
    for (const b of evaluatorBuilds) expect(evaluatorParamsSchema.safeParse(b.params).success).toBe(true);
    const bad = [
      { ...reaction.params, responseWindowMs: 100 },
      { ...vertical.params, frameTilts: [10, 10] },
      { ...vertical.params, frameTilts: [60] },
      { ...acuity.params, mode: "spinning" },
      { ...acuity.params, responseWindowMs: 1000, exposureMs: 2000 },
      { ...squares.params, onMs: 200 },
      { ...squares.params, material: "letters" },
      { ...squares.params, colour: "red" },
      { test: "memory" },
    ];
    for (const params of bad) expect(evaluatorParamsSchema.safeParse(params).success, JSON.stringify(params)).toBe(false);
  });
});

/** The trial is the last of its kind (the run may end before a size is tried twice). */
function isLast(trials: readonly TrialRecord[], trial: TrialRecord): boolean {
  return trials.filter((t) => t.kind === trial.kind && t.value === trial.value).length < 2;
}
