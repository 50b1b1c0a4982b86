/** Modulator's session plan and screen layout: pure, so tests check them without drawing. */
import { integerBetween, pick, type Random, shuffle } from "../../runtime/random.ts";
import type { DisplaySize, GameInput } from "../../runtime/types.ts";
import { type Direction, type ModulatorParams, RATING_MAX } from "./metrics.ts";

/** Shapes with clearly different outlines, so the task stays about attention, not about acuity. */
export const SHAPES = ["circle", "square", "triangle", "star", "cross"] as const;
export type Shape = (typeof SHAPES)[number];

export interface PlannedItem {
  kind: "go" | "nogo";
  shape: Shape;
  /** Blank time before the shape. */
  gapMs: number;
}

export interface PlannedBlock {
  direction: Direction;
  items: PlannedItem[];
  /** Whether a symptom rating follows the block. */
  rateAfter: boolean;
}

export interface SessionPlan {
  target: Shape;
  blocks: PlannedBlock[];
}

/** The whole session, decided at the start from the seed. */
export function planSession(params: ModulatorParams, random: Random): SessionPlan {
  const target = pick(random, SHAPES);
  const others = SHAPES.filter((shape) => shape !== target);
  // Directions take turns in a shuffled order: left, right, left, right…
  const directions = shuffle(random, params.directions);
  const targets = Math.max(1, Math.round(params.itemsPerBlock * params.targetShare));
  const blocks = Array.from({ length: params.blocks }, (_, b) => {
    const kinds = shuffle(
      random,
      Array.from({ length: params.itemsPerBlock }, (_, i) => (i < targets ? ("go" as const) : ("nogo" as const))),
    );
    return {
      direction: directions[b % directions.length],
      rateAfter: (b + 1) % params.rateEvery === 0 || b === params.blocks - 1,
      items: kinds.map((kind) => ({
        kind,
        shape: kind === "go" ? target : pick(random, others),
        gapMs: integerBetween(random, params.gapMs.min, params.gapMs.max),
      })),
    };
  });
  return { target, blocks };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Layout {
  /** The band at the top with the instruction and the target. */
  header: Box;
  /** The calm central panel where the shapes appear; the eyes rest here. */
  panel: Box;
  /** The rating buttons 0…10. */
  ratings: (Box & { value: number })[];
}

export function layoutOf(size: DisplaySize): Layout {
  const portrait = size.height > size.width;
  const header = { x: 0, y: 0, width: size.width, height: portrait ? 96 : 58 };
  const side = portrait ? 190 : 170;
  const middle = header.height + (size.height - header.height - 16) / 2;
  const panel = { x: (size.width - side) / 2, y: middle - side / 2, width: side, height: side };
  // Ratings: one row of eleven on a wide screen, two rows (0–5, 6–10) on a phone.
  const ratings: Layout["ratings"] = [];
  const perRow = portrait ? 6 : RATING_MAX + 1;
  const gap = portrait ? 10 : 8;
  const width = Math.min(72, (size.width - 32 - (perRow - 1) * gap) / perRow);
  const height = portrait ? 72 : 76;
  const top = portrait ? 250 : 150;
  for (let value = 0; value <= RATING_MAX; value++) {
    const row = Math.floor(value / perRow);
    const inRow = row === 0 ? Math.min(perRow, RATING_MAX + 1) : RATING_MAX + 1 - perRow;
    const left = (size.width - (inRow * width + (inRow - 1) * gap)) / 2;
    ratings.push({ value, x: left + (value % perRow) * (width + gap), y: top + row * (height + gap + 8), width, height });
  }
  return { header, panel, ratings };
}

export const centreOf = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

/** The rating a tap chose, or null when it missed every button. */
export function ratingAt(input: GameInput, layout: Layout): number | null {
  if (input.type !== "pointerdown") return null;
  const hit = layout.ratings.find((b) => input.x >= b.x - 4 && input.x <= b.x + b.width + 4 && input.y >= b.y - 4 && input.y <= b.y + b.height + 4);
  return hit ? hit.value : null;
}
