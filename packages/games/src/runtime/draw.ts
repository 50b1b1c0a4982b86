/** Drawing helpers shared by the families, so every game looks calm and alike. */

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
