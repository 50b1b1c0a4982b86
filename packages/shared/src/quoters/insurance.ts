import { z } from "zod";
import { dayField } from "../appointments.ts";
import { languageSchema, pageQuerySchema, requiredText, rowId, rowIdParam, storableText, userId } from "../schemas.ts";
import { exportFormatSchema } from "../user-import.ts";
import type { Bilingual } from "../events/common.ts";

/**
 * The insurance quoter's contract (module `quoter`, issue 38): insurance products with versioned
 * rating rules, quotes with up to three options, the applicant's private link, policies, exports
 * and figures. Money is in integer cents of the product's currency, factors in basis points
 * (10 000 = ×1). Days are `YYYY-MM-DD`; instants ISO 8601 in UTC.
 */

export const INSURANCE_PRODUCT_STATES = ["active", "archived"] as const;
export type InsuranceProductState = (typeof INSURANCE_PRODUCT_STATES)[number];

/** draft → sent → accepted → bound; a sent quote may also end declined or expired (past validUntil). */
export const INSURANCE_QUOTE_STATES = ["draft", "sent", "accepted", "declined", "expired", "bound"] as const;
export type InsuranceQuoteState = (typeof INSURANCE_QUOTE_STATES)[number];

export const ROUNDING_STEPS = [1, 10, 50, 100, 500, 1000] as const;
export const ROUNDING_MODES = ["up", "nearest", "down"] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

export const INSURANCE_LIMITS = {
  code: 40,
  name: 200,
  description: 5000,
  note: 1000,
  key: 32,
  coverage: 20,
  levels: 6,
  factors: 8,
  bands: 50,
  choices: 50,
  addOns: 10,
  /** 1 000 000.00 in cents: a base, a limit, an add-on or a minimum. */
  moneyCents: 100_000_000,
  /** ×0.01 to ×100. */
  minFactorBp: 100,
  maxFactorBp: 1_000_000,
  /** The whole numbers a band table may cover. */
  bandMin: 0,
  bandMax: 100_000,
  /** The highest premium a quote may hold (10 000 000.00): beyond it the rules are wrong. */
  maxPremiumCents: 1_000_000_000,
  options: 3,
  choiceValue: 60,
  applicantName: 200,
  email: 254,
  reason: 1000,
  search: 200,
  /** Days a quote is valid by default. */
  validityDays: 30,
  /** The furthest a validity date may be. */
  maxValidityDays: 366,
} as const;

/** What only the server can decide, in English; the screens translate them by key (`quoter.messages.<key>`). */
export const QUOTER_MESSAGES = {
  keyFormat: "Use lowercase letters, digits, - or _ (up to 32), starting with a letter.",
  keyTaken: "Another item of this list has this key.",
  choiceTaken: "Another option of this table has this value.",
  levelsDecreasing: "A higher level's factor cannot be below the previous level's.",
  bandsEmpty: "A band table needs at least one band.",
  bandReversed: "A band must end at or after its start.",
  bandGap: "Leaves a gap: this band must start at {expected}.",
  bandOverlap: "Overlaps the previous band: this band must start at {expected}.",
  choicesEmpty: "A choice table needs at least one option.",
  codeFormat: "Use letters, digits, - or _ (up to 40).",
  codeTaken: "Another product already has this code.",
  currency: "Give a currency as its three-letter code (EUR, USD…).",
  answerRequired: "Required for this product's rating.",
  wholeNumber: "Must be a whole number.",
  outOfRange: "Must be between {from} and {to}.",
  notAChoice: "Not one of the product's choices.",
  levelUnknown: "Not one of the product's coverage levels.",
  addOnUnknown: "Not one of the product's add-ons.",
  addOnTwice: "An add-on can be chosen once.",
  productUnknown: "No such product.",
  productArchived: "This product is archived and offers no new quote.",
  premiumTooLarge: "The premium is beyond what a quote can hold; check the product's rules.",
  validUntilPast: "The validity date must be today or later.",
  validUntilFar: "The validity date can be at most a year away.",
  onlyDraft: "Only a draft can be changed.",
  notSendable: "Only a draft or a sent quote can be sent.",
  optionUnknown: "This quote has no such option.",
  notDecidable: "Only a sent quote can be accepted or declined.",
  quoteExpired: "This quote has expired; ask your agent for a new one.",
  alreadyAccepted: "This quote has already been accepted.",
  alreadyDeclined: "This quote has been declined.",
  agreeRequired: "Tick the box to accept the quote.",
  notAccepted: "Only an accepted quote can be bound into a policy.",
  alreadyBound: "This quote is already bound into a policy.",
  linkUnknown: "This link is not valid.",
  rangeReversed: "The end must not be before the start.",
  rangeTooLong: "Choose at most three years.",
} as const;
export type QuoterMessageKey = keyof typeof QUOTER_MESSAGES;

