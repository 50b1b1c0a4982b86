/**
 * Fitting a build's fixed logical size into whatever box the page gives it. Pure math, so it
 * is tested here and `mount.ts` only applies the numbers. Engines always draw in logical
 * units; the context transform maps them to backing-store pixels.
 */
import type { DisplaySize } from "./types.ts";

export interface StageFit {
  /** CSS pixels per logical unit, the same on both axes (never distorted). */
  scale: number;
  /** The canvas's CSS size. */
  cssWidth: number;
  cssHeight: number;
  /** Where the canvas sits inside the container (CSS pixels), centred. */
  offsetX: number;
  offsetY: number;
  /** The canvas's backing store, in device pixels, so lines stay crisp on high-DPI screens. */
  backingWidth: number;
  backingHeight: number;
  /** Device pixels per logical unit: the context's transform. */
  backingScale: number;
}

/** Beyond 3 device pixels per CSS pixel nobody sees a difference; the memory cost keeps growing. */
const MAX_PIXEL_RATIO = 3;

export function fitStage(logical: DisplaySize, container: DisplaySize, devicePixelRatio = 1): StageFit {
  const fits = Math.min(container.width / logical.width, container.height / logical.height);
  // A container not laid out yet (0 × 0) still gets a usable canvas; the next resize fixes it.
  const scale = Number.isFinite(fits) && fits > 0 ? fits : 1;
  const ratio = Math.min(MAX_PIXEL_RATIO, Math.max(1, Number.isFinite(devicePixelRatio) ? devicePixelRatio : 1));
  // Whole device pixels, and a CSS size that is exactly that many device pixels: one canvas
  // pixel per screen pixel is what keeps lines and text crisp. (The epsilon absorbs 1000.0000001.)
  const backingWidth = Math.max(1, Math.floor(logical.width * scale * ratio + 1e-6));
  const backingHeight = Math.max(1, Math.floor(logical.height * scale * ratio + 1e-6));
  const cssWidth = backingWidth / ratio;
  const cssHeight = backingHeight / ratio;
  return {
    scale,
    cssWidth,
    cssHeight,
    offsetX: Math.max(0, (container.width - cssWidth) / 2),
    offsetY: Math.max(0, (container.height - cssHeight) / 2),
    backingWidth,
    backingHeight,
    // From the whole-pixel width, so the drawing fills the backing store exactly.
    backingScale: backingWidth / logical.width,
  };
}

/** The canvas's on-screen box (`getBoundingClientRect()`). */
export interface ClientRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A pointer's client coordinates to the build's logical coordinates. */
export function clientToLogical(client: { x: number; y: number }, rect: ClientRect, logical: DisplaySize): { x: number; y: number } {
  return {
    x: ((client.x - rect.left) / rect.width) * logical.width,
    y: ((client.y - rect.top) / rect.height) * logical.height,
  };
}

/** The inverse: where on the page a logical point is (the demonstration mode clicks there). */
export function logicalToClient(point: { x: number; y: number }, rect: ClientRect, logical: DisplaySize): { x: number; y: number } {
  return {
    x: rect.left + (point.x / logical.width) * rect.width,
    y: rect.top + (point.y / logical.height) * rect.height,
  };
}
