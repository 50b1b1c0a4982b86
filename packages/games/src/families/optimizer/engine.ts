/**
 * Optimizer, the playing side: a cognitive task (n-back or sequence memory) while the eyes and
 * the hand follow a moving circle or jump between two grids. See metrics.ts for the trials.
 *
 * N-back runs as a stream: each item opens a window (onset to next onset) in which a press
 * counts for it; a window closes at the next item's due time and is settled
 * `LATE_INPUT_GRACE_MS` later, so a press given just before the next item but delivered late
 * still counts. The pursuit error of a window is the mean, over the frames that painted its
 * item, of the distance from the pointer to the circle; it is recorded with the item's trial.
 *
 * Inputs are queued and handled in `update` by their timeStamp; `shownAt` is stamped in `draw`.
 */
import { clear, drawFeedback, FEEDBACK_LARGE, drawProgress, fillTextBlock, font, PALETTE, roundedRect } from "../../runtime/draw.ts";
import { LATE_INPUT_GRACE_MS } from "../../runtime/input.ts";
import { FlashGuard } from "../../runtime/safety.ts";
import { Staircase } from "../../runtime/staircase.ts";
import { TrialEngineBase } from "../../runtime/trial-engine.ts";
import type { FamilyEngine, GameContext, GameInput, Outcome } from "../../runtime/types.ts";
import { ANTICIPATION_MS, itemMsAt, LETTERS, type OptimizerBuild, type OptimizerParams, speedAt } from "./metrics.ts";
import {
  centreOf,
  digitOf,
  grids,
  inside,
  type Layout,
  layout,
  MATCH_KEYS,
  type NbackItem,
  POSITION_SYMBOLS,
  PursuitPath,
  planDigits,
  planNback,
  type Rect,
} from "./plan.ts";
import { TEXTS } from "./texts.ts";

/** Before the first item (and after a pause) the circle moves alone, so the pointer can join it. */
export const LEAD_IN_MS = 1500;
/** How long a press's mark (on the Match button) and a short note stay. */
const MARK_MS = 450;
/** Share of a digit's window it stays visible in the memory task. */
const DIGIT_VISIBLE = 0.7;

const TARGET = "#ffd166";
const TARGET_TEXT = "#1d2733";
const AIM = "#7cc6fe";

/** An n-back item whose window is open or being settled. */
interface OpenItem {
  index: number;
  item: NbackItem;
  level: number;
  windowMs: number;
  shownAt: number;
  response: number | null;
  errorSum: number;
  errorFrames: number;
}

type Phase =
  /** The circle moves; `since` is the first paint. */
  | { name: "lead-in"; since: number | null }
  /** An n-back item is due; `open` exists once it is painted. */
  | { name: "item"; open: OpenItem | null }
  /** All items shown; the last windows are being settled. */
  | { name: "closing" }
  /** Memory: digit `digit` of the sequence is due; `shownAt` its paint. */
  | { name: "present"; digit: number; shownAt: number | null }
  | { name: "recall"; shownAt: number | null; typed: number[]; lastAt: number | null }
  | { name: "feedback"; until: number; good: boolean; text: string }
  | { name: "done" };

class OptimizerGame extends TrialEngineBase<Phase> {
  private readonly build: OptimizerBuild;
  private readonly params: OptimizerParams;
  private readonly language: GameContext["language"];
  private readonly motion: number;
  private readonly random: () => number;
  private readonly staircase: Staircase;
  private readonly layout: Layout;
  private readonly path: PursuitPath | null;
  private readonly stream: NbackItem[];
  private readonly grid: { cells: Rect[][]; cell: number } | null;
  /** The Match button's mark: good or bad, briefly; guarded like every coloured area. */
  private readonly mark = new FlashGuard<"good" | "bad" | null>(null);
  private markUntil = Number.NEGATIVE_INFINITY;
  private markGood = true;
  private note: { text: string; until: number } | null = null;
  /** N-back: the next item of the stream to show; memory: trials started. */
  private next = 0;
  protected phase: Phase = { name: "lead-in", since: null };
  /** N-back windows closed but not yet settled (the grace period). */
  private readonly closing: OpenItem[] = [];
  /** Memory: the sequence in progress, its level, and the tracking error of its presentation. */
  private digits: number[] = [];
  private sequenceLevel: number;
  private presentedAt: number | null = null;
  private sequenceError = { sum: 0, frames: 0 };
  /** The pointer (logical px); it starts where the circle does. */
  private aim: { x: number; y: number };
  private pointerSeen = false;
  private lastUpdate = 0;
  /** Answers (keys, taps) given but not handled yet: a demonstration waits for them before asking for the next key. */
  private unhandled = 0;

