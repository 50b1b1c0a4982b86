import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../runtime/random.ts";
import { maxBackgroundChangesPerSecond } from "../../runtime/safety.ts";
import {
  alteredPlayer,
  type CanvasRecording,
  createEngine,
  fakeContext,
  idealPlayer,
  type Player,
  randomPlayer,
  runEngine,
  silentPlayer,
} from "../../runtime/testing.ts";
import type { GameInput } from "../../runtime/types.ts";
import { reflectorBuilds } from "./builds.ts";
import { reflectorEngine } from "./engine.ts";
import { ANTICIPATION_MS, bpmAt, type ReflectorBuild, sizeAt } from "./metrics.ts";
import { answerOf, keyOf, layout, planTrials } from "./plan.ts";

const build = (id: string) => reflectorBuilds.find((b) => b.id === id)!;
const x1 = build("reflector-x1-horizontal");
const letters = build("reflector-x1-vertical");
const x2 = build("reflector-x2-horizontal");
const x2Vertical = build("reflector-x2-vertical");
const portrait = build("reflector-portrait");
const play = (b: ReflectorBuild, player: Player, options: { seed?: number; level?: number; until?: number; motion?: number } = {}) =>
  runEngine(createEngine(reflectorEngine, b, options), { player, size: b.size, until: options.until });

describe("reflector trial plan", { timeout: 60_000 }, () => {
  it("is the same for the same seed and differs for another", () => {
    const plan = planTrials(x1.params, mulberry32(7));
    expect(planTrials(x1.params, mulberry32(7))).toEqual(plan);
    expect(planTrials(x1.params, mulberry32(8))).not.toEqual(plan);
  });

  it("changes the optotype every time, uses all four about equally, keeps gaps in range", () => {
    const plan = planTrials({ ...x1.params, trials: 400 }, mulberry32(3));
    for (let i = 1; i < plan.length; i++) expect(plan[i].symbol).not.toBe(plan[i - 1].symbol);
    for (let symbol = 0; symbol < 4; symbol++) {
      const share = plan.filter((t) => t.symbol === symbol).length / plan.length;
      expect(share).toBeGreaterThan(0.18);
      expect(share).toBeLessThan(0.32);
    }
    for (const trial of plan) {
      expect(Number.isInteger(trial.gapMs)).toBe(true);
      expect(trial.gapMs).toBeGreaterThanOrEqual(x1.params.gapMs.min);
      expect(trial.gapMs).toBeLessThanOrEqual(x1.params.gapMs.max);
    }
  });

  it("maps arrows, letters, digits and taps on the buttons to answers", () => {
    const key = (k: string): GameInput => ({ type: "key", key: k, timeStamp: 0 });
    const { buttons } = layout(x1.params, x1.size);
    expect(["ArrowLeft", "ArrowUp", "ArrowDown", "ArrowRight", "1", "4"].map((k) => answerOf(key(k), "tumbling-e", buttons))).toEqual([0, 1, 2, 3, 0, 3]);
    expect(answerOf(key("h"), "tumbling-e", buttons)).toBeNull();
    expect(["d", "h", "n", "z", "ArrowLeft"].map((k) => answerOf(key(k), "letters", buttons))).toEqual([0, 1, 2, 3, null]);
    for (const b of buttons) {
      const centre = { x: b.x + b.width / 2, y: b.y + b.height / 2, timeStamp: 0 };
      expect(answerOf({ type: "pointerdown", ...centre }, "tumbling-e", buttons)).toBe(b.symbol);
      expect(answerOf({ type: "pointermove", ...centre }, "tumbling-e", buttons)).toBeNull();
    }
    // The optotype itself is not a button.
    const { centre } = layout(x1.params, x1.size);
    expect(answerOf({ type: "pointerdown", ...centre, timeStamp: 0 }, "tumbling-e", buttons)).toBeNull();
    expect(keyOf("letters", 2)).toBe("n");
    expect(keyOf("landolt-c", 3)).toBe("ArrowRight");
  });

  it("lays every build out inside its screen, the buttons apart and below the optotype and the metronome", () => {
    for (const b of reflectorBuilds) {
      const { centre, track, buttons } = layout(b.params, b.size);
      const top = Math.min(...buttons.map((button) => button.y));
      for (const button of buttons) {
        expect(button.x).toBeGreaterThanOrEqual(0);
        expect(button.x + button.width).toBeLessThanOrEqual(b.size.width);
        expect(button.y + button.height).toBeLessThanOrEqual(b.size.height - 20);
        expect(button.width).toBeGreaterThanOrEqual(100);
        expect(button.height).toBeGreaterThanOrEqual(60);
      }
      // The largest optotype, pushed to its furthest x2 position, stays clear of the buttons and the metronome.
      const reach = b.params.sizePx.easy / 2 + (b.params.mode === "x2" ? 36 : 0);
      expect(centre.y + reach).toBeLessThan(top);
      if (track.axis === "horizontal") expect(centre.y + b.params.sizePx.easy / 2).toBeLessThan(track.y - 13);
      else expect(centre.x + b.params.sizePx.easy / 2 + (b.params.axis === "horizontal" ? 36 : 0)).toBeLessThan(track.x - 13);
    }
  });
});

