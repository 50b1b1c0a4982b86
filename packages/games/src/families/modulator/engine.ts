/**
 * Modulator, the playing side. A session: a symptom rating (before any motion), then blocks.
 * A block ramps the background's motion up over a second, runs its shapes (blank gap, timed
 * from its first paint → shape, timed from its first paint, until an answer or the end of its
 * window → short feedback), ramps the motion down over a second, and is followed by a symptom
 * rating every `rateEvery` blocks and after the last.
 *
 * Inputs are queued and resolved in `update` in timestamp order, interleaved with the deadlines
 * (runtime/input.ts); a shape's window is settled `LATE_INPUT_GRACE_MS` after it closed.
 */
import { clear, drawProgress, fillTextBlock, font, PALETTE, roundedRect } from "../../runtime/draw.ts";
import { LATE_INPUT_GRACE_MS } from "../../runtime/input.ts";
import { FlashGuard, maxPatternSpeed } from "../../runtime/safety.ts";
import { Staircase } from "../../runtime/staircase.ts";
import { TrialEngineBase } from "../../runtime/trial-engine.ts";
import type { FamilyEngine, GameContext, GameInput, Outcome } from "../../runtime/types.ts";
import { Background } from "./background.ts";
import {
  ANTICIPATION_MS,
  BASELINE,
  conditionOf,
  type ModulatorBuild,
  type ModulatorParams,
  RATING_MAX,
  RATING_TIMEOUT_MS,
  type Stimulus,
  stimulusAt,
} from "./metrics.ts";
import { centreOf, type Layout, layoutOf, type PlannedBlock, ratingAt, type SessionPlan, type Shape, planSession } from "./plan.ts";
import { TEXTS } from "./texts.ts";

/** Motion builds up and dies down over this, never starting or stopping at once. */
export const RAMP_MS = 1000;
/** How long "thank you" stays after a rating. */
export const THANKS_MS = 700;

type Phase =
  /** A symptom rating; `shownAt` is its first paint. `condition` and `level` name what it follows. */
  | { name: "rating"; shownAt: number | null; selected: number | null; condition: string; level: number }
  | { name: "thanks"; until: number }
  /** The block's motion builds up from its first paint. */
  | { name: "ramp-up"; since: number | null }
  /** Blank panel before a shape, from its first paint. */
  | { name: "gap"; since: number | null }
  | { name: "item"; gapAt: number; shownAt: number | null }
  | { name: "feedback"; until: number; good: boolean; text: string }
  | { name: "ramp-down"; since: number }
  | { name: "done" };

const SHAPE_COLOUR = "#ffd166";

class ModulatorGame extends TrialEngineBase<Phase> {
  private readonly build: ModulatorBuild;
  private readonly params: ModulatorParams;
  private readonly plan: SessionPlan;
  private readonly layout: Layout;
  private readonly staircase: Staircase;
  private readonly background: Background;
  private readonly tint = new FlashGuard<string | null>(null);
  private readonly language: GameContext["language"];
  private readonly motion: number;
  protected phase: Phase;
  /** The block in progress (or the next one, during a rating) and its item. */
  private block = 0;
  private item = 0;
  /** The block's level and background, fixed when it starts. */
  private blockLevel: number;
  private stimulus: Stimulus;
  /** Background speed after the motion setting and the safety cap. */
  private speed = 0;
  private lastDrawAt: number | null = null;

  constructor(context: GameContext<ModulatorParams>) {
    super();
    this.build = context.build;
    this.params = this.build.params;
    this.language = context.language;
    this.motion = Math.min(1, Math.max(0, context.motion));
    this.plan = planSession(this.params, context.random);
    this.layout = layoutOf(this.build.size);
    const { min, max } = this.build.difficulty;
    this.staircase = new Staircase({ min, max, start: context.level });
    this.blockLevel = this.staircase.level();
    this.stimulus = stimulusAt(this.build, this.blockLevel);
    const seed = Math.floor(context.random() * 2 ** 32);
    this.background = new Background(this.params.pattern, this.build.size, centreOf(this.layout.panel), this.params.periodPx, this.params.dots.max, seed);
    this.phase = { name: "rating", shownAt: null, selected: null, condition: BASELINE, level: this.blockLevel };
  }

  private current(): PlannedBlock {
    return this.plan.blocks[this.block];
  }

