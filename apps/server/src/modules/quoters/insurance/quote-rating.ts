import { type InsuranceRules, QUOTER_MESSAGES, type QuoteOptionInput, type RatedOption, type RatingAnswers, type RatingStep } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { FieldErrors } from "../../../platform/errors.ts";
import { badRequest } from "../../../platform/errors.ts";
import { ratePremium } from "./rating.ts";

/**
 * Rating a quote's options against each product's current version (issue 38.3): the products
 * are read in one statement, then rated in memory. Premiums are always the server's: a client
 * never sends one. Refusals name the request's fields (`answers.age`, `options.1.level`).
 */

export type CurrentVersion = {
  productId: number;
  code: string;
  name: { en: string; es: string };
  currency: string;
  state: string;
  versionId: number;
  version: number;
  rules: InsuranceRules;
};

/** The current versions of `productIds`, by product id: one statement. */
export async function currentVersions(db: Db, productIds: readonly number[]): Promise<Map<number, CurrentVersion>> {
  const ids = [...new Set(productIds)];
  const result = await db.execute<Record<string, unknown>>(sql`
    select p.id, p.code, p.name_en, p.name_es, p.currency, p.state, v.id as version_id, v.version, v.rules
    from insurance_products p join insurance_product_versions v on v.product_id = p.id and v.version = p.current_version
    where p.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(
    result.rows.map((row) => [
      Number(row.id),
      {
        productId: Number(row.id),
        code: String(row.code),
        name: { en: String(row.name_en), es: String(row.name_es) },
        currency: String(row.currency),
        state: String(row.state),
        versionId: Number(row.version_id),
        version: Number(row.version),
        rules: row.rules as InsuranceRules,
      },
    ]),
  );
}

/** An option as the screens show it, from its version's rules and its rating. */
export function ratedOptionView(
  position: number,
  version: Omit<CurrentVersion, "state">,
  input: { level: string; addOns: readonly string[] },
  premiumCents: number,
  breakdown: RatingStep[],
): RatedOption {
  const level = version.rules.levels.find((candidate) => candidate.key === input.level);
  return {
    position,
    product: {
      id: version.productId,
      code: version.code,
      name: version.name,
      currency: version.currency,
      versionId: version.versionId,
      version: version.version,
    },
    level: input.level,
    levelName: level?.name ?? { en: input.level, es: input.level },
    addOns: input.addOns.map((key) => ({ key, name: version.rules.addOns.find((addOn) => addOn.key === key)?.name ?? { en: key, es: key } })),
    premiumCents,
    breakdown,
    coverage: version.rules.coverage,
  };
}

/** Rates every option; any refusal (an unknown or archived product, an answer out of range…) is one 400 with all the fields. */
export function rateOptions(versions: Map<number, CurrentVersion>, answers: RatingAnswers, options: readonly QuoteOptionInput[]): RatedOption[] {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    const list = errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[field] = list;
  };
  const rated: RatedOption[] = [];
  for (const [index, option] of options.entries()) {
    const version = versions.get(option.productId);
    if (version?.state !== "active") {
      add(`options.${index}.productId`, version ? QUOTER_MESSAGES.productArchived : QUOTER_MESSAGES.productUnknown);
      continue;
    }
    const outcome = ratePremium(version.rules, answers, { level: option.level, addOns: option.addOns ?? [] });
    if (!outcome.ok) {
      for (const [key, message] of Object.entries(outcome.refusal.answers)) add(`answers.${key}`, message);
      for (const [field, message] of Object.entries(outcome.refusal.option)) add(`options.${index}.${field}`, message);
      continue;
    }
    rated.push(
      ratedOptionView(index + 1, version, { level: option.level, addOns: option.addOns ?? [] }, outcome.result.premiumCents, outcome.result.breakdown),
    );
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return rated;
}
