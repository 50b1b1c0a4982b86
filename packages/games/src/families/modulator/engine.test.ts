import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../runtime/random.ts";
import { maxBackgroundChangesPerSecond, maxPatternSpeed } from "../../runtime/safety.ts";
import { type CanvasOp, createEngine, fakeContext, idealPlayer, type Player, randomPlayer, runEngine, silentPlayer } from "../../runtime/testing.ts";
import type { GameInput, TrialRecord } from "../../runtime/types.ts";
import { modulatorBuilds } from "./builds.ts";
import { modulatorEngine, RAMP_MS } from "./engine.ts";
import { type ModulatorBuild, plannedRatings, RATING_TIMEOUT_MS, stimulusAt } from "./metrics.ts";
import { centreOf, layoutOf, planSession, ratingAt } from "./plan.ts";

const build = (id: string) => modulatorBuilds.find((b) => b.id === id)!;
const stripes = build("modulator-stripes-horizontal");
const quick = build("modulator-quick");
const flow = build("modulator-dot-flow");
const play = (b: ModulatorBuild, player: Player, options: { seed?: number; level?: number; until?: number; motion?: number } = {}) =>
  runEngine(createEngine(modulatorEngine, b, options), { player, size: b.size, until: options.until });
const task = (trials: readonly TrialRecord[]) => trials.filter((t) => t.kind !== "symptom");

describe("modulator plan", () => {
  it("is the same for the same seed and differs for another", () => {
    const plan = planSession(stripes.params, mulberry32(7));
    expect(planSession(stripes.params, mulberry32(7))).toEqual(plan);
    expect(planSession(stripes.params, mulberry32(8))).not.toEqual(plan);
  });

  it("alternates directions, gives each block its share of targets, and rates every second block and after the last", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const plan = planSession(stripes.params, mulberry32(seed));
      expect(plan.blocks).toHaveLength(8);
      plan.blocks.forEach((block, b) => {
        if (b > 0) expect(block.direction).not.toBe(plan.blocks[b - 1].direction);
        expect(block.items).toHaveLength(10);
        expect(block.items.filter((i) => i.kind === "go")).toHaveLength(3);
        for (const item of block.items) {
          expect(item.kind === "go").toBe(item.shape === plan.target);
          expect(item.gapMs).toBeGreaterThanOrEqual(500);
          expect(item.gapMs).toBeLessThanOrEqual(1200);
        }
      });
      expect(plan.blocks.map((b) => b.rateAfter)).toEqual([false, true, false, true, false, true, false, true]);
    }
    const odd = planSession({ ...stripes.params, blocks: 3 }, mulberry32(1));
    expect(odd.blocks.map((b) => b.rateAfter)).toEqual([false, true, true]);
  });

  it("maps taps on the rating buttons to their values", () => {
    for (const b of [stripes, build("modulator-stripes-portrait")]) {
      const layout = layoutOf(b.size);
      for (const button of layout.ratings) {
        expect(button.x).toBeGreaterThanOrEqual(0);
        expect(button.x + button.width).toBeLessThanOrEqual(b.size.width);
        expect(button.width).toBeGreaterThanOrEqual(44);
        expect(ratingAt({ type: "pointerdown", ...centreOf(button), timeStamp: 0 }, layout)).toBe(button.value);
      }
      expect(ratingAt({ type: "pointerdown", x: 2, y: 2, timeStamp: 0 }, layout)).toBeNull();
      expect(ratingAt({ type: "pointermove", ...centreOf(layout.ratings[3]), timeStamp: 0 }, layout)).toBeNull();
    }
  });
});

