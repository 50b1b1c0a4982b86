/**
 * The contract between the game runtime, the nine family engines, the web player and the
 * server. Engines are pure logic plus drawing: they never read a clock, the DOM or
 * Math.random themselves, so tests drive them with a fake clock and a fake canvas.
 */
import type { z } from "zod";

/** The nine families of spec §1. */
export const FAMILIES = ["reactor", "activator", "reflector", "regulator", "modulator", "equalizer", "evaluator", "optimizer", "optimizer-vr"] as const;
export type Family = (typeof FAMILIES)[number];

export type Language = "en" | "es";
export interface Texts {
  en: string;
  es: string;
}

/** Spec §9: most builds are 928 × 415; portrait builds for phones are 400, 430 or 360 wide by 640. */
export const DISPLAY_SIZES = [
  { width: 928, height: 415 },
  { width: 400, height: 640 },
  { width: 430, height: 640 },
  { width: 360, height: 640 },
] as const;
export interface DisplaySize {
  width: number;
  height: number;
}

/** What a build id looks like (an activity's gameBuildId). */
export const BUILD_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** One build of the catalogue: a family's engine plus data. */
export interface BuildDefinition<P = Record<string, unknown>> {
  /** Unique, `BUILD_ID_PATTERN` (an activity's gameBuildId). */
  id: string;
  family: Family;
  title: Texts;
  /** What the patient reads before starting: what to do, with which keys or touches. */
  instructions: Texts;
  /** Logical canvas size; the runtime scales it to fit without distortion. */
  size: DisplaySize;
  /** The session stops itself after this unless the assignment sets its own duration. */
  defaultDurationSeconds: number;
  /** Integer difficulty levels; the staircase moves within [min, max]; `start` for a first session. */
  difficulty: { min: number; max: number; start: number };
  /** The family's parameters, checked by its `paramsSchema`. */
  params: P;
  /**
   * A short build that a good player finishes in 20 s or less. Every family has at least one:
   * the end-to-end tests play it, and therapists use it to show a game in the clinic.
   */
  quick?: boolean;
}

/** Everything an engine is given at the start of a session. */
export interface GameContext<P = Record<string, unknown>> {
  build: BuildDefinition<P>;
  /** Starting level (the level the last session ended on, or the build's start), within the range. */
  level: number;
  /**
   * Motion intensity 0..1: the therapist's setting for the assignment, lowered when the
   * patient prefers reduced motion. Engines scale speeds, amplitudes and optic flow by it.
   */
  motion: number;
  language: Language;
  /** Seeded pseudo-random numbers in [0, 1); the only source of chance an engine uses. */
  random: () => number;
}

/**
 * An input, in the build's logical coordinates, stamped with the DOM event's `timeStamp`
 * (converted to game time: see `TrialRecord`). `key` is `KeyboardEvent.key`, lower-cased
 * when it is a single character (" ", "f", "1", "ArrowLeft", "Enter"); auto-repeats are dropped.
 */
export type GameInput =
  | { type: "key"; key: string; timeStamp: number }
  | { type: "pointerdown" | "pointermove" | "pointerup"; x: number; y: number; timeStamp: number };

/**
 * How a trial ended. Shared meanings, which `checkSession` enforces:
 * - hit: answered, right (`correct` true);
 * - miss: answered, wrong (a wrong choice; not a missing answer, that is an omission);
 * - omission: no answer when one was due (`correct` false);
 * - commission: answered when no answer was due (a no-go trial; `correct` false);
 * - anticipation: answered too early, before the stimulus or faster than a reaction can be (`correct` false);
 * - correct-rejection: rightly did not answer (`correct` true);
 * - sample: a measurement with no right answer (tracking, ratings; `correct` null).
 */
