/**
 * Photosensitivity and motion safety, as code every family uses. Patients with vestibular
 * and neurological conditions are more sensitive than most to flicker and optic flow.
 *
 * The rule (WCAG 2.3.1, made stricter): no large luminance change (feedback colours, a
 * screen-wide colour, a big panel) happens more than three times in any second. WCAG counts
 * a flash as a pair of opposite changes; we count every single change, so we allow at most
 * half of what WCAG does.
 */
import type { CanvasRecording } from "./testing.ts";
import type { DisplaySize } from "./types.ts";

export const MAX_CHANGES_PER_SECOND = 3;

/**
 * The highest temporal frequency a repeating stimulus may have (stripes, checkerboards,
 * flicker): 3 Hz, under the 3-per-second rule and below where flicker provokes symptoms.
 */
export const MAX_TEMPORAL_FREQUENCY_HZ = 3;

/** The fastest a periodic pattern of `periodPx` may move, in logical px per second (3 periods a second). */
export function maxPatternSpeed(periodPx: number): number {
  return MAX_TEMPORAL_FREQUENCY_HZ * periodPx;
}

/** What `prefers-reduced-motion: reduce` does to the therapist's motion setting: halves it. */
export function reducedMotionFactor(prefersReducedMotion: boolean): number {
  return prefersReducedMotion ? 0.5 : 1;
}

/**
 * Counts large changes in a rolling second and refuses the fourth. Ask before every large
 * luminance change; when refused, keep what is on screen (holding a state never flashes).
 */
export class FlashLimiter {
  private readonly changes: number[] = [];

  constructor(private readonly maxPerSecond = MAX_CHANGES_PER_SECOND) {}

  /** Whether a change may happen at `now` (ms); records it when it may. */
  request(now: number): boolean {
    while (this.changes.length > 0 && this.changes[0] <= now - 1000) this.changes.shift();
    if (this.changes.length >= this.maxPerSecond) return false;
    this.changes.push(now);
    return true;
  }
}

/**
 * A value drawn over a large area (a feedback tint, a background): engines say every frame
 * what they would like shown, and get what may be shown. Both switching on and switching
 * off are changes; one that is refused simply waits for a later frame.
 */
export class FlashGuard<T> {
  private readonly limiter: FlashLimiter;

  /** `same` tells equal values apart from changes (for object values: compare what is drawn). */
  constructor(
    private current: T,
    private readonly same: (a: T, b: T) => boolean = Object.is,
    maxPerSecond = MAX_CHANGES_PER_SECOND,
  ) {
    this.limiter = new FlashLimiter(maxPerSecond);
  }

  show(wanted: T, now: number): T {
    if (!this.same(wanted, this.current) && this.limiter.request(now)) this.current = wanted;
    return this.current;
  }
}

