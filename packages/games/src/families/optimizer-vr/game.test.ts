import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LATE_INPUT_GRACE_MS } from "../../runtime/input.ts";
import { mulberry32 } from "../../runtime/random.ts";
import { maxBackgroundChangesPerSecond } from "../../runtime/safety.ts";
import { createEngine, fakeContext, idealPlayer, type Player, randomPlayer, runEngine, silentPlayer } from "../../runtime/testing.ts";
import type { GameEngine, GameHost, GameInput } from "../../runtime/types.ts";
import { optimizerVrBuilds } from "./builds.ts";
import { optimizerVrEngine } from "./engine.ts";
import { LEAD_IN_MS, planSaccades, type SceneRenderer, type SceneState, VrGame } from "./game.ts";
import {
  ANTICIPATION_MS,
  eccentricityAt,
  flowSpeedAt,
  flowSpeedCap,
  MIN_ECCENTRICITY_DEG,
  type OptimizerVrBuild,
  pursuitSpeedAt,
  symbolMsAt,
} from "./metrics.ts";
import { angleBetween, directionAt, directionOf, forwardOf, project, unproject } from "./view.ts";

const build = (id: string) => optimizerVrBuilds.find((b) => b.id === id)!;
const tunnel = build("optimizer-vr-tunnel");
const gentle = build("optimizer-vr-tunnel-gentle");
const saccades = build("optimizer-vr-saccades");
const pursuit = build("optimizer-vr-pursuit");
const quick = build("optimizer-vr-quick");
const FRAME = 1000 / 60;

const play = (b: OptimizerVrBuild, player: Player, options: { seed?: number; level?: number; until?: number; motion?: number } = {}) =>
  runEngine(createEngine(optimizerVrEngine, b, options), { player, size: b.size, until: options.until });

/** Answers demanded keys `delay` ms late, and keeps the pointer on the ball predicting one frame ahead. */
function perfectPlayer(delay: number): Player {
  let busyUntil = Number.NEGATIVE_INFINITY;
  let seen: { x: number; y: number } | null = null;
  return ({ now, engine }) => {
    const wanted = engine.demonstrate(now);
    const out: GameInput[] = [];
    if (wanted?.type === "pointermove") {
      const velocity = seen ? { x: wanted.x - seen.x, y: wanted.y - seen.y } : { x: 0, y: 0 };
      seen = { x: wanted.x, y: wanted.y };
      out.push({ type: "pointermove", x: wanted.x + velocity.x, y: wanted.y + velocity.y, timeStamp: now + FRAME - 0.001 });
    }
    if (wanted?.type === "key" && now >= busyUntil) {
      busyUntil = now + delay;
      out.push({ ...wanted, timeStamp: now + delay });
    }
    return out;
  };
}

const key = (k: string, timeStamp: number): GameInput => ({ type: "key", key: k, timeStamp });

describe("optimizer-vr geometry", () => {
  const camera = { yaw: 0, pitch: 0, width: 928, height: 415 };

  it("puts straight ahead at the centre of the screen and back", () => {
    expect(project({ x: 0, y: 0, z: -3 }, camera)).toMatchObject({ x: 464, y: 207.5, depth: 3 });
    const ray = unproject(464, 207.5, camera);
    expect(angleBetween(ray, { x: 0, y: 0, z: -1 })).toBeCloseTo(0, 9);
    // The top edge is half the vertical field of view up.
    expect(angleBetween(unproject(464, 0, camera), { x: 0, y: 0, z: -1 })).toBeCloseTo(27.5, 6);
    expect(project({ x: 0, y: 0, z: 2 }, camera)).toBeNull();
  });

  it("projects and unprojects consistently wherever the camera looks", () => {
    const random = mulberry32(4);
    for (let i = 0; i < 50; i++) {
      const turned = { ...camera, yaw: random() * 80 - 40, pitch: random() * 40 - 20 };
      const direction = directionOf(turned.yaw + random() * 60 - 30, turned.pitch + random() * 30 - 15);
      const at = project(direction, turned)!;
      expect(angleBetween(unproject(at.x, at.y, turned), direction)).toBeCloseTo(0, 4);
    }
    // Turning right brings what is on the right to the centre.
    const right = directionOf(20, 0);
    expect(project(right, { ...camera, yaw: 20 })!.x).toBeCloseTo(464, 6);
    expect(project(right, camera)!.x).toBeGreaterThan(464);
    expect(project(directionOf(0, 10), camera)!.y).toBeLessThan(207.5);
  });

  it("places a direction exactly its eccentricity from straight ahead", () => {
    for (const angle of [0, 45, 150, 200, 330]) expect(angleBetween(directionAt(17, angle), forwardOf(0, 0))).toBeCloseTo(17, 9);
    expect(directionAt(10, 180).x).toBeLessThan(0);
    expect(directionAt(10, 90).y).toBeGreaterThan(0);
  });
});

