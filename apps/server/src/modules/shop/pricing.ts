import { taxOf } from "../clinic/billing/pricing.ts";

/**
 * The shop's totals (issue 20.3), computed here and nowhere else, in integer cents: the lines,
 * the discounts that apply, the tax of the store and its flat shipping. Pure, so the same
 * function prices the cart on screen and the order at checkout, and property tests can hold it
 * to its rules.
 *
 * Discount rules:
 * - A discount applies to the lines it names (products, bundles or categories), or to every
 *   line when it names none; a percentage of their amount (half up to the cent), or a fixed
 *   amount up to their amount.
 * - Each is computed on the lines' own amounts and shared out over its lines in proportion
 *   (largest remainder: the shares add up exactly). Stacked discounts take their shares in id
 *   order, each only up to what is left of a line: a line never goes below zero, and the order
 *   the discounts come in never matters.
 * - Discounts marked combinable stack with each other; any other applies alone. The customer
 *   gets the best of the two (all combinable ones together, or the best single other one).
 * - It must be active, within its dates, reached by the order's subtotal (before discounts),
 *   and not used up, overall or by this customer.
 * - Tax is the store's rate on what remains after discounts; shipping is flat and untaxed.
 */

export interface CartLine {
  /** The product or the bundle sold: what discounts and stock refer to. */
  productId: number | null;
  bundleId: number | null;
  categoryId: number | null;
  unitCents: number;
  quantity: number;
}

export interface Discount {
  id: number;
  /** Null: automatic (applies without a code). */
  code: string | null;
  kind: "percent" | "fixed";
  /** Basis points for a percentage (10 000 = 100 %), cents for a fixed amount. */
  value: number;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  minOrderCents: number;
  /** Orders that may use it in all, and per customer; null: no limit. */
  usageLimit: number | null;
  perCustomerLimit: number | null;
  /** Orders that used it so far, in all and by this customer. */
  used: number;
  usedByCustomer: number;
  productIds: readonly number[];
  bundleIds: readonly number[];
  categoryIds: readonly number[];
  combinable: boolean;
}

export type DiscountRefusal = "inactive" | "notStarted" | "ended" | "minOrder" | "usedUp" | "usedUpByCustomer" | "nothingToDiscount";

export interface PricedLine extends CartLine {
  amountCents: number;
  discountCents: number;
  netCents: number;
}

export interface AppliedDiscount {
  id: number;
  code: string | null;
  amountCents: number;
}