/** WCAG relative luminance 0..1 of an opaque CSS colour (#rgb, #rrggbb, rgb(), rgba()); null when not understood. */
export function relativeLuminance(colour: string): number | null {
  const rgba = parseColour(colour);
  if (!rgba) return null;
  const [r, g, b] = rgba.slice(0, 3).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** [r, g, b, a] with channels 0..255 and alpha 0..1, or null. */
export function parseColour(colour: string): [number, number, number, number] | null {
  const text = colour.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(text)?.[1];
  if (hex && [3, 4, 6, 8].includes(hex.length)) {
    const digits = hex.length <= 4 ? [...hex].map((d) => d + d) : (hex.match(/../g) ?? []);
    const [r, g, b, a = "ff"] = digits;
    return [Number.parseInt(r, 16), Number.parseInt(g, 16), Number.parseInt(b, 16), Number.parseInt(a, 16) / 255];
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(text)?.[1];
  if (fn) {
    const parts = fn
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    if (parts.length >= 3 && parts.every(Number.isFinite)) return [parts[0], parts[1], parts[2], parts[3] ?? 1];
  }
  if (text === "black") return [0, 0, 0, 1];
  if (text === "white") return [255, 255, 255, 1];
  return null;
}

/** WCAG's threshold for a change large enough to count as (half of) a flash. */
const LARGE_LUMINANCE_CHANGE = 0.1;

/**
 * For tests: the most full-canvas background changes in any rolling second of a recorded run
 * (`runEngine(...).canvas`). A frame's background is what its full-canvas `fillRect`s leave
 * (composited when translucent); a change counts when luminance moves by 0.1 or more from one
 * frame to the next, or, for colours it cannot read (gradients), whenever the fill differs.
 * Assumes an identity transform, as engines drawing in logical units have under `runEngine`.
 */
export function maxBackgroundChangesPerSecond(recording: CanvasRecording, size: DisplaySize): number {
  const changes: number[] = [];
  let previous: { key: string; luminance: number | null } | null = null;
  for (const frame of backgroundsByFrame(recording, size)) {
    if (frame.key === "") continue;
    if (previous && previous.key !== frame.key) {
      const large = previous.luminance === null || frame.luminance === null || Math.abs(previous.luminance - frame.luminance) >= LARGE_LUMINANCE_CHANGE;
      if (large) changes.push(frame.now);
    }
    previous = frame;
  }
  let most = 0;
  for (let first = 0, last = 0; last < changes.length; last++) {
    while (changes[last] - changes[first] >= 1000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** Gradients and patterns are objects: each one is told apart by identity. */
const styleIds = new WeakMap<object, string>();
let styleCount = 0;
function styleKey(style: unknown): string {
  if (typeof style !== "object" || style === null) return String(style);
  if (!styleIds.has(style)) styleIds.set(style, `style-object-${++styleCount}`);
  return styleIds.get(style)!;
}

/** Replays the recording's state (fillStyle, globalAlpha, save/restore) to find each frame's background. */
function backgroundsByFrame(recording: CanvasRecording, size: DisplaySize): { now: number; key: string; luminance: number | null }[] {
  const frames: { now: number; key: string; luminance: number | null }[] = [];
  let state = { fillStyle: "#000000" as unknown, globalAlpha: 1 };
  const saved: (typeof state)[] = [];
  let frame: { now: number; fills: string[]; rgb: [number, number, number] | null; readable: boolean } | null = null;
  const close = () => {
    if (!frame) return;
    const luminance = frame.readable && frame.rgb ? relativeLuminance(`rgb(${frame.rgb.join(",")})`) : null;
    frames.push({ now: frame.now, key: frame.fills.join("|"), luminance });
  };
  for (const op of recording) {
    if (op.op === "frame") {
      close();
      frame = { now: op.now, fills: [], rgb: null, readable: true };
    } else if (op.op === "set") {
      if (op.name === "fillStyle" || op.name === "globalAlpha") state = { ...state, [op.name]: op.value };
    } else if (op.name === "save") {
      saved.push({ ...state });
    } else if (op.name === "restore") {
      state = saved.pop() ?? state;
    } else if (frame && (op.name === "fillRect" || op.name === "clearRect")) {
      const [x, y, w, h] = op.args as number[];
      if (!(x <= 0 && y <= 0 && x + w >= size.width && y + h >= size.height)) continue;
      const style = op.name === "clearRect" ? "clear" : styleKey(state.fillStyle);
      frame.fills.push(`${style}@${state.globalAlpha}`);
      const rgba = op.name === "clearRect" ? null : parseColour(style);
      if (!rgba) {
        frame.readable = false;
        continue;
      }
      const alpha = rgba[3] * Number(state.globalAlpha);
      const under = frame.rgb ?? [0, 0, 0];
      // Compositing in sRGB is an approximation, good enough to tell a dim overlay from a flash.
      frame.rgb = [0, 1, 2].map((i) => rgba[i] * alpha + under[i] * (1 - alpha)) as [number, number, number];
    }
  }
  close();
  return frames;
}