  /** Moves through the deadlines that passed by `t`. Only `draw` starts what is timed from a paint. */
  protected advance(t: number): void {
    for (;;) {
      const phase = this.phase;
      if (phase.name === "rating" && phase.shownAt !== null && t >= phase.shownAt + RATING_TIMEOUT_MS + LATE_INPUT_GRACE_MS) {
        this.rate(phase, null, null);
      } else if (phase.name === "thanks" && t >= phase.until) {
        this.startBlock();
      } else if (phase.name === "ramp-up" && phase.since !== null && t >= phase.since + RAMP_MS) {
        this.phase = { name: "gap", since: null };
      } else if (phase.name === "gap" && phase.since !== null && t >= phase.since + this.current().items[this.item].gapMs) {
        this.phase = { name: "item", gapAt: phase.since, shownAt: null };
      } else if (phase.name === "item" && phase.shownAt !== null && t >= phase.shownAt + this.params.itemWindowMs + LATE_INPUT_GRACE_MS) {
        this.resolve(phase.shownAt, null, phase.shownAt + this.params.itemWindowMs, false);
      } else if (phase.name === "feedback" && t >= phase.until) {
        this.phase = this.item < this.current().items.length ? { name: "gap", since: null } : { name: "ramp-down", since: phase.until };
      } else if (phase.name === "ramp-down" && t >= phase.since + RAMP_MS) {
        this.afterBlock();
      } else {
        return;
      }
    }
  }

  protected answer(input: GameInput): void {
    const t = input.timeStamp;
    const phase = this.phase;
    if (phase.name === "rating") {
      if (phase.shownAt === null || t < phase.shownAt || t >= phase.shownAt + RATING_TIMEOUT_MS) return;
      const value = this.ratingOf(input, phase);
      if (value !== null) this.rate(phase, value, t);
      return;
    }
    if (!isTaskAnswer(input)) return;
    // Between shapes (feedback, ramps, before the gap is painted) an answer belongs to no trial.
    if (phase.name === "gap" && phase.since !== null && t >= phase.since) {
      this.resolve(phase.since, t, t, true);
    } else if (phase.name === "item" && t >= phase.gapAt) {
      const shown = phase.shownAt !== null && t >= phase.shownAt;
      // After the window closed (a late event in the grace period): the trial stands as it was.
      if (shown && t >= phase.shownAt! + this.params.itemWindowMs) return;
      this.resolve(shown ? phase.shownAt! : phase.gapAt, t, t, !shown);
    }
  }

  /** A rating chosen by this input, or null (it only moved the selection, or chose nothing). */
  private ratingOf(input: GameInput, phase: Extract<Phase, { name: "rating" }>): number | null {
    if (input.type === "pointerdown") return ratingAt(input, this.layout);
    if (input.type !== "key") return null;
    if (/^[0-9]$/.test(input.key)) return Number(input.key);
    if (input.key === "ArrowRight" || input.key === "ArrowUp") phase.selected = Math.min(RATING_MAX, (phase.selected ?? -1) + 1);
    else if (input.key === "ArrowLeft" || input.key === "ArrowDown") phase.selected = Math.max(0, (phase.selected ?? 1) - 1);
    else if ((input.key === "Enter" || input.key === " ") && phase.selected !== null) return phase.selected;
    return null;
  }

  private rate(phase: Extract<Phase, { name: "rating" }>, value: number | null, respondedAt: number | null): void {
    const shownAt = phase.shownAt ?? 0;
    const rtMs = respondedAt === null ? null : respondedAt - shownAt;
    this.record({ kind: "symptom", condition: phase.condition, level: phase.level, shownAt, respondedAt, rtMs, correct: null, outcome: "sample", value });
    const at = respondedAt ?? shownAt + RATING_TIMEOUT_MS;
    this.phase = { name: "thanks", until: at + THANKS_MS };
  }

