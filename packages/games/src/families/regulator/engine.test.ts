import { describe, expect, it } from "vitest";
import { LATE_INPUT_GRACE_MS } from "../../runtime/input.ts";
import { mulberry32 } from "../../runtime/random.ts";
import { maxBackgroundChangesPerSecond } from "../../runtime/safety.ts";
import { type CanvasRecording, createEngine, fakeContext, idealPlayer, type Player, randomPlayer, runEngine, silentPlayer } from "../../runtime/testing.ts";
import type { GameEngine, GameInput } from "../../runtime/types.ts";
import { regulatorBuilds } from "./builds.ts";
import { regulatorEngine } from "./engine.ts";
import { ON_TARGET_SLACK_PX, type RegulatorBuild, SHAPES, speedAt } from "./metrics.ts";
import { areaOf, measure, Path, planBlocks, pointerAt, type Trace } from "./plan.ts";

const build = (id: string) => regulatorBuilds.find((b) => b.id === id)!;
const circle = build("regulator-circle");
const horizontal = build("regulator-horizontal");
const mixed = build("regulator-mixed");
const portrait = build("regulator-portrait");
const quick = build("regulator-quick");
const play = (b: RegulatorBuild, player: Player, options: { seed?: number; level?: number; until?: number; motion?: number } = {}) =>
  runEngine(createEngine(regulatorEngine, b, options), { player, size: b.size, until: options.until });
/** The demonstration as GameStage gives it: the pointer on the target at every frame, no delay. */
const follower = () => idealPlayer(0);

