import { describe, expect, it } from "vitest";
import { LATE_INPUT_GRACE_MS } from "../../runtime/input.ts";
import { mulberry32 } from "../../runtime/random.ts";
import { maxBackgroundChangesPerSecond } from "../../runtime/safety.ts";
import { createEngine, fakeContext, idealPlayer, type Player, randomPlayer, runEngine, silentPlayer } from "../../runtime/testing.ts";
import type { GameInput } from "../../runtime/types.ts";
import { optimizerBuilds } from "./builds.ts";
import { LEAD_IN_MS, optimizerEngine } from "./engine.ts";
import { ANTICIPATION_MS, itemMsAt, LETTERS, type OptimizerBuild } from "./metrics.ts";
import { digitOf, grids, layout, PursuitPath, planDigits, planNback } from "./plan.ts";

const build = (id: string) => optimizerBuilds.find((b) => b.id === id)!;
const oneBack = build("optimizer-1back-pursuit");
const _twoBack = build("optimizer-2back-pursuit");
const positions = build("optimizer-position-saccades");
const memory = build("optimizer-sequence-pursuit");
const quick = build("optimizer-quick");
const FRAME = 1000 / 60;

const play = (b: OptimizerBuild, player: Player, options: { seed?: number; level?: number; until?: number; motion?: number } = {}) =>
  runEngine(createEngine(optimizerEngine, b, options), { player, size: b.size, until: options.until });

/**
 * A patient with a perfect hand and perfect answers: follows the circle with no lag (it
 * predicts one frame ahead, as smooth pursuit does) and gives each demanded key `delay` ms
 * after it is due.
 */
function perfectPlayer(delay: number): Player {
  let busyUntil = Number.NEGATIVE_INFINITY;
  let seen: { x: number; y: number } | null = null;
  let velocity = { x: 0, y: 0 };
  return ({ now, engine }) => {
    const wanted = engine.demonstrate(now);
    const out: GameInput[] = [];
    if (wanted?.type === "pointermove") {
      if (seen) velocity = { x: wanted.x - seen.x, y: wanted.y - seen.y };
      seen = { x: wanted.x, y: wanted.y };
    } else if (seen) {
      // A frame when an answer is due: the hand keeps going where the circle goes.
      seen = { x: seen.x + velocity.x, y: seen.y + velocity.y };
    }
    if (seen && (wanted === null || wanted.type === "pointermove" || wanted.type === "key")) {
      out.push({ type: "pointermove", x: seen.x + velocity.x, y: seen.y + velocity.y, timeStamp: now + FRAME - 0.001 });
    }
    if (wanted?.type === "key" && now >= busyUntil) {
      busyUntil = now + delay;
      out.push({ ...wanted, timeStamp: now + delay });
    }
    return out;
  };
}

/** Presses Space `delay` ms after every letter appears, match or not: it looks at the screen. */
function pressAlways(delay: number): Player {
  let wasShown = false;
  return ({ now, drawn }) => {
    const shown = drawn.some((op) => op.op === "call" && op.name === "fillText" && (LETTERS as readonly string[]).includes(String(op.args[0])));
    const onset = shown && !wasShown;
    wasShown = shown;
    return onset ? { type: "key", key: " ", timeStamp: now + delay } : null;
  };
}

