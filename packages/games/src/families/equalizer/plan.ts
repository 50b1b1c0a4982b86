/** Equalizer's trial plan and screen layout: pure, so tests check them without drawing. */
import { integerBetween, type Random, shuffle } from "../../runtime/random.ts";
import type { DisplaySize, GameInput } from "../../runtime/types.ts";
import { type EqualizerParams, MIN_ECCENTRICITY_PX, SIDES, type Side } from "./metrics.ts";

export interface PlannedTrial {
  side: Side;
  /** The circle's height in the field, −1 (top) to 1 (bottom) of the room it has. */
  height: number;
  foreperiodMs: number;
}

/** The whole session's trials, decided at the start from the seed. */
export function planTrials(params: EqualizerParams, random: Random): PlannedTrial[] {
  // Balanced: each side equally often (one more on one side for an odd count), in random order.
  const sides = shuffle(
    random,
    Array.from({ length: params.trials }, (_, i) => SIDES[i % 2]),
  );
  return sides.map((side) => ({
    side,
    // Whole hundredths, so the same plan draws the same circles anywhere.
    height: integerBetween(random, -100, 100) / 100,
    foreperiodMs: integerBetween(random, params.foreperiodMs.min, params.foreperiodMs.max),
  }));
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Layout {
  field: Rect;
  /** The fixation cross, the field's centre. */
  centre: { x: number; y: number };
  /** One panel (simple) or the left and the right half (choice); a tap on a half answers that side. */
  panels: Rect[];
  /** The circle's radius (the squares are as large). */
  radius: number;
  /** The farthest the circle may be from the cross and still be whole inside its half. */
  reach: number;
  /** How far above or below the cross a circle may be (clear of the key labels at the bottom). */
  rise: number;
  promptTop: number;
}

const MARGIN = 16;
/** Between the halves: the cross stands in it, belonging to neither side. */
const GAP = 40;
/** Space kept free between a circle and its panel's edge. */
const EDGE = 6;
/** Room at the bottom of each half for its key label. */
const LABEL = 40;

export function layout(params: EqualizerParams, size: DisplaySize): Layout {
  const portrait = size.height > size.width;
  const top = portrait ? 96 : 48;
  const field = { x: MARGIN, y: top, width: size.width - 2 * MARGIN, height: size.height - 24 - top };
  const centre = { x: field.x + field.width / 2, y: field.y + field.height / 2 };
  const half = (field.width - GAP) / 2;
  const panels =
    params.mode === "simple"
      ? [field]
      : [
          { x: field.x, y: field.y, width: half, height: field.height },
          { x: centre.x + GAP / 2, y: field.y, width: half, height: field.height },
        ];
  const radius = 24;
  return {
    field,
    centre,
    panels,
    radius,
    reach: Math.floor(field.width / 2 - radius - EDGE),
    rise: Math.floor(field.height / 2 - radius - LABEL),
    promptTop: 12,
  };
}

/** Where the circle of a trial is drawn, at eccentricity `eccentricity`. */
export function targetPlace(trial: PlannedTrial, eccentricity: number, box: Layout): { x: number; y: number } {
  return { x: box.centre.x + (trial.side === "left" ? -eccentricity : eccentricity), y: box.centre.y + trial.height * box.rise };
}

/**
 * Places `count` blue squares for a circle at `target`: alternately on the circle's other side
 * and its own, so their side never tells the circle's; clear of the circle, the cross and each
 * other. A square that finds no room after some tries is left out.
 */
export function placeDistractors(count: number, side: Side, target: { x: number; y: number }, box: Layout, random: Random): { x: number; y: number }[] {
  const placed: { x: number; y: number }[] = [];
  const apart = 3 * box.radius;
  for (let i = 0; i < count; i++) {
    const onOtherSide = i % 2 === 0;
    const sign = (side === "left") === onOtherSide ? 1 : -1;
    for (let attempt = 0; attempt < 40; attempt++) {
      const x = box.centre.x + sign * integerBetween(random, MIN_ECCENTRICITY_PX, box.reach);
      const y = box.centre.y + integerBetween(random, -box.rise, box.rise);
      if ([target, ...placed].every((other) => Math.hypot(other.x - x, other.y - y) >= apart)) {
        placed.push({ x, y });
        break;
      }
    }
  }
  return placed;
}

const LEFT_KEYS = ["ArrowLeft", "f"];
const RIGHT_KEYS = ["ArrowRight", "j"];
const ANY_KEYS = [" ", "Enter"];

/**
 * What an input answers: "any" (simple: it is an answer), a side (choice), or null when it is
 * no answer (another key, a pointer move).
 */
export function answerOf(input: GameInput, params: EqualizerParams, box: Layout): Side | "any" | null {
  if (params.mode === "simple") {
    if (input.type === "key") return ANY_KEYS.includes(input.key) ? "any" : null;
    return input.type === "pointerdown" ? "any" : null;
  }
  if (input.type === "key") return LEFT_KEYS.includes(input.key) ? "left" : RIGHT_KEYS.includes(input.key) ? "right" : null;
  // A tap anywhere on a half answers that half, the gap included (by the nearer half).
  if (input.type !== "pointerdown") return null;
  return input.x < box.centre.x ? "left" : "right";
}
