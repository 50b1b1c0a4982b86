import { describe, expect, it } from "vitest";
import { formatNumber, formatRange } from "./format.ts";

describe("scores as text", () => {
  it("rounds to two decimals and writes ranges", () => {
    expect(formatNumber(66.875, "en")).toBe("66.88");
    expect(formatNumber(54, "es")).toBe("54");
    expect(formatRange({ min: 0, max: 100 }, "en")).toBe("0–100");
    expect(formatRange({ min: -2.5, max: 3 }, "es")).toBe("-2,5–3");
  });
});
