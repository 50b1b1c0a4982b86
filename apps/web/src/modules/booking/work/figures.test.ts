import { describe, expect, it } from "vitest";
import { formatHours, formatPrice, formatScore, formatShare, shareWidth } from "./figures.ts";

describe("the report's figures", () => {
  it("writes shares, hours and scores in the interface language", () => {
    expect(formatShare(0.425, "en")).toBe("43%");
    // Spanish puts a no-break space before the sign.
    expect(formatShare(0.425, "es")).toBe("43\u00a0%");
    expect(formatShare(null, "en")).toBe("–");
    expect(formatHours(750, "en")).toBe("12.5");
    expect(formatHours(750, "es")).toBe("12,5");
    expect(formatScore(4.33, "en")).toBe("4.3");
    expect(formatScore(null, "en")).toBeNull();
  });

  it("draws a share's bar within 0–100, more held than open as full", () => {
    expect(shareWidth(0.5)).toBe(50);
    expect(shareWidth(1.4)).toBe(100);
    expect(shareWidth(null)).toBe(0);
  });

  it("writes a price in the currency, or as a plain amount when the currency is not known", () => {
    expect(formatPrice(4500, "EUR", "en")).toBe("€45.00");
    expect(formatPrice(4500, null, "es")).toBe("45,00");
  });
});
