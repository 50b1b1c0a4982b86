/** Drawing helpers shared by the families, so every game looks calm and alike. */
import type { DisplaySize } from "./types.ts";

/** Dark, calm, high-contrast; no pure white anywhere, so nothing glares or flashes. */
export const PALETTE = {
  background: "#1d2733",
  panel: "#26374a",
  panelEdge: "#4a6178",
  text: "#e6edf3",
  muted: "#a9b8c6",
  good: "#8fd694",
  bad: "#f4a896",
  /** Large-area feedback tints: low contrast with `panel`, and still guarded (runtime/safety.ts). */
  tintGood: "#2b4a3e",
  tintBad: "#4a3236",
} as const;

export function font(px: number, weight: "normal" | "bold" = "normal"): string {
  return `${weight} ${px}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
}

/** Splits text into lines no wider than `maxWidth` (by words). */
export function wrapLines(context: CanvasRenderingContext2D, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && context.measureText(candidate).width > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Centred, wrapped text from `top` down; returns the y below the last line. */
export function fillTextBlock(context: CanvasRenderingContext2D, text: string, centreX: number, top: number, maxWidth: number, lineHeight: number): number {
  context.textAlign = "center";
  context.textBaseline = "top";
  let y = top;
  for (const line of wrapLines(context, text, maxWidth)) {
    context.fillText(line, centreX, y);
    y += lineHeight;
  }
  return y;
}

export function roundedRect(context: CanvasRenderingContext2D, x: number, y: number, width: number, height: number, radius: number): void {
  context.beginPath();
  context.roundRect(x, y, width, height, radius);
}

/** The background, filled the same every frame (never a flash). */
export function clear(context: CanvasRenderingContext2D, size: DisplaySize): void {
  context.fillStyle = PALETTE.background;
  context.fillRect(0, 0, size.width, size.height);
}

/** The fixation cross every family with one shows: 28 px arms, centred on (x, y). */
export function drawCross(context: CanvasRenderingContext2D, x: number, y: number): void {
  context.strokeStyle = PALETTE.text;
  context.lineWidth = 4;
  context.beginPath();
  context.moveTo(x - 14, y);
  context.lineTo(x + 14, y);
  context.moveTo(x, y - 14);
  context.lineTo(x, y + 14);
  context.stroke();
}

/**
 * A thin calm bar along the bottom, so the patient knows how much is left. Families differ
 * only in how far up it sits (`bottom`, px from the bottom edge to its top) and how thick it is.
 */
export function drawProgress(context: CanvasRenderingContext2D, size: DisplaySize, done: number, total: number, { bottom = 14, thickness = 6 } = {}): void {
  context.fillStyle = PALETTE.panel;
  context.fillRect(16, size.height - bottom, size.width - 32, thickness);
  context.fillStyle = PALETTE.muted;
  context.fillRect(16, size.height - bottom, ((size.width - 32) * Math.min(done, total)) / total, thickness);
}

/** The sizes of the feedback text: `lift` raises its first line above the given middle. */
export const FEEDBACK_LARGE = { px: 30, lineHeight: 36, lift: 18 } as const;
export const FEEDBACK_MEDIUM = { px: 28, lineHeight: 34, lift: 16 } as const;

/**
 * The words between trials (a trial's feedback, good or bad) and at the end (`finished`, in
 * plain text), centred on (x, y); nothing in any other phase.
 */
export function drawFeedback(
  context: CanvasRenderingContext2D,
  phase: { name: string; good?: boolean; text?: string },
  finished: string,
  x: number,
  y: number,
  maxWidth: number,
  style: { px: number; lineHeight: number; lift: number } = FEEDBACK_LARGE,
): void {
  if (phase.name !== "feedback" && phase.name !== "done") return;
  context.fillStyle = phase.name === "done" ? PALETTE.text : phase.good ? PALETTE.good : PALETTE.bad;
  context.font = font(style.px, "bold");
  fillTextBlock(context, phase.name === "done" ? finished : (phase.text ?? ""), x, y - style.lift, maxWidth, style.lineHeight);
}

/**
 * The prompt on as few lines as the layout keeps for it (one in landscape, three in portrait),
 * in the largest font that fits them. For families whose layout leaves the prompt a fixed band.
 */
export function drawFittedPrompt(context: CanvasRenderingContext2D, text: string, width: number, top: number, portrait: boolean): void {
  const sizes = portrait ? [19, 18, 17, 16] : [18, 17, 16, 15];
  const maxLines = portrait ? 3 : 1;
  const px = sizes.find((size) => {
    context.font = font(size);
    return wrapLines(context, text, width - 32).length <= maxLines;
  });
  context.font = font(px ?? sizes[sizes.length - 1]);
  fillTextBlock(context, text, width / 2, top, width - 32, (px ?? sizes[sizes.length - 1]) + 6);
}
