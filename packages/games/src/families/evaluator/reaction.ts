/**
 * Evaluator's reaction-time baseline: simple RT with a fixed protocol (the same trials, window
 * and foreperiods for everyone), so the median compares from one session to the next. A trial:
 * fixation cross for a random foreperiod (timed from its first paint) → circle (timed from its
 * first paint) until an answer or the end of the window → short feedback.
 */
import { fillTextBlock, font, PALETTE } from "../../runtime/draw.ts";
import { InputQueue, LATE_INPUT_GRACE_MS } from "../../runtime/input.ts";
import { integerBetween } from "../../runtime/random.ts";
import type { GameContext, GameEngine, GameInput, Outcome, TrialRecord } from "../../runtime/types.ts";
import { ANTICIPATION_MS, type ReactionTimeParams } from "./metrics.ts";
import { TEXTS } from "./texts.ts";
import { clear, drawCross, drawProgress } from "./ui.ts";

type Phase =
  | { name: "fixation"; since: number | null }
  | { name: "stimulus"; fixationAt: number; shownAt: number | null }
  | { name: "feedback"; until: number; good: boolean; text: string }
  | { name: "done" };

const STIMULUS = "#ffd166";

export class ReactionTimeGame implements GameEngine {
  private readonly params: ReactionTimeParams;
  private readonly foreperiods: number[];
  private readonly records: TrialRecord[] = [];
  private readonly inputs = new InputQueue();
  private phase: Phase = { name: "fixation", since: null };
  private next = 0;

  constructor(private readonly context: GameContext<ReactionTimeParams>) {
    this.params = context.build.params;
    const { min, max } = this.params.foreperiodMs;
    this.foreperiods = Array.from({ length: this.params.trials }, () => integerBetween(context.random, min, max));
  }

  update(now: number): void {
    for (const input of this.inputs.takeUntil(now)) {
      this.advance(input.timeStamp);
      this.answer(input);
    }
    this.advance(now);
  }

  input(input: GameInput): void {
    this.inputs.push(input);
  }

  private advance(t: number): void {
    for (;;) {
      const phase = this.phase;
      if (phase.name === "fixation" && phase.since !== null && t >= phase.since + this.foreperiods[this.next]) {
        this.phase = { name: "stimulus", fixationAt: phase.since, shownAt: null };
      } else if (phase.name === "stimulus" && phase.shownAt !== null && t >= phase.shownAt + this.params.responseWindowMs + LATE_INPUT_GRACE_MS) {
        this.resolve(phase.shownAt, null, phase.shownAt + this.params.responseWindowMs, false);
      } else if (phase.name === "feedback" && t >= phase.until) {
        this.phase = this.next < this.params.trials ? { name: "fixation", since: null } : { name: "done" };
      } else {
        return;
      }
    }
  }

  private answer(input: GameInput): void {
    if (!(input.type === "pointerdown" || (input.type === "key" && (input.key === " " || input.key === "Enter")))) return;
    const t = input.timeStamp;
    const phase = this.phase;
    if (phase.name === "fixation" && phase.since !== null && t >= phase.since) {
      this.resolve(phase.since, t, t, true);
    } else if (phase.name === "stimulus" && t >= phase.fixationAt) {
      const shown = phase.shownAt !== null && t >= phase.shownAt;
      if (shown && t >= phase.shownAt! + this.params.responseWindowMs) return;
      this.resolve(shown ? phase.shownAt! : phase.fixationAt, t, t, !shown);
    }
  }

  private resolve(shownAt: number, respondedAt: number | null, at: number, premature: boolean): void {
    const rtMs = respondedAt === null ? null : respondedAt - shownAt;
    const outcome: Outcome = rtMs === null ? "omission" : premature || rtMs < ANTICIPATION_MS ? "anticipation" : "hit";
    this.records.push({
      index: this.records.length,
      kind: "simple",
      condition: "",
      level: this.context.level,
      shownAt,
      respondedAt,
      rtMs,
      correct: outcome === "hit",
      outcome,
      value: this.foreperiods[this.next],
    });
    this.next++;
    const language = this.context.language;
    const text = outcome === "hit" ? `${Math.round(rtMs!)} ms` : outcome === "omission" ? TEXTS.tooSlow[language] : TEXTS.tooEarly[language];
    this.phase = { name: "feedback", until: at + this.params.feedbackMs, good: outcome === "hit", text };
  }

  draw(context: CanvasRenderingContext2D, now: number): void {
    if (this.phase.name === "fixation" && this.phase.since === null) this.phase.since = now;
    if (this.phase.name === "stimulus" && this.phase.shownAt === null) this.phase.shownAt = now;
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
    if (phase.name === "feedback" || phase.name === "done") {
      context.fillStyle = phase.name === "done" ? PALETTE.text : phase.good ? PALETTE.good : PALETTE.bad;
      context.font = font(30, "bold");
      fillTextBlock(context, phase.name === "done" ? TEXTS.finished[this.context.language] : phase.text, middle.x, middle.y - 18, width - 48, 36);
    }
    drawProgress(context, size, this.records.length, this.params.trials);
  }

  trials(): readonly TrialRecord[] {
    return this.records;
  }

  /** A fixed protocol: the level never moves. */
  level(): number {
    return this.context.level;
  }

  finished(): boolean {
    return this.phase.name === "done";
  }

  interrupt(_now: number): void {
    this.inputs.clear();
    if (this.phase.name === "fixation" || this.phase.name === "stimulus") this.phase = { name: "fixation", since: null };
    else if (this.phase.name === "feedback") this.phase = this.next < this.params.trials ? { name: "fixation", since: null } : { name: "done" };
  }

  demonstrate(now: number): GameInput | null {
    const phase = this.phase;
    if (phase.name !== "stimulus" || phase.shownAt === null || now < phase.shownAt || now >= phase.shownAt + this.params.responseWindowMs) return null;
    const { width, height } = this.context.build.size;
    return { type: "pointerdown", x: width / 2, y: height / 2 + 20, timeStamp: now };
  }
}
