/**
 * Puts a build on a page: a canvas fitted to the container, the rAF loop, keyboard and pointer
 * events, pauses when the patient leaves the tab or the window. Browser only. All the timing
 * rules live in `session.ts`; this file only connects them to the DOM.
 */
import { FAMILY_ENGINES } from "../families/engines.ts";
import { mulberry32, randomSeed } from "./random.ts";
import { type FrameStats, type GameState, GameSession, type GameTick } from "./session.ts";
import { clientToLogical, fitStage, logicalToClient } from "./stage.ts";
import type { BuildDefinition, GameHost, Language, PlayedSession } from "./types.ts";

export interface MountOptions {
  build: BuildDefinition;
  /** Starting level; clamped into the build's difficulty range. */
  level: number;
  /** 0..1, already lowered for `prefers-reduced-motion` (see `reducedMotionFactor`). */
  motion: number;
  language: Language;
  /** Played time (pauses excluded) after which the session ends as "timeout". */
  durationSeconds: number;
  /** Fixes the trial sequence (demonstrations, tests); a fresh random seed otherwise. */
  seed?: number;
  /** Called exactly once, when the session ends for whatever reason (including `destroy()`). */
  onEnd: (result: PlayedSession) => void;
  onTick?: (tick: GameTick) => void;
}

/** An ideal player's next input, in the page's terms, so a test can turn it into real events. */
export type DemonstratedInput = { type: "key"; key: string } | { type: "pointerdown" | "pointermove" | "pointerup"; clientX: number; clientY: number };

export interface GameController {
  /** Pauses (the trial in progress is dropped); only `resume()` continues. */
  pause(): void;
  resume(): void;
  /** Ends the session as "stopped". */
  stop(): void;
  paused(): boolean;
  state(): GameState;
  frameStats(): FrameStats;
  /**
   * What `engine.demonstrate` asks for at the last frame, in client coordinates, or null. It
   * asks from the stimulus's first frame: answer it after a human delay (≥ 150 ms, see
   * `DEMONSTRATION_DELAY_MS`), or the engine rightly scores an anticipation.
   */
  demonstrate(): DemonstratedInput | null;
  /** Removes the canvas and every listener; ends the session as "stopped" if it is still on. */
  destroy(): void;
}

/** The delay a demonstration (or an end-to-end test) waits before giving the demonstrated input. */
export const DEMONSTRATION_DELAY_MS = 300;

