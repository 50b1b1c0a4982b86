/**
 * One playing session, without the DOM: the game clock (pauses excluded), the session's end
 * (completed, stopped, timeout; reported exactly once) and frame statistics. `mount.ts` feeds
 * it rAF timestamps and events; tests feed it numbers.
 *
 * Time: the first frame's rAF timestamp is game time 0. Game time = page time − that origin
 * − time spent paused. rAF timestamps and `event.timeStamp` share the page's time origin
 * (performance.now), so a frame and an event convert with the same offsets and RT stays exact.
 */
import type { BuildDefinition, GameEngine, GameInput, PlayedSession, SessionEnd } from "./types.ts";

export type GameState = "running" | "paused" | "ended";

/** What `onTick` reports, when something the player's page shows has changed. */
export interface GameTick {
  state: GameState;
  /** Played time, pauses excluded (ms). */
  playedMs: number;
  /** Until the duration limit (ms). */
  remainingMs: number;
  level: number;
  trials: number;
}

export interface FrameStats {
  frames: number;
  /** Median and 95th percentile of the interval between frames (ms); pauses excluded. */
  p50Ms: number;
  p95Ms: number;
}

export interface SessionOptions {
  build: BuildDefinition;
  engine: GameEngine;
  levelStart: number;
  motion: number;
  durationSeconds: number;
  onEnd: (result: PlayedSession) => void;
  onTick?: (tick: GameTick) => void;
  /** Wall clock for startedAt/endedAt. */
  wallClock?: () => number;
}

export class GameSession {
  private stateNow: GameState = "running";
  /** Page time of the first frame; null before it. */
  private origin: number | null = null;
  private pausedTotal = 0;
  private pausedAt: number | null = null;
  /** Game time of the last frame, or of the pause if later: game time never runs backwards. */
  private gameNow = 0;
  private lastFrameAt: number | null = null;
  private readonly intervals: number[] = [];
  private frames = 0;
  private startedAt: number | null = null;
  private lastTick = "";
  private readonly limitMs: number;
  private readonly wallClock: () => number;

  constructor(private readonly options: SessionOptions) {
    this.limitMs = options.durationSeconds * 1000;
    this.wallClock = options.wallClock ?? Date.now;
  }

  get state(): GameState {
    return this.stateNow;
  }

  /** Page time (a rAF timestamp or event.timeStamp) to game time. */
  toGameTime(pageTime: number): number {
    return this.origin === null ? 0 : pageTime - this.origin - this.pausedTotal;
  }

  /** The inverse, for the demonstration mode. */
  toPageTime(gameTime: number): number {
    return (this.origin ?? 0) + this.pausedTotal + gameTime;
  }

  /** One animation frame: update and draw the engine at the frame's game time, then see whether the session is over. */
  frame(timestamp: number, context: CanvasRenderingContext2D): void {
    if (this.stateNow !== "running") return;
    if (this.origin === null) {
      this.origin = timestamp;
      this.startedAt = this.wallClock();
    } else if (this.lastFrameAt !== null) {
      this.intervals.push(timestamp - this.lastFrameAt);
    }
    this.lastFrameAt = timestamp;
    this.frames++;
    const now = Math.max(this.gameNow, this.toGameTime(timestamp));
    if (now >= this.limitMs) {
      this.end("timeout", this.limitMs);
      return;
    }
    const { engine } = this.options;
    engine.update(now);
    engine.draw(context, now);
    this.gameNow = now;
    if (engine.finished()) this.end("completed", now);
    else this.tick();
  }

  /** Draws the last frame again (after a resize clears the canvas) without advancing anything. */
  redraw(context: CanvasRenderingContext2D): void {
    if (this.origin !== null) this.options.engine.draw(context, this.gameNow);
  }

  /** An input stamped in page time; dropped unless running (a pause ignores what happens behind the overlay). */
  input(input: GameInput): void {
    if (this.stateNow !== "running" || this.origin === null) return;
    const timeStamp = this.toGameTime(input.timeStamp);
    if (timeStamp < 0) return;
    this.options.engine.input({ ...input, timeStamp });
  }

  pause(pageTime: number): void {
    if (this.stateNow !== "running") return;
    this.stateNow = "paused";
    this.pausedAt = pageTime;
    if (this.origin !== null) {
      this.gameNow = Math.max(this.gameNow, this.toGameTime(pageTime));
      this.options.engine.interrupt(this.gameNow);
    }
    this.tick();
  }

  resume(pageTime: number): void {
    if (this.stateNow !== "paused") return;
    if (this.origin !== null && this.pausedAt !== null) this.pausedTotal += Math.max(0, pageTime - this.pausedAt);
    this.pausedAt = null;
    // The interval across a pause is not a frame interval.
    this.lastFrameAt = null;
    this.stateNow = "running";
    this.tick();
  }

  stop(pageTime: number): void {
    if (this.stateNow === "ended") return;
    const now = this.stateNow === "running" && this.origin !== null ? Math.max(this.gameNow, this.toGameTime(pageTime)) : this.gameNow;
    this.end("stopped", Math.min(now, this.limitMs));
  }

  /** What an ideal player would do now (logical coordinates, page time), or null. */
  demonstrate(): GameInput | null {
    if (this.stateNow !== "running" || this.origin === null) return null;
    const input = this.options.engine.demonstrate(this.gameNow);
    return input && { ...input, timeStamp: this.toPageTime(input.timeStamp) };
  }

  frameStats(): FrameStats {
    const sorted = [...this.intervals].sort((a, b) => a - b);
    const percentile = (p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]);
    return { frames: this.frames, p50Ms: percentile(0.5), p95Ms: percentile(0.95) };
  }

  private end(ended: SessionEnd, durationMs: number): void {
    const { build, engine, levelStart, motion, onEnd } = this.options;
    this.stateNow = "ended";
    const endedAt = this.wallClock();
    this.tick();
    onEnd({
      buildId: build.id,
      startedAt: new Date(this.startedAt ?? endedAt).toISOString(),
      endedAt: new Date(endedAt).toISOString(),
      durationMs,
      levelStart,
      levelEnd: engine.level(),
      motion,
      ended,
      trials: [...engine.trials()],
    });
  }

  /** Reports only changes the page shows (state, level, trials, whole seconds left), not 60 times a second. */
  private tick(): void {
    const { onTick, engine } = this.options;
    if (!onTick) return;
    const tick: GameTick = {
      state: this.stateNow,
      playedMs: this.gameNow,
      remainingMs: Math.max(0, this.limitMs - this.gameNow),
      level: engine.level(),
      trials: engine.trials().length,
    };
    const key = `${tick.state}|${tick.level}|${tick.trials}|${Math.ceil(tick.remainingMs / 1000)}`;
    if (key === this.lastTick) return;
    this.lastTick = key;
    onTick(tick);
  }
}
