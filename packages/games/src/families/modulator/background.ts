/**
 * Modulator's moving background: stripes, a dot field (optic flow or drift) or a rotating dot
 * disc. It only moves when told to (`advance` with a speed and a ramp factor), so a block's
 * motion builds up and dies down smoothly and a pause leaves it where it was.
 */
import { PALETTE } from "../../runtime/draw.ts";
import { mulberry32, type Random } from "../../runtime/random.ts";
import type { DisplaySize } from "../../runtime/types.ts";
import type { Direction, Pattern } from "./metrics.ts";

interface Dot {
  /** Flow and rotation: polar around the centre (radians, px); drift: x, y. */
  a: number;
  r: number;
}

/** Optic flow: dots nearer the centre than this are reborn at the edge (contracting) and vice versa. */
const INNER_RADIUS = 18;
/** Optic flow: the slowest dots (near the centre) still move at this share of the edge speed. */
const FLOW_FLOOR = 0.15;

export class Background {
  /** Stripes: how far the bars have moved (px, modulo the period). */
  private offset = 0;
  private readonly dots: Dot[];
  private readonly random: Random;
  private readonly outer: number;

  constructor(
    private readonly pattern: Pattern,
    private readonly size: DisplaySize,
    /** Centre of the flow and the rotation (the central panel). */
    private readonly centre: { x: number; y: number },
    private readonly periodPx: number,
    maxDots: number,
    seed: number,
  ) {
    this.random = mulberry32(seed);
    // The farthest corner: the field covers the whole screen.
    this.outer = Math.hypot(Math.max(centre.x, size.width - centre.x), Math.max(centre.y, size.height - centre.y));
    this.dots = Array.from({ length: maxDots }, () => this.spawn(INNER_RADIUS, this.outer));
  }

  /** Uniform over the area of the ring between `inner` and `outer`. */
  private spawn(inner: number, outer: number): Dot {
    const r = Math.sqrt(inner ** 2 + this.random() * (outer ** 2 - inner ** 2));
    return { a: this.random() * Math.PI * 2, r };
  }

  /**
   * Moves the pattern on by `dtMs` at `speed` (px/s or degrees/s, already scaled by the motion
   * setting and capped) times `factor` (the ramp, 0..1).
   */
  advance(direction: Direction, speed: number, factor: number, dtMs: number): void {
    const step = (speed * factor * dtMs) / 1000;
    if (step === 0) return;
    const sign = direction === "left" || direction === "up" || direction === "in" || direction === "ccw" ? -1 : 1;
    if (this.pattern === "stripes") {
      this.offset = (((this.offset + sign * step) % this.periodPx) + this.periodPx) % this.periodPx;
      return;
    }
    if (this.pattern === "rotation") {
      const radians = (sign * step * Math.PI) / 180;
      for (const dot of this.dots) dot.a = (dot.a + radians) % (Math.PI * 2);
      return;
    }
    if (direction === "out" || direction === "in") {
      // Optic flow: speed grows with distance from the centre, as when travelling forwards.
      for (let i = 0; i < this.dots.length; i++) {
        const dot = this.dots[i];
        dot.r += sign * step * Math.max(FLOW_FLOOR, dot.r / this.outer);
        if (dot.r > this.outer) this.dots[i] = this.spawn(INNER_RADIUS, this.outer * 0.5);
        else if (dot.r < INNER_RADIUS) this.dots[i] = this.spawn(this.outer * 0.5, this.outer);
      }
      return;
    }
    // Drift: every dot moves the same way; the field wraps round.
    const horizontal = direction === "left" || direction === "right";
    for (const dot of this.dots) {
      const { x, y } = this.position(dot);
      const nx = wrap(x + (horizontal ? sign * step : 0), this.size.width);
      const ny = wrap(y + (horizontal ? 0 : sign * step), this.size.height);
      dot.r = Math.hypot(nx - this.centre.x, ny - this.centre.y);
      dot.a = Math.atan2(ny - this.centre.y, nx - this.centre.x);
    }
  }

  private position(dot: Dot): { x: number; y: number } {
    return { x: this.centre.x + dot.r * Math.cos(dot.a), y: this.centre.y + dot.r * Math.sin(dot.a) };
  }

  /** Paints the pattern over the background at `opacity` (contrast × ramp). */
  draw(context: CanvasRenderingContext2D, direction: Direction, opacity: number, dots: number): void {
    if (opacity <= 0) return;
    const { width, height } = this.size;
    context.save();
    context.globalAlpha = opacity;
    context.fillStyle = PALETTE.text;
    if (this.pattern === "stripes") {
      const bar = this.periodPx / 2;
      if (direction === "left" || direction === "right") {
        for (let x = this.offset - this.periodPx; x < width; x += this.periodPx) context.fillRect(x, 0, bar, height);
      } else {
        for (let y = this.offset - this.periodPx; y < height; y += this.periodPx) context.fillRect(0, y, width, bar);
      }
    } else {
      const flow = this.pattern === "dots" && (direction === "out" || direction === "in");
      context.beginPath();
      for (const dot of this.dots.slice(0, dots)) {
        const { x, y } = this.position(dot);
        if (x < -8 || y < -8 || x > width + 8 || y > height + 8) continue;
        // Looming: in optic flow, nearer (outer) dots are larger.
        const radius = flow ? 2 + 4 * (dot.r / this.outer) : 4;
        context.moveTo(x + radius, y);
        context.arc(x, y, radius, 0, Math.PI * 2);
      }
      context.fill();
    }
    context.restore();
  }
}

function wrap(value: number, size: number): number {
  return ((value % size) + size) % size;
}