describe("optimizer sequences and layout", () => {
  it("plans the same n-back stream for the same seed, with exact matches", () => {
    const options = { n: 2, trials: 90, matchShare: 0.3, alphabet: LETTERS };
    const stream = planNback(mulberry32(7), options);
    expect(planNback(mulberry32(7), options)).toEqual(stream);
    expect(planNback(mulberry32(8), options)).not.toEqual(stream);
    expect(stream.filter((item) => item.match)).toHaveLength(Math.round(88 * 0.3));
    stream.forEach((item, i) => {
      if (i < 2) expect(item.match).toBe(false);
      else expect(item.symbol === stream[i - 2].symbol).toBe(item.match);
      // No 1-back lures in 2-back: a non-match differs from the letter just before too.
      if (!item.match && i > 0) expect(item.symbol).not.toBe(stream[i - 1].symbol);
    });
  });

  it("plans digit sequences of the span with no digit twice in a row", () => {
    for (let seed = 1; seed < 30; seed++) {
      const digits = planDigits(mulberry32(seed), 7);
      expect(digits).toHaveLength(7);
      digits.forEach((d, i) => {
        expect(d).toBeGreaterThanOrEqual(1);
        expect(d).toBeLessThanOrEqual(9);
        if (i > 0) expect(d).not.toBe(digits[i - 1]);
      });
    }
  });

  it("moves the circle at the asked speed, easing in, inside the arena", () => {
    const { arena } = layout(oneBack.size);
    const path = new PursuitPath(mulberry32(3), arena, 40);
    expect(path.position()).toEqual({ x: arena.x + arena.width / 2, y: arena.y + arena.height / 2 });
    path.advance(100, 200);
    // 120 px/s² of easing: no jump to full speed.
    expect(path.currentSpeed()).toBeCloseTo(12, 6);
    path.advance(3000, 200);
    for (let i = 0; i < 200; i++) {
      const before = path.position();
      path.advance(50, 200);
      const after = path.position();
      // A chord is a little shorter than the arc it cuts.
      expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeGreaterThan(9.5);
      expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeLessThanOrEqual(10.0001);
      expect(after.x).toBeGreaterThanOrEqual(arena.x + 40 - 1e-9);
      expect(after.x).toBeLessThanOrEqual(arena.x + arena.width - 40 + 1e-9);
      expect(after.y).toBeGreaterThanOrEqual(arena.y + 40 - 1e-9);
      expect(after.y).toBeLessThanOrEqual(arena.y + arena.height - 40 + 1e-9);
    }
  });

  it("types digits from keys and from the keypad", () => {
    const { keypad } = layout(memory.size);
    expect(digitOf({ type: "key", key: "7", timeStamp: 0 }, keypad)).toBe(7);
    expect(digitOf({ type: "key", key: "0", timeStamp: 0 }, keypad)).toBeNull();
    const five = keypad[4];
    expect(digitOf({ type: "pointerdown", x: five.x + 5, y: five.y + 5, timeStamp: 0 }, keypad)).toBe(5);
    expect(digitOf({ type: "pointermove", x: five.x + 5, y: five.y + 5, timeStamp: 0 }, keypad)).toBeNull();
    expect(digitOf({ type: "pointerdown", x: 5, y: 5, timeStamp: 0 }, keypad)).toBeNull();
  });

  it("brings the two grids closer as motion drops", () => {
    const { arena } = layout(positions.size);
    const gap = (motion: number) => {
      const { cells } = grids(positions.size, arena, motion);
      return cells[1][0].x - cells[0][0].x;
    };
    expect(gap(0.5)).toBeLessThan(gap(1));
    expect(gap(0)).toBeLessThan(gap(0.5));
    const { cells } = grids(positions.size, arena, 1);
    for (const cell of cells.flat()) {
      expect(cell.x).toBeGreaterThanOrEqual(arena.x);
      expect(cell.x + cell.width).toBeLessThanOrEqual(arena.x + arena.width);
    }
  });
});

