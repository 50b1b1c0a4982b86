import { SHOP_MESSAGES, type ShopOrder, type ShopOrderState } from "@clinic/shared";
import type { TFunction } from "i18next";
import { registerRefusals } from "../../../lib/refusals.ts";

/**
 * What the order screens decide on their own: the colour of a state, which actions a state
 * allows, and how a typed amount becomes cents. The server checks all of it again; these only
 * keep the screens from offering what it would refuse.
 */

type ChipColor = "warning" | "info" | "success" | "default" | "secondary";

/** pending waits (amber), paid is money in but goods not out (blue), fulfilled is done (green). */
export const ORDER_STATE_COLORS: Record<ShopOrderState, ChipColor> = {
  pending: "warning",
  paid: "info",
  fulfilled: "success",
  cancelled: "default",
  refunded: "secondary",
};

export type ManagerAction = "pay" | "fulfil" | "cancel" | "refund";

type ActionFacts = Pick<ShopOrder, "state" | "totalCents" | "refundedCents">;

/** Whether some of the order's money is still to give back (a refund can be given in parts). */
export const refundable = (order: ActionFacts) => order.refundedCents < order.totalCents;

/**
 * A manager's actions by state, as the contract allows them: pending → pay or cancel; paid →
 * fulfil, cancel (which refunds in full) or refund; fulfilled or partly refunded → refund the rest.
 */
export function managerActions(order: ActionFacts): ManagerAction[] {
  switch (order.state) {
    case "pending":
      return ["pay", "cancel"];
    case "paid":
      return refundable(order) ? ["fulfil", "refund", "cancel"] : ["fulfil", "cancel"];
    case "fulfilled":
    case "refunded":
      return refundable(order) ? ["refund"] : [];
    default:
      return [];
  }
}

/** A customer can call off their own order only while it waits for payment. */
export const customerCanCancel = (order: Pick<ShopOrder, "state">) => order.state === "pending";

/**
 * What is left to refund, the refund dialog's starting amount. A difference of two amounts the
 * server sent, not a price: the server checks the amount again and refuses more than is left.
 */
export const leftToRefund = (order: ActionFacts) => Math.max(0, order.totalCents - order.refundedCents);

/**
 * A typed amount in the store's currency as whole cents, or null when it is not one: "12",
 * "12.5", "12,50", "1,234.56" and "1.234,56" all read as people write them. The last "." or ","
 * followed by one or two digits is the decimal mark; any other is a thousands separator.
 */
export function amountToCents(text: string): number | null {
  const typed = text.replace(/[\s\u00a0]/g, "");
  if (!/^\d[\d.,]*$/.test(typed) || /[.,]{2}|[.,]$/.test(typed)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(typed);
  const whole = (decimal ? typed.slice(0, decimal.index) : typed).replace(/[.,]/g, "");
  if (whole === "" || !/^\d+$/.test(whole)) return null;
  const fraction = decimal ? (decimal[1] as string).padEnd(2, "0") : "00";
  const cents = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as an amount to type over ("12.50", or "12,50" in Spanish), no currency sign. */
export function centsToAmount(cents: number, language: string): string {
  const text = (cents / 100).toFixed(2);
  return language === "es" ? text.replace(".", ",") : text;
}

const MESSAGE_KEYS = new Map<string, string>(Object.entries(SHOP_MESSAGES).map(([key, text]) => [text, key]));

/** A message of the shop's schemas or server in the reader's language; any other as it came. */
export function shopMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = MESSAGE_KEYS.get(message);
  return key ? t(`shopOrders.errors.${key}`) : message;
}

registerRefusals((t, message) => shopMessage(t, message) ?? message);
