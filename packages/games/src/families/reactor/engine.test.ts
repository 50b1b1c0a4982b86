import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../runtime/random.ts";
import { maxBackgroundChangesPerSecond } from "../../runtime/safety.ts";
import {
  alteredPlayer,
  createEngine,
  fakeContext,
  idealPlayer,
  interruptFirstTrial,
  type Player,
  randomPlayer,
  runEngine,
  silentPlayer,
} from "../../runtime/testing.ts";
import type { GameInput } from "../../runtime/types.ts";
import { reactorBuilds } from "./builds.ts";
import { reactorEngine } from "./engine.ts";
import { ANTICIPATION_MS, type ReactorBuild, responseWindowMs } from "./metrics.ts";
import { layoutZones, planTrials, zoneOf } from "./plan.ts";

const build = (id: string) => reactorBuilds.find((b) => b.id === id)!;
const simple = build("reactor-simple");
const choice4 = build("reactor-choice-4");
const goNogo = build("reactor-go-nogo");
const play = (b: ReactorBuild, player: Player, options: { seed?: number; level?: number; until?: number } = {}) =>
  runEngine(createEngine(reactorEngine, b, options), { player, size: b.size, until: options.until });

describe("reactor trial plan", () => {
  it("is the same for the same seed and differs for another", () => {
    const plan = planTrials(choice4.params, mulberry32(7));
    expect(planTrials(choice4.params, mulberry32(7))).toEqual(plan);
    expect(planTrials(choice4.params, mulberry32(8))).not.toEqual(plan);
  });

  it("balances choice boxes and keeps foreperiods within the build's range", () => {
    const plan = planTrials(choice4.params, mulberry32(3));
    expect(plan).toHaveLength(40);
    for (const condition of ["far-left", "left", "right", "far-right"]) expect(plan.filter((t) => t.condition === condition)).toHaveLength(10);
    for (const trial of plan) {
      expect(Number.isInteger(trial.foreperiodMs)).toBe(true);
      expect(trial.foreperiodMs).toBeGreaterThanOrEqual(800);
      expect(trial.foreperiodMs).toBeLessThanOrEqual(2000);
    }
  });

  it("gives go/no-go its share of no-go trials, never first", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const plan = planTrials(goNogo.params, mulberry32(seed));
      expect(plan.filter((t) => t.kind === "nogo")).toHaveLength(12);
      expect(plan[0].kind).toBe("go");
    }
  });

  it("maps keys and taps to boxes", () => {
    const zones = layoutZones(choice4.params, choice4.size);
    const key = (k: string): GameInput => ({ type: "key", key: k, timeStamp: 0 });
    expect(["d", "f", "j", "k", "1", "4"].map((k) => zoneOf(key(k), zones))).toEqual([0, 1, 2, 3, 0, 3]);
    expect(zoneOf(key("x"), zones)).toBeNull();
    expect(zoneOf({ type: "pointerdown", x: 5, y: 5, timeStamp: 0 }, zones)).toBe(0);
    expect(zoneOf({ type: "pointerdown", x: 920, y: 400, timeStamp: 0 }, zones)).toBe(3);
    expect(zoneOf({ type: "pointermove", x: 5, y: 5, timeStamp: 0 }, zones)).toBeNull();
  });
});

describe("reactor with an ideal player", () => {
  for (const b of reactorBuilds) {
    it(`${b.id}: scores 100 %, RTs equal the player's delay, finishes`, () => {
      const run = play(b, idealPlayer(250));
      expect(run.finished).toBe(true);
      expect(run.trials).toHaveLength(b.params.trials);
      expect(run.trials.every((t) => t.correct)).toBe(true);
      for (const trial of run.trials) {
        if (trial.kind === "nogo") {
          expect(trial.outcome).toBe("correct-rejection");
          expect(trial.respondedAt).toBeNull();
        } else {
          expect(trial.outcome).toBe("hit");
          expect(trial.rtMs).toBeCloseTo(250, 6);
        }
      }
    });
  }

  it("climbs the staircase: four right answers a level", () => {
    const run = play(simple, idealPlayer(250));
    expect(run.trials.map((t) => t.level).slice(0, 9)).toEqual([5, 5, 5, 5, 6, 6, 6, 6, 7]);
    expect(createEngine(reactorEngine, simple).level()).toBe(5);
  });

  it("records the trials in order, one after another, timed from the stimulus's paint", () => {
    const run = play(simple, idealPlayer(300), { seed: 11 });
    run.trials.forEach((trial, i) => {
      expect(trial.index).toBe(i);
      if (i > 0) expect(trial.shownAt).toBeGreaterThan(run.trials[i - 1].respondedAt!);
      // Frames are 1000/60 ms apart: shownAt is a frame time.
      expect((trial.shownAt * 60) / 1000).toBeCloseTo(Math.round((trial.shownAt * 60) / 1000), 6);
    });
  });
});