describe("optimizer with a perfect player", { timeout: 60_000 }, () => {
  for (const b of optimizerBuilds) {
    it(`${b.id}: answers everything right, RTs equal the delay, follows closely, finishes`, () => {
      const run = play(b, perfectPlayer(300));
      expect(run.finished).toBe(true);
      const cognitive = run.trials.filter((t) => t.kind !== "pursuit");
      expect(cognitive).toHaveLength(b.params.trials);
      expect(cognitive.every((t) => t.correct)).toBe(true);
      for (const trial of cognitive) {
        if (trial.outcome === "hit" && trial.kind === "nback") expect(trial.rtMs).toBeCloseTo(300, 6);
        if (trial.condition === "nonmatch") expect(trial.outcome).toBe("correct-rejection");
      }
      const samples = run.trials.filter((t) => t.kind === "pursuit");
      if (b.params.task === "position-saccades") expect(samples).toHaveLength(0);
      else {
        expect(samples).toHaveLength(b.params.trials);
        // One frame of prediction on the bends is all the perfect hand misses.
        for (const sample of samples) expect(sample.value!).toBeLessThan(6);
        expect(samples.reduce((sum, t) => sum + t.value!, 0) / samples.length).toBeLessThan(2);
      }
      expect(run.level).toBeGreaterThan(b.difficulty.start);
    });
  }

  it("times a memory answer from the keypad's paint to the last digit", () => {
    const run = play(memory, perfectPlayer(300), { until: 60_000 });
    const first = run.trials.find((t) => t.kind === "memory")!;
    // Three digits, each typed 300 ms after the one before.
    expect(first).toMatchObject({ outcome: "hit", value: 3, level: 3, correct: true });
    expect(first.rtMs).toBeCloseTo(900, 6);
  });

  it("climbs the staircase: four good trials a level", () => {
    const run = play(oneBack, perfectPlayer(300));
    const levels = run.trials.filter((t) => t.kind === "nback").map((t) => t.level);
    // An item's level is read when it appears, just before the item before it is settled.
    expect(levels.slice(0, 10)).toEqual([5, 5, 5, 5, 5, 6, 6, 6, 6, 7]);
    expect(run.level).toBe(20);
    const spans = play(memory, perfectPlayer(300))
      .trials.filter((t) => t.kind === "memory")
      .map((t) => t.value);
    expect(spans.slice(0, 9)).toEqual([3, 3, 3, 3, 4, 4, 4, 4, 5]);
  });

  it("keeps the n-back answers right with the runtime's ideal player too (the quick build's demonstration)", () => {
    const run = play(quick, idealPlayer(300));
    expect(run.finished).toBe(true);
    expect(run.now).toBeLessThan(20_000);
    expect(run.trials.filter((t) => t.kind === "nback").every((t) => t.correct)).toBe(true);
  });
});

