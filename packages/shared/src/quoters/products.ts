import { z } from "zod";
import { dayField } from "../appointments.ts";
import { languageSchema, pageQuerySchema, queryFlag, requiredText, rowId, storableText, userId } from "../schemas.ts";

/**
 * The product quoter's contract (module `product_quoter`, issue 38): a clinic's quotes made of
 * lines from its shop (product variants, bundles), its booking services, its membership plans
 * and free lines. Money in integer cents of the quote's currency; the tax rate in basis points.
 * Totals are computed by the server (with `quoteTotals`, which the screens may use to preview).
 */

/** draft → sent → viewed → accepted / declined / expired → converted; `revised`: replaced by a newer revision. */
export const PRODUCT_QUOTE_STATES = ["draft", "sent", "viewed", "accepted", "declined", "expired", "converted", "revised"] as const;
export type ProductQuoteState = (typeof PRODUCT_QUOTE_STATES)[number];
/** The states a client's link can still decide (accept or decline). */
export const PRODUCT_QUOTE_OPEN_STATES = ["sent", "viewed"] as const satisfies readonly ProductQuoteState[];
/** The states a revision may be made from. */
export const PRODUCT_QUOTE_REVISABLE_STATES = ["sent", "viewed", "declined", "expired"] as const satisfies readonly ProductQuoteState[];

/** product: a shop product's variant (refId = shop_variants.id); bundle: a shop bundle; service: a booking service; plan: the clinic's membership plan; free: typed. */
export const PRODUCT_QUOTE_LINE_KINDS = ["product", "bundle", "service", "plan", "free"] as const;
export type ProductQuoteLineKind = (typeof PRODUCT_QUOTE_LINE_KINDS)[number];
export const PRODUCT_QUOTE_CLIENT_KINDS = ["patient", "crm", "person"] as const;
export type ProductQuoteClientKind = (typeof PRODUCT_QUOTE_CLIENT_KINDS)[number];
/** What an accepted quote becomes: a shop order (product and bundle lines) or a membership order (one plan line). */
export const PRODUCT_QUOTE_CONVERT_KINDS = ["shop", "membership"] as const;
export type ProductQuoteConvertKind = (typeof PRODUCT_QUOTE_CONVERT_KINDS)[number];

export const PRODUCT_QUOTE_LIMITS = {
  lines: 100,
  description: 500,
  quantity: 10_000,
  /** 1 000 000.00 in cents. */
  unitCents: 100_000_000,
  name: 200,
  email: 254,
  terms: 10_000,
  note: 5000,
  reason: 1000,
  search: 200,
  taxRateBp: 10_000,
} as const;

