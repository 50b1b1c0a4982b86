import { describe, expect, it } from "vitest";
import { buildById } from "../catalogue.ts";
import { GameSession, type GameTick } from "./session.ts";
import { fakeContext } from "./testing.ts";
import type { GameEngine, GameInput, PlayedSession, TrialRecord } from "./types.ts";

const build = buildById("reactor-quick")!;

/** An engine that logs what the session tells it and finishes when told to. */
function spyEngine() {
  const log: string[] = [];
  const inputs: GameInput[] = [];
  const trials: TrialRecord[] = [];
  let done = false;
  const engine: GameEngine = {
    update: (now) => log.push(`update ${now}`),
    draw: (_context, now) => log.push(`draw ${now}`),
    input: (input) => inputs.push(input),
    trials: () => trials,
    level: () => 7,
    finished: () => done,
    interrupt: (now) => log.push(`interrupt ${now}`),
    demonstrate: (now) => ({ type: "pointerdown", x: 10, y: 20, timeStamp: now }),
  };
  return { engine, log, inputs, trials, finish: () => (done = true) };
}

function setUp(durationSeconds = 60) {
  const spy = spyEngine();
  const ends: PlayedSession[] = [];
  const ticks: GameTick[] = [];
  let wall = Date.UTC(2026, 0, 5, 10, 0, 0);
  const session = new GameSession({
    build,
    engine: spy.engine,
    levelStart: 5,
    motion: 0.5,
    durationSeconds,
    onEnd: (result) => ends.push(result),
    onTick: (tick) => ticks.push(tick),
    wallClock: () => wall,
  });
  const { context } = fakeContext();
  return { ...spy, session, ends, ticks, context, advanceWall: (ms: number) => (wall += ms) };
}

describe("game session clock", () => {
  it("starts game time at the first frame and converts events with the same offset", () => {
    const { session, log, inputs, context } = setUp();
    session.frame(1000, context);
    session.frame(1020, context);
    session.input({ type: "key", key: " ", timeStamp: 1030 });
    expect(log).toEqual(["update 0", "draw 0", "update 20", "draw 20"]);
    expect(inputs).toEqual([{ type: "key", key: " ", timeStamp: 30 }]);
  });

  it("excludes pauses from game time, interrupts the engine and ignores what happens meanwhile", () => {
    const { session, log, inputs, context } = setUp();
    session.frame(1000, context);
    session.frame(1100, context);
    session.pause(1150);
    expect(session.state).toBe("paused");
    session.frame(1200, context);
    session.input({ type: "key", key: " ", timeStamp: 1300 });
    session.resume(5150);
    session.frame(5160, context);
    session.input({ type: "key", key: " ", timeStamp: 5170 });
    expect(log).toEqual(["update 0", "draw 0", "update 100", "draw 100", "interrupt 150", "update 160", "draw 160"]);
    expect(inputs).toEqual([{ type: "key", key: " ", timeStamp: 170 }]);
    expect(session.toPageTime(170)).toBe(5170);
  });

  it("never runs game time backwards when a frame's timestamp precedes the resume", () => {
    const { session, log, context } = setUp();
    session.frame(1000, context);
    session.pause(1500);
    session.resume(3000);
    session.frame(2990, context);
    expect(log.at(-1)).toBe("draw 500");
  });

  it("drops events from before the first frame", () => {
    const { session, inputs, context } = setUp();
    session.input({ type: "key", key: " ", timeStamp: 900 });
    session.frame(1000, context);
    session.input({ type: "key", key: " ", timeStamp: 990 });
    expect(inputs).toEqual([]);
  });

  it("measures frame intervals, leaving out the pause", () => {
    const { session, context } = setUp();
    for (const t of [0, 16, 33, 50, 66, 83, 100, 150]) session.frame(1000 + t, context);
    session.pause(1160);
    session.resume(9000);
    session.frame(9010, context);
    session.frame(9027, context);
    expect(session.frameStats()).toEqual({ frames: 10, p50Ms: 17, p95Ms: 50 });
  });
});

describe("game session end", () => {
  it("ends completed when the engine finishes, once, with the result", () => {
    const { session, ends, context, finish, trials, advanceWall } = setUp();
    session.frame(1000, context);
    advanceWall(15_000);
    trials.push({ index: 0, kind: "simple", condition: "", level: 5, shownAt: 0, respondedAt: 300, rtMs: 300, correct: true, outcome: "hit", value: 900 });
    finish();
    session.frame(16_000, context);
    session.frame(16_016, context);
    session.stop(17_000);
    expect(ends).toEqual([
      {
        buildId: "reactor-quick",
        startedAt: "2026-01-05T10:00:00.000Z",
        endedAt: "2026-01-05T10:00:15.000Z",
        durationMs: 15_000,
        levelStart: 5,
        levelEnd: 7,
        motion: 0.5,
        ended: "completed",
        trials,
      },
    ]);
    expect(session.state).toBe("ended");
  });

  it("times out after the duration of unpaused play", () => {
    const { session, ends, log, context } = setUp(10);
    session.frame(0, context);
    session.frame(6000, context);
    session.pause(6000);
    session.resume(100_000);
    session.frame(103_999, context);
    expect(ends).toHaveLength(0);
    session.frame(104_001, context);
    expect(ends.map((e) => [e.ended, e.durationMs])).toEqual([["timeout", 10_000]]);
    expect(log.at(-1)).toBe("draw 9999");
  });

  it("ends stopped at the moment of stopping, or at the pause when paused", () => {
    const running = setUp();
    running.session.frame(1000, running.context);
    running.session.stop(1400);
    expect(running.ends.map((e) => [e.ended, e.durationMs])).toEqual([["stopped", 400]]);

    const paused = setUp();
    paused.session.frame(1000, paused.context);
    paused.session.pause(1250);
    paused.session.stop(9000);
    paused.session.stop(9500);
    expect(paused.ends.map((e) => [e.ended, e.durationMs])).toEqual([["stopped", 250]]);
  });

  it("reports ticks only when something shown changes", () => {
    const { session, ticks, context } = setUp(3);
    for (let t = 0; t <= 1500; t += 16) session.frame(t, context);
    session.pause(1500);
    expect(ticks.map((t) => [t.state, Math.ceil(t.remainingMs / 1000)])).toEqual([
      ["running", 3],
      ["running", 2],
      ["paused", 2],
    ]);
  });

  it("offers the demonstration in page time", () => {
    const { session, context } = setUp();
    expect(session.demonstrate()).toBeNull();
    session.frame(1000, context);
    session.frame(1200, context);
    expect(session.demonstrate()).toEqual({ type: "pointerdown", x: 10, y: 20, timeStamp: 1200 });
  });
});
