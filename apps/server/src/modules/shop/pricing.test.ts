import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quoteTotals } from "@clinic/shared";
import { type CartLine, type Discount, discountRefusal, priceAgreed, priceOrder, shareOut } from "./pricing.ts";

const NOW = new Date("2026-12-01T12:00:00Z");
const DAY = 86_400_000;

const discount = (change: Partial<Discount> = {}): Discount => ({
  id: 1,
  code: null,
  kind: "percent",
  value: 1000,
  active: true,
  startsAt: null,
  endsAt: null,
  minOrderCents: 0,
  usageLimit: null,
  perCustomerLimit: null,
  used: 0,
  usedByCustomer: 0,
  productIds: [],
  bundleIds: [],
  categoryIds: [],
  combinable: false,
  ...change,
});
const line = (productId: number, unitCents: number, quantity = 1, categoryId: number | null = null): CartLine => ({
  productId,
  bundleId: null,
  categoryId,
  unitCents,
  quantity,
});
const price = (lines: CartLine[], discounts: Discount[], taxRateBp = 2100, shippingCents = 0) =>
  priceOrder({ lines, discounts, taxRateBp, shippingCents, now: NOW });

// ---------------------------------------------------------------- generators

const lineArb = fc.record({
  productId: fc.integer({ min: 1, max: 6 }),
  bundleId: fc.constant(null),
  categoryId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  unitCents: fc.integer({ min: 0, max: 200_000 }),
  quantity: fc.integer({ min: 1, max: 20 }),
});
const discountArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    code: fc.option(fc.constantFrom("WELCOME", "SPRING"), { nil: null }),
    kind: fc.constantFrom("percent" as const, "fixed" as const),
    value: fc.integer({ min: 0, max: 10_000 }),
    active: fc.boolean(),
    startsAt: fc.option(
      fc.integer({ min: -30, max: 30 }).map((days) => new Date(NOW.getTime() + days * DAY)),
      { nil: null },
    ),
    endsAt: fc.option(
      fc.integer({ min: -30, max: 30 }).map((days) => new Date(NOW.getTime() + days * DAY)),
      { nil: null },
    ),
    minOrderCents: fc.integer({ min: 0, max: 100_000 }),
    usageLimit: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
    perCustomerLimit: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    used: fc.integer({ min: 0, max: 6 }),
    usedByCustomer: fc.integer({ min: 0, max: 3 }),
    productIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 2 }),
    bundleIds: fc.constant([]),
    categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 1 }),
    combinable: fc.boolean(),
  });
const cartArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 6 }),
  discounts: fc.integer({ min: 0, max: 5 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, index) => discountArb(index + 1)))),
  taxRateBp: fc.integer({ min: 0, max: 3000 }),
  shippingCents: fc.integer({ min: 0, max: 2000 }),
});

describe("the shop's totals (properties)", () => {
  it("are whole cents that add up: lines, discounts within the subtotal, tax on what remains, flat shipping", () => {
    fc.assert(
      fc.property(cartArb, ({ lines, discounts, taxRateBp, shippingCents }) => {
        const totals = priceOrder({ lines, discounts, taxRateBp, shippingCents, now: NOW });
        for (const value of [totals.subtotalCents, totals.discountCents, totals.taxCents, totals.totalCents]) expect(Number.isInteger(value)).toBe(true);
        expect(totals.discountCents).toBeGreaterThanOrEqual(0);
        expect(totals.discountCents).toBeLessThanOrEqual(totals.subtotalCents);
        for (const priced of totals.lines) {
          expect(priced.netCents).toBeGreaterThanOrEqual(0);
          expect(priced.amountCents).toBe(priced.unitCents * priced.quantity);
        }
        expect(totals.lines.reduce((sum, priced) => sum + priced.discountCents, 0)).toBe(totals.discountCents);
        expect(totals.applied.reduce((sum, applied) => sum + applied.amountCents, 0)).toBe(totals.discountCents);
        expect(totals.totalCents).toBe(totals.subtotalCents - totals.discountCents + totals.taxCents + shippingCents);
        expect(totals.totalCents).toBeGreaterThanOrEqual(shippingCents);
      }),
    );
  });

  it("never depend on the order the discounts come in", () => {
    fc.assert(
      fc.property(cartArb, fc.func(fc.integer()), ({ lines, discounts, taxRateBp, shippingCents }, key) => {
        const shuffled = [...discounts].sort((a, b) => key(a.id) - key(b.id));
        expect(priceOrder({ lines, discounts: shuffled, taxRateBp, shippingCents, now: NOW })).toEqual(
          priceOrder({ lines, discounts, taxRateBp, shippingCents, now: NOW }),
        );
      }),
    );
  });

  it("apply only discounts that are active, within their dates, reached by the subtotal and not used up", () => {
    fc.assert(
      fc.property(cartArb, ({ lines, discounts, taxRateBp, shippingCents }) => {
        const totals = priceOrder({ lines, discounts, taxRateBp, shippingCents, now: NOW });
        const subtotal = totals.subtotalCents;
        for (const applied of totals.applied) {
          const used = discounts.find((one) => one.id === applied.id) as Discount;
          expect(used.active).toBe(true);
          if (used.startsAt) expect(used.startsAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
          if (used.endsAt) expect(used.endsAt.getTime()).toBeGreaterThan(NOW.getTime());
          expect(subtotal).toBeGreaterThanOrEqual(used.minOrderCents);
          if (used.usageLimit !== null) expect(used.used).toBeLessThan(used.usageLimit);
          if (used.perCustomerLimit !== null) expect(used.usedByCustomer).toBeLessThan(used.perCustomerLimit);
        }
      }),
    );
  });

  it("give the customer at least as much as any single discount that applies, and stack only combinable ones", () => {
    fc.assert(
      fc.property(cartArb, ({ lines, discounts, taxRateBp, shippingCents }) => {
        const totals = priceOrder({ lines, discounts, taxRateBp, shippingCents, now: NOW });
        for (const one of discounts) {
          const alone = priceOrder({ lines, discounts: [one], taxRateBp, shippingCents, now: NOW });
          expect(totals.discountCents).toBeGreaterThanOrEqual(alone.discountCents);
        }
        if (totals.applied.length > 1) {
          for (const applied of totals.applied) expect(discounts.find((one) => one.id === applied.id)?.combinable).toBe(true);
        }
      }),
    );
  });

  it("share an amount out in proportion, adding up exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }), (amount, weights) => {
        const shares = shareOut(amount, weights);
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total === 0 ? 0 : amount);
        weights.forEach((weight, index) => {
          if (weight === 0) expect(shares[index]).toBe(0);
          else expect(Math.abs((shares[index] as number) - (amount * weight) / total)).toBeLessThan(1);
        });
      }),
    );
  });
});

