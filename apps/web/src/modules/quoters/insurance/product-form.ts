import "../../../lib/zod-locale.ts";
import {
  type Bilingual,
  type InsuranceProductDetail,
  type InsuranceProductInput,
  type InsuranceRules,
  type InsuranceRulesInput,
  insuranceProductInputSchema,
  type ROUNDING_STEPS,
  type RoundingMode,
} from "@clinic/shared";
import type { Resolver } from "react-hook-form";
import { convertingResolver, type PathErrors } from "../../../lib/forms.ts";
import { centsToText, parseMoney, parseWhole } from "../../../lib/money.ts";
import { factorText, parseFactor } from "./format.ts";

/**
 * The product editor's values and how they become the API's body. Amounts, band bounds and
 * factors stay text while typed ("1,25" becomes 12 500 basis points by moving digits, never
 * through a float). The fields carry the API's names (`rules.factors.0.bands.2.from`), so a 400's
 * path lands on its own row's field. A row's key may be left empty: it is made from the English
 * name ("Home contents" → `home-contents`), since answers and quotes refer to items by key.
 */

export interface NamedRow {
  key: string;
  name: Bilingual;
}
export interface CoverageRow extends NamedRow {
  limitCents: string;
  deductibleCents: string;
}
export interface LevelRow extends NamedRow {
  factorBp: string;
}
export interface BandRow {
  from: string;
  to: string;
  factorBp: string;
}
export interface ChoiceRow {
  value: string;
  name: Bilingual;
  factorBp: string;
}
/** A factor table keeps both kinds' rows while edited, so switching its kind loses nothing; the body takes its kind's. */
export interface FactorRow extends NamedRow {
  kind: "bands" | "choice";
  bands: BandRow[];
  options: ChoiceRow[];
}
export interface AddOnRow extends NamedRow {
  premiumCents: string;
}

export interface RulesFormValues {
  coverage: CoverageRow[];
  levels: LevelRow[];
  basePremiumCents: string;
  factors: FactorRow[];
  addOns: AddOnRow[];
  minimumPremiumCents: string;
  rounding: { stepCents: string; mode: RoundingMode };
}

export interface ProductFormValues {
  code: string;
  name: Bilingual;
  description: Bilingual;
  currency: string;
  state: "active" | "archived";
  /** The new version's note (what changed and why). */
  note: string;
  rules: RulesFormValues;
}

/** The messages the form gives for what it cannot read, already in the interface language. */
export interface ProductFormTexts {
  money: string;
  whole: string;
  factor: string;
}

export const QUOTER_CURRENCIES = ["EUR", "USD", "GBP", "MXN", "COP", "ARS", "CLP", "PEN", "CHF"] as const;

const blank = (): Bilingual => ({ en: "", es: "" });
export const newCoverageRow = (): CoverageRow => ({ key: "", name: blank(), limitCents: "", deductibleCents: "0" });
export const newLevelRow = (factor = "1"): LevelRow => ({ key: "", name: blank(), factorBp: factor });
export const newBandRow = (from = "0"): BandRow => ({ from, to: "", factorBp: "1" });
export const newChoiceRow = (): ChoiceRow => ({ value: "", name: blank(), factorBp: "1" });
export const newFactorRow = (kind: FactorRow["kind"] = "bands"): FactorRow => ({
  key: "",
  name: blank(),
  kind,
  bands: [newBandRow()],
  options: [newChoiceRow()],
});
export const newAddOnRow = (): AddOnRow => ({ key: "", name: blank(), premiumCents: "" });

/** A key from a name: lower case, accents dropped, other runs of characters as "-", starting with a letter, 32 at most. */
export function keyOf(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^[^a-z]+/, "")
    .slice(0, 32)
    .replace(/-+$/, "");
  return slug;
}