/** What only the server can decide, in English; the screens translate them by key (`productQuoter.messages.<key>`). */
export const PRODUCT_QUOTE_MESSAGES = {
  clinicNeeded: "Choose the clinic the quote belongs to.",
  notDraft: "A sent quote cannot be changed: make a revision.",
  deleteNotDraft: "Only a draft can be deleted.",
  notSendable: "Only a draft or a sent quote can be sent.",
  notRevisable: "Only a sent, viewed, declined or expired quote can be revised.",
  notAccepted: "Only an accepted quote can be converted.",
  alreadyConverted: "This quote has already been converted.",
  lineDiscountTooLarge: "The discount cannot be more than the line's amount.",
  discountTooLarge: "The discount cannot be more than the lines' sum.",
  lineUnknown: "This item is not in the clinic's catalogue.",
  refNeeded: "Choose an item of the catalogue.",
  freeLineNeedsPrice: "Give the free line its unit price.",
  freeLineNeedsDescription: "Give the free line a description.",
  patientUnknown: "This patient is not one of the clinic's.",
  crmClientUnknown: "This client is not one of the clinic's.",
  clientNeeded: "Choose the client.",
  nameNeeded: "Give the client's name.",
  emailNeeded: "Give the client's email.",
  validUntilPast: "The quote must be valid until today or later.",
  agreeNeeded: "Tick the box to accept the quote.",
  linkExpired: "This quote has expired.",
  linkDeclined: "This quote was declined.",
  linkAccepted: "This quote has already been accepted.",
  linkRevised: "A newer revision of this quote exists: use the link of the latest email.",
  linkClosed: "This quote can no longer be answered.",
  linkUnknown: "This link is not valid.",
  shopNeedsPatient: "A shop order needs a patient's account: only a patient's quote can become a shop order.",
  shopLinesOnly: "Only product and bundle lines can become a shop order; remove: {lines}.",
  shopNoLines: "This quote has no product or bundle lines.",
  shopNoStore: "The clinic has no shop to order from.",
  membershipNeedsPatient: "A membership order needs a patient's account: only a patient's quote can become a membership order.",
  membershipOnePlan: "A membership order needs exactly one plan line and nothing else.",
  currencyMismatch: "The quote's currency is not the shop's ({currency}).",
  shopOneStore: "The product and bundle lines must all come from the same shop.",
  shopTaxRate: "The quote's tax rate ({quoteRate}) is not the shop's ({shopRate}): revise the quote at the shop's rate to order it.",
  shopOutOfStock: "The shop has not enough stock left of: {names}. Restock it or revise the quote.",
  shopOffSale: "An item of this quote is no longer on sale in the shop: put it back on sale or revise the quote.",
  shopTwoPrices: "{item} is quoted at two unit prices, and a shop order holds one price per item: revise the quote to one price.",
  shopCartBusy: "The patient's shop cart holds items: the quote can be ordered once that cart is empty.",
  manualPaymentOff: "Orders made from quotes are paid by transfer, which is not offered.",
  membershipNeedsDetails: "The patient's billing details are missing: they are needed before a membership order.",
  dateRange: "The end date must be on or after the start date.",
} as const;
export type ProductQuoteMessageKey = keyof typeof PRODUCT_QUOTE_MESSAGES;

/** "Q-2026-0007", and " rev. 2" from the second revision on. */
export const productQuoteNumber = (year: number, sequence: number): string => `Q-${year}-${String(sequence).padStart(4, "0")}`;
export const productQuoteLabel = (number: string, revision: number): string => (revision > 1 ? `${number} rev. ${revision}` : number);

// ---------------------------------------------------------------- money

export type QuoteLineAmounts = { quantity: number; unitCents: number; discountCents: number };
export type QuoteTotals = {
  /** Each line's quantity × unit − its discount. */
  lineTotals: number[];
  /** The lines' sum, before the overall discount. */
  linesCents: number;
  discountCents: number;
  /** After the overall discount, before tax (the table's `subtotal_cents`). */
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
};