describe("optimizer-vr levels and motion", { timeout: 60_000 }, () => {
  it("scales the flow by motion and never lets the rings pass faster than 3 a second", () => {
    expect(flowSpeedAt(tunnel, 1)).toBeCloseTo(0.5, 9);
    expect(flowSpeedAt(tunnel, 20)).toBeCloseTo(4, 9);
    expect(flowSpeedAt(tunnel, 20, 0.5)).toBeCloseTo(2, 9);
    expect(flowSpeedAt(tunnel, 1, 0)).toBe(0);
    for (const b of optimizerVrBuilds) {
      if (b.params.scene !== "tunnel") continue;
      expect(flowSpeedAt(b, b.difficulty.max) / b.params.ringSpacingM).toBeLessThanOrEqual(3);
    }
    const fast = { ...tunnel, params: { ...tunnel.params, flowSpeed: { easy: 1, hard: 10 } } } as OptimizerVrBuild;
    expect(flowSpeedAt(fast, 20)).toBe(flowSpeedCap(1.5));
  });

  it("widens the saccades with the level and narrows them with motion, never onto the ring", () => {
    expect(eccentricityAt(saccades, 1)).toBe(10);
    expect(eccentricityAt(saccades, 20)).toBe(40);
    expect(eccentricityAt(saccades, 20, 0.5)).toBe(20);
    expect(eccentricityAt(saccades, 1, 0)).toBe(MIN_ECCENTRICITY_DEG);
    expect(symbolMsAt(saccades, 1)).toBe(1200);
    expect(symbolMsAt(saccades, 20)).toBe(200);
    expect(pursuitSpeedAt(pursuit, 20, 0.5)).toBeCloseTo(22.5, 9);
  });

  it("eases the tunnel in: the flow never jumps, and a lower motion setting flows slower", () => {
    const speeds = (motion: number) => {
      const run = play(tunnel, perfectPlayer(300), { motion, until: 60_000 });
      return run.trials.map((t) => t.value!);
    };
    const full = speeds(1);
    const half = speeds(0.5);
    expect(full[0]).toBeLessThan(flowSpeedAt(tunnel, 5));
    for (let i = 1; i < full.length; i++) expect(Math.abs(full[i] - full[i - 1])).toBeLessThanOrEqual(0.5 * 2 + 0.011);
    expect(Math.max(...half)).toBeLessThan(Math.max(...full));
    expect(Math.max(...half)).toBeLessThanOrEqual(flowSpeedAt(tunnel, 20, 0.5));
  });
});

describe("optimizer-vr plans", () => {
  it("balances saccade sides and arrows and draws the rest from the seed", () => {
    if (saccades.params.scene !== "saccades") throw new Error("saccades build");
    const plan = planSaccades(mulberry32(3), saccades.params);
    expect(planSaccades(mulberry32(3), saccades.params)).toEqual(plan);
    expect(plan.filter((p) => p.side === "left")).toHaveLength(30);
    expect(plan.filter((p) => p.arrow === "left")).toHaveLength(30);
    for (const p of plan) {
      const offHorizontal = p.side === "right" ? p.angle : p.angle - 180;
      expect(Math.abs(offHorizontal)).toBeLessThanOrEqual(35);
      expect(p.distance).toBeGreaterThanOrEqual(2);
      expect(p.distance).toBeLessThanOrEqual(5);
      expect(p.foreperiodMs).toBeGreaterThanOrEqual(800);
      expect(p.foreperiodMs).toBeLessThanOrEqual(1600);
    }
  });
});