// ---------------------------------------------------------------- rules

const KEY_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
/** A short slug naming an item of the rules (a factor, a level, an add-on, a coverage item). */
export const ruleKey = () => z.string().regex(KEY_PATTERN, QUOTER_MESSAGES.keyFormat);
const bilingualName = z.object({ en: requiredText(INSURANCE_LIMITS.name), es: requiredText(INSURANCE_LIMITS.name) }).strict();
const bilingualText = z
  .object({ en: storableText(INSURANCE_LIMITS.description).default(""), es: storableText(INSURANCE_LIMITS.description).default("") })
  .strict();
const money = () => z.number().int().min(0).max(INSURANCE_LIMITS.moneyCents);
const factorBp = () => z.number().int().min(INSURANCE_LIMITS.minFactorBp).max(INSURANCE_LIMITS.maxFactorBp);
const bandBound = () => z.number().int().min(INSURANCE_LIMITS.bandMin).max(INSURANCE_LIMITS.bandMax);

export const coverageItemSchema = z.object({ key: ruleKey(), name: bilingualName, limitCents: money(), deductibleCents: money() }).strict();
export const coverageLevelSchema = z.object({ key: ruleKey(), name: bilingualName, factorBp: factorBp() }).strict();
export const factorBandSchema = z.object({ from: bandBound(), to: bandBound(), factorBp: factorBp() }).strict();
export const factorChoiceSchema = z
  .object({
    value: z
      .string()
      .trim()
      .min(1)
      .max(INSURANCE_LIMITS.choiceValue)
      .regex(/^[A-Za-z0-9_-]+$/),
    name: bilingualName,
    factorBp: factorBp(),
  })
  .strict();
export const bandsFactorSchema = z
  .object({ key: ruleKey(), name: bilingualName, kind: z.literal("bands"), bands: z.array(factorBandSchema).max(INSURANCE_LIMITS.bands) })
  .strict();
export const choiceFactorSchema = z
  .object({ key: ruleKey(), name: bilingualName, kind: z.literal("choice"), options: z.array(factorChoiceSchema).max(INSURANCE_LIMITS.choices) })
  .strict();
export const ratingFactorSchema = z.discriminatedUnion("kind", [bandsFactorSchema, choiceFactorSchema]);
export const addOnSchema = z.object({ key: ruleKey(), name: bilingualName, premiumCents: money() }).strict();
export const roundingSchema = z
  .object({
    stepCents: z.literal(ROUNDING_STEPS),
    mode: z.enum(ROUNDING_MODES),
  })
  .strict();

/** Refuses a second item with the same key in a list, on the later item's `key`. */
function uniqueKeys(items: readonly { key: string }[], path: (string | number)[], context: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.key)) context.addIssue({ code: "custom", message: QUOTER_MESSAGES.keyTaken, path: [...path, index, "key"] });
    seen.add(item.key);
  });
}

/**
 * The gaps and overlaps of a band table: every band `from <= to`, sorted, each starting right
 * after the previous one ends (`to + 1 === next.from`). Issues name the offending band's field
 * (`bands.2.from`). Exported so the server and the screens check the same.
 */
