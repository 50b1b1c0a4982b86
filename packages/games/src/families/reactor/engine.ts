/**
 * Reactor, the playing side. A trial runs: fixation cross (the foreperiod, timed from its first
 * paint) → stimulus (timed from its first paint, until an answer or the end of the response
 * window) → feedback → next trial. RT runs from the rAF timestamp of the frame that painted
 * the stimulus to the input event's timeStamp, both in game time.
 *
 * Inputs are queued and resolved in `update` in timestamp order, interleaved with the trial's
 * deadlines (runtime/input.ts), and a window is settled only `LATE_INPUT_GRACE_MS` after it
 * closed: an answer given just before the window closed counts even when the browser delivers
 * it a frame late. Outcomes depend on when things happened, not on frames.
 */
import { clear, drawCross, drawFeedback, drawProgress, fillTextBlock, font, PALETTE, roundedRect } from "../../runtime/draw.ts";
import { FlashGuard } from "../../runtime/safety.ts";
import { Staircase } from "../../runtime/staircase.ts";
import { ForeperiodEngine } from "../../runtime/trial-engine.ts";
import type { FamilyEngine, GameContext, GameInput, Outcome } from "../../runtime/types.ts";
import { ANTICIPATION_MS, type ReactorBuild, type ReactorParams, responseWindowMs } from "./metrics.ts";
import { centreOf, layoutZones, type PlannedTrial, planTrials, type Zone, zoneOf } from "./plan.ts";
import { TEXTS } from "./texts.ts";

const STIMULUS = "#ffd166";
const NOGO = "#7cc6fe";

/** The fixation is the cross; the feedback tints the answered (or the due) box. */
class ReactorGame extends ForeperiodEngine<number, { zone: number }> {
  private readonly build: ReactorBuild;
  private readonly plan: PlannedTrial[];
  private readonly zones: Zone[];
  private readonly staircase: Staircase;
  /** The feedback tint: which box, which colour. Moving it to another box is a change too. */
  private readonly tint = new FlashGuard<{ zone: number; colour: string } | null>(null, (a, b) => a?.zone === b?.zone && a?.colour === b?.colour);
  private readonly language: GameContext["language"];
  /** The plan item in progress; it advances only when a trial is recorded. */
  private next = 0;
  /** Level and window of the trial in progress, fixed when it starts. */
  private trialLevel: number;
  private windowMs: number;

  constructor(context: GameContext<ReactorParams>) {
    super();
    this.build = context.build;
    this.language = context.language;
    this.plan = planTrials(this.build.params, context.random);
    this.zones = layoutZones(this.build.params, this.build.size);
    const { min, max } = this.build.difficulty;
    this.staircase = new Staircase({ min, max, start: context.level });
    this.trialLevel = this.staircase.level();
    this.windowMs = responseWindowMs(this.build, this.trialLevel);
  }

  protected foreperiod(): number {
    return this.current().foreperiodMs;
  }

  protected responseWindow(): number {
    return this.windowMs;
  }

  protected choiceOf(input: GameInput): number | null {
    return zoneOf(input, this.zones);
  }

  protected resolve(shownAt: number, respondedAt: number | null, zone: number | null, at: number, premature: boolean): void {
    const planned = this.current();
    const rtMs = respondedAt === null ? null : respondedAt - shownAt;
    const outcome = outcomeOf(planned, rtMs, zone, premature);
    const correct = outcome === "hit" || outcome === "correct-rejection";
    this.record({
      kind: planned.kind,
      condition: planned.condition,
      level: this.trialLevel,
      shownAt,
      respondedAt,
      rtMs,
      correct,
      outcome,
      value: planned.foreperiodMs,
    });
    // The level sets the response window, so only trials the window affects move it: not
    // anticipations (answered before any window) and not no-go trials (no answer due).
    if (outcome !== "anticipation" && planned.kind !== "nogo") this.staircase.record(correct);
    this.next++;
    this.phase = {
      name: "feedback",
      until: at + this.build.params.feedbackMs,
      good: correct,
      text: this.feedbackText(outcome, rtMs),
      zone: zone ?? planned.zone,
    };
  }

  private feedbackText(outcome: Outcome, rtMs: number | null): string {
    const texts = {
      hit: `${Math.round(rtMs ?? 0)} ms`,
      miss: TEXTS.otherBox[this.language],
      omission: TEXTS.tooSlow[this.language],
      commission: TEXTS.commission[this.language],
      anticipation: TEXTS.tooEarly[this.language],
      "correct-rejection": TEXTS.held[this.language],
      sample: "",
    } satisfies Record<Outcome, string>;
    return texts[outcome];
  }

