import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bundleInputSchema, bundleStock, discountInputSchema, productInputSchema, SHOP_MESSAGES, stockAdjustmentSchema, storeInputSchema } from "./inputs.ts";

/** The messages of a refused input, by field path. */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join(".");
    errors[path] = [...(errors[path] ?? []), issue.message];
  }
  return errors;
}

const product = (change: Record<string, unknown> = {}) => ({
  name: "Balance pad",
  description: "<p>Soft foam, 50 × 40 cm.</p>",
  categoryId: null,
  active: true,
  variants: [
    { sku: "PAD-BLUE", name: "Blue", priceCents: 3990, stock: 12 },
    { sku: "PAD-GREY", name: "Grey", priceCents: 3990, stock: 0 },
  ],
  ...change,
});

describe("shop inputs", () => {
  it("a store: a currency code, tax in basis points, shipping in cents", () => {
    expect(storeInputSchema.parse({ name: "Clínica shop", currency: "eur", taxRateBp: 2100, shippingCents: 495, open: true })).toMatchObject({
      currency: "EUR",
      address: "",
      logoUploadId: null,
    });
    const refused = storeInputSchema.safeParse({ name: " ", currency: "euro", taxRateBp: 10_001, shippingCents: -1, open: true });
    expect(Object.keys(errorsOf(refused)).sort()).toEqual(["currency", "name", "shippingCents", "taxRateBp"]);
  });

  it("a product: variants with their own SKUs, prices and stock never below zero, never a fraction of a cent", () => {
    expect(productInputSchema.safeParse(product()).success).toBe(true);
    const refused = productInputSchema.safeParse(
      product({
        variants: [
          { sku: "PAD BLUE", priceCents: -1, stock: -2 },
          { sku: "pad-grey", priceCents: 39.9, stock: 1 },
        ],
      }),
    );
    expect(errorsOf(refused)).toMatchObject({
      "variants.0.sku": [SHOP_MESSAGES.sku],
      "variants.0.priceCents": [SHOP_MESSAGES.cents],
      "variants.0.stock": [SHOP_MESSAGES.stock],
      "variants.1.priceCents": [SHOP_MESSAGES.cents],
    });
    const twice = productInputSchema.safeParse(
      product({
        variants: [
          { sku: "pad-grey", priceCents: 3990, stock: 1 },
          { sku: "PAD-GREY", priceCents: 3990, stock: 1 },
        ],
      }),
    );
    expect(errorsOf(twice)).toEqual({ "variants.1.sku": [SHOP_MESSAGES.skuTwice] });
    expect(productInputSchema.safeParse(product({ variants: [] })).success).toBe(false);
    expect(productInputSchema.safeParse(product({ description: "<p>x</p><script>alert(1)</script>" })).success).toBe(false);
  });

  it("a discount: a percentage over 100 % or below zero, a fixed amount of nothing, an end before its start, a bad code", () => {
    const ok = discountInputSchema.parse({ title: "Welcome", code: "welcome-10", kind: "percent", value: 1000 });
    expect(ok).toMatchObject({ code: "WELCOME-10", startsAt: null, usageLimit: null, productIds: [], combinable: false, active: true });
    expect(errorsOf(discountInputSchema.safeParse({ title: "Offer", code: null, kind: "percent", value: 10_001 }))).toEqual({
      value: [SHOP_MESSAGES.percentOver],
    });
    expect(errorsOf(discountInputSchema.safeParse({ title: "Offer", code: null, kind: "percent", value: -5 }))).toEqual({ value: [SHOP_MESSAGES.percentOver] });
    expect(errorsOf(discountInputSchema.safeParse({ title: "Offer", code: null, kind: "fixed", value: 0 }))).toEqual({ value: [SHOP_MESSAGES.fixedNone] });
    expect(
      errorsOf(
        discountInputSchema.safeParse({
          title: "Offer",
          code: "X!",
          kind: "fixed",
          value: 500,
          startsAt: "2026-12-10T00:00:00Z",
          endsAt: "2026-12-01T00:00:00Z",
        }),
      ),
    ).toEqual({ code: [SHOP_MESSAGES.code], endsAt: [SHOP_MESSAGES.endBeforeStart] });
  });

  it("a bundle: at least two units, each variant once", () => {
    const bundle = { name: "Home balance kit", priceCents: 6900, active: true, items: [{ variantId: 1, quantity: 1 }] };
    expect(errorsOf(bundleInputSchema.safeParse(bundle))).toEqual({ items: [SHOP_MESSAGES.bundleTooSmall] });
    expect(bundleInputSchema.safeParse({ ...bundle, items: [{ variantId: 1, quantity: 2 }] }).success).toBe(true);
    expect(
      errorsOf(
        bundleInputSchema.safeParse({
          ...bundle,
          items: [
            { variantId: 1, quantity: 1 },
            { variantId: 1, quantity: 1 },
          ],
        }),
      ),
    ).toEqual({ items: [SHOP_MESSAGES.variantTwice] });
  });

  it("a stock adjustment adds or removes units, with a reason", () => {
    expect(errorsOf(stockAdjustmentSchema.safeParse({ delta: 0, note: "" }))).toEqual({ delta: [SHOP_MESSAGES.deltaZero], note: [expect.any(String)] });
    expect(stockAdjustmentSchema.parse({ delta: -2, note: " Damaged " })).toEqual({ delta: -2, note: "Damaged" });
  });
});

describe("a bundle's stock follows its parts", () => {
  it("is what the scarcest part allows, and none while a part is off sale", () => {
    expect(
      bundleStock([
        { quantity: 1, stock: 12, active: true },
        { quantity: 2, stock: 7, active: true },
      ]),
    ).toBe(3);
    expect(
      bundleStock([
        { quantity: 1, stock: 12, active: true },
        { quantity: 1, stock: 9, active: false },
      ]),
    ).toBe(0);
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 5 }), stock: fc.integer({ min: 0, max: 100 }), active: fc.constant(true) }), {
          minLength: 1,
          maxLength: 5,
        }),
        (items) => {
          const sellable = bundleStock(items);
          // Selling that many leaves every part at zero or more, and one more would not.
          expect(items.every((item) => item.stock - sellable * item.quantity >= 0)).toBe(true);
          expect(items.some((item) => item.stock - (sellable + 1) * item.quantity < 0)).toBe(true);
        },
      ),
    );
  });
});