export function bandIssues(bands: readonly { from: number; to: number }[]): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  if (bands.length === 0) return [{ path: ["bands"], message: QUOTER_MESSAGES.bandsEmpty }];
  bands.forEach((band, index) => {
    if (band.to < band.from) issues.push({ path: ["bands", index, "to"], message: QUOTER_MESSAGES.bandReversed });
    const previous = bands[index - 1];
    if (!previous) return;
    const expected = previous.to + 1;
    if (band.from > expected) issues.push({ path: ["bands", index, "from"], message: QUOTER_MESSAGES.bandGap.replace("{expected}", String(expected)) });
    if (band.from < expected) issues.push({ path: ["bands", index, "from"], message: QUOTER_MESSAGES.bandOverlap.replace("{expected}", String(expected)) });
  });
  return issues;
}

/**
 * A product version's coverage and rating rules, stored as data in `insurance_product_versions.rules`.
 * Premium = base × level factor × each factor's band/option factor, + add-ons, at least the
 * minimum, then rounded to the step (see the server's rating engine).
 */
export const insuranceRulesSchema = z
  .object({
    coverage: z.array(coverageItemSchema).min(1).max(INSURANCE_LIMITS.coverage),
    /** Lowest to highest; factors never decrease, so a higher level never costs less. */
    levels: z.array(coverageLevelSchema).min(1).max(INSURANCE_LIMITS.levels),
    /** Yearly, before any factor. */
    basePremiumCents: money(),
    factors: z.array(ratingFactorSchema).max(INSURANCE_LIMITS.factors).default([]),
    /** Flat yearly amounts added after the factors. */
    addOns: z.array(addOnSchema).max(INSURANCE_LIMITS.addOns).default([]),
    minimumPremiumCents: money().default(0),
    rounding: roundingSchema.default({ stepCents: 1, mode: "nearest" }),
  })
  .strict()
  .superRefine((rules, context) => {
    uniqueKeys(rules.coverage, ["coverage"], context);
    uniqueKeys(rules.levels, ["levels"], context);
    uniqueKeys(rules.factors, ["factors"], context);
    uniqueKeys(rules.addOns, ["addOns"], context);
    rules.levels.forEach((level, index) => {
      const previous = rules.levels[index - 1];
      if (previous && level.factorBp < previous.factorBp)
        context.addIssue({ code: "custom", message: QUOTER_MESSAGES.levelsDecreasing, path: ["levels", index, "factorBp"] });
    });
    rules.factors.forEach((factor, index) => {
      if (factor.kind === "bands") {
        for (const issue of bandIssues(factor.bands)) context.addIssue({ code: "custom", message: issue.message, path: ["factors", index, ...issue.path] });
        return;
      }
      if (factor.options.length === 0) context.addIssue({ code: "custom", message: QUOTER_MESSAGES.choicesEmpty, path: ["factors", index, "options"] });
      const seen = new Set<string>();
      factor.options.forEach((option, at) => {
        if (seen.has(option.value))
          context.addIssue({ code: "custom", message: QUOTER_MESSAGES.choiceTaken, path: ["factors", index, "options", at, "value"] });
        seen.add(option.value);
      });
    });
  });
export type InsuranceRules = z.infer<typeof insuranceRulesSchema>;
export type InsuranceRulesInput = z.input<typeof insuranceRulesSchema>;
export type RatingFactor = z.infer<typeof ratingFactorSchema>;

// ---------------------------------------------------------------- products

const currencyField = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, QUOTER_MESSAGES.currency);

/** A new product (the admin's "policies list"): its rules become version 1. */
export const insuranceProductInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, QUOTER_MESSAGES.codeFormat),
    name: bilingualName,
    description: bilingualText.default({ en: "", es: "" }),
    currency: currencyField().default("EUR"),
    rules: insuranceRulesSchema,
    note: storableText(INSURANCE_LIMITS.note).default(""),
  })
  .strict();