/** The rules as the editor shows them: amounts in the currency's decimals, factors as multipliers, in the reader's language. */
export function rulesFormValues(rules: InsuranceRules, currency: string, language: string): RulesFormValues {
  const money = (cents: number) => centsToText(cents, currency, language);
  const factor = (bp: number) => factorText(bp, language);
  return {
    coverage: rules.coverage.map((item) => ({
      key: item.key,
      name: { ...item.name },
      limitCents: money(item.limitCents),
      deductibleCents: money(item.deductibleCents),
    })),
    levels: rules.levels.map((level) => ({ key: level.key, name: { ...level.name }, factorBp: factor(level.factorBp) })),
    basePremiumCents: money(rules.basePremiumCents),
    factors: rules.factors.map((table) => ({
      key: table.key,
      name: { ...table.name },
      kind: table.kind,
      bands:
        table.kind === "bands"
          ? table.bands.map((band) => ({ from: String(band.from), to: String(band.to), factorBp: factor(band.factorBp) }))
          : [newBandRow()],
      options:
        table.kind === "choice"
          ? table.options.map((option) => ({ value: option.value, name: { ...option.name }, factorBp: factor(option.factorBp) }))
          : [newChoiceRow()],
    })),
    addOns: rules.addOns.map((addOn) => ({ key: addOn.key, name: { ...addOn.name }, premiumCents: money(addOn.premiumCents) })),
    minimumPremiumCents: money(rules.minimumPremiumCents),
    rounding: { stepCents: String(rules.rounding.stepCents), mode: rules.rounding.mode },
  };
}

/** The editor's starting values: a product to change, or a new one (one coverage item, one level at ×1, no factors). */
export function productFormValues(product: InsuranceProductDetail | null, language: string): ProductFormValues {
  if (!product) {
    return {
      code: "",
      name: blank(),
      description: blank(),
      currency: "EUR",
      state: "active",
      note: "",
      rules: {
        coverage: [newCoverageRow()],
        levels: [newLevelRow()],
        basePremiumCents: "",
        factors: [],
        addOns: [],
        minimumPremiumCents: "0",
        rounding: { stepCents: "1", mode: "nearest" },
      },
    };
  }
  return {
    code: product.code,
    name: { ...product.name },
    description: { ...product.description },
    currency: product.currency,
    state: product.state,
    note: "",
    rules: rulesFormValues(product.rules, product.currency, language),
  };
}

/** The rules read into the API's body; what could not be read is named by its path (`rules.levels.1.factorBp`). */
export function rulesBody(values: RulesFormValues, currency: string, texts: ProductFormTexts, errors: PathErrors, at = "rules"): InsuranceRulesInput {
  const money = (path: string, text: string) => {
    const cents = parseMoney(text, currency);
    if (cents === null) errors[`${at}.${path}`] = texts.money;
    return cents ?? 0;
  };
  const whole = (path: string, text: string) => {
    const value = parseWhole(text);
    if (value === null) errors[`${at}.${path}`] = texts.whole;
    return value ?? 0;
  };
  const factor = (path: string, text: string) => {
    const value = parseFactor(text);
    if (value === null) errors[`${at}.${path}`] = texts.factor;
    return value ?? 0;
  };
  const keyed = (row: NamedRow) => row.key.trim() || keyOf(row.name.en);
  return {
    coverage: values.coverage.map((item, index) => ({
      key: keyed(item),
      name: item.name,
      limitCents: money(`coverage.${index}.limitCents`, item.limitCents),
      deductibleCents: money(`coverage.${index}.deductibleCents`, item.deductibleCents),
    })),
    levels: values.levels.map((level, index) => ({ key: keyed(level), name: level.name, factorBp: factor(`levels.${index}.factorBp`, level.factorBp) })),
    basePremiumCents: money("basePremiumCents", values.basePremiumCents),
    factors: values.factors.map((table, index) =>
      table.kind === "bands"
        ? {
            key: keyed(table),
            name: table.name,
            kind: "bands" as const,
            bands: table.bands.map((band, row) => ({
              from: whole(`factors.${index}.bands.${row}.from`, band.from),
              to: whole(`factors.${index}.bands.${row}.to`, band.to),
              factorBp: factor(`factors.${index}.bands.${row}.factorBp`, band.factorBp),
            })),
          }
        : {
            key: keyed(table),
            name: table.name,
            kind: "choice" as const,
            options: table.options.map((option, row) => ({
              value: option.value.trim(),
              name: option.name,
              factorBp: factor(`factors.${index}.options.${row}.factorBp`, option.factorBp),
            })),
          },
    ),
    addOns: values.addOns.map((addOn, index) => ({
      key: keyed(addOn),
      name: addOn.name,
      premiumCents: money(`addOns.${index}.premiumCents`, addOn.premiumCents),
    })),
    minimumPremiumCents: values.minimumPremiumCents.trim() === "" ? 0 : money("minimumPremiumCents", values.minimumPremiumCents),
    rounding: { stepCents: Number(values.rounding.stepCents) as (typeof ROUNDING_STEPS)[number], mode: values.rounding.mode },
  };
}

