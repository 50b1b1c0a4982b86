/**
 * Activator, the playing side. A trial runs: fixation dot in the middle (the foreperiod, timed
 * from its first paint) → the dot jumps: it is painted at its landing place with a symbol,
 * which shows for the level's display time and is then masked, until an answer or the end of
 * the response window → feedback → next trial, from the middle again. RT runs from the rAF
 * timestamp of the frame that painted the jump to the answer's event timeStamp.
 *
 * The jump is a step: the dot is in one place in one frame and in the other the next, nothing
 * glides, nothing large moves. Its length is the level's amplitude scaled by the motion
 * setting (floored at a length that still needs a saccade, fitted to the field).
 *
 * Inputs are queued and resolved in `update` in timestamp order, interleaved with the trial's
 * deadlines (runtime/input.ts); the window is settled `LATE_INPUT_GRACE_MS` after it closes.
 */
import { clear, drawFeedback, drawFittedPrompt, drawProgress, FEEDBACK_MEDIUM, font, PALETTE, roundedRect } from "../../runtime/draw.ts";
import { FlashGuard } from "../../runtime/safety.ts";
import { Staircase } from "../../runtime/staircase.ts";
import { ForeperiodEngine } from "../../runtime/trial-engine.ts";
import type { FamilyEngine, GameContext, GameInput, Outcome } from "../../runtime/types.ts";
import { ANTICIPATION_MS, type ActivatorBuild, type ActivatorParams, amplitudeAt, displayMsAt } from "./metrics.ts";
import { answerOf, centreOf, effectiveAmplitude, type Layout, landing, layout, type PlannedTrial, planTrials, SYMBOLS } from "./plan.ts";
import { TEXTS } from "./texts.ts";

const TARGET = "#ffd166";
/** The symbol and its mask: dark on the yellow dot, for the highest contrast. */
const INK = "#1d2733";
type ArrowName = "left" | "up" | "down" | "right";
/** Where each arrow points, in screen coordinates (0 = right, y down). */
const ARROW_ANGLES: Record<ArrowName, number> = { left: Math.PI, up: -Math.PI / 2, down: Math.PI / 2, right: 0 };

/** The fixation is the dot in the middle, the stimulus its jump; the feedback lights the expected button. */
class ActivatorGame extends ForeperiodEngine<number, { expected: number | null }> {
  private readonly build: ActivatorBuild;
  private readonly plan: PlannedTrial[];
  private readonly box: Layout;
  private readonly staircase: Staircase;
  /** The answer button lit in the feedback (the right one); guarded like every colour change of an area. */
  private readonly tint = new FlashGuard<number | null>(null);
  private readonly language: GameContext["language"];
  private readonly motion: number;
  private readonly portrait: boolean;
  /** The plan item in progress; it advances only when a trial is recorded. */
  private next = 0;
  /** Level, display time and jump of the trial in progress, fixed when it starts. */
  private trialLevel: number;
  private displayMs: number;
  private amplitude: number;

  constructor(context: GameContext<ActivatorParams>) {
    super();
    this.build = context.build;
    this.language = context.language;
    this.motion = Math.min(1, Math.max(0, context.motion));
    this.portrait = this.build.size.height > this.build.size.width;
    this.plan = planTrials(this.build.params, context.random);
    this.box = layout(this.build.size);
    const { min, max } = this.build.difficulty;
    this.staircase = new Staircase({ min, max, start: context.level });
    this.trialLevel = this.staircase.level();
    this.displayMs = 0;
    this.amplitude = 0;
    this.fixTrial();
  }

  protected foreperiod(): number {
    return this.current().foreperiodMs;
  }

  protected responseWindow(): number {
    return this.build.params.responseWindowMs;
  }

  protected choiceOf(input: GameInput): number | null {
    return answerOf(input, this.build.params.symbols, this.box);
  }