/** The quote's totals in integer cents: line discounts, then the overall discount, then tax rounded half up to the cent. */
export function quoteTotals(lines: readonly QuoteLineAmounts[], discountCents: number, taxRateBp: number): QuoteTotals {
  const lineTotals = lines.map((line) => line.quantity * line.unitCents - line.discountCents);
  const linesCents = lineTotals.reduce((sum, value) => sum + value, 0);
  const subtotalCents = linesCents - discountCents;
  // BigInt: subtotal × rate can pass 2^53 for the largest quotes.
  const taxCents = Number((BigInt(subtotalCents) * BigInt(taxRateBp) + 5000n) / 10_000n);
  return { lineTotals, linesCents, discountCents, subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

// ---------------------------------------------------------------- inputs

/**
 * A line as the editor sends it. Catalogue lines name their item (`refId`); the server copies its
 * description and price when `description` is empty / `unitCents` is omitted, and keeps what the
 * client typed otherwise (both may be overridden). A free line needs both.
 */
export const productQuoteLineInputSchema = z
  .object({
    kind: z.enum(PRODUCT_QUOTE_LINE_KINDS),
    refId: rowId().nullable().default(null),
    description: storableText(PRODUCT_QUOTE_LIMITS.description)
      .default("")
      .transform((value) => value.trim()),
    quantity: z.number().int().min(1).max(PRODUCT_QUOTE_LIMITS.quantity),
    unitCents: z.number().int().min(0).max(PRODUCT_QUOTE_LIMITS.unitCents).nullable().default(null),
    discountCents: z
      .number()
      .int()
      .min(0)
      .max(PRODUCT_QUOTE_LIMITS.unitCents * PRODUCT_QUOTE_LIMITS.quantity)
      .default(0),
  })
  .strict()
  .superRefine((line, context) => {
    if (line.kind === "free") {
      if (!line.description) context.addIssue({ code: "custom", message: PRODUCT_QUOTE_MESSAGES.freeLineNeedsDescription, path: ["description"] });
      if (line.unitCents === null) context.addIssue({ code: "custom", message: PRODUCT_QUOTE_MESSAGES.freeLineNeedsPrice, path: ["unitCents"] });
    } else if (line.refId === null) context.addIssue({ code: "custom", message: PRODUCT_QUOTE_MESSAGES.refNeeded, path: ["refId"] });
    if (line.unitCents !== null && line.discountCents > line.quantity * line.unitCents)
      context.addIssue({ code: "custom", message: PRODUCT_QUOTE_MESSAGES.lineDiscountTooLarge, path: ["discountCents"] });
  });
export type ProductQuoteLineInput = z.input<typeof productQuoteLineInputSchema>;
export type ProductQuoteLineValues = z.output<typeof productQuoteLineInputSchema>;

/** Create and full update of a draft (its lines ride along: the list as it should be). */
export const productQuoteInputSchema = z
  .object({
    clientKind: z.enum(PRODUCT_QUOTE_CLIENT_KINDS),
    /** clientKind patient: the clinic's patient. */
    patientId: userId().nullable().default(null),
    /** clientKind crm: the clinic's CRM client. */
    crmClientId: rowId().nullable().default(null),
    /** clientKind person: typed; for patient and crm, copied from the person when empty. */
    clientName: storableText(PRODUCT_QUOTE_LIMITS.name)
      .default("")
      .transform((value) => value.trim()),
    clientEmail: z.union([z.literal(""), z.string().trim().max(PRODUCT_QUOTE_LIMITS.email).pipe(z.email())]).default(""),
    /** The client's language (mail, link and PDF); for a patient, their account's when omitted. */
    language: languageSchema.nullable().default(null),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default("EUR"),
    taxRateBp: z.number().int().min(0).max(PRODUCT_QUOTE_LIMITS.taxRateBp).default(0),
    /** The overall discount in cents, off the lines' sum. */
    discountCents: z.number().int().min(0).max(2_000_000_000).default(0),
    validUntil: dayField(),
    termsEn: storableText(PRODUCT_QUOTE_LIMITS.terms).default(""),
    termsEs: storableText(PRODUCT_QUOTE_LIMITS.terms).default(""),
    note: storableText(PRODUCT_QUOTE_LIMITS.note).default(""),
    lines: z.array(productQuoteLineInputSchema).min(1).max(PRODUCT_QUOTE_LIMITS.lines),
  })
  .strict()
  .superRefine((quote, context) => {
    if (quote.clientKind === "patient" && !quote.patientId)
      context.addIssue({ code: "custom", message: PRODUCT_QUOTE_MESSAGES.clientNeeded, path: ["patientId"] });
    if (quote.clientKind === "crm" && !quote.crmClientId)
      context.addIssue({ code: "custom", message: PRODUCT_QUOTE_MESSAGES.clientNeeded, path: ["crmClientId"] });
    if (quote.clientKind === "person") {
      if (!quote.clientName) context.addIssue({ code: "custom", message: PRODUCT_QUOTE_MESSAGES.nameNeeded, path: ["clientName"] });
      if (!quote.clientEmail) context.addIssue({ code: "custom", message: PRODUCT_QUOTE_MESSAGES.emailNeeded, path: ["clientEmail"] });
    }
    // With every price known here, the overall discount is checked here too (the server checks again with the catalogue's prices).
    if (quote.lines.every((line) => line.unitCents !== null)) {
      const sum = quote.lines.reduce((total, line) => total + line.quantity * (line.unitCents ?? 0) - line.discountCents, 0);
      if (quote.discountCents > sum) context.addIssue({ code: "custom", message: PRODUCT_QUOTE_MESSAGES.discountTooLarge, path: ["discountCents"] });
    }
  });
export type ProductQuoteInput = z.input<typeof productQuoteInputSchema>;
export type ProductQuoteValues = z.output<typeof productQuoteInputSchema>;

/** `?clinicId=` of a create (and of the catalogue, figures): admins name the clinic, staff work on their own. */
export const productQuoteClinicQuerySchema = z.object({ clinicId: userId().optional() }).strict();

const dayRange = {
  /** Created on or after this day (YYYY-MM-DD). */
  from: dayField().optional(),
  /** Created on or before this day. */
  to: dayField().optional(),
};
const refineRange = (range: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) => {
  if (range.from && range.to && range.to < range.from) context.addIssue({ code: "custom", message: PRODUCT_QUOTE_MESSAGES.dateRange, path: ["to"] });
};

const quoteFilters = {
  state: z.enum(PRODUCT_QUOTE_STATES).optional(),
  /** Number ("Q-2026-0007"), client name or email. */
  q: storableText(PRODUCT_QUOTE_LIMITS.search).optional(),
  ...dayRange,
  /** true: every revision, not only each quote's latest. */
  allRevisions: queryFlag(),
  clinicId: userId().optional(),
};

export const productQuotesQuerySchema = pageQuerySchema.extend(quoteFilters).strict().superRefine(refineRange);
export type ProductQuotesQuery = z.infer<typeof productQuotesQuerySchema>;

export const productQuotesExportQuerySchema = z
  .object({
    format: z.enum(["csv", "xlsx"]).default("csv"),
    /** The headers' language (the staff's own by default). */
    language: languageSchema.optional(),
    ...quoteFilters,
  })
  .strict()
  .superRefine(refineRange);
export type ProductQuotesExportQuery = z.infer<typeof productQuotesExportQuerySchema>;

/** Figures per month and per staff member over created days `from`–`to` (the last 12 months when omitted). */
export const productQuoteFiguresQuerySchema = z
  .object({
    ...dayRange,
    clinicId: userId().optional(),
    /** The amounts' currency; by default the one most sent quotes of the range are in. */
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/)
      .optional(),
  })
  .strict()
  .superRefine(refineRange);
export type ProductQuoteFiguresQuery = z.infer<typeof productQuoteFiguresQuerySchema>;

/** The line picker's search over the clinic's catalogue. */
export const productQuoteCatalogueQuerySchema = z
  .object({
    search: storableText(PRODUCT_QUOTE_LIMITS.search).default(""),
    kind: z.enum(["product", "bundle", "service", "plan"]).optional(),
    clinicId: userId().optional(),
  })
  .strict();
export type ProductQuoteCatalogueQuery = z.infer<typeof productQuoteCatalogueQuerySchema>;

export const productQuoteIdParamSchema = z.object({ quoteId: z.coerce.number().int().positive().max(2_147_483_647) }).strict();
export const productQuoteTokenParamSchema = z
  .object({
    token: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_-]{20,64}$/),
  })
  .strict();

