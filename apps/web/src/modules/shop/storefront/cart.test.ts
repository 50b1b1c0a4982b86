import { SHOP_CART_QUANTITY_MAX } from "@clinic/shared";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api.ts";
import { checkoutBlocked, itemCount, lineIssue, quantityAfterAdding, quantityInCart, roomToAdd } from "./cart.ts";
import { cartRefusal, checkoutRefusal, codeMessage } from "./messages.ts";

const line = (fields: { variantId?: number; bundleId?: number; quantity: number; available?: number; onSale?: boolean }) => ({
  variantId: fields.variantId ?? null,
  bundleId: fields.bundleId ?? null,
  quantity: fields.quantity,
  available: fields.available ?? 10,
  onSale: fields.onSale ?? true,
});
const cart = { lines: [line({ variantId: 7, quantity: 3 }), line({ bundleId: 7, quantity: 1 })] };

describe("adding to the cart", () => {
  it("sends what the cart holds plus what is chosen (the call sets the quantity)", () => {
    expect(quantityAfterAdding(cart, { variantId: 7 }, 2)).toBe(5);
    expect(quantityAfterAdding(cart, { bundleId: 7 }, 1)).toBe(2);
    expect(quantityAfterAdding(cart, { variantId: 8 }, 2)).toBe(2);
    expect(quantityAfterAdding(undefined, { variantId: 7 }, 1)).toBe(1);
  });

  it("tells a variant's line from a bundle's with the same id", () => {
    expect(quantityInCart(cart, { variantId: 7 })).toBe(3);
    expect(quantityInCart(cart, { bundleId: 7 })).toBe(1);
  });

  it("never sends more than a line may hold", () => {
    expect(quantityAfterAdding({ lines: [line({ variantId: 1, quantity: SHOP_CART_QUANTITY_MAX - 1 })] }, { variantId: 1 }, 5)).toBe(SHOP_CART_QUANTITY_MAX);
  });

  it("offers as many more as stock and the line's limit allow", () => {
    expect(roomToAdd(10, 3)).toBe(7);
    expect(roomToAdd(3, 3)).toBe(0);
    expect(roomToAdd(2, 5)).toBe(0);
    expect(roomToAdd(500, 0)).toBe(SHOP_CART_QUANTITY_MAX);
  });

  it("counts the units for the cart button", () => {
    expect(itemCount(cart)).toBe(4);
    expect(itemCount(undefined)).toBe(0);
  });
});

describe("a cart that cannot be checked out as it is", () => {
  it("flags a line off sale, sold out, or above what is left", () => {
    expect(lineIssue(line({ quantity: 1, onSale: false }))).toBe("offSale");
    expect(lineIssue(line({ quantity: 1, available: 0 }))).toBe("soldOut");
    expect(lineIssue(line({ quantity: 4, available: 3 }))).toBe("overStock");
    expect(lineIssue(line({ quantity: 3, available: 3 }))).toBeNull();
  });

  it("blocks checkout until every line is fine, and an empty cart", () => {
    expect(checkoutBlocked(cart)).toBe(false);
    expect(checkoutBlocked({ lines: [] })).toBe(true);
    expect(checkoutBlocked({ lines: [...cart.lines, line({ variantId: 9, quantity: 2, available: 1 })] })).toBe(true);
  });
});

describe("the server's refusals in the reader's language", () => {
  const t = ((key: string, values?: Record<string, unknown>) => `[${key}${values ? ` ${JSON.stringify(values)}` : ""}]`) as unknown as TFunction;

  it("reads how many are left from a 409 on a cart line", () => {
    expect(cartRefusal(new ApiError(409, { detail: "Only 2 left." }))).toEqual({ kind: "stock", available: 2 });
    expect(cartRefusal(new ApiError(409, { detail: "This is no longer on sale." }))).toEqual({ kind: "offSale" });
    expect(cartRefusal(new ApiError(404, {}))).toEqual({ kind: "offSale" });
    expect(cartRefusal(new ApiError(409, { detail: "A cart holds at most 50 different items." }))).toEqual({ kind: "cartFull" });
    expect(cartRefusal(new ApiError(500, {})).kind).toBe("other");
  });

  it("translates a code's refusal, and keeps an unknown one as the server said it", () => {
    expect(codeMessage(t, "This code has expired.")).toBe("[shopStore.code.refusals.ended]");
    expect(codeMessage(t, "Your order does not reach this code's minimum yet.")).toBe("[shopStore.code.refusals.minOrder]");
    expect(codeMessage(t, "Something new.")).toBe("Something new.");
  });

  it("names what ran out at checkout", () => {
    const error = new ApiError(409, { detail: "Not enough stock left of: Wobble board, Foam pad. Your cart shows what is left." });
    expect(checkoutRefusal(t, error)).toBe('[shopStore.checkout.refusals.outOfStock {"names":"Wobble board, Foam pad"}]');
    expect(checkoutRefusal(t, new ApiError(409, { detail: "Your cart is empty." }))).toBe("[shopStore.checkout.refusals.empty]");
  });
});