describe("reactor scoring", () => {
  it("counts omissions when nobody answers, and lowers the level", () => {
    const run = play(simple, silentPlayer);
    expect(run.finished).toBe(true);
    expect(run.trials.every((t) => t.outcome === "omission" && t.respondedAt === null && t.correct === false)).toBe(true);
    expect(run.trials.slice(0, 5).map((t) => t.level)).toEqual([5, 4, 3, 2, 1]);
    expect(run.trials.at(-1)!.level).toBe(1);
  });

  it("counts correct rejections for no-go trials when nobody answers", () => {
    const run = play(goNogo, silentPlayer);
    expect(run.trials.filter((t) => t.outcome === "correct-rejection")).toHaveLength(12);
    expect(run.trials.filter((t) => t.outcome === "omission")).toHaveLength(36);
  });

  it("scores an answer to every stimulus in go/no-go as commissions on no-go trials", () => {
    const run = play(goNogo, pressEveryStimulus(300));
    expect(run.trials.filter((t) => t.kind === "nogo").every((t) => t.outcome === "commission" && t.correct === false && Math.abs(t.rtMs! - 300) < 1e-6)).toBe(
      true,
    );
    expect(run.trials.filter((t) => t.kind === "go").every((t) => t.outcome === "hit")).toBe(true);
  });

  it("scores the wrong box as a miss", () => {
    const run = play(choice4, wrongBox(400));
    expect(run.trials.every((t) => t.outcome === "miss" && t.correct === false && Math.abs(t.rtMs! - 400) < 1e-6)).toBe(true);
  });

  it("counts an answer faster than 100 ms as an anticipation", () => {
    const run = play(simple, idealPlayer(ANTICIPATION_MS - 20));
    expect(run.trials.every((t) => t.outcome === "anticipation" && t.rtMs! < ANTICIPATION_MS)).toBe(true);
  });

  it("counts an answer during the foreperiod as an anticipation timed from the cross, and moves on", () => {
    const engine = createEngine(reactorEngine, simple);
    // Presses once, 200 ms into the first foreperiod (which is at least 1000 ms).
    const once: Player = ({ now }) => (now === 0 ? { type: "key", key: " ", timeStamp: now + 200 } : null);
    const run = runEngine(engine, { until: 3000, player: once });
    const first = run.trials[0];
    expect(first).toMatchObject({ outcome: "anticipation", shownAt: 0, respondedAt: 200, rtMs: 200, correct: false });
    expect(first.value).toBeGreaterThan(200);
  });

  it("counts an answer given before the window closed even when its frame comes after", () => {
    const engine = createEngine(reactorEngine, simple, { level: 20 });
    const window = responseWindowMs(simple, 20);
    let shownAt: number | null = null;
    const late: Player = ({ now, engine }) => {
      if (shownAt !== null || !engine.demonstrate(now)) return null;
      shownAt = now;
      return { type: "key", key: " ", timeStamp: now + window - 0.5 };
    };
    const run = runEngine(engine, { player: late, frameMs: 100, until: 10_000 });
    expect(run.trials[0]).toMatchObject({ outcome: "hit", rtMs: window - 0.5 });
  });

  it("counts an answer the browser delivers late, after the frame that passed the deadline", () => {
    const engine = createEngine(reactorEngine, simple, { level: 20 });
    const window = responseWindowMs(simple, 20);
    const { context } = fakeContext();
    let now = 0;
    const step = () => {
      engine.update(now);
      engine.draw(context, now);
    };
    while (!engine.demonstrate(now)) {
      now += 10;
      step();
    }
    const shownAt = now;
    now = shownAt + window + 30;
    step();
    expect(engine.trials()).toHaveLength(0);
    // Pressed 5 ms before the window closed, dispatched after that frame.
    engine.input({ type: "key", key: " ", timeStamp: shownAt + window - 5 });
    now += 16;
    step();
    expect(engine.trials()[0]).toMatchObject({ outcome: "hit", rtMs: window - 5 });
  });

  it("settles an omission at the deadline, and ignores an answer after it", () => {
    const engine = createEngine(reactorEngine, simple, { level: 20 });
    const window = responseWindowMs(simple, 20);
    const { context } = fakeContext();
    let now = 0;
    while (!engine.demonstrate(now)) {
      now += 10;
      engine.update(now);
      engine.draw(context, now);
    }
    engine.input({ type: "key", key: " ", timeStamp: now + window + 20 });
    engine.update(now + window + 200);
    expect(engine.trials()).toEqual([expect.objectContaining({ outcome: "omission", shownAt: now, respondedAt: null })]);
  });

  it("ignores keys that answer nothing", () => {
    const run = play(simple, ({ now }) => ({ type: "key", key: "x", timeStamp: now }), { until: 5000 });
    expect(run.trials.every((t) => t.outcome === "omission")).toBe(true);
  });

  it("drops the trial in progress on interrupt and runs it again", () => {
    const engine = createEngine(reactorEngine, simple, { seed: 5 });
    const plan = planTrials(simple.params, mulberry32(5));
    // The fixation starts again at the next paint, with the same planned foreperiod.
    const resumed = interruptFirstTrial(engine, { type: "key", key: " ", timeStamp: 400 }, plan[0].foreperiodMs);
    expect(resumed.pausedTrials).toBe(0);
    expect(resumed.trialsAfterPause).toBe(0);
    expect(resumed.demandBeforeDue).toBeNull();
    expect(resumed.demandWhenDue).not.toBeNull();
  });
});

