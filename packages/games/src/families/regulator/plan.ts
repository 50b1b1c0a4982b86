/** Regulator's plan (blocks of segments), paths and tracking measure: pure, so tests check them without drawing. */
import { type Random, shuffle } from "../../runtime/random.ts";
import type { DisplaySize } from "../../runtime/types.ts";
import { ON_TARGET_SLACK_PX, type RegulatorParams, SAMPLE_MS, type Shape } from "./metrics.ts";

export interface PlannedBlock {
  shape: Shape;
  /** 1: rightwards, downwards, clockwise; −1 the other way. */
  direction: 1 | -1;
}

/**
 * The session's blocks, decided at the start from the seed: the shapes in turn, each round in a
 * fresh order (never the same shape twice running across rounds when there are several), each
 * block in a random direction.
 */
export function planBlocks(params: RegulatorParams, random: Random): PlannedBlock[] {
  const count = Math.ceil(params.segments / params.blockSegments);
  const shapes: Shape[] = [];
  while (shapes.length < count) {
    let round = shuffle(random, params.shapes);
    if (round.length > 1 && round[0] === shapes.at(-1)) round = [...round.slice(1), round[0]];
    shapes.push(...round);
  }
  return shapes.slice(0, count).map((shape) => ({ shape, direction: random() < 0.5 ? 1 : -1 }));
}

export interface Point {
  x: number;
  y: number;
}

/** Where paths may go: below the prompt and the status line, above the progress bar. */
export interface Area {
  centre: Point;
  /** Half-width and half-height available to the target's centre (its ring stays inside). */
  halfWidth: number;
  halfHeight: number;
  /** Where the prompt and the status line are written. */
  promptTop: number;
  statusTop: number;
}

export function areaOf(params: RegulatorParams, size: DisplaySize): Area {
  const portrait = size.height > size.width;
  const top = portrait ? 104 : 72;
  const bottom = size.height - 24;
  const margin = params.targetRadius + ON_TARGET_SLACK_PX + 4;
  return {
    centre: { x: size.width / 2, y: (top + bottom) / 2 },
    halfWidth: size.width / 2 - 12 - margin,
    halfHeight: (bottom - top) / 2 - margin,
    promptTop: 12,
    statusTop: portrait ? 70 : 42,
  };
}

/**
 * One lap of a shape, as a function of the phase θ (0..2π), starting at θ = 0: the lines from
 * one end (at rest, easing in and out of each turn), the circle from the top, the figure-eight
 * from its crossing. `scale` (0.5..1, from the motion setting) shrinks the path about the centre.
 */
export class Path {
  readonly length: number;
  private readonly a: number;
  private readonly b: number;

  constructor(
    readonly shape: Shape,
    readonly direction: 1 | -1,
    private readonly area: Area,
    scale: number,
  ) {
    const { halfWidth: w, halfHeight: h } = area;
    const wide = w >= h;
    if (shape === "horizontal") [this.a, this.b] = [w * scale, 0];
    else if (shape === "vertical") [this.a, this.b] = [h * scale, 0];
    else if (shape === "circle") [this.a, this.b] = [Math.min(w, h) * scale, 0];
    // A figure-eight lying along the longer side, about twice as long as it is tall.
    else if (wide) [this.a, this.b] = [Math.min(w, 2.4 * h) * scale, Math.min(h, w / 2) * scale];
    else [this.a, this.b] = [Math.min(h, 2.4 * w) * scale, Math.min(w, h / 2) * scale];
    let length = 0;
    let previous = this.at(0);
    const steps = 720;
    for (let i = 1; i <= steps; i++) {
      const point = this.at((i / steps) * 2 * Math.PI);
      length += Math.hypot(point.x - previous.x, point.y - previous.y);
      previous = point;
    }
    this.length = length;
  }

  at(theta: number): Point {
    const { x: cx, y: cy } = this.area.centre;
    const d = this.direction;
    switch (this.shape) {
      case "horizontal":
        return { x: cx - d * this.a * Math.cos(theta), y: cy };
      case "vertical":
        return { x: cx, y: cy - d * this.a * Math.cos(theta) };
      case "circle": {
        const angle = -Math.PI / 2 + d * theta;
        return { x: cx + this.a * Math.cos(angle), y: cy + this.a * Math.sin(angle) };
      }
      case "figure-eight": {
        const along = this.a * Math.sin(d * theta);
        const across = this.b * Math.sin(2 * d * theta);
        return this.area.halfWidth >= this.area.halfHeight ? { x: cx + along, y: cy + across } : { x: cx + across, y: cy + along };
      }
    }
  }
}

/** A pointer event as tracking keeps it: a position, or the pointer lost (a finger lifted, a pause). */
export type Trace = ({ t: number; x: number; y: number } | { t: number; lost: true })[];

/** Pointer events further apart than this are not joined by a straight line: the pointer rested. */
export const INTERPOLATE_MAX_GAP_MS = 100;

/** Where the pointer was at `t`: interpolated between the events either side, held while it rests, null when unknown. */
export function pointerAt(trace: Trace, t: number): Point | null {
  // Traces are short (a segment's events) and read in order: a linear scan from the end is enough.
  let i = trace.length - 1;
  while (i >= 0 && trace[i].t > t) i--;
  if (i < 0) return null;
  const a = trace[i];
  if ("lost" in a) return null;
  const b = trace[i + 1];
  if (!b || "lost" in b || b.t - a.t > INTERPOLATE_MAX_GAP_MS) return { x: a.x, y: a.y };
  const f = (t - a.t) / (b.t - a.t);
  return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
}

export interface Tracking {
  /** Mean distance from the target's centre over the samples with a known pointer; null when none. */
  meanErrorPx: number | null;
  /** Share of all samples (pointer unknown counts as off) within `radius` of the target's centre. */
  onTargetShare: number;
}

/** Samples a segment every SAMPLE_MS from `start` to `start + durationMs`, both included. */
export function measure(trace: Trace, target: (t: number) => Point, start: number, durationMs: number, radius: number): Tracking {
  const count = Math.floor(durationMs / SAMPLE_MS) + 1;
  let known = 0;
  let on = 0;
  let sum = 0;
  for (let j = 0; j < count; j++) {
    const t = start + j * SAMPLE_MS;
    const pointer = pointerAt(trace, t);
    if (!pointer) continue;
    const goal = target(t);
    const error = Math.hypot(pointer.x - goal.x, pointer.y - goal.y);
    known++;
    sum += error;
    if (error <= radius) on++;
  }
  return { meanErrorPx: known === 0 ? null : sum / known, onTargetShare: on / count };
}