  constructor(context: GameContext<OptimizerParams>) {
    super();
    this.build = context.build;
    this.params = context.build.params;
    this.language = context.language;
    this.motion = Math.min(1, Math.max(0, context.motion));
    this.random = context.random;
    const { min, max } = this.build.difficulty;
    this.staircase = new Staircase({ min, max, start: context.level });
    this.sequenceLevel = this.staircase.level();
    this.layout = layout(this.build.size);
    const params = this.params;
    this.path = params.task === "position-saccades" ? null : new PursuitPath(context.random, this.layout.arena, this.layout.radius + 6);
    this.grid = params.task === "position-saccades" ? grids(this.build.size, this.layout.arena, this.motion) : null;
    this.stream =
      params.task === "memory-pursuit"
        ? []
        : planNback(context.random, {
            n: params.n,
            trials: params.trials,
            matchShare: params.matchShare,
            alphabet: params.task === "nback-pursuit" ? LETTERS : POSITION_SYMBOLS,
          });
    this.aim = this.path?.position() ?? centreOf(this.layout.arena);
    if (params.task === "memory-pursuit") this.digits = planDigits(this.random, this.sequenceLevel);
  }

  // ── time ────────────────────────────────────────────────────────────────────────────────

  update(now: number): void {
    super.update(now);
    const moving = this.phase.name === "lead-in" || this.phase.name === "item" || this.phase.name === "present";
    this.path?.advance(Math.max(0, now - this.lastUpdate), moving ? this.speed() : 0);
    this.lastUpdate = Math.max(this.lastUpdate, now);
  }

  input(input: GameInput): void {
    if (input.type !== "pointermove") this.unhandled++;
    super.input(input);
  }

  /** The circle's speed now (px/s): the level's, scaled by the therapist's motion setting. */
  private speed(): number {
    const level =
      this.phase.name === "item" && this.phase.open
        ? this.phase.open.level
        : this.params.task === "memory-pursuit"
          ? this.sequenceLevel
          : this.staircase.level();
    return speedAt(this.build, level) * this.motion;
  }

  /** Moves through the deadlines that passed by `t`. Only `draw` starts (paints) an item. */
  protected advance(t: number): void {
    for (;;) {
      // Windows in their grace period settle first, whatever the phase.
      const first = this.closing[0];
      if (first && t >= first.shownAt + first.windowMs + LATE_INPUT_GRACE_MS) {
        this.settle(this.closing.shift()!);
        continue;
      }
      const phase = this.phase;
      if (phase.name === "lead-in" && phase.since !== null && t >= phase.since + LEAD_IN_MS) {
        this.startItem();
      } else if (phase.name === "item" && phase.open && t >= phase.open.shownAt + phase.open.windowMs) {
        this.closing.push(phase.open);
        this.next++;
        this.startItem();
      } else if (phase.name === "closing" && this.closing.length === 0) {
        this.phase = { name: "done" };
      } else if (phase.name === "present" && phase.shownAt !== null && t >= phase.shownAt + itemMsAt(this.build, this.sequenceLevel)) {
        this.phase =
          phase.digit + 1 < this.digits.length
            ? { name: "present", digit: phase.digit + 1, shownAt: null }
            : { name: "recall", shownAt: null, typed: [], lastAt: null };
      } else if (phase.name === "recall" && phase.shownAt !== null && t >= phase.shownAt + this.recallMs() + LATE_INPUT_GRACE_MS) {
        this.resolveRecall(phase, phase.shownAt + this.recallMs());
      } else if (phase.name === "feedback" && t >= phase.until) {
        this.phase = this.next >= this.params.trials ? { name: "done" } : { name: "lead-in", since: null };
      } else {
        return;
      }
    }
  }

  private recallMs(): number {
    return this.params.task === "memory-pursuit" ? this.params.recallMs : 0;
  }

