/**
 * Optimizer VR, the game itself: trials, timing, scoring, staircase, what each scene shows when,
 * and the 2D overlay. No three.js here: the scene is described as plain data (`SceneState`) that
 * a `SceneRenderer` draws (scene.ts, three.js, in the browser). Without one (the unit tests, a
 * browser without WebGL) the game draws a flat rendering of the same scene with the 2D canvas,
 * so it stays playable and testable.
 *
 * Timing rules as in every family: inputs are queued and handled in `update` by timeStamp,
 * `shownAt` is the `now` of the draw that first paints a stimulus, windows settle
 * `LATE_INPUT_GRACE_MS` after they close.
 */
import { drawProgress, fillTextBlock, font, PALETTE, roundedRect } from "../../runtime/draw.ts";
import { LATE_INPUT_GRACE_MS } from "../../runtime/input.ts";
import { integerBetween, type Random, shuffle } from "../../runtime/random.ts";
import { FlashGuard } from "../../runtime/safety.ts";
import { Staircase } from "../../runtime/staircase.ts";
import { TrialEngineBase } from "../../runtime/trial-engine.ts";
import type { GameContext, GameHost, GameInput, Outcome } from "../../runtime/types.ts";
import { LETTERS } from "../optimizer/metrics.ts";
import { type NbackItem, PursuitPath, planNback } from "../optimizer/plan.ts";
import { ANTICIPATION_MS, eccentricityAt, flowSpeedAt, type OptimizerVrBuild, type OptimizerVrParams, pursuitSpeedAt, symbolMsAt } from "./metrics.ts";
import { TEXTS } from "./texts.ts";
import { angleBetween, directionAt, directionOf, type FlatCamera, focalLength, project, unproject, type Vec3 } from "./view.ts";

/** Before the first trial (and after a pause) the scene runs alone for this long. */
export const LEAD_IN_MS = 1500;
/** The tunnel's radius and how many rings it shows (m, count). */
export const TUNNEL_RADIUS_M = 1.6;
export const TUNNEL_RINGS = 14;
/** Rings vanish this far ahead, fading in over `RING_FADE_M` before it: nothing large sweeps past the eyes. */
export const NEAREST_RING_M = 1.2;
export const RING_FADE_M = 2.5;

/** Where ring `k` is after `travelled` metres (m ahead), and how opaque it is there. */
export function ringAt(k: number, travelled: number, spacing: number): { depth: number; opacity: number } {
  const length = TUNNEL_RINGS * spacing;
  const depth = NEAREST_RING_M + ((((k * spacing - travelled) % length) + length) % length);
  const near = Math.min(1, (depth - NEAREST_RING_M) / RING_FADE_M);
  const far = Math.min(1, Math.max(0, (length + NEAREST_RING_M - depth) / (0.5 * length)));
  return { depth, opacity: Math.max(0, Math.min(near, far)) };
}
/** Where the tunnel's letters float, and the saccade fixation ring (m ahead). */
export const LETTER_DISTANCE_M = 4;
export const FIXATION_DISTANCE_M = 3;
/** The saccade disc's and the pursuit ball's sizes. */
export const DISC_RADIUS_DEG = 3;
export const BALL_RADIUS_M = 0.2;
/** Flow and ball accelerate at most this much: nothing starts or stops suddenly. */
const FLOW_ACCELERATION = 0.5;
const BALL_ACCELERATION_DEG = 20;
/** Mouse-look limits (degrees) and gain (degrees per logical px dragged). */
const LOOK_LIMITS = { yaw: 60, pitch: 30 };
const MARK_MS = 450;

export interface SceneTarget {
  direction: Vec3;
  distance: number;
  /** Angular radius. */
  radiusDeg: number;
  /** The saccade disc's arrow while it shows. */
  arrow: "left" | "right" | null;
}

/** What the scene shows this frame: everything a renderer needs, as plain data. */
export interface SceneState {
  scene: OptimizerVrParams["scene"];
  /** The flat camera (mouse-look); a headset uses the head's pose instead. */
  yaw: number;
  pitch: number;
  /** Tunnel: metres travelled, and the distance between rings. */
  travelled: number;
  spacing: number;
  /** Tunnel: the letter at the centre, or null. */
  letter: string | null;
  /** Saccades: the fixation ring is up. */
  fixation: boolean;
  target: SceneTarget | null;
  /** The prompt or the feedback, for the headset's panel (the page shows its own overlay). */
  panel: string;
}

