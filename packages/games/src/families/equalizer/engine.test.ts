import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../runtime/random.ts";
import { maxBackgroundChangesPerSecond } from "../../runtime/safety.ts";
import {
  answerAfterWindow,
  type CanvasOp,
  createEngine,
  idealPlayer,
  interruptFirstTrial,
  type Player,
  randomPlayer,
  runEngine,
  silentPlayer,
} from "../../runtime/testing.ts";
import type { GameInput } from "../../runtime/types.ts";
import { equalizerBuilds } from "./builds.ts";
import { equalizerEngine } from "./engine.ts";
import { ANTICIPATION_MS, type EqualizerBuild, eccentricityAt, kindOf, MIN_ECCENTRICITY_PX, responseWindowAt } from "./metrics.ts";
import { answerOf, layout, placeDistractors, planTrials, targetPlace } from "./plan.ts";

const build = (id: string) => equalizerBuilds.find((b) => b.id === id)!;
const simple = build("equalizer-simple");
const choice = build("equalizer-choice");
const peripheral = build("equalizer-peripheral");
const distractors = build("equalizer-distractors");
const portrait = build("equalizer-portrait");
const play = (b: EqualizerBuild, player: Player, options: { seed?: number; level?: number; until?: number; motion?: number } = {}) =>
  runEngine(createEngine(equalizerEngine, b, options), { player, size: b.size, until: options.until });

describe("equalizer trial plan", () => {
  it("is the same for the same seed and differs for another", () => {
    const plan = planTrials(choice.params, mulberry32(7));
    expect(planTrials(choice.params, mulberry32(7))).toEqual(plan);
    expect(planTrials(choice.params, mulberry32(8))).not.toEqual(plan);
  });

  it("balances the sides, in an order that cannot be guessed, within the build's foreperiods", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const plan = planTrials(choice.params, mulberry32(seed));
      expect(plan.filter((t) => t.side === "left")).toHaveLength(20);
      expect(plan.filter((t) => t.side === "right")).toHaveLength(20);
      // Not simply alternating.
      expect(plan.some((t, i) => i > 0 && t.side === plan[i - 1].side)).toBe(true);
      for (const trial of plan) {
        expect(trial.foreperiodMs).toBeGreaterThanOrEqual(900);
        expect(trial.foreperiodMs).toBeLessThanOrEqual(2200);
        expect(Math.abs(trial.height)).toBeLessThanOrEqual(1);
      }
    }
  });

  it.each(equalizerBuilds.map((b) => [b.id, b] as const))("%s: every circle fits its half, at every level", (_, b) => {
    const box = layout(b.params, b.size);
    const { min, max } = b.difficulty;
    expect(box.reach).toBeGreaterThanOrEqual(b.params.eccentricityPx.hard);
    for (let level = min; level <= max; level++) {
      for (const side of ["left", "right"] as const) {
        for (const height of [-1, 0, 1]) {
          const { x, y } = targetPlace({ side, height, foreperiodMs: 1000 }, eccentricityAt(b, level), box);
          const r = box.radius;
          const panel = box.panels.length === 1 ? box.panels[0] : box.panels[side === "left" ? 0 : 1];
          expect(x - r).toBeGreaterThanOrEqual(panel.x);
          expect(x + r).toBeLessThanOrEqual(panel.x + panel.width);
          expect(y - r).toBeGreaterThanOrEqual(panel.y);
          // Clear of the key label at the bottom of the half.
          expect(y + r).toBeLessThanOrEqual(panel.y + panel.height - 36);
          // Clear of the cross.
          expect(Math.abs(x - box.centre.x) - r).toBeGreaterThan(14);
        }
      }
    }
  });

  it("places the squares on both sides, clear of the circle and of each other", () => {
    const box = layout(distractors.params, distractors.size);
    const random = mulberry32(4);
    for (let i = 0; i < 200; i++) {
      const side = i % 2 === 0 ? "left" : "right";
      const target = targetPlace({ side, height: (i % 21) / 10 - 1, foreperiodMs: 1000 }, 240, box);
      const squares = placeDistractors(3, side, target, box, random);
      expect(squares).toHaveLength(3);
      // The first on the circle's other side, the second on its own.
      expect(squares[0].x < box.centre.x).toBe(side === "right");
      expect(squares[1].x < box.centre.x).toBe(side === "left");
      for (const [j, square] of squares.entries()) {
        expect(Math.abs(square.x - box.centre.x)).toBeGreaterThanOrEqual(MIN_ECCENTRICITY_PX);
        expect(Math.abs(square.x - box.centre.x)).toBeLessThanOrEqual(box.reach);
        expect(Math.abs(square.y - box.centre.y)).toBeLessThanOrEqual(box.rise);
        for (const other of [target, ...squares.slice(0, j)]) expect(Math.hypot(other.x - square.x, other.y - square.y)).toBeGreaterThanOrEqual(3 * box.radius);
      }
    }
  });

  it("maps keys and taps to answers", () => {
    const key = (k: string): GameInput => ({ type: "key", key: k, timeStamp: 0 });
    const box = layout(choice.params, choice.size);
    expect(["ArrowLeft", "f", "ArrowRight", "j", " ", "x"].map((k) => answerOf(key(k), choice.params, box))).toEqual([
      "left",
      "left",
      "right",
      "right",
      null,
      null,
    ]);
    expect(answerOf({ type: "pointerdown", x: 100, y: 300, timeStamp: 0 }, choice.params, box)).toBe("left");
    expect(answerOf({ type: "pointerdown", x: 800, y: 60, timeStamp: 0 }, choice.params, box)).toBe("right");
    expect(answerOf({ type: "pointermove", x: 800, y: 60, timeStamp: 0 }, choice.params, box)).toBeNull();
    const one = layout(simple.params, simple.size);
    expect([" ", "Enter", "ArrowLeft"].map((k) => answerOf(key(k), simple.params, one))).toEqual(["any", "any", null]);
    expect(answerOf({ type: "pointerdown", x: 10, y: 10, timeStamp: 0 }, simple.params, one)).toBe("any");
  });
});

