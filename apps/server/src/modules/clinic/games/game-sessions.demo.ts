import { buildById, type SessionResult } from "@clinic/games";
import { FAMILY_ENGINES } from "@clinic/games/browser";
import { createEngine, idealPlayer, runEngine, sessionOf } from "@clinic/games/testing";

/** A version-4-shaped UUID drawn from `random`, so a replayed seed names its sessions alike. */
export function demoUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export interface DemoPlay {
  buildId: string;
  /** The level the app would start this session at: where the patient's last one of the build ended. */
  level: number;
  /** The assignment's motion, 10–100 %. */
  motion: number;
  /** The patient's answer time this session (ms after each stimulus): their speed that day. */
  delayMs: number;
  startedAt: Date;
  dizzinessBefore: number;
  dizzinessAfter: number;
  random: () => number;
}

/**
 * A session of the build played to its end by the games' own deterministic player on their fake
 * clock (what the families' tests use), as the play page would send it. Frames come 15 times a
 * second, a slow display: stimuli show on a frame and answers keep their exact times, so the
 * trials are as valid as at 60, for a quarter of the start-up time the first start spends here.
 */
export function playDemoSession(play: DemoPlay): SessionResult {
  const build = buildById(play.buildId);
  const family = build && FAMILY_ENGINES[build.family];
  if (!build || !family) throw new Error(`The demo plays no build "${play.buildId}"`);
  const motion = play.motion / 100;
  const engine = createEngine(family as never, build, { level: play.level, motion, seed: Math.floor(play.random() * 2 ** 31) });
  const run = runEngine(engine, { player: idealPlayer(play.delayMs), size: build.size, until: build.defaultDurationSeconds * 1000, frameMs: 1000 / 15 });
  const started = play.startedAt.getTime();
  return sessionOf(build, run, {
    sessionId: demoUuid(play.random),
    startedAt: play.startedAt.toISOString(),
    endedAt: new Date(started + Math.ceil(run.now) + 500).toISOString(),
    levelStart: play.level,
    motion,
    dizzinessBefore: play.dizzinessBefore,
    dizzinessAfter: play.dizzinessAfter,
  });
}
