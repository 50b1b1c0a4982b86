/**
 * Test helpers for every family (never imported by the game itself): a recording fake canvas,
 * a fake 60 Hz clock that drives an engine, and players to feed it. A family test reads:
 *
 *   const engine = createEngine(reactorEngine, build, { seed: 7 });
 *   const run = runEngine(engine, { player: idealPlayer(250), size: build.size });
 *   expect(run.finished).toBe(true);
 *   expect(maxBackgroundChangesPerSecond(run.canvas, build.size)).toBeLessThanOrEqual(3);
 */
import { mulberry32, type Random } from "./random.ts";
import { summariseCommon } from "./results.ts";
import type { BuildDefinition, DisplaySize, FamilyEngine, GameEngine, GameInput, Language, SessionResult, TrialRecord } from "./types.ts";

/** What a fake canvas saw: calls, property sets, and the frame boundaries `runEngine` marks. */
export type CanvasOp = { op: "call"; name: string; args: unknown[] } | { op: "set"; name: string; value: unknown } | { op: "frame"; now: number };
export type CanvasRecording = CanvasOp[];

const PROPERTY_DEFAULTS: Record<string, unknown> = {
  fillStyle: "#000000",
  strokeStyle: "#000000",
  globalAlpha: 1,
  globalCompositeOperation: "source-over",
  lineWidth: 1,
  lineCap: "butt",
  lineJoin: "miter",
  miterLimit: 10,
  lineDashOffset: 0,
  font: "10px sans-serif",
  textAlign: "start",
  textBaseline: "alphabetic",
  direction: "inherit",
  letterSpacing: "0px",
  shadowBlur: 0,
  shadowColor: "rgba(0, 0, 0, 0)",
  shadowOffsetX: 0,
  shadowOffsetY: 0,
  imageSmoothingEnabled: true,
  filter: "none",
};

/**
 * A CanvasRenderingContext2D stand-in: records every call and property set, draws nothing.
 * Reads return what was set (or the browser's default); `measureText` guesses a width from
 * the font size, enough for layout code that centres or wraps text. With `record` false it
 * keeps state the same way but records nothing (the recording stays empty).
 */
export function fakeContext(size: DisplaySize = { width: 928, height: 415 }, record = true): { context: CanvasRenderingContext2D; recording: CanvasRecording } {
  const recording: CanvasRecording = [];
  const state: Record<string, unknown> = { ...PROPERTY_DEFAULTS };
  const stack: Record<string, unknown>[] = [];
  const canvas = { width: size.width, height: size.height };
  const methods: Record<string, (...args: unknown[]) => unknown> = {
    save: () => stack.push({ ...state }),
    restore: () => Object.assign(state, stack.pop() ?? {}),
    measureText: (text) => {
      const px = Number(/(\d+(?:\.\d+)?)px/.exec(String(state.font))?.[1] ?? 10);
      return { width: String(text).length * px * 0.55, actualBoundingBoxAscent: px * 0.75, actualBoundingBoxDescent: px * 0.25 };
    },
    createLinearGradient: () => ({ addColorStop: () => {} }),
    createRadialGradient: () => ({ addColorStop: () => {} }),
    createConicGradient: () => ({ addColorStop: () => {} }),
    createPattern: () => ({ setTransform: () => {} }),
    getLineDash: () => [],
    isPointInPath: () => false,
    isPointInStroke: () => false,
    getTransform: () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
    getImageData: (_x, _y, w, h) => ({ width: w, height: h, data: new Uint8ClampedArray(Number(w) * Number(h) * 4) }),
  };
  const context = new Proxy({} as CanvasRenderingContext2D, {
    get(_target, name) {
      if (typeof name !== "string") return undefined;
      if (name === "canvas") return canvas;
      if (name in state) return state[name];
      return (...args: unknown[]) => {
        if (record) recording.push({ op: "call", name, args });
        return methods[name]?.(...args);
      };
    },
    set(_target, name, value) {
      if (typeof name !== "string") return false;
      if (record) recording.push({ op: "set", name, value });
      state[name] = value;
      return true;
    },
  });
  return { context, recording };
}

/** A session's engine, made the way `mountGame` makes it, with a fixed seed. */
export function createEngine<P>(
  family: FamilyEngine<P>,
  build: BuildDefinition<P>,
  options: { level?: number; seed?: number; motion?: number; language?: Language; random?: Random } = {},
): GameEngine {
  return family.create({
    build,
    level: options.level ?? build.difficulty.start,
    motion: options.motion ?? 1,
    language: options.language ?? "en",
    random: options.random ?? mulberry32(options.seed ?? 1),
  });
}

export interface PlayerView {
  /** The frame just drawn. */
  now: number;
  engine: GameEngine;
  size: DisplaySize;
  /** The canvas operations of the frame just drawn: what is on the screen, for players that look. */
  drawn: readonly CanvasOp[];
}
/**
 * Called after each frame is drawn, as a patient looks at it. Returns inputs to send, each
 * stamped with when it happens (≥ now); `runEngine` delivers it before the first frame at or
 * after that time, as a browser dispatches events between frames.
 */