export interface OrderTotals {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  applied: AppliedDiscount[];
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

const amountOf = (line: CartLine) => line.unitCents * line.quantity;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Whether a discount names this line (a discount that names nothing covers every line). */
export function covers(discount: Discount, line: CartLine): boolean {
  if (discount.productIds.length + discount.bundleIds.length + discount.categoryIds.length === 0) return true;
  return (
    (line.productId !== null && discount.productIds.includes(line.productId)) ||
    (line.bundleId !== null && discount.bundleIds.includes(line.bundleId)) ||
    (line.categoryId !== null && discount.categoryIds.includes(line.categoryId))
  );
}

/** Why a discount does not apply to this cart now, or null when it does. */
export function discountRefusal(discount: Discount, lines: readonly CartLine[], now: Date): DiscountRefusal | null {
  if (!discount.active) return "inactive";
  if (discount.startsAt && now < discount.startsAt) return "notStarted";
  if (discount.endsAt && now >= discount.endsAt) return "ended";
  if (discount.usageLimit !== null && discount.used >= discount.usageLimit) return "usedUp";
  if (discount.perCustomerLimit !== null && discount.usedByCustomer >= discount.perCustomerLimit) return "usedUpByCustomer";
  if (sum(lines.map(amountOf)) < discount.minOrderCents) return "minOrder";
  if (!lines.some((line) => covers(discount, line) && amountOf(line) > 0)) return "nothingToDiscount";
  return null;
}

/**
 * `amount` shared out over `weights` in proportion, in whole cents that add up to `amount`
 * exactly: each gets the floor of its share, and the cents left go to the largest remainders
 * (the earlier one on a tie).
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const whole = sum(weights);
  if (whole === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((amount * weight) / whole));
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % whole }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  let left = amount - sum(shares);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] as number) + 1;
    left -= 1;
  }
  return shares;
}

/** One discount's cents on each line, before any other discount (zero on lines it does not name). */
function perLine(discount: Discount, lines: readonly CartLine[]): number[] {
  const weights = lines.map((line) => (covers(discount, line) ? amountOf(line) : 0));
  const base = sum(weights);
  const amount = discount.kind === "percent" ? Math.floor((base * discount.value + 5000) / 10_000) : Math.min(discount.value, base);
  return shareOut(amount, weights);
}

/**
 * Applies a set of discounts in id order, each taking its share of a line only up to what the
 * ones before left of it: no line goes below zero, and what each discount is said to give adds
 * up to the order's discount exactly.
 */
function applySet(set: readonly Discount[], lines: readonly CartLine[]): { byLine: number[]; applied: AppliedDiscount[] } {
  const left = lines.map(amountOf);
  const applied: AppliedDiscount[] = [];
  for (const discount of set) {
    let given = 0;
    perLine(discount, lines).forEach((share, index) => {
      const taken = Math.min(share, left[index] as number);
      left[index] = (left[index] as number) - taken;
      given += taken;
    });
    applied.push({ id: discount.id, code: discount.code, amountCents: given });
  }
  return { byLine: lines.map((line, index) => amountOf(line) - (left[index] as number)), applied };
}

/**
 * The order's totals with the best arrangement of the discounts that apply now: every combinable
 * one together, or the single other one worth most. The larger saving wins, then the fewer
 * discounts, then the lower ids, so the answer never depends on the order they were given in.
 */
export function priceOrder(input: {
  lines: readonly CartLine[];
  discounts: readonly Discount[];
  taxRateBp: number;
  shippingCents: number;
  now: Date;
}): OrderTotals {
  const { lines, now } = input;
  const valid = input.discounts.filter((discount) => discountRefusal(discount, lines, now) === null).sort((a, b) => a.id - b.id);
  const arrangements = [valid.filter((discount) => discount.combinable), ...valid.filter((discount) => !discount.combinable).map((one) => [one])];
  let best = applySet([], lines);
  let bestSaving = 0;
  let bestSize = 0;
  for (const set of arrangements) {
    if (set.length === 0) continue;
    const tried = applySet(set, lines);
    const saving = sum(tried.byLine);
    if (saving > bestSaving || (saving === bestSaving && saving > 0 && set.length < bestSize)) {
      best = tried;
      bestSaving = saving;
      bestSize = set.length;
    }
  }
  const priced: PricedLine[] = lines.map((line, index) => {
    const amountCents = amountOf(line);
    const discountCents = best.byLine[index] as number;
    return { ...line, amountCents, discountCents, netCents: amountCents - discountCents };
  });
  const subtotalCents = sum(priced.map((line) => line.amountCents));
  const net = subtotalCents - bestSaving;
  const taxCents = taxOf(net, input.taxRateBp);
  return {
    lines: priced,
    subtotalCents,
    discountCents: bestSaving,
    applied: best.applied.filter((discount) => discount.amountCents > 0),
    taxCents,
    shippingCents: input.shippingCents,
    totalCents: net + taxCents + input.shippingCents,
  };
}

/**
 * The order's totals at prices agreed beforehand (an accepted quote): each line's unit price and
 * discount as given, no store discount, tax at the store's rate on what is left, as priceOrder
 * taxes it; so a quote taxed at the same rate totals to the same cent.
 */
export function priceAgreed(input: { lines: readonly (CartLine & { discountCents: number })[]; taxRateBp: number; shippingCents: number }): OrderTotals {
  const priced: PricedLine[] = input.lines.map(({ discountCents, ...line }) => {
    const amountCents = amountOf(line);
    return { ...line, amountCents, discountCents, netCents: amountCents - discountCents };
  });
  const subtotalCents = sum(priced.map((line) => line.amountCents));
  const discountCents = sum(priced.map((line) => line.discountCents));
  const taxCents = taxOf(subtotalCents - discountCents, input.taxRateBp);
  return {
    lines: priced,
    subtotalCents,
    discountCents,
    applied: [],
    taxCents,
    shippingCents: input.shippingCents,
    totalCents: subtotalCents - discountCents + taxCents + input.shippingCents,
  };
}