/** Keys that scroll the page: while playing they belong to the game. */
const SCROLL_KEYS = new Set([" ", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End"]);

export function mountGame(container: HTMLElement, options: MountOptions): GameController {
  const { build } = options;
  const family = FAMILY_ENGINES[build.family];
  if (!family) throw new Error(`No engine for the ${build.family} family`);
  const { min, max } = build.difficulty;
  const level = Math.min(max, Math.max(min, Math.round(options.level)));
  const motion = Math.min(1, Math.max(0, options.motion));
  const engine = family.create({ build, level, motion, language: options.language, random: mulberry32(options.seed ?? randomSeed()) });

  const canvas = document.createElement("canvas");
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", build.title[options.language]);
  // touch-action none: a tap is an answer, never a scroll or a double-tap zoom.
  Object.assign(canvas.style, { position: "absolute", display: "block", touchAction: "none", userSelect: "none", webkitUserSelect: "none" });
  // The canvas is placed absolutely (centred by `fitStage`), so the container must be positioned.
  if (getComputedStyle(container).position === "static") container.style.position = "relative";
  container.appendChild(canvas);
  const context = canvas.getContext("2d", { alpha: false });
  if (!context) throw new Error("Canvas 2D is not available");

  let frame = 0;
  /** Stops the frame loop an engine lent through `GameHost.setFrameLoop` (a headset's), when one runs. */
  let lentLoop: (() => void) | null = null;
  const setState = () => {
    if (container.getAttribute("data-game-state") !== session.state) container.setAttribute("data-game-state", session.state);
  };
  const session = new GameSession({
    build,
    engine,
    levelStart: level,
    motion,
    durationSeconds: options.durationSeconds,
    onTick: options.onTick,
    onEnd: (result) => {
      container.setAttribute("data-game-state", "ended");
      options.onEnd(result);
    },
  });

  const layout = () => {
    const fit = fitStage(build.size, { width: container.clientWidth, height: container.clientHeight }, window.devicePixelRatio);
    canvas.width = fit.backingWidth;
    canvas.height = fit.backingHeight;
    Object.assign(canvas.style, { width: `${fit.cssWidth}px`, height: `${fit.cssHeight}px`, left: `${fit.offsetX}px`, top: `${fit.offsetY}px` });
    // Resizing the backing store resets the context: engines keep drawing in logical units.
    context.setTransform(fit.backingScale, 0, 0, fit.backingScale, 0, 0);
    session.redraw(context);
  };

  const loop = (timestamp: number) => {
    frame = 0;
    session.frame(timestamp, context);
    if (session.state === "running") frame = requestAnimationFrame(loop);
    setState();
  };
  const startLoop = () => {
    if (frame === 0 && lentLoop === null && session.state === "running") frame = requestAnimationFrame(loop);
  };
  const stopLoop = () => {
    if (frame !== 0) cancelAnimationFrame(frame);
    frame = 0;
  };

  const pauseAt = (pageTime: number) => {
    session.pause(pageTime);
    stopLoop();
    setState();
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.repeat || event.ctrlKey || event.metaKey || event.altKey || session.state !== "running") return;
    const target = event.target as HTMLElement | null;
    if (target?.isContentEditable || (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    if (SCROLL_KEYS.has(event.key)) event.preventDefault();
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    session.input({ type: "key", key, timeStamp: event.timeStamp });
  };
  const onPointer = (event: PointerEvent) => {
    // One finger plays; a palm or a second finger resting on a phone must not answer.
    if (!event.isPrimary) return;
    if (event.type === "pointerdown") event.preventDefault();
    const { x, y } = clientToLogical({ x: event.clientX, y: event.clientY }, canvas.getBoundingClientRect(), build.size);
    session.input({ type: event.type as "pointerdown" | "pointermove" | "pointerup", x, y, timeStamp: event.timeStamp });
  };
  // While a headset presents, the page loses focus and may be hidden: the engine pauses itself then.
  const onVisibility = (event: Event) => {
    if (document.visibilityState === "hidden" && lentLoop === null) pauseAt(event.timeStamp);
  };
  const onBlur = (event: FocusEvent) => {
    if (lentLoop === null) pauseAt(event.timeStamp);
  };

  window.addEventListener("keydown", onKey);
  for (const type of ["pointerdown", "pointermove", "pointerup"] as const) canvas.addEventListener(type, onPointer);
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("blur", onBlur);
  // Zooming changes devicePixelRatio and fires resize on the window, not always on the container.
  window.addEventListener("resize", layout);
  const observer = new ResizeObserver(layout);
  observer.observe(container);

  const host: GameHost = {
    setFrameLoop: (next) => {
      stopLoop();
      lentLoop?.();
      lentLoop = null;
      if (next) {
        lentLoop = next((timestamp) => {
          session.frame(timestamp, context);
          setState();
        });
      } else {
        startLoop();
      }
    },
    input: (input) => session.input(input),
    pause: () => pauseAt(performance.now()),
  };
  const detach = engine.attach?.(host);

  layout();
  setState();
  startLoop();

  const controller: GameController = {
    pause: () => pauseAt(performance.now()),
    resume: () => {
      session.resume(performance.now());
      startLoop();
      setState();
    },
    stop: () => {
      session.stop(performance.now());
      stopLoop();
    },
    paused: () => session.state === "paused",
    state: () => session.state,
    frameStats: () => session.frameStats(),
    demonstrate: () => {
      const input = session.demonstrate();
      if (!input) return null;
      if (input.type === "key") return { type: "key", key: input.key };
      const client = logicalToClient(input, canvas.getBoundingClientRect(), build.size);
      return { type: input.type, clientX: client.x, clientY: client.y };
    },
    destroy: () => {
      controller.stop();
      lentLoop?.();
      lentLoop = null;
      detach?.();
      window.removeEventListener("keydown", onKey);
      for (const type of ["pointerdown", "pointermove", "pointerup"] as const) canvas.removeEventListener(type, onPointer);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("resize", layout);
      observer.disconnect();
      canvas.remove();
    },
  };
  return controller;
}
