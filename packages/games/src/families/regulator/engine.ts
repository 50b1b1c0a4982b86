/**
 * Regulator, the playing side. A block: the target rests at its path's start for `holdMs`
 * (timed from its first paint), then moves, its phase advancing continuously through the
 * block's segments. A segment starts at the frame that first paints it (its `shownAt`), at the
 * speed of the staircase's level, and lasts `segmentMs`; `LATE_INPUT_GRACE_MS` later, when every
 * pointer event of it has arrived, it is measured and recorded, and the next segment starts at
 * the following paint with the new level's speed (the target keeps moving meanwhile, unmeasured,
 * so it never stops or jumps within a block; a speed change changes only its pace).
 *
 * Pointer events are queued and taken in timestamp order in `update` (runtime/input.ts); they
 * build the pointer's trace, which `measure` samples (see plan.ts and metrics.ts).
 *
 * Safety: the screen stays one colour; speeds and path sizes scale with the motion setting
 * (speed × motion, size × (0.5 + 0.5 × motion)); nothing repeats in a pattern; the ring that
 * tells "on target" is small and its colour changes at most three times a second.
 */
import { font, fillTextBlock, PALETTE } from "../../runtime/draw.ts";
import { InputQueue, LATE_INPUT_GRACE_MS } from "../../runtime/input.ts";
import { FlashGuard } from "../../runtime/safety.ts";
import { Staircase } from "../../runtime/staircase.ts";
import type { FamilyEngine, GameContext, GameEngine, GameInput, TrialRecord } from "../../runtime/types.ts";
import { conditionOf, ON_TARGET_SHARE, onTargetRadius, type RegulatorBuild, type RegulatorParams, speedAt } from "./metrics.ts";
import { type Area, areaOf, measure, Path, type PlannedBlock, type Point, planBlocks, type Trace } from "./plan.ts";
import { TEXTS } from "./texts.ts";

type Phase =
  /** The target rests at the block's start; it moves `holdMs` after `since` (null until first painted). */
  { name: "hold"; since: number | null } | { name: "moving" } | { name: "done" };

interface Segment {
  /** First paint (null until drawn: the segment is due). */
  start: number | null;
  level: number;
  /** Mean speed along the path as moved (px/s, after the motion setting). */
  speed: number;
  /** The phase at `start` and its rate (rad/ms) through the segment. */
  theta0: number;
  omega: number;
  path: Path;
}

const TARGET = "#ffd166";
const POINTER = "#7cc6fe";

class RegulatorGame implements GameEngine {
  private readonly build: RegulatorBuild;
  private readonly params: RegulatorParams;
  private readonly blocks: PlannedBlock[];
  private readonly area: Area;
  private readonly staircase: Staircase;
  private readonly records: TrialRecord[] = [];
  private readonly inputs = new InputQueue();
  private readonly trace: Trace = [];
  private readonly ring = new FlashGuard<boolean>(false);
  private readonly language: GameContext["language"];
  private readonly motion: number;
  private readonly radius: number;
  private phase: Phase = { name: "hold", since: null };
  private path: Path;
  /** The target's phase: θ(t) = theta0 + omega · (t − t0). */
  private kinematics = { t0: 0, theta0: 0, omega: 0 };
  /** The segment in progress (moving, not yet ended), and the one ended but not yet measured. */
  private current: Segment | null = null;
  private ended: Segment | null = null;
  /** The plan's next segment: the one in progress or about to start. */
  private next = 0;
  private lastShare: number | null = null;

  constructor(context: GameContext<RegulatorParams>) {
    this.build = context.build;
    this.params = this.build.params;
    this.language = context.language;
    this.motion = Math.min(1, Math.max(0, context.motion));
    this.blocks = planBlocks(this.params, context.random);
    this.area = areaOf(this.params, this.build.size);
    this.radius = onTargetRadius(this.params);
    const { min, max } = this.build.difficulty;
    this.staircase = new Staircase({ min, max, start: context.level });
    this.path = this.pathOf(0);
  }

  private pathOf(segment: number): Path {
    const block = this.blocks[Math.floor(segment / this.params.blockSegments)];
    return new Path(block.shape, block.direction, this.area, 0.5 + 0.5 * this.motion);
  }