  /** The next n-back item (or the end of the stream). */
  private startItem(): void {
    if (this.params.task === "memory-pursuit") {
      this.phase = { name: "present", digit: 0, shownAt: null };
      return;
    }
    this.phase = this.next < this.stream.length ? { name: "item", open: null } : { name: "closing" };
  }

  // ── answers ─────────────────────────────────────────────────────────────────────────────

  protected answer(input: GameInput): void {
    if (input.type !== "pointermove") this.unhandled--;
    if (input.type !== "key") {
      this.aim = { x: input.x, y: input.y };
      this.pointerSeen = true;
    }
    const t = input.timeStamp;
    if (this.params.task === "memory-pursuit") {
      const phase = this.phase;
      if (phase.name !== "recall" || phase.shownAt === null || t < phase.shownAt || t >= phase.shownAt + this.recallMs()) return;
      if (input.type === "key" && input.key === "Backspace") {
        phase.typed.pop();
        return;
      }
      const digit = digitOf(input, this.layout.keypad);
      if (digit === null) return;
      phase.typed.push(digit);
      phase.lastAt = t;
      if (phase.typed.length >= this.digits.length) this.resolveRecall(phase, t);
      return;
    }
    if (!this.isMatchPress(input)) return;
    // The item whose window holds the press: one in its grace period (a late event), or the one showing.
    const open = [...this.closing, ...(this.phase.name === "item" && this.phase.open ? [this.phase.open] : [])].find(
      (item) => t >= item.shownAt && t < item.shownAt + item.windowMs,
    );
    // Presses between windows (the lead-in, before an item's paint) belong to no item.
    if (!open || open.response !== null) return;
    open.response = t;
    const good = open.item.match && t - open.shownAt >= ANTICIPATION_MS;
    this.markGood = good;
    this.markUntil = t + MARK_MS;
    if (!good) this.note = { text: (t - open.shownAt < ANTICIPATION_MS ? TEXTS.tooFast : TEXTS.notMatch)[this.language], until: t + 2 * MARK_MS };
  }

  private isMatchPress(input: GameInput): boolean {
    if (input.type === "key") return MATCH_KEYS.includes(input.key);
    if (input.type !== "pointerdown") return false;
    // Without a circle to follow, a tap anywhere is a press; with one, only the button is.
    return this.params.task === "position-saccades" || inside(this.layout.button, input.x, input.y);
  }

  /** Records an n-back item (its tracking sample first) once its window and grace are over. */
  private settle(open: OpenItem): void {
    const { item, shownAt, response } = open;
    const rtMs = response === null ? null : response - shownAt;
    const outcome: Outcome =
      rtMs === null ? (item.match ? "omission" : "correct-rejection") : rtMs < ANTICIPATION_MS ? "anticipation" : item.match ? "hit" : "commission";
    const correct = outcome === "hit" || outcome === "correct-rejection";
    let trackedWell = true;
    if (this.params.task === "nback-pursuit") {
      const error = open.errorFrames === 0 ? 0 : open.errorSum / open.errorFrames;
      trackedWell = error <= this.params.tolerancePx;
      this.record({
        kind: "pursuit",
        condition: "",
        level: open.level,
        shownAt,
        respondedAt: null,
        rtMs: null,
        correct: null,
        outcome: "sample",
        value: error,
      });
    }
    this.record({
      kind: "nback",
      condition: item.match ? "match" : "nonmatch",
      level: open.level,
      shownAt,
      respondedAt: response,
      rtMs,
      correct,
      outcome,
      value: this.params.task === "position-saccades" ? this.saccadeOf(open.index) : null,
    });
    this.staircase.record(correct && trackedWell);
    if (outcome === "omission") this.note = { text: TEXTS.missedMatch[this.language], until: shownAt + open.windowMs + 3 * MARK_MS };
  }

