/** Reactor's trial plan and screen layout: pure, so tests check them without drawing. */
import { integerBetween, shuffle, type Random } from "../../runtime/random.ts";
import type { DisplaySize, GameInput } from "../../runtime/types.ts";
import { CHOICE_CONDITIONS, type ReactorParams } from "./metrics.ts";

export interface PlannedTrial {
  kind: "simple" | "choice" | "go" | "nogo";
  /** For choice trials, the target box's condition name; "" otherwise. */
  condition: string;
  /** Index of the box the stimulus appears in (0 when there is one box). */
  zone: number;
  foreperiodMs: number;
}

/** The whole session's trials, decided at the start from the seed. */
export function planTrials(params: ReactorParams, random: Random): PlannedTrial[] {
  let kinds: { kind: PlannedTrial["kind"]; zone: number }[];
  if (params.mode === "simple") {
    kinds = Array.from({ length: params.trials }, () => ({ kind: "simple", zone: 0 }));
  } else if (params.mode === "choice") {
    // Balanced: every box equally often, in random order.
    kinds = shuffle(
      random,
      Array.from({ length: params.trials }, (_, i) => ({ kind: "choice" as const, zone: i % params.choices })),
    );
  } else {
    const nogo = Math.round(params.trials * (1 - params.goShare));
    kinds = shuffle(
      random,
      Array.from({ length: params.trials }, (_, i) => ({ kind: i < nogo ? ("nogo" as const) : ("go" as const), zone: 0 })),
    );
    // Start with a go, so going becomes the habit before the first square asks to stop.
    const firstGo = kinds.findIndex((k) => k.kind === "go");
    if (firstGo > 0) [kinds[0], kinds[firstGo]] = [kinds[firstGo], kinds[0]];
  }
  return kinds.map(({ kind, zone }) => ({
    kind,
    zone,
    condition: params.mode === "choice" ? CHOICE_CONDITIONS[params.choices][zone] : "",
    foreperiodMs: integerBetween(random, params.foreperiodMs.min, params.foreperiodMs.max),
  }));
}

export interface Zone {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Keys that answer this box (GameInput.key form). */
  keys: readonly string[];
  /** What the box shows as its key; null for the single box of simple and go/no-go (the prompt says it). */
  label: string | null;
}

/** One key set per box, left to right; digits always work too. Arrows where they fit, home-row keys for four. */
const CHOICE_KEYS: Record<number, { keys: string[]; label: string }[]> = {
  2: [
    { keys: ["ArrowLeft", "f", "1"], label: "←" },
    { keys: ["ArrowRight", "j", "2"], label: "→" },
  ],
  3: [
    { keys: ["ArrowLeft", "1"], label: "←" },
    { keys: ["ArrowDown", "ArrowUp", "2"], label: "↓" },
    { keys: ["ArrowRight", "3"], label: "→" },
  ],
  4: [
    { keys: ["d", "1"], label: "D" },
    { keys: ["f", "2"], label: "F" },
    { keys: ["j", "3"], label: "J" },
    { keys: ["k", "4"], label: "K" },
  ],
};
const SINGLE_KEYS = [" ", "Enter"];

const MARGIN = 16;
const GAP = 12;

/**
 * The boxes, side by side under the prompt. They span the whole height, so on a phone the
 * patient can tap anywhere in a column: large targets for unsteady hands.
 */
export function layoutZones(params: ReactorParams, size: DisplaySize): Zone[] {
  const count = params.mode === "choice" ? params.choices : 1;
  const top = size.height > size.width ? 120 : 72;
  const width = (size.width - 2 * MARGIN - (count - 1) * GAP) / count;
  return Array.from({ length: count }, (_, i) => ({
    x: MARGIN + i * (width + GAP),
    y: top,
    width,
    height: size.height - top - 28,
    keys: count === 1 ? SINGLE_KEYS : CHOICE_KEYS[count][i].keys,
    label: count === 1 ? null : CHOICE_KEYS[count][i].label,
  }));
}

/** Which box an input answers, or null when it is not an answer (another key, a pointer move). */
export function zoneOf(input: GameInput, zones: readonly Zone[]): number | null {
  if (input.type === "key") {
    const index = zones.findIndex((zone) => zone.keys.includes(input.key));
    return index < 0 ? null : index;
  }
  if (input.type !== "pointerdown") return null;
  // By column, so a tap between two boxes or above them still counts for the nearer one.
  const column = Math.floor((input.x - MARGIN + GAP / 2) / (zones[0].width + GAP));
  return Math.min(zones.length - 1, Math.max(0, column));
}

export function centreOf(zone: Zone): { x: number; y: number } {
  return { x: zone.x + zone.width / 2, y: zone.y + zone.height / 2 };
}