  /** Records the shape in progress and shows its feedback from `at`. */
  private resolve(shownAt: number, respondedAt: number | null, at: number, premature: boolean): void {
    const planned = this.current().items[this.item];
    const rtMs = respondedAt === null ? null : respondedAt - shownAt;
    const outcome = outcomeOf(planned.kind, rtMs, premature);
    const correct = outcome === "hit" || outcome === "correct-rejection";
    const condition = conditionOf(this.params.pattern, this.current().direction, this.blockLevel);
    const value = Math.round(this.speed * 100) / 100;
    this.record({ kind: planned.kind, condition, level: this.blockLevel, shownAt, respondedAt, rtMs, correct, outcome, value });
    // The task's accuracy moves the background's level (read when the next block starts);
    // anticipations say nothing about coping with the background.
    if (outcome !== "anticipation") this.staircase.record(correct);
    this.item++;
    this.phase = { name: "feedback", until: at + this.params.feedbackMs, good: correct, text: this.feedbackText(outcome) };
  }

  private feedbackText(outcome: Outcome): string {
    const texts: Record<Outcome, string> = {
      hit: TEXTS.hit[this.language],
      commission: TEXTS.commission[this.language],
      omission: TEXTS.omission[this.language],
      anticipation: TEXTS.tooEarly[this.language],
      "correct-rejection": "",
      miss: "",
      sample: "",
    };
    return texts[outcome];
  }

  /** After a block's motion has died down: a rating, the next block, or the end. */
  private afterBlock(): void {
    const block = this.current();
    const condition = conditionOf(this.params.pattern, block.direction, this.blockLevel);
    const level = this.blockLevel;
    this.block++;
    if (block.rateAfter) this.phase = { name: "rating", shownAt: null, selected: null, condition, level };
    else this.startBlock();
  }

  /** Starts block `this.block` at the staircase's level, or ends the session. */
  private startBlock(): void {
    if (this.block >= this.plan.blocks.length) {
      this.phase = { name: "done" };
      return;
    }
    this.item = 0;
    this.blockLevel = this.staircase.level();
    this.stimulus = stimulusAt(this.build, this.blockLevel);
    let speed = this.stimulus.speed * this.motion;
    // A periodic pattern never passes more than 3 periods a second, whatever the build says.
    if (this.params.pattern === "stripes") speed = Math.min(speed, maxPatternSpeed(this.params.periodPx));
    this.speed = speed;
    this.phase = { name: "ramp-up", since: null };
  }

  /** How much of the block's motion (and pattern) is on at `now`: 0 → 1 over the ramp, eased. */
  private ramp(now: number): number {
    const phase = this.phase;
    const eased = (t: number) => {
      const x = Math.min(1, Math.max(0, t));
      return x * x * (3 - 2 * x);
    };
    if (phase.name === "ramp-up") return phase.since === null ? 0 : eased((now - phase.since) / RAMP_MS);
    if (phase.name === "gap" || phase.name === "item" || phase.name === "feedback") return 1;
    if (phase.name === "ramp-down") return 1 - eased((now - phase.since) / RAMP_MS);
    return 0;
  }

  draw(context: CanvasRenderingContext2D, now: number): void {
    // First paints stamp the phase: this frame's timestamp is when the patient could see it.
    const phase = this.phase;
    if (phase.name === "rating" && phase.shownAt === null) phase.shownAt = now;
    if (phase.name === "ramp-up" && phase.since === null) phase.since = now;
    if (phase.name === "gap" && phase.since === null) phase.since = now;
    if (phase.name === "item" && phase.shownAt === null) phase.shownAt = now;

    const factor = this.ramp(now);
    const direction = this.plan.blocks[Math.min(this.block, this.plan.blocks.length - 1)].direction;
    if (this.lastDrawAt !== null && now > this.lastDrawAt) this.background.advance(direction, this.speed, factor, Math.min(100, now - this.lastDrawAt));
    this.lastDrawAt = now;

    clear(context, this.build.size);
    if (phase.name === "rating" || phase.name === "thanks" || phase.name === "done") {
      this.drawRating(context);
    } else {
      this.background.draw(context, direction, this.stimulus.contrast * factor, this.stimulus.dots);
      this.drawTask(context, now);
    }

    // Progress over the whole session's shapes: a thin calm bar.
    const total = this.params.blocks * this.params.itemsPerBlock;
    const done = this.records.filter((r) => r.kind !== "symptom").length;
    drawProgress(context, this.build.size, done, total, { bottom: 12 });
  }