describe("modulator with an ideal player", () => {
  for (const b of modulatorBuilds) {
    it(`${b.id}: answers every target, lets the others go, rates 0, finishes`, () => {
      const run = play(b, idealPlayer(250));
      expect(run.finished).toBe(true);
      const shapes = task(run.trials);
      expect(shapes).toHaveLength(b.params.blocks * b.params.itemsPerBlock);
      for (const trial of shapes) {
        if (trial.kind === "go") {
          expect(trial.outcome).toBe("hit");
          expect(trial.rtMs).toBeCloseTo(250, 6);
        } else {
          expect(trial.outcome).toBe("correct-rejection");
          expect(trial.respondedAt).toBeNull();
        }
      }
      const ratings = run.trials.filter((t) => t.kind === "symptom");
      expect(ratings).toHaveLength(plannedRatings(b.params));
      expect(ratings.every((t) => t.value === 0 && t.outcome === "sample" && t.correct === null && Math.abs(t.rtMs! - 250) < 1e-6)).toBe(true);
      expect(ratings[0].condition).toBe("baseline");
      expect(run.trials[0].kind).toBe("symptom");
      expect(run.trials.at(-1)!.kind).toBe("symptom");
    });
  }

  it("raises the stimulus level block after block while the task stays accurate", () => {
    const run = play(stripes, idealPlayer(250));
    const levels = [...new Set(task(run.trials).map((t) => `${t.condition}`))];
    // One level per block (ten right answers = two and a half levels), named in the condition.
    const blockLevels = task(run.trials)
      .filter((_, i) => i % 10 === 0)
      .map((t) => t.level);
    expect(blockLevels).toEqual([1, 3, 6, 8, 10, 10, 10, 10]);
    expect(levels[0]).toMatch(/^stripes-(left|right)-1$/);
    for (const trial of task(run.trials)) expect(trial.condition).toBe(`stripes-${trial.condition.split("-")[1]}-${trial.level}`);
    expect(run.level).toBe(10);
  });

  it("records the background speed of each trial: the level's, times the motion setting", () => {
    const run = play(stripes, idealPlayer(250), { motion: 0.5 });
    for (const trial of task(run.trials)) expect(trial.value).toBeCloseTo(stimulusAt(stripes, trial.level).speed * 0.5, 2);
    const still = play(stripes, idealPlayer(250), { motion: 0 });
    expect(task(still.trials).every((t) => t.value === 0)).toBe(true);
  });

  it("times each trial from the paint of its shape, one after another", () => {
    const run = play(quick, idealPlayer(300), { seed: 11 });
    run.trials.forEach((trial, i) => {
      expect(trial.index).toBe(i);
      if (i > 0) expect(trial.shownAt).toBeGreaterThan(run.trials[i - 1].shownAt);
      expect((trial.shownAt * 60) / 1000).toBeCloseTo(Math.round((trial.shownAt * 60) / 1000), 6);
    });
  });
});