export type Player = (view: PlayerView) => GameInput | readonly GameInput[] | null;

/** Answers what `engine.demonstrate` asks for, `delayMs` after it first asks: RTs equal `delayMs`. */
export function idealPlayer(delayMs = 300): Player {
  let busyUntil = Number.NEGATIVE_INFINITY;
  return ({ now, engine }) => {
    // Until our answer has been delivered, the engine still shows the same demand.
    if (now < busyUntil) return null;
    const wanted = engine.demonstrate(now);
    if (!wanted) return null;
    busyUntil = wanted.timeStamp + delayMs;
    return { ...wanted, timeStamp: busyUntil };
  };
}

/**
 * Answers each demand `alter(wanted, view)` instead, `delayMs` after the engine asks (a wrong
 * box, the other side, the next symbol round): the misses every family tests. `alter`
 * returning null lets the demand pass unanswered.
 */
export function alteredPlayer(delayMs: number, alter: (wanted: GameInput, view: PlayerView) => GameInput | null): Player {
  let busyUntil = -1;
  return (view) => {
    if (view.now < busyUntil) return null;
    const wanted = view.engine.demonstrate(view.now);
    if (!wanted) return null;
    const answer = alter(wanted, view);
    if (!answer) return null;
    busyUntil = view.now + delayMs;
    return { ...answer, timeStamp: view.now + delayMs };
  };
}

/**
 * For engines that demonstrate pointer moves to follow a target (optimizer, optimizer-vr):
 * follows at once, every frame, and gives the other answers `delayMs` after they are asked for.
 */
export function trackingPlayer(delayMs = 300): Player {
  let busyUntil = Number.NEGATIVE_INFINITY;
  return ({ now, engine }) => {
    const wanted = engine.demonstrate(now);
    if (!wanted) return null;
    if (wanted.type === "pointermove") return { ...wanted, timeStamp: now };
    if (now < busyUntil) return null;
    busyUntil = now + delayMs;
    return { ...wanted, timeStamp: now + delayMs };
  };
}

/** Never answers. */
export const silentPlayer: Player = () => null;

/** Presses random keys and taps random places, about `perSecond` times a second, from a seed. */
export function randomPlayer(
  seed: number,
  { perSecond = 2, keys = [" ", "Enter", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "f", "j", "d", "k", "1", "2", "3", "4", "x"] } = {},
): Player {
  const random = mulberry32(seed);
  return ({ now, size }) => {
    if (random() >= perSecond / 60) return null;
    const timeStamp = now + random() * 16;
    if (random() < 0.5) return { type: "key", key: keys[Math.floor(random() * keys.length)], timeStamp };
    return { type: "pointerdown", x: random() * size.width, y: random() * size.height, timeStamp };
  };
}

export interface RunOptions {
  /** Stop at this game time (ms) if the engine has not finished. Default 10 minutes. */
  until?: number;
  frameMs?: number;
  player?: Player;
  /** The build's logical size, for the fake canvas and the players. */
  size?: DisplaySize;
  /**
   * Records the canvas (default). Off, a run is several times faster (the recording of a
   * minute's play is about a million operations): for tests that read only the trials, level
   * and times. Reading `canvas` of such a run, or `drawn` in its player, throws.
   */
  record?: boolean;
}

export interface RunResult {
  trials: readonly TrialRecord[];
  canvas: CanvasRecording;
  /** Game time of the last frame. */
  now: number;
  finished: boolean;
  frames: number;
  /** Every input delivered, in order. */
  inputs: GameInput[];
  /** The engine's level at the end. */
  level: number;
}

/**
 * Drives an engine as `mountGame` does, on a fake clock: each frame delivers the inputs that
 * happened since the last one, then `update(now)`, then `draw(context, now)`, then asks the player.
 */
export function runEngine(
  engine: GameEngine,
  { until = 600_000, frameMs = 1000 / 60, player = silentPlayer, size = { width: 928, height: 415 }, record = true }: RunOptions = {},
): RunResult {
  const { context, recording } = fakeContext(size, record);
  const pending: GameInput[] = [];
  const inputs: GameInput[] = [];
  let now = 0;
  let frames = 0;
  for (let i = 0; i * frameMs <= until; i++) {
    // Multiplying, not adding, keeps frame times free of accumulated rounding.
    now = i * frameMs;
    while (pending.length > 0 && pending[0].timeStamp <= now) {
      const input = pending.shift()!;
      inputs.push(input);
      engine.input(input);
    }
    engine.update(now);
    const frameStart = record ? recording.push({ op: "frame", now }) : 0;
    engine.draw(context, now);
    frames++;
    if (engine.finished()) break;
    const answer = player(record ? { now, engine, size, drawn: recording.slice(frameStart) } : withoutRecording({ now, engine, size }, "drawn"));
    for (const input of answer === null ? [] : Array.isArray(answer) ? answer : [answer as GameInput]) {
      pending.push(input);
      pending.sort((a, b) => a.timeStamp - b.timeStamp);
    }
  }
  const result = { trials: engine.trials(), now, finished: engine.finished(), frames, inputs, level: engine.level() };
  return record ? { ...result, canvas: recording } : withoutRecording(result, "canvas");
}