describe("optimizer-vr with a perfect player", { timeout: 60_000 }, () => {
  for (const b of optimizerVrBuilds) {
    it(`${b.id}: scores its best, RTs equal the delay, finishes`, () => {
      const run = play(b, perfectPlayer(300));
      expect(run.finished).toBe(true);
      expect(run.trials).toHaveLength(b.params.trials);
      for (const trial of run.trials) {
        if (trial.kind === "pursuit") expect(trial.value!).toBeLessThan(0.5);
        else expect(trial.correct).toBe(true);
        if (trial.outcome === "hit") expect(trial.rtMs).toBeCloseTo(300, 6);
      }
      expect(run.level).toBe(b.params.trials >= 60 ? b.difficulty.max : b.difficulty.start + 2);
    });
  }

  it("climbs four good trials a level", () => {
    const levels = play(saccades, perfectPlayer(300)).trials.map((t) => t.level);
    expect(levels.slice(0, 9)).toEqual([5, 5, 5, 5, 6, 6, 6, 6, 7]);
  });

  it("finishes the quick build within 20 s with the runtime's ideal player", () => {
    const run = play(quick, idealPlayer(300));
    expect(run.finished).toBe(true);
    expect(run.now).toBeLessThan(20_000);
    expect(run.trials.every((t) => t.correct)).toBe(true);
  });
});