describe("modulator scoring", () => {
  it("counts omissions and correct rejections when nobody answers, records unanswered ratings, and lowers the level", () => {
    const short: ModulatorBuild = { ...stripes, params: { ...stripes.params, blocks: 3 } };
    const run = play(short, silentPlayer, { level: 6 });
    expect(run.finished).toBe(true);
    for (const trial of task(run.trials)) expect(trial.outcome).toBe(trial.kind === "go" ? "omission" : "correct-rejection");
    const ratings = run.trials.filter((t) => t.kind === "symptom");
    expect(ratings.every((t) => t.value === null && t.respondedAt === null && t.outcome === "sample")).toBe(true);
    const blockLevels = task(run.trials)
      .filter((_, i) => i % 10 === 0)
      .map((t) => t.level);
    // Three omissions and seven correct rejections a block: down three levels, up 1.75.
    expect(blockLevels).toEqual([6, 4, 3]);
  });

  it("counts an answer to every shape as commissions on the others", () => {
    const run = play(quick, pressEveryShape(350));
    for (const trial of task(run.trials)) {
      expect(trial.outcome).toBe(trial.kind === "go" ? "hit" : "commission");
      expect(trial.rtMs).toBeCloseTo(350, 6);
    }
  });

  it("counts a press during the blank gap as an anticipation timed from the gap, and moves on", () => {
    const engine = createEngine(modulatorEngine, quick);
    const { context } = fakeContext(quick.size);
    let now = 0;
    const step = (to: number) => {
      for (; now <= to; now += 10) {
        engine.update(now);
        engine.draw(context, now);
      }
    };
    step(0);
    engine.input({ type: "key", key: "3", timeStamp: 200 });
    step(200 + 700 + RAMP_MS + 60);
    expect(engine.trials()).toHaveLength(1);
    expect(engine.trials()[0]).toMatchObject({ kind: "symptom", value: 3, rtMs: 200 });
    // The gap is painted by now; a press 30 ms later answers it too early.
    const pressAt = now + 30;
    engine.input({ type: "key", key: " ", timeStamp: pressAt });
    step(pressAt + 10);
    const trial = engine.trials()[1];
    expect(trial.outcome).toBe("anticipation");
    expect(trial.respondedAt).toBe(pressAt);
    expect(trial.rtMs).toBeGreaterThanOrEqual(30);
  });

  it("takes a rating from a digit, from the arrows and Enter, and from a tap", () => {
    const rate = (inputs: ((t: number) => GameInput)[]) => {
      const engine = createEngine(modulatorEngine, quick);
      const { context } = fakeContext(quick.size);
      engine.update(0);
      engine.draw(context, 0);
      inputs.forEach((make, i) => {
        engine.input(make(100 + i * 50));
      });
      engine.update(1000);
      return engine.trials()[0]?.value;
    };
    expect(rate([(t) => ({ type: "key", key: "7", timeStamp: t })])).toBe(7);
    const key = (k: string) => (t: number) => ({ type: "key" as const, key: k, timeStamp: t });
    expect(rate([key("ArrowRight"), key("ArrowRight"), key("ArrowLeft"), key("Enter")])).toBe(0);
    expect(rate([...Array.from({ length: 12 }, () => key("ArrowRight")), key(" ")])).toBe(10);
    expect(rate([key("Enter"), key("x")])).toBeUndefined();
    const ten = layoutOf(quick.size).ratings[10];
    expect(rate([(t) => ({ type: "pointerdown", ...centreOf(ten), timeStamp: t })])).toBe(10);
  });

  it("records an unanswered rating when its time runs out, and goes on", () => {
    const run = play(quick, silentPlayer, { until: RATING_TIMEOUT_MS + 5000 });
    expect(run.trials[0]).toMatchObject({ kind: "symptom", value: null, respondedAt: null, shownAt: 0 });
    expect(run.trials.length).toBeGreaterThan(1);
  });

  it("drops the shape in progress on interrupt and builds the motion up again", () => {
    const engine = createEngine(modulatorEngine, quick, { seed: 5 });
    const { context, recording } = fakeContext(quick.size);
    engine.update(0);
    engine.draw(context, 0);
    engine.input({ type: "key", key: "0", timeStamp: 100 });
    let now = 10;
    // Run until a shape is up in the panel.
    for (; now < 10_000; now += 10) {
      const from = recording.length;
      engine.update(now);
      engine.draw(context, now);
      if (yellowFills(recording.slice(from)) >= 2) break;
    }
    expect(engine.trials()).toHaveLength(1);
    engine.interrupt(now);
    engine.input({ type: "key", key: " ", timeStamp: now + 1 });
    engine.update(now + 5);
    expect(engine.trials()).toHaveLength(1);
    // After the pause: the ramp again, from no pattern at all.
    const { context: after, recording: afterOps } = fakeContext(quick.size);
    engine.draw(after, now + 10);
    expect(alphas(afterOps)).toEqual([]);
    engine.update(now + 10 + RAMP_MS / 2);
    engine.draw(after, now + 10 + RAMP_MS / 2);
    expect(alphas(afterOps)[0]).toBeCloseTo(stimulusAt(quick, 1).contrast / 2, 6);
    // And the same shape comes back: an ideal player still gets everything right.
    const rest = runEngine(engine, { player: idealPlayer(250), size: quick.size });
    expect(rest.finished).toBe(true);
    expect(task(rest.trials)).toHaveLength(quick.params.itemsPerBlock);
  });
});