/** The whole form read into a new product's body (an edit sends its parts: names and state, and the rules as a version). */
export function productBody(values: ProductFormValues, texts: ProductFormTexts): { payload: InsuranceProductInput; errors: PathErrors } {
  const errors: PathErrors = {};
  const currency = values.currency.trim().toUpperCase();
  return {
    payload: {
      code: values.code.trim(),
      name: values.name,
      description: values.description,
      currency,
      rules: rulesBody(values.rules, currency, texts, errors),
      note: values.note,
    },
    errors,
  };
}

const ROW_FIELDS: Record<string, RegExp> = {
  coverage: /^(key|name\.(en|es)|limitCents|deductibleCents)$/,
  levels: /^(key|name\.(en|es)|factorBp)$/,
  addOns: /^(key|name\.(en|es)|premiumCents)$/,
  factors: /^(key|name\.(en|es)|kind|bands|options|bands\.\d+\.(from|to|factorBp)|options\.\d+\.(value|name\.(en|es)|factorBp))$/,
};

/**
 * Which field shows a path's message: the field of that name (a band's `from`, a level's factor),
 * a bilingual pair's English half for the pair, a list's own message under its rows (`rules.levels`),
 * or null: the dialog's alert says it.
 */
export function productPlacement(path: string): string | null {
  if (/^(code|currency|state|note)$/.test(path) || /^(name|description)\.(en|es)$/.test(path)) return path;
  if (path === "name" || path === "description") return `${path}.en`;
  if (/^rules\.(basePremiumCents|minimumPremiumCents|coverage|levels|factors|addOns)$/.test(path)) return path;
  if (/^rules\.rounding(\.stepCents)?$/.test(path)) return "rules.rounding.stepCents";
  if (path === "rules.rounding.mode") return path;
  const row = /^rules\.(coverage|levels|addOns|factors)\.(\d+)\.(.+)$/.exec(path);
  if (!row) return null;
  const [, list = "", index, rest = ""] = row;
  if (ROW_FIELDS[list]?.test(rest)) return path;
  if (rest === "name") return `rules.${list}.${index}.name.en`;
  const choiceName = /^options\.(\d+)\.name$/.exec(rest);
  if (list === "factors" && choiceName) return `rules.factors.${index}.options.${choiceName[1]}.name.en`;
  return null;
}

/**
 * The editor's resolver: the form read into the body, then the shared schema checks it (the
 * gaps and overlaps of band tables included), so the editor refuses what the server would, each
 * message on the field the server's would reach.
 */
export const productResolver = (texts: () => ProductFormTexts): Resolver<ProductFormValues> =>
  convertingResolver(insuranceProductInputSchema, (values: ProductFormValues) => productBody(values, texts()), productPlacement);

/** JSON with every object's keys sorted: the server's stored rules (jsonb) come back in another key order. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(",")}]`
    : value !== null && typeof value === "object"
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(",")}}`
      : JSON.stringify(value);

/** Whether the rules typed differ from the product's current ones: only then does saving make a new version. */
export const rulesChanged = (typed: InsuranceRulesInput, current: InsuranceRules): boolean => canonical(typed) !== canonical(current);
