/**
 * Equalizer, the playing side. A trial runs: fixation cross (the foreperiod, timed from its
 * first paint) → the circle in the left or the right half, with its distractors (timed from its
 * first paint, until an answer or the end of the response window) → feedback → next trial.
 * RT runs from the rAF timestamp of the frame that painted the circle to the answer's event
 * timeStamp. Nothing moves: shapes appear and go in place, small against a still background;
 * the one large colour change, the feedback tint of a half, is guarded.
 *
 * Inputs are queued and resolved in `update` in timestamp order, interleaved with the trial's
 * deadlines (runtime/input.ts); the window is settled `LATE_INPUT_GRACE_MS` after it closes.
 */
import { clear, drawCross, drawFittedPrompt, drawProgress, fillTextBlock, font, PALETTE, roundedRect, wrapLines } from "../../runtime/draw.ts";
import type { Random } from "../../runtime/random.ts";
import { FlashGuard } from "../../runtime/safety.ts";
import { Staircase } from "../../runtime/staircase.ts";
import { ForeperiodEngine } from "../../runtime/trial-engine.ts";
import type { FamilyEngine, GameContext, GameInput, Outcome } from "../../runtime/types.ts";
import { ANTICIPATION_MS, type EqualizerBuild, type EqualizerParams, eccentricityAt, kindOf, responseWindowAt, type Side } from "./metrics.ts";
import { answerOf, type Layout, layout, type PlannedTrial, placeDistractors, planTrials, targetPlace } from "./plan.ts";
import { TEXTS } from "./texts.ts";

const TARGET = "#ffd166";
const DISTRACTOR = "#7cc6fe";

/** The fixation is the cross, the stimulus the circle (and its squares); the feedback tints a half. */
class EqualizerGame extends ForeperiodEngine<Side | "any", { panel: number }> {
  private readonly build: EqualizerBuild;
  private readonly plan: PlannedTrial[];
  private readonly box: Layout;
  private readonly staircase: Staircase;
  /** The feedback tint: which half, which colour. Moving it to the other half is a change too. */
  private readonly tint = new FlashGuard<{ panel: number; colour: string } | null>(null, (a, b) => a?.panel === b?.panel && a?.colour === b?.colour);
  private readonly language: GameContext["language"];
  private readonly random: Random;
  private readonly portrait: boolean;
  private next = 0;
  /** Level, window, circle and squares of the trial in progress, fixed when it starts. */
  private trialLevel = 0;
  private windowMs = 0;
  private eccentricity = 0;
  private target = { x: 0, y: 0 };
  private distractors: { x: number; y: number }[] = [];

  constructor(context: GameContext<EqualizerParams>) {
    super();
    this.build = context.build;
    this.language = context.language;
    this.random = context.random;
    this.portrait = this.build.size.height > this.build.size.width;
    this.plan = planTrials(this.build.params, context.random);
    this.box = layout(this.build.params, this.build.size);
    const { min, max } = this.build.difficulty;
    this.staircase = new Staircase({ min, max, start: context.level });
    this.fixTrial();
  }

  protected foreperiod(): number {
    return this.current().foreperiodMs;
  }

  protected responseWindow(): number {
    return this.windowMs;
  }

  protected choiceOf(input: GameInput): Side | "any" | null {
    return answerOf(input, this.build.params, this.box);
  }

  protected resolve(shownAt: number, respondedAt: number | null, said: Side | "any" | null, at: number, premature: boolean): void {
    const planned = this.current();
    const rtMs = respondedAt === null ? null : respondedAt - shownAt;
    const outcome = outcomeOf(planned, rtMs, said, premature);
    const correct = outcome === "hit";
    const kind = kindOf(this.build.params);
    this.record({ kind, condition: planned.side, level: this.trialLevel, shownAt, respondedAt, rtMs, correct, outcome, value: this.eccentricity });
    // The level sets the window and the eccentricity: anticipations, answered before either, leave it alone.
    if (outcome !== "anticipation") this.staircase.record(correct);
    this.next++;
    const side = said === "left" || said === "right" ? said : planned.side;
    this.phase = {
      name: "feedback",
      until: at + this.build.params.feedbackMs,
      good: correct,
      text: this.feedbackText(outcome, rtMs),
      panel: this.box.panels.length === 1 ? 0 : side === "left" ? 0 : 1,
    };
  }

