import "../../../lib/zod-locale.ts";
import {
  INSURANCE_LIMITS,
  type InsuranceProductDetail,
  type QuoteDetail,
  type QuoteInput,
  quoteInputSchema,
  type RateInput,
  type RatingFactor,
  rateInputSchema,
} from "@clinic/shared";
import type { Resolver } from "react-hook-form";
import { convertingResolver, type PathErrors } from "../../../lib/forms.ts";
import { parseWhole } from "../../../lib/money.ts";
import { dayAfter, todayUtc } from "./format.ts";

/**
 * The main panel's values (the applicant, up to three options, the rating answers) and how they
 * become the rate call's and the quote's bodies. Answers stay text while typed: a band table's
 * answer (an age) must read as a whole number, a choice table's is the option's value. The fields
 * carry the API's names (`answers.age`, `options.1.level`), so a 400 lands on its field.
 */

export interface OptionFormRow {
  /** "" until a product is chosen. */
  productId: string;
  level: string;
  addOns: string[];
}

export interface QuoteFormValues {
  applicantName: string;
  applicantEmail: string;
  language: "en" | "es";
  validUntil: string;
  answers: Record<string, string>;
  options: OptionFormRow[];
}

export const newOptionRow = (): OptionFormRow => ({ productId: "", level: "", addOns: [] });

/** A new quote (valid for the default 30 days, in the agent's language), or a draft to change. */
export function quoteFormValues(quote: QuoteDetail | null, language: string, now = new Date()): QuoteFormValues {
  if (!quote) {
    return {
      applicantName: "",
      applicantEmail: "",
      language: language === "es" ? "es" : "en",
      validUntil: dayAfter(todayUtc(now), INSURANCE_LIMITS.validityDays),
      answers: {},
      options: [newOptionRow()],
    };
  }
  return {
    applicantName: quote.applicantName,
    applicantEmail: quote.applicantEmail,
    language: quote.language === "es" ? "es" : "en",
    validUntil: quote.validUntil,
    answers: Object.fromEntries(Object.entries(quote.answers).map(([key, value]) => [key, String(value)])),
    options: [...quote.options]
      .sort((a, b) => a.position - b.position)
      .map((option) => ({ productId: String(option.product.id), level: option.level, addOns: option.addOns.map((addOn) => addOn.key) })),
  };
}

/**
 * The rating factors the chosen products ask about, each key once (the first product's table
 * names it): the panel shows one input for each.
 */
export function factorsOf(products: readonly (InsuranceProductDetail | undefined)[]): RatingFactor[] {
  const seen = new Map<string, RatingFactor>();
  for (const product of products) for (const factor of product?.rules.factors ?? []) if (!seen.has(factor.key)) seen.set(factor.key, factor);
  return [...seen.values()];
}

/** The whole numbers a band table covers, for the hint under its input. */
export function bandRange(factor: RatingFactor): { from: number; to: number } | null {
  if (factor.kind !== "bands" || factor.bands.length === 0) return null;
  return { from: Math.min(...factor.bands.map((band) => band.from)), to: Math.max(...factor.bands.map((band) => band.to)) };
}

/** The answers and options as the rate call takes them; an answer not read is named by its path (`answers.age`). */
/** The panel's own messages, already in the interface language. */
export interface QuoteFormTexts {
  whole: string;
  /** A product or level not chosen yet. */
  choose: string;
  /** A factor of a chosen product left unanswered. */
  required: string;
}

export function rateBody(values: QuoteFormValues, factors: readonly RatingFactor[], texts: QuoteFormTexts): { payload: RateInput; errors: PathErrors } {
  const errors: PathErrors = {};
  const answers: RateInput["answers"] = {};
  for (const factor of factors) {
    const typed = (values.answers[factor.key] ?? "").trim();
    // Every factor shown is asked by a chosen product, so each is needed (the server says the same).
    if (typed === "") {
      errors[`answers.${factor.key}`] = texts.required;
      continue;
    }
    if (factor.kind === "choice") {
      answers[factor.key] = typed;
      continue;
    }
    const value = parseWhole(typed, { signed: true });
    if (value === null) errors[`answers.${factor.key}`] = texts.whole;
    else answers[factor.key] = value;
  }
  // Not chosen yet: said plainly, rather than as the schema's id or key format.
  values.options.forEach((option, index) => {
    if (!option.productId) errors[`options.${index}.productId`] = texts.choose;
    else if (!option.level) errors[`options.${index}.level`] = texts.choose;
  });
  const options = values.options.map((option) => ({ productId: Number(option.productId) || 0, level: option.level, addOns: option.addOns }));
  return { payload: { answers, options }, errors };
}

/** The whole quote as saved: the applicant, the validity day and the rate body. */
export function quoteBody(values: QuoteFormValues, factors: readonly RatingFactor[], texts: QuoteFormTexts): { payload: QuoteInput; errors: PathErrors } {
  const { payload, errors } = rateBody(values, factors, texts);
  return {
    payload: {
      applicantName: values.applicantName,
      applicantEmail: values.applicantEmail,
      language: values.language,
      ...(values.validUntil ? { validUntil: values.validUntil } : {}),
      ...payload,
    },
    errors,
  };
}

/** Which field shows a path's message: the field of that name, an option's add-ons for any of them, or null (the panel's alert). */
export function quotePlacement(path: string): string | null {
  if (/^(applicantName|applicantEmail|language|validUntil|options|answers)$/.test(path)) return path;
  if (/^answers\.[a-z][a-z0-9_-]*$/.test(path)) return path;
  const option = /^options\.(\d+)\.(productId|level|addOns)(\.\d+)?$/.exec(path);
  return option ? `options.${option[1]}.${option[2]}` : null;
}

/**
 * The panel's resolver: "Calculate" checks the rate body, "Save quote" the whole quote, each with
 * the shared schema the server uses. `factors` and `mode` are read when it runs.
 */
export function quoteResolver(state: () => { mode: "rate" | "save"; factors: readonly RatingFactor[]; texts: QuoteFormTexts }): Resolver<QuoteFormValues> {
  const rate = convertingResolver(rateInputSchema, (values: QuoteFormValues) => rateBody(values, state().factors, state().texts), quotePlacement);
  const save = convertingResolver(quoteInputSchema, (values: QuoteFormValues) => quoteBody(values, state().factors, state().texts), quotePlacement);
  return (values, context, options) => (state().mode === "rate" ? rate(values, context, options) : save(values, context, options));
}