  protected startTrial(): void {
    if (this.next >= this.plan.length) {
      this.phase = { name: "done" };
      return;
    }
    this.trialLevel = this.staircase.level();
    this.windowMs = responseWindowMs(this.build, this.trialLevel);
    this.phase = { name: "fixation", since: null };
  }

  private current(): PlannedTrial {
    return this.plan[this.next];
  }

  draw(context: CanvasRenderingContext2D, now: number): void {
    this.stampFirstPaint(now);
    const { width, height } = this.build.size;
    const phase = this.phase;
    clear(context, this.build.size);

    context.fillStyle = PALETTE.muted;
    context.font = font(height > width ? 20 : 19);
    fillTextBlock(context, this.prompt(), width / 2, 14, width - 32, 25);

    // The feedback tint is a large area: guarded, so it never changes more than 3 times a second.
    const tint = this.tint.show(phase.name === "feedback" ? { zone: phase.zone, colour: phase.good ? PALETTE.tintGood : PALETTE.tintBad } : null, now);
    this.zones.forEach((zone, i) => {
      roundedRect(context, zone.x, zone.y, zone.width, zone.height, 14);
      context.fillStyle = tint?.zone === i ? tint.colour : PALETTE.panel;
      context.fill();
      context.strokeStyle = PALETTE.panelEdge;
      context.lineWidth = 2;
      context.stroke();
      if (zone.label) {
        context.fillStyle = PALETTE.text;
        context.font = font(26, "bold");
        context.textAlign = "center";
        context.textBaseline = "bottom";
        context.fillText(zone.label, zone.x + zone.width / 2, zone.y + zone.height - 12);
      }
    });

    const middle = { x: width / 2, y: this.zones[0].y + this.zones[0].height / 2 };
    if (phase.name === "fixation") drawCross(context, middle.x, middle.y);
    // The stimulus goes when its window closes, even while the grace period keeps the trial open.
    if (phase.name === "stimulus" && now < (phase.shownAt ?? now) + this.windowMs) this.drawStimulus(context, this.current());
    drawFeedback(context, phase, TEXTS.finished[this.language], middle.x, middle.y, width - 48);
    drawProgress(context, this.build.size, this.records.length, this.plan.length);
  }

  private prompt(): string {
    const mode = this.build.params.mode;
    const text = mode === "simple" ? TEXTS.promptSimple : mode === "choice" ? TEXTS.promptChoice : TEXTS.promptGoNogo;
    return text[this.language];
  }

  private radius(zone: Zone): number {
    return Math.min(60, zone.width * 0.32, zone.height * 0.3);
  }

  private drawStimulus(context: CanvasRenderingContext2D, planned: PlannedTrial): void {
    const zone = this.zones[planned.zone];
    const { x, y } = centreOf(zone);
    const r = this.radius(zone);
    context.beginPath();
    // Shape, not only colour, tells go from no-go: colour-blind patients see the difference too.
    if (planned.kind === "nogo") {
      context.fillStyle = NOGO;
      context.rect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
    } else {
      context.fillStyle = STIMULUS;
      context.arc(x, y, r, 0, Math.PI * 2);
    }
    context.fill();
  }

  level(): number {
    return this.staircase.level();
  }

  demonstrate(now: number): GameInput | null {
    if (!this.answerable(now)) return null;
    const planned = this.current();
    // The ideal player holds back for no-go, and taps the target (a tap works on every device).
    if (planned.kind === "nogo") return null;
    return { type: "pointerdown", ...centreOf(this.zones[planned.zone]), timeStamp: now };
  }
}

/** How a trial ended, from whether, when and where the patient answered. */
function outcomeOf(planned: PlannedTrial, rtMs: number | null, zone: number | null, premature: boolean): Outcome {
  if (rtMs === null) return planned.kind === "nogo" ? "correct-rejection" : "omission";
  if (premature || rtMs < ANTICIPATION_MS) return "anticipation";
  if (planned.kind === "nogo") return "commission";
  return zone === planned.zone ? "hit" : "miss";
}

export const reactorEngine: FamilyEngine<ReactorParams> = {
  family: "reactor",
  create: (context) => new ReactorGame(context),
};