describe("reflector with an ideal player", { timeout: 60_000 }, () => {
  for (const b of reflectorBuilds) {
    it(`${b.id}: reads every optotype right, RTs equal the player's delay, finishes`, () => {
      const run = play(b, idealPlayer(300));
      expect(run.finished).toBe(true);
      expect(run.trials).toHaveLength(b.params.trials);
      for (const trial of run.trials) {
        expect(trial).toMatchObject({ kind: `vor-${b.params.mode}`, outcome: "hit", correct: true });
        expect(trial.rtMs).toBeCloseTo(300, 6);
        expect(trial.condition).toBe(`bpm-${bpmAt(b, trial.level)}`);
        expect(trial.value).toBe(sizeAt(b, trial.level));
      }
    });
  }

  it("climbs the staircase, four right answers a level: the pace rises and the optotype shrinks", () => {
    const run = play(x1, idealPlayer(300));
    expect(run.trials.map((t) => t.level).slice(0, 9)).toEqual([3, 3, 3, 3, 4, 4, 4, 4, 5]);
    expect(run.trials.map((t) => t.condition).slice(0, 5)).toEqual(["bpm-69", "bpm-69", "bpm-69", "bpm-69", "bpm-74"]);
    expect(run.trials[4].value!).toBeLessThan(run.trials[0].value!);
    expect(run.level).toBe(13);
  });

  it("starts at the level it is given", () => {
    const run = play(x1, idealPlayer(300), { level: 10, until: 5000 });
    expect(run.trials[0].level).toBe(10);
    expect(run.trials[0].condition).toBe(`bpm-${bpmAt(x1, 10)}`);
  });

  it("times each optotype from the frame that first painted it, one after another", () => {
    const run = play(x1, idealPlayer(300), { seed: 11 });
    run.trials.forEach((trial, i) => {
      expect(trial.index).toBe(i);
      expect((trial.shownAt * 60) / 1000).toBeCloseTo(Math.round((trial.shownAt * 60) / 1000), 6);
      if (i > 0) expect(trial.shownAt).toBeGreaterThan(run.trials[i - 1].respondedAt! + x1.params.feedbackMs);
    });
    // The first waits for the lead-in beats too.
    expect(run.trials[0].shownAt).toBeGreaterThanOrEqual(x1.params.leadInMs + x1.params.gapMs.min);
  });

  it("answers letters with lower-case letter keys", () => {
    const keys: string[] = [];
    const run = play(
      letters,
      (view) => {
        const wanted = view.engine.demonstrate(view.now);
        if (wanted?.type === "key") keys.push(wanted.key);
        return null;
      },
      { until: 25_000 },
    );
    expect(run.trials.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBeGreaterThan(1);
    expect(keys.every((k) => ["d", "h", "n", "z"].includes(k))).toBe(true);
  });

  it("plays by touch alone, tapping the buttons", () => {
    const { buttons } = layout(portrait.params, portrait.size);
    let busyUntil = -1;
    const tapper: Player = ({ now, engine }) => {
      const wanted = engine.demonstrate(now);
      if (now < busyUntil || !wanted || wanted.type !== "key") return null;
      busyUntil = now + 400;
      const button = buttons.find((b) => b.symbol === ["ArrowLeft", "ArrowUp", "ArrowDown", "ArrowRight"].indexOf(wanted.key))!;
      return { type: "pointerdown", x: button.x + button.width / 2, y: button.y + button.height / 2, timeStamp: now + 400 };
    };
    const run = play(portrait, tapper);
    expect(run.finished).toBe(true);
    expect(run.trials.every((t) => t.outcome === "hit" && Math.abs(t.rtMs! - 400) < 1e-6)).toBe(true);
  });
});

describe("reflector scoring", { timeout: 60_000 }, () => {
  it("counts omissions when nobody answers, and lowers the pace", () => {
    const run = play(x1, silentPlayer);
    expect(run.finished).toBe(true);
    expect(run.trials.every((t) => t.outcome === "omission" && t.respondedAt === null && t.correct === false)).toBe(true);
    expect(run.trials.slice(0, 4).map((t) => t.level)).toEqual([3, 2, 1, 1]);
    expect(run.level).toBe(1);
  });

  it("scores a wrong answer as a miss", () => {
    const run = play(x1, wrongAnswer(500));
    expect(run.trials.every((t) => t.outcome === "miss" && t.correct === false && Math.abs(t.rtMs! - 500) < 1e-6)).toBe(true);
  });

  it("counts an answer faster than a reading as an anticipation, which leaves the level alone", () => {
    const run = play(x1, idealPlayer(ANTICIPATION_MS - 30));
    expect(run.trials.every((t) => t.outcome === "anticipation" && t.correct === false)).toBe(true);
    expect(run.trials.every((t) => t.level === 3)).toBe(true);
  });

  it("ignores keys between optotypes and keys that answer nothing", () => {
    // Presses the right arrow on every frame before the first optotype, then "x" all the time.
    const run = play(x1, ({ now, engine }) => (engine.trials().length === 0 && !engine.demonstrate(now) ? keyAt("ArrowRight", now) : keyAt("x", now)), {
      until: 12_000,
    });
    expect(run.trials.length).toBeGreaterThan(0);
    expect(run.trials.every((t) => t.outcome === "omission")).toBe(true);
  });

  it("counts an answer the browser delivers late, when it was given before the window closed", () => {
    const engine = createEngine(reflectorEngine, x1);
    const { context } = fakeContext();
    let now = 0;
    const step = () => {
      engine.update(now);
      engine.draw(context, now);
    };
    step();
    while (!engine.demonstrate(now)) {
      now += 10;
      step();
    }
    const shownAt = now;
    const key = engine.demonstrate(now)!;
    const window = x1.params.responseWindowMs;
    now = shownAt + window + 40;
    step();
    expect(engine.trials()).toHaveLength(0);
    engine.input({ ...key, timeStamp: shownAt + window - 5 });
    now += 16;
    step();
    expect(engine.trials()[0]).toMatchObject({ outcome: "hit", rtMs: window - 5 });
  });

  it("settles an omission at the deadline and ignores an answer after it", () => {
    const engine = createEngine(reflectorEngine, x1);
    const { context } = fakeContext();
    let now = 0;
    engine.draw(context, now);
    while (!engine.demonstrate(now)) {
      now += 10;
      engine.update(now);
      engine.draw(context, now);
    }
    const key = engine.demonstrate(now)!;
    const window = x1.params.responseWindowMs;
    engine.input({ ...key, timeStamp: now + window + 20 });
    engine.update(now + window + 200);
    expect(engine.trials()).toEqual([expect.objectContaining({ outcome: "omission", shownAt: now, respondedAt: null })]);
  });

  it("drops the optotype in progress on interrupt and shows it again after the pause", () => {
    const engine = createEngine(reflectorEngine, x1, { seed: 5 });
    const { context } = fakeContext();
    let now = 0;
    engine.draw(context, now);
    while (!engine.demonstrate(now)) {
      now += 10;
      engine.update(now);
      engine.draw(context, now);
    }
    const wanted = engine.demonstrate(now)!;
    engine.interrupt(now + 50);
    engine.input({ ...wanted, timeStamp: now + 40 });
    engine.update(now + 60);
    expect(engine.trials()).toHaveLength(0);
    expect(engine.demonstrate(now + 60)).toBeNull();
    // A fresh gap from the next paint, then the same optotype.
    const resumed = now + 100;
    engine.draw(context, resumed);
    const plan = planTrials(x1.params, mulberry32(5));
    engine.update(resumed + plan[0].gapMs - 1);
    expect(engine.demonstrate(resumed + plan[0].gapMs - 1)).toBeNull();
    engine.update(resumed + plan[0].gapMs);
    engine.draw(context, resumed + plan[0].gapMs);
    expect(engine.demonstrate(resumed + plan[0].gapMs)).toMatchObject({ key: (wanted as { key: string }).key });
  });
});

describe("reflector safety and movement", { timeout: 60_000 }, () => {
  for (const b of reflectorBuilds) {
    it(`${b.id}: never changes the background, whatever the player does`, () => {
      for (const player of [idealPlayer(300), silentPlayer, randomPlayer(3, { perSecond: 8 })]) {
        const run = play(b, player, { until: 60_000 });
        expect(maxBackgroundChangesPerSecond(run.canvas, b.size)).toBe(0);
      }
    });
  }

  it("moves the metronome dot smoothly, reaching an end on every beat, also when the pace changes", () => {
    const run = play(x1, idealPlayer(300), { until: 40_000 });
    const dots = pacerPositions(run.canvas);
    const { track } = layout(x1.params, x1.size);
    // The fastest pace here is under 2 beats a second: the dot never moves more than π·half·beats/s per second.
    const maxStep = Math.PI * track.half * (bpmAt(x1, run.level) / 60) * (1000 / 60 / 1000) * 1.05;
    for (let i = 1; i < dots.length; i++) expect(Math.abs(dots[i].x - dots[i - 1].x)).toBeLessThanOrEqual(maxStep);
    // Both ends are reached, once a beat.
    expect(Math.max(...dots.map((d) => d.x))).toBeCloseTo(track.x + track.half, 0);
    expect(Math.min(...dots.map((d) => d.x))).toBeCloseTo(track.x - track.half, 0);
    const turns = dots.filter((d, i) => i > 0 && i < dots.length - 1 && Math.sign(d.x - dots[i - 1].x) !== Math.sign(dots[i + 1].x - d.x)).length;
    const beats = (run.trials.reduce((sum, t) => sum + bpmAt(x1, t.level), 0) / run.trials.length / 60) * 40;
    expect(turns).toBeGreaterThan(beats * 0.7);
    expect(turns).toBeLessThan(beats * 1.3);
  });

  it("moves the x2 optotype a little, opposite to the head, and not at all with motion 0", () => {
    for (const b of [x2, x2Vertical]) {
      const run = play(b, idealPlayer(300), { until: 30_000 });
      const axis = b.params.axis === "horizontal" ? "x" : "y";
      const optotypes = optotypePositions(run.canvas);
      const pacers = pacerPositions(run.canvas);
      const { centre } = layout(b.params, b.size);
      const offsets = optotypes.map((o) => o[axis] - centre[axis]);
      expect(Math.max(...offsets)).toBeGreaterThan(10);
      expect(Math.min(...offsets)).toBeLessThan(-10);
      expect(Math.max(...offsets.map(Math.abs))).toBeLessThanOrEqual(36 + 1e-9);
      // Opposite: where the optotype is right of centre, the metronome is left of its middle.
      for (const o of optotypes) {
        const pacer = pacers.find((p) => p.now === o.now)!;
        const { track } = layout(b.params, b.size);
        const head = pacer[axis] - track[axis];
        if (Math.abs(o[axis] - centre[axis]) > 2) expect(Math.sign(o[axis] - centre[axis])).toBe(-Math.sign(head));
      }
    }
    const still = play(x2, idealPlayer(300), { until: 20_000, motion: 0 });
    const { centre } = layout(x2.params, x2.size);
    expect(optotypePositions(still.canvas).every((o) => Math.abs(o.x - centre.x) < 1e-9)).toBe(true);
    // The metronome still shows the pace, over a shorter track.
    const dots = pacerPositions(still.canvas).map((d) => d.x);
    expect(Math.max(...dots) - Math.min(...dots)).toBeGreaterThan(100);
  });

  it("keeps the x1 optotype still", () => {
    const run = play(x1, idealPlayer(300), { until: 20_000 });
    const { centre } = layout(x1.params, x1.size);
    const positions = optotypePositions(run.canvas);
    expect(positions.length).toBeGreaterThan(0);
    expect(positions.every((o) => o.x === centre.x && o.y === centre.y)).toBe(true);
  });

  it("keeps the answered button's tint under three changes a second", () => {
    const fast: ReflectorBuild = { ...x1, params: { ...x1.params, gapMs: { min: 200, max: 200 }, feedbackMs: 200, leadInMs: 0 } };
    const run = play(fast, randomPlayer(9, { perSecond: 20, keys: ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"] }), { until: 20_000 });
    const changes = buttonFillChanges(run.canvas);
    expect(changes.length).toBeGreaterThan(5);
    for (const t of changes) expect(changes.filter((u) => u > t - 1000 && u <= t).length).toBeLessThanOrEqual(3);
  });
});

function keyAt(key: string, now: number): GameInput {
  return { type: "key", key, timeStamp: now };
}

/** Presses another arrow than the right one, `delay` ms after the optotype appears. */
function wrongAnswer(delay: number): Player {
  const arrows = ["ArrowLeft", "ArrowUp", "ArrowDown", "ArrowRight"];
  return alteredPlayer(delay, (wanted) => (wanted.type === "key" ? { ...wanted, key: arrows[(arrows.indexOf(wanted.key) + 1) % 4] } : null));
}

/** The metronome dot (the only arc of radius 9) of each frame. */
function pacerPositions(recording: CanvasRecording): { now: number; x: number; y: number }[] {
  const positions: { now: number; x: number; y: number }[] = [];
  let now = 0;
  for (const op of recording) {
    if (op.op === "frame") now = op.now;
    else if (op.op === "call" && op.name === "arc" && op.args[2] === 9) positions.push({ now, x: Number(op.args[0]), y: Number(op.args[1]) });
  }
  return positions;
}

/** Where the optotype was drawn (the translate before it), frame by frame. */
function optotypePositions(recording: CanvasRecording): { now: number; x: number; y: number }[] {
  const positions: { now: number; x: number; y: number }[] = [];
  let now = 0;
  for (const op of recording) {
    if (op.op === "frame") now = op.now;
    else if (op.op === "call" && op.name === "translate") positions.push({ now, x: Number(op.args[0]), y: Number(op.args[1]) });
  }
  return positions;
}

/** Times of frames whose button fills differ from the frame before. */
function buttonFillChanges(recording: CanvasRecording): number[] {
  const times: number[] = [];
  let now = 0;
  let style = "";
  let fills: string[] = [];
  let previous = "";
  let inButton = false;
  for (const op of recording) {
    if (op.op === "frame") {
      const key = fills.join("|");
      if (previous && key !== previous) times.push(now);
      if (fills.length) previous = key;
      fills = [];
      now = op.now;
    } else if (op.op === "set" && op.name === "fillStyle") style = String(op.value);
    else if (op.op === "call" && op.name === "roundRect") inButton = true;
    else if (op.op === "call" && op.name === "fill" && inButton) {
      fills.push(style);
      inButton = false;
    }
  }
  return times;
}
