/**
 * Reflector, the playing side. The metronome runs the whole session: a dot glides along a short
 * track and reaches one end on every beat, the end it reaches glowing softly; the patient turns
 * (or nods) the head once a beat. A trial: the fixation dot for a random gap (timed from the
 * end of the last feedback, or from its first paint) → the optotype (timed from its first
 * paint, until an answer or the end of the response window) → feedback → the next trial.
 *
 * The level is fixed when a trial's gap starts, so a new pace begins before its optotype does.
 * Inputs are queued and resolved in `update` in timestamp order, interleaved with the trial's
 * deadlines (runtime/input.ts); a window is settled `LATE_INPUT_GRACE_MS` after it closes.
 *
 * Nothing large ever changes: the screen stays one colour, the moving parts are small and
 * smooth (a sinusoid, with no jumps), and the beat's glow follows the dot's position, so it
 * rises and falls at the pace, never above 3 times a second (MAX_BPM).
 */
import { clear, drawFeedback, drawProgress, fillTextBlock, font, PALETTE, roundedRect } from "../../runtime/draw.ts";
import { LATE_INPUT_GRACE_MS } from "../../runtime/input.ts";
import { FlashGuard } from "../../runtime/safety.ts";
import { Staircase } from "../../runtime/staircase.ts";
import { TrialEngineBase } from "../../runtime/trial-engine.ts";
import type { FamilyEngine, GameContext, GameInput, Outcome } from "../../runtime/types.ts";
import { ANTICIPATION_MS, bpmAt, conditionOf, DIRECTIONS, kindOf, LETTERS, type ReflectorBuild, type ReflectorParams, sizeAt } from "./metrics.ts";
import { answerOf, keyOf, type Layout, labelOf, layout, type PlannedTrial, planTrials } from "./plan.ts";
import { TEXTS } from "./texts.ts";

type Phase =
  /** The fixation dot; the optotype is due `gapMs` after `since` (null until the dot is first painted). */
  | { name: "gap"; since: number | null; gapMs: number }
  /** The optotype is due; painted at `shownAt` (null until drawn). */
  | { name: "stimulus"; shownAt: number | null }
  | { name: "feedback"; until: number; good: boolean; text: string; button: number | null }
  | { name: "done" };

/** The metronome dot: a calm blue, apart from the optotype's near-white. */
const PACER = "#7cc6fe";
/** The x2 optotype's largest travel either side (logical px) at full motion… */
const X2_AMPLITUDE_PX = 36;
/** …and its fastest speed (px/s): small and slow whatever the pace. */
const X2_MAX_SPEED = 160;
/** The metronome's travel at motion 0, as a share of its full travel: it always shows the pace. */
const PACER_MIN_TRAVEL = 0.4;

/** The metronome: beats counted continuously, so a change of pace never makes the dot jump. */
class Metronome {
  private t0 = 0;
  private beats0 = 0;
  constructor(private bpm: number) {}

  /** Beats since the start at game time `t` (a real number). */
  beatsAt(t: number): number {
    return this.beats0 + ((t - this.t0) * this.bpm) / 60_000;
  }

  /** From `t` on, beat at `bpm`. */
  setPace(t: number, bpm: number): void {
    if (bpm === this.bpm) return;
    this.beats0 = this.beatsAt(t);
    this.t0 = t;
    this.bpm = bpm;
  }

  pace(): number {
    return this.bpm;
  }

  /** Where the head should be, −1..1 (−1 left or up): at one end on every whole beat, smoothly between. */
  position(t: number): number {
    return -Math.cos(Math.PI * this.beatsAt(t));
  }
}

class ReflectorGame extends TrialEngineBase<Phase> {
  private readonly build: ReflectorBuild;
  private readonly params: ReflectorParams;
  private readonly plan: PlannedTrial[];
  private readonly layout: Layout;
  private readonly staircase: Staircase;
  /** The answered button's tint (small, but guarded like any feedback colour). */
  private readonly tint = new FlashGuard<{ button: number; colour: string } | null>(null, (a, b) => a?.button === b?.button && a?.colour === b?.colour);
  private readonly language: GameContext["language"];
  private readonly motion: number;
  private readonly metronome: Metronome;
  private next = 0;
  protected phase: Phase;
  private trialLevel: number;