export const OUTCOMES = ["hit", "miss", "omission", "commission", "anticipation", "correct-rejection", "sample"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * One trial as recorded and stored (table game_trials). Times are milliseconds in the page's
 * time base (performance.now / rAF timestamps / event.timeStamp), relative to the session's start.
 */
export interface TrialRecord {
  /** 0, 1, 2… in order. */
  index: number;
  /** Family-specific kind of trial: "simple", "choice", "go", "nogo", "saccade", "pursuit", "vor", … */
  kind: string;
  /** What summaries compare: "left"/"right", "up"/"down", "x1"/"x2", "speed-3", "" when none. */
  condition: string;
  /** Difficulty level while the trial ran. */
  level: number;
  /**
   * When the stimulus was first painted: the timestamp of the rAF frame that drew it. A trial
   * that ended before its stimulus appeared (an answer during the foreperiod) takes the paint
   * of its first frame (fixation, cue) instead, so `rtMs` is never negative.
   */
  shownAt: number;
  /** The input's event timeStamp, or null when there was none. */
  respondedAt: number | null;
  /** respondedAt − shownAt, or null. */
  rtMs: number | null;
  /** Whether the answer was right; null where a trial has no right answer (a tracking sample). */
  correct: boolean | null;
  outcome: Outcome;
  /**
   * A measured quantity where the family has one (tracking error in px, line tilt error in
   * degrees, acuity level, span length, symptom rating); null otherwise.
   */
  value: number | null;
}

/** What an engine holds for the runtime; the runtime owns the clock, the canvas and the events. */
export interface GameEngine {
  /** Advance the game to `now` (ms, the current frame's rAF timestamp, relative to session start). */
  update(now: number): void;
  /**
   * Paint the current state for the frame stamped `now`. A stimulus first drawn in this call
   * takes `now` as its `shownAt`. Paint the whole frame, in logical units (the runtime sets
   * the transform, and a resize clears the canvas). Engines never flash: see `runtime/safety.ts`.
   */
  draw(context: CanvasRenderingContext2D, now: number): void;
  /** Queue an input; act on it in `update`, by its timeStamp (see `runtime/input.ts`). */
  input(input: GameInput): void;
  /** The trials recorded so far (completed ones only). */
  trials(): readonly TrialRecord[];
  /** The current difficulty level. */
  level(): number;
  /** True once the engine has run its course (all trials done); the runtime also stops on duration. */
  finished(): boolean;
  /**
   * The session was paused at `now` (tab hidden, window blurred, pause pressed): the trial in
   * progress is abandoned, not recorded, and a fresh one starts after the pause. Game time
   * (the `now` of later calls) excludes the pause.
   */
  interrupt(now: number): void;
  /**
   * The input an ideal player would give at `now`, or null for "nothing now". Used by the
   * therapist's demonstration mode, by the unit tests ("a perfect player scores 100 %") and by
   * the end-to-end tests, which turn it into real keyboard and pointer events.
   */
  demonstrate(now: number): GameInput | null;
  /**
   * Optional, browser only, and only for engines that need more than the 2D canvas (the
   * optimizer-vr family's three.js scenes): `mountGame` calls it once, after its canvas is in
   * place, and calls what it returns on destroy. See `GameHost`. The 2D families have none.
   */
  attach?(host: GameHost): () => void;
}

/**
 * What `mountGame` lends an engine through `GameEngine.attach`. Such an engine still paints
 * every frame through `draw(context)`: it renders its scene into a WebGL canvas of its own, kept
 * out of the page, and copies it into the 2D canvas (`drawImage`) under its 2D overlay. So the
 * 2D canvas stays the one element that shows the game and takes its input, and the clock,
 * pauses, demonstrations and tests work as for every family. The host adds what a headset needs:
 */
export interface GameHost {
  /**
   * Hands the frame loop to `loop` (a WebXR session's animation loop: a page may get no window
   * frames while a headset presents), or back to `requestAnimationFrame` with null. `loop(frame)`
   * starts calling `frame(timestamp)` once a frame, timestamps in page time like rAF's, and
   * returns what stops it. While a loop is lent, losing the page's focus does not pause the
   * session (the headset has it); the engine calls `pause` itself.
   */
  setFrameLoop(loop: ((frame: (timestamp: number) => void) => () => void) | null): void;
  /** An input from outside the canvas (a headset's controller), its timeStamp in page time like an event's. */
  input(input: GameInput): void;
  /** Pauses the session (the headset was taken off); the patient resumes on the page. */
  pause(): void;
}

/**
 * A family's pure side, safe on the server (no DOM, no three.js): its parameters, its metrics
 * and its checks. Exported from `@clinic/games`.
 */
export interface FamilyMetrics<P = Record<string, unknown>> {
  family: Family;
  paramsSchema: z.ZodType<P>;
  /**
   * The family's own metrics of one session, from its trials alone (the server recomputes
   * them from the stored trials; the client only shows them). Names are snake_case, values finite numbers.
   * They add to `summariseCommon` (trials, accuracy, rt_mean_ms, …) and never reuse its names;
   * a metric that cannot be computed (no hits) is left out, not reported as 0.
   */
  summarise(trials: readonly TrialRecord[], build: BuildDefinition<P>): Record<string, number>;
  /**
   * Family-level checks of submitted trials beyond the common schema (allowed kinds,
   * conditions, outcomes and value ranges). Returns messages; empty when the trials fit.
   */
  checkTrials(trials: readonly TrialRecord[], build: BuildDefinition<P>): string[];
}

/** A family's playing side, browser only. Exported from `@clinic/games/browser`. */
export interface FamilyEngine<P = Record<string, unknown>> {
  family: Family;
  create(context: GameContext<P>): GameEngine;
}

/** How a session ended: the engine ran its course, the patient stopped, or the time ran out. */
export const SESSION_ENDS = ["completed", "stopped", "timeout"] as const;
export type SessionEnd = (typeof SESSION_ENDS)[number];

/** What the player sends with `POST /api/replyActivity/` for a game. */
export interface SessionResult {
  /** Client-made UUID: the idempotency key, so a retried send is never counted twice. */
  sessionId: string;
  buildId: string;
  /** Wall-clock ISO 8601 (UTC) of the first frame and of the end; pauses fall between them. */
  startedAt: string;
  endedAt: string;
  /**
   * Played time: game time at the end, pauses excluded (what `durationSeconds` limits). So
   * `durationMs` ≤ `endedAt` − `startedAt`, and every trial time lies in [0, durationMs].
   */
  durationMs: number;
  levelStart: number;
  levelEnd: number;
  motion: number;
  ended: SessionEnd;
  /** 0–10 before and after. */
  dizzinessBefore: number;
  dizzinessAfter: number;
  trials: TrialRecord[];
}

/** What `mountGame` hands to `onEnd`: the result before the player adds the dizziness ratings and the session id. */
export type PlayedSession = Omit<SessionResult, "sessionId" | "dizzinessBefore" | "dizzinessAfter">;