  private drawTask(context: CanvasRenderingContext2D, now: number): void {
    const { width } = this.build.size;
    const { header, panel } = this.layout;
    const phase = this.phase;
    const portrait = this.build.size.height > width;

    // The header: the instruction and the target, on a solid band over the pattern.
    context.fillStyle = PALETTE.panel;
    context.fillRect(header.x, header.y, header.width, header.height);
    context.fillStyle = PALETTE.text;
    context.font = font(portrait ? 19 : 21);
    const prompt = TEXTS.prompt[this.language];
    if (portrait) {
      const below = fillTextBlock(context, prompt, width / 2, 10, width - 32, 24);
      drawShape(context, this.plan.target, width / 2, (below + header.height) / 2, 15, SHAPE_COLOUR);
    } else {
      const textWidth = context.measureText(prompt).width;
      const left = (width - textWidth - 52) / 2;
      context.textAlign = "left";
      context.textBaseline = "middle";
      context.fillText(prompt, left, header.height / 2);
      drawShape(context, this.plan.target, left + textWidth + 34, header.height / 2, 16, SHAPE_COLOUR);
    }

    // The central panel: solid, so the eyes rest on something still. Its feedback tint is guarded.
    const tint = this.tint.show(phase.name === "feedback" ? (phase.good ? PALETTE.tintGood : PALETTE.tintBad) : null, now);
    roundedRect(context, panel.x, panel.y, panel.width, panel.height, 18);
    context.fillStyle = tint ?? PALETTE.panel;
    context.fill();
    context.strokeStyle = PALETTE.panelEdge;
    context.lineWidth = 2;
    context.stroke();
    const { x, y } = centreOf(panel);
    if (phase.name === "item" && now < (phase.shownAt ?? now) + this.params.itemWindowMs) {
      drawShape(context, this.current().items[this.item].shape, x, y, panel.width * 0.3, SHAPE_COLOUR);
    } else if (phase.name === "ramp-up" || phase.name === "gap" || phase.name === "ramp-down") {
      // A small fixation dot: somewhere still to look.
      context.fillStyle = PALETTE.muted;
      context.beginPath();
      context.arc(x, y, 5, 0, Math.PI * 2);
      context.fill();
    }
    if (phase.name === "feedback" && phase.text) {
      // Under the panel, on a small band of its own so the pattern does not cross the words.
      context.font = font(22, "bold");
      const w = context.measureText(phase.text).width + 28;
      roundedRect(context, x - w / 2, panel.y + panel.height + 8, w, 34, 10);
      context.fillStyle = PALETTE.background;
      context.fill();
      context.fillStyle = phase.good ? PALETTE.good : PALETTE.bad;
      context.textAlign = "center";
      context.textBaseline = "middle";
      context.fillText(phase.text, x, panel.y + panel.height + 25);
    }
  }

  private drawRating(context: CanvasRenderingContext2D): void {
    const { width, height } = this.build.size;
    const portrait = height > width;
    const phase = this.phase;
    if (phase.name === "done") {
      context.fillStyle = PALETTE.text;
      context.font = font(30, "bold");
      fillTextBlock(context, TEXTS.finished[this.language], width / 2, height / 2 - 20, width - 48, 36);
      return;
    }
    context.fillStyle = PALETTE.text;
    context.font = font(portrait ? 24 : 26, "bold");
    const below = fillTextBlock(context, TEXTS.ratingQuestion[this.language], width / 2, portrait ? 60 : 28, width - 40, portrait ? 32 : 34);
    context.fillStyle = PALETTE.muted;
    context.font = font(portrait ? 18 : 19);
    fillTextBlock(context, TEXTS.ratingHint[this.language], width / 2, below + 14, width - 48, 24);

    const chosen = phase.name === "rating" ? phase.selected : this.records.at(-1)?.value;
    for (const button of this.layout.ratings) {
      roundedRect(context, button.x, button.y, button.width, button.height, 12);
      context.fillStyle = button.value === chosen ? PALETTE.panelEdge : PALETTE.panel;
      context.fill();
      context.strokeStyle = button.value === chosen ? PALETTE.text : PALETTE.panelEdge;
      context.lineWidth = 2;
      context.stroke();
      context.fillStyle = PALETTE.text;
      context.font = font(28, "bold");
      context.textAlign = "center";
      context.textBaseline = "middle";
      context.fillText(String(button.value), button.x + button.width / 2, button.y + button.height / 2);
    }
    // What the ends of the scale mean, under the first and the last button.
    const first = this.layout.ratings[0];
    const last = this.layout.ratings[RATING_MAX];
    const bottom = Math.max(first.y, last.y) + first.height + 26;
    context.fillStyle = PALETTE.muted;
    context.font = font(19);
    context.textBaseline = "middle";
    context.textAlign = "left";
    context.fillText(TEXTS.ratingLow[this.language], portrait ? 16 : first.x, bottom);
    context.textAlign = "right";
    context.fillText(TEXTS.ratingHigh[this.language], portrait ? width - 16 : last.x + last.width, bottom);
    if (phase.name === "thanks") {
      context.fillStyle = PALETTE.good;
      context.font = font(24, "bold");
      context.textAlign = "center";
      context.fillText(TEXTS.thanks[this.language], width / 2, bottom + (portrait ? 60 : 52));
    }
  }

