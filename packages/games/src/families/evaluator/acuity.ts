/**
 * Evaluator's (dynamic) visual acuity with a tumbling E. A trial: fixation cross for a random
 * foreperiod (timed from its first paint) → the E, still in the middle or gliding sideways,
 * for `exposureMs` from its first paint; the answer (the way its arms point: an arrow key or an
 * arrow button) is taken until `responseWindowMs` after the onset → short feedback. Each kind
 * (static, dynamic) has its own staircase: right answers shrink the E, errors enlarge it.
 */
import { clear, drawCross, drawFeedback, drawProgress, FEEDBACK_MEDIUM, fillTextBlock, font, PALETTE } from "../../runtime/draw.ts";
import { integerBetween, shuffle } from "../../runtime/random.ts";
import { Staircase } from "../../runtime/staircase.ts";
import { ForeperiodEngine } from "../../runtime/trial-engine.ts";
import type { DisplaySize, GameContext, GameInput, Outcome } from "../../runtime/types.ts";
import { type AcuityParams, ANTICIPATION_MS, logMarAt, optotypePx } from "./metrics.ts";
import { TEXTS } from "./texts.ts";
import { type Button, buttonOf, centreOf, drawButton, PROGRESS } from "./ui.ts";

export const ORIENTATIONS = ["right", "down", "left", "up"] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export interface PlannedE {
  kind: "static" | "dynamic";
  orientation: Orientation;
  /** Which way a moving E glides. */
  direction: "left" | "right";
  foreperiodMs: number;
}

/** Kinds balanced and shuffled; each block of four trials shows every orientation once. */
export function planAcuity(params: AcuityParams, random: () => number): PlannedE[] {
  const kinds = shuffle(
    random,
    Array.from({ length: params.trials }, (_, i) => (params.mode === "both" ? (i % 2 === 0 ? "static" : "dynamic") : params.mode)),
  );
  const orientations = Array.from({ length: Math.ceil(params.trials / 4) }, () => shuffle(random, ORIENTATIONS)).flat();
  const directions = shuffle(
    random,
    kinds.map((_, i) => (i % 2 === 0 ? ("left" as const) : ("right" as const))),
  );
  return kinds.map((kind, i) => ({
    kind,
    orientation: orientations[i],
    direction: directions[i],
    foreperiodMs: integerBetween(random, params.foreperiodMs.min, params.foreperiodMs.max),
  }));
}

export interface AcuityLayout {
  /** Where the E is centred (a moving E passes through it). */
  centre: { x: number; y: number };
  buttons: Button[];
}

const ARROWS: Record<Orientation, { label: string; key: string }> = {
  left: { label: "←", key: "ArrowLeft" },
  up: { label: "↑", key: "ArrowUp" },
  down: { label: "↓", key: "ArrowDown" },
  right: { label: "→", key: "ArrowRight" },
};

export function layoutAcuity(size: DisplaySize): AcuityLayout {
  const portrait = size.height > size.width;
  const order: Orientation[] = ["left", "up", "down", "right"];
  const gap = portrait ? 10 : 16;
  const width = portrait ? (size.width - 32 - 3 * gap) / 4 : 130;
  const height = portrait ? 90 : 84;
  const left = (size.width - (4 * width + 3 * gap)) / 2;
  const y = size.height - height - (portrait ? 40 : 24);
  return {
    centre: { x: size.width / 2, y: portrait ? 280 : 178 },
    buttons: order.map((id, i) => ({ id, label: ARROWS[id].label, keys: [ARROWS[id].key], x: left + i * (width + gap), y, width, height })),
  };
}

export class AcuityGame extends ForeperiodEngine<Orientation> {
  private readonly params: AcuityParams;
  private readonly plan: PlannedE[];
  private readonly layout: AcuityLayout;
  private readonly staircases: Record<PlannedE["kind"], Staircase>;
  private readonly motion: number;
  /** The level of the trial in progress, fixed when it starts. */
  private trialLevel: number;

  constructor(private readonly context: GameContext<AcuityParams>) {
    super();
    this.params = context.build.params;
    this.plan = planAcuity(this.params, context.random);
    this.layout = layoutAcuity(context.build.size);
    this.motion = Math.min(1, Math.max(0, context.motion));
    const { min, max } = context.build.difficulty;
    // Two right answers shrink the E a step, an error enlarges it two: the level settles near 80 % right.
    const make = () => new Staircase({ min, max, start: context.level, stepsPerLevel: 2, ratio: 4 });
    this.staircases = { static: make(), dynamic: make() };
    this.trialLevel = this.staircases[this.plan[0].kind].level();
  }

  private current(): PlannedE {
    return this.plan[this.records.length];
  }

  protected foreperiod(): number {
    return this.current().foreperiodMs;
  }

  protected responseWindow(): number {
    return this.params.responseWindowMs;
  }

  protected choiceOf(input: GameInput): Orientation | null {
    const button = buttonOf(this.layout.buttons, input);
    return button ? (button.id as Orientation) : null;
  }

