import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../runtime/random.ts";
import { maxBackgroundChangesPerSecond } from "../../runtime/safety.ts";
import {
  alteredPlayer,
  type CanvasOp,
  createEngine,
  fakeContext,
  idealPlayer,
  type Player,
  randomPlayer,
  runEngine,
  silentPlayer,
} from "../../runtime/testing.ts";
import type { GameEngine, GameInput } from "../../runtime/types.ts";
import { drawE, layoutAcuity, ORIENTATIONS, planAcuity } from "./acuity.ts";
import { evaluatorBuilds } from "./builds.ts";
import { evaluatorEngine } from "./engine.ts";
import { type AcuityParams, type EvaluatorBuild, logMarAt, plannedTrials, type SpanParams, type VerticalParams } from "./metrics.ts";
import { layoutSpan, planSpan, READY_MS } from "./span.ts";
import { layoutVertical, planLines } from "./vertical.ts";

const build = (id: string) => evaluatorBuilds.find((b) => b.id === id)!;
const reaction = build("evaluator-reaction-time");
const vertical = build("evaluator-vertical");
const acuity = build("evaluator-dynamic-acuity");
const squares = build("evaluator-span-positions");
const digits = build("evaluator-span-digits");
const play = (b: EvaluatorBuild, player: Player, options: { seed?: number; level?: number; until?: number; motion?: number } = {}) =>
  runEngine(createEngine(evaluatorEngine, b, options), { player, size: b.size, until: options.until });

/** Steps an engine by hand on a fake canvas, 10 ms a frame. */
function stepper(engine: GameEngine, b: EvaluatorBuild) {
  const { context, recording } = fakeContext(b.size);
  let now = 0;
  return {
    recording,
    get now() {
      return now;
    },
    /** Runs frames up to and including `to`. */
    to(to: number) {
      for (; now <= to; now += 10) {
        engine.update(now);
        engine.draw(context, now);
      }
    },
    /** Runs frames until the engine asks for an answer; returns the time it first did. */
    untilDemand(limit = 60_000) {
      for (; now <= limit; now += 10) {
        engine.update(now);
        engine.draw(context, now);
        if (engine.demonstrate(now)) return now;
      }
      throw new Error("no demand");
    },
  };
}

describe("evaluator with an ideal player", () => {
  for (const b of evaluatorBuilds) {
    it(`${b.id}: gets the family's best score and finishes`, () => {
      const run = play(b, idealPlayer(250));
      expect(run.finished).toBe(true);
      expect(run.trials).toHaveLength(plannedTrials(b.params));
      for (const trial of run.trials) {
        if (b.params.test === "vertical") expect(trial).toMatchObject({ outcome: "sample", value: 0, correct: null });
        else expect(trial).toMatchObject({ outcome: "hit", correct: true });
      }
    });
  }
});

describe("evaluator reaction time", () => {
  it("measures RT exactly from the circle's paint, with a fixed level", () => {
    const run = play(reaction, idealPlayer(260), { seed: 3 });
    expect(run.trials.every((t) => t.kind === "simple" && Math.abs(t.rtMs! - 260) < 1e-6 && t.level === 1)).toBe(true);
    expect(run.level).toBe(1);
    // The foreperiods come from the seed: the same for the same seed, within the build's range.
    const again = play(reaction, idealPlayer(400), { seed: 3 });
    expect(again.trials.map((t) => t.value)).toEqual(run.trials.map((t) => t.value));
    expect(run.trials.every((t) => t.value! >= 1000 && t.value! <= 3000)).toBe(true);
  });

  it("counts omissions when nobody answers and anticipations for early presses", () => {
    expect(play(reaction, silentPlayer).trials.every((t) => t.outcome === "omission" && t.correct === false)).toBe(true);
    expect(play(reaction, idealPlayer(60)).trials.every((t) => t.outcome === "anticipation")).toBe(true);
    const engine = createEngine(evaluatorEngine, reaction);
    const run = runEngine(engine, { until: 900, player: ({ now }) => (now === 0 ? { type: "key", key: " ", timeStamp: 300 } : null) });
    expect(run.trials[0]).toMatchObject({ outcome: "anticipation", shownAt: 0, rtMs: 300 });
  });
});

