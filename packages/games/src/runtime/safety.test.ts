import { describe, expect, it } from "vitest";
import { FlashGuard, FlashLimiter, maxBackgroundChangesPerSecond, maxPatternSpeed, parseColour, reducedMotionFactor, relativeLuminance } from "./safety.ts";
import { runEngine } from "./testing.ts";
import type { GameEngine } from "./types.ts";

/** An engine that paints the whole canvas in `colourAt(now)`. */
function painter(colourAt: (now: number) => string, alpha = 1): GameEngine {
  return {
    update: () => {},
    draw: (context, now) => {
      context.globalAlpha = alpha;
      context.fillStyle = colourAt(now);
      context.fillRect(0, 0, 928, 415);
      context.globalAlpha = 1;
      context.fillStyle = "#ffffff";
      context.fillRect(10, 10, 100, 100);
    },
    input: () => {},
    trials: () => [],
    level: () => 1,
    finished: () => false,
    interrupt: () => {},
    demonstrate: () => null,
  };
}

const changesPerSecond = (engine: GameEngine) => maxBackgroundChangesPerSecond(runEngine(engine, { until: 5000 }).canvas, { width: 928, height: 415 });

describe("flash limiter", () => {
  it("allows three changes in any rolling second and refuses the fourth", () => {
    const limiter = new FlashLimiter();
    expect([0, 100, 200, 300, 999].map((t) => limiter.request(t))).toEqual([true, true, true, false, false]);
    expect(limiter.request(1000)).toBe(true);
    expect(limiter.request(1050)).toBe(false);
    expect(limiter.request(1100)).toBe(true);
  });

  it("guards a shown value: refused changes wait, and switching off counts too", () => {
    const guard = new FlashGuard<string | null>(null);
    const shown = [0, 10, 20, 30, 40].map((t, i) => guard.show(i % 2 === 0 ? "red" : null, t));
    expect(shown).toEqual(["red", null, "red", "red", "red"]);
    expect(guard.show(null, 1001)).toBe(null);
  });

  it("compares object values with the given equality", () => {
    const guard = new FlashGuard<{ zone: number } | null>(null, (a, b) => a?.zone === b?.zone);
    const first = guard.show({ zone: 1 }, 0);
    expect(guard.show({ zone: 1 }, 1)).toBe(first);
    expect(guard.show({ zone: 2 }, 2)).toEqual({ zone: 2 });
  });
});

describe("background change counter", () => {
  it("sees a screen alternating black and white every frame: 60 changes a second", () => {
    expect(changesPerSecond(painter((now) => (Math.round(now / (1000 / 60)) % 2 === 0 ? "#000" : "#fff")))).toBeGreaterThanOrEqual(59);
  });

  it("counts a 2 Hz alternation as 4 changes a second: over the limit", () => {
    expect(changesPerSecond(painter((now) => (Math.floor(now / 250) % 2 === 0 ? "#101820" : "#e0e0e0")))).toBeGreaterThanOrEqual(4);
    expect(changesPerSecond(painter((now) => (Math.floor(now / 500) % 2 === 0 ? "#101820" : "#e0e0e0")))).toBeLessThanOrEqual(3);
  });

  it("ignores a constant background and a slow, gentle drift", () => {
    expect(changesPerSecond(painter(() => "#1d2733"))).toBe(0);
    expect(changesPerSecond(painter((now) => `rgb(${Math.round(30 + now / 100)}, 40, 50)`))).toBe(0);
  });

  it("composites a translucent full-canvas fill over what is under it", () => {
    expect(changesPerSecond(painter((now) => (Math.floor(now / 100) % 2 === 0 ? "#000" : "#fff"), 0.05))).toBe(0);
  });

  it("counts any change of a fill it cannot read", () => {
    const gradients = [{ id: 1 }, { id: 2 }];
    const engine = painter(() => "");
    engine.draw = (context, now) => {
      context.fillStyle = gradients[Math.floor(now / 400) % 2] as unknown as string;
      context.fillRect(0, 0, 928, 415);
    };
    expect(changesPerSecond(engine)).toBeGreaterThanOrEqual(2);
  });
});

describe("colours and motion", () => {
  it("reads CSS colours and their WCAG luminance", () => {
    expect(parseColour("#fff")).toEqual([255, 255, 255, 1]);
    expect(parseColour("#1d273380")?.[3]).toBeCloseTo(0.5, 2);
    expect(parseColour("rgba(10, 20, 30, 0.5)")).toEqual([10, 20, 30, 0.5]);
    expect(parseColour("rgb(10 20 30 / 0.25)")).toEqual([10, 20, 30, 0.25]);
    expect(parseColour("hsl(0 0% 0%)")).toBeNull();
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 6);
    expect(relativeLuminance("black")).toBe(0);
    expect(relativeLuminance("#808080")).toBeCloseTo(0.2159, 3);
  });

  it("halves motion for reduced-motion users and caps pattern speed at 3 periods a second", () => {
    expect(reducedMotionFactor(true)).toBe(0.5);
    expect(reducedMotionFactor(false)).toBe(1);
    expect(maxPatternSpeed(40)).toBe(120);
  });
});