export type InsuranceProductInput = z.input<typeof insuranceProductInputSchema>;

/** Names, descriptions and state; the rules change only through a new version. */
export const insuranceProductUpdateSchema = z
  .object({ name: bilingualName, description: bilingualText.default({ en: "", es: "" }), state: z.enum(INSURANCE_PRODUCT_STATES) })
  .strict();
export type InsuranceProductUpdate = z.input<typeof insuranceProductUpdateSchema>;

/** New rules: a new version, the current one from then on (never a rewrite of an old one). */
export const insuranceVersionInputSchema = z.object({ rules: insuranceRulesSchema, note: storableText(INSURANCE_LIMITS.note).default("") }).strict();
export type InsuranceVersionInput = z.input<typeof insuranceVersionInputSchema>;

export const insuranceProductsQuerySchema = pageQuerySchema
  .extend({ q: storableText(INSURANCE_LIMITS.search).optional(), state: z.enum(INSURANCE_PRODUCT_STATES).optional() })
  .strict();
export type InsuranceProductsQuery = z.infer<typeof insuranceProductsQuerySchema>;

export const insuranceProductIdParamSchema = z.object({ productId: rowIdParam() }).strict();
export const insuranceVersionParamSchema = z.object({ productId: rowIdParam(), version: z.coerce.number().int().min(1).max(100_000) }).strict();

// ---------------------------------------------------------------- rating and quotes

/** The applicant's rating inputs keyed by factor key: a whole number for a band table (age), a value for a choice table (region). */
export const ratingAnswersSchema = z.record(ruleKey(), z.union([z.number().int().min(-1_000_000).max(1_000_000), storableText(INSURANCE_LIMITS.choiceValue)]));
export type RatingAnswers = z.infer<typeof ratingAnswersSchema>;

/** One option to rate: a product (its current version), a coverage level and add-ons. */
export const quoteOptionInputSchema = z
  .object({ productId: rowId(), level: ruleKey(), addOns: z.array(ruleKey()).max(INSURANCE_LIMITS.addOns).default([]) })
  .strict()
  .superRefine((option, context) => {
    option.addOns.forEach((key, index) => {
      if (option.addOns.indexOf(key) !== index) context.addIssue({ code: "custom", message: QUOTER_MESSAGES.addOnTwice, path: ["addOns", index] });
    });
  });
export type QuoteOptionInput = z.input<typeof quoteOptionInputSchema>;

/** `POST /api/quoter/rate`: the premiums of one to three options, nothing saved. */
export const rateInputSchema = z
  .object({ answers: ratingAnswersSchema, options: z.array(quoteOptionInputSchema).min(1).max(INSURANCE_LIMITS.options) })
  .strict();
export type RateInput = z.input<typeof rateInputSchema>;

/** A draft quote, new or changed: premiums are always rated on the server from each product's current version. */
export const quoteInputSchema = z
  .object({
    applicantName: requiredText(INSURANCE_LIMITS.applicantName),
    applicantEmail: z.string().trim().toLowerCase().max(INSURANCE_LIMITS.email).pipe(z.email()),
    language: languageSchema.default("en"),
    /** Default: today + 30 days. */
    validUntil: dayField().optional(),
    answers: ratingAnswersSchema,
    options: z.array(quoteOptionInputSchema).min(1).max(INSURANCE_LIMITS.options),
  })
  .strict();
export type QuoteInput = z.input<typeof quoteInputSchema>;

