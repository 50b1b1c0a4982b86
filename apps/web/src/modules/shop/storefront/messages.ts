import { DISCOUNT_REFUSALS, SHOP_MESSAGES, type ShopDiscountRefusal } from "@clinic/shared";
import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api.ts";

/**
 * The cart's and checkout's refusals in the reader's language. The server words them in English
 * (apps/server/src/modules/shop/cart.service.ts CART_MESSAGES, orders.service.ts ORDER_MESSAGES);
 * these are matched by their text, and one that is not known is shown as the server said it.
 */
const CODE_TEXTS: Record<string, ShopDiscountRefusal | "format"> = {
  "No such code at this store.": "unknown",
  "This code is not active.": "inactive",
  "This code is not valid yet.": "notStarted",
  "This code has expired.": "ended",
  "This code has been used up.": "usedUp",
  "You have already used this code as many times as it allows.": "usedUpByCustomer",
  "Your order does not reach this code's minimum yet.": "minOrder",
  "This code does not apply to anything in your cart.": "nothingToDiscount",
  [SHOP_MESSAGES.code]: "format",
};

/** A discount code's refusal (on the field, or why a saved code no longer applies). */
export function codeMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = CODE_TEXTS[message];
  return key ? t(`shopStore.code.refusals.${key}`) : message;
}

export const refusalText = (t: TFunction, refusal: ShopDiscountRefusal) =>
  (DISCOUNT_REFUSALS as readonly string[]).includes(refusal) ? t(`shopStore.code.refusals.${refusal}`) : refusal;

export type CartRefusal = { kind: "stock"; available: number } | { kind: "offSale" } | { kind: "cartFull" } | { kind: "other"; error: unknown };

/** Why the server would not set a cart line: more than is left (with how many are), off sale, a full cart. */
export function cartRefusal(error: unknown): CartRefusal {
  if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 404)) return { kind: "other", error };
  if (error.status === 404) return { kind: "offSale" };
  const left = /^Only (\d+) left\.$/.exec(error.message);
  if (left) return { kind: "stock", available: Number(left[1]) };
  if (error.message === "This is no longer on sale.") return { kind: "offSale" };
  if (/^A cart holds at most/.test(error.message)) return { kind: "cartFull" };
  return { kind: "other", error };
}

/** Checkout's 409s, each with a text of its own; the out-of-stock one names the items. */
export function checkoutRefusal(t: TFunction, error: ApiError): string {
  const message = error.message;
  if (message === "Your cart is empty.") return t("shopStore.checkout.refusals.empty");
  if (message.startsWith("Something in your cart is no longer on sale")) return t("shopStore.checkout.refusals.offSale");
  const short = /^Not enough stock left of: (.*)\. Your cart shows what is left\.$/.exec(message);
  if (short) return t("shopStore.checkout.refusals.outOfStock", { names: short[1] });
  if (message.startsWith("The code ")) return t("shopStore.checkout.refusals.codeGone");
  if (message === "This way of paying is not offered.") return t("shopStore.checkout.refusals.provider");
  return message;
}
