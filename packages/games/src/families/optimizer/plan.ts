/** Optimizer's sequences, the circle's path and the screen layout: pure, so tests check them without drawing. */
import { pick, type Random, shuffle } from "../../runtime/random.ts";
import type { DisplaySize, GameInput } from "../../runtime/types.ts";
import { CELLS } from "./metrics.ts";

export interface NbackItem {
  /** A letter (letter n-back) or a cell 0–8 (position n-back), as a string. */
  symbol: string;
  match: boolean;
}

/**
 * The n-back stream: exactly round(matchShare × eligible) matches among the items from the
 * n-th on (an item before it has nothing n back), the others differing from their n-back item.
 */
export function planNback(random: Random, options: { n: number; trials: number; matchShare: number; alphabet: readonly string[] }): NbackItem[] {
  const { n, trials, matchShare, alphabet } = options;
  const eligible = Math.max(0, trials - n);
  const matches = Math.round(eligible * matchShare);
  const flags = [
    ...Array.from({ length: n }, () => false),
    ...shuffle(
      random,
      Array.from({ length: eligible }, (_, i) => i < matches),
    ),
  ];
  const items: NbackItem[] = [];
  for (let i = 0; i < trials; i++) {
    const back = i >= n ? items[i - n].symbol : null;
    if (flags[i] && back !== null) {
      items.push({ symbol: back, match: true });
    } else {
      // Neither the n-back item (that would be a match) nor the one just before (a 1-back lure in 2-back).
      const avoid = new Set([back, items[i - 1]?.symbol].filter((s): s is string => s !== null && s !== undefined));
      items.push({
        symbol: pick(
          random,
          alphabet.filter((s) => !avoid.has(s)),
        ),
        match: false,
      });
    }
  }
  return items;
}

export const POSITION_SYMBOLS: readonly string[] = Array.from({ length: CELLS }, (_, i) => String(i));

/** A digit sequence 1–9 of `span`, no digit twice in a row. */
export function planDigits(random: Random, span: number): number[] {
  const digits: number[] = [];
  for (let i = 0; i < span; i++) {
    const options = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => d !== digits[i - 1]);
    digits.push(pick(random, options));
  }
  return digits;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const inside = (rect: Rect, x: number, y: number) => x >= rect.x && x <= rect.x + rect.width && y >= rect.y && y <= rect.y + rect.height;

/**
 * A smooth closed path (a Lissajous figure) inside the arena, moved along at a set speed in
 * px/s: `advance` integrates the speed along the curve in small steps, so the circle moves at
 * the same speed on the straights and the bends, and changes of speed are smooth.
 */
export class PursuitPath {
  private theta: number;
  private speed = 0;
  private readonly fx: number;
  private readonly fy: number;
  /** Mirror images (±1), so the same figure is run in four ways. */
  private readonly sx: number;
  private readonly sy: number;

  constructor(
    random: Random,
    private readonly arena: Rect,
    private readonly margin: number,
  ) {
    // Frequency pairs that give calm, varied loops; the phase makes each session differ.
    [this.fx, this.fy] = pick(random, [
      [1, 2],
      [2, 1],
      [2, 3],
      [3, 2],
    ] as const);
    this.sx = random() < 0.5 ? -1 : 1;
    this.sy = random() < 0.5 ? -1 : 1;
    // Start at the arena's centre (x = 0 at theta = 0), where the patient is asked to put the pointer.
    this.theta = 0;
  }

  /** The point at parameter `theta`. */
  private at(theta: number): { x: number; y: number } {
    const ax = this.arena.width / 2 - this.margin;
    const ay = this.arena.height / 2 - this.margin;
    return {
      x: this.arena.x + this.arena.width / 2 + this.sx * ax * Math.sin(this.fx * theta),
      y: this.arena.y + this.arena.height / 2 + this.sy * ay * Math.sin(this.fy * theta),
    };
  }

  position(): { x: number; y: number } {
    return this.at(this.theta);
  }

  /** |dp/dθ|, by a central difference. */
  private rate(theta: number): number {
    const h = 1e-5;
    const a = this.at(theta - h);
    const b = this.at(theta + h);
    return Math.max(Math.hypot(b.x - a.x, b.y - a.y) / (2 * h), 1e-6);
  }

  /** The current speed (px/s). */
  currentSpeed(): number {
    return this.speed;
  }

