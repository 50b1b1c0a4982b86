/**
 * Evaluator's subjective visual vertical (rod and frame). A trial: a blank moment (timed from
 * its first paint) → a tilted frame with a tilted line inside, timed from its first paint; the
 * patient turns the line (arrow keys, the turn buttons, or by dragging it) until it looks
 * upright and confirms (Enter, Space or OK) → "saved". No right or wrong is shown: feedback
 * would teach the answer. `value` = the confirmed line's angle, whole degrees, positive = its
 * top to the right.
 */
import { clear, drawProgress, fillTextBlock, font, PALETTE } from "../../runtime/draw.ts";
import { LATE_INPUT_GRACE_MS } from "../../runtime/input.ts";
import { integerBetween, shuffle } from "../../runtime/random.ts";
import { TrialEngineBase } from "../../runtime/trial-engine.ts";
import type { DisplaySize, GameContext, GameInput } from "../../runtime/types.ts";
import { frameCondition, SVV_LIMIT_DEG, type VerticalParams } from "./metrics.ts";
import { TEXTS } from "./texts.ts";
import { type Button, buttonAt, buttonForKey, centreOf, drawButton, PROGRESS } from "./ui.ts";

export interface PlannedLine {
  frameTilt: number;
  /** Where the line starts, degrees, never 0. */
  startDeg: number;
}

/** Every frame `trialsPerFrame` times in a shuffled order; start tilts left and right equally often. */
export function planLines(params: VerticalParams, random: () => number): PlannedLine[] {
  const frames = shuffle(
    random,
    params.frameTilts.flatMap((tilt) => Array.from({ length: params.trialsPerFrame }, () => tilt)),
  );
  const signs = shuffle(
    random,
    frames.map((_, i) => (i % 2 === 0 ? 1 : -1)),
  );
  return frames.map((frameTilt, i) => ({ frameTilt, startDeg: signs[i] * integerBetween(random, params.startTiltDeg.min, params.startTiltDeg.max) }));
}

export interface VerticalLayout {
  centre: { x: number; y: number };
  frameSide: number;
  lineHalf: number;
  /** Taps and drags within this radius of the centre turn the line towards the finger. */
  dialRadius: number;
  buttons: Button[];
}

export function layoutVertical(size: DisplaySize): VerticalLayout {
  if (size.height > size.width) {
    const centre = { x: size.width / 2, y: 300 };
    const w = (size.width - 48) / 3;
    const y = size.height - 130;
    return {
      centre,
      frameSide: Math.min(200, size.width * 0.5),
      lineHalf: 75,
      dialRadius: 150,
      buttons: [
        { id: "ccw", label: "↺", keys: ["ArrowLeft"], x: 16, y, width: w, height: 96 },
        { id: "ok", label: "OK", keys: ["Enter", " "], x: 24 + w, y, width: w, height: 96 },
        { id: "cw", label: "↻", keys: ["ArrowRight"], x: 32 + 2 * w, y, width: w, height: 96 },
      ],
    };
  }
  const centre = { x: size.width / 2, y: size.height / 2 + 22 };
  return {
    centre,
    frameSide: 220,
    lineHalf: 85,
    dialRadius: 165,
    buttons: [
      { id: "ccw", label: "↺", keys: ["ArrowLeft"], x: 40, y: centre.y - 60, width: 170, height: 110 },
      { id: "cw", label: "↻", keys: ["ArrowRight"], x: size.width - 210, y: centre.y - 60, width: 170, height: 110 },
      { id: "ok", label: "OK", keys: ["Enter", " "], x: size.width - 210, y: centre.y + 70, width: 170, height: 80 },
    ],
  };
}

type Phase =
  | { name: "blank"; since: number | null }
  | { name: "adjust"; shownAt: number | null; angle: number; dragging: boolean }
  | { name: "saved"; until: number }
  | { name: "done" };

/** A drag closer to the centre than this has no clear direction. */
const DEAD_ZONE = 20;

export class VerticalGame extends TrialEngineBase<Phase> {
  private readonly params: VerticalParams;
  private readonly plan: PlannedLine[];
  private readonly layout: VerticalLayout;
  protected phase: Phase = { name: "blank", since: null };

  constructor(private readonly context: GameContext<VerticalParams>) {
    super();
    this.params = context.build.params;
    this.plan = planLines(this.params, context.random);
    this.layout = layoutVertical(context.build.size);
  }

  private current(): PlannedLine {
    return this.plan[this.records.length];
  }

  protected advance(t: number): void {
    for (;;) {
      const phase = this.phase;
      if (phase.name === "blank" && phase.since !== null && t >= phase.since + this.params.intervalMs) {
        this.phase = { name: "adjust", shownAt: null, angle: this.current().startDeg, dragging: false };
      } else if (phase.name === "adjust" && phase.shownAt !== null && t >= phase.shownAt + this.params.adjustWindowMs + LATE_INPUT_GRACE_MS) {
        this.save(phase.shownAt, null, null);
      } else if (phase.name === "saved" && t >= phase.until) {
        this.phase = this.records.length < this.plan.length ? { name: "blank", since: null } : { name: "done" };
      } else {
        return;
      }
    }
  }

  protected answer(input: GameInput): void {
    const phase = this.phase;
    const t = input.timeStamp;
    if (phase.name !== "adjust" || phase.shownAt === null || t < phase.shownAt || t >= phase.shownAt + this.params.adjustWindowMs) return;
    if (input.type === "pointerup") {
      phase.dragging = false;
      return;
    }
    if (input.type === "pointermove") {
      // Only a drag that began on the line turns it, and only while the finger stays near it.
      if (phase.dragging && this.distance(input) <= this.layout.dialRadius * 1.3) this.turnTowards(phase, input);
      return;
    }
    if (input.type === "key") {
      const button = buttonForKey(this.layout.buttons, input);
      if (button) this.press(phase, button, t);
      return;
    }
    const button = buttonAt(this.layout.buttons, input);
    // A tap on the line (not on a button) points it at the finger and starts a drag.
    phase.dragging = button === null && this.distance(input) <= this.layout.dialRadius;
    if (button) this.press(phase, button, t);
    else if (phase.dragging) this.turnTowards(phase, input);
  }

