/**
 * Evaluator's reaction-time baseline: simple RT with a fixed protocol (the same trials, window
 * and foreperiods for everyone), so the median compares from one session to the next. A trial:
 * fixation cross for a random foreperiod (timed from its first paint) → circle (timed from its
 * first paint) until an answer or the end of the window → short feedback.
 */
import { clear, drawCross, drawFeedback, drawProgress, fillTextBlock, font, PALETTE } from "../../runtime/draw.ts";
import { integerBetween } from "../../runtime/random.ts";
import { ForeperiodEngine } from "../../runtime/trial-engine.ts";
import type { GameContext, GameInput, Outcome } from "../../runtime/types.ts";
import { ANTICIPATION_MS, type ReactionTimeParams } from "./metrics.ts";
import { TEXTS } from "./texts.ts";
import { PROGRESS } from "./ui.ts";

const STIMULUS = "#ffd166";

/** Any answer key or tap answers: the choice is only that there was one. */
export class ReactionTimeGame extends ForeperiodEngine<true> {
  private readonly params: ReactionTimeParams;
  private readonly foreperiods: number[];
  private next = 0;

  constructor(private readonly context: GameContext<ReactionTimeParams>) {
    super();
    this.params = context.build.params;
    const { min, max } = this.params.foreperiodMs;
    this.foreperiods = Array.from({ length: this.params.trials }, () => integerBetween(context.random, min, max));
  }

  protected foreperiod(): number {
    return this.foreperiods[this.next];
  }

  protected responseWindow(): number {
    return this.params.responseWindowMs;
  }

  protected choiceOf(input: GameInput): true | null {
    return input.type === "pointerdown" || (input.type === "key" && (input.key === " " || input.key === "Enter")) ? true : null;
  }

  protected resolve(shownAt: number, respondedAt: number | null, _choice: true | null, at: number, premature: boolean): void {
    const rtMs = respondedAt === null ? null : respondedAt - shownAt;
    const outcome: Outcome = rtMs === null ? "omission" : premature || rtMs < ANTICIPATION_MS ? "anticipation" : "hit";
    const value = this.foreperiods[this.next];
    this.record({ kind: "simple", condition: "", level: this.context.level, shownAt, respondedAt, rtMs, correct: outcome === "hit", outcome, value });
    this.next++;
    const language = this.context.language;
    const text = outcome === "hit" ? `${Math.round(rtMs!)} ms` : outcome === "omission" ? TEXTS.tooSlow[language] : TEXTS.tooEarly[language];
    this.phase = { name: "feedback", until: at + this.params.feedbackMs, good: outcome === "hit", text };
  }

  protected startTrial(): void {
    this.phase = this.next < this.params.trials ? { name: "fixation", since: null } : { name: "done" };
  }

  draw(context: CanvasRenderingContext2D, now: number): void {
    this.stampFirstPaint(now);
    const size = this.context.build.size;
    const { width, height } = size;
    const phase = this.phase;
    clear(context, size);
    context.fillStyle = PALETTE.muted;
    context.font = font(height > width ? 20 : 21);
    fillTextBlock(context, TEXTS.promptReaction[this.context.language], width / 2, 16, width - 32, 26);
    const middle = { x: width / 2, y: height / 2 + 20 };
    if (phase.name === "fixation") drawCross(context, middle.x, middle.y);
    if (phase.name === "stimulus" && now < (phase.shownAt ?? now) + this.params.responseWindowMs) {
      context.fillStyle = STIMULUS;
      context.beginPath();
      context.arc(middle.x, middle.y, Math.min(70, width * 0.16), 0, Math.PI * 2);
      context.fill();
    }
    drawFeedback(context, phase, TEXTS.finished[this.context.language], middle.x, middle.y, width - 48);
    drawProgress(context, size, this.records.length, this.params.trials, PROGRESS);
  }

  /** A fixed protocol: the level never moves. */
  level(): number {
    return this.context.level;
  }

  demonstrate(now: number): GameInput | null {
    if (!this.answerable(now)) return null;
    const { width, height } = this.context.build.size;
    return { type: "pointerdown", x: width / 2, y: height / 2 + 20, timeStamp: now };
  }
}
