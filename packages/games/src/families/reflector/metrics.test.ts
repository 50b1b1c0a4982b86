import { describe, expect, it } from "vitest";
import { checkSession } from "../../check.ts";
import { createEngine, idealPlayer, type Player, randomPlayer, realRuns, runEngine, sessionOf, silentPlayer, summaryProblems } from "../../runtime/testing.ts";
import type { TrialRecord } from "../../runtime/types.ts";
import { reflectorBuilds } from "./builds.ts";
import { reflectorEngine } from "./engine.ts";
import { bpmAt, type ReflectorBuild, reflectorMetrics, reflectorParamsSchema, sizeAt } from "./metrics.ts";

const build = (id: string) => reflectorBuilds.find((b) => b.id === id)!;
const play = (b: ReflectorBuild, player: Player, seed = 1) => runEngine(createEngine(reflectorEngine, b, { seed }), { player, size: b.size, record: false });
const check = (b: ReflectorBuild, trials: TrialRecord[]) => reflectorMetrics.checkTrials(trials, b);

describe("reflector summary", { timeout: 60_000 }, () => {
  it("describes a perfect run: every pace read, the fastest one mastered", () => {
    const b = build("reflector-x1-horizontal");
    const run = play(b, idealPlayer(300));
    const summary = reflectorMetrics.summarise(run.trials, b);
    // Levels 3 to 12 four optotypes each: the paces of those levels, all read right.
    const paces = [...new Set(run.trials.map((t) => bpmAt(b, t.level)))];
    expect(paces).toHaveLength(10);
    for (const bpm of paces) expect(summary[`accuracy_bpm_${bpm}`]).toBe(1);
    expect(summary.max_pace_bpm).toBe(bpmAt(b, 12));
    expect(summary.min_optotype_px).toBe(sizeAt(b, 12));
    expect(summary.pace_mean_bpm).toBeCloseTo(paces.reduce((a, p) => a + p, 0) / paces.length, 9);
    expect(summary).toMatchObject({ miss_rate: 0, omission_rate: 0 });
  });

  it("describes a run with no answers, leaving out what was not mastered", () => {
    const b = build("reflector-quick");
    const summary = reflectorMetrics.summarise(play(b, silentPlayer).trials, b);
    expect(summary).toEqual({ accuracy_bpm_60: 0, accuracy_bpm_62: 0, accuracy_bpm_64: 0, pace_mean_bpm: 60.75, miss_rate: 0, omission_rate: 1 });
  });

  it("judges a pace mastered at 80 % over three optotypes or more", () => {
    const b = build("reflector-x1-horizontal");
    const trial = (level: number, correct: boolean): TrialRecord => ({
      index: 0,
      kind: "vor-x1",
      condition: `bpm-${bpmAt(b, level)}`,
      level,
      shownAt: 0,
      respondedAt: 500,
      rtMs: 500,
      correct,
      outcome: correct ? "hit" : "miss",
      value: sizeAt(b, level),
    });
    const trials = [
      // Level 5: 4 of 5, mastered. Level 6: 3 of 4, not. Level 7: 2 of 2, too few to judge.
      ...[true, true, true, true, false].map((c) => trial(5, c)),
      ...[true, true, true, false].map((c) => trial(6, c)),
      ...[true, true].map((c) => trial(7, c)),
    ];
    const summary = reflectorMetrics.summarise(trials, b);
    expect(summary.max_pace_bpm).toBe(bpmAt(b, 5));
    expect(summary.min_optotype_px).toBe(sizeAt(b, 5));
    expect(summary[`accuracy_bpm_${bpmAt(b, 6)}`]).toBe(0.75);
    expect(summary[`accuracy_bpm_${bpmAt(b, 7)}`]).toBe(1);
    expect(reflectorMetrics.summarise([], b)).toEqual({});
  });

  it("is deterministic and gives finite snake_case numbers only, never the common names", () => {
    for (const b of reflectorBuilds) {
      const trials = runEngine(createEngine(reflectorEngine, b, { seed: 4 }), {
        player: randomPlayer(4, { perSecond: 3 }),
        size: b.size,
        record: false,
        until: 60_000,
      }).trials;
      const summary = reflectorMetrics.summarise(trials, b);
      expect(reflectorMetrics.summarise(trials, b)).toEqual(summary);
      expect(summaryProblems(trials, summary)).toEqual([]);
    }
  });
});