/** What draws the scene in 3D (scene.ts). */
export interface SceneRenderer {
  /** Renders the frame; returns the image to copy into the 2D canvas, or null while a headset presents. */
  render(state: SceneState, pixelScale: number): CanvasImageSource | null;
  /** Where the head looks while a headset presents (pursuit's aim), else null. */
  gaze(): Vec3 | null;
  /** Whether an "Enter VR" button makes sense (WebXR immersive-vr is supported). */
  canEnterVr(): boolean;
  enterVr(): void;
  dispose(): void;
}
export type RendererFactory = (host: GameHost) => SceneRenderer | null;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
const inside = (r: Rect, x: number, y: number) => x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;

/** A tunnel letter whose window is open or in its grace period. */
interface OpenItem {
  item: NbackItem;
  level: number;
  speed: number;
  shownAt: number;
  response: number | null;
}

interface PlannedSaccade {
  side: "left" | "right";
  arrow: "left" | "right";
  /** Where on the view's clock (degrees, 0 = right, 90 = up). */
  angle: number;
  distance: number;
  foreperiodMs: number;
}

type Phase =
  | { name: "lead-in"; since: number | null }
  | { name: "item"; open: OpenItem | null }
  | { name: "closing" }
  | { name: "fixation"; since: number | null; level: number; eccentricity: number }
  | { name: "target"; fixationAt: number; shownAt: number | null; level: number; eccentricity: number }
  | { name: "sampling"; shownAt: number | null; level: number; errorSum: number; frames: number }
  | { name: "feedback"; until: number; good: boolean; text: string }
  | { name: "done" };

/** The saccade sides and arrows, balanced, and the rest drawn from the seed. */
export function planSaccades(random: Random, params: Extract<OptimizerVrParams, { scene: "saccades" }>): PlannedSaccade[] {
  const half = (i: number) => (i % 2 === 0 ? "left" : "right") as "left" | "right";
  const sides = shuffle(
    random,
    Array.from({ length: params.trials }, (_, i) => half(i)),
  );
  const arrows = shuffle(
    random,
    Array.from({ length: params.trials }, (_, i) => half(i)),
  );
  return sides.map((side, i) => ({
    side,
    arrow: arrows[i],
    // Within 35° of the horizontal on its side: a screen is wider than it is tall.
    angle: (side === "right" ? 0 : 180) + integerBetween(random, -35, 35),
    distance: 2 + integerBetween(random, 0, 30) / 10,
    foreperiodMs: integerBetween(random, params.foreperiodMs.min, params.foreperiodMs.max),
  }));
}

export class VrGame extends TrialEngineBase<Phase> {
  private readonly build: OptimizerVrBuild;
  private readonly params: OptimizerVrParams;
  private readonly language: GameContext["language"];
  private readonly motion: number;
  private readonly staircase: Staircase;
  private unhandled = 0;
  protected phase: Phase = { name: "lead-in", since: null };
  private next = 0;
  // Tunnel
  private readonly stream: NbackItem[] = [];
  private readonly closing: OpenItem[] = [];
  private travelled = 0;
  private flowSpeed = 0;
  // Saccades
  private readonly saccades: PlannedSaccade[] = [];
  // Pursuit
  private readonly path: PursuitPath | null = null;
  private pathTravelled = 0;
  private pointer: { x: number; y: number };
  // View and input
  private yaw = 0;
  private pitch = 0;
  private drag: { x: number; y: number; yaw: number; pitch: number } | null = null;
  private lastUpdate = 0;
  private readonly mark = new FlashGuard<"good" | "bad" | null>(null);
  private markUntil = Number.NEGATIVE_INFINITY;
  private markGood = true;
  private note: { text: string; until: number } | null = null;
  // Rendering
  private renderer: SceneRenderer | null = null;