describe("evaluator vertical line", () => {
  it("plans every frame equally often, starting tilted to both sides within the range", () => {
    const plan = planLines(vertical.params as VerticalParams, mulberry32(4));
    expect(plan).toHaveLength(12);
    for (const tilt of [-20, 0, 20]) expect(plan.filter((l) => l.frameTilt === tilt)).toHaveLength(4);
    expect(plan.filter((l) => l.startDeg > 0)).toHaveLength(6);
    expect(plan.every((l) => Math.abs(l.startDeg) >= 8 && Math.abs(l.startDeg) <= 25)).toBe(true);
    expect(planLines(vertical.params as VerticalParams, mulberry32(4))).toEqual(plan);
  });

  it("turns the line a degree a key press or button, and takes Enter as the answer", () => {
    const engine = createEngine(evaluatorEngine, vertical, { seed: 2 });
    const start = planLines(vertical.params as VerticalParams, mulberry32(2))[0].startDeg;
    const steps = stepper(engine, vertical);
    const shownAt = steps.untilDemand();
    const key = (k: string, t: number): GameInput => ({ type: "key", key: k, timeStamp: t });
    engine.input(key("ArrowRight", shownAt + 100));
    engine.input(key("ArrowRight", shownAt + 200));
    engine.input(key("ArrowLeft", shownAt + 300));
    const cw = layoutVertical(vertical.size).buttons.find((b) => b.id === "cw")!;
    engine.input({ type: "pointerdown", x: cw.x + 5, y: cw.y + 5, timeStamp: shownAt + 400 });
    engine.input(key("Enter", shownAt + 500));
    steps.to(shownAt + 520);
    expect(engine.trials()[0]).toMatchObject({ kind: "svv", outcome: "sample", value: start + 2, rtMs: 500, correct: null });
  });

  it("points the line at a tap on it, follows a drag, and ignores a hovering pointer", () => {
    const engine = createEngine(evaluatorEngine, vertical, { seed: 2 });
    const layout = layoutVertical(vertical.size);
    const { centre } = layout;
    const steps = stepper(engine, vertical);
    const shownAt = steps.untilDemand();
    const at = (type: "pointerdown" | "pointermove" | "pointerup", degrees: number, t: number, radius = 100): GameInput => ({
      type,
      x: centre.x + radius * Math.sin((degrees * Math.PI) / 180),
      y: centre.y - radius * Math.cos((degrees * Math.PI) / 180),
      timeStamp: t,
    });
    // Hovering before a press turns nothing.
    engine.input(at("pointermove", 30, shownAt + 50));
    engine.input(at("pointerdown", 10, shownAt + 100));
    engine.input(at("pointermove", 5, shownAt + 150));
    // The lower end of the line works too: pointing at 183° turns the line to 3° (a line has two ends).
    engine.input(at("pointermove", 183, shownAt + 200));
    // Far outside the line's area the drag stops turning it.
    engine.input(at("pointermove", 40, shownAt + 250, 400));
    engine.input(at("pointerup", 3, shownAt + 300));
    engine.input(at("pointermove", 20, shownAt + 350));
    engine.input({ type: "key", key: " ", timeStamp: shownAt + 400 });
    steps.to(shownAt + 420);
    expect(engine.trials()[0].value).toBe(3);
  });

  it("draws the frame at its tilt and the line at its angle", () => {
    const engine = createEngine(evaluatorEngine, vertical, { seed: 6 });
    const plan = planLines(vertical.params as VerticalParams, mulberry32(6));
    const steps = stepper(engine, vertical);
    steps.untilDemand();
    const rotations = steps.recording.filter((op) => op.op === "call" && op.name === "rotate").map((op) => (op as { args: number[] }).args[0]);
    expect(rotations.slice(-2)).toEqual([(plan[0].frameTilt * Math.PI) / 180, (plan[0].startDeg * Math.PI) / 180]);
  });

  it("records a biased patient's error with its sign, and an unconfirmed line as an omission", () => {
    const run = play(vertical, settleAt(3));
    expect(run.trials.every((t) => t.value === 3)).toBe(true);
    const silent = play(vertical, silentPlayer, { until: 100_000 });
    expect(silent.trials[0]).toMatchObject({ outcome: "omission", value: null, respondedAt: null, correct: false });
    expect(silent.trials[1].shownAt - silent.trials[0].shownAt).toBeGreaterThanOrEqual(45_000);
  });

  it("shows the same line again, from its start, after a pause", () => {
    const player = pauseOnce((now) => ({ type: "key", key: "ArrowRight", timeStamp: now + 50 }));
    const run = play(vertical, player, { seed: 2 });
    expect(run.finished).toBe(true);
    expect(run.trials).toHaveLength(12);
    expect(run.trials.every((t) => t.value === 0)).toBe(true);
    expect(run.trials[0].shownAt).toBeGreaterThan(player.pausedAt());
  });
});

