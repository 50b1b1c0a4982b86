import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../runtime/random.ts";
import { maxBackgroundChangesPerSecond } from "../../runtime/safety.ts";
import {
  alteredPlayer,
  answerAfterWindow,
  type CanvasOp,
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
import { activatorBuilds } from "./builds.ts";
import { activatorEngine } from "./engine.ts";
import { ANTICIPATION_MS, type ActivatorBuild, amplitudeAt, DIRECTION_SETS, displayMsAt, MIN_AMPLITUDE_PX } from "./metrics.ts";
import { answerOf, centreOf, landing, layout, planTrials, reach, SYMBOLS } from "./plan.ts";

const build = (id: string) => activatorBuilds.find((b) => b.id === id)!;
const horizontal = build("activator-horizontal");
const diagonal = build("activator-diagonal");
const letters = build("activator-wide-letters");
const portrait = build("activator-portrait");
const play = (b: ActivatorBuild, player: Player, options: { seed?: number; level?: number; until?: number; motion?: number } = {}) =>
  runEngine(createEngine(activatorEngine, b, options), { player, size: b.size, until: options.until });

describe("activator trial plan", () => {
  it("is the same for the same seed and differs for another", () => {
    const plan = planTrials(diagonal.params, mulberry32(7));
    expect(planTrials(diagonal.params, mulberry32(7))).toEqual(plan);
    expect(planTrials(diagonal.params, mulberry32(8))).not.toEqual(plan);
  });

  it("balances directions and symbols and keeps foreperiods within the build's range", () => {
    const plan = planTrials(diagonal.params, mulberry32(3));
    expect(plan).toHaveLength(40);
    for (const direction of DIRECTION_SETS.diagonal) expect(plan.filter((t) => t.direction === direction)).toHaveLength(10);
    for (let symbol = 0; symbol < 4; symbol++) expect(plan.filter((t) => t.symbol === symbol)).toHaveLength(10);
    for (const trial of plan) {
      expect(Number.isInteger(trial.foreperiodMs)).toBe(true);
      expect(trial.foreperiodMs).toBeGreaterThanOrEqual(800);
      expect(trial.foreperiodMs).toBeLessThanOrEqual(2000);
    }
  });

  it.each(activatorBuilds.map((b) => [b.id, b] as const))("%s: every jump fits the field and lands clear of the buttons", (_, b) => {
    const box = layout(b.size);
    for (const direction of DIRECTION_SETS[b.params.directions]) {
      expect(reach(direction, box)).toBeGreaterThanOrEqual(MIN_AMPLITUDE_PX);
      for (const amplitude of [MIN_AMPLITUDE_PX, Math.min(reach(direction, box), b.params.amplitudePx.hard)]) {
        const { x, y } = landing(direction, amplitude, box);
        const r = box.radius;
        expect(x - r).toBeGreaterThanOrEqual(box.field.x);
        expect(x + r).toBeLessThanOrEqual(box.field.x + box.field.width);
        expect(y - r).toBeGreaterThanOrEqual(box.field.y);
        expect(y + r).toBeLessThanOrEqual(box.field.y + box.field.height);
        for (const button of box.buttons) {
          const apart = x + r < button.x || x - r > button.x + button.width || y + r < button.y || y - r > button.y + button.height;
          expect(apart, `${direction} ${amplitude} px against a button`).toBe(true);
        }
      }
    }
    // Buttons large enough for a finger, inside the canvas.
    for (const button of box.buttons) {
      expect(Math.min(button.width, button.height)).toBeGreaterThanOrEqual(44);
      expect(button.x + button.width).toBeLessThanOrEqual(b.size.width);
      expect(button.y + button.height).toBeLessThanOrEqual(b.size.height - 14);
    }
  });

  it("keeps every build's amplitudes within reach, so the level's jump is the jump drawn", () => {
    for (const b of activatorBuilds) {
      const box = layout(b.size);
      for (const direction of DIRECTION_SETS[b.params.directions])
        expect(reach(direction, box), `${b.id} ${direction}`).toBeGreaterThanOrEqual(b.params.amplitudePx.hard);
    }
  });

  it("maps keys and taps to symbols", () => {
    const box = layout(horizontal.size);
    const key = (k: string): GameInput => ({ type: "key", key: k, timeStamp: 0 });
    expect(["ArrowLeft", "ArrowUp", "ArrowDown", "ArrowRight", "1", "4"].map((k) => answerOf(key(k), "arrows", box))).toEqual([0, 1, 2, 3, 0, 3]);
    expect(["d", "h", "k", "v", "ArrowLeft"].map((k) => answerOf(key(k), "letters", box))).toEqual([0, 1, 2, 3, null]);
    expect(answerOf(key(" "), "arrows", box)).toBeNull();
    for (const [i, button] of box.buttons.entries()) expect(answerOf({ type: "pointerdown", ...centreOf(button), timeStamp: 0 }, "arrows", box)).toBe(i);
    expect(answerOf({ type: "pointerdown", ...box.centre, timeStamp: 0 }, "arrows", box)).toBeNull();
    expect(answerOf({ type: "pointermove", ...centreOf(box.buttons[0]), timeStamp: 0 }, "arrows", box)).toBeNull();
  });
});

describe("activator with an ideal player", () => {
  for (const b of activatorBuilds) {
    it(`${b.id}: scores 100 %, RTs equal the player's delay, finishes`, () => {
      const run = play(b, idealPlayer(400));
      expect(run.finished).toBe(true);
      expect(run.trials).toHaveLength(b.params.trials);
      for (const trial of run.trials) {
        expect(trial).toMatchObject({ kind: "saccade", outcome: "hit", correct: true });
        expect(trial.rtMs).toBeCloseTo(400, 6);
      }
      // The phone build is played by taps, the others by keys.
      expect(run.inputs.every((input) => input.type === (b.size.height > b.size.width ? "pointerdown" : "key"))).toBe(true);
    });
  }

  it("climbs the staircase: four right answers a level, the symbol shows shorter and the jump grows", () => {
    const run = play(horizontal, idealPlayer(300));
    expect(run.trials.map((t) => t.level).slice(0, 9)).toEqual([5, 5, 5, 5, 6, 6, 6, 6, 7]);
    expect(run.trials.at(-1)!.level).toBe(14);
    expect(displayMsAt(horizontal, 14)).toBeLessThan(displayMsAt(horizontal, 5));
    expect(run.trials.map((t) => t.value)).toEqual(run.trials.map((t) => amplitudeAt(horizontal, t.level)));
    expect(run.trials.at(-1)!.value).toBeGreaterThan(run.trials[0].value!);
  });

  it("records the trials in order, one after another, timed from the jump's paint", () => {
    const run = play(diagonal, idealPlayer(300), { seed: 11 });
    run.trials.forEach((trial, i) => {
      expect(trial.index).toBe(i);
      if (i > 0) expect(trial.shownAt).toBeGreaterThan(run.trials[i - 1].respondedAt!);
      expect((trial.shownAt * 60) / 1000).toBeCloseTo(Math.round((trial.shownAt * 60) / 1000), 6);
      expect(DIRECTION_SETS.diagonal).toContain(trial.condition);
    });
  });
});

describe("activator scoring", () => {
  it("counts omissions when nobody answers, and lowers the level", () => {
    const run = play(horizontal, silentPlayer);
    expect(run.finished).toBe(true);
    expect(run.trials.every((t) => t.outcome === "omission" && t.respondedAt === null && t.correct === false)).toBe(true);
    expect(run.trials.slice(0, 5).map((t) => t.level)).toEqual([5, 4, 3, 2, 1]);
    expect(run.level).toBe(1);
  });

  it("scores another symbol as a miss", () => {
    const run = play(letters, wrongSymbol(500));
    expect(run.trials.every((t) => t.outcome === "miss" && t.correct === false && Math.abs(t.rtMs! - 500) < 1e-6)).toBe(true);
    expect(run.level).toBe(1);
  });

  it("counts an answer faster than a saccade as an anticipation, which leaves the level alone", () => {
    const run = play(horizontal, idealPlayer(ANTICIPATION_MS - 30));
    expect(run.trials.every((t) => t.outcome === "anticipation" && t.rtMs! < ANTICIPATION_MS)).toBe(true);
    expect(run.trials.every((t) => t.level === 5)).toBe(true);
  });

  it("counts an answer before the jump as an anticipation timed from the fixation, and moves on", () => {
    const engine = createEngine(activatorEngine, horizontal);
    const once: Player = ({ now }) => (now === 0 ? { type: "key", key: "ArrowLeft", timeStamp: now + 200 } : null);
    const run = runEngine(engine, { until: 9000, player: once });
    expect(run.trials[0]).toMatchObject({ outcome: "anticipation", shownAt: 0, respondedAt: 200, rtMs: 200, correct: false });
    expect(run.trials.length).toBeGreaterThan(1);
  });

  it("ignores keys and taps that name no symbol", () => {
    const run = play(
      horizontal,
      ({ now }) => [{ type: "key", key: "x", timeStamp: now } as GameInput, { type: "pointerdown", x: 464, y: 200, timeStamp: now }],
      {
        until: 8000,
      },
    );
    expect(run.trials.length).toBeGreaterThan(0);
    expect(run.trials.every((t) => t.outcome === "omission")).toBe(true);
  });

  it("counts an answer the browser delivers late, after the frame that passed the deadline, and not one after it", () => {
    for (const [offset, outcome] of [
      [-5, "hit"],
      [20, "omission"],
    ] as const) {
      const engine = createEngine(activatorEngine, horizontal);
      const window = horizontal.params.responseWindowMs;
      const { shownAt, trialsBefore } = answerAfterWindow(engine, window, offset);
      expect(trialsBefore).toBe(0);
      expect(engine.trials()[0]).toMatchObject({ outcome, shownAt });
    }
  });

  it("shows the symbol for the level's display time, then masks it", () => {
    // Level 19: a display time that is no whole number of frames.
    const engine = createEngine(activatorEngine, letters, { level: 19 });
    const shown = displayMsAt(letters, 19);
    const label = SYMBOLS.letters[planTrials(letters.params, mulberry32(1))[0].symbol].label;
    const { context, recording } = fakeContext(letters.size);
    let shownAt: number | null = null;
    const frames: { t: number; letter: boolean; mask: boolean }[] = [];
    for (let i = 0; i < 400 && engine.trials().length === 0; i++) {
      const now = i * (1000 / 60);
      engine.update(now);
      const start = recording.length;
      engine.draw(context, now);
      if (shownAt === null && engine.demonstrate(now)) shownAt = now;
      if (shownAt !== null) {
        const ops = recording.slice(start);
        // The answer buttons carry the letters too: the dot's letter is the one drawn in its ink.
        frames.push({
          t: now - shownAt,
          letter: letterInInk(ops, label),
          mask: ops.some((op) => op.op === "set" && op.name === "lineCap" && op.value === "round"),
        });
      }
    }
    expect(shownAt).not.toBeNull();
    const during = frames.filter((f) => f.t < shown);
    const after = frames.filter((f) => f.t >= shown && f.t < letters.params.responseWindowMs);
    expect(during.length).toBe(Math.ceil(shown / (1000 / 60)));
    expect(during.every((f) => f.letter && !f.mask)).toBe(true);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((f) => !f.letter && f.mask)).toBe(true);
  });

  it("drops the trial in progress on interrupt and runs it again", () => {
    const engine = createEngine(activatorEngine, horizontal, { seed: 5 });
    const plan = planTrials(horizontal.params, mulberry32(5));
    // The fixation starts again at the next paint, with the same planned foreperiod.
    const resumed = interruptFirstTrial(engine, { type: "key", key: "ArrowLeft", timeStamp: 400 }, plan[0].foreperiodMs);
    expect(resumed.pausedTrials).toBe(0);
    expect(resumed.trialsAfterPause).toBe(0);
    expect(resumed.demandBeforeDue).toBeNull();
    expect(resumed.demandWhenDue).toMatchObject({ type: "key", key: SYMBOLS.arrows[plan[0].symbol].keys[0] });
  });
});