describe("the shop's totals (examples)", () => {
  it("a balance pad and two bands, 10 % off the whole order, 21 % tax and 4.95 shipping", () => {
    const totals = price([line(1, 3990), line(2, 1250, 2)], [discount({ value: 1000 })], 2100, 495);
    expect(totals).toMatchObject({ subtotalCents: 6490, discountCents: 649, taxCents: 1227, shippingCents: 495, totalCents: 7563 });
    expect(totals.lines.map((priced) => priced.discountCents)).toEqual([399, 250]);
  });

  it("a code for one category only discounts that category's lines; a fixed amount stops at their amount", () => {
    const totals = price([line(1, 3990, 1, 7), line(2, 1250, 1, 8)], [discount({ kind: "fixed", value: 5000, categoryIds: [8], code: "BANDS" })], 0);
    expect(totals.lines.map((priced) => priced.discountCents)).toEqual([0, 1250]);
    expect(totals.applied).toEqual([{ id: 1, code: "BANDS", amountCents: 1250 }]);
  });

  it("stacks combinable discounts, but a larger one that does not combine wins alone", () => {
    const cart = [line(1, 10_000)];
    const five = discount({ id: 1, value: 500, combinable: true });
    const ten = discount({ id: 2, value: 1000, combinable: true });
    expect(price(cart, [five, ten], 0).discountCents).toBe(1500);
    const twenty = discount({ id: 3, value: 2000, code: "VIP" });
    expect(price(cart, [five, ten, twenty], 0).applied).toEqual([{ id: 3, code: "VIP", amountCents: 2000 }]);
    // Two combinable discounts over 100 % leave the line at zero, not below.
    const big = discount({ id: 4, value: 8000, combinable: true });
    expect(price(cart, [big, ten, discount({ id: 5, value: 5000, combinable: true })], 2100)).toMatchObject({
      discountCents: 10_000,
      taxCents: 0,
      totalCents: 0,
    });
  });

  it("says why a code does not apply", () => {
    const cart = [line(1, 2000)];
    expect(discountRefusal(discount({ active: false }), cart, NOW)).toBe("inactive");
    expect(discountRefusal(discount({ startsAt: new Date(NOW.getTime() + DAY) }), cart, NOW)).toBe("notStarted");
    expect(discountRefusal(discount({ endsAt: NOW }), cart, NOW)).toBe("ended");
    expect(discountRefusal(discount({ minOrderCents: 2001 }), cart, NOW)).toBe("minOrder");
    expect(discountRefusal(discount({ usageLimit: 3, used: 3 }), cart, NOW)).toBe("usedUp");
    expect(discountRefusal(discount({ perCustomerLimit: 1, usedByCustomer: 1 }), cart, NOW)).toBe("usedUpByCustomer");
    expect(discountRefusal(discount({ productIds: [9] }), cart, NOW)).toBe("nothingToDiscount");
    expect(discountRefusal(discount({ endsAt: new Date(NOW.getTime() + 1), minOrderCents: 2000 }), cart, NOW)).toBeNull();
  });
});

describe("prices agreed beforehand (an accepted quote)", () => {
  it("totals to the quote's cent at the same tax rate, whatever its lines and discounts", () => {
    const quoteArb = fc
      .array(
        fc.record({ quantity: fc.integer({ min: 1, max: 50 }), unitCents: fc.integer({ min: 0, max: 500_000 }), shareBp: fc.integer({ min: 0, max: 10_000 }) }),
        {
          minLength: 1,
          maxLength: 8,
        },
      )
      .chain((lines) => {
        const priced = lines.map((one) => ({ ...one, discountCents: Math.floor((one.quantity * one.unitCents * one.shareBp) / 10_000) }));
        const left = priced.reduce((total, one) => total + one.quantity * one.unitCents - one.discountCents, 0);
        return fc.record({ lines: fc.constant(priced), overall: fc.integer({ min: 0, max: left }), taxRateBp: fc.integer({ min: 0, max: 3000 }) });
      });
    fc.assert(
      fc.property(quoteArb, ({ lines, overall, taxRateBp }) => {
        const quoted = quoteTotals(lines, overall, taxRateBp);
        const shares = shareOut(overall, quoted.lineTotals);
        const order = priceAgreed({
          lines: lines.map((one, index) => ({ ...line(index + 1, one.unitCents, one.quantity), discountCents: one.discountCents + (shares[index] as number) })),
          taxRateBp,
          shippingCents: 0,
        });
        expect(order.totalCents).toBe(quoted.totalCents);
        expect(order.taxCents).toBe(quoted.taxCents);
        expect(order.lines.every((priced) => priced.netCents >= 0)).toBe(true);
        expect(order.applied).toEqual([]);
      }),
    );
  });
});