describe("evaluator acuity", () => {
  const params = acuity.params as AcuityParams;

  it("plans kinds and orientations evenly", () => {
    const plan = planAcuity(params, mulberry32(9));
    expect(plan.filter((t) => t.kind === "dynamic")).toHaveLength(20);
    for (const o of ORIENTATIONS) expect(plan.filter((t) => t.orientation === o)).toHaveLength(10);
    expect(planAcuity(params, mulberry32(9))).toEqual(plan);
  });

  it("shrinks the E a level every two right answers of each kind, recording its logMAR", () => {
    const run = play(acuity, idealPlayer(300));
    for (const kind of ["static", "dynamic"]) {
      const levels = run.trials.filter((t) => t.kind === kind).map((t) => t.level);
      expect(levels.slice(0, 6)).toEqual([4, 4, 5, 5, 6, 6]);
    }
    for (const trial of run.trials) expect(trial.value).toBe(logMarAt(100, 1, trial.level));
    expect(logMarAt(100, 1, 1)).toBe(1.3);
    expect(logMarAt(100, 1, 14)).toBe(0);
    expect(run.level).toBe(14);
  });

  it("enlarges the E after errors and omissions", () => {
    const wrong = play(acuity, wrongArrow(300), { level: 10 });
    expect(wrong.trials.every((t) => t.outcome === "miss" && t.correct === false)).toBe(true);
    expect(
      wrong.trials
        .filter((t) => t.kind === "dynamic")
        .map((t) => t.level)
        .slice(0, 4),
    ).toEqual([10, 8, 6, 4]);
    const silent = play(acuity, silentPlayer, { level: 10 });
    expect(silent.trials.every((t) => t.outcome === "omission")).toBe(true);
    expect(silent.level).toBe(1);
  });

  it("moves the dynamic E sideways at the motion-scaled speed and keeps the static one still", () => {
    for (const motion of [1, 0.5, 0]) {
      const run = play(acuity, idealPlayer(700), { motion, until: 30_000 });
      const travels = eTravels(run.canvas);
      const byKind = run.trials.map((t, i) => ({ kind: t.kind, travel: travels[i] }));
      expect(byKind.filter((x) => x.kind === "dynamic" && x.travel !== undefined).length).toBeGreaterThan(5);
      // 240 px/s over the 700 ms before the answer, times the motion setting (to a frame).
      for (const { kind, travel } of byKind.filter((x) => x.travel !== undefined)) {
        if (kind === "static") expect(travel).toBe(0);
        else expect(Math.abs(travel - 240 * 0.7 * motion)).toBeLessThanOrEqual(240 * motion * 0.034 + 1e-9);
      }
    }
  });

  it("draws an E whose arms point the way it says", () => {
    const { context, recording } = fakeContext();
    drawE(context, 100, 100, 50, "up");
    const rotate = recording.find((op) => op.op === "call" && op.name === "rotate") as { args: number[] };
    expect(rotate.args[0]).toBeCloseTo(-Math.PI / 2, 9);
    expect(recording.filter((op) => op.op === "call" && op.name === "fillRect")).toHaveLength(4);
    const layout = layoutAcuity(acuity.size);
    expect(layout.buttons.map((b) => b.keys[0])).toEqual(["ArrowLeft", "ArrowUp", "ArrowDown", "ArrowRight"]);
    for (const button of layout.buttons) expect(button.y + button.height).toBeLessThanOrEqual(acuity.size.height - 12);
  });
});