  constructor(
    context: GameContext<OptimizerVrParams>,
    private readonly rendererFactory: RendererFactory | null = null,
  ) {
    super();
    this.build = context.build;
    this.params = context.build.params;
    this.language = context.language;
    this.motion = Math.min(1, Math.max(0, context.motion));
    const { min, max } = this.build.difficulty;
    this.staircase = new Staircase({ min, max, start: context.level });
    const params = this.params;
    const { width, height } = this.build.size;
    this.pointer = { x: width / 2, y: height / 2 };
    if (params.scene === "tunnel")
      this.stream = planNback(context.random, { n: params.n, trials: params.trials, matchShare: params.matchShare, alphabet: LETTERS });
    if (params.scene === "saccades") {
      this.saccades = planSaccades(context.random, params);
      this.phase = this.fixation();
    }
    if (params.scene === "pursuit") {
      // The path runs in degrees: azimuth across, elevation up and down; motion shrinks its reach.
      const reach = { azimuth: 8 + 27 * this.motion, elevation: 4 + 12 * this.motion };
      this.path = new PursuitPath(context.random, { x: -reach.azimuth, y: -reach.elevation, width: 2 * reach.azimuth, height: 2 * reach.elevation }, 0);
    }
  }

  // ── the scene's layout on the page ──────────────────────────────────────────────────────

  private get size() {
    return this.build.size;
  }
  private matchButton(): Rect {
    return { x: this.size.width / 2 - 140, y: this.size.height - 68, width: 280, height: 54 };
  }
  private answerButtons(): { left: Rect; right: Rect } {
    const y = this.size.height - 68;
    return { left: { x: 16, y, width: 200, height: 54 }, right: { x: this.size.width - 216, y, width: 200, height: 54 } };
  }
  private vrButton(): Rect {
    return { x: this.size.width - 150, y: 44, width: 138, height: 40 };
  }
  private camera(): FlatCamera {
    return { yaw: this.yaw, pitch: this.pitch, width: this.size.width, height: this.size.height };
  }

  // ── time ────────────────────────────────────────────────────────────────────────────────

  update(now: number): void {
    super.update(now);
    const dt = Math.max(0, now - this.lastUpdate);
    this.lastUpdate = Math.max(this.lastUpdate, now);
    if (this.params.scene === "tunnel") this.flow(dt);
    if (this.path) {
      const moving = this.phase.name === "lead-in" || this.phase.name === "sampling";
      const before = this.path.position();
      this.path.advance(dt, moving ? pursuitSpeedAt(this.build, this.staircase.level(), this.motion) : 0, BALL_ACCELERATION_DEG);
      const after = this.path.position();
      this.pathTravelled += Math.hypot(after.x - before.x, after.y - before.y);
    }
  }

  /** The tunnel streams at its level's speed, easing towards it, and stops at the end. */
  private flow(dtMs: number): void {
    const wanted = this.phase.name === "done" ? 0 : flowSpeedAt(this.build, this.staircase.level(), this.motion);
    const step = (FLOW_ACCELERATION * dtMs) / 1000;
    this.flowSpeed += Math.max(-step, Math.min(step, wanted - this.flowSpeed));
    this.travelled += (this.flowSpeed * dtMs) / 1000;
  }

  input(input: GameInput): void {
    if (input.type !== "pointermove") this.unhandled++;
    super.input(input);
  }

  protected advance(t: number): void {
    for (;;) {
      const first = this.closing[0];
      if (first && t >= first.shownAt + this.itemMs() + LATE_INPUT_GRACE_MS) {
        this.settleItem(this.closing.shift()!);
        continue;
      }
      const phase = this.phase;
      const params = this.params;
      if (phase.name === "lead-in" && phase.since !== null && t >= phase.since + LEAD_IN_MS) {
        this.phase = params.scene === "pursuit" ? this.window() : this.nextItem();
      } else if (phase.name === "item" && phase.open && t >= phase.open.shownAt + this.itemMs()) {
        this.closing.push(phase.open);
        this.next++;
        this.phase = this.nextItem();
      } else if (phase.name === "closing" && this.closing.length === 0) {
        this.phase = { name: "done" };
      } else if (phase.name === "fixation" && phase.since !== null && t >= phase.since + this.saccades[this.next].foreperiodMs) {
        this.phase = { name: "target", fixationAt: phase.since, shownAt: null, level: phase.level, eccentricity: phase.eccentricity };
      } else if (
        phase.name === "target" &&
        phase.shownAt !== null &&
        params.scene === "saccades" &&
        t >= phase.shownAt + params.responseMs + LATE_INPUT_GRACE_MS
      ) {
        this.resolveSaccade(phase, phase.shownAt, null, null, phase.shownAt + params.responseMs);
      } else if (phase.name === "sampling" && phase.shownAt !== null && params.scene === "pursuit" && t >= phase.shownAt + params.sampleMs) {
        this.recordSample(phase);
      } else if (phase.name === "feedback" && t >= phase.until) {
        this.phase = this.next >= this.params.trials ? { name: "done" } : this.fixation();
      } else {
        return;
      }
    }
  }