describe("reflector checks", { timeout: 60_000 }, () => {
  it.each(reflectorBuilds.map((b) => [b.id, b] as const))("accepts real runs of %s, whoever plays", (_, b) => {
    for (const run of realRuns(reflectorEngine, b, { idealDelayMs: 300 })) {
      expect(check(b, [...run.trials])).toEqual([]);
      expect(checkSession(sessionOf(b, run)).errors).toEqual([]);
    }
  });

  it("refuses tampered trials", () => {
    const b = build("reflector-x1-horizontal");
    const trials = [...play(b, idealPlayer(400)).trials];
    const tamper = (i: number, change: Partial<TrialRecord>) =>
      check(
        b,
        trials.map((t) => (t.index === i ? { ...t, ...change } : t)),
      );
    expect(tamper(0, { kind: "vor-x2" })[0]).toMatch(/kind "vor-x2"/);
    expect(tamper(0, { kind: "pursuit" })[0]).toMatch(/kind "pursuit"/);
    expect(tamper(0, { condition: "bpm-200" })[0]).toMatch(/condition "bpm-200"/);
    expect(tamper(0, { condition: "left" })[0]).toMatch(/condition "left"/);
    expect(tamper(0, { outcome: "commission" })[0]).toMatch(/cannot end in commission/);
    expect(tamper(0, { outcome: "sample", correct: null })[0]).toMatch(/cannot end in sample/);
    expect(tamper(1, { value: 12 })[0]).toMatch(/optotype size 12/);
    expect(tamper(1, { value: null })[0]).toMatch(/optotype size null/);
    // A level the trial did not have: its pace and size give it away.
    expect(tamper(1, { level: 20 })).toEqual([expect.stringMatching(/condition "bpm-69" is not bpm-150/), expect.stringMatching(/optotype size 86 is not 56/)]);
    expect(tamper(2, { rtMs: 90, respondedAt: trials[2].shownAt + 90 })[0]).toMatch(/rt 90 ms/);
    expect(tamper(2, { rtMs: 9000, respondedAt: trials[2].shownAt + 9000 })[0]).toMatch(/rt 9000 ms/);
    expect(tamper(2, { outcome: "anticipation", correct: false })[0]).toMatch(/too slow for an anticipation/);
    expect(tamper(3, { shownAt: trials[2].shownAt + 100 })[0]).toMatch(/shown too soon/);
    expect(check(b, [...trials, ...trials.slice(0, 5).map((t, i) => ({ ...t, index: trials.length + i }))])[0]).toMatch(/45 trials, but the build plans 40/);
  });

  it("refuses a session whose trials the build could not produce", () => {
    const b = build("reflector-x2-vertical");
    const run = play(b, idealPlayer(300));
    const session = sessionOf(b, run);
    expect(checkSession(session).errors).toEqual([]);
    const forged = { ...session, trials: session.trials.map((t) => ({ ...t, kind: "vor-x1" })) };
    expect(checkSession(forged).errors[0]).toMatch(/kind "vor-x1" is not vor-x2/);
  });

  it("has parameters that say what is wrong", () => {
    const base = build("reflector-x1-horizontal").params;
    expect(reflectorParamsSchema.safeParse(base).success).toBe(true);
    expect(reflectorParamsSchema.safeParse({ ...base, bpm: { easy: 120, hard: 60 } }).success).toBe(false);
    expect(reflectorParamsSchema.safeParse({ ...base, bpm: { easy: 60, hard: 240 } }).success).toBe(false);
    expect(reflectorParamsSchema.safeParse({ ...base, sizePx: { easy: 40, hard: 80 } }).success).toBe(false);
    expect(reflectorParamsSchema.safeParse({ ...base, gapMs: { min: 2000, max: 1000 } }).success).toBe(false);
    expect(reflectorParamsSchema.safeParse({ ...base, mode: "x3" }).success).toBe(false);
    expect(reflectorParamsSchema.safeParse({ ...base, optotype: "snellen" }).success).toBe(false);
    expect(reflectorParamsSchema.safeParse({ ...base, sound: true }).success).toBe(false);
  });
});