  protected resolve(shownAt: number, respondedAt: number | null, orientation: Orientation | null, at: number, premature: boolean): void {
    const planned = this.current();
    const rtMs = respondedAt === null ? null : respondedAt - shownAt;
    const outcome: Outcome =
      rtMs === null ? "omission" : premature || rtMs < ANTICIPATION_MS ? "anticipation" : orientation === planned.orientation ? "hit" : "miss";
    const correct = outcome === "hit";
    const condition = planned.kind === "dynamic" ? planned.direction : "";
    const value = logMarAt(this.params.largestPx, this.context.build.difficulty.min, this.trialLevel);
    this.record({ kind: planned.kind, condition, level: this.trialLevel, shownAt, respondedAt, rtMs, correct, outcome, value });
    // An answer before the E says nothing about reading it.
    if (outcome !== "anticipation") this.staircases[planned.kind].record(correct);
    const language = this.context.language;
    const texts: Record<Outcome, string> = {
      hit: TEXTS.right[language],
      miss: TEXTS.wrong[language],
      omission: TEXTS.noAnswer[language],
      anticipation: TEXTS.tooEarlyE[language],
      commission: "",
      "correct-rejection": "",
      sample: "",
    };
    this.phase = { name: "feedback", until: at + this.params.feedbackMs, good: correct, text: texts[outcome] };
  }

  protected startTrial(): void {
    if (this.records.length >= this.plan.length) {
      this.phase = { name: "done" };
      return;
    }
    this.trialLevel = this.staircases[this.current().kind].level();
    this.phase = { name: "fixation", since: null };
  }

  /** Where the E is at `now`: a moving E glides through the centre at the motion-scaled speed. */
  private positionAt(shownAt: number, now: number): { x: number; y: number } {
    const { centre } = this.layout;
    const planned = this.current();
    if (planned.kind === "static") return centre;
    const speed = this.params.speedPxPerS * this.motion;
    const elapsed = Math.min(now - shownAt, this.params.exposureMs);
    const sign = planned.direction === "right" ? 1 : -1;
    return { x: centre.x + (sign * speed * (elapsed - this.params.exposureMs / 2)) / 1000, y: centre.y };
  }

  draw(context: CanvasRenderingContext2D, now: number): void {
    this.stampFirstPaint(now);
    const size = this.context.build.size;
    const { width, height } = size;
    const phase = this.phase;
    const language = this.context.language;
    clear(context, size);
    context.fillStyle = PALETTE.muted;
    context.font = font(height > width ? 19 : 21);
    fillTextBlock(context, TEXTS.promptAcuity[language], width / 2, 12, width - 40, 26);
    const { centre } = this.layout;
    if (phase.name === "fixation") drawCross(context, centre.x, centre.y);
    if (phase.name === "stimulus" && phase.shownAt !== null) {
      if (now < phase.shownAt + this.params.exposureMs) {
        const { x, y } = this.positionAt(phase.shownAt, now);
        drawE(context, x, y, optotypePx(this.params.largestPx, this.context.build.difficulty.min, this.trialLevel), this.current().orientation);
      } else {
        context.fillStyle = PALETTE.muted;
        context.font = font(26, "bold");
        fillTextBlock(context, TEXTS.whichWay[language], centre.x, centre.y - 16, width - 48, 32);
      }
    }
    drawFeedback(context, phase, TEXTS.finished[language], centre.x, centre.y, width - 48, FEEDBACK_MEDIUM);
    for (const button of this.layout.buttons) drawButton(context, button, { fontPx: 40, dim: phase.name !== "stimulus" });
    drawProgress(context, size, this.records.length, this.plan.length, PROGRESS);
  }

  level(): number {
    return this.staircases[this.params.mode === "static" ? "static" : "dynamic"].level();
  }

  demonstrate(now: number): GameInput | null {
    if (!this.answerable(now)) return null;
    // An ideal patient reads every E and taps its arrow.
    const button = this.layout.buttons.find((b) => b.id === this.current().orientation)!;
    return { type: "pointerdown", ...centreOf(button), timeStamp: now };
  }
}

/** A tumbling E `height` px tall centred at (x, y), its arms pointing `orientation`. */
export function drawE(context: CanvasRenderingContext2D, x: number, y: number, height: number, orientation: Orientation): void {
  const u = height / 5;
  const turn = { right: 0, down: Math.PI / 2, left: Math.PI, up: -Math.PI / 2 }[orientation];
  context.save();
  context.translate(x, y);
  context.rotate(turn);
  context.fillStyle = PALETTE.text;
  // The spine on the left, three arms pointing right (before the turn).
  context.fillRect(-2.5 * u, -2.5 * u, u, 5 * u);
  context.fillRect(-2.5 * u, -2.5 * u, 5 * u, u);
  context.fillRect(-2.5 * u, -0.5 * u, 5 * u, u);
  context.fillRect(-2.5 * u, 1.5 * u, 5 * u, u);
  context.restore();
}