const quoteListFilters = {
  state: z.enum(INSURANCE_QUOTE_STATES).optional(),
  /** Number (IQ-2026-000042), applicant name or email. */
  q: storableText(INSURANCE_LIMITS.search).optional(),
  /** Admins only (agents always see their own). */
  agentId: userId().optional(),
  productId: rowIdParam().optional(),
  /** Created on or after / on or before (days, UTC). */
  from: dayField().optional(),
  to: dayField().optional(),
};
export const quotesQuerySchema = pageQuerySchema.extend(quoteListFilters).strict();
export type QuotesQuery = z.infer<typeof quotesQuerySchema>;
/** The quotes list's export: the list's filters, the format and the language of the headers (the caller's own by default). */
export const quotesExportQuerySchema = z.object({ ...quoteListFilters, format: exportFormatSchema, language: languageSchema.optional() }).strict();
export type QuotesExportQuery = z.infer<typeof quotesExportQuerySchema>;

export const quoteIdParamSchema = z.object({ quoteId: rowIdParam() }).strict();
export const quoteTokenParamSchema = z
  .object({
    token: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_-]{20,64}$/),
  })
  .strict();

/** Send (or send again) the quote with its chosen option (1 to 3). */
export const sendQuoteSchema = z.object({ option: z.number().int().min(1).max(INSURANCE_LIMITS.options) }).strict();
/** The applicant accepts by the private link: their name and the box ticked. */
export const acceptByLinkSchema = z
  .object({ name: requiredText(INSURANCE_LIMITS.applicantName), agree: z.literal(true, { error: QUOTER_MESSAGES.agreeRequired }) })
  .strict();
/** The agent records the applicant's acceptance (by phone): the name they gave. */
export const recordAcceptanceSchema = z.object({ name: requiredText(INSURANCE_LIMITS.applicantName) }).strict();
/** A decline, by the link or recorded by the agent; the reason may be empty. */
export const declineQuoteSchema = z.object({ reason: storableText(INSURANCE_LIMITS.reason).default("") }).strict();
/** Bind an accepted quote: the policy runs a year from `startsOn` (default today). */
export const bindQuoteSchema = z.object({ startsOn: dayField().optional() }).strict();

export const policiesQuerySchema = pageQuerySchema
  .extend({
    /** Policy or quote number, holder name or email. */
    q: storableText(INSURANCE_LIMITS.search).optional(),
    agentId: userId().optional(),
    productId: rowIdParam().optional(),
  })
  .strict();
export type PoliciesQuery = z.infer<typeof policiesQuerySchema>;
export const policyIdParamSchema = z.object({ policyId: rowIdParam() }).strict();

/** The figures' range (days, UTC, both included): default the last twelve months. At most three years. */
export const quoterFiguresQuerySchema = z
  .object({
    from: dayField().optional(),
    to: dayField().optional(),
    /** The amounts' currency; by default the one most quotes of the range are in. */
    currency: currencyField().optional(),
  })
  .strict()
  .superRefine((range, context) => {
    if (range.from && range.to && range.to < range.from) context.addIssue({ code: "custom", message: QUOTER_MESSAGES.rangeReversed, path: ["to"] });
  });
export type QuoterFiguresQuery = z.infer<typeof quoterFiguresQuerySchema>;

// ---------------------------------------------------------------- views

export type QuoterUserRef = { id: string; name: string };

/** One step of a premium's rating, in order, with the running amount after it (cents, rounded to the cent for display; the maths is exact). */
export type RatingStep =
  | { kind: "base"; amountCents: number; runningCents: number }
  | { kind: "level"; key: string; name: Bilingual; factorBp: number; runningCents: number }
  | {
      kind: "factor";
      key: string;
      name: Bilingual;
      input: number | string;
      /** The matched band (`from`–`to`) or option (`value`, `name`). */
      match: { from: number; to: number } | { value: string; name: Bilingual };
      factorBp: number;
      runningCents: number;
    }
  | { kind: "addOn"; key: string; name: Bilingual; amountCents: number; runningCents: number }
  | { kind: "minimum"; minimumCents: number; applied: boolean; runningCents: number }
  | { kind: "rounding"; stepCents: number; mode: RoundingMode; runningCents: number };

export type RatingResult = { premiumCents: number; breakdown: RatingStep[] };

