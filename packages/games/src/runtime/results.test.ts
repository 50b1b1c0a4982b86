import { describe, expect, it } from "vitest";
import { sessionResultSchema, summariseCommon, trialRecordSchema } from "./results.ts";
import type { SessionResult, TrialRecord } from "./types.ts";

const trial = (overrides: Partial<TrialRecord> = {}): TrialRecord => ({
  index: 0,
  kind: "simple",
  condition: "",
  level: 5,
  shownAt: 1000,
  respondedAt: 1300,
  rtMs: 300,
  correct: true,
  outcome: "hit",
  value: null,
  ...overrides,
});

const result = (overrides: Partial<SessionResult> = {}): SessionResult => ({
  sessionId: "0b7c2a3e-4f5d-4a6b-8c7d-9e0f1a2b3c4d",
  buildId: "reactor-quick",
  startedAt: "2026-01-05T10:00:00.000Z",
  endedAt: "2026-01-05T10:00:20.000Z",
  durationMs: 19_000,
  levelStart: 5,
  levelEnd: 6,
  motion: 0.5,
  ended: "completed",
  dizzinessBefore: 3,
  dizzinessAfter: 2,
  trials: [trial(), trial({ index: 1, shownAt: 3000, respondedAt: 3250, rtMs: 250 })],
  ...overrides,
});

describe("trial record schema", () => {
  it("accepts a plain trial and one with no answer", () => {
    expect(trialRecordSchema.safeParse(trial()).success).toBe(true);
    expect(trialRecordSchema.safeParse(trial({ respondedAt: null, rtMs: null, correct: false, outcome: "omission", value: 12.5 })).success).toBe(true);
  });

  it.each([
    ["negative time", { shownAt: -1 }],
    ["time beyond six hours", { respondedAt: 6 * 3600 * 1000 + 1 }],
    ["rt beyond a minute", { rtMs: 60_001 }],
    ["negative rt", { rtMs: -5 }],
    ["infinite value", { value: Number.POSITIVE_INFINITY }],
    ["NaN value", { value: Number.NaN }],
    ["fractional level", { level: 2.5 }],
    ["unknown outcome", { outcome: "win" }],
    ["odd kind", { kind: "Simple RT" }],
    ["extra field", { score: 10 }],
  ])("refuses a %s", (_, overrides) => {
    expect(trialRecordSchema.safeParse({ ...trial(), ...overrides }).success).toBe(false);
  });
});

describe("session result schema", () => {
  it("accepts a plain result", () => {
    expect(sessionResultSchema.safeParse(result()).success).toBe(true);
  });

  it.each([
    ["bad session id", { sessionId: "session-1" }],
    ["bad build id", { buildId: "Reactor Quick" }],
    ["date that is not ISO", { startedAt: "05/01/2026" }],
    ["dizziness above 10", { dizzinessAfter: 11 }],
    ["fractional dizziness", { dizzinessBefore: 2.5 }],
    ["motion above 1", { motion: 1.5 }],
    ["fractional level", { levelEnd: 5.5 }],
    ["unknown end", { ended: "crashed" }],
    ["duration beyond six hours", { durationMs: 7 * 3600 * 1000 }],
    ["trial indexes out of order", { trials: [trial({ index: 1 }), trial({ index: 0 })] }],
    ["too many trials", { trials: Array.from({ length: 2001 }, (_, index) => trial({ index })) }],
  ])("refuses a %s", (_, overrides) => {
    expect(sessionResultSchema.safeParse(result(overrides as Partial<SessionResult>)).success).toBe(false);
  });

  it("accepts 2000 trials", () => {
    expect(sessionResultSchema.safeParse(result({ trials: Array.from({ length: 2000 }, (_, index) => trial({ index })) })).success).toBe(true);
  });
});

describe("common summary", () => {
  it("summarises outcomes and hit RTs, deterministically", () => {
    const trials = [
      trial({ index: 0, rtMs: 300, respondedAt: 1300 }),
      trial({ index: 1, rtMs: 500, respondedAt: 1500 }),
      trial({ index: 2, rtMs: 400, respondedAt: 1400 }),
      trial({ index: 3, respondedAt: null, rtMs: null, correct: false, outcome: "omission" }),
      trial({ index: 4, respondedAt: 1050, rtMs: 50, correct: false, outcome: "anticipation" }),
      trial({ index: 5, kind: "nogo", respondedAt: 1350, rtMs: 350, correct: false, outcome: "commission" }),
      trial({ index: 6, kind: "track", respondedAt: null, rtMs: null, correct: null, outcome: "sample", value: 3 }),
    ];
    const summary = summariseCommon(trials);
    expect(summary).toEqual({
      trials: 7,
      answered: 5,
      correct: 3,
      accuracy: 0.5,
      rt_mean_ms: 400,
      rt_median_ms: 400,
      rt_sd_ms: 100,
      omissions: 1,
      commissions: 1,
      anticipations: 1,
    });
    expect(summariseCommon(trials)).toEqual(summary);
  });

  it("leaves out what cannot be computed rather than storing 0", () => {
    expect(summariseCommon([])).toEqual({ trials: 0, answered: 0, correct: 0, omissions: 0, commissions: 0, anticipations: 0 });
    const one = summariseCommon([trial()]);
    expect(one.rt_sd_ms).toBe(0);
    expect(Object.values(one).every(Number.isFinite)).toBe(true);
  });
});