describe("optimizer scoring", { timeout: 60_000 }, () => {
  it("counts omissions and correct rejections when nobody answers, and lowers the level", () => {
    const run = play(oneBack, silentPlayer);
    expect(run.finished).toBe(true);
    const nback = run.trials.filter((t) => t.kind === "nback");
    for (const trial of nback) expect(trial.outcome).toBe(trial.condition === "match" ? "omission" : "correct-rejection");
    expect(run.level).toBe(oneBack.difficulty.min);
    // The pointer never came: the error is the circle's distance from the arena's centre.
    const errors = run.trials.filter((t) => t.kind === "pursuit").map((t) => t.value!);
    expect(Math.max(...errors)).toBeGreaterThan(50);
  });

  it("lowers the level when the answers are right but the pointer does not follow", () => {
    const answersOnly: Player = ({ now, engine }) => {
      const wanted = engine.demonstrate(now);
      return wanted?.type === "key" ? { ...wanted, timeStamp: now + 300 } : null;
    };
    const run = play(oneBack, answersOnly, { level: 10 });
    expect(run.trials.filter((t) => t.kind === "nback").every((t) => t.correct)).toBe(true);
    expect(run.level).toBeLessThan(10);
  });

  it("scores presses on non-matches as commissions, with their RT", () => {
    const run = play(oneBack, pressAlways(400), { until: 30_000 });
    const nonmatches = run.trials.filter((t) => t.condition === "nonmatch" && t.respondedAt !== null);
    expect(nonmatches.length).toBeGreaterThan(3);
    for (const trial of nonmatches) {
      expect(trial.outcome).toBe("commission");
      expect(trial.correct).toBe(false);
    }
  });

  it("counts a press under 100 ms after the item as an anticipation", () => {
    const run = play(oneBack, idealPlayer(ANTICIPATION_MS - 40), { until: 40_000 });
    const pressed = run.trials.filter((t) => t.respondedAt !== null);
    expect(pressed.length).toBeGreaterThan(2);
    expect(pressed.every((t) => t.outcome === "anticipation" && t.rtMs! < ANTICIPATION_MS)).toBe(true);
  });

  it("ignores presses in the lead-in and keys that answer nothing", () => {
    const run = play(quick, ({ now }) => (now < LEAD_IN_MS - 100 ? { type: "key", key: " ", timeStamp: now } : { type: "key", key: "x", timeStamp: now }));
    expect(run.trials.filter((t) => t.respondedAt !== null)).toEqual([]);
  });

  it("counts the Match button only where it is, on a pursuit build", () => {
    const { button } = layout(oneBack.size);
    const tapper =
      (x: number, y: number): Player =>
      ({ now, engine }) => {
        const wanted = engine.demonstrate(now);
        return wanted?.type === "key" ? { type: "pointerdown", x, y, timeStamp: now + 300 } : null;
      };
    const onButton = play(oneBack, tapper(button.x + 10, button.y + 10), { until: 30_000 }).trials.filter((t) => t.condition === "match");
    expect(onButton.every((t) => t.outcome === "hit")).toBe(true);
    const offButton = play(oneBack, tapper(100, 100), { until: 30_000 }).trials.filter((t) => t.condition === "match");
    expect(offButton.every((t) => t.outcome === "omission")).toBe(true);
  });

  it("counts a press given before the window closed even when it is delivered after", () => {
    const engine = createEngine(optimizerEngine, oneBack, { seed: 3 });
    const { context } = fakeContext();
    let now = 0;
    const step = () => {
      engine.update(now);
      engine.draw(context, now);
    };
    step();
    while (!(engine.demonstrate(now)?.type === "key")) {
      now += FRAME;
      step();
    }
    const shownAt = now;
    const window = itemMsAt(oneBack, oneBack.difficulty.start);
    now = shownAt + window + 40;
    step();
    engine.input({ type: "key", key: " ", timeStamp: shownAt + window - 5 });
    now += FRAME;
    step();
    now += LATE_INPUT_GRACE_MS;
    step();
    const trial = engine.trials().find((t) => t.kind === "nback" && t.shownAt === shownAt)!;
    expect(trial).toMatchObject({ outcome: "hit", condition: "match" });
    expect(trial.rtMs).toBeCloseTo(window - 5, 6);
  });

  it("scores a wrong or incomplete sequence as a miss and an empty one as an omission", () => {
    const wrong: Player = ({ now, engine }) => {
      const wanted = engine.demonstrate(now);
      if (wanted?.type !== "key") return null;
      return { type: "key", key: wanted.key === "9" ? "8" : "9", timeStamp: now + 300 };
    };
    const missed = play(memory, wrong, { until: 60_000 }).trials.filter((t) => t.kind === "memory");
    expect(missed.every((t) => t.outcome === "miss" && t.correct === false && t.respondedAt !== null)).toBe(true);
    let typed = 0;
    const partial: Player = ({ now, engine }) => {
      const wanted = engine.demonstrate(now);
      if (wanted?.type !== "key" || typed > 0) return null;
      typed++;
      return { ...wanted, timeStamp: now + 300 };
    };
    const first = play(memory, partial, { until: 30_000 }).trials.find((t) => t.kind === "memory")!;
    expect(first).toMatchObject({ outcome: "miss", correct: false });
    expect(first.rtMs).toBeCloseTo(300, 6);
    const silent = play(memory, silentPlayer, { until: 60_000 }).trials.filter((t) => t.kind === "memory");
    expect(silent.length).toBeGreaterThan(1);
    expect(silent.every((t) => t.outcome === "omission" && t.respondedAt === null)).toBe(true);
    expect(silent.at(-1)!.value).toBe(memory.difficulty.min);
  });

  it("records the saccade each dot asks for, alternating sides", () => {
    const run = play(positions, perfectPlayer(300), { until: 20_000 });
    const items = run.trials.filter((t) => t.kind === "nback");
    expect(items.length).toBeGreaterThan(4);
    // After the first, every dot is in the other grid: a long jump.
    for (const trial of items.slice(1)) expect(trial.value!).toBeGreaterThan(400);
    const calmer = play(positions, perfectPlayer(300), { until: 20_000, motion: 0.3 }).trials.filter((t) => t.kind === "nback");
    expect(calmer[3].value!).toBeLessThan(items[3].value!);
  });

  it("paces the dots by the level", () => {
    expect(itemMsAt(positions, 1)).toBe(2500);
    expect(itemMsAt(positions, 20)).toBe(1000);
    const run = play(positions, silentPlayer, { until: 20_000, level: 20 });
    const shown = run.trials.map((t) => t.shownAt);
    // Level 20 at first, then lower: the first gap is the hardest pace, within a frame.
    expect(shown[1] - shown[0]).toBeGreaterThanOrEqual(1000);
    expect(shown[1] - shown[0]).toBeLessThan(1000 + FRAME + 1e-6);
  });

  it("scales the circle's speed by motion", () => {
    const speedOf = (motion: number) => {
      const engine = createEngine(optimizerEngine, oneBack, { motion });
      runEngine(engine, { until: 6000 });
      const a = engine.demonstrate(6000) as { x: number; y: number };
      runEngine(engine, { until: 0 });
      return a;
    };
    const still = speedOf(0);
    const { arena } = layout(oneBack.size);
    expect(still).toMatchObject({ x: arena.x + arena.width / 2, y: arena.y + arena.height / 2 });
    // One speed at every level, so only motion differs.
    const steady = { ...oneBack, params: { ...oneBack.params, speedPxPerS: { easy: 150, hard: 150 } } } as OptimizerBuild;
    const full = createEngine(optimizerEngine, steady, { motion: 1, seed: 2 });
    const half = createEngine(optimizerEngine, steady, { motion: 0.5, seed: 2 });
    const travelled = (engine: ReturnType<typeof createEngine>) => {
      const { context } = fakeContext();
      let distance = 0;
      let last: { x: number; y: number } | null = null;
      for (let now = 0; now <= 9000; now += FRAME) {
        engine.update(now);
        engine.draw(context, now);
        const p = engine.demonstrate(now);
        // After the easing in, both at their levels' speeds.
        if (p && p.type === "pointermove" && now > 3000) {
          if (last) distance += Math.hypot(p.x - last.x, p.y - last.y);
          last = p;
        }
      }
      return distance;
    };
    const ratio = travelled(half) / travelled(full);
    expect(ratio).toBeCloseTo(0.5, 1);
  });

  it("drops the item in progress on interrupt and shows it again after a new lead-in", () => {
    const engine = createEngine(optimizerEngine, quick, { seed: 5 });
    const window = itemMsAt(quick, 5);
    // Stops in the middle of the fourth item.
    const first = runEngine(engine, { until: LEAD_IN_MS + 3.5 * window, player: perfectPlayer(300) });
    const recorded = first.trials.filter((t) => t.kind === "nback").length;
    expect(recorded).toBe(3);
    engine.interrupt(first.now);
    const { context } = fakeContext();
    let now = first.now + 10;
    engine.update(now);
    engine.draw(context, now);
    // The lead-in again: nothing to answer, the circle to follow.
    expect(engine.demonstrate(now)?.type).toBe("pointermove");
    for (; !engine.finished() && now < 60_000; now += FRAME) {
      engine.update(now);
      engine.draw(context, now);
    }
    // The dropped item ran again: all ten are there, each once, in order.
    const nback = engine.trials().filter((t) => t.kind === "nback");
    expect(nback).toHaveLength(quick.params.trials);
    for (let i = 1; i < nback.length; i++) expect(nback[i].shownAt).toBeGreaterThan(nback[i - 1].shownAt);
    expect(nback[3].shownAt).toBeGreaterThan(first.now + LEAD_IN_MS);
    for (const [i, t] of engine.trials().entries()) expect(t.index).toBe(i);
  });
});

describe("optimizer safety and robustness", { timeout: 60_000 }, () => {
  for (const b of optimizerBuilds) {
    it(`${b.id}: never changes the background, whatever the player does`, () => {
      for (const player of [perfectPlayer(300), silentPlayer, randomPlayer(3, { perSecond: 8 })]) {
        const run = play(b, player, { until: 40_000 });
        expect(maxBackgroundChangesPerSecond(run.canvas, b.size)).toBe(0);
      }
    });
  }

  it("produces only consistent records under a random player", () => {
    for (const b of [oneBack, positions, memory]) {
      const run = play(b, randomPlayer(21, { perSecond: 4, keys: [" ", "m", "1", "2", "3", "x", "Backspace"] }), { until: 60_000 });
      for (const trial of run.trials) if (trial.rtMs !== null) expect(trial.rtMs).toBeCloseTo(trial.respondedAt! - trial.shownAt, 9);
      for (const [i, t] of run.trials.entries()) expect(t.index).toBe(i);
    }
  });
});