  private thetaAt(t: number): number {
    const k = this.kinematics;
    return k.theta0 + k.omega * (t - k.t0);
  }

  private targetAt(t: number): Point {
    return this.path.at(this.thetaAt(t));
  }

  update(now: number): void {
    for (const input of this.inputs.takeUntil(now)) {
      this.advance(input.timeStamp);
      this.track(input);
    }
    this.advance(now);
  }

  input(input: GameInput): void {
    this.inputs.push(input);
  }

  private track(input: GameInput): void {
    if (input.type === "key") return;
    // A mouse hovers (moves without a press); a finger moves only while down, and is gone when lifted.
    if (input.type === "pointerup") this.trace.push({ t: input.timeStamp, lost: true });
    else this.trace.push({ t: input.timeStamp, x: input.x, y: input.y });
  }

  private advance(t: number): void {
    for (;;) {
      const phase = this.phase;
      if (phase.name === "hold" && phase.since !== null && t >= phase.since + this.params.holdMs) {
        this.phase = { name: "moving" };
        this.newSegment();
      } else if (phase.name === "moving" && this.current?.start != null && t >= this.current.start + this.params.segmentMs) {
        this.ended = this.current;
        this.current = null;
      } else if (phase.name === "moving" && this.ended?.start != null && t >= this.ended.start + this.params.segmentMs + LATE_INPUT_GRACE_MS) {
        this.settle();
        this.afterSegment(false);
      } else {
        return;
      }
    }
  }

  /** The next segment is due, at the staircase's level; it starts (and takes its speed) at its first paint. */
  private newSegment(): void {
    const level = this.staircase.level();
    this.current = { start: null, level, speed: speedAt(this.build, level) * this.motion, theta0: 0, omega: 0, path: this.path };
  }

  /** Measures and records the ended segment. */
  private settle(): void {
    const segment = this.ended;
    this.ended = null;
    if (!segment || segment.start === null) return;
    const start = segment.start;
    const target = (t: number) => segment.path.at(segment.theta0 + segment.omega * (t - start));
    const { meanErrorPx, onTargetShare } = measure(this.trace, target, start, this.params.segmentMs, this.radius);
    const rtMs = meanErrorPx === null ? null : Math.round(onTargetShare * this.params.segmentMs);
    this.records.push({
      index: this.records.length,
      kind: "pursuit",
      condition: conditionOf(segment.path.shape, segment.speed),
      level: segment.level,
      shownAt: start,
      respondedAt: rtMs === null ? null : start + rtMs,
      rtMs,
      correct: null,
      outcome: "sample",
      value: meanErrorPx === null ? null : Math.round(meanErrorPx * 100) / 100,
    });
    this.staircase.record(onTargetShare >= ON_TARGET_SHARE);
    this.lastShare = onTargetShare;
    this.next++;
    // Later segments start after this one ended: keep only the last event before its end.
    const end = start + this.params.segmentMs;
    let keepFrom = 0;
    while (keepFrom + 1 < this.trace.length && this.trace[keepFrom + 1].t <= end) keepFrom++;
    this.trace.splice(0, keepFrom);
  }

  /** After a segment: the next in the block, a new block's rest, or the end. */
  private afterSegment(rest: boolean): void {
    if (this.next >= this.params.segments) {
      this.phase = { name: "done" };
      this.current = null;
      return;
    }
    if (rest || this.next % this.params.blockSegments === 0) {
      this.path = this.pathOf(this.next);
      this.kinematics = { t0: 0, theta0: 0, omega: 0 };
      this.current = null;
      this.phase = { name: "hold", since: null };
      return;
    }
    this.newSegment();
  }

