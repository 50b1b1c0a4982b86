/**
 * Evaluator's forward span. A trial: "watch" (timed from its first paint) → the sequence, one
 * item every `onMs + offMs` (squares of a 3 × 3 grid lighting up, or digits one at a time) →
 * the patient repeats it in the same order (taps or keys), timed from the first paint of the
 * answer screen; the first wrong item ends the trial → short feedback. The staircase sets the
 * length: one longer after a right answer, one shorter after a wrong one (so it settles at
 * the length repeated half the time, the usual span).
 */
import { clear, drawProgress, fillTextBlock, font, PALETTE, roundedRect } from "../../runtime/draw.ts";
import { LATE_INPUT_GRACE_MS } from "../../runtime/input.ts";
import { shuffle } from "../../runtime/random.ts";
import { Staircase } from "../../runtime/staircase.ts";
import { TrialEngineBase } from "../../runtime/trial-engine.ts";
import type { DisplaySize, GameContext, GameInput, Outcome } from "../../runtime/types.ts";
import { SPAN_LIMIT, type SpanParams } from "./metrics.ts";
import { TEXTS } from "./texts.ts";
import { type Box, type Button, buttonOf, centreOf, drawButton, PROGRESS } from "./ui.ts";

/** "Watch" stays this long before the first item. */
export const READY_MS = 900;
/** A tapped square lights this long, so the patient sees the tap was taken. */
const ECHO_MS = 250;
const LIT = "#ffd166";

/** Each trial's sequence at the longest length; a trial uses its first `length` items. */
export function planSpan(params: SpanParams, random: () => number): number[][] {
  const pool = params.material === "positions" ? [0, 1, 2, 3, 4, 5, 6, 7, 8] : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  return Array.from({ length: params.trials }, () => shuffle(random, pool).slice(0, SPAN_LIMIT));
}

export interface SpanLayout {
  /** Positions: the nine squares (id = index, reading order); digits: the keypad (id = digit). */
  buttons: Button[];
  /** Digits: where a digit is shown and the answer is written. */
  display: Box;
}

const GRID_KEYS = ["q", "w", "e", "a", "s", "d", "z", "x", "c"];

export function layoutSpan(material: SpanParams["material"], size: DisplaySize): SpanLayout {
  const portrait = size.height > size.width;
  if (material === "positions") {
    const side = portrait ? 104 : 86;
    const gap = portrait ? 14 : 16;
    const total = 3 * side + 2 * gap;
    const left = (size.width - total) / 2;
    const top = portrait ? 180 : 84;
    return {
      display: { x: left, y: top, width: total, height: total },
      buttons: GRID_KEYS.map((key, i) => ({
        id: String(i),
        label: key.toUpperCase(),
        keys: [key],
        x: left + (i % 3) * (side + gap),
        y: top + Math.floor(i / 3) * (side + gap),
        width: side,
        height: side,
      })),
    };
  }
  const key = portrait ? { width: 100, height: 70, gap: 12 } : { width: 80, height: 62, gap: 10 };
  const padWidth = 3 * key.width + 2 * key.gap;
  const padLeft = portrait ? (size.width - padWidth) / 2 : size.width - padWidth - 90;
  const padTop = portrait ? 290 : 76;
  const display = portrait
    ? { x: 16, y: 100, width: size.width - 32, height: 170 }
    : { x: 40, y: 76, width: padLeft - 80, height: 4 * key.height + 3 * key.gap };
  const order = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0];
  return {
    display,
    buttons: order.map((digit, i) => {
      const row = Math.floor(i / 3);
      const column = i === 9 ? 1 : i % 3;
      return {
        id: String(digit),
        label: String(digit),
        keys: [String(digit)],
        x: padLeft + column * (key.width + key.gap),
        y: padTop + row * (key.height + key.gap),
        width: key.width,
        height: key.height,
      };
    }),
  };
}

type Phase =
  | { name: "ready"; since: number | null }
  | { name: "present"; since: number }
  | { name: "recall"; shownAt: number | null; entered: number[]; lastAt: number | null }
  | { name: "feedback"; until: number; good: boolean; text: string }
  | { name: "done" };

export class SpanGame extends TrialEngineBase<Phase> {
  private readonly params: SpanParams;
  private readonly sequences: number[][];
  private readonly layout: SpanLayout;
  private readonly staircase: Staircase;
  protected phase: Phase = { name: "ready", since: null };
  /** The length of the trial in progress, fixed when it starts. */
  private length: number;
  private echo: { item: number; until: number } | null = null;

