import { describe, expect, it } from "vitest";
import { productQuoteInputSchema, productQuoteLabel, productQuoteNumber, quoteTotals } from "./products.ts";

/** The product quoter's shared rules: totals in exact cents, and the edge's field errors on their paths. */

const body = (overrides: Record<string, unknown> = {}) => ({
  clientKind: "person",
  clientName: "Ana",
  clientEmail: "ana@example.com",
  validUntil: "2030-01-01",
  lines: [{ kind: "free", description: "Assessment", quantity: 1, unitCents: 1000 }],
  ...overrides,
});
const pathsOf = (input: unknown) => {
  const parsed = productQuoteInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."));
};

describe("quote totals", () => {
  it("takes line discounts, then the overall discount, then tax rounded half up to the cent", () => {
    const totals = quoteTotals(
      [
        { quantity: 3, unitCents: 3333, discountCents: 99 },
        { quantity: 1, unitCents: 1, discountCents: 0 },
      ],
      100,
      2100,
    );
    expect(totals).toEqual({ lineTotals: [9900, 1], linesCents: 9901, discountCents: 100, subtotalCents: 9801, taxCents: 2058, totalCents: 11_859 });
    // 0.5 cent rounds up; no float error at large amounts.
    expect(quoteTotals([{ quantity: 1, unitCents: 50, discountCents: 0 }], 0, 1000).taxCents).toBe(5);
    expect(quoteTotals([{ quantity: 10_000, unitCents: 100_000_000, discountCents: 0 }], 0, 9999).taxCents).toBe(999_900_000_000);
  });

  it("is always lines − discount + tax, exactly", () => {
    for (let run = 0; run < 500; run++) {
      const lines = Array.from({ length: 1 + (run % 5) }, (_, index) => {
        const quantity = 1 + ((run * 7 + index) % 13);
        const unitCents = (run * 7919 + index * 104_729) % 1_000_000;
        return { quantity, unitCents, discountCents: (run * 31) % (quantity * unitCents + 1) };
      });
      const sum = lines.reduce((total, line) => total + line.quantity * line.unitCents - line.discountCents, 0);
      const discount = (run * 17) % (sum + 1);
      const rate = (run * 37) % 10_001;
      const totals = quoteTotals(lines, discount, rate);
      expect(totals.linesCents).toBe(sum);
      expect(totals.totalCents).toBe(sum - discount + totals.taxCents);
      expect(Math.abs(totals.taxCents * 10_000 - (sum - discount) * rate)).toBeLessThanOrEqual(5000);
    }
  });
});

describe("the quote's input", () => {
  it("names the exact field of a bad line or discount", () => {
    expect(pathsOf(body())).toEqual([]);
    expect(pathsOf(body({ lines: [{ kind: "free", description: "A", quantity: 2, unitCents: 100, discountCents: 201 }] }))).toContain("lines.0.discountCents");
    expect(pathsOf(body({ lines: [{ kind: "free", description: "A", quantity: -1, unitCents: 100 }] }))).toContain("lines.0.quantity");
    expect(pathsOf(body({ discountCents: 1001 }))).toContain("discountCents");
    expect(pathsOf(body({ lines: [{ kind: "bundle", quantity: 1 }] }))).toContain("lines.0.refId");
    expect(pathsOf(body({ clientKind: "patient" }))).toContain("patientId");
  });

  it("numbers Q-<year>-<4 digits> and labels revisions", () => {
    expect(productQuoteNumber(2026, 7)).toBe("Q-2026-0007");
    expect(productQuoteLabel("Q-2026-0007", 1)).toBe("Q-2026-0007");
    expect(productQuoteLabel("Q-2026-0007", 2)).toBe("Q-2026-0007 rev. 2");
  });
});
