/** Activator's trial plan and screen layout: pure, so tests check them without drawing. */
import { integerBetween, type Random, shuffle } from "../../runtime/random.ts";
import type { DisplaySize, GameInput } from "../../runtime/types.ts";
import { type ActivatorParams, DIRECTION_SETS, type Direction, directionVector, MIN_AMPLITUDE_PX } from "./metrics.ts";

/** The four symbols of each set, in the order of the answer buttons (left to right). */
export const SYMBOLS = {
  arrows: [
    { name: "left", keys: ["ArrowLeft"], label: "←" },
    { name: "up", keys: ["ArrowUp"], label: "↑" },
    { name: "down", keys: ["ArrowDown"], label: "↓" },
    { name: "right", keys: ["ArrowRight"], label: "→" },
  ],
  // Four letters of clearly different shapes, answered with their own keys.
  letters: [
    { name: "d", keys: ["d"], label: "D" },
    { name: "h", keys: ["h"], label: "H" },
    { name: "k", keys: ["k"], label: "K" },
    { name: "v", keys: ["v"], label: "V" },
  ],
} as const;
export type SymbolSet = keyof typeof SYMBOLS;

export interface PlannedTrial {
  direction: Direction;
  /** Index of the symbol shown (into `SYMBOLS[set]`, also the answer button). */
  symbol: number;
  foreperiodMs: number;
}

/** The whole session's trials, decided at the start from the seed. */
export function planTrials(params: ActivatorParams, random: Random): PlannedTrial[] {
  const directions = DIRECTION_SETS[params.directions];
  // Balanced: every direction equally often, in random order; symbols balanced too, independently.
  const order = shuffle(
    random,
    Array.from({ length: params.trials }, (_, i) => directions[i % directions.length]),
  );
  const symbols = shuffle(
    random,
    Array.from({ length: params.trials }, (_, i) => i % SYMBOLS[params.symbols].length),
  );
  return order.map((direction, i) => ({
    direction,
    symbol: symbols[i],
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
  /** Where the dot may be: the panel under the prompt. */
  field: Rect;
  /** The fixation point, the field's centre. */
  centre: { x: number; y: number };
  /** The dot's radius at its landing place. */
  radius: number;
  /** Answer buttons, one per symbol, in the order of `SYMBOLS`. */
  buttons: Rect[];
  /** Where the prompt starts. */
  promptTop: number;
}

const MARGIN = 16;
const GAP = 10;
/** Space kept free between the landed dot and the field's edge. */
const EDGE = 6;

/**
 * Portrait: the field above a row of four buttons. Landscape: the field takes the whole height
 * under the prompt and the buttons sit in its bottom corners, two on each side (symmetric, so
 * answering pulls the eyes neither way), where no jump lands: horizontal jumps stay on the
 * middle line, vertical ones on the middle column, diagonal ones within the vertical reach.
 */
export function layout(size: DisplaySize): Layout {
  const portrait = size.height > size.width;
  // Under everything: the progress bar.
  const bottom = size.height - 24;
  if (portrait) {
    const buttonHeight = 64;
    const buttonTop = bottom - buttonHeight;
    const buttonWidth = (size.width - 2 * MARGIN - 3 * GAP) / 4;
    const buttons = Array.from({ length: 4 }, (_, i) => ({ x: MARGIN + i * (buttonWidth + GAP), y: buttonTop, width: buttonWidth, height: buttonHeight }));
    const field = { x: MARGIN, y: 96, width: size.width - 2 * MARGIN, height: buttonTop - GAP - 96 };
    return { field, centre: centreOf(field), radius: 30, buttons, promptTop: 12 };
  }
  const field = { x: MARGIN, y: 44, width: size.width - 2 * MARGIN, height: bottom - 44 };
  const buttonWidth = 96;
  const buttonHeight = 52;
  const y = field.y + field.height - GAP - buttonHeight;
  const left = field.x + GAP;
  const right = field.x + field.width - GAP - buttonWidth;
  const buttons = [left, left + buttonWidth + GAP, right - buttonWidth - GAP, right].map((x) => ({ x, y, width: buttonWidth, height: buttonHeight }));
  return { field, centre: centreOf(field), radius: 28, buttons, promptTop: 12 };
}

/** The longest jump that keeps the landed dot inside the field, in whole px. */
export function reach(direction: Direction, box: Layout): number {
  const v = directionVector(direction);
  const halfWidth = box.field.width / 2 - box.radius - EDGE;
  const halfHeight = box.field.height / 2 - box.radius - EDGE;
  const limits = [v.x === 0 ? Number.POSITIVE_INFINITY : halfWidth / Math.abs(v.x), v.y === 0 ? Number.POSITIVE_INFINITY : halfHeight / Math.abs(v.y)];
  return Math.floor(Math.min(...limits));
}

/**
 * The jump drawn for a level's amplitude: scaled by the motion setting, never shorter than
 * `MIN_AMPLITUDE_PX` (a smaller jump is no saccade), never beyond the field.
 */
export function effectiveAmplitude(amplitude: number, motion: number, direction: Direction, box: Layout): number {
  return Math.min(reach(direction, box), Math.max(MIN_AMPLITUDE_PX, Math.round(amplitude * motion)));
}

export function landing(direction: Direction, amplitude: number, box: Layout): { x: number; y: number } {
  const v = directionVector(direction);
  return { x: box.centre.x + v.x * amplitude, y: box.centre.y + v.y * amplitude };
}

const inside = (rect: Rect, x: number, y: number) => x >= rect.x && x <= rect.x + rect.width && y >= rect.y && y <= rect.y + rect.height;

/** Which symbol an input names (index), or null when it names none (another key, a tap beside the buttons, a move). */
export function answerOf(input: GameInput, set: SymbolSet, box: Layout): number | null {
  const symbols = SYMBOLS[set];
  if (input.type === "key") {
    const index = symbols.findIndex((symbol) => (symbol.keys as readonly string[]).includes(input.key));
    if (index >= 0) return index;
    // Digits name the buttons left to right, on any keyboard.
    const digit = ["1", "2", "3", "4"].indexOf(input.key);
    return digit >= 0 ? digit : null;
  }
  if (input.type !== "pointerdown") return null;
  // A little slack around each button, for unsteady fingers.
  const index = box.buttons.findIndex((button) =>
    inside({ x: button.x - GAP / 2, y: button.y - GAP, width: button.width + GAP, height: button.height + 2 * GAP }, input.x, input.y),
  );
  return index >= 0 ? index : null;
}

export function centreOf(rect: Rect): { x: number; y: number } {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}