export type ProductRef = { id: number; code: string; name: Bilingual; currency: string; versionId: number; version: number };

/** One rated option (the rate call's answer, and a quote's options). */
export type RatedOption = {
  /** 1 to 3. */
  position: number;
  product: ProductRef;
  level: string;
  levelName: Bilingual;
  addOns: { key: string; name: Bilingual }[];
  premiumCents: number;
  breakdown: RatingStep[];
  /** The version's coverage items, shown beside the premium. */
  coverage: InsuranceRules["coverage"];
};
export type RateResult = { options: RatedOption[] };

export type InsuranceProductRow = {
  id: number;
  code: string;
  name: Bilingual;
  currency: string;
  state: InsuranceProductState;
  currentVersion: number;
  /** The current version's base premium, for the list and the agents' picker. */
  basePremiumCents: number;
  /** Quotes with an option of this product that the caller sees (an agent: their own). */
  quotes: number;
  updatedAt: string;
};

export type InsuranceVersionRow = { id: number; version: number; note: string; createdBy: QuoterUserRef | null; createdAt: string };
export type InsuranceVersionView = InsuranceVersionRow & { productId: number; rules: InsuranceRules };

export type InsuranceProductDetail = InsuranceProductRow & {
  description: Bilingual;
  createdAt: string;
  /** The current version's rules (what new quotes are rated with). */
  rules: InsuranceRules;
  versions: InsuranceVersionRow[];
};

export type QuoteRow = {
  id: number;
  number: string;
  applicantName: string;
  applicantEmail: string;
  agent: QuoterUserRef;
  state: InsuranceQuoteState;
  /** Codes of the options' products, in option order. */
  products: string[];
  /** The chosen option's premium, else the cheapest option's. */
  premiumCents: number;
  currency: string;
  chosenOption: number | null;
  validUntil: string;
  createdAt: string;
  sentAt: string | null;
  decidedAt: string | null;
  policy: { id: number; number: string } | null;
};

export type QuoteDetail = QuoteRow & {
  language: string;
  answers: RatingAnswers;
  options: RatedOption[];
  acceptedName: string | null;
  declineReason: string | null;
  boundAt: string | null;
  updatedAt: string;
};

/** What the applicant's private link shows (`/quoter/quote/<token>`). */
export type PublicQuote = {
  number: string;
  applicantName: string;
  state: InsuranceQuoteState;
  validUntil: string;
  language: string;
  agentName: string;
  option: RatedOption;
  /** True while the applicant may accept or decline (sent, not past its validity). */
  decidable: boolean;
  decidedAt: string | null;
  acceptedName: string | null;
};

export type PolicyRow = {
  id: number;
  number: string;
  quote: { id: number; number: string };
  product: { id: number; code: string; name: Bilingual; version: number };
  agent: QuoterUserRef;
  holderName: string;
  holderEmail: string;
  premiumCents: number;
  currency: string;
  /** The first day covered. */
  startsOn: string;
  /** The last day covered (inclusive): startsOn + 1 year − 1 day. */
  endsOn: string;
  createdAt: string;
};
export type PolicyDetail = PolicyRow & { option: RatedOption };

/** One month's or one agent's figures. Amounts per currency would mix: they are summed as cents whatever the product's currency (the demo and most platforms use one). */
export type QuoterFigureRow = {
  quotes: number;
  sent: number;
  /** The chosen option's premium, else the cheapest. */
  quotedCents: number;
  accepted: number;
  acceptedCents: number;
  bound: number;
  /** (accepted + bound) / sent, in basis points; null with nothing sent. */
  conversionBp: number | null;
};
export type QuoterFigures = {
  from: string;
  to: string;
  /** The figures count the quotes in this currency only (amounts in different currencies are never added); null when the range has none. */
  currency: string | null;
  /** Every currency the range's quotes are in, to choose from. */
  currencies: string[];
  totals: QuoterFigureRow;
  /** YYYY-MM */
  months: (QuoterFigureRow & { month: string })[];
  agents: (QuoterFigureRow & { agent: QuoterUserRef })[];
};

