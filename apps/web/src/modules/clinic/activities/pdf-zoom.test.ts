import { describe, expect, it } from "vitest";
import { nextZoom, zoomScale } from "./pdf-zoom.ts";

describe("the PDF viewer's zoom", () => {
  it("fits the width until zoomed, then keeps its scale whatever the width", () => {
    expect(zoomScale({ kind: "fit" }, 0.6)).toBe(0.6);
    expect(zoomScale({ kind: "scale", scale: 1.5 }, 0.6)).toBe(1.5);
  });

  it("steps in and out from the fitted scale to the next step", () => {
    expect(nextZoom({ kind: "fit" }, 0.6, 1)).toEqual({ kind: "scale", scale: 0.75 });
    expect(nextZoom({ kind: "fit" }, 0.6, -1)).toEqual({ kind: "scale", scale: 0.5 });
    expect(nextZoom({ kind: "fit" }, 1, 1)).toEqual({ kind: "scale", scale: 1.25 });
    expect(nextZoom({ kind: "scale", scale: 1.25 }, 0.6, -1)).toEqual({ kind: "scale", scale: 1 });
  });

  it("stays as it is past the smallest and largest steps", () => {
    expect(nextZoom({ kind: "scale", scale: 4 }, 0.6, 1)).toEqual({ kind: "scale", scale: 4 });
    expect(nextZoom({ kind: "scale", scale: 0.5 }, 0.6, -1)).toEqual({ kind: "scale", scale: 0.5 });
    expect(nextZoom({ kind: "fit" }, 0.3, -1)).toEqual({ kind: "fit" });
  });
});