  private press(phase: Extract<Phase, { name: "adjust" }>, button: Button, t: number): void {
    if (button.id === "ok") this.save(phase.shownAt!, t, phase.angle);
    else phase.angle = clampAngle(phase.angle + (button.id === "cw" ? 1 : -1));
  }

  private distance(point: { x: number; y: number }): number {
    return Math.hypot(point.x - this.layout.centre.x, point.y - this.layout.centre.y);
  }

  /** Points the line at the finger (either end of it), in whole degrees. */
  private turnTowards(phase: Extract<Phase, { name: "adjust" }>, point: { x: number; y: number }): void {
    if (this.distance(point) < DEAD_ZONE) return;
    let degrees = (Math.atan2(point.x - this.layout.centre.x, this.layout.centre.y - point.y) * 180) / Math.PI;
    if (degrees > 90) degrees -= 180;
    if (degrees <= -90) degrees += 180;
    phase.angle = clampAngle(Math.round(degrees));
  }

  /** Records the line as confirmed (`angle`), or an omission when the time ran out (null). */
  private save(shownAt: number, respondedAt: number | null, angle: number | null): void {
    this.record({
      kind: "svv",
      condition: frameCondition(this.current().frameTilt),
      level: this.context.level,
      shownAt,
      respondedAt,
      rtMs: respondedAt === null ? null : respondedAt - shownAt,
      correct: angle === null ? false : null,
      outcome: angle === null ? "omission" : "sample",
      value: angle,
    });
    const at = respondedAt ?? shownAt + this.params.adjustWindowMs;
    this.phase = { name: "saved", until: at + this.params.feedbackMs };
  }

  draw(context: CanvasRenderingContext2D, now: number): void {
    if (this.phase.name === "blank" && this.phase.since === null) this.phase.since = now;
    if (this.phase.name === "adjust" && this.phase.shownAt === null) this.phase.shownAt = now;
    const size = this.context.build.size;
    const { width, height } = size;
    const phase = this.phase;
    const language = this.context.language;
    clear(context, size);
    context.fillStyle = PALETTE.muted;
    context.font = font(height > width ? 19 : 21);
    fillTextBlock(context, TEXTS.promptVertical[language], width / 2, 12, width - 40, 26);

    const { centre, frameSide, lineHalf } = this.layout;
    if (phase.name === "adjust") {
      context.save();
      context.translate(centre.x, centre.y);
      context.rotate((this.current().frameTilt * Math.PI) / 180);
      context.strokeStyle = PALETTE.muted;
      context.lineWidth = 5;
      context.strokeRect(-frameSide / 2, -frameSide / 2, frameSide, frameSide);
      context.restore();
      context.save();
      context.translate(centre.x, centre.y);
      context.rotate((phase.angle * Math.PI) / 180);
      context.strokeStyle = PALETTE.text;
      context.lineWidth = 7;
      context.lineCap = "round";
      context.beginPath();
      context.moveTo(0, -lineHalf);
      context.lineTo(0, lineHalf);
      context.stroke();
      context.restore();
    }
    if (phase.name === "saved" || phase.name === "done") {
      context.fillStyle = phase.name === "done" ? PALETTE.text : PALETTE.muted;
      context.font = font(28, "bold");
      fillTextBlock(context, phase.name === "done" ? TEXTS.finished[language] : TEXTS.saved[language], centre.x, centre.y - 16, width - 48, 34);
    }
    for (const button of this.layout.buttons) drawButton(context, button, { fontPx: button.id === "ok" ? 30 : 46, dim: phase.name !== "adjust" });
    drawProgress(context, size, this.records.length, this.plan.length, PROGRESS);
  }

  /** A fixed protocol: the level never moves. */
  level(): number {
    return this.context.level;
  }

  interrupt(_now: number): void {
    this.inputs.clear();
    // The line in progress is dropped and shown again, from its planned start, after the pause.
    if (this.phase.name === "adjust" || this.phase.name === "blank") this.phase = { name: "blank", since: null };
    else if (this.phase.name === "saved") this.phase = this.records.length < this.plan.length ? { name: "blank", since: null } : { name: "done" };
  }

  /**
   * An ideal patient puts the line exactly upright and confirms: a tap on the line's upper
   * part points it straight up; small leftovers (a finger's rounding) go by the turn buttons.
   */
  demonstrate(now: number): GameInput | null {
    const phase = this.phase;
    if (phase.name !== "adjust" || phase.shownAt === null || now < phase.shownAt || now >= phase.shownAt + this.params.adjustWindowMs) return null;
    const tap = (point: { x: number; y: number }): GameInput => ({ type: "pointerdown", ...point, timeStamp: now });
    const button = (id: string) => centreOf(this.layout.buttons.find((b) => b.id === id)!);
    if (phase.angle === 0) return tap(button("ok"));
    if (Math.abs(phase.angle) > 2) return tap({ x: this.layout.centre.x, y: this.layout.centre.y - this.layout.dialRadius * 0.8 });
    return tap(button(phase.angle > 0 ? "ccw" : "cw"));
  }
}

function clampAngle(degrees: number): number {
  // + 0 turns −0 into 0.
  return Math.min(SVV_LIMIT_DEG, Math.max(-SVV_LIMIT_DEG, degrees)) + 0;
}