  level(): number {
    return this.staircase.level();
  }

  interrupt(_now: number): void {
    this.inputs.clear();
    const phase = this.phase;
    // The shape or rating in progress is dropped unrecorded and runs again after the pause;
    // the motion stopped with the pause and builds up again from still.
    if (phase.name === "rating") this.phase = { ...phase, shownAt: null, selected: null };
    else if (phase.name === "thanks") this.startBlock();
    else if (phase.name === "ramp-up" || phase.name === "gap" || phase.name === "item") this.phase = { name: "ramp-up", since: null };
    else if (phase.name === "feedback") {
      if (this.item < this.current().items.length) this.phase = { name: "ramp-up", since: null };
      else this.afterBlock();
    } else if (phase.name === "ramp-down") this.afterBlock();
  }

  demonstrate(now: number): GameInput | null {
    const phase = this.phase;
    // An ideal patient feels fine: a 0, tapped.
    if (phase.name === "rating") {
      if (phase.shownAt === null || now < phase.shownAt) return null;
      return { type: "pointerdown", ...centreOf(this.layout.ratings[0]), timeStamp: now };
    }
    if (phase.name !== "item" || phase.shownAt === null || now < phase.shownAt || now >= phase.shownAt + this.params.itemWindowMs) return null;
    // Only the target is answered: a tap on the panel (a tap anywhere works on every device).
    if (this.current().items[this.item].kind !== "go") return null;
    return { type: "pointerdown", ...centreOf(this.layout.panel), timeStamp: now };
  }
}

/** Space, Enter or a tap anywhere answer the task. */
function isTaskAnswer(input: GameInput): boolean {
  return input.type === "pointerdown" || (input.type === "key" && (input.key === " " || input.key === "Enter"));
}

function outcomeOf(kind: "go" | "nogo", rtMs: number | null, premature: boolean): Outcome {
  if (rtMs === null) return kind === "nogo" ? "correct-rejection" : "omission";
  if (premature || rtMs < ANTICIPATION_MS) return "anticipation";
  return kind === "nogo" ? "commission" : "hit";
}

/** A filled shape of radius about `r` centred at (x, y). */
export function drawShape(context: CanvasRenderingContext2D, shape: Shape, x: number, y: number, r: number, colour: string): void {
  context.fillStyle = colour;
  context.beginPath();
  if (shape === "circle") {
    context.arc(x, y, r, 0, Math.PI * 2);
  } else if (shape === "square") {
    context.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
  } else if (shape === "triangle") {
    context.moveTo(x, y - r);
    context.lineTo(x + r * 0.95, y + r * 0.75);
    context.lineTo(x - r * 0.95, y + r * 0.75);
    context.closePath();
  } else if (shape === "star") {
    for (let i = 0; i < 10; i++) {
      const radius = i % 2 === 0 ? r : r * 0.45;
      const angle = -Math.PI / 2 + (i * Math.PI) / 5;
      if (i === 0) context.moveTo(x + radius * Math.cos(angle), y + radius * Math.sin(angle));
      else context.lineTo(x + radius * Math.cos(angle), y + radius * Math.sin(angle));
    }
    context.closePath();
  } else {
    const arm = r * 0.32;
    context.rect(x - r, y - arm, r * 2, arm * 2);
    context.rect(x - arm, y - r, arm * 2, r * 2);
  }
  context.fill();
}

export const modulatorEngine: FamilyEngine<ModulatorParams> = {
  family: "modulator",
  create: (context) => new ModulatorGame(context),
};