  private itemMs(): number {
    return this.params.scene === "tunnel" ? this.params.itemMs : 0;
  }
  private nextItem(): Phase {
    return this.next < this.stream.length ? { name: "item", open: null } : { name: "closing" };
  }
  private fixation(): Phase {
    const level = this.staircase.level();
    return { name: "fixation", since: null, level, eccentricity: Math.round(eccentricityAt(this.build, level, this.motion) * 10) / 10 };
  }
  private window(): Phase {
    return this.next < this.params.trials ? { name: "sampling", shownAt: null, level: this.staircase.level(), errorSum: 0, frames: 0 } : { name: "done" };
  }

  // ── answers ─────────────────────────────────────────────────────────────────────────────

  protected answer(input: GameInput): void {
    if (input.type !== "pointermove") this.unhandled--;
    if (input.type !== "key") {
      this.pointer = { x: input.x, y: input.y };
      if (this.look(input)) return;
    }
    if (input.type === "pointerdown" && this.renderer?.canEnterVr() && inside(this.vrButton(), input.x, input.y)) {
      this.renderer.enterVr();
      return;
    }
    if (this.params.scene === "tunnel") this.answerTunnel(input);
    if (this.params.scene === "saccades") this.answerSaccade(input);
  }

  /** Mouse-look: a drag that starts off the buttons turns the flat camera (not in pursuit, where the pointer aims). Returns whether it used the input. */
  private look(input: Exclude<GameInput, { type: "key" }>): boolean {
    if (this.params.scene === "pursuit") return false;
    if (input.type === "pointerup") {
      const dragged = this.drag !== null;
      this.drag = null;
      return dragged;
    }
    if (input.type === "pointermove") {
      if (!this.drag) return true;
      // Drag the world: the scene follows the finger, as in a photo sphere.
      const gain = VERTICAL_DEG_PER_PX(this.size.height);
      this.yaw = clamp(this.drag.yaw - (input.x - this.drag.x) * gain, LOOK_LIMITS.yaw);
      this.pitch = clamp(this.drag.pitch + (input.y - this.drag.y) * gain, LOOK_LIMITS.pitch);
      return true;
    }
    const buttons = this.params.scene === "tunnel" ? [this.matchButton()] : [this.answerButtons().left, this.answerButtons().right];
    if (this.renderer?.canEnterVr()) buttons.push(this.vrButton());
    if (buttons.some((b) => inside(b, input.x, input.y))) return false;
    this.drag = { x: input.x, y: input.y, yaw: this.yaw, pitch: this.pitch };
    return true;
  }

  private answerTunnel(input: GameInput): void {
    const press = input.type === "key" ? [" ", "Enter", "m"].includes(input.key) : input.type === "pointerdown" && inside(this.matchButton(), input.x, input.y);
    if (!press) return;
    const t = input.timeStamp;
    const open = [...this.closing, ...(this.phase.name === "item" && this.phase.open ? [this.phase.open] : [])].find(
      (item) => t >= item.shownAt && t < item.shownAt + this.itemMs(),
    );
    if (!open || open.response !== null) return;
    open.response = t;
    const good = open.item.match && t - open.shownAt >= ANTICIPATION_MS;
    this.markGood = good;
    this.markUntil = t + MARK_MS;
    if (!good) this.note = { text: TEXTS.notMatch[this.language], until: t + 2 * MARK_MS };
  }