describe("activator motion", () => {
  it("scales the jump by the motion setting, down to the shortest jump that still needs a saccade", () => {
    const full = play(horizontal, idealPlayer(300), { until: 20_000 });
    const half = play(horizontal, idealPlayer(300), { until: 20_000, motion: 0.5 });
    const none = play(horizontal, idealPlayer(300), { until: 20_000, motion: 0 });
    expect(half.trials.map((t) => t.value)).toEqual(full.trials.map((t) => Math.max(MIN_AMPLITUDE_PX, Math.round(t.value! / 2))));
    expect(none.trials.every((t) => t.value === MIN_AMPLITUDE_PX)).toBe(true);
  });

  it("draws the dot at the jump recorded, in the trial's direction", () => {
    const box = layout(portrait.size);
    const seen: { x: number; y: number }[] = [];
    const watcher: Player = (view) => {
      const wanted = idealPlayer(300)(view);
      // The yellow dot: the arc filled with the target colour.
      const ops = view.drawn;
      for (let i = 0; i < ops.length; i++) {
        const op = ops[i];
        if (op.op === "call" && op.name === "arc" && op.args[2] === box.radius) seen.push({ x: Number(op.args[0]), y: Number(op.args[1]) });
      }
      return wanted;
    };
    const run = play(portrait, watcher, { until: 30_000 });
    const places = new Set(seen.map((p) => `${p.x},${p.y}`));
    for (const trial of run.trials) {
      const { x, y } = landing(trial.condition as never, trial.value!, box);
      expect(places.has(`${x},${y}`), `${trial.condition} ${trial.value}`).toBe(true);
    }
  });
});