  constructor(private readonly context: GameContext<SpanParams>) {
    super();
    this.params = context.build.params;
    this.sequences = planSpan(this.params, context.random);
    this.layout = layoutSpan(this.params.material, context.build.size);
    const { min, max } = context.build.difficulty;
    this.staircase = new Staircase({ min, max, start: context.level, stepsPerLevel: 1, ratio: 1 });
    this.length = this.lengthNow();
  }

  private lengthNow(): number {
    return Math.min(SPAN_LIMIT, this.staircase.level());
  }

  private sequence(): number[] {
    return this.sequences[this.records.length].slice(0, this.length);
  }

  private get period(): number {
    return this.params.onMs + this.params.offMs;
  }

  protected advance(t: number): void {
    for (;;) {
      const phase = this.phase;
      if (phase.name === "ready" && phase.since !== null && t >= phase.since + READY_MS) {
        this.phase = { name: "present", since: phase.since + READY_MS };
      } else if (phase.name === "present" && t >= phase.since + this.length * this.period) {
        this.phase = { name: "recall", shownAt: null, entered: [], lastAt: null };
      } else if (phase.name === "recall" && phase.shownAt !== null && t >= (phase.lastAt ?? phase.shownAt) + this.params.recallWindowMs + LATE_INPUT_GRACE_MS) {
        // Time ran out: nothing typed is an omission, a part of the sequence is a miss.
        this.resolve(
          phase.shownAt,
          phase.lastAt,
          phase.entered.length === 0 ? "omission" : "miss",
          (phase.lastAt ?? phase.shownAt) + this.params.recallWindowMs,
        );
      } else if (phase.name === "feedback" && t >= phase.until) {
        this.startTrial();
      } else {
        return;
      }
    }
  }

  protected answer(input: GameInput): void {
    const phase = this.phase;
    const t = input.timeStamp;
    // Taps and keys while the sequence plays belong to no answer.
    if (phase.name !== "recall" || phase.shownAt === null || t < phase.shownAt) return;
    if (t >= (phase.lastAt ?? phase.shownAt) + this.params.recallWindowMs) return;
    const button = buttonOf(this.layout.buttons, input);
    if (!button) return;
    const item = Number(button.id);
    const sequence = this.sequence();
    phase.entered.push(item);
    phase.lastAt = t;
    this.echo = { item, until: t + ECHO_MS };
    if (item !== sequence[phase.entered.length - 1]) this.resolve(phase.shownAt, t, "miss", t);
    else if (phase.entered.length === sequence.length) this.resolve(phase.shownAt, t, "hit", t);
  }

  private resolve(shownAt: number, respondedAt: number | null, outcome: Outcome, at: number): void {
    const correct = outcome === "hit";
    const rtMs = respondedAt === null ? null : respondedAt - shownAt;
    this.record({ kind: this.params.material, condition: "", level: this.length, shownAt, respondedAt, rtMs, correct, outcome, value: this.length });
    this.staircase.record(correct);
    const language = this.context.language;
    const text = outcome === "hit" ? TEXTS.correct[language] : outcome === "miss" ? TEXTS.notQuite[language] : TEXTS.timeUp[language];
    this.phase = { name: "feedback", until: at + this.params.feedbackMs, good: correct, text };
  }

  private startTrial(): void {
    if (this.records.length >= this.sequences.length) {
      this.phase = { name: "done" };
      return;
    }
    this.length = this.lengthNow();
    this.phase = { name: "ready", since: null };
  }

  /** The item lit at `now` while the sequence plays, or null between items. */
  private shownItem(now: number): number | null {
    const phase = this.phase;
    if (phase.name !== "present" || now < phase.since) return null;
    const k = Math.floor((now - phase.since) / this.period);
    if (k >= this.length || now - phase.since - k * this.period >= this.params.onMs) return null;
    return this.sequence()[k];
  }