  private feedbackText(outcome: Outcome, rtMs: number | null): string {
    if (outcome === "hit") return `${Math.round(rtMs ?? 0)} ms`;
    if (outcome === "miss") return TEXTS.otherSide[this.language];
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

  /** Fixes the level, the window, the circle's place and its squares for the trial about to start. */
  private fixTrial(): void {
    const planned = this.current();
    this.trialLevel = this.staircase.level();
    this.windowMs = responseWindowAt(this.build, this.trialLevel);
    this.eccentricity = Math.min(this.box.reach, eccentricityAt(this.build, this.trialLevel));
    this.target = targetPlace(planned, this.eccentricity, this.box);
    this.distractors = placeDistractors(this.build.params.distractors, planned.side, this.target, this.box, this.random);
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

    // The feedback tint is a large area: guarded, so it never changes more than 3 times a second.
    const tint = this.tint.show(phase.name === "feedback" ? { panel: phase.panel, colour: phase.good ? PALETTE.tintGood : PALETTE.tintBad } : null, now);
    const labels = box.panels.length === 1 ? [null] : this.portrait ? ["←", "→"] : ["← F", "J →"];
    box.panels.forEach((panel, i) => {
      roundedRect(context, panel.x, panel.y, panel.width, panel.height, 14);
      context.fillStyle = tint?.panel === i ? tint.colour : PALETTE.panel;
      context.fill();
      context.strokeStyle = PALETTE.panelEdge;
      context.lineWidth = 2;
      context.stroke();
      const label = labels[i];
      if (label) {
        context.fillStyle = PALETTE.muted;
        context.font = font(22, "bold");
        context.textAlign = "center";
        context.textBaseline = "bottom";
        context.fillText(label, panel.x + panel.width / 2, panel.y + panel.height - 10);
      }
    });

    // The cross stays through the trial: the eyes keep to it while the circle comes.
    if (phase.name === "fixation" || phase.name === "stimulus") drawCross(context, box.centre.x, box.centre.y);
    // The circle goes when its window closes, even while the grace period keeps the trial open.
    if (phase.name === "stimulus" && phase.shownAt !== null && now < phase.shownAt + this.windowMs) this.drawStimuli(context);
    if (phase.name === "feedback" || phase.name === "done") {
      const text = phase.name === "done" ? TEXTS.finished[this.language] : phase.text;
      context.font = font(28, "bold");
      const lines = wrapLines(context, text, box.field.width - 32);
      // Across the two halves the words sit on a plate of their own, not half on each side.
      if (box.panels.length === 2) {
        const plateWidth = Math.min(box.field.width - 16, Math.max(...lines.map((line) => context.measureText(line).width)) + 48);
        const plateHeight = lines.length * 34 + 22;
        roundedRect(context, box.centre.x - plateWidth / 2, box.centre.y - plateHeight / 2, plateWidth, plateHeight, 12);
        context.fillStyle = PALETTE.background;
        context.fill();
        context.strokeStyle = PALETTE.panelEdge;
        context.lineWidth = 2;
        context.stroke();
      }
      context.fillStyle = phase.name === "done" ? PALETTE.text : phase.good ? PALETTE.good : PALETTE.bad;
      fillTextBlock(context, text, box.centre.x, box.centre.y - (lines.length * 34) / 2 + 2, box.field.width - 32, 34);
    }

    drawProgress(context, this.build.size, this.records.length, this.plan.length);
  }

  private prompt(): string {
    const { mode, distractors } = this.build.params;
    if (this.portrait) return (mode === "simple" ? TEXTS.promptTouchSimple : TEXTS.promptTouchChoice)[this.language];
    return (mode === "simple" ? TEXTS.promptSimple : distractors > 0 ? TEXTS.promptDistractors : TEXTS.promptChoice)[this.language];
  }

  private drawStimuli(context: CanvasRenderingContext2D): void {
    const r = this.box.radius;
    // Shape, not only colour, tells the circle from the squares: colour-blind patients see the difference too.
    context.fillStyle = DISTRACTOR;
    for (const { x, y } of this.distractors) {
      context.beginPath();
      context.rect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
      context.fill();
    }
    context.fillStyle = TARGET;
    context.beginPath();
    context.arc(this.target.x, this.target.y, r, 0, Math.PI * 2);
    context.fill();
  }

  level(): number {
    return this.staircase.level();
  }

  demonstrate(now: number): GameInput | null {
    if (!this.answerable(now)) return null;
    // At a desk the ideal patient presses the side's arrow; otherwise (phone, simple detection) taps the circle.
    if (this.build.params.mode === "choice" && !this.portrait)
      return { type: "key", key: this.current().side === "left" ? "ArrowLeft" : "ArrowRight", timeStamp: now };
    return { type: "pointerdown", ...this.target, timeStamp: now };
  }
}

/** How a trial ended, from whether, when and where the patient answered. */
function outcomeOf(planned: PlannedTrial, rtMs: number | null, said: Side | "any" | null, premature: boolean): Outcome {
  if (rtMs === null) return "omission";
  if (premature || rtMs < ANTICIPATION_MS) return "anticipation";
  return said === "any" || said === planned.side ? "hit" : "miss";
}

export const equalizerEngine: FamilyEngine<EqualizerParams> = {
  family: "equalizer",
  create: (context) => new EqualizerGame(context),
};