  constructor(context: GameContext<ReflectorParams>) {
    super();
    this.build = context.build;
    this.params = this.build.params;
    this.language = context.language;
    this.motion = Math.min(1, Math.max(0, context.motion));
    this.plan = planTrials(this.params, context.random);
    this.layout = layout(this.params, this.build.size);
    const { min, max } = this.build.difficulty;
    this.staircase = new Staircase({ min, max, start: context.level });
    this.trialLevel = this.staircase.level();
    this.metronome = new Metronome(bpmAt(this.build, this.trialLevel));
    // The first optotype waits for the lead-in beats as well as its gap.
    this.phase = { name: "gap", since: null, gapMs: this.params.leadInMs + this.plan[0].gapMs };
  }

  protected advance(t: number): void {
    for (;;) {
      const phase = this.phase;
      if (phase.name === "gap" && phase.since !== null && t >= phase.since + phase.gapMs) {
        this.phase = { name: "stimulus", shownAt: null };
      } else if (phase.name === "stimulus" && phase.shownAt !== null && t >= phase.shownAt + this.params.responseWindowMs + LATE_INPUT_GRACE_MS) {
        this.resolve(phase.shownAt, null, null, phase.shownAt + this.params.responseWindowMs);
      } else if (phase.name === "feedback" && t >= phase.until) {
        this.startTrial(phase.until);
      } else {
        return;
      }
    }
  }

  protected answer(input: GameInput): void {
    const symbol = answerOf(input, this.params.optotype, this.layout.buttons);
    if (symbol === null) return;
    const t = input.timeStamp;
    const phase = this.phase;
    // Only an optotype on the screen can be answered; keys between optotypes answer nothing.
    if (phase.name !== "stimulus" || phase.shownAt === null || t < phase.shownAt) return;
    // After the window closed (a late event in the grace period): the omission stands.
    if (t >= phase.shownAt + this.params.responseWindowMs) return;
    this.resolve(phase.shownAt, t, symbol, t);
  }

  private resolve(shownAt: number, respondedAt: number | null, symbol: number | null, at: number): void {
    const planned = this.plan[this.next];
    const rtMs = respondedAt === null ? null : respondedAt - shownAt;
    const outcome: Outcome = rtMs === null ? "omission" : rtMs < ANTICIPATION_MS ? "anticipation" : symbol === planned.symbol ? "hit" : "miss";
    const correct = outcome === "hit";
    const [kind, condition, value] = [kindOf(this.params), conditionOf(bpmAt(this.build, this.trialLevel)), sizeAt(this.build, this.trialLevel)];
    this.record({ kind, condition, level: this.trialLevel, shownAt, respondedAt, rtMs, correct, outcome, value });
    // An anticipation is a slip of the finger, not a reading the pace or the size made hard.
    if (outcome !== "anticipation") this.staircase.record(correct);
    this.next++;
    this.phase = { name: "feedback", until: at + this.params.feedbackMs, good: correct, text: this.feedbackText(outcome, planned), button: symbol };
  }

  private feedbackText(outcome: Outcome, planned: PlannedTrial): string {
    if (outcome === "hit") return TEXTS.right[this.language];
    if (outcome === "miss") return `${TEXTS.wrongWas[this.language]} ${labelOf(this.params.optotype, planned.symbol)}`;
    if (outcome === "anticipation") return TEXTS.tooEarly[this.language];
    return TEXTS.noAnswer[this.language];
  }

  /** The next trial's gap starts at `at` (or at its first paint when `at` is null), at the staircase's level. */
  private startTrial(at: number | null): void {
    if (this.next >= this.plan.length) {
      this.phase = { name: "done" };
      return;
    }
    this.trialLevel = this.staircase.level();
    if (at !== null) this.metronome.setPace(at, bpmAt(this.build, this.trialLevel));
    this.phase = { name: "gap", since: at, gapMs: this.plan[this.next].gapMs };
  }