describe("regulator plan and paths", { timeout: 60_000 }, () => {
  it("plans the same blocks for the same seed, other blocks for another", () => {
    const blocks = planBlocks(mixed.params, mulberry32(7));
    expect(planBlocks(mixed.params, mulberry32(7))).toEqual(blocks);
    expect(planBlocks(mixed.params, mulberry32(8))).not.toEqual(blocks);
  });

  it("takes every shape once a round, never the same twice running, in both directions", () => {
    const blocks = planBlocks({ ...mixed.params, segments: 400 }, mulberry32(3));
    expect(blocks).toHaveLength(100);
    for (let round = 0; round < 25; round++) expect(new Set(blocks.slice(round * 4, round * 4 + 4).map((b) => b.shape)).size).toBe(4);
    for (let i = 1; i < blocks.length; i++) expect(blocks[i].shape).not.toBe(blocks[i - 1].shape);
    expect(new Set(blocks.map((b) => b.direction))).toEqual(new Set([1, -1]));
    expect(planBlocks(horizontal.params, mulberry32(1))).toHaveLength(8);
  });

  it("keeps every path, its target and its ring, inside the screen and below the texts", () => {
    for (const b of regulatorBuilds) {
      const area = areaOf(b.params, b.size);
      const reach = b.params.targetRadius + ON_TARGET_SLACK_PX;
      for (const shape of SHAPES) {
        for (const scale of [0.5, 1]) {
          const path = new Path(shape, 1, area, scale);
          for (let i = 0; i <= 360; i++) {
            const p = path.at((i / 360) * 2 * Math.PI);
            expect(p.x - reach).toBeGreaterThanOrEqual(0);
            expect(p.x + reach).toBeLessThanOrEqual(b.size.width);
            expect(p.y - reach).toBeGreaterThanOrEqual(area.statusTop + 22);
            expect(p.y + reach).toBeLessThanOrEqual(b.size.height - 16);
          }
        }
      }
    }
  });

  it("starts each shape where it should and measures its length", () => {
    const area = areaOf(horizontal.params, horizontal.size);
    const { x, y } = area.centre;
    const line = new Path("horizontal", 1, area, 1);
    expect(line.at(0)).toEqual({ x: x - area.halfWidth, y });
    expect(line.at(Math.PI).x).toBeCloseTo(x + area.halfWidth, 9);
    expect(line.length).toBeCloseTo(4 * area.halfWidth, 0);
    expect(new Path("horizontal", -1, area, 1).at(0).x).toBeCloseTo(x + area.halfWidth, 9);
    const round = new Path("circle", 1, area, 1);
    expect(round.at(0).y).toBeCloseTo(y - area.halfHeight, 9);
    expect(round.length).toBeCloseTo(2 * Math.PI * area.halfHeight, 0);
    // Clockwise on the screen (y down): a quarter lap later it is on the right.
    expect(round.at(Math.PI / 2).x).toBeCloseTo(x + area.halfHeight, 9);
    expect(new Path("circle", -1, area, 1).at(Math.PI / 2).x).toBeCloseTo(x - area.halfHeight, 9);
    expect(new Path("figure-eight", 1, area, 1).at(0)).toEqual({ x, y });
    expect(new Path("vertical", 1, area, 0.5).at(0).y).toBeCloseTo(y - area.halfHeight / 2, 9);
  });

  it("finds the pointer between events, holds it while it rests, loses it when lifted", () => {
    const trace: Trace = [
      { t: 100, x: 0, y: 0 },
      { t: 150, x: 50, y: 100 },
      { t: 400, x: 60, y: 100 },
      { t: 500, lost: true },
      { t: 700, x: 10, y: 10 },
    ];
    expect(pointerAt(trace, 99)).toBeNull();
    expect(pointerAt(trace, 100)).toEqual({ x: 0, y: 0 });
    expect(pointerAt(trace, 125)).toEqual({ x: 25, y: 50 });
    // 250 ms without an event: it rested at (50, 100) and then jumped.
    expect(pointerAt(trace, 300)).toEqual({ x: 50, y: 100 });
    expect(pointerAt(trace, 450)).toEqual({ x: 60, y: 100 });
    expect(pointerAt(trace, 600)).toBeNull();
    expect(pointerAt(trace, 800)).toEqual({ x: 10, y: 10 });
  });

  it("measures the mean distance and the share of time within the ring", () => {
    const still = () => ({ x: 100, y: 100 });
    const at = (x: number): Trace => [{ t: 0, x, y: 100 }];
    expect(measure(at(110), still, 0, 1000, 40)).toEqual({ meanErrorPx: 10, onTargetShare: 1 });
    expect(measure(at(200), still, 0, 1000, 40)).toEqual({ meanErrorPx: 100, onTargetShare: 0 });
    expect(measure([], still, 0, 1000, 40)).toEqual({ meanErrorPx: null, onTargetShare: 0 });
    // On target for the first half, then lifted: 51 of 101 samples (0, 10 … 500 ms).
    const lifted: Trace = [
      { t: 0, x: 100, y: 100 },
      { t: 505, lost: true },
    ];
    expect(measure(lifted, still, 0, 1000, 40)).toEqual({ meanErrorPx: 0, onTargetShare: 51 / 101 });
  });
});