// ---------------------------------------------------------------- paths

/** The API's paths, for the screens. */
export const QUOTER_API = {
  products: "/api/quoter/products",
  product: (id: number) => `/api/quoter/products/${id}`,
  versions: (id: number) => `/api/quoter/products/${id}/versions`,
  version: (id: number, version: number) => `/api/quoter/products/${id}/versions/${version}`,
  rate: "/api/quoter/rate",
  quotes: "/api/quoter/quotes",
  quotesExport: "/api/quoter/quotes/export",
  quote: (id: number) => `/api/quoter/quotes/${id}`,
  quotePdf: (id: number) => `/api/quoter/quotes/${id}/pdf`,
  send: (id: number) => `/api/quoter/quotes/${id}/send`,
  accept: (id: number) => `/api/quoter/quotes/${id}/accept`,
  decline: (id: number) => `/api/quoter/quotes/${id}/decline`,
  bind: (id: number) => `/api/quoter/quotes/${id}/bind`,
  policies: "/api/quoter/policies",
  policy: (id: number) => `/api/quoter/policies/${id}`,
  figures: "/api/quoter/figures",
  publicQuote: (token: string) => `/api/quoter/public/quotes/${token}`,
  publicAccept: (token: string) => `/api/quoter/public/quotes/${token}/accept`,
  publicDecline: (token: string) => `/api/quoter/public/quotes/${token}/decline`,
  publicPdf: (token: string) => `/api/quoter/public/quotes/${token}/pdf`,
} as const;

/** The applicant's private page (outside the shell, no account), as the quote's email links it. */
export const quoteLinkPath = (token: string): string => `/quoter/quote/${token}`;

/** Quote and policy numbers: IQ-2026-000042, POL-2026-000007. */
export const quoteNumber = (year: number, sequence: number): string => `IQ-${year}-${String(sequence).padStart(6, "0")}`;
export const policyNumber = (year: number, sequence: number): string => `POL-${year}-${String(sequence).padStart(6, "0")}`;

// ---------------------------------------------------------------- response schemas (the API's answers, for the OpenAPI document)

const bilingualView = z.object({ en: z.string(), es: z.string() });
const userRefView = z.object({ id: z.string(), name: z.string() });
/** Rules as stored: checked when saved, passed through as they are in answers. */
const rulesView = z.custom<InsuranceRules>((value) => typeof value === "object" && value !== null);

export const ratingStepSchema: z.ZodType<RatingStep> = z.union([
  z.object({ kind: z.literal("base"), amountCents: z.number(), runningCents: z.number() }),
  z.object({ kind: z.literal("level"), key: z.string(), name: bilingualView, factorBp: z.number(), runningCents: z.number() }),
  z.object({
    kind: z.literal("factor"),
    key: z.string(),
    name: bilingualView,
    input: z.union([z.number(), z.string()]),
    match: z.union([z.object({ from: z.number(), to: z.number() }), z.object({ value: z.string(), name: bilingualView })]),
    factorBp: z.number(),
    runningCents: z.number(),
  }),
  z.object({ kind: z.literal("addOn"), key: z.string(), name: bilingualView, amountCents: z.number(), runningCents: z.number() }),
  z.object({ kind: z.literal("minimum"), minimumCents: z.number(), applied: z.boolean(), runningCents: z.number() }),
  z.object({ kind: z.literal("rounding"), stepCents: z.number(), mode: z.enum(ROUNDING_MODES), runningCents: z.number() }),
]);

export const ratedOptionSchema: z.ZodType<RatedOption> = z.object({
  position: z.number(),
  product: z.object({ id: z.number(), code: z.string(), name: bilingualView, currency: z.string(), versionId: z.number(), version: z.number() }),
  level: z.string(),
  levelName: bilingualView,
  addOns: z.array(z.object({ key: z.string(), name: bilingualView })),
  premiumCents: z.number(),
  breakdown: z.array(ratingStepSchema),
  coverage: z.array(z.object({ key: z.string(), name: bilingualView, limitCents: z.number(), deductibleCents: z.number() })),
});
export const rateResultSchema: z.ZodType<RateResult> = z.object({ options: z.array(ratedOptionSchema) });

