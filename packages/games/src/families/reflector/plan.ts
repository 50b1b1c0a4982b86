/** Reflector's trial plan, screen layout and answer keys: pure, so tests check them without drawing. */
import { integerBetween, type Random } from "../../runtime/random.ts";
import type { DisplaySize, GameInput } from "../../runtime/types.ts";
import { DIRECTIONS, LETTERS, type Optotype, type ReflectorParams } from "./metrics.ts";

export interface PlannedTrial {
  /** Which of the four answers is right: index into DIRECTIONS or LETTERS (and into the buttons). */
  symbol: number;
  /** The fixation dot before the optotype. */
  gapMs: number;
}

/**
 * The whole session's optotypes, decided at the start from the seed: each differs from the one
 * before, so every change is visible, and each answer comes about equally often.
 */
export function planTrials(params: ReflectorParams, random: Random): PlannedTrial[] {
  const trials: PlannedTrial[] = [];
  for (let i = 0; i < params.trials; i++) {
    const previous = trials[i - 1]?.symbol ?? -1;
    // One of the three others, evenly: the chance of each answer stays 1 in 4 over the session.
    let symbol = integerBetween(random, 0, previous < 0 ? 3 : 2);
    if (previous >= 0 && symbol >= previous) symbol++;
    trials.push({ symbol, gapMs: integerBetween(random, params.gapMs.min, params.gapMs.max) });
  }
  return trials;
}

/** The key that answers `symbol` (what an ideal player presses). */
export function keyOf(optotype: Optotype, symbol: number): string {
  return optotype === "letters" ? LETTERS[symbol] : ARROW_KEYS[symbol];
}

const ARROW_KEYS = ["ArrowLeft", "ArrowUp", "ArrowDown", "ArrowRight"] as const;
const ARROW_LABELS = ["←", "↑", "↓", "→"] as const;

/** What a button (and the feedback "It was …") shows for `symbol`. */
export function labelOf(optotype: Optotype, symbol: number): string {
  return optotype === "letters" ? LETTERS[symbol].toUpperCase() : ARROW_LABELS[symbol];
}

export interface Button {
  x: number;
  y: number;
  width: number;
  height: number;
  symbol: number;
}

export interface Layout {
  /** Where the optotype (and the fixation dot) sits, before any x2 movement. */
  centre: { x: number; y: number };
  /** The metronome's track: its middle, its axis and its half-length at full motion. */
  track: { x: number; y: number; axis: "horizontal" | "vertical"; half: number };
  buttons: Button[];
  /** Where the prompt's text starts and how wide it may be. */
  prompt: { top: number; width: number; fontPx: number; lineHeight: number };
}

const MARGIN = 16;

/**
 * Wide screens: the optotype in the middle, the metronome below it (or beside it for nodding),
 * the four buttons in a row along the bottom. Phones: the buttons as a cross of arrows (or two
 * rows of letters) filling the lower part, big enough for a thumb.
 */
export function layout(params: ReflectorParams, size: DisplaySize): Layout {
  const { width, height } = size;
  const portrait = height > width;
  const bottom = height - 28;
  const buttons: Button[] = [];
  if (!portrait) {
    const w = 120;
    const h = 62;
    const gap = 16;
    const left = (width - 4 * w - 3 * gap) / 2;
    for (let i = 0; i < 4; i++) buttons.push({ x: left + i * (w + gap), y: bottom - h, width: w, height: h, symbol: i });
  } else if (params.optotype === "letters") {
    const w = (width - 2 * MARGIN - 12) / 2;
    const h = 84;
    for (let i = 0; i < 4; i++)
      buttons.push({ x: MARGIN + (i % 2) * (w + 12), y: bottom - 2 * h - 12 + Math.floor(i / 2) * (h + 12), width: w, height: h, symbol: i });
  } else {
    // A cross: ↑ on top, ← → in the middle, ↓ below; DIRECTIONS order is left, up, down, right.
    const w = 112;
    const h = 72;
    const gap = 8;
    const cx = width / 2;
    const top = bottom - 3 * h - 2 * gap;
    const at = { left: [cx - 1.5 * w - gap, 1], up: [cx - w / 2, 0], down: [cx - w / 2, 2], right: [cx + w / 2 + gap, 1] } as const;
    DIRECTIONS.forEach((direction, i) => {
      const [x, row] = at[direction];
      buttons.push({ x, y: top + row * (h + gap), width: w, height: h, symbol: i });
    });
  }
  const buttonsTop = Math.min(...buttons.map((b) => b.y));
  const prompt = portrait
    ? { top: 14, width: width - 2 * MARGIN, fontPx: 19, lineHeight: 24 }
    : { top: 12, width: width - 2 * MARGIN, fontPx: 19, lineHeight: 24 };
  // Below two (wide) or up to five (phone) lines of prompt, above the buttons.
  const areaTop = portrait ? 140 : 64;
  const areaBottom = buttonsTop - 12;
  const trackRoom = 46;
  const centre = { x: width / 2, y: params.axis === "horizontal" ? (areaTop + areaBottom - trackRoom) / 2 : (areaTop + areaBottom) / 2 };
  const track =
    params.axis === "horizontal"
      ? { x: width / 2, y: areaBottom - trackRoom / 2, axis: "horizontal" as const, half: Math.min(150, width / 2 - 60) }
      : { x: width / 2 + (portrait ? 135 : 190), y: centre.y, axis: "vertical" as const, half: Math.min(95, (areaBottom - areaTop) / 2 - 14) };
  return { centre, track, buttons, prompt };
}

/** Which answer an input gives (index into the buttons), or null when it answers nothing. */
export function answerOf(input: GameInput, optotype: Optotype, buttons: readonly Button[]): number | null {
  if (input.type === "key") {
    const digit = ["1", "2", "3", "4"].indexOf(input.key);
    if (digit >= 0) return digit;
    const keys: readonly string[] = optotype === "letters" ? LETTERS : ARROW_KEYS;
    const index = keys.indexOf(input.key);
    return index < 0 ? null : index;
  }
  if (input.type !== "pointerdown") return null;
  // A little slack around each button, for unsteady fingers; the buttons are further apart than that.
  const slack = 6;
  const hit = buttons.find((b) => input.x >= b.x - slack && input.x <= b.x + b.width + slack && input.y >= b.y - slack && input.y <= b.y + b.height + slack);
  return hit ? hit.symbol : null;
}