describe("regulator with the demonstration's pointer", { timeout: 60_000 }, () => {
  for (const b of regulatorBuilds) {
    it(`${b.id}: tracks every segment exactly, all the time on target, and finishes`, () => {
      const run = play(b, follower());
      expect(run.finished).toBe(true);
      expect(run.trials).toHaveLength(b.params.segments);
      for (const trial of run.trials) {
        expect(trial).toMatchObject({ kind: "pursuit", outcome: "sample", correct: null, rtMs: b.params.segmentMs });
        expect(trial.respondedAt).toBeCloseTo(trial.shownAt + b.params.segmentMs, 6);
        // Straight lines between frames 1/60 s apart, on a curve: a hundredth of a pixel off at most.
        expect(trial.value!).toBeLessThan(0.05);
        const [shape, speed] = [trial.condition.replace(/-\d+$/, ""), Number(trial.condition.split("-").at(-1))];
        expect(b.params.shapes).toContain(shape);
        expect(speed).toBe(Math.round(speedAt(b, trial.level)));
      }
    });
  }

  it("climbs the staircase four segments a level: the target speeds up", () => {
    const run = play(circle, follower());
    expect(run.trials.map((t) => t.level).slice(0, 9)).toEqual([4, 4, 4, 4, 5, 5, 5, 5, 6]);
    expect(run.trials.map((t) => t.condition).slice(3, 5)).toEqual(["circle-107", "circle-123"]);
    expect(run.level).toBe(14);
  });

  it("starts each segment at a frame, right after the last one was measured; a block's segments follow without a stop", () => {
    const run = play(horizontal, follower(), { seed: 11 });
    const frame = 1000 / 60;
    run.trials.forEach((trial, i) => {
      expect(trial.shownAt / frame).toBeCloseTo(Math.round(trial.shownAt / frame), 6);
      if (i === 0) return;
      const gap = trial.shownAt - run.trials[i - 1].shownAt - horizontal.params.segmentMs;
      if (i % horizontal.params.blockSegments === 0) {
        // A new block: measured, then a rest at the path's start.
        expect(gap).toBeGreaterThanOrEqual(LATE_INPUT_GRACE_MS + horizontal.params.holdMs - 1e-6);
      } else {
        expect(gap).toBeGreaterThanOrEqual(LATE_INPUT_GRACE_MS - 1e-6);
        expect(gap).toBeLessThan(LATE_INPUT_GRACE_MS + 2 * frame);
      }
    });
  });

  it("moves the target without jumps within a block, even as its speed changes", () => {
    const run = play(circle, follower(), { until: 60_000 });
    const targets = targetPositions(run.canvas, circle.params.targetRadius);
    const fastest = speedAt(circle, run.level);
    let jumps = 0;
    for (let i = 1; i < targets.length; i++) {
      const step = Math.hypot(targets[i].x - targets[i - 1].x, targets[i].y - targets[i - 1].y);
      // A circle moves at its mean speed all along: at most fastest/60 px a frame, except at a new block's start.
      if (step > (fastest / 60) * 1.01) jumps++;
    }
    expect(jumps).toBeLessThanOrEqual(Math.ceil(60_000 / (circle.params.blockSegments * circle.params.segmentMs)));
  });

  it("scales speed and path size with the motion setting, and keeps the target still at 0", () => {
    const half = play(circle, follower(), { motion: 0.5, until: 20_000 });
    expect(half.trials[0].condition).toBe(`circle-${Math.round(speedAt(circle, 4) * 0.5)}`);
    const area = areaOf(circle.params, circle.size);
    const radii = targetPositions(half.canvas, circle.params.targetRadius).map((p) => Math.hypot(p.x - area.centre.x, p.y - area.centre.y));
    for (const r of radii) expect(r).toBeCloseTo(area.halfHeight * 0.75, 6);
    const still = play(circle, follower(), { motion: 0, until: 20_000 });
    expect(still.trials.every((t) => t.condition === "circle-0")).toBe(true);
    expect(new Set(targetPositions(still.canvas, circle.params.targetRadius).map((p) => `${p.x},${p.y}`)).size).toBe(1);
  });

  it("demonstrates the pointer on the target's centre, as drawn, and nothing once finished", () => {
    const engine = createEngine(regulatorEngine, quick);
    const { context, recording } = fakeContext();
    let now = 0;
    for (; now < 5000; now += 1000 / 60) {
      engine.update(now);
      const from = recording.length;
      engine.draw(context, now);
      const drawn = targetPositions(recording.slice(from), quick.params.targetRadius)[0];
      expect(engine.demonstrate(now)).toEqual({ type: "pointermove", x: drawn.x, y: drawn.y, timeStamp: now });
    }
    drive(engine, now, 30_000, true);
    expect(engine.finished()).toBe(true);
    expect(engine.demonstrate(30_000)).toBeNull();
  });
});