describe("modulator safety", () => {
  for (const b of modulatorBuilds) {
    it(`${b.id}: never changes the background colour, whatever the player does`, () => {
      for (const player of [idealPlayer(250), silentPlayer, randomPlayer(3, { perSecond: 6 })]) {
        const run = play(b, player, { until: 30_000, level: 10 });
        expect(maxBackgroundChangesPerSecond(run.canvas, b.size)).toBe(0);
      }
    });
  }

  it("ramps the pattern in and out over a second, with no jump", () => {
    const run = play(stripes, idealPlayer(250), { level: 10, until: 60_000 });
    const perFrame = framesOf(run.canvas).map((ops) => alphas(ops)[0] ?? 0);
    const top = stimulusAt(stripes, 10).contrast;
    expect(Math.max(...perFrame)).toBeCloseTo(top, 6);
    for (let i = 1; i < perFrame.length; i++) {
      // A 1 s smoothstep ramp moves at most 1.5 × (16.7 / 1000) of the way in a frame.
      const jump = Math.abs(perFrame[i] - perFrame[i - 1]);
      // …except the jump to nothing when a rating screen replaces a pattern already at 0.
      expect(jump).toBeLessThanOrEqual(top * 0.026);
    }
  });

  it("moves stripes at most three periods a second, and not at all with motion 0", () => {
    for (const b of modulatorBuilds.filter((x) => x.params.pattern === "stripes")) {
      const run = play(b, idealPlayer(250), { level: b.difficulty.max, until: 40_000 });
      const steps = stripeSteps(run.canvas, b.params.periodPx);
      expect(steps.length).toBeGreaterThan(100);
      expect(Math.max(...steps)).toBeLessThanOrEqual(maxPatternSpeed(b.params.periodPx) / 60 + 1e-6);
      expect(Math.max(...steps)).toBeGreaterThan(0);
      const still = play(b, idealPlayer(250), { level: b.difficulty.max, until: 20_000, motion: 0 });
      expect(Math.max(...stripeSteps(still.canvas, b.params.periodPx))).toBe(0);
    }
  });

  it("moves dots no faster than the level's speed times the motion setting", () => {
    const run = play(flow, idealPlayer(250), { level: 10, until: 20_000, motion: 0.5 });
    expect(task(run.trials).every((t) => t.value === stimulusAt(flow, 10).speed * 0.5)).toBe(true);
  });

  it("produces only well-formed records under a random player", () => {
    const run = play(stripes, randomPlayer(21, { perSecond: 3, keys: [" ", "1", "5", "ArrowRight", "Enter", "x"] }));
    expect(run.finished).toBe(true);
    const outcomes = new Set(run.trials.map((t) => t.outcome));
    expect(outcomes.has("anticipation")).toBe(true);
    expect(outcomes.has("commission")).toBe(true);
    for (const trial of run.trials) {
      if (trial.rtMs !== null) expect(trial.rtMs).toBeCloseTo(trial.respondedAt! - trial.shownAt, 9);
    }
  });
});

/** Presses Space `delay` after every shape appears in the panel, target or not. */
function pressEveryShape(delay: number): Player {
  let wasShown = false;
  return ({ now, drawn }) => {
    // The target in the header is one yellow fill; a shape in the panel is a second.
    const shown = yellowFills(drawn) >= 2;
    const onset = shown && !wasShown;
    wasShown = shown;
    return onset ? { type: "key", key: " ", timeStamp: now + delay } : null;
  };
}

function yellowFills(ops: readonly CanvasOp[]): number {
  return ops.filter((op) => op.op === "set" && op.name === "fillStyle" && op.value === "#ffd166").length;
}

function framesOf(recording: readonly CanvasOp[]): CanvasOp[][] {
  const frames: CanvasOp[][] = [];
  for (const op of recording) {
    if (op.op === "frame") frames.push([]);
    else frames.at(-1)?.push(op);
  }
  return frames;
}

/** The pattern's opacities set in these operations (the only globalAlpha the engine sets other than 1). */
function alphas(ops: readonly CanvasOp[]): number[] {
  return ops.flatMap((op) => (op.op === "set" && op.name === "globalAlpha" && op.value !== 1 ? [Number(op.value)] : []));
}

/** How far the stripes moved from frame to frame (px, the shorter way round the period). */
function stripeSteps(recording: readonly CanvasOp[], period: number): number[] {
  const steps: number[] = [];
  let previous: number | null = null;
  for (const ops of framesOf(recording)) {
    // The first stripe of the frame, modulo the period.
    const rect = ops.find((op) => op.op === "call" && op.name === "fillRect" && Number((op as { args: number[] }).args[2]) === period / 2);
    const rect2 = ops.find((op) => op.op === "call" && op.name === "fillRect" && Number((op as { args: number[] }).args[3]) === period / 2);
    const found = (rect ?? rect2) as { args: number[] } | undefined;
    if (!found) {
      previous = null;
      continue;
    }
    const position = ((((rect ? found.args[0] : found.args[1]) % period) + period) % period) as number;
    if (previous !== null) {
      const d = Math.abs(position - previous);
      steps.push(Math.min(d, period - d));
    }
    previous = position;
  }
  return steps;
}
