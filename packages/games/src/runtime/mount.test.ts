/**
 * mountGame against a hand-made stand-in for the few DOM pieces it touches (the tests run in
 * Node). The real browser is covered by the end-to-end tests; this checks the wiring: fit,
 * time offsets, coordinates, pauses, the single onEnd.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildById } from "../catalogue.ts";
import { DEMONSTRATION_DELAY_MS, type DemonstratedInput, mountGame } from "./mount.ts";
import { fakeContext } from "./testing.ts";
import type { PlayedSession } from "./types.ts";

type Listener = (event: Record<string, unknown>) => void;
class FakeTarget {
  listeners = new Map<string, Set<Listener>>();
  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }
  fire(type: string, event: Record<string, unknown> = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener({ type, preventDefault: () => {}, ...event });
  }
  count() {
    return [...this.listeners.values()].reduce((n, set) => n + set.size, 0);
  }
}

class FakeCanvas extends FakeTarget {
  style: Record<string, string> = {};
  width = 300;
  height = 150;
  attributes: Record<string, string> = {};
  removed = false;
  readonly fake = fakeContext();
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  getContext() {
    return this.fake.context;
  }
  getBoundingClientRect() {
    const px = (v: string | undefined) => Number.parseFloat(v ?? "0");
    // The container sits at (20, 10) on the page.
    return { left: 20 + px(this.style.left), top: 10 + px(this.style.top), width: px(this.style.width), height: px(this.style.height) };
  }
  remove() {
    this.removed = true;
  }
}

let frames: Map<number, (t: number) => void>;
let nextFrame: number;
let win: FakeTarget & { devicePixelRatio: number };
let doc: FakeTarget & { visibilityState: string; createElement: () => FakeCanvas };
let canvas: FakeCanvas;
let container: {
  clientWidth: number;
  clientHeight: number;
  style: Record<string, string>;
  attributes: Record<string, string>;
  appendChild: (c: FakeCanvas) => void;
  setAttribute: (n: string, v: string) => void;
  getAttribute: (n: string) => string | null;
};

beforeEach(() => {
  frames = new Map();
  nextFrame = 1;
  win = Object.assign(new FakeTarget(), { devicePixelRatio: 2 });
  doc = Object.assign(new FakeTarget(), {
    visibilityState: "visible",
    createElement: () => {
      canvas = new FakeCanvas();
      return canvas;
    },
  });
  container = {
    clientWidth: 1000,
    clientHeight: 600,
    style: {},
    attributes: {},
    appendChild: () => {},
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
    getAttribute(name) {
      return this.attributes[name] ?? null;
    },
  };
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", doc);
  vi.stubGlobal("getComputedStyle", () => ({ position: "static" }));
  vi.stubGlobal("requestAnimationFrame", (callback: (t: number) => void) => {
    frames.set(nextFrame, callback);
    return nextFrame++;
  });
  vi.stubGlobal("cancelAnimationFrame", (id: number) => frames.delete(id));
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Runs the pending animation frame at page time `t`. */
function frame(t: number) {
  const pending = [...frames.entries()];
  frames.clear();
  for (const [, callback] of pending) callback(t);
}

function mount(durationSeconds = 60) {
  const ends: PlayedSession[] = [];
  const controller = mountGame(container as unknown as HTMLElement, {
    build: buildById("reactor-quick")!,
    level: 99,
    motion: 2,
    language: "es",
    durationSeconds,
    seed: 4,
    onEnd: (result) => ends.push(result),
  });
  return { controller, ends };
}