  /** Where the x2 optotype is pushed, opposite to the head (0 in x1). */
  private x2Offset(t: number): number {
    if (this.params.mode !== "x2") return 0;
    const beatsPerSecond = this.metronome.pace() / 60;
    // The peak speed of A·cos(π·beats) is A·π·beats per second.
    const amplitude = Math.min(X2_AMPLITUDE_PX, X2_MAX_SPEED / (Math.PI * beatsPerSecond)) * this.motion;
    return -amplitude * this.metronome.position(t);
  }

  draw(context: CanvasRenderingContext2D, now: number): void {
    if (this.phase.name === "gap" && this.phase.since === null) {
      this.phase.since = now;
      this.metronome.setPace(now, bpmAt(this.build, this.trialLevel));
    }
    if (this.phase.name === "stimulus" && this.phase.shownAt === null) this.phase.shownAt = now;

    const { width } = this.build.size;
    const phase = this.phase;
    clear(context, this.build.size);

    const { prompt, centre } = this.layout;
    context.fillStyle = PALETTE.muted;
    context.font = font(prompt.fontPx);
    fillTextBlock(context, this.promptText(), width / 2, prompt.top, prompt.width, prompt.lineHeight);

    this.drawMetronome(context, now);

    const offset = phase.name === "feedback" || phase.name === "done" ? 0 : this.x2Offset(now);
    const x = centre.x + (this.params.axis === "horizontal" ? offset : 0);
    const y = centre.y + (this.params.axis === "vertical" ? offset : 0);
    if (phase.name === "gap") {
      context.fillStyle = PALETTE.text;
      context.beginPath();
      context.arc(x, y, 6, 0, Math.PI * 2);
      context.fill();
      if (this.records.length === 0 && this.next === 0) {
        context.fillStyle = PALETTE.muted;
        context.font = font(20);
        fillTextBlock(context, TEXTS.leadIn[this.language], centre.x, centre.y + 26, width - 32, 24);
      }
    }
    // The optotype goes when its window closes, even while the grace period keeps the trial open.
    if (phase.name === "stimulus" && now < (phase.shownAt ?? now) + this.params.responseWindowMs) {
      this.drawOptotype(context, x, y, sizeAt(this.build, this.trialLevel), this.plan[this.next].symbol);
    }
    drawFeedback(context, phase, TEXTS.finished[this.language], centre.x, centre.y, width - 48);

    const tint = this.tint.show(
      phase.name === "feedback" && phase.button !== null ? { button: phase.button, colour: phase.good ? PALETTE.tintGood : PALETTE.tintBad } : null,
      now,
    );
    for (const button of this.layout.buttons) {
      roundedRect(context, button.x, button.y, button.width, button.height, 12);
      context.fillStyle = tint?.button === button.symbol ? tint.colour : PALETTE.panel;
      context.fill();
      context.strokeStyle = PALETTE.panelEdge;
      context.lineWidth = 2;
      context.stroke();
      context.fillStyle = PALETTE.text;
      context.font = font(30, "bold");
      context.textAlign = "center";
      context.textBaseline = "middle";
      context.fillText(labelOf(this.params.optotype, button.symbol), button.x + button.width / 2, button.y + button.height / 2 + 1);
    }

    drawProgress(context, this.build.size, this.records.length, this.plan.length);
  }

  private promptText(): string {
    const move = this.params.axis === "horizontal" ? TEXTS.moveHorizontal : TEXTS.moveVertical;
    const answer = this.params.optotype === "tumbling-e" ? TEXTS.answerE : this.params.optotype === "landolt-c" ? TEXTS.answerC : TEXTS.answerLetters;
    return `${move[this.language]} ${answer[this.language]}`;
  }