describe("reactor safety and robustness", () => {
  for (const b of reactorBuilds) {
    it(`${b.id}: never changes the background, whatever the player does`, () => {
      for (const player of [idealPlayer(250), silentPlayer, randomPlayer(3, { perSecond: 8 })]) {
        const run = play(b, player, { until: 60_000 });
        expect(maxBackgroundChangesPerSecond(run.canvas, b.size)).toBe(0);
      }
    });
  }

  it("keeps the feedback tint under three changes a second even with the shortest timings", () => {
    const fast: ReactorBuild = {
      ...choice4,
      params: { ...choice4.params, foreperiodMs: { min: 200, max: 200 }, feedbackMs: 200, responseWindowMs: { easy: 300, hard: 200 } },
    };
    const run = play(fast, randomPlayer(9, { perSecond: 20 }), { until: 20_000 });
    const tintChanges = zoneFillTimes(run.canvas);
    for (const t of tintChanges) expect(tintChanges.filter((u) => u > t - 1000 && u <= t).length).toBeLessThanOrEqual(3);
    expect(tintChanges.length).toBeGreaterThan(5);
  });

  it("produces only valid records under a random player", () => {
    const run = play(goNogo, randomPlayer(21, { perSecond: 3 }));
    expect(run.finished).toBe(true);
    const outcomes = new Set(run.trials.map((t) => t.outcome));
    expect(outcomes.has("anticipation")).toBe(true);
    for (const trial of run.trials) {
      if (trial.rtMs !== null) expect(trial.rtMs).toBeCloseTo(trial.respondedAt! - trial.shownAt, 9);
    }
  });
});

/** Answers every stimulus, no-go squares included, `delay` ms after it appears: it looks at the screen. */
function pressEveryStimulus(delay: number): Player {
  let busyUntil = -1;
  let wasShown = false;
  return ({ now, drawn }) => {
    const shown = drawn.some((op) => op.op === "call" && (op.name === "rect" || (op.name === "arc" && Number(op.args[2]) > 20)));
    const onset = shown && !wasShown;
    wasShown = shown;
    if (!onset || now < busyUntil) return null;
    busyUntil = now + delay;
    return { type: "key", key: " ", timeStamp: now + delay };
  };
}

/** Taps the box to the right of the target (wrapping round). */
function wrongBox(delay: number): Player {
  const zoneWidth = (928 - 32 - 36) / 4 + 12;
  return alteredPlayer(delay, (wanted) => (wanted.type === "key" ? null : { ...wanted, x: (wanted.x + zoneWidth) % 928 }));
}

/** Times of frames whose choice-box fills differ from the frame before. */
function zoneFillTimes(recording: ReturnType<typeof runEngine>["canvas"]): number[] {
  const times: number[] = [];
  let now = 0;
  let style = "";
  let fills: string[] = [];
  let previous = "";
  for (const op of recording) {
    if (op.op === "frame") {
      const key = fills.join("|");
      if (previous && key !== previous) times.push(now);
      if (fills.length) previous = key;
      fills = [];
      now = op.now;
    } else if (op.op === "set" && op.name === "fillStyle") style = String(op.value);
    else if (op.op === "call" && op.name === "fill") fills.push(style);
  }
  return times;
}