  draw(context: CanvasRenderingContext2D, now: number): void {
    if (this.phase.name === "hold" && this.phase.since === null) this.phase.since = now;
    if (this.phase.name === "moving" && this.current && this.current.start === null) {
      // The segment starts here: from its first paint the target moves at its level's speed.
      const theta0 = this.thetaAt(now);
      const omega = (2 * Math.PI * this.current.speed) / 1000 / this.path.length;
      this.kinematics = { t0: now, theta0, omega };
      Object.assign(this.current, { start: now, theta0, omega });
    }

    const { width, height } = this.build.size;
    const phase = this.phase;
    context.fillStyle = PALETTE.background;
    context.fillRect(0, 0, width, height);

    context.fillStyle = PALETTE.muted;
    context.font = font(19);
    fillTextBlock(context, TEXTS.prompt[this.language], width / 2, this.area.promptTop, width - 32, 24);
    context.font = font(17);
    fillTextBlock(context, this.status(), width / 2, this.area.statusTop, width - 32, 22);

    if (phase.name === "done") {
      context.fillStyle = PALETTE.text;
      context.font = font(30, "bold");
      fillTextBlock(context, TEXTS.finished[this.language], width / 2, this.area.centre.y - 18, width - 48, 36);
    } else {
      if (this.params.showPath) this.drawPath(context);
      const target = this.targetAt(now);
      const pointer = this.pointerNow();
      const on = this.ring.show(pointer !== null && Math.hypot(pointer.x - target.x, pointer.y - target.y) <= this.radius, now);
      context.strokeStyle = on ? PALETTE.good : PALETTE.panelEdge;
      context.lineWidth = 3;
      context.beginPath();
      context.arc(target.x, target.y, this.radius, 0, Math.PI * 2);
      context.stroke();
      context.fillStyle = TARGET;
      context.beginPath();
      context.arc(target.x, target.y, this.params.targetRadius, 0, Math.PI * 2);
      context.fill();
      if (pointer) {
        context.fillStyle = POINTER;
        context.strokeStyle = PALETTE.background;
        context.lineWidth = 2;
        context.beginPath();
        context.arc(pointer.x, pointer.y, 6, 0, Math.PI * 2);
        context.fill();
        context.stroke();
      }
    }

    context.fillStyle = PALETTE.panel;
    context.fillRect(16, height - 14, width - 32, 6);
    context.fillStyle = PALETTE.muted;
    context.fillRect(16, height - 14, ((width - 32) * this.records.length) / this.params.segments, 6);
  }

  private status(): string {
    if (this.phase.name === "hold") return TEXTS.ready[this.language];
    if (this.phase.name === "moving" && this.lastShare !== null) return `${TEXTS.onTarget[this.language]} ${Math.round(this.lastShare * 100)} %`;
    return "";
  }

  /** The pointer's last known position, or null (never seen, lifted, or lost to a pause). */
  private pointerNow(): Point | null {
    const last = this.trace.at(-1);
    return !last || "lost" in last ? null : { x: last.x, y: last.y };
  }

  private drawPath(context: CanvasRenderingContext2D): void {
    context.strokeStyle = PALETTE.panel;
    context.lineWidth = 6;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.beginPath();
    const steps = this.path.shape === "horizontal" || this.path.shape === "vertical" ? 2 : 180;
    for (let i = 0; i <= steps; i++) {
      // The lines: their two ends (θ = 0 and π); the curves: a full lap.
      const theta = steps === 2 ? (i === 0 ? 0 : Math.PI) : (i / steps) * 2 * Math.PI;
      const point = this.path.at(theta);
      if (i === 0) context.moveTo(point.x, point.y);
      else context.lineTo(point.x, point.y);
    }
    context.stroke();
  }

  trials(): readonly TrialRecord[] {
    return this.records;
  }

  level(): number {
    return this.staircase.level();
  }

  finished(): boolean {
    return this.phase.name === "done";
  }

  interrupt(now: number): void {
    this.inputs.clear();
    // The pointer may be anywhere after the pause: unknown until it moves again.
    this.trace.push({ t: now, lost: true });
    if (this.phase.name !== "moving") {
      if (this.phase.name === "hold") this.phase = { name: "hold", since: null };
      return;
    }
    // A segment that had ended is complete: measure it. The one in progress is dropped and runs again.
    if (this.ended) this.settle();
    this.afterSegment(true);
  }

  demonstrate(now: number): GameInput | null {
    if (this.phase.name === "done") return null;
    // The ideal patient's pointer is on the target's centre, at every moment, with no delay.
    return { type: "pointermove", ...this.targetAt(now), timeStamp: now };
  }
}

export const regulatorEngine: FamilyEngine<RegulatorParams> = {
  family: "regulator",
  create: (context) => new RegulatorGame(context),
};