describe("equalizer with an ideal player", () => {
  for (const b of equalizerBuilds) {
    it(`${b.id}: scores 100 %, RTs equal the player's delay, finishes`, () => {
      const run = play(b, idealPlayer(280));
      expect(run.finished).toBe(true);
      expect(run.trials).toHaveLength(b.params.trials);
      for (const trial of run.trials) {
        expect(trial).toMatchObject({ kind: kindOf(b.params), outcome: "hit", correct: true });
        expect(trial.rtMs).toBeCloseTo(280, 6);
      }
      // Keys at a desk for the side; taps on phones and for a plain detection.
      const keys = b.params.mode === "choice" && b.size.width > b.size.height;
      expect(run.inputs.every((input) => input.type === (keys ? "key" : "pointerdown"))).toBe(true);
    });
  }

  it("climbs the staircase: four right answers a level, shorter windows, circles further out", () => {
    const run = play(peripheral, idealPlayer(300));
    expect(run.trials.map((t) => t.level).slice(0, 9)).toEqual([5, 5, 5, 5, 6, 6, 6, 6, 7]);
    expect(run.trials.map((t) => t.value)).toEqual(run.trials.map((t) => eccentricityAt(peripheral, t.level)));
    expect(run.trials.at(-1)!.value).toBeGreaterThan(run.trials[0].value!);
    expect(responseWindowAt(peripheral, run.level)).toBeLessThan(responseWindowAt(peripheral, 5));
  });

  it("draws the circle at the recorded side and eccentricity", () => {
    const box = layout(portrait.params, portrait.size);
    const seen: number[] = [];
    const ideal = idealPlayer(300);
    const watcher: Player = (view) => {
      for (const op of view.drawn) if (op.op === "call" && op.name === "arc" && op.args[2] === box.radius) seen.push(Number(op.args[0]));
      return ideal(view);
    };
    const run = play(portrait, watcher, { until: 30_000 });
    expect(run.trials.length).toBeGreaterThan(5);
    const xs = new Set(seen);
    for (const trial of run.trials) expect(xs.has(box.centre.x + (trial.condition === "left" ? -1 : 1) * trial.value!)).toBe(true);
  });

  it("records the trials in order, one after another, timed from the circle's paint", () => {
    const run = play(choice, idealPlayer(300), { seed: 11 });
    run.trials.forEach((trial, i) => {
      expect(trial.index).toBe(i);
      if (i > 0) expect(trial.shownAt).toBeGreaterThan(run.trials[i - 1].respondedAt!);
      expect((trial.shownAt * 60) / 1000).toBeCloseTo(Math.round((trial.shownAt * 60) / 1000), 6);
    });
  });
});