  private settleItem(open: OpenItem): void {
    const rtMs = open.response === null ? null : open.response - open.shownAt;
    const outcome: Outcome =
      rtMs === null ? (open.item.match ? "omission" : "correct-rejection") : rtMs < ANTICIPATION_MS ? "anticipation" : open.item.match ? "hit" : "commission";
    const correct = outcome === "hit" || outcome === "correct-rejection";
    this.record({
      kind: "nback",
      condition: open.item.match ? "match" : "nonmatch",
      level: open.level,
      shownAt: open.shownAt,
      respondedAt: open.response,
      rtMs,
      correct,
      outcome,
      value: open.speed,
    });
    this.staircase.record(correct);
    if (outcome === "omission") this.note = { text: TEXTS.missedMatch[this.language], until: open.shownAt + this.itemMs() + 3 * MARK_MS };
  }

  private answerSaccade(input: GameInput): void {
    let side: "left" | "right" | null = null;
    if (input.type === "key") side = ["ArrowLeft", "f"].includes(input.key) ? "left" : ["ArrowRight", "j"].includes(input.key) ? "right" : null;
    else if (input.type === "pointerdown") {
      const { left, right } = this.answerButtons();
      side = inside(left, input.x, input.y) ? "left" : inside(right, input.x, input.y) ? "right" : null;
    }
    if (side === null) return;
    const t = input.timeStamp;
    const phase = this.phase;
    if (phase.name === "fixation" && phase.since !== null && t >= phase.since) {
      this.resolveSaccade(
        { name: "target", fixationAt: phase.since, shownAt: null, level: phase.level, eccentricity: phase.eccentricity },
        phase.since,
        t,
        side,
        t,
        true,
      );
    } else if (phase.name === "target" && t >= phase.fixationAt && this.params.scene === "saccades") {
      const shown = phase.shownAt !== null && t >= phase.shownAt;
      if (shown && t >= phase.shownAt! + this.params.responseMs) return;
      this.resolveSaccade(phase, shown ? phase.shownAt! : phase.fixationAt, t, side, t, !shown);
    }
  }

  private resolveSaccade(
    phase: Extract<Phase, { name: "target" }>,
    shownAt: number,
    respondedAt: number | null,
    side: "left" | "right" | null,
    at: number,
    premature = false,
  ): void {
    const planned = this.saccades[this.next];
    const rtMs = respondedAt === null ? null : respondedAt - shownAt;
    const outcome: Outcome = rtMs === null ? "omission" : premature || rtMs < ANTICIPATION_MS ? "anticipation" : side === planned.arrow ? "hit" : "miss";
    const correct = outcome === "hit";
    this.record({ kind: "saccade", condition: planned.side, level: phase.level, shownAt, respondedAt, rtMs, correct, outcome, value: phase.eccentricity });
    if (outcome !== "anticipation") this.staircase.record(correct);
    this.next++;
    const text = { hit: TEXTS.right_, miss: TEXTS.wrongWay, omission: TEXTS.tooSlow, anticipation: TEXTS.tooEarly } as const;
    const feedback = this.params.scene === "saccades" ? this.params.feedbackMs : 0;
    this.phase = { name: "feedback", until: at + feedback, good: correct, text: text[outcome as keyof typeof text][this.language] };
  }

  private recordSample(phase: Extract<Phase, { name: "sampling" }>): void {
    if (this.params.scene !== "pursuit" || phase.shownAt === null) return;
    const error = phase.frames === 0 ? 0 : Math.round((phase.errorSum / phase.frames) * 100) / 100;
    this.record({
      kind: "pursuit",
      condition: "",
      level: phase.level,
      shownAt: phase.shownAt,
      respondedAt: null,
      rtMs: null,
      correct: null,
      outcome: "sample",
      value: error,
    });
    this.staircase.record(error <= this.params.toleranceDeg);
    this.next++;
    this.phase = this.window();
  }

  // ── what the scene shows ────────────────────────────────────────────────────────────────

  /** The pursuit ball's direction and distance now. */
  private ball(): { direction: Vec3; distance: number } {
    const p = this.path!.position();
    const params = this.params;
    const { near, far } = params.scene === "pursuit" ? params.depthM : { near: 3, far: 3 };
    // In and out as it goes along: the depth changes with the distance travelled, never on its own.
    const distance = (near + far) / 2 + ((far - near) / 2) * Math.sin(this.pathTravelled / 25);
    return { direction: directionOf(p.x, -p.y), distance };
  }