describe("evaluator span", () => {
  it("plans sequences without repeats", () => {
    const plan = planSpan(squares.params as SpanParams, mulberry32(1));
    expect(plan).toHaveLength(14);
    for (const sequence of plan) expect(new Set(sequence).size).toBe(9);
    for (const sequence of planSpan(digits.params as SpanParams, mulberry32(1))) expect(sequence.every((d) => d >= 0 && d <= 9)).toBe(true);
  });

  it("grows one item after each right answer, up to nine, and records the length", () => {
    const run = play(squares, idealPlayer(250));
    expect(run.trials.map((t) => t.level)).toEqual([3, 4, 5, 6, 7, 8, 9, 9, 9, 9, 9, 9, 9, 9]);
    expect(run.trials.every((t) => t.value === t.level)).toBe(true);
  });

  it("lights each square of the sequence in order, for onMs each", () => {
    const engine = createEngine(evaluatorEngine, squares, { seed: 4 });
    const sequence = planSpan(squares.params as SpanParams, mulberry32(4))[0].slice(0, 3);
    const layout = layoutSpan("positions", squares.size);
    const steps = stepper(engine, squares);
    const lit: number[] = [];
    let frames = 0;
    for (let t = 0; t < READY_MS + 3 * 1100; t += 10) {
      const from = steps.recording.length;
      steps.to(t);
      const ops = steps.recording.slice(from);
      const item = litSquare(ops, layout.buttons.length);
      if (item !== null) {
        frames++;
        if (lit.at(-1) !== item) lit.push(item);
      }
    }
    expect(lit).toEqual(sequence);
    // 700 ms each: 70 frames of 10 ms.
    expect(frames).toBe(3 * 70);
  });

  it("takes letter keys for the squares and digit keys for the numbers", () => {
    for (const b of [squares, digits]) {
      const positions = (b.params as SpanParams).material === "positions";
      const engine = createEngine(evaluatorEngine, b, { seed: 8 });
      const sequence = planSpan(b.params as SpanParams, mulberry32(8))[0].slice(0, 3);
      const steps = stepper(engine, b);
      const shownAt = steps.untilDemand();
      sequence.forEach((item, i) => {
        engine.input({ type: "key", key: positions ? "qweasdzxc"[item] : String(item), timeStamp: shownAt + 400 * (i + 1) });
      });
      steps.to(shownAt + 1300);
      expect(engine.trials()[0]).toMatchObject({ outcome: "hit", rtMs: 1200, value: 3 });
    }
  });

  it("ends a trial at the first wrong item, shortens the next, and scores time running out", () => {
    const run = play(digits, wrongDigit(300), { level: 6 });
    expect(run.trials.every((t) => t.outcome === "miss")).toBe(true);
    expect(run.trials.map((t) => t.level).slice(0, 6)).toEqual([6, 5, 4, 3, 2, 2]);
    const silent = play(squares, silentPlayer);
    expect(silent.trials.every((t) => t.outcome === "omission" && t.respondedAt === null)).toBe(true);
    // One right item, then nothing: a miss, answered at that item.
    const partial = play(squares, firstItemOnly(300), { until: 30_000 });
    expect(partial.trials[0]).toMatchObject({ outcome: "miss", rtMs: 300 });
  });

  it("plays the whole sequence again after a pause", () => {
    const player = pauseOnce((now, engine) => engine.demonstrate(now)!);
    const run = play(squares, player, { seed: 2 });
    expect(run.trials).toHaveLength(14);
    expect(run.trials.every((t) => t.outcome === "hit")).toBe(true);
    expect(run.trials[0].shownAt).toBeGreaterThan(player.pausedAt());
  });
});

describe("evaluator safety", () => {
  for (const b of evaluatorBuilds) {
    it(`${b.id}: never changes the background, whatever the player does`, () => {
      for (const player of [idealPlayer(250), silentPlayer, randomPlayer(3, { perSecond: 8 })]) {
        const run = play(b, player, { until: 40_000 });
        expect(maxBackgroundChangesPerSecond(run.canvas, b.size)).toBe(0);
      }
    });
  }

  it("keeps RTs consistent under a random player", () => {
    for (const b of evaluatorBuilds) {
      const run = play(b, randomPlayer(21, { perSecond: 3 }), { until: 60_000 });
      for (const trial of run.trials) if (trial.rtMs !== null) expect(trial.rtMs).toBeCloseTo(trial.respondedAt! - trial.shownAt, 9);
    }
  });
});