describe("regulator scoring", { timeout: 60_000 }, () => {
  it("records no error and no time on target when the pointer never comes, and slows down", () => {
    const run = play(circle, silentPlayer);
    expect(run.finished).toBe(true);
    expect(run.trials.every((t) => t.value === null && t.rtMs === null && t.respondedAt === null && t.outcome === "sample")).toBe(true);
    expect(run.trials.slice(0, 5).map((t) => t.level)).toEqual([4, 3, 2, 1, 1]);
  });

  it("measures a pointer that trails the target: the error, and off target when it is too far", () => {
    // 30 px behind (to the left of) the target on a horizontal line: on the ring's inside (40 px).
    const near = play(horizontal, offsetFollower(-30, 0), { until: 30_000 });
    for (const t of near.trials) {
      expect(t.value).toBeCloseTo(30, 1);
      expect(t.rtMs).toBe(horizontal.params.segmentMs);
    }
    const far = play(horizontal, offsetFollower(0, 60), { until: 30_000 });
    for (const t of far.trials) {
      expect(t.value).toBeCloseTo(60, 1);
      expect(t.rtMs).toBe(0);
    }
    expect(far.level).toBeLessThan(horizontal.difficulty.start);
  });

  it("follows a finger by touch: down, moves, and off target once lifted", () => {
    // A finger that follows the target for 1.5 s, lifts for 1.5 s, and so on.
    let down = false;
    const finger: Player = ({ now, engine }) => {
      const wanted = engine.demonstrate(now);
      if (!wanted || wanted.type === "key") return null;
      // Half of every 3 s: whatever its phase, each 3-second segment holds half of it.
      const phase = (now % 3000) / 3000;
      if (phase < 0.5) {
        const type = down ? "pointermove" : "pointerdown";
        down = true;
        return { ...wanted, type };
      }
      if (!down) return null;
      down = false;
      return { type: "pointerup", x: wanted.x, y: wanted.y, timeStamp: now };
    };
    const run = play(quick, finger);
    expect(run.finished).toBe(true);
    for (const t of run.trials) {
      expect(t.value!).toBeLessThan(0.5);
      expect(t.rtMs!).toBeGreaterThan(1200);
      expect(t.rtMs!).toBeLessThan(1800);
    }
  });

  it("uses pointer events the browser delivers after the segment ended, within the grace period", () => {
    const engine = createEngine(regulatorEngine, quick);
    const { context } = fakeContext();
    const frame = 1000 / 60;
    let now = 0;
    let shownAt: number | null = null;
    const held: GameInput[] = [];
    for (let i = 0; engine.trials().length === 0 && i < 2000; i++) {
      now = i * frame;
      engine.update(now);
      engine.draw(context, now);
      const wanted = engine.demonstrate(now)!;
      if (shownAt === null && now >= 1000) shownAt = now;
      // From the segment's last 50 ms on, the events are held back and delivered in one go 80 ms after its end.
      if (shownAt !== null && now > shownAt + quick.params.segmentMs - 50 && now < shownAt + quick.params.segmentMs + 80) held.push(wanted);
      else {
        for (const input of held.splice(0)) engine.input(input);
        engine.input(wanted);
      }
    }
    expect(engine.trials()[0]).toMatchObject({ rtMs: quick.params.segmentMs });
    expect(engine.trials()[0].value!).toBeLessThan(0.05);
  });

  it("drops the segment in progress on a pause, rests, and runs it again; the pointer must come back", () => {
    const engine = createEngine(regulatorEngine, circle);
    drive(engine, 0, 5500, true);
    // The first segment (1500–4500 ms) is in; the second was under way.
    expect(engine.trials()).toHaveLength(1);
    engine.interrupt(5500);
    // The pointer is not moved after the pause: the segment that runs again finds no pointer.
    drive(engine, 5520, 5520 + circle.params.holdMs + circle.params.segmentMs + 300, false);
    const trials = engine.trials();
    expect(trials).toHaveLength(2);
    expect(trials[1]).toMatchObject({ value: null, rtMs: null });
    // After a rest at the path's start.
    expect(trials[1].shownAt).toBeGreaterThanOrEqual(5520 + circle.params.holdMs);
  });

  it("measures a segment that had ended when the pause came", () => {
    const engine = createEngine(regulatorEngine, quick);
    const { context } = fakeContext();
    let now = 0;
    for (let i = 0; ; i++) {
      now = i * (1000 / 60);
      engine.update(now);
      engine.draw(context, now);
      engine.input(engine.demonstrate(now)!);
      // Past the first segment's end (1000 + 3000 ms), inside its grace period.
      if (now > 4000 + 30) break;
    }
    expect(engine.trials()).toHaveLength(0);
    engine.interrupt(now);
    expect(engine.trials()).toHaveLength(1);
    expect(engine.trials()[0].rtMs).toBe(quick.params.segmentMs);
  });
});