  /** The aim: the head's gaze in a headset, the pointer's ray on a screen. */
  private aim(): Vec3 {
    return this.renderer?.gaze() ?? unproject(this.pointer.x, this.pointer.y, this.camera());
  }

  sceneState(now: number): SceneState {
    const phase = this.phase;
    const params = this.params;
    let letter: string | null = null;
    let target: SceneTarget | null = null;
    if (phase.name === "item" && phase.open && params.scene === "tunnel" && now < phase.open.shownAt + params.itemMs * params.visibleShare)
      letter = phase.open.item.symbol;
    if (phase.name === "target" && phase.shownAt !== null && params.scene === "saccades" && now < phase.shownAt + params.responseMs) {
      const planned = this.saccades[this.next];
      target = {
        direction: directionAt(phase.eccentricity, planned.angle),
        distance: planned.distance,
        radiusDeg: DISC_RADIUS_DEG,
        arrow: now < phase.shownAt + symbolMsAt(this.build, phase.level) ? planned.arrow : null,
      };
    }
    if (this.path && phase.name !== "done") {
      const { direction, distance } = this.ball();
      target = { direction, distance, radiusDeg: (Math.atan(BALL_RADIUS_M / distance) * 180) / Math.PI, arrow: null };
    }
    return {
      scene: params.scene,
      yaw: this.yaw,
      pitch: this.pitch,
      travelled: this.travelled,
      spacing: params.scene === "tunnel" ? params.ringSpacingM : 1,
      letter,
      fixation: phase.name === "fixation" || (phase.name === "target" && phase.shownAt === null),
      target,
      panel: this.panelText(),
    };
  }

  private prompt(): string {
    const params = this.params;
    if (params.scene === "tunnel") return (params.n === 1 ? TEXTS.tunnel1 : TEXTS.tunnelN)[this.language].replace("{n}", String(params.n));
    if (params.scene === "saccades") return TEXTS.saccades[this.language];
    return TEXTS.pursuit[this.language];
  }

  private panelText(): string {
    const phase = this.phase;
    if (phase.name === "done") return TEXTS.finished[this.language];
    if (phase.name === "feedback") return phase.text;
    if (this.params.scene === "pursuit") return TEXTS.pursuitHeadset[this.language];
    return this.prompt();
  }

  // ── drawing ─────────────────────────────────────────────────────────────────────────────

  draw(context: CanvasRenderingContext2D, now: number): void {
    const phase = this.phase;
    if (phase.name === "lead-in" && phase.since === null) phase.since = now;
    if (phase.name === "item" && phase.open === null) {
      phase.open = { item: this.stream[this.next], level: this.staircase.level(), speed: Math.floor(this.flowSpeed * 100) / 100, shownAt: now, response: null };
    }
    if (phase.name === "fixation" && phase.since === null) phase.since = now;
    if (phase.name === "target" && phase.shownAt === null) phase.shownAt = now;
    if (phase.name === "sampling" && phase.shownAt === null) phase.shownAt = now;
    if (phase.name === "sampling" && this.path) {
      phase.errorSum += angleBetween(this.aim(), this.ball().direction);
      phase.frames++;
    }

    const { width, height } = this.size;
    context.fillStyle = PALETTE.background;
    context.fillRect(0, 0, width, height);
    const state = this.sceneState(now);
    const scale = typeof context.getTransform === "function" ? context.getTransform().a || 1 : 1;
    const image = this.renderer?.render(state, scale) ?? null;
    if (image) context.drawImage(image, 0, 0, width, height);
    else drawFlatScene(context, state, this.camera());
    this.drawOverlay(context, now, image === null && this.renderer !== null && this.renderer.gaze() !== null);
  }

