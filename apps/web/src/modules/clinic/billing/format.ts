import {
  BILLING_MESSAGES,
  type BillingDetails,
  type BillingPeriod,
  billingDetailsSchema,
  type MembershipOverview,
  type MembershipState,
  type OrderDetail,
  type OrderState,
  type PlanOffer,
  type Quote,
} from "@clinic/shared";
import type { TFunction } from "i18next";
import { orderPath } from "./api.ts";
import { registerRefusals } from "../../../lib/refusals.ts";

/** A text to translate: its key under `billing.` and its values. */
export interface Wording {
  key: string;
  values?: Record<string, string | number>;
}

type ChipColor = "success" | "warning" | "error" | "info" | "default";

export const MEMBERSHIP_STATE_COLORS: Record<MembershipState, ChipColor> = {
  active: "success",
  expiring: "warning",
  grace: "warning",
  expired: "error",
  trial: "info",
  none: "default",
};

export const ORDER_STATE_COLORS: Record<OrderState, ChipColor> = {
  pending: "warning",
  paid: "success",
  refunded: "info",
  cancelled: "default",
  expired: "default",
};

/** How many days are left, in words: "Ends today", "Ends tomorrow", "Ends in 12 days (on …)". */
export function daysLeftWording(daysLeft: number, to: string): Wording {
  if (daysLeft <= 0) return { key: "billing.state.endsToday", values: { date: to } };
  if (daysLeft === 1) return { key: "billing.state.endsTomorrow", values: { date: to } };
  return { key: "billing.state.endsInDays", values: { count: daysLeft, date: to } };
}

/**
 * The sentence beside a membership's state chip, so the state is said in words, never by
 * colour alone: when it ends, when access stops in grace, or that nothing is held.
 */
export function membershipStateWording(overview: Pick<MembershipOverview, "state" | "current" | "accessUntil">): Wording {
  const { current, accessUntil } = overview;
  switch (overview.state) {
    case "active": {
      // The last day paid without a break, which a renewal paid ahead carries past the current period.
      const until = accessUntil ?? current?.to;
      return until ? { key: "billing.state.activeUntil", values: { date: until } } : { key: "billing.state.activeDetail" };
    }
    case "expiring":
      return current ? daysLeftWording(current.daysLeft, current.to) : { key: "billing.state.activeDetail" };
    case "grace":
      if (current && accessUntil) return { key: "billing.state.graceDetail", values: { ended: current.to, until: accessUntil } };
      return accessUntil ? { key: "billing.state.graceUntil", values: { until: accessUntil } } : { key: "billing.state.expiredDetail" };
    case "expired":
      return current ? { key: "billing.state.expiredOn", values: { date: current.to } } : { key: "billing.state.expiredDetail" };
    case "trial":
      return accessUntil ? { key: "billing.state.trialUntil", values: { date: accessUntil } } : { key: "billing.state.trialDetail" };
    default:
      return { key: "billing.state.noneDetail" };
  }
}

/** The share of a seat limit in use, 0–100, for a progress bar; no limit reads as none used up. */
export function seatRatio(used: number, limit: number | null): number {
  if (limit === null) return 0;
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** A tax rate in basis points as a percentage in the reader's language: 2100 → "21%", 1050 → "10.5%". */
export function formatTaxRate(basisPoints: number, language: string): string {
  return new Intl.NumberFormat(language === "es" ? "es-ES" : "en-GB", { style: "percent", maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/** Whether the details can go on an invoice: every field the checkout requires is filled. */
export function detailsComplete(details: BillingDetails | null | undefined): details is BillingDetails {
  return !!details && billingDetailsSchema.safeParse(details).success;
}

/** The quote of the period chosen, or the plan's first when it has no such way to buy (a clinic's plans have no annual price). */
export function chosenQuote(offer: Pick<PlanOffer, "quotes">, billing: BillingPeriod): Quote | undefined {
  return offer.quotes.find((quote) => quote.billing === billing) ?? offer.quotes[0];
}

/** After placing an order: Stripe sends the payer to its Checkout page; a bank transfer shows the order. */
export function afterOrder(order: Pick<OrderDetail, "id" | "provider" | "checkoutUrl">): { redirect: string } | { navigate: string } {
  if (order.provider === "stripe" && order.checkoutUrl) return { redirect: order.checkoutUrl };
  return { navigate: orderPath(order.id) };
}

export function confirmingPayment(order: Pick<OrderDetail, "state"> | undefined, checkout: string | null): boolean {
  return checkout === "success" && order?.state === "pending";
}

export interface HistoryFilterInput {
  state: OrderState | "";
  clinic: string | undefined;
  since: string;
  to: string;
}

/**
 * The filters the history sends: empty ones left out, and an end before the start held back
 * (the server would refuse the whole list) with the reason to show on the field.
 */
export function historyFilters(input: HistoryFilterInput): { filters: Record<string, string | undefined>; toError: boolean } {
  const toError = !!input.since && !!input.to && input.to < input.since;
  return {
    filters: { state: input.state || undefined, clinic: input.clinic, since: input.since || undefined, to: toError ? undefined : input.to || undefined },
    toError,
  };
}

/** A message of the billing API or schema in the reader's language; any other text as it came. */
export function billingMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const entry = Object.entries(BILLING_MESSAGES).find(([, text]) => text === message);
  return entry ? t(`billing.errors.${entry[0]}`) : message;
}

registerRefusals((t, message) => billingMessage(t, message) ?? message);