describe("equalizer scoring", () => {
  it("counts omissions when nobody answers, and lowers the level", () => {
    const run = play(simple, silentPlayer);
    expect(run.finished).toBe(true);
    expect(run.trials.every((t) => t.outcome === "omission" && t.respondedAt === null && t.correct === false)).toBe(true);
    expect(run.trials.slice(0, 5).map((t) => t.level)).toEqual([5, 4, 3, 2, 1]);
  });

  it("scores the other side as a miss, by key and by tap", () => {
    for (const b of [choice, portrait]) {
      const run = play(b, otherSide(400));
      expect(run.trials.every((t) => t.outcome === "miss" && t.correct === false && Math.abs(t.rtMs! - 400) < 1e-6)).toBe(true);
    }
  });

  it("counts only the circle with distractors: answering a square's side is a miss", () => {
    const run = play(distractors, idealPlayer(350));
    expect(run.trials.every((t) => t.outcome === "hit")).toBe(true);
    // The first square is always on the circle's other side.
    const run2 = play(distractors, squareSide(350), { until: 40_000 });
    expect(run2.trials.length).toBeGreaterThan(5);
    expect(run2.trials.every((t) => t.outcome === "miss")).toBe(true);
  });

  it("counts an answer faster than 100 ms as an anticipation, which leaves the level alone", () => {
    const run = play(simple, idealPlayer(ANTICIPATION_MS - 20));
    expect(run.trials.every((t) => t.outcome === "anticipation" && t.level === 5)).toBe(true);
  });

  it("counts an answer during the foreperiod as an anticipation timed from the cross, and moves on", () => {
    const engine = createEngine(equalizerEngine, simple);
    const once: Player = ({ now }) => (now === 0 ? { type: "key", key: " ", timeStamp: now + 200 } : null);
    const run = runEngine(engine, { until: 6000, player: once });
    expect(run.trials[0]).toMatchObject({ outcome: "anticipation", shownAt: 0, respondedAt: 200, rtMs: 200, correct: false });
    expect(run.trials.length).toBeGreaterThan(1);
  });

  it("counts an answer the browser delivers late, after the frame that passed the deadline, and not one after it", () => {
    for (const [offset, outcome] of [
      [-5, "hit"],
      [20, "omission"],
    ] as const) {
      const engine = createEngine(equalizerEngine, choice, { level: 20 });
      const window = responseWindowAt(choice, 20);
      const { shownAt, trialsBefore } = answerAfterWindow(engine, window, offset);
      expect(trialsBefore).toBe(0);
      expect(engine.trials()[0]).toMatchObject({ outcome, shownAt });
    }
  });

  it("ignores keys that answer nothing", () => {
    const run = play(choice, ({ now }) => ({ type: "key", key: " ", timeStamp: now }), { until: 8000 });
    expect(run.trials.length).toBeGreaterThan(0);
    expect(run.trials.every((t) => t.outcome === "omission")).toBe(true);
  });

  it("drops the trial in progress on interrupt and runs it again", () => {
    const engine = createEngine(equalizerEngine, simple, { seed: 5 });
    const plan = planTrials(simple.params, mulberry32(5));
    // The fixation starts again at the next paint, with the same planned foreperiod.
    const resumed = interruptFirstTrial(engine, { type: "key", key: " ", timeStamp: 400 }, plan[0].foreperiodMs);
    expect(resumed.pausedTrials).toBe(0);
    expect(resumed.trialsAfterPause).toBe(0);
    expect(resumed.demandBeforeDue).toBeNull();
    expect(resumed.demandWhenDue).not.toBeNull();
  });

  it("draws the same whatever the motion setting: nothing on it moves", () => {
    const a = play(distractors, idealPlayer(300), { until: 20_000, motion: 1 });
    const b = play(distractors, idealPlayer(300), { until: 20_000, motion: 0 });
    expect(b.trials).toEqual(a.trials);
    expect(b.canvas).toEqual(a.canvas);
  });
});