  private drawOverlay(context: CanvasRenderingContext2D, now: number, inHeadset: boolean): void {
    const { width } = this.size;
    const phase = this.phase;
    // A calm band behind the prompt, so it reads over the scene.
    context.fillStyle = "rgba(29, 39, 51, 0.82)";
    context.fillRect(0, 0, width, 38);
    context.fillStyle = PALETTE.muted;
    context.font = font(18);
    fillTextBlock(context, inHeadset ? TEXTS.inHeadset[this.language] : this.prompt(), width / 2, 9, width - 48, 22);

    if (this.params.scene === "pursuit" && phase.name !== "done" && !inHeadset) {
      // The pointer's ring, as Optimizer draws it.
      context.beginPath();
      context.arc(this.pointer.x, this.pointer.y, 22, 0, Math.PI * 2);
      context.strokeStyle = "#7cc6fe";
      context.lineWidth = 3;
      context.stroke();
    }
    const mark = this.mark.show(now < this.markUntil ? (this.markGood ? "good" : "bad") : null, now);
    if (this.params.scene === "tunnel") this.button(context, this.matchButton(), `${TEXTS.match[this.language]} (${TEXTS.matchKey[this.language]})`, mark);
    if (this.params.scene === "saccades") {
      const { left, right } = this.answerButtons();
      this.button(context, left, TEXTS.left[this.language], null);
      this.button(context, right, TEXTS.right[this.language], null);
    }
    if (this.renderer?.canEnterVr() && !inHeadset) this.button(context, this.vrButton(), TEXTS.enterVr[this.language], null, 18);

    let message: { text: string; colour: string } | null = null;
    if (phase.name === "feedback") message = { text: phase.text, colour: phase.good ? PALETTE.good : PALETTE.bad };
    else if (phase.name === "done") message = { text: TEXTS.finished[this.language], colour: PALETTE.text };
    else if (phase.name === "lead-in") message = { text: TEXTS.getReady[this.language], colour: PALETTE.text };
    else if (this.note && now < this.note.until) message = { text: this.note.text, colour: PALETTE.bad };
    if (message) {
      context.font = font(24, "bold");
      const textWidth = Math.min(width - 80, context.measureText(message.text).width + 40);
      roundedRect(context, width / 2 - textWidth / 2, 48, textWidth, 40, 12);
      context.fillStyle = "rgba(29, 39, 51, 0.85)";
      context.fill();
      context.fillStyle = message.colour;
      context.textAlign = "center";
      context.textBaseline = "middle";
      context.fillText(message.text, width / 2, 68);
    }
    drawProgress(context, this.size, this.next, this.params.trials, { bottom: 8, thickness: 4 });
  }

  private button(context: CanvasRenderingContext2D, rect: Rect, label: string, mark: "good" | "bad" | null, size = 22): void {
    roundedRect(context, rect.x, rect.y, rect.width, rect.height, 12);
    context.fillStyle = mark === "good" ? PALETTE.tintGood : mark === "bad" ? PALETTE.tintBad : "rgba(38, 55, 74, 0.92)";
    context.fill();
    context.strokeStyle = mark === "good" ? PALETTE.good : mark === "bad" ? PALETTE.bad : PALETTE.panelEdge;
    context.lineWidth = 3;
    context.stroke();
    context.fillStyle = PALETTE.text;
    context.font = font(size, "bold");
    context.textAlign = "center";
    context.textBaseline = "middle";
    context.fillText(label, rect.x + rect.width / 2, rect.y + rect.height / 2);
  }

  // ── the rest of the contract ────────────────────────────────────────────────────────────

  level(): number {
    return this.staircase.level();
  }

  interrupt(_now: number): void {
    this.inputs.clear();
    this.unhandled = 0;
    this.drag = null;
    while (this.closing.length > 0) this.settleItem(this.closing.shift()!);
    const phase = this.phase.name;
    if (phase === "done") return;
    if (phase === "closing" || (phase === "feedback" && this.next >= this.params.trials)) {
      this.phase = { name: "done" };
      return;
    }
    // The trial in progress is dropped unrecorded and runs again after the pause.
    this.phase = this.params.scene === "saccades" ? this.fixation() : { name: "lead-in", since: null };
  }

  demonstrate(now: number): GameInput | null {
    const phase = this.phase;
    const params = this.params;
    const keyReady = this.unhandled === 0;
    if (
      keyReady &&
      phase.name === "item" &&
      phase.open?.item.match &&
      phase.open.response === null &&
      now >= phase.open.shownAt &&
      now < phase.open.shownAt + this.itemMs()
    ) {
      return { type: "key", key: " ", timeStamp: now };
    }
    if (
      keyReady &&
      phase.name === "target" &&
      phase.shownAt !== null &&
      params.scene === "saccades" &&
      now >= phase.shownAt &&
      now < phase.shownAt + params.responseMs
    ) {
      return { type: "key", key: this.saccades[this.next].arrow === "left" ? "ArrowLeft" : "ArrowRight", timeStamp: now };
    }
    if (this.path && (phase.name === "lead-in" || phase.name === "sampling")) {
      const { direction, distance } = this.ball();
      const at = project(scaleVec(direction, distance), this.camera());
      if (at) return { type: "pointermove", x: at.x, y: at.y, timeStamp: now };
    }
    return null;
  }