describe("optimizer-vr scoring", { timeout: 60_000 }, () => {
  it("drops the level when nobody answers or follows", () => {
    for (const b of [tunnel, saccades, pursuit]) {
      const run = play(b, silentPlayer);
      expect(run.finished).toBe(true);
      expect(run.level).toBeLessThan(b.difficulty.start);
    }
    const missed = play(saccades, silentPlayer).trials;
    expect(missed.every((t) => t.outcome === "omission" && t.respondedAt === null)).toBe(true);
  });

  it("scores the wrong arrow as a miss", () => {
    const contrary: Player = ({ now, engine }) => {
      const wanted = engine.demonstrate(now);
      if (wanted?.type !== "key") return null;
      return key(wanted.key === "ArrowLeft" ? "ArrowRight" : "ArrowLeft", now + 400);
    };
    const run = play(saccades, contrary, { until: 30_000 });
    expect(run.trials.length).toBeGreaterThan(3);
    expect(run.trials.every((t) => t.outcome === "miss" && Math.abs(t.rtMs! - 400) < 1e-6)).toBe(true);
  });

  it("answers from the on-screen buttons too", () => {
    const tap: Player = ({ now, engine }) => {
      const wanted = engine.demonstrate(now);
      if (wanted?.type !== "key") return null;
      return { type: "pointerdown", x: wanted.key === "ArrowLeft" ? 100 : 828, y: 380, timeStamp: now + 350 };
    };
    const run = play(saccades, tap, { until: 30_000 });
    expect(run.trials.every((t) => t.outcome === "hit")).toBe(true);
    const match: Player = ({ now, engine }) => (engine.demonstrate(now)?.type === "key" ? { type: "pointerdown", x: 464, y: 375, timeStamp: now + 350 } : null);
    expect(play(quick, match).trials.every((t) => t.correct)).toBe(true);
  });

  it("counts an answer during the fixation as an anticipation timed from the ring, and one under 100 ms too", () => {
    const engine = createEngine(optimizerVrEngine, saccades);
    const once: Player = ({ now }) => (now === 0 ? key("ArrowLeft", 200) : null);
    const run = runEngine(engine, { player: once, until: 3000 });
    expect(run.trials[0]).toMatchObject({ outcome: "anticipation", shownAt: 0, respondedAt: 200, rtMs: 200, correct: false });
    const hasty = play(saccades, idealPlayer(ANTICIPATION_MS - 30), { until: 20_000 });
    expect(hasty.trials.every((t) => t.outcome === "anticipation")).toBe(true);
    // Anticipations do not move the staircase.
    expect(hasty.trials.every((t) => t.level === saccades.difficulty.start)).toBe(true);
  });

  it("scores presses on tunnel letters that do not match as commissions, and counts a late-delivered press", () => {
    const always: Player = ({ now, engine }) => {
      const open = engine.demonstrate(now);
      void open;
      return Math.round(now / FRAME) % 120 === 0 && now > LEAD_IN_MS ? key(" ", now + 300) : null;
    };
    const run = play(tunnel, always, { until: 40_000 });
    expect(run.trials.some((t) => t.outcome === "commission")).toBe(true);
    for (const t of run.trials) if (t.condition === "nonmatch" && t.respondedAt !== null) expect(t.outcome).toBe("commission");

    const engine = createEngine(optimizerVrEngine, quick, { seed: 3 });
    const { context } = fakeContext();
    let now = 0;
    const step = () => {
      engine.update(now);
      engine.draw(context, now);
    };
    step();
    while (engine.demonstrate(now)?.type !== "key") {
      now += FRAME;
      step();
    }
    const shownAt = now;
    const window = quick.params.scene === "tunnel" ? quick.params.itemMs : 0;
    now = shownAt + window + 30;
    step();
    engine.input(key(" ", shownAt + window - 5));
    now += LATE_INPUT_GRACE_MS;
    step();
    const trial = engine.trials().find((t) => t.shownAt === shownAt)!;
    expect(trial.outcome).toBe("hit");
    expect(trial.rtMs).toBeCloseTo(window - 5, 6);
  });

  it("measures pursuit as the angle between the pointer's ray and the ball", () => {
    // A pointer left at the centre: the error is the ball's angle from straight ahead.
    const run = play(pursuit, silentPlayer, { until: 10_000 });
    expect(run.trials.length).toBeGreaterThan(5);
    for (const t of run.trials) {
      expect(t).toMatchObject({ kind: "pursuit", condition: "", outcome: "sample", correct: null, respondedAt: null });
      expect(t.value!).toBeGreaterThanOrEqual(0);
      expect(t.value!).toBeLessThan(40);
    }
    expect(run.trials.at(-1)!.value!).toBeGreaterThan(4);
  });

  it("turns the view by dragging, but not when the drag starts on a button", () => {
    const engine = createEngine(optimizerVrEngine, saccades) as VrGame;
    const { context } = fakeContext();
    engine.update(0);
    engine.draw(context, 0);
    engine.input({ type: "pointerdown", x: 400, y: 200, timeStamp: 10 });
    engine.input({ type: "pointermove", x: 300, y: 220, timeStamp: 20 });
    engine.input({ type: "pointerup", x: 300, y: 220, timeStamp: 30 });
    engine.input({ type: "pointermove", x: 100, y: 100, timeStamp: 40 });
    engine.update(50);
    const state = engine.sceneState(50);
    // Dragged 100 px left: the view turned right, and 20 px down: it looks up a little.
    expect(state.yaw).toBeGreaterThan(8);
    expect(state.pitch).toBeGreaterThan(1);
    engine.input({ type: "pointerdown", x: 100, y: 380, timeStamp: 60 });
    engine.input({ type: "pointermove", x: 500, y: 380, timeStamp: 70 });
    engine.update(80);
    expect(engine.sceneState(80).yaw).toBe(state.yaw);
  });

  it("drops the trial in progress on interrupt and runs it again", () => {
    const engine = createEngine(optimizerVrEngine, quick, { seed: 5 });
    const first = runEngine(engine, { player: perfectPlayer(300), until: LEAD_IN_MS + 3.5 * 1400 });
    expect(first.trials).toHaveLength(3);
    engine.interrupt(first.now);
    const { context } = fakeContext();
    let now = first.now + 10;
    for (; !engine.finished() && now < 60_000; now += FRAME) {
      engine.update(now);
      engine.draw(context, now);
    }
    expect(engine.trials()).toHaveLength(10);
    expect(engine.trials()[3].shownAt).toBeGreaterThan(first.now + LEAD_IN_MS);
  });
});