/** The client accepts by the link: their name and the ticked box. */
export const productQuoteAcceptSchema = z
  .object({
    name: requiredText(PRODUCT_QUOTE_LIMITS.name),
    agree: z.literal(true, { error: PRODUCT_QUOTE_MESSAGES.agreeNeeded }),
  })
  .strict();
export type ProductQuoteAccept = z.infer<typeof productQuoteAcceptSchema>;
export const productQuoteDeclineSchema = z.object({ reason: storableText(PRODUCT_QUOTE_LIMITS.reason).default("") }).strict();
export type ProductQuoteDecline = z.input<typeof productQuoteDeclineSchema>;

export const productQuoteConvertSchema = z.object({ kind: z.enum(PRODUCT_QUOTE_CONVERT_KINDS) }).strict();
export type ProductQuoteConvert = z.infer<typeof productQuoteConvertSchema>;

// ---------------------------------------------------------------- views

export type ProductQuoteLineView = {
  id: number;
  position: number;
  kind: ProductQuoteLineKind;
  refId: number | null;
  description: string;
  quantity: number;
  unitCents: number;
  discountCents: number;
  totalCents: number;
};

export type ProductQuoteRow = {
  id: number;
  rootId: number;
  number: string;
  revision: number;
  /** "Q-2026-0007 rev. 2" */
  label: string;
  state: ProductQuoteState;
  clientKind: ProductQuoteClientKind;
  clientName: string;
  clientEmail: string;
  currency: string;
  totalCents: number;
  validUntil: string;
  createdAt: string;
  sentAt: string | null;
  createdBy: { id: string; name: string } | null;
  clinic: { id: string; name: string };
};

