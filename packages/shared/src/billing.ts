import { z } from "zod";
import { isRealDate } from "./memberships.ts";
import { pageQuerySchema, requiredText, rowId, storableText, userId } from "./schemas.ts";

/**
 * Billing (issue 16): memberships bought through orders, paid through one payment port
 * (manual bank transfer or Stripe), invoiced with gap-free numbers. Amounts travel as whole
 * cents (integers) in one currency; the server alone computes them.
 */

export const BILLING_MESSAGES = {
  requiredForCheckout: "Required before checkout.",
  planNotForSale: "This plan cannot be bought.",
  orderNotPending: "This order is no longer pending.",
  orderNotPaid: "Only a paid order can be refunded.",
  pendingExists: "A payment for this plan is already pending: pay or cancel it first.",
  reference: "Enter the payment's reference.",
  sinceAfterTo: "Must be on or after the start date.",
  date: "Enter a date as YYYY-MM-DD.",
} as const;

/** Each period a plan can be bought for: its own months (§9) or a year at valueAnnual. */
export const BILLING_PERIODS = ["period", "annual"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const ORDER_STATES = ["pending", "paid", "refunded", "cancelled", "expired"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const PAYMENT_PROVIDERS = ["manual", "stripe"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Where a membership stands today (getMembership): grace = ended, still usable for BILLING_GRACE_DAYS. */
export const MEMBERSHIP_STATES = ["active", "expiring", "grace", "expired", "trial", "none"] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

/** The buyer's details an invoice carries (§ issue 16.3): required before checkout. */
export const billingDetailsSchema = z
  .object({
    legalName: requiredText(200),
    taxId: requiredText(50),
    address: requiredText(300),
    city: requiredText(100),
    postalCode: requiredText(20),
    country: requiredText(100),
    /** Where invoices go; the account's address when empty. */
    email: z.union([z.literal(""), z.email().max(254)]).default(""),
  })
  .strict();
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;
export type BillingDetails = z.output<typeof billingDetailsSchema>;

/** `GET /api/billing/details`: the caller's own, or (admins) `user`'s. Null fields: never filled. */
export const billingDetailsAnswerSchema = z.object({ userId: z.string(), details: billingDetailsSchema.nullable() });
export type BillingDetailsAnswer = z.infer<typeof billingDetailsAnswerSchema>;
export const billingDetailsQuerySchema = z.object({ user: userId().optional() });

/** One line of an order or invoice. */
export const orderLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  amountCents: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** What a plan costs for one period, as the server computes it (net + tax = total). */
export const quoteSchema = z.object({
  billing: z.enum(BILLING_PERIODS),
  months: z.number().int(),
  lines: z.array(orderLineSchema),
  netCents: z.number().int(),
  /** Tax rate in basis points (2100 = 21 %). */
  taxRateBp: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  /** The period paying now would give: after the current one ends, or from today. */
  from: z.string(),
  to: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** A plan on sale to the caller, with both ways to buy it. */
export const planOfferSchema = z.object({
  id: z.number().int(),
  plan: z.string(),
  description: z.string(),
  months: z.number().int(),
  nUsers: z.number().int(),
  nPatients: z.number().int(),
  /** Whose plan: the platform's (for clinics) or a clinic's own (for its patients). */
  seller: z.enum(["platform", "clinic"]),
  quotes: z.array(quoteSchema),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

export const orderSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  state: z.enum(ORDER_STATES),
  provider: z.enum(PAYMENT_PROVIDERS),
  membershipId: z.number().int(),
  plan: z.string(),
  billing: z.enum(BILLING_PERIODS),
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  netCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["invoice", "credit_note"]),
  number: z.string(),
  issuedAt: z.string(),
  language: z.string(),
  seller: z.object({ name: z.string(), taxId: z.string(), address: z.string(), email: z.string() }),
  buyer: billingDetailsSchema,
  lines: z.array(orderLineSchema),
  netCents: z.number().int(),
  taxRateBp: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  /** A credit note's invoice. */
  creditsNumber: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  lines: z.array(orderLineSchema),
  taxRateBp: z.number().int(),
  /** Manual transfers: what to pay, where, quoting which reference. */
  instructions: z.string().nullable(),
  /** Stripe: the Checkout page while the order is pending. */
  checkoutUrl: z.string().nullable(),
  paymentReference: z.string().nullable(),
  expiresAt: z.string(),
  cancelledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  invoices: z.array(invoiceSchema),
  /** What the caller may do with it. */
  can: z.object({ confirm: z.boolean(), cancel: z.boolean(), refund: z.boolean() }),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `POST /api/billing/orders`: the plan and how long; every amount comes from the server. */
export const createOrderSchema = z
  .object({
    membershipId: rowId(),
    billing: z.enum(BILLING_PERIODS),
    /** How the buyer pays, among the ways offered (membership overview `providers`); the first when omitted. */
    provider: z.enum(PAYMENT_PROVIDERS).optional(),
  })
  .strict();
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

export const confirmOrderSchema = z.object({ reference: requiredText(100) }).strict();
export const refundOrderSchema = z.object({ reason: storableText(500).default("") }).strict();

const dateQuery = z.string().refine(isRealDate, BILLING_MESSAGES.date).optional();

const orderFilters = pageQuerySchema.extend({
  q: storableText(100)
    .transform((value) => value.trim())
    .optional(),
  state: z.enum(ORDER_STATES).optional(),
  clinic: userId().optional(),
  since: dateQuery,
  to: dateQuery,
});
const sinceNotAfterTo = [
  (query: { since?: string; to?: string }) => !query.since || !query.to || query.to >= query.since,
  { path: ["to"], message: BILLING_MESSAGES.sinceAfterTo },
] as [(query: { since?: string; to?: string }) => boolean, { path: string[]; message: string }];

/** `GET /api/billing/orders/`: newest first; `clinic` (admins), state and created dates narrow. */
export const orderQuerySchema = orderFilters.refine(...sinceNotAfterTo);
export type OrderQuery = z.infer<typeof orderQuerySchema>;

/** `GET /api/billing/orders/export`: the same filters, every matching order, as CSV or XLSX. */
export const orderExportQuerySchema = orderFilters.extend({ format: z.enum(["csv", "xlsx"]) }).refine(...sinceNotAfterTo);

/** The orders of a filter: one page of them, and the sums of every order the filter holds. */
export const orderPageSchema = z.object({
  data: z.array(orderSummarySchema),
  page: z.number().int(),
  total: z.number().int(),
  sums: z.object({ currency: z.string(), paidCents: z.number().int(), pendingCents: z.number().int(), refundedCents: z.number().int() }),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

/** `GET /api/billing/membership`: what the caller (a clinic or a patient) holds and can buy. */
export const membershipOverviewSchema = z.object({
  holder: z.object({ id: z.string(), name: z.string(), kind: z.enum(["clinic", "patient"]) }),
  state: z.enum(MEMBERSHIP_STATES),
  current: z
    .object({ assignmentId: z.number().int(), membershipId: z.number().int(), plan: z.string(), from: z.string(), to: z.string(), daysLeft: z.number().int() })
    .nullable(),
  /** The first period already paid that has not started yet (a renewal paid ahead), if any. */
  next: z.object({ plan: z.string(), from: z.string(), to: z.string() }).nullable(),
  /** The day access stops: the last day paid without a break, the end of grace, or when a trial ends. */
  accessUntil: z.string().nullable(),
  seats: z
    .object({
      therapists: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
      patients: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
    })
    .nullable(),
  pending: orderSummarySchema.nullable(),
  offers: z.array(planOfferSchema),
  billingDetailsComplete: z.boolean(),
  /** The ways to pay offered, the first preselected. */
  providers: z.array(z.enum(PAYMENT_PROVIDERS)),
});
export type MembershipOverview = z.infer<typeof membershipOverviewSchema>;

/** Formats whole cents for people: 12345, "EUR", "es" → "123,45 €". */
export function formatCents(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language === "es" ? "es-ES" : "en-GB", { style: "currency", currency }).format(cents / 100);
}
