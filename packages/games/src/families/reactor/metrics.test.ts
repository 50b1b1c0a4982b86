import { describe, expect, it } from "vitest";
import { checkSession } from "../../check.ts";
import { createEngine, idealPlayer, type Player, randomPlayer, realRuns, runEngine, sessionOf, silentPlayer, summaryProblems } from "../../runtime/testing.ts";
import type { TrialRecord } from "../../runtime/types.ts";
import { reactorBuilds } from "./builds.ts";
import { reactorEngine } from "./engine.ts";
import { type ReactorBuild, reactorMetrics, reactorParamsSchema } from "./metrics.ts";

const build = (id: string) => reactorBuilds.find((b) => b.id === id)!;
const play = (b: ReactorBuild, player: Player, seed = 1) => runEngine(createEngine(reactorEngine, b, { seed }), { player, size: b.size, record: false });
const check = (b: ReactorBuild, trials: TrialRecord[]) => reactorMetrics.checkTrials(trials, b);

describe("reactor summary", () => {
  it("describes a perfect run", () => {
    const b = build("reactor-go-nogo");
    const summary = reactorMetrics.summarise(play(b, idealPlayer(320)).trials, b);
    expect(summary).toMatchObject({ omission_rate: 0, anticipation_rate: 0, lapses: 0, commission_rate: 0 });
    expect(summary.rt_fastest10_mean_ms).toBeCloseTo(320, 6);
    expect(summary.rt_slowest10_mean_ms).toBeCloseTo(320, 6);
    expect(summary.rt_cv).toBeCloseTo(0, 6);
    // 36 go hits of 36 and 0 commissions of 12, corrected: Φ⁻¹(36.5/37) − Φ⁻¹(0.5/13).
    expect(summary.d_prime).toBeCloseTo(3.98, 2);
    expect(summary.choice_error_rate).toBeUndefined();
  });

  it("describes a run with no answers, leaving out the RT figures", () => {
    const b = build("reactor-choice-2");
    const summary = reactorMetrics.summarise(play(b, silentPlayer).trials, b);
    expect(summary).toEqual({ omission_rate: 1, anticipation_rate: 0, lapses: 40, choice_error_rate: 0 });
  });

  it("is deterministic and gives finite snake_case numbers only", () => {
    for (const b of reactorBuilds) {
      const trials = play(b, randomPlayer(4, { perSecond: 3 })).trials;
      const summary = reactorMetrics.summarise(trials, b);
      expect(reactorMetrics.summarise(trials, b)).toEqual(summary);
      expect(summaryProblems(trials, summary)).toEqual([]);
    }
  });
});

describe("reactor checks", () => {
  it.each(reactorBuilds.map((b) => [b.id, b] as const))("accepts real runs of %s, whoever plays", (_, b) => {
    // Two minutes are enough to meet every kind of trial; a session cut short is still valid.
    for (const run of realRuns(reactorEngine, b)) {
      expect(check(b, [...run.trials])).toEqual([]);
      expect(checkSession(sessionOf(b, run)).errors).toEqual([]);
    }
  });

  it("refuses tampered trials", () => {
    const b = build("reactor-choice-2");
    const trials = [...play(b, idealPlayer(400)).trials];
    const tamper = (i: number, change: Partial<TrialRecord>) =>
      check(
        b,
        trials.map((t) => (t.index === i ? { ...t, ...change } : t)),
      );
    expect(tamper(0, { kind: "go" })[0]).toMatch(/kind "go"/);
    expect(tamper(0, { condition: "up" })[0]).toMatch(/condition "up"/);
    expect(tamper(0, { outcome: "commission" })[0]).toMatch(/cannot end in commission/);
    expect(tamper(1, { value: 50 })[0]).toMatch(/foreperiod 50/);
    expect(tamper(1, { value: null })[0]).toMatch(/foreperiod/);
    // Faster than a reaction, or slower than the window allowed at its level.
    expect(tamper(2, { rtMs: 60, respondedAt: trials[2].shownAt + 60 })[0]).toMatch(/rt 60 ms/);
    expect(tamper(2, { rtMs: 5000, respondedAt: trials[2].shownAt + 5000 })[0]).toMatch(/rt 5000 ms/);
    expect(tamper(3, { shownAt: 0 })[0]).toMatch(/shown before/);
    expect(check(b, [...trials, ...trials.slice(0, 5).map((t, i) => ({ ...t, index: trials.length + i }))])[0]).toMatch(/45 trials, but the build plans 40/);
  });

  it("refuses a go/no-go trial's impossible outcomes", () => {
    const b = build("reactor-go-nogo");
    const trials = [...play(b, idealPlayer(300)).trials];
    const nogo = trials.find((t) => t.kind === "nogo")!;
    expect(check(b, [{ ...nogo, index: 0, outcome: "hit", correct: true }])[0]).toMatch(/nogo trial cannot end in hit/);
  });

  it("has parameters that say what is wrong", () => {
    const base = build("reactor-simple").params;
    expect(reactorParamsSchema.safeParse(base).success).toBe(true);
    expect(reactorParamsSchema.safeParse({ ...base, foreperiodMs: { min: 3000, max: 1000 } }).success).toBe(false);
    expect(reactorParamsSchema.safeParse({ ...base, responseWindowMs: { easy: 300, hard: 900 } }).success).toBe(false);
    expect(reactorParamsSchema.safeParse({ ...base, mode: "choice" }).success).toBe(false);
    expect(reactorParamsSchema.safeParse({ ...base, mode: "choice", choices: 5 }).success).toBe(false);
    expect(reactorParamsSchema.safeParse({ ...base, colour: "red" }).success).toBe(false);
  });
});