describe("mountGame", () => {
  it("fits a crisp canvas into the container, centred, and labels it", () => {
    mount();
    // 928 × 415 into 1000 × 600 at 2 device pixels per CSS pixel: 2000 × 894 device pixels
    // (447.2 rounded down to whole device pixels), 76.5 px above and below.
    expect([canvas.style.width, canvas.style.height, canvas.style.left, canvas.style.top]).toEqual(["1000px", "447px", "0px", "76.5px"]);
    expect([canvas.width, canvas.height]).toEqual([2000, 894]);
    expect(canvas.style.touchAction).toBe("none");
    expect(canvas.attributes["aria-label"]).toBe("Reactor: prueba rápida");
    expect(container.style.position).toBe("relative");
    expect(container.attributes["data-game-state"]).toBe("running");
    const transform = canvas.fake.recording.find((op) => op.op === "call" && op.name === "setTransform");
    expect(transform).toEqual({ op: "call", name: "setTransform", args: [2000 / 928, 0, 0, 2000 / 928, 0, 0] });
  });

  it("plays a whole session from demonstrated inputs: RT from the painting frame to the event", () => {
    const { controller, ends } = mount();
    // What a Playwright test does: read the demonstration, wait a human delay, click there.
    let click: { clientX: number; clientY: number; at: number } | null = null;
    for (let t = 5000; ends.length === 0 && t < 60_000; t += 1000 / 60) {
      if (click && t >= click.at) {
        // A real event dispatched between frames, with its own timeStamp.
        canvas.fire("pointerdown", { isPrimary: true, clientX: click.clientX, clientY: click.clientY, timeStamp: click.at });
        click = null;
      }
      frame(t);
      const wanted: DemonstratedInput | null = click ? null : controller.demonstrate();
      if (wanted && wanted.type !== "key") click = { clientX: wanted.clientX, clientY: wanted.clientY, at: t + DEMONSTRATION_DELAY_MS };
    }
    expect(ends).toHaveLength(1);
    const [result] = ends;
    expect(result.ended).toBe("completed");
    expect(result.levelStart).toBe(20);
    expect(result.motion).toBe(1);
    expect(result.trials).toHaveLength(8);
    for (const trial of result.trials) {
      expect(trial.outcome).toBe("hit");
      expect(trial.rtMs).toBeCloseTo(DEMONSTRATION_DELAY_MS, 6);
    }
    expect(container.attributes["data-game-state"]).toBe("ended");
    expect(controller.frameStats().p50Ms).toBeCloseTo(1000 / 60, 6);
  });

  it("turns keys into lower-case inputs, drops repeats and keeps scroll keys from scrolling", () => {
    const { ends, controller } = mount();
    frame(1000);
    let prevented = 0;
    win.fire("keydown", { key: "X", timeStamp: 1010, preventDefault: () => prevented++ });
    win.fire("keydown", { key: " ", timeStamp: 1020, repeat: true, preventDefault: () => prevented++ });
    win.fire("keydown", { key: " ", timeStamp: 1030, preventDefault: () => prevented++ });
    frame(1050);
    controller.stop();
    // The space, in the fixation, is an anticipation 30 ms after the cross was painted.
    expect(ends[0].trials[0]).toMatchObject({ outcome: "anticipation", shownAt: 0, respondedAt: 30 });
    expect(prevented).toBe(1);
  });

  it("pauses on blur and on a hidden tab, and resumes only when asked", () => {
    const { controller, ends } = mount();
    frame(1000);
    frame(1100);
    win.fire("blur", { timeStamp: 1150 });
    expect(controller.paused()).toBe(true);
    expect(container.attributes["data-game-state"]).toBe("paused");
    expect(frames.size).toBe(0);
    controller.resume();
    expect(container.attributes["data-game-state"]).toBe("running");
    expect(frames.size).toBe(1);
    doc.visibilityState = "hidden";
    doc.fire("visibilitychange", { timeStamp: performance.now() });
    expect(controller.state()).toBe("paused");
    controller.stop();
    expect(ends.map((e) => e.ended)).toEqual(["stopped"]);
    // Played time: 150 ms before the blur, and almost nothing between resume and hiding.
    expect(ends[0].durationMs).toBeGreaterThanOrEqual(150);
    expect(ends[0].durationMs).toBeLessThan(1000);
  });

  it("ends on its duration as a timeout", () => {
    const { ends } = mount(2);
    for (let t = 0; t <= 2100; t += 1000 / 60) frame(t);
    expect(ends.map((e) => [e.ended, e.durationMs])).toEqual([["timeout", 2000]]);
    expect(frames.size).toBe(0);
  });

  it("calls onEnd once, and destroy leaves nothing behind", () => {
    const { controller, ends } = mount();
    frame(1000);
    controller.stop();
    controller.stop();
    controller.destroy();
    expect(ends).toHaveLength(1);
    expect(canvas.removed).toBe(true);
    expect(win.count() + doc.count() + canvas.count()).toBe(0);
  });

  it("ends a running session as stopped on destroy", () => {
    const { controller, ends } = mount();
    frame(1000);
    controller.destroy();
    expect(ends.map((e) => e.ended)).toEqual(["stopped"]);
  });
});
