import { describe, expect, it } from "vitest";
import { checkSession } from "./check.ts";
import { buildById } from "./catalogue.ts";
import { FAMILY_ENGINES } from "./families/engines.ts";
import { sessionResultSchema } from "./runtime/results.ts";
import { createEngine, idealPlayer, runEngine, sessionOf } from "./runtime/testing.ts";
import type { SessionResult, TrialRecord } from "./runtime/types.ts";

const build = buildById("reactor-quick")!;
const run = runEngine(createEngine(FAMILY_ENGINES.reactor!, build, { seed: 3 }), { player: idealPlayer(280), size: build.size });
const good = sessionOf(build, run);
const errorsOf = (overrides: Partial<SessionResult>) => checkSession({ ...good, ...overrides }).errors;
const withTrial = (i: number, change: Partial<TrialRecord>) => good.trials.map((t) => (t.index === i ? { ...t, ...change } : t));

describe("checkSession", () => {
  it("accepts a real session and names its build", () => {
    expect(sessionResultSchema.safeParse(good).success).toBe(true);
    expect(checkSession(good)).toEqual({ build, errors: [] });
  });

  it("refuses an unknown build", () => {
    expect(checkSession({ ...good, buildId: "reactor-nope" })).toEqual({ build: null, errors: ['Unknown game build "reactor-nope"'] });
  });

  it("refuses levels outside the build's range", () => {
    expect(errorsOf({ levelStart: 0 })).toEqual(["levelStart 0 is outside 1–20"]);
    expect(errorsOf({ levelEnd: 21 })).toEqual(["levelEnd 21 is outside 1–20"]);
    expect(errorsOf({ trials: withTrial(2, { level: 40 }) })[0]).toMatch(/trial 2: level 40/);
  });

  it("refuses a played time longer than the wall-clock time, but not a session with pauses", () => {
    expect(errorsOf({ durationMs: good.durationMs + 10_000 })[0]).toMatch(/exceeds/);
    expect(errorsOf({ endedAt: "2026-01-05T09:00:00.000Z" })).toEqual(["endedAt is before startedAt"]);
    expect(errorsOf({ endedAt: "2026-01-05T11:00:00.000Z" })).toEqual([]);
  });

  it("refuses trials outside the session's time", () => {
    const errors = errorsOf({ durationMs: 5000, endedAt: "2026-01-05T10:00:05.500Z" });
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => /after the end of the session/.test(e))).toBe(true);
  });

  it("refuses an rt that is not respondedAt − shownAt, within 1 ms", () => {
    const t = good.trials[1];
    expect(errorsOf({ trials: withTrial(1, { rtMs: t.rtMs! + 0.9 }) })).toEqual([]);
    expect(errorsOf({ trials: withTrial(1, { rtMs: t.rtMs! - 30 }) })[0]).toMatch(/trial 1: rtMs .* is not respondedAt − shownAt/);
    expect(errorsOf({ trials: withTrial(1, { rtMs: null }) })[0]).toMatch(/both be set or both be null/);
  });

  it("refuses outcomes that contradict the answer", () => {
    expect(errorsOf({ trials: withTrial(0, { correct: false }) })).toContain("trial 0: a hit must have correct = true");
    expect(errorsOf({ trials: withTrial(0, { outcome: "omission", correct: false }) })).toContain("trial 0: a omission cannot have an answer");
  });

  it("runs the family's checks", () => {
    expect(errorsOf({ trials: withTrial(0, { kind: "nogo" }) })[0]).toMatch(/kind "nogo"/);
  });

  it("keeps the list of errors short for a forged session", () => {
    const trials = good.trials.map((t) => ({ ...t, level: 99, rtMs: 1, kind: "x" }));
    const errors = errorsOf({ trials });
    expect(errors).toHaveLength(21);
    expect(errors.at(-1)).toMatch(/and \d+ more/);
  });
});