describe("regulator safety", { timeout: 60_000 }, () => {
  for (const b of regulatorBuilds) {
    it(`${b.id}: never changes the background, whatever the player does`, () => {
      for (const player of [follower(), silentPlayer, randomPlayer(3, { perSecond: 30 })]) {
        const run = play(b, player, { until: 40_000 });
        expect(maxBackgroundChangesPerSecond(run.canvas, b.size)).toBe(0);
      }
    });
  }

  it("changes the ring's colour at most three times a second, however the pointer jitters on its edge", () => {
    const radius = portrait.params.targetRadius + ON_TARGET_SLACK_PX;
    let flip = false;
    const jitter: Player = ({ now, engine }) => {
      const wanted = engine.demonstrate(now);
      if (!wanted || wanted.type === "key") return null;
      flip = !flip;
      return { ...wanted, x: wanted.x + radius + (flip ? -3 : 3) };
    };
    const run = play(portrait, jitter, { until: 20_000 });
    const changes = ringChanges(run.canvas, radius);
    expect(changes.length).toBeGreaterThan(10);
    for (const t of changes) expect(changes.filter((u) => u > t - 1000 && u <= t).length).toBeLessThanOrEqual(3);
  });
});

/** Follows the target at a fixed offset, with no delay. */
function offsetFollower(dx: number, dy: number): Player {
  return ({ now, engine }) => {
    const wanted = engine.demonstrate(now);
    return wanted && wanted.type !== "key" ? { ...wanted, x: wanted.x + dx, y: wanted.y + dy } : null;
  };
}

/** The target (the arc of the target's radius) of each frame. */
function targetPositions(recording: CanvasRecording, radius: number): { now: number; x: number; y: number }[] {
  const positions: { now: number; x: number; y: number }[] = [];
  let now = 0;
  for (const op of recording) {
    if (op.op === "frame") now = op.now;
    else if (op.op === "call" && op.name === "arc" && op.args[2] === radius) positions.push({ now, x: Number(op.args[0]), y: Number(op.args[1]) });
  }
  return positions;
}

/** Times of frames whose ring (the arc of the on-target radius) is stroked in another colour than the frame before. */
function ringChanges(recording: CanvasRecording, radius: number): number[] {
  const times: number[] = [];
  let now = 0;
  let stroke = "";
  let pending: string | null = null;
  let previous: string | null = null;
  for (const op of recording) {
    if (op.op === "frame") now = op.now;
    else if (op.op === "set" && op.name === "strokeStyle") stroke = String(op.value);
    else if (op.op === "call" && op.name === "arc" && op.args[2] === radius) pending = stroke;
    else if (op.op === "call" && op.name === "stroke" && pending !== null) {
      if (previous !== null && stroke !== previous) times.push(now);
      previous = stroke;
      pending = null;
    }
  }
  return times;
}

/** Runs the engine frame by frame from `from` to `to` (game time), the pointer on the target when `follow`. */
function drive(engine: GameEngine, from: number, to: number, follow: boolean): void {
  const { context } = fakeContext();
  for (let now = from; now <= to; now += 1000 / 60) {
    engine.update(now);
    engine.draw(context, now);
    const wanted = engine.demonstrate(now);
    if (follow && wanted) engine.input(wanted);
    if (engine.finished()) return;
  }
}