  private resolveRecall(phase: Extract<Phase, { name: "recall" }>, at: number): void {
    if (this.params.task !== "memory-pursuit" || phase.shownAt === null) return;
    const span = this.digits.length;
    const answered = phase.lastAt !== null;
    const right = phase.typed.length === span && phase.typed.every((d, i) => d === this.digits[i]);
    const outcome: Outcome = !answered ? "omission" : right ? "hit" : "miss";
    const error = this.sequenceError.frames === 0 ? 0 : this.sequenceError.sum / this.sequenceError.frames;
    this.record({
      kind: "pursuit",
      condition: "",
      level: this.sequenceLevel,
      shownAt: this.presentedAt ?? phase.shownAt,
      respondedAt: null,
      rtMs: null,
      correct: null,
      outcome: "sample",
      value: error,
    });
    this.record({
      kind: "memory",
      condition: "",
      level: this.sequenceLevel,
      shownAt: phase.shownAt,
      respondedAt: phase.lastAt,
      rtMs: phase.lastAt === null ? null : phase.lastAt - phase.shownAt,
      correct: outcome === "hit",
      outcome,
      value: span,
    });
    this.staircase.record(right && error <= this.params.tolerancePx);
    this.next++;
    this.phase = {
      name: "feedback",
      until: at + this.params.feedbackMs,
      good: right,
      text: right ? TEXTS.right[this.language] : `${TEXTS.itWas[this.language]} ${this.digits.join(" ")}`,
    };
    this.newSequence();
  }

  /** A fresh sequence at the staircase's level, for the next trial (or the retried one). */
  private newSequence(): void {
    this.sequenceLevel = this.staircase.level();
    this.digits = planDigits(this.random, this.sequenceLevel);
    this.presentedAt = null;
    this.sequenceError = { sum: 0, frames: 0 };
  }

  // ── position n-back geometry ────────────────────────────────────────────────────────────

  /** The dot of stream item `index`: its grid alternates left, right, left… */
  private dotOf(index: number): Rect {
    return this.grid!.cells[index % 2][Number(this.stream[index].symbol)];
  }

  /** The saccade item `index` asks for: from the previous dot (the first from the screen's centre). */
  private saccadeOf(index: number): number {
    const to = centreOf(this.dotOf(index));
    const from = index === 0 ? { x: this.build.size.width / 2, y: to.y } : centreOf(this.dotOf(index - 1));
    return Math.round(Math.hypot(to.x - from.x, to.y - from.y) * 10) / 10;
  }

  // ── drawing ─────────────────────────────────────────────────────────────────────────────

  draw(context: CanvasRenderingContext2D, now: number): void {
    const phase = this.phase;
    // First paints stamp the phase: this frame's timestamp is when the patient could see it.
    if (phase.name === "lead-in" && phase.since === null) phase.since = now;
    if (phase.name === "item" && phase.open === null) {
      const level = this.staircase.level();
      phase.open = {
        index: this.next,
        item: this.stream[this.next],
        level,
        windowMs: itemMsAt(this.build, level),
        shownAt: now,
        response: null,
        errorSum: 0,
        errorFrames: 0,
      };
    }
    if (phase.name === "present" && phase.shownAt === null) {
      phase.shownAt = now;
      if (phase.digit === 0) this.presentedAt = now;
    }
    if (phase.name === "recall" && phase.shownAt === null) phase.shownAt = now;

    // The frame's tracking error counts for the window it paints.
    if (this.path) {
      const target = this.path.position();
      const error = Math.hypot(this.aim.x - target.x, this.aim.y - target.y);
      if (phase.name === "item" && phase.open) {
        phase.open.errorSum += error;
        phase.open.errorFrames++;
      } else if (phase.name === "present") {
        this.sequenceError.sum += error;
        this.sequenceError.frames++;
      }
    }

    const { width } = this.build.size;
    const { arena } = this.layout;
    clear(context, this.build.size);

    context.fillStyle = PALETTE.muted;
    context.font = font(this.layout.promptSize);
    fillTextBlock(context, this.prompt(), width / 2, this.layout.promptTop, width - 32, this.layout.promptSize + 6);

    roundedRect(context, arena.x, arena.y, arena.width, arena.height, 14);
    context.fillStyle = PALETTE.panel;
    context.fill();
    context.strokeStyle = PALETTE.panelEdge;
    context.lineWidth = 2;
    context.stroke();

    if (this.grid) this.drawGrids(context, now);
    if (this.path) this.drawCircle(context, now);
    if (this.params.task !== "memory-pursuit") this.drawButton(context, now);
    else if (phase.name === "recall") this.drawRecall(context, phase);

    if (this.note && now < this.note.until && phase.name !== "done") {
      context.fillStyle = PALETTE.bad;
      context.font = font(18, "bold");
      context.textAlign = "right";
      context.textBaseline = "top";
      context.fillText(this.note.text, arena.x + arena.width - 12, arena.y + 10);
    }
    if (this.params.task !== "memory-pursuit") {
      context.fillStyle = PALETTE.muted;
      context.font = font(18, "bold");
      context.textAlign = "left";
      context.textBaseline = "top";
      context.fillText(`${this.params.n}-back`, arena.x + 12, arena.y + 10);
    }
    // At the top of the arena (its first line 24 px down), clear of the circle's middle.
    drawFeedback(context, phase, TEXTS.finished[this.language], width / 2, arena.y + 24 + FEEDBACK_LARGE.lift, arena.width - 40);
    drawProgress(context, this.build.size, this.next, this.params.trials, { bottom: 10, thickness: 5 });
  }