describe("activator safety and robustness", () => {
  for (const b of activatorBuilds) {
    it(`${b.id}: never changes the background, whatever the player does`, () => {
      for (const player of [idealPlayer(250), silentPlayer, randomPlayer(3, { perSecond: 8 })]) {
        const run = play(b, player, { until: 60_000 });
        expect(maxBackgroundChangesPerSecond(run.canvas, b.size)).toBe(0);
      }
    });
  }

  it("lights the answer buttons no more than three times a second even with the shortest timings", () => {
    const fast: ActivatorBuild = {
      ...horizontal,
      params: { ...horizontal.params, foreperiodMs: { min: 300, max: 300 }, feedbackMs: 200, responseWindowMs: 1000, displayMs: { easy: 300, hard: 150 } },
    };
    // Quick right answers after short foreperiods: the light would come and go about three times a second.
    const run = play(fast, idealPlayer(ANTICIPATION_MS + 5), { until: 20_000 });
    const changes = buttonFillTimes(run.canvas);
    for (const t of changes) expect(changes.filter((u) => u > t - 1000 && u <= t).length).toBeLessThanOrEqual(3);
    expect(changes.length).toBeGreaterThan(5);
  });

  it("produces only valid records under a random player", () => {
    const run = play(portrait, randomPlayer(21, { perSecond: 3 }));
    expect(run.finished).toBe(true);
    expect(new Set(run.trials.map((t) => t.outcome))).toContain("anticipation");
    for (const trial of run.trials) if (trial.rtMs !== null) expect(trial.rtMs).toBeCloseTo(trial.respondedAt! - trial.shownAt, 9);
  });
});

/** Whether a frame draws `label` in the dot's dark ink. */
function letterInInk(ops: readonly CanvasOp[], label: string): boolean {
  let fill = "";
  for (const op of ops) {
    if (op.op === "set" && op.name === "fillStyle") fill = String(op.value);
    if (op.op === "call" && op.name === "fillText" && op.args[0] === label && fill === "#1d2733") return true;
  }
  return false;
}

/** Answers every jump with the next symbol round, `delay` ms after it. */
function wrongSymbol(delay: number): Player {
  const keys = SYMBOLS.letters.map((s) => s.keys[0] as string);
  return alteredPlayer(delay, (wanted) => (wanted.type === "key" ? { ...wanted, key: keys[(keys.indexOf(wanted.key) + 1) % 4] } : null));
}

/** Times of frames whose button fills differ from the frame before. */
function buttonFillTimes(recording: readonly CanvasOp[]): number[] {
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
    else if (op.op === "call" && op.name === "fill" && (style === "#26374a" || style === "#2b4a3e")) fills.push(style);
  }
  return times;
}