  protected resolve(shownAt: number, respondedAt: number | null, choice: number | null, at: number, premature: boolean): void {
    const planned = this.current();
    const rtMs = respondedAt === null ? null : respondedAt - shownAt;
    const outcome = outcomeOf(planned, rtMs, choice, premature);
    const correct = outcome === "hit";
    this.record({ kind: "saccade", condition: planned.direction, level: this.trialLevel, shownAt, respondedAt, rtMs, correct, outcome, value: this.amplitude });
    // The level sets the display time and the jump, so only trials that showed them move it.
    if (outcome !== "anticipation") this.staircase.record(correct);
    this.next++;
    this.phase = {
      name: "feedback",
      until: at + this.build.params.feedbackMs,
      good: correct,
      text: this.feedbackText(outcome, rtMs, planned),
      expected: outcome === "anticipation" ? null : planned.symbol,
    };
  }

  private feedbackText(outcome: Outcome, rtMs: number | null, planned: PlannedTrial): string {
    const label = SYMBOLS[this.build.params.symbols][planned.symbol].label;
    if (outcome === "hit") return `${Math.round(rtMs ?? 0)} ms`;
    if (outcome === "miss") return `${TEXTS.itWas[this.language]} ${label}`;
    if (outcome === "omission") return TEXTS.tooSlow[this.language];
    return TEXTS.tooEarly[this.language];
  }

  protected startTrial(): void {
    if (this.next >= this.plan.length) {
      this.phase = { name: "done" };
      return;
    }
    this.fixTrial();
    this.phase = { name: "fixation", since: null };
  }

  /** Fixes the level, the display time and the jump of the trial about to start. */
  private fixTrial(): void {
    this.trialLevel = this.staircase.level();
    this.displayMs = displayMsAt(this.build, this.trialLevel);
    this.amplitude = effectiveAmplitude(amplitudeAt(this.build, this.trialLevel), this.motion, this.current().direction, this.box);
  }

  private current(): PlannedTrial {
    return this.plan[this.next];
  }

  draw(context: CanvasRenderingContext2D, now: number): void {
    this.stampFirstPaint(now);
    const { width } = this.build.size;
    const phase = this.phase;
    const box = this.box;
    clear(context, this.build.size);

    context.fillStyle = PALETTE.muted;
    drawFittedPrompt(context, this.prompt(), width, box.promptTop, this.portrait);

    roundedRect(context, box.field.x, box.field.y, box.field.width, box.field.height, 14);
    context.fillStyle = PALETTE.panel;
    context.fill();
    context.strokeStyle = PALETTE.panelEdge;
    context.lineWidth = 2;
    context.stroke();

    if (phase.name === "fixation") this.drawFixation(context);
    // The dot goes when its window closes, even while the grace period keeps the trial open.
    if (phase.name === "stimulus" && phase.shownAt !== null && now < phase.shownAt + this.build.params.responseWindowMs) {
      this.drawTarget(context, now < phase.shownAt + this.displayMs);
    }
    drawFeedback(context, phase, TEXTS.finished[this.language], box.centre.x, box.centre.y, box.field.width - 32, FEEDBACK_MEDIUM);

    this.drawButtons(context, this.tint.show(phase.name === "feedback" ? phase.expected : null, now));

    drawProgress(context, this.build.size, this.records.length, this.plan.length);
  }

  private prompt(): string {
    if (this.portrait) return TEXTS.promptTouch[this.language];
    return (this.build.params.symbols === "arrows" ? TEXTS.promptArrows : TEXTS.promptLetters)[this.language];
  }

  private drawFixation(context: CanvasRenderingContext2D): void {
    const { x, y } = this.box.centre;
    context.beginPath();
    context.arc(x, y, 16, 0, Math.PI * 2);
    context.strokeStyle = PALETTE.muted;
    context.lineWidth = 3;
    context.stroke();
    context.beginPath();
    context.arc(x, y, 7, 0, Math.PI * 2);
    context.fillStyle = PALETTE.text;
    context.fill();
  }

  private drawTarget(context: CanvasRenderingContext2D, showSymbol: boolean): void {
    const { x, y } = landing(this.current().direction, this.amplitude, this.box);
    const r = this.box.radius;
    context.beginPath();
    context.arc(x, y, r, 0, Math.PI * 2);
    context.fillStyle = TARGET;
    context.fill();
    if (showSymbol) this.drawSymbol(context, x, y, r);
    else drawMask(context, x, y, r);
  }