/** `object` with a `name` that throws when read: a run made with `record: false` has no canvas to look at. */
function withoutRecording<T extends object, K extends string>(object: T, name: K): T & Record<K, CanvasRecording> {
  return Object.defineProperty(object, name, {
    enumerable: false,
    get() {
      throw new Error(`runEngine({ record: false }) keeps no canvas recording: \`${name}\` cannot be read`);
    },
  }) as T & Record<K, CanvasRecording>;
}

/**
 * A run as the player would send it (what `checkSession` and the server see), for tests of
 * a family's `checkTrials` and `summarise`. Override fields to forge a bad one.
 */
export function sessionOf(build: BuildDefinition, run: RunResult, overrides: Partial<SessionResult> = {}): SessionResult {
  const startedAt = Date.UTC(2026, 0, 5, 10, 0, 0);
  return {
    sessionId: "0b7c2a3e-4f5d-4a6b-8c7d-9e0f1a2b3c4d",
    buildId: build.id,
    startedAt: new Date(startedAt).toISOString(),
    endedAt: new Date(startedAt + Math.ceil(run.now) + 500).toISOString(),
    durationMs: run.now,
    levelStart: build.difficulty.start,
    levelEnd: run.level,
    motion: 1,
    ended: run.finished ? "completed" : "timeout",
    dizzinessBefore: 2,
    dizzinessAfter: 1,
    trials: run.trials.map((trial) => ({ ...trial })),
    ...overrides,
  };
}

/**
 * Real runs of a build by the three kinds of patient the checks must accept (ideal, silent,
 * random), each with its own seed: what every family's `checkTrials` test feeds it. Their
 * trials, level and times only: the canvas is not recorded (`record: false`).
 */
export function realRuns<P>(
  family: FamilyEngine<P>,
  build: BuildDefinition<P>,
  { idealDelayMs = 250, motion, until = 120_000 }: { idealDelayMs?: number; motion?: number; until?: number } = {},
): RunResult[] {
  return [idealPlayer(idealDelayMs), silentPlayer, randomPlayer(8, { perSecond: 2 })].map((player, i) =>
    runEngine(createEngine(family, build, { seed: i + 1, motion }), { player, size: build.size, until, record: false }),
  );
}

/**
 * What breaks README's rules for a family's summary: names snake_case, values finite numbers,
 * none of `summariseCommon`'s names. Empty when the summary keeps them.
 */
export function summaryProblems(trials: readonly TrialRecord[], summary: Record<string, number>): string[] {
  const common = summariseCommon(trials);
  const problems: string[] = [];
  for (const [name, value] of Object.entries({ ...common, ...summary })) {
    if (!/^[a-z][a-z0-9_]*$/.test(name)) problems.push(`${name}: not snake_case`);
    if (!Number.isFinite(value)) problems.push(`${name}: ${value} is not a finite number`);
  }
  for (const name of Object.keys(summary)) if (name in common) problems.push(`${name}: a common name`);
  return problems;
}

/**
 * Plays `engine` (frames every 10 ms) until it first asks for an answer, then lets its response
 * window (`windowMs`) close and runs one frame 30 ms after; then delivers `answer` stamped `offsetMs`
 * from the window's end (a late event for a time before it), and runs two more frames.
 * Returns when the stimulus was shown and how many trials were recorded before the late event.
 */
export function answerAfterWindow(
  engine: GameEngine,
  windowMs: number,
  offsetMs: number,
  answer: (wanted: GameInput) => GameInput = (wanted) => wanted,
): { shownAt: number; trialsBefore: number } {
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
  const wanted = engine.demonstrate(now)!;
  const shownAt = now;
  now = shownAt + windowMs + 30;
  step();
  const trialsBefore = engine.trials().length;
  engine.input({ ...answer(wanted), timeStamp: shownAt + windowMs + offsetMs });
  now += 16;
  step();
  now += 100;
  step();
  return { shownAt, trialsBefore };
}

/**
 * Runs `engine` to 500 ms (inside the first foreperiod), pauses it there, and sends `input`
 * from before the pause; then paints the fixation again at 520 and runs to the first planned
 * foreperiod's end. Returns what a test of "drops the trial in progress and runs it again" looks at.
 */
export function interruptFirstTrial(engine: GameEngine, input: GameInput, foreperiodMs: number) {
  const paused = runEngine(engine, { until: 500 });
  engine.interrupt(500);
  engine.input(input);
  engine.update(500);
  const trialsAfterPause = engine.trials().length;
  // The fixation starts again at the next paint, with the same planned foreperiod.
  const { context } = fakeContext();
  engine.draw(context, 520);
  engine.update(520 + foreperiodMs - 1);
  const demandBeforeDue = engine.demonstrate(520 + foreperiodMs - 1);
  engine.update(520 + foreperiodMs);
  engine.draw(context, 520 + foreperiodMs);
  return { pausedTrials: paused.trials.length, trialsAfterPause, demandBeforeDue, demandWhenDue: engine.demonstrate(520 + foreperiodMs) };
}