  private prompt(): string {
    const params = this.params;
    const touch = this.build.size.height > this.build.size.width;
    if (this.phase.name === "lead-in" && params.task !== "position-saccades") return (touch ? TEXTS.leadInTouch : TEXTS.leadIn)[this.language];
    if (params.task === "memory-pursuit") return (this.phase.name === "recall" ? TEXTS.memoryRecall : TEXTS.memoryWatch)[this.language];
    const letters = params.task === "nback-pursuit";
    if (touch && letters && params.n === 1) return TEXTS.nbackLettersTouch[this.language];
    const text = params.n === 1 ? (letters ? TEXTS.nbackLetters1 : TEXTS.nbackPositions1) : letters ? TEXTS.nbackLettersN : TEXTS.nbackPositionsN;
    return text[this.language].replace("{n}", String(params.n));
  }

  private drawCircle(context: CanvasRenderingContext2D, now: number): void {
    const target = this.path!.position();
    const r = this.layout.radius;
    // While the patient types the sequence back the circle rests, faded behind the answer.
    const resting = this.phase.name === "recall" || this.phase.name === "feedback";
    context.globalAlpha = resting ? 0.3 : 1;
    context.fillStyle = TARGET;
    context.beginPath();
    context.arc(target.x, target.y, r, 0, Math.PI * 2);
    context.fill();
    context.globalAlpha = 1;
    const symbol = this.visibleSymbol(now);
    if (symbol !== null) {
      context.fillStyle = TARGET_TEXT;
      context.font = font(Math.round(r * 1.15), "bold");
      context.textAlign = "center";
      context.textBaseline = "middle";
      context.fillText(symbol, target.x, target.y + 2);
    }
    if (this.pointerSeen && !resting && this.phase.name !== "done") {
      // Where the pointer is: a thin ring round it, as wide as the circle, so the patient
      // sees how close they follow without it hiding the letter.
      context.beginPath();
      context.arc(this.aim.x, this.aim.y, r + 7, 0, Math.PI * 2);
      context.strokeStyle = AIM;
      context.lineWidth = 3;
      context.stroke();
    }
  }

  /** The letter or digit inside the circle now, or null in a gap. */
  private visibleSymbol(now: number): string | null {
    const phase = this.phase;
    const params = this.params;
    if (phase.name === "item" && phase.open && params.task === "nback-pursuit") {
      return now < phase.open.shownAt + phase.open.windowMs * params.visibleShare ? phase.open.item.symbol : null;
    }
    if (phase.name === "present" && phase.shownAt !== null && params.task === "memory-pursuit") {
      return now < phase.shownAt + params.digitMs * DIGIT_VISIBLE ? String(this.digits[phase.digit]) : null;
    }
    return null;
  }

  private drawGrids(context: CanvasRenderingContext2D, now: number): void {
    const { cells, cell } = this.grid!;
    for (const grid of cells) {
      for (const rect of grid) {
        context.fillStyle = PALETTE.background;
        context.fillRect(rect.x + 2, rect.y + 2, rect.width - 4, rect.height - 4);
      }
      const [first, last] = [grid[0], grid[grid.length - 1]];
      context.strokeStyle = PALETTE.panelEdge;
      context.lineWidth = 2;
      context.strokeRect(first.x, first.y, last.x + last.width - first.x, last.y + last.height - first.y);
    }
    const phase = this.phase;
    if (
      phase.name === "item" &&
      phase.open &&
      this.params.task === "position-saccades" &&
      now < phase.open.shownAt + phase.open.windowMs * this.params.visibleShare
    ) {
      const { x, y } = centreOf(this.dotOf(phase.open.index));
      context.fillStyle = TARGET;
      context.beginPath();
      context.arc(x, y, cell * 0.36, 0, Math.PI * 2);
      context.fill();
    }
  }