  private drawSymbol(context: CanvasRenderingContext2D, x: number, y: number, r: number): void {
    const symbol = SYMBOLS[this.build.params.symbols][this.current().symbol];
    if (this.build.params.symbols === "letters") {
      context.fillStyle = INK;
      context.font = font(Math.round(r * 1.25), "bold");
      context.textAlign = "center";
      context.textBaseline = "middle";
      context.fillText(symbol.label, x, y + 1);
      return;
    }
    drawArrow(context, x, y, r * 0.62, ARROW_ANGLES[symbol.name as ArrowName], INK);
  }

  private drawButtons(context: CanvasRenderingContext2D, lit: number | null): void {
    SYMBOLS[this.build.params.symbols].forEach((symbol, i) => {
      const button = this.box.buttons[i];
      roundedRect(context, button.x, button.y, button.width, button.height, 12);
      context.fillStyle = lit === i ? PALETTE.tintGood : PALETTE.panel;
      context.fill();
      context.strokeStyle = lit === i ? PALETTE.good : PALETTE.panelEdge;
      context.lineWidth = 2;
      context.stroke();
      const { x, y } = centreOf(button);
      // The same shapes as on the dot, so the patient matches what was seen.
      if (this.build.params.symbols === "arrows") {
        drawArrow(context, x, y, 17, ARROW_ANGLES[symbol.name as ArrowName], PALETTE.text);
        return;
      }
      context.fillStyle = PALETTE.text;
      context.font = font(28, "bold");
      context.textAlign = "center";
      context.textBaseline = "middle";
      context.fillText(symbol.label, x, y + 1);
    });
  }

  level(): number {
    return this.staircase.level();
  }

  demonstrate(now: number): GameInput | null {
    if (!this.answerable(now)) return null;
    const planned = this.current();
    // On a phone the ideal patient taps the button; at a desk, presses the key.
    if (this.portrait) return { type: "pointerdown", ...centreOf(this.box.buttons[planned.symbol]), timeStamp: now };
    return { type: "key", key: SYMBOLS[this.build.params.symbols][planned.symbol].keys[0], timeStamp: now };
  }
}

/** An arrow of half-length `half` centred on (x, y), pointing at `angle` (0 = right, screen coordinates). */
function drawArrow(context: CanvasRenderingContext2D, x: number, y: number, half: number, angle: number, colour: string): void {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const shaft = half * 0.22;
  const head = half * 0.62;
  // Right-pointing outline, rotated into place.
  const outline = [
    [-half, -shaft],
    [half - head, -shaft],
    [half - head, -head],
    [half, 0],
    [half - head, head],
    [half - head, shaft],
    [-half, shaft],
  ];
  context.beginPath();
  outline.forEach(([px, py], i) => {
    const ox = x + px * cos - py * sin;
    const oy = y + px * sin + py * cos;
    if (i === 0) context.moveTo(ox, oy);
    else context.lineTo(ox, oy);
  });
  context.closePath();
  context.fillStyle = colour;
  context.fill();
}

/** Strokes in every direction over the dot: whatever the symbol was, it is gone and nothing new is readable. */
function drawMask(context: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  context.strokeStyle = INK;
  context.lineWidth = Math.max(4, r * 0.16);
  context.lineCap = "round";
  context.beginPath();
  for (let i = 0; i < 4; i++) {
    const angle = (i * Math.PI) / 4;
    const dx = Math.cos(angle) * r * 0.58;
    const dy = Math.sin(angle) * r * 0.58;
    context.moveTo(x - dx, y - dy);
    context.lineTo(x + dx, y + dy);
  }
  context.stroke();
  context.lineCap = "butt";
}

/** How a trial ended, from whether, when and what the patient answered. */
function outcomeOf(planned: PlannedTrial, rtMs: number | null, choice: number | null, premature: boolean): Outcome {
  if (rtMs === null) return "omission";
  if (premature || rtMs < ANTICIPATION_MS) return "anticipation";
  return choice === planned.symbol ? "hit" : "miss";
}

export const activatorEngine: FamilyEngine<ActivatorParams> = {
  family: "activator",
  create: (context) => new ActivatorGame(context),
};