describe("equalizer safety and robustness", () => {
  for (const b of equalizerBuilds) {
    it(`${b.id}: never changes the background, whatever the player does`, () => {
      for (const player of [idealPlayer(250), silentPlayer, randomPlayer(3, { perSecond: 8 })]) {
        const run = play(b, player, { until: 60_000 });
        expect(maxBackgroundChangesPerSecond(run.canvas, b.size)).toBe(0);
      }
    });
  }

  it("keeps the feedback tint under three changes a second even with the shortest timings", () => {
    const fast: EqualizerBuild = {
      ...choice,
      params: { ...choice.params, foreperiodMs: { min: 300, max: 300 }, feedbackMs: 200, responseWindowMs: { easy: 300, hard: 250 } },
    };
    const run = play(fast, randomPlayer(9, { perSecond: 20 }), { until: 20_000 });
    const changes = panelFillTimes(run.canvas);
    for (const t of changes) expect(changes.filter((u) => u > t - 1000 && u <= t).length).toBeLessThanOrEqual(3);
    expect(changes.length).toBeGreaterThan(5);
  });

  it("produces only valid records under a random player", () => {
    const run = play(distractors, randomPlayer(21, { perSecond: 3 }));
    expect(run.finished).toBe(true);
    expect(new Set(run.trials.map((t) => t.outcome))).toContain("anticipation");
    for (const trial of run.trials) if (trial.rtMs !== null) expect(trial.rtMs).toBeCloseTo(trial.respondedAt! - trial.shownAt, 9);
  });
});

/** Answers the side the circle is not on, `delay` ms after it appears (keys at a desk, taps on a phone). */
function otherSide(delay: number): Player {
  let busyUntil = -1;
  return ({ now, engine, size }) => {
    if (now < busyUntil) return null;
    const wanted = engine.demonstrate(now);
    if (!wanted) return null;
    busyUntil = now + delay;
    if (wanted.type === "key") return { type: "key", key: wanted.key === "ArrowLeft" ? "ArrowRight" : "ArrowLeft", timeStamp: now + delay };
    if (wanted.type === "pointerdown") return { ...wanted, x: size.width - wanted.x, timeStamp: now + delay };
    return null;
  };
}

/** Looks at the screen and taps the first blue square it sees (on the circle's other side). */
function squareSide(delay: number): Player {
  let busyUntil = -1;
  return ({ now, drawn }) => {
    if (now < busyUntil) return null;
    const square = drawn.find((op) => op.op === "call" && op.name === "rect");
    if (square?.op !== "call") return null;
    busyUntil = now + delay;
    const [x, y, w, h] = square.args as number[];
    return { type: "pointerdown", x: x + w / 2, y: y + h / 2, timeStamp: now + delay };
  };
}

/** Times of frames whose panel fills differ from the frame before. */
function panelFillTimes(recording: readonly CanvasOp[]): number[] {
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
    else if (op.op === "call" && op.name === "fill" && ["#26374a", "#2b4a3e", "#4a3236"].includes(style)) fills.push(style);
  }
  return times;
}