  private drawButton(context: CanvasRenderingContext2D, now: number): void {
    const { button } = this.layout;
    const mark = this.mark.show(now < this.markUntil ? (this.markGood ? "good" : "bad") : null, now);
    roundedRect(context, button.x, button.y, button.width, button.height, 14);
    context.fillStyle = mark === "good" ? PALETTE.tintGood : mark === "bad" ? PALETTE.tintBad : PALETTE.panel;
    context.fill();
    context.strokeStyle = mark === "good" ? PALETTE.good : mark === "bad" ? PALETTE.bad : PALETTE.panelEdge;
    context.lineWidth = 3;
    context.stroke();
    context.fillStyle = PALETTE.text;
    context.textAlign = "center";
    context.textBaseline = "middle";
    const portrait = this.build.size.height > this.build.size.width;
    context.font = font(portrait ? 34 : 24, "bold");
    context.fillText(
      portrait ? TEXTS.match[this.language] : `${TEXTS.match[this.language]} (${TEXTS.matchKey[this.language]})`,
      button.x + button.width / 2,
      button.y + button.height / 2,
    );
  }

  private drawRecall(context: CanvasRenderingContext2D, phase: Extract<Phase, { name: "recall" }>): void {
    const { arena, keypad } = this.layout;
    const slots = this.digits.map((_, i) => (i < phase.typed.length ? String(phase.typed[i]) : "_")).join(" ");
    context.fillStyle = PALETTE.text;
    context.font = font(40, "bold");
    context.textAlign = "center";
    context.textBaseline = "top";
    context.fillText(slots, arena.x + arena.width / 2, arena.y + 20);
    keypad.forEach((key, i) => {
      roundedRect(context, key.x, key.y, key.width, key.height, 10);
      context.fillStyle = PALETTE.panel;
      context.fill();
      context.strokeStyle = PALETTE.panelEdge;
      context.lineWidth = 2;
      context.stroke();
      context.fillStyle = PALETTE.text;
      context.font = font(28, "bold");
      context.textBaseline = "middle";
      context.fillText(String(i + 1), key.x + key.width / 2, key.y + key.height / 2);
    });
  }

  // ── the rest of the contract ────────────────────────────────────────────────────────────

  level(): number {
    return this.staircase.level();
  }

  interrupt(_now: number): void {
    this.inputs.clear();
    this.unhandled = 0;
    // Windows already closed keep what they had; the item or sequence in progress is dropped
    // unrecorded and runs again (the same item; a fresh sequence) after a new lead-in.
    while (this.closing.length > 0) this.settle(this.closing.shift()!);
    const phase = this.phase.name;
    if (phase === "done") return;
    if (phase === "closing") {
      this.phase = { name: "done" };
      return;
    }
    if (this.params.task === "memory-pursuit" && (phase === "present" || phase === "recall" || phase === "lead-in")) this.newSequence();
    if (phase === "feedback" && this.next >= this.params.trials) {
      this.phase = { name: "done" };
      return;
    }
    this.phase = { name: "lead-in", since: null };
  }

  demonstrate(now: number): GameInput | null {
    const phase = this.phase;
    // A key already given but not yet handled would be given twice (the next digit is not known yet).
    const keyReady = this.unhandled === 0;
    if (
      keyReady &&
      phase.name === "item" &&
      phase.open?.item.match &&
      phase.open.response === null &&
      now >= phase.open.shownAt &&
      now < phase.open.shownAt + phase.open.windowMs
    ) {
      return { type: "key", key: " ", timeStamp: now };
    }
    if (keyReady && phase.name === "recall" && phase.shownAt !== null && now >= phase.shownAt && phase.typed.length < this.digits.length) {
      return { type: "key", key: String(this.digits[phase.typed.length]), timeStamp: now };
    }
    if (this.path && (phase.name === "lead-in" || phase.name === "item" || phase.name === "present")) {
      return { type: "pointermove", ...this.path.position(), timeStamp: now };
    }
    return null;
  }
}

export const optimizerEngine: FamilyEngine<OptimizerParams> = {
  family: "optimizer",
  create: (context) => new OptimizerGame(context),
};