/** Turns each line to `angle` with one tap on it, then taps OK. */
function settleAt(angle: number): Player {
  let trial = -1;
  let step = 0;
  let busyUntil = -1;
  return ({ now, engine, size }) => {
    if (now < busyUntil || !engine.demonstrate(now)) return null;
    if (engine.trials().length !== trial) {
      trial = engine.trials().length;
      step = 0;
    }
    busyUntil = now + 300;
    const { centre, dialRadius, buttons } = layoutVertical(size);
    if (step++ === 0) {
      const r = dialRadius * 0.8;
      return {
        type: "pointerdown",
        x: centre.x + r * Math.sin((angle * Math.PI) / 180),
        y: centre.y - r * Math.cos((angle * Math.PI) / 180),
        timeStamp: now + 300,
      };
    }
    const ok = buttons.find((b) => b.id === "ok")!;
    return { type: "pointerdown", x: ok.x + ok.width / 2, y: ok.y + ok.height / 2, timeStamp: now + 300 };
  };
}

/** Does `first` at the first demand, pauses the engine 100 ms later, then plays ideally. */
function pauseOnce(first: (now: number, engine: GameEngine) => GameInput): Player & { pausedAt: () => number } {
  let stage = 0;
  let at = 0;
  const ideal = idealPlayer(250);
  const player: Player = (view) => {
    if (stage === 0 && view.engine.demonstrate(view.now)) {
      stage = 1;
      at = view.now;
      return first(view.now, view.engine);
    }
    if (stage === 1) {
      if (view.now >= at + 100) {
        view.engine.interrupt(view.now);
        stage = 2;
      }
      return null;
    }
    return ideal(view);
  };
  return Object.assign(player, { pausedAt: () => at + 100 });
}

/** Taps the arrow after the right one. */
function wrongArrow(delay: number): Player {
  let busyUntil = -1;
  return ({ now, engine, size }) => {
    if (now < busyUntil) return null;
    const wanted = engine.demonstrate(now);
    if (wanted?.type !== "pointerdown") return null;
    busyUntil = now + delay;
    const buttons = layoutAcuity(size).buttons;
    const right = buttons.findIndex((b) => wanted.x >= b.x && wanted.x <= b.x + b.width);
    const other = buttons[(right + 1) % 4];
    return { type: "pointerdown", x: other.x + other.width / 2, y: other.y + other.height / 2, timeStamp: now + delay };
  };
}

/** Types a digit that is not the next one. */
function wrongDigit(delay: number): Player {
  return alteredPlayer(delay, (wanted) => (wanted.type === "key" ? { ...wanted, key: String((Number(wanted.key) + 1) % 10) } : null));
}

/** Gives the first item of each sequence right, then nothing. */
function firstItemOnly(delay: number): Player {
  let answered = -1;
  return ({ now, engine }) => {
    const trial = engine.trials().length;
    if (answered === trial) return null;
    const wanted = engine.demonstrate(now);
    if (!wanted) return null;
    answered = trial;
    return { ...wanted, timeStamp: now + delay };
  };
}

/** Which square is lit (filled yellow) in this frame, by its order among the squares' fills. */
function litSquare(ops: readonly CanvasOp[], count: number): number | null {
  let style = "";
  let index = 0;
  for (const op of ops) {
    if (op.op === "set" && op.name === "fillStyle") style = String(op.value);
    if (op.op === "call" && op.name === "fill") {
      if (index < count && style === "#ffd166") return index;
      index++;
    }
  }
  return null;
}

/** For each E shown, how far it travelled (px) between its first and its last frame. */
function eTravels(recording: readonly CanvasOp[]): number[] {
  const travels: number[] = [];
  let first: number | null = null;
  let last: number | null = null;
  let seenThisFrame = false;
  for (const op of recording) {
    if (op.op === "frame") {
      if (!seenThisFrame && first !== null) {
        travels.push(Math.abs(last! - first));
        first = null;
      }
      seenThisFrame = false;
    } else if (op.op === "call" && op.name === "translate") {
      const x = Number((op as { args: number[] }).args[0]);
      if (first === null) first = x;
      last = x;
      seenThisFrame = true;
    }
  }
  return travels;
}