  draw(context: CanvasRenderingContext2D, now: number): void {
    if (this.phase.name === "ready" && this.phase.since === null) this.phase.since = now;
    if (this.phase.name === "recall" && this.phase.shownAt === null) this.phase.shownAt = now;
    const size = this.context.build.size;
    const { width, height } = size;
    const phase = this.phase;
    const language = this.context.language;
    const positions = this.params.material === "positions";
    // On a phone the squares are tapped: no letters to read.
    const phone = height > width;
    clear(context, size);

    const prompt =
      phase.name === "recall"
        ? positions
          ? (phone ? TEXTS.yourTurnTap : TEXTS.yourTurnPositions)[language]
          : TEXTS.yourTurnDigits[language]
        : phase.name === "ready" || phase.name === "present"
          ? `${TEXTS.watch[language]} · ${TEXTS.length[language]} ${this.length}`
          : "";
    context.fillStyle = phase.name === "recall" ? PALETTE.text : PALETTE.muted;
    context.font = font(height > width ? 20 : 21, phase.name === "recall" ? "bold" : "normal");
    fillTextBlock(context, prompt, width / 2, height > width ? 40 : 14, width - 40, 27);

    const shown = this.shownItem(now);
    const echo = this.echo && now < this.echo.until ? this.echo.item : null;
    const recalling = phase.name === "recall";
    if (positions) {
      for (const button of this.layout.buttons) {
        const item = Number(button.id);
        roundedRect(context, button.x, button.y, button.width, button.height, 12);
        context.fillStyle = item === shown ? LIT : item === echo ? PALETTE.panelEdge : PALETTE.panel;
        context.fill();
        context.strokeStyle = PALETTE.panelEdge;
        context.lineWidth = 2;
        context.stroke();
        // The keys only while answering, small in a corner: the squares are remembered by place.
        if (recalling && !phone) {
          context.fillStyle = PALETTE.muted;
          context.font = font(18, "bold");
          context.textAlign = "right";
          context.textBaseline = "bottom";
          context.fillText(button.label, button.x + button.width - 8, button.y + button.height - 6);
        }
      }
    } else {
      const { display } = this.layout;
      const middle = centreOf(display);
      if (shown !== null) {
        context.fillStyle = PALETTE.text;
        context.font = font(110, "bold");
        context.textAlign = "center";
        context.textBaseline = "middle";
        context.fillText(String(shown), middle.x, middle.y);
      }
      if (recalling) this.drawAnswer(context, phase.entered);
      for (const button of this.layout.buttons) drawButton(context, button, { fontPx: 30, dim: !recalling, lit: Number(button.id) === echo });
    }

    if (phase.name === "feedback" || phase.name === "done") {
      const text = phase.name === "done" ? TEXTS.finished[language] : phase.text;
      const colour = phase.name === "done" ? PALETTE.text : phase.good ? PALETTE.good : PALETTE.bad;
      this.drawBanner(context, text, colour);
    }
    drawProgress(context, size, this.records.length, this.sequences.length, PROGRESS);
  }

  /** Digits typed so far, in boxes, one box per item of the sequence. */
  private drawAnswer(context: CanvasRenderingContext2D, entered: readonly number[]): void {
    const { display } = this.layout;
    const gap = 8;
    const box = Math.min(48, (display.width - (this.length - 1) * gap) / this.length);
    const left = display.x + (display.width - (this.length * box + (this.length - 1) * gap)) / 2;
    const y = display.y + display.height / 2 - box / 2;
    for (let i = 0; i < this.length; i++) {
      roundedRect(context, left + i * (box + gap), y, box, box, 8);
      context.strokeStyle = i === entered.length ? PALETTE.text : PALETTE.panelEdge;
      context.lineWidth = 2;
      context.stroke();
      if (i < entered.length) {
        context.fillStyle = PALETTE.text;
        context.font = font(Math.round(box * 0.6), "bold");
        context.textAlign = "center";
        context.textBaseline = "middle";
        context.fillText(String(entered[i]), left + i * (box + gap) + box / 2, y + box / 2 + 1);
      }
    }
  }

  /** Feedback on a band over the middle of the grid or the display. */
  private drawBanner(context: CanvasRenderingContext2D, text: string, colour: string): void {
    const { display } = this.layout;
    const middle = centreOf(display);
    context.font = font(28, "bold");
    const width = Math.min(this.context.build.size.width - 24, context.measureText(text).width + 48);
    roundedRect(context, middle.x - width / 2, middle.y - 28, width, 56, 14);
    context.fillStyle = PALETTE.background;
    context.fill();
    context.strokeStyle = PALETTE.panelEdge;
    context.lineWidth = 2;
    context.stroke();
    context.fillStyle = colour;
    context.textAlign = "center";
    context.textBaseline = "middle";
    context.fillText(text, middle.x, middle.y + 1);
  }

  level(): number {
    return this.staircase.level();
  }

  interrupt(_now: number): void {
    this.inputs.clear();
    this.echo = null;
    // The sequence in progress is dropped and played again, whole, after the pause.
    if (this.phase.name === "ready" || this.phase.name === "present" || this.phase.name === "recall") this.phase = { name: "ready", since: null };
    else if (this.phase.name === "feedback") this.startTrial();
  }

  demonstrate(now: number): GameInput | null {
    const phase = this.phase;
    if (phase.name !== "recall" || phase.shownAt === null || now < phase.shownAt) return null;
    // An ideal patient repeats the sequence: taps the squares, types the digits.
    const next = this.sequence()[phase.entered.length];
    if (this.params.material === "digits") return { type: "key", key: String(next), timeStamp: now };
    return { type: "pointerdown", ...centreOf(this.layout.buttons[next]), timeStamp: now };
  }
}