  attach(host: GameHost): () => void {
    this.renderer = this.rendererFactory?.(host) ?? null;
    return () => {
      this.renderer?.dispose();
      this.renderer = null;
    };
  }
}

const scaleVec = (v: Vec3, k: number): Vec3 => ({ x: v.x * k, y: v.y * k, z: v.z * k });
const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
/** Degrees of view per logical px at the flat camera's centre. */
const VERTICAL_DEG_PER_PX = (height: number) => (Math.atan(1 / focalLength(height)) * 180) / Math.PI;

/**
 * The scene with the 2D canvas: what a browser without WebGL shows (and what the unit tests
 * record). The same geometry as the 3D scene, in outline.
 */
export function drawFlatScene(context: CanvasRenderingContext2D, state: SceneState, camera: FlatCamera): void {
  const focal = focalLength(camera.height);
  if (state.scene === "tunnel") {
    for (let k = 0; k < TUNNEL_RINGS; k++) {
      const { depth, opacity } = ringAt(k, state.travelled, state.spacing);
      const centre = project({ x: 0, y: 0, z: -depth }, camera);
      if (!centre || opacity <= 0) continue;
      context.globalAlpha = opacity;
      context.strokeStyle = PALETTE.panelEdge;
      context.lineWidth = 2;
      context.beginPath();
      context.arc(centre.x, centre.y, (TUNNEL_RADIUS_M * focal) / depth, 0, Math.PI * 2);
      context.stroke();
    }
    context.globalAlpha = 1;
    const middle = project({ x: 0, y: 0, z: -LETTER_DISTANCE_M }, camera);
    if (middle && state.letter !== null) {
      const r = (0.32 * focal) / LETTER_DISTANCE_M;
      context.fillStyle = "#ffd166";
      context.beginPath();
      context.arc(middle.x, middle.y, r, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = PALETTE.background;
      context.font = font(Math.round(r * 1.2), "bold");
      context.textAlign = "center";
      context.textBaseline = "middle";
      context.fillText(state.letter, middle.x, middle.y + 2);
    }
  }
  if (state.fixation) {
    const at = project({ x: 0, y: 0, z: -FIXATION_DISTANCE_M }, camera);
    if (at) {
      context.strokeStyle = PALETTE.text;
      context.lineWidth = 3;
      context.beginPath();
      context.arc(at.x, at.y, 10, 0, Math.PI * 2);
      context.stroke();
    }
  }
  if (state.target) {
    const { direction, distance, radiusDeg, arrow } = state.target;
    const at = project(scaleVec(direction, distance), camera);
    if (at) {
      const r = Math.tan((radiusDeg * Math.PI) / 180) * focal * (distance / at.depth);
      context.fillStyle = "#ffd166";
      context.beginPath();
      context.arc(at.x, at.y, r, 0, Math.PI * 2);
      context.fill();
      if (arrow) drawArrow(context, at.x, at.y, r * 0.7, arrow);
    }
  }
}

/** A bold arrow pointing left or right, centred on (x, y), `half` wide each side. */
export function drawArrow(context: CanvasRenderingContext2D, x: number, y: number, half: number, way: "left" | "right"): void {
  const s = way === "left" ? -1 : 1;
  context.fillStyle = PALETTE.background;
  context.beginPath();
  context.moveTo(x + s * half, y);
  context.lineTo(x + s * half * 0.1, y - half * 0.75);
  context.lineTo(x + s * half * 0.1, y - half * 0.3);
  context.lineTo(x - s * half, y - half * 0.3);
  context.lineTo(x - s * half, y + half * 0.3);
  context.lineTo(x + s * half * 0.1, y + half * 0.3);
  context.lineTo(x + s * half * 0.1, y + half * 0.75);
  context.closePath();
  context.fill();
}