/** A stand-in for scene.ts: records what it is asked to draw. */
function fakeRenderer(options: { presenting?: boolean } = {}) {
  const calls = { states: [] as SceneState[], enterVr: 0, disposed: 0 };
  const image = { width: 928, height: 415 } as unknown as CanvasImageSource;
  const renderer: SceneRenderer = {
    render: (state) => {
      calls.states.push(state);
      return options.presenting ? null : image;
    },
    gaze: () => (options.presenting ? directionOf(0, 0) : null),
    canEnterVr: () => !options.presenting,
    enterVr: () => calls.enterVr++,
    dispose: () => calls.disposed++,
  };
  return { renderer, calls, image };
}

const fakeHost: GameHost = { setFrameLoop: () => {}, input: () => {}, pause: () => {} };

describe("optimizer-vr with a scene renderer attached", () => {
  it("copies the rendered scene into the canvas, under the overlay, and offers Enter VR", () => {
    const { renderer, calls, image } = fakeRenderer();
    const game = new VrGame({ build: tunnel, level: 5, motion: 1, language: "en", random: mulberry32(1) }, () => renderer);
    const detach = game.attach(fakeHost);
    const { context, recording } = fakeContext();
    game.update(0);
    game.draw(context, 0);
    const draws = recording.filter((op) => op.op === "call" && op.name === "drawImage");
    expect(draws).toEqual([{ op: "call", name: "drawImage", args: [image, 0, 0, 928, 415] }]);
    expect(calls.states[0]).toMatchObject({ scene: "tunnel", spacing: 1.5, letter: null });
    expect(recording.some((op) => op.op === "call" && op.name === "fillText" && op.args[0] === "Enter VR")).toBe(true);
    game.input({ type: "pointerdown", x: 850, y: 60, timeStamp: 5 });
    game.update(20);
    expect(calls.enterVr).toBe(1);
    detach();
    expect(calls.disposed).toBe(1);
  });

  it("aims with the head in a headset", () => {
    const { renderer } = fakeRenderer({ presenting: true });
    const game: GameEngine & VrGame = new VrGame({ build: pursuit, level: 5, motion: 1, language: "en", random: mulberry32(1) }, () => renderer);
    game.attach(fakeHost);
    const run = runEngine(game, { until: 8000 });
    // The head looks straight ahead: as with a pointer left at the centre.
    const still = play(pursuit, silentPlayer, { until: 8000 });
    expect(run.trials.map((t) => t.value)).toEqual(still.trials.map((t) => t.value));
    expect(run.canvas.some((op) => op.op === "call" && op.name === "fillText" && op.args[0] === "Playing in the headset")).toBe(true);
  });
});

describe("optimizer-vr safety and robustness", { timeout: 60_000 }, () => {
  for (const b of optimizerVrBuilds) {
    it(`${b.id}: never changes the background, whatever the player does`, () => {
      for (const player of [perfectPlayer(300), silentPlayer, randomPlayer(3, { perSecond: 8 })]) {
        const run = play(b, player, { until: 40_000 });
        expect(maxBackgroundChangesPerSecond(run.canvas, b.size)).toBe(0);
      }
    });
  }

  it("keeps the gentle tunnel gentle", () => {
    expect(flowSpeedAt(gentle, gentle.difficulty.max)).toBeLessThanOrEqual(0.8);
    const run = play(gentle, perfectPlayer(300));
    expect(Math.max(...run.trials.map((t) => t.value!))).toBeLessThanOrEqual(0.8);
  });

  it("keeps three.js out of the server-safe entry", () => {
    // Follows the static imports from src/index.ts; none may reach three or scene.ts.
    const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../index.ts");
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, "utf8");
      for (const [, specifier] of source.matchAll(/^(?:import|export)\s[^;]*?from\s+"([^"]+)"/gms)) {
        expect(specifier, `${file} imports ${specifier}`).not.toMatch(/^three/);
        if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier));
      }
    };
    visit(root);
    expect([...seen].some((file) => file.endsWith("optimizer-vr/metrics.ts"))).toBe(true);
    expect([...seen].some((file) => file.endsWith("optimizer-vr/scene.ts") || file.endsWith("optimizer-vr/engine.ts"))).toBe(false);
  });
});
