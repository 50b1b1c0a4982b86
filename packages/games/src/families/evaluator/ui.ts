/** Evaluator's on-screen buttons (the touch zones that stand in for keys) and small drawing helpers. */
import { font, PALETTE, roundedRect } from "../../runtime/draw.ts";
import type { GameInput } from "../../runtime/types.ts";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Button extends Box {
  /** What the button means to the engine. */
  id: string;
  label: string;
  /** Keys that do the same (GameInput.key form). */
  keys: readonly string[];
}

export const centreOf = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

/** The button a tap landed on (with a little slack for unsteady fingers), or null. */
export function buttonAt(buttons: readonly Button[], input: GameInput, slack = 6): Button | null {
  if (input.type !== "pointerdown") return null;
  return buttons.find((b) => input.x >= b.x - slack && input.x <= b.x + b.width + slack && input.y >= b.y - slack && input.y <= b.y + b.height + slack) ?? null;
}

/** The button whose keys include this key press, or null. */
export function buttonForKey(buttons: readonly Button[], input: GameInput): Button | null {
  if (input.type !== "key") return null;
  return buttons.find((b) => b.keys.includes(input.key)) ?? null;
}

/** The button an input means, by tap or by key. */
export function buttonOf(buttons: readonly Button[], input: GameInput): Button | null {
  return buttonAt(buttons, input) ?? buttonForKey(buttons, input);
}

export function drawButton(context: CanvasRenderingContext2D, button: Button, options: { fontPx?: number; lit?: boolean; dim?: boolean } = {}): void {
  roundedRect(context, button.x, button.y, button.width, button.height, 12);
  context.fillStyle = options.lit ? PALETTE.panelEdge : PALETTE.panel;
  context.fill();
  context.strokeStyle = options.lit ? PALETTE.text : PALETTE.panelEdge;
  context.lineWidth = 2;
  context.stroke();
  context.fillStyle = options.dim ? PALETTE.panelEdge : PALETTE.text;
  context.font = font(options.fontPx ?? 28, "bold");
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(button.label, button.x + button.width / 2, button.y + button.height / 2 + 1);
}

/** The assessments' progress bar sits a little lower than the training games'. */
export const PROGRESS = { bottom: 12 } as const;