  /**
   * Moves on by `dtMs`, easing the speed towards `targetSpeed` by at most `acceleration`
   * px/s² (no sudden starts or stops).
   */
  advance(dtMs: number, targetSpeed: number, acceleration = 120): void {
    let left = dtMs / 1000;
    while (left > 1e-9) {
      const dt = Math.min(left, 1 / 240);
      left -= dt;
      const change = targetSpeed - this.speed;
      this.speed += Math.sign(change) * Math.min(Math.abs(change), acceleration * dt);
      if (this.speed <= 0) continue;
      // Midpoint rule on dθ = v·dt / |p'(θ)|: exact speed within a hair, even on tight bends.
      const half = (this.speed * dt) / 2 / this.rate(this.theta);
      this.theta += (this.speed * dt) / this.rate(this.theta + half);
    }
  }
}

export interface Layout {
  /** Where the pursuit circle moves (or where the two grids sit). */
  arena: Rect;
  /** The Match button (n-back tasks). */
  button: Rect;
  /** The keypad of the memory task: digit d (1–9) at index d − 1. */
  keypad: Rect[];
  /** The pursuit circle's radius. */
  radius: number;
  /** Where the prompt's first line goes, and the prompt's font size. */
  promptTop: number;
  promptSize: number;
}

/** Portrait builds stack the arena over a wide button; wide builds put the button under the arena. */
export function layout(size: DisplaySize): Layout {
  const portrait = size.height > size.width;
  const margin = 16;
  if (portrait) {
    const arena = { x: margin, y: 96, width: size.width - 2 * margin, height: 370 };
    const bottom = { x: margin, y: 480, width: size.width - 2 * margin, height: 130 };
    return {
      arena,
      button: bottom,
      keypad: keypadIn(bottom, 3),
      radius: 36,
      promptTop: 12,
      promptSize: 20,
    };
  }
  const arena = { x: margin, y: 48, width: size.width - 2 * margin, height: 282 };
  const button = { x: size.width / 2 - 160, y: 340, width: 320, height: 58 };
  const keys = { x: margin + 40, y: 340, width: size.width - 2 * margin - 80, height: 58 };
  return { arena, button, keypad: keypadIn(keys, 1), radius: 34, promptTop: 12, promptSize: 19 };
}

/** Nine digit keys in `rows` rows inside `area`. */
function keypadIn(area: Rect, rows: number): Rect[] {
  const columns = Math.ceil(9 / rows);
  const gap = 8;
  const width = (area.width - (columns - 1) * gap) / columns;
  const height = (area.height - (rows - 1) * gap) / rows;
  return Array.from({ length: 9 }, (_, i) => ({
    x: area.x + (i % columns) * (width + gap),
    y: area.y + Math.floor(i / columns) * (height + gap),
    width,
    height,
  }));
}

/** The two 3 × 3 grids of position n-back: centres `separation` apart, each cell `cell` px. */
export function grids(size: DisplaySize, arena: Rect, motion: number): { cells: Rect[][]; cell: number } {
  const cell = Math.min(56, (arena.height - 24) / 3);
  const gridSize = cell * 3;
  // Motion scales the saccade: the grids' distance shrinks towards the centre as it drops.
  const widest = arena.width - gridSize - 64;
  const narrowest = Math.min(widest, gridSize + 80);
  const separation = narrowest + (widest - narrowest) * Math.min(1, Math.max(0, motion));
  const centreY = arena.y + arena.height / 2;
  const cells = [-1, 1].map((side) => {
    const left = size.width / 2 + (side * separation) / 2 - gridSize / 2;
    return Array.from({ length: CELLS }, (_, i) => ({
      x: left + (i % 3) * cell,
      y: centreY - gridSize / 2 + Math.floor(i / 3) * cell,
      width: cell,
      height: cell,
    }));
  });
  return { cells, cell };
}

export const centreOf = (rect: Rect) => ({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 });

/** The keys that answer "match". */
export const MATCH_KEYS = [" ", "Enter", "m"];

/** A digit 1–9 the input types (a digit key, or a tap on the keypad), or null. */
export function digitOf(input: GameInput, keypad: readonly Rect[]): number | null {
  if (input.type === "key") return /^[1-9]$/.test(input.key) ? Number(input.key) : null;
  if (input.type !== "pointerdown") return null;
  const index = keypad.findIndex((key) => inside(key, input.x, input.y));
  return index < 0 ? null : index + 1;
}