  /** The track, its two ends (glowing as the dot nears them) and the dot. */
  private drawMetronome(context: CanvasRenderingContext2D, now: number): void {
    const { track } = this.layout;
    const half = track.half * (PACER_MIN_TRAVEL + (1 - PACER_MIN_TRAVEL) * this.motion);
    const along = (s: number) => (track.axis === "horizontal" ? { x: track.x + s, y: track.y } : { x: track.x, y: track.y + s });
    const position = this.phase.name === "done" ? 0 : this.metronome.position(now);
    const a = along(-half - 14);
    const b = along(half + 14);
    context.strokeStyle = PALETTE.panelEdge;
    context.lineWidth = 4;
    context.lineCap = "round";
    context.beginPath();
    context.moveTo(a.x, a.y);
    context.lineTo(b.x, b.y);
    context.stroke();
    for (const side of [-1, 1]) {
      const end = along(side * half);
      context.beginPath();
      context.arc(end.x, end.y, 13, 0, Math.PI * 2);
      context.fillStyle = PALETTE.panel;
      context.fill();
      context.strokeStyle = PALETTE.panelEdge;
      context.lineWidth = 2;
      context.stroke();
      // The glow rises smoothly over the last stretch before the dot arrives: the beat, without a blink.
      const glow = Math.max(0, (position * side - 0.7) / 0.3);
      if (glow > 0) {
        context.save();
        context.globalAlpha = glow * 0.55;
        context.fillStyle = PACER;
        context.beginPath();
        context.arc(end.x, end.y, 13, 0, Math.PI * 2);
        context.fill();
        context.restore();
      }
    }
    const dot = along(position * half);
    context.fillStyle = PACER;
    context.beginPath();
    context.arc(dot.x, dot.y, 9, 0, Math.PI * 2);
    context.fill();
  }

  /** A tumbling E, a Landolt C or a letter, `size` px tall, centred on (x, y). */
  private drawOptotype(context: CanvasRenderingContext2D, x: number, y: number, size: number, symbol: number): void {
    const optotype = this.params.optotype;
    context.fillStyle = PALETTE.text;
    if (optotype === "letters") {
      // Capitals are about 0.72 of the font size tall: the letter's height is `size`.
      context.font = font(Math.round(size / 0.72), "bold");
      context.textAlign = "center";
      context.textBaseline = "alphabetic";
      context.fillText(LETTERS[symbol].toUpperCase(), x, y + size / 2);
      return;
    }
    // Both drawn pointing right, then turned: E's bars (C's gap) point where the answer says.
    const angle = { left: Math.PI, up: -Math.PI / 2, down: Math.PI / 2, right: 0 }[DIRECTIONS[symbol]];
    const u = size / 5;
    context.save();
    context.translate(x, y);
    context.rotate(angle);
    if (optotype === "tumbling-e") {
      context.beginPath();
      context.rect(-2.5 * u, -2.5 * u, u, 5 * u);
      for (const row of [0, 2, 4]) context.rect(-2.5 * u, (row - 2.5) * u, 5 * u, u);
      context.fill();
    } else {
      // Landolt C: outer diameter 5u, stroke u, a gap u wide.
      const gap = Math.asin(0.5 / 2);
      context.strokeStyle = PALETTE.text;
      context.lineWidth = u;
      context.lineCap = "butt";
      context.beginPath();
      context.arc(0, 0, 2 * u, gap, Math.PI * 2 - gap);
      context.stroke();
    }
    context.restore();
  }

  level(): number {
    return this.staircase.level();
  }

  interrupt(_now: number): void {
    this.inputs.clear();
    // The optotype in progress is dropped unrecorded; its plan item runs again after the pause.
    if (this.phase.name === "gap" || this.phase.name === "stimulus") this.phase = { name: "gap", since: null, gapMs: this.plan[this.next].gapMs };
    else if (this.phase.name === "feedback") this.startTrial(null);
  }

  demonstrate(now: number): GameInput | null {
    const phase = this.phase;
    if (phase.name !== "stimulus" || phase.shownAt === null || now < phase.shownAt || now >= phase.shownAt + this.params.responseWindowMs) return null;
    return { type: "key", key: keyOf(this.params.optotype, this.plan[this.next].symbol), timeStamp: now };
  }
}

export const reflectorEngine: FamilyEngine<ReflectorParams> = {
  family: "reflector",
  create: (context) => new ReflectorGame(context),
};