export type ProductQuoteRevisionView = {
  id: number;
  revision: number;
  state: ProductQuoteState;
  totalCents: number;
  createdAt: string;
  sentAt: string | null;
  decidedAt: string | null;
};
/** One change of state, from the audit: who (null for the client by the link or the expiry job) and when. */
export type ProductQuoteHistoryEntry = { action: string; at: string; by: { id: string; name: string } | null };

export type ProductQuoteDetail = ProductQuoteRow & {
  patientId: string | null;
  crmClientId: number | null;
  language: string;
  taxRateBp: number;
  discountCents: number;
  /** The lines' sum before the overall discount. */
  linesCents: number;
  subtotalCents: number;
  taxCents: number;
  termsEn: string;
  termsEs: string;
  note: string;
  lines: ProductQuoteLineView[];
  viewedAt: string | null;
  decidedAt: string | null;
  acceptedName: string | null;
  declineReason: string | null;
  converted: { kind: ProductQuoteConvertKind; orderId: number; at: string } | null;
  /** The client's link (`/quotes/<token>`) once sent; null for a draft. */
  publicPath: string | null;
  revisions: ProductQuoteRevisionView[];
  history: ProductQuoteHistoryEntry[];
  updatedAt: string;
};

/** What the client's private link shows (`/quotes/<token>`, no account). */
export type PublicProductQuote = {
  label: string;
  state: ProductQuoteState;
  clinicName: string;
  clientName: string;
  language: string;
  currency: string;
  lines: Pick<ProductQuoteLineView, "position" | "description" | "quantity" | "unitCents" | "discountCents" | "totalCents">[];
  linesCents: number;
  discountCents: number;
  subtotalCents: number;
  taxRateBp: number;
  taxCents: number;
  totalCents: number;
  validUntil: string;
  termsEn: string;
  termsEs: string;
  /** Whether the link may accept or decline now (sent or viewed, not past its validity). */
  open: boolean;
  decidedAt: string | null;
  acceptedName: string | null;
};

/** A row of the line picker. */
export type ProductQuoteCatalogueItem = {
  kind: Exclude<ProductQuoteLineKind, "free">;
  refId: number;
  description: string;
  unitCents: number;
  currency: string;
  /** A shop item's store tax rate, which an order made from the quote is taxed at; null for services and plans. */
  taxRateBp: number | null;
};

export type ProductQuoteFigure = {
  /** "2026-03" */
  month: string;
  staff: { id: string; name: string } | null;
  sent: number;
  quotedCents: number;
  accepted: number;
  acceptedCents: number;
  converted: number;
  /** accepted (converted included) / sent, in basis points; 0 when nothing was sent. */
  conversionBp: number;
};
export type ProductQuoteFigures = {
  from: string;
  to: string;
  /** The rows count the quotes in this currency only (amounts in different currencies are never added); null when none was sent. */
  currency: string | null;
  /** Every currency the range's sent quotes are in, to choose from. */
  currencies: string[];
  rows: ProductQuoteFigure[];
};
