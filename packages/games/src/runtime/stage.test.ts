import { describe, expect, it } from "vitest";
import { clientToLogical, fitStage, logicalToClient } from "./stage.ts";

const WIDE = { width: 928, height: 415 };

describe("stage fit", () => {
  it("fills the width of a wide container and centres vertically", () => {
    const fit = fitStage(WIDE, { width: 1856, height: 1000 });
    expect(fit.scale).toBe(2);
    expect([fit.cssWidth, fit.cssHeight]).toEqual([1856, 830]);
    expect([fit.offsetX, fit.offsetY]).toEqual([0, 85]);
  });

  it("fills the height of a tall container and centres horizontally, never distorting", () => {
    const fit = fitStage({ width: 400, height: 640 }, { width: 1000, height: 320 });
    expect(fit.scale).toBe(0.5);
    expect(fit.cssWidth / fit.cssHeight).toBeCloseTo(400 / 640, 10);
    expect([fit.offsetX, fit.offsetY]).toEqual([400, 0]);
  });

  it("sizes the backing store for the device pixel ratio, capped at 3", () => {
    const fit = fitStage(WIDE, { width: 928, height: 415 }, 2);
    expect([fit.backingWidth, fit.backingHeight, fit.backingScale]).toEqual([1856, 830, 2]);
    const phone = fitStage({ width: 360, height: 640 }, { width: 390, height: 700 }, 4);
    expect(phone.backingScale).toBeCloseTo(phone.scale * 3, 2);
    expect(Number.isInteger(phone.backingWidth) && Number.isInteger(phone.backingHeight)).toBe(true);
  });

  it("still gives a usable canvas before the container is laid out", () => {
    const fit = fitStage(WIDE, { width: 0, height: 0 }, Number.NaN);
    expect(fit.scale).toBe(1);
    expect(fit.backingWidth).toBe(928);
  });

  it("maps client coordinates to logical ones and back", () => {
    const rect = { left: 100, top: 50, width: 464, height: 207.5 };
    expect(clientToLogical({ x: 100, y: 50 }, rect, WIDE)).toEqual({ x: 0, y: 0 });
    expect(clientToLogical({ x: 564, y: 257.5 }, rect, WIDE)).toEqual({ x: 928, y: 415 });
    expect(clientToLogical({ x: 332, y: 153.75 }, rect, WIDE)).toEqual({ x: 464, y: 207.5 });
    const point = { x: 123.4, y: 321 };
    const back = clientToLogical(logicalToClient(point, rect, WIDE), rect, WIDE);
    expect(back.x).toBeCloseTo(point.x, 9);
    expect(back.y).toBeCloseTo(point.y, 9);
  });
});
