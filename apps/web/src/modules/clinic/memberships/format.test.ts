import { describe, expect, it } from "vitest";
import { formatMoney } from "./format.ts";

describe("formatMoney", () => {
  it("shows two decimals in the reader's locale", () => {
    expect(formatMoney("29", "en")).toBe("29.00");
    expect(formatMoney("1490.5", "en")).toBe("1,490.50");
    expect(formatMoney("29.00", "es")).toBe("29,00");
    expect(formatMoney("1490.50", "es")).toMatch(/^1\.?490,50$/);
  });
});
