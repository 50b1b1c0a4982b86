import { CART_MESSAGES, DISCOUNT_REFUSALS, ORDER_MESSAGES, SHOP_MESSAGES, type ShopDiscountRefusal } from "@clinic/shared";
import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api.ts";
import { registerRefusals } from "../../../lib/refusals.ts";

/**
 * The cart's and checkout's refusals in the reader's language. The server words them in English
 * (CART_MESSAGES and ORDER_MESSAGES of @clinic/shared); these are matched against those texts, and
 * one that is not known is shown as the server said it.
 */
const CODE_TEXTS: Record<string, ShopDiscountRefusal | "format"> = {
  [CART_MESSAGES.codeUnknown]: "unknown",
  [CART_MESSAGES.inactive]: "inactive",
  [CART_MESSAGES.notStarted]: "notStarted",
  [CART_MESSAGES.ended]: "ended",
  [CART_MESSAGES.usedUp]: "usedUp",
  [CART_MESSAGES.usedUpByCustomer]: "usedUpByCustomer",
  [CART_MESSAGES.minOrder]: "minOrder",
  [CART_MESSAGES.nothingToDiscount]: "nothingToDiscount",
  [SHOP_MESSAGES.code]: "format",
};

/** A discount code's refusal (on the field, or why a saved code no longer applies). */
export function codeMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = CODE_TEXTS[message];
  return key ? t(`shopStore.code.refusals.${key}`) : message;
}

registerRefusals((t, message) => codeMessage(t, message) ?? message);

export const refusalText = (t: TFunction, refusal: ShopDiscountRefusal) =>
  (DISCOUNT_REFUSALS as readonly string[]).includes(refusal) ? t(`shopStore.code.refusals.${refusal}`) : refusal;

/** `text` as a regular expression that matches it literally. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export type CartRefusal = { kind: "stock"; available: number } | { kind: "offSale" } | { kind: "cartFull" } | { kind: "other"; error: unknown };

/** Why the server would not set a cart line: more than is left (with how many are), off sale, a full cart. */
export function cartRefusal(error: unknown): CartRefusal {
  if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 404)) return { kind: "other", error };
  if (error.status === 404) return { kind: "offSale" };
  const left = new RegExp(`^${escaped(CART_MESSAGES.tooMany).replace("\\{available\\}", "(\\d+)")}$`).exec(error.message);
  if (left) return { kind: "stock", available: Number(left[1]) };
  if (error.message === CART_MESSAGES.offSale) return { kind: "offSale" };
  if (error.message === CART_MESSAGES.cartFull) return { kind: "cartFull" };
  return { kind: "other", error };
}

/** Checkout's 409s, each with a text of its own; the out-of-stock one names the items. */
export function checkoutRefusal(t: TFunction, error: ApiError): string {
  const message = error.message;
  if (message === ORDER_MESSAGES.emptyCart) return t("shopStore.checkout.refusals.empty");
  if (message === ORDER_MESSAGES.offSale) return t("shopStore.checkout.refusals.offSale");
  const short = new RegExp(`^${escaped(ORDER_MESSAGES.outOfStock).replace("\\{names\\}", "(.*)")}$`).exec(message);
  if (short) return t("shopStore.checkout.refusals.outOfStock", { names: short[1] });
  if (message.startsWith(ORDER_MESSAGES.codeGone.slice(0, ORDER_MESSAGES.codeGone.indexOf("{")))) return t("shopStore.checkout.refusals.codeGone");
  if (message === ORDER_MESSAGES.providerOff) return t("shopStore.checkout.refusals.provider");
  if (message === ORDER_MESSAGES.cartChanged) return t("shopStore.checkout.refusals.cartChanged");
  return message;
}