const productRowShape = {
  id: z.number(),
  code: z.string(),
  name: bilingualView,
  currency: z.string(),
  state: z.enum(INSURANCE_PRODUCT_STATES),
  currentVersion: z.number(),
  basePremiumCents: z.number(),
  quotes: z.number(),
  updatedAt: z.string(),
};
export const insuranceProductRowSchema: z.ZodType<InsuranceProductRow> = z.object(productRowShape);
const versionRowShape = { id: z.number(), version: z.number(), note: z.string(), createdBy: userRefView.nullable(), createdAt: z.string() };
export const insuranceVersionViewSchema: z.ZodType<InsuranceVersionView> = z.object({ ...versionRowShape, productId: z.number(), rules: rulesView });
export const insuranceProductDetailSchema: z.ZodType<InsuranceProductDetail> = z.object({
  ...productRowShape,
  description: bilingualView,
  createdAt: z.string(),
  rules: rulesView,
  versions: z.array(z.object(versionRowShape)),
});

const quoteRowShape = {
  id: z.number(),
  number: z.string(),
  applicantName: z.string(),
  applicantEmail: z.string(),
  agent: userRefView,
  state: z.enum(INSURANCE_QUOTE_STATES),
  products: z.array(z.string()),
  premiumCents: z.number(),
  currency: z.string(),
  chosenOption: z.number().nullable(),
  validUntil: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  policy: z.object({ id: z.number(), number: z.string() }).nullable(),
};
export const quoteRowSchema: z.ZodType<QuoteRow> = z.object(quoteRowShape);
export const quoteDetailSchema: z.ZodType<QuoteDetail> = z.object({
  ...quoteRowShape,
  language: z.string(),
  answers: z.record(z.string(), z.union([z.number(), z.string()])),
  options: z.array(ratedOptionSchema),
  acceptedName: z.string().nullable(),
  declineReason: z.string().nullable(),
  boundAt: z.string().nullable(),
  updatedAt: z.string(),
});
export const publicQuoteSchema: z.ZodType<PublicQuote> = z.object({
  number: z.string(),
  applicantName: z.string(),
  state: z.enum(INSURANCE_QUOTE_STATES),
  validUntil: z.string(),
  language: z.string(),
  agentName: z.string(),
  option: ratedOptionSchema,
  decidable: z.boolean(),
  decidedAt: z.string().nullable(),
  acceptedName: z.string().nullable(),
});

const policyRowShape = {
  id: z.number(),
  number: z.string(),
  quote: z.object({ id: z.number(), number: z.string() }),
  product: z.object({ id: z.number(), code: z.string(), name: bilingualView, version: z.number() }),
  agent: userRefView,
  holderName: z.string(),
  holderEmail: z.string(),
  premiumCents: z.number(),
  currency: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  createdAt: z.string(),
};
export const policyRowSchema: z.ZodType<PolicyRow> = z.object(policyRowShape);
export const policyDetailSchema: z.ZodType<PolicyDetail> = z.object({ ...policyRowShape, option: ratedOptionSchema });

const figureShape = {
  quotes: z.number(),
  sent: z.number(),
  quotedCents: z.number(),
  accepted: z.number(),
  acceptedCents: z.number(),
  bound: z.number(),
  conversionBp: z.number().nullable(),
};
export const quoterFiguresSchema: z.ZodType<QuoterFigures> = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string().nullable(),
  currencies: z.array(z.string()),
  totals: z.object(figureShape),
  months: z.array(z.object({ ...figureShape, month: z.string() })),
  agents: z.array(z.object({ ...figureShape, agent: userRefView })),
});
