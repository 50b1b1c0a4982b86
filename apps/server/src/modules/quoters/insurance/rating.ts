import { INSURANCE_LIMITS, type InsuranceRules, QUOTER_MESSAGES, type RatingAnswers, type RatingResult, type RatingStep } from "@clinic/shared";

/**
 * The insurance rating engine (issue 38.3): pure, no database. Premium = base × level factor ×
 * each factor table's band/option factor, + add-ons, at least the minimum, then rounded to the
 * rules' step. Factors are basis points, so the product is kept exact as a BigInt numerator over
 * 10 000^n and rounded once, at the rounding step; the breakdown's running amounts are the
 * exact value rounded to the cent (half up) for display only.
 */

export type RatingOption = { level: string; addOns: readonly string[] };
/** Field errors keyed like the request (`answers.age`, `level`, `addOns.0`); the caller prefixes the option's path. */
export type RatingRefusal = { answers: Record<string, string>; option: Record<string, string> };
export type RatingOutcome = { ok: true; result: RatingResult } | { ok: false; refusal: RatingRefusal };

const BP = 10_000n;

/** An exact non-negative amount in cents: numerator / denominator. */
type Exact = { n: bigint; d: bigint };

/** Half up to the whole cent, for display. */
const toCents = (value: Exact): number => Number((2n * value.n + value.d) / (2n * value.d));

function roundToStep(value: Exact, step: bigint, mode: "up" | "nearest" | "down"): bigint {
  const unit = value.d * step;
  const floor = value.n / unit;
  const rest = value.n % unit;
  if (mode === "down" || rest === 0n) return floor * step;
  if (mode === "up") return (floor + 1n) * step;
  return (2n * rest >= unit ? floor + 1n : floor) * step;
}

/** The answers the rules need, checked against their tables: refusals on `answers.<key>`. */
function matchFactors(rules: InsuranceRules, answers: RatingAnswers, refusal: RatingRefusal) {
  const matched: { factor: InsuranceRules["factors"][number]; input: number | string; step: Omit<Extract<RatingStep, { kind: "factor" }>, "runningCents"> }[] =
    [];
  for (const factor of rules.factors) {
    const input = answers[factor.key];
    if (input === undefined || input === "") {
      refusal.answers[factor.key] = QUOTER_MESSAGES.answerRequired;
      continue;
    }
    if (factor.kind === "bands") {
      const value = typeof input === "number" ? input : /^-?\d{1,9}$/.test(input.trim()) ? Number(input.trim()) : Number.NaN;
      if (!Number.isInteger(value)) {
        refusal.answers[factor.key] = QUOTER_MESSAGES.wholeNumber;
        continue;
      }
      const band = bandOf(factor.bands, value);
      if (!band) {
        const first = factor.bands[0]?.from ?? 0;
        const last = factor.bands.at(-1)?.to ?? 0;
        refusal.answers[factor.key] = QUOTER_MESSAGES.outOfRange.replace("{from}", String(first)).replace("{to}", String(last));
        continue;
      }
      matched.push({
        factor,
        input: value,
        step: { kind: "factor", key: factor.key, name: factor.name, input: value, match: { from: band.from, to: band.to }, factorBp: band.factorBp },
      });
    } else {
      const option = factor.options.find((candidate) => candidate.value === String(input));
      if (!option) {
        refusal.answers[factor.key] = QUOTER_MESSAGES.notAChoice;
        continue;
      }
      matched.push({
        factor,
        input: option.value,
        step: {
          kind: "factor",
          key: factor.key,
          name: factor.name,
          input: option.value,
          match: { value: option.value, name: option.name },
          factorBp: option.factorBp,
        },
      });
    }
  }
  return matched;
}

/** The band holding `value` (bands are contiguous and sorted, the rules' schema sees to it), or none. */
export function bandOf<T extends { from: number; to: number }>(bands: readonly T[], value: number): T | undefined {
  return bands.find((band) => band.from <= value && value <= band.to);
}

/** Rates one option of an applicant against a version's rules. */
export function ratePremium(rules: InsuranceRules, answers: RatingAnswers, option: RatingOption): RatingOutcome {
  const refusal: RatingRefusal = { answers: {}, option: {} };
  const level = rules.levels.find((candidate) => candidate.key === option.level);
  if (!level) refusal.option.level = QUOTER_MESSAGES.levelUnknown;
  const addOns = option.addOns.map((key, index) => {
    const addOn = rules.addOns.find((candidate) => candidate.key === key);
    if (!addOn) refusal.option[`addOns.${index}`] = QUOTER_MESSAGES.addOnUnknown;
    return addOn;
  });
  const factors = matchFactors(rules, answers, refusal);
  if (!level || Object.keys(refusal.answers).length > 0 || Object.keys(refusal.option).length > 0) return { ok: false, refusal };

  const breakdown: RatingStep[] = [];
  let value: Exact = { n: BigInt(rules.basePremiumCents), d: 1n };
  breakdown.push({ kind: "base", amountCents: rules.basePremiumCents, runningCents: rules.basePremiumCents });
  value = { n: value.n * BigInt(level.factorBp), d: value.d * BP };
  breakdown.push({ kind: "level", key: level.key, name: level.name, factorBp: level.factorBp, runningCents: toCents(value) });
  for (const { step } of factors) {
    value = { n: value.n * BigInt(step.factorBp), d: value.d * BP };
    breakdown.push({ ...step, runningCents: toCents(value) });
  }
  for (const addOn of addOns) {
    if (!addOn) continue;
    value = { n: value.n + BigInt(addOn.premiumCents) * value.d, d: value.d };
    breakdown.push({ kind: "addOn", key: addOn.key, name: addOn.name, amountCents: addOn.premiumCents, runningCents: toCents(value) });
  }
  const minimum = BigInt(rules.minimumPremiumCents);
  const belowMinimum = value.n < minimum * value.d;
  if (belowMinimum) value = { n: minimum, d: 1n };
  breakdown.push({ kind: "minimum", minimumCents: rules.minimumPremiumCents, applied: belowMinimum, runningCents: toCents(value) });
  const step = BigInt(rules.rounding.stepCents);
  let premium = roundToStep(value, step, rules.rounding.mode);
  // Rounding down (or to the nearest) may fall under a minimum that is not a multiple of the step: the next step up then.
  if (premium < minimum) premium = ((minimum + step - 1n) / step) * step;
  if (premium > BigInt(INSURANCE_LIMITS.maxPremiumCents)) {
    refusal.option.level = QUOTER_MESSAGES.premiumTooLarge;
    return { ok: false, refusal };
  }
  breakdown.push({ kind: "rounding", stepCents: rules.rounding.stepCents, mode: rules.rounding.mode, runningCents: Number(premium) });
  return { ok: true, result: { premiumCents: Number(premium), breakdown } };
}
