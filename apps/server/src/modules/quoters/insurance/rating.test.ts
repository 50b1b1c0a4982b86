import { type InsuranceRules, insuranceRulesSchema } from "@clinic/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bandOf, ratePremium } from "./rating.ts";

const name = (en: string) => ({ en, es: en });

const physio = (): InsuranceRules =>
  insuranceRulesSchema.parse({
    coverage: [{ key: "sessions", name: name("Sessions"), limitCents: 150_000, deductibleCents: 2_000 }],
    levels: [
      { key: "basic", name: name("Basic"), factorBp: 10_000 },
      { key: "standard", name: name("Standard"), factorBp: 13_500 },
      { key: "premium", name: name("Premium"), factorBp: 18_000 },
    ],
    basePremiumCents: 24_000,
    factors: [
      {
        key: "age",
        name: name("Age"),
        kind: "bands",
        bands: [
          { from: 18, to: 29, factorBp: 9_000 },
          { from: 30, to: 49, factorBp: 10_000 },
          { from: 50, to: 99, factorBp: 13_333 },
        ],
      },
      {
        key: "region",
        name: name("Region"),
        kind: "choice",
        options: [
          { value: "north", name: name("North"), factorBp: 10_000 },
          { value: "south", name: name("South"), factorBp: 11_000 },
        ],
      },
    ],
    addOns: [
      { key: "sports", name: name("Sports injuries"), premiumCents: 3_500 },
      { key: "home", name: name("Home visits"), premiumCents: 6_000 },
    ],
    minimumPremiumCents: 15_000,
    rounding: { stepCents: 100, mode: "up" },
  });

describe("the rating engine", () => {
  it("equals a hand-computed premium, with each step in the breakdown", () => {
    // 240.00 × 1.35 × 1.3333 × 1.10 = 475.18812 ; + 35.00 = 510.18812 ; ≥ 150.00 ; up to the euro: 511.00
    const outcome = ratePremium(physio(), { age: 55, region: "south" }, { level: "standard", addOns: ["sports"] });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.refusal));
    expect(outcome.result.premiumCents).toBe(51_100);
    expect(outcome.result.breakdown.map((step) => [step.kind, step.runningCents])).toEqual([
      ["base", 24_000],
      ["level", 32_400],
      ["factor", 43_199],
      ["factor", 47_519],
      ["addOn", 51_019],
      ["minimum", 51_019],
      ["rounding", 51_100],
    ]);
    expect(outcome.result.breakdown[2]).toMatchObject({ key: "age", input: 55, match: { from: 50, to: 99 }, factorBp: 13_333 });
    expect(outcome.result.breakdown[3]).toMatchObject({ key: "region", match: { value: "south" }, factorBp: 11_000 });
  });

  it("applies the minimum, then the step", () => {
    const rules = { ...physio(), basePremiumCents: 5_000, minimumPremiumCents: 15_050, rounding: { stepCents: 100 as const, mode: "down" as const } };
    const outcome = ratePremium(rules, { age: 20, region: "north" }, { level: "basic", addOns: [] });
    if (!outcome.ok) throw new Error("refused");
    expect(outcome.result.breakdown.find((step) => step.kind === "minimum")).toMatchObject({ applied: true, runningCents: 15_050 });
    // Down would give 150.00, under the minimum: the next step up.
    expect(outcome.result.premiumCents).toBe(15_100);
  });

  it("rounds to the nearest step half up, exactly", () => {
    const rules = {
      ...physio(),
      factors: [],
      basePremiumCents: 20_050,
      minimumPremiumCents: 0,
      rounding: { stepCents: 100 as const, mode: "nearest" as const },
    };
    const rate = (base: number) => {
      const outcome = ratePremium({ ...rules, basePremiumCents: base }, {}, { level: "basic", addOns: [] });
      return outcome.ok ? outcome.result.premiumCents : null;
    };
    expect([rate(20_049), rate(20_050), rate(20_099), rate(20_000)]).toEqual([20_000, 20_100, 20_100, 20_000]);
  });

  it("refuses inputs outside the rules on their fields", () => {
    const outcome = ratePremium(physio(), { age: 200, region: "atlantis" }, { level: "gold", addOns: ["sports", "pets"] });
    expect(outcome).toEqual({
      ok: false,
      refusal: {
        answers: { age: "Must be between 18 and 99.", region: "Not one of the product's choices." },
        option: { level: "Not one of the product's coverage levels.", "addOns.1": "Not one of the product's add-ons." },
      },
    });
    const missing = ratePremium(physio(), { age: 40.5 }, { level: "basic", addOns: [] });
    expect(missing.ok ? null : missing.refusal.answers).toEqual({ age: "Must be a whole number.", region: "Required for this product's rating." });
  });

  // ---------------------------------------------------------------- properties

  /** Contiguous bands from a start and band widths. */
  const bandsArbitrary = fc
    .record({ start: fc.integer({ min: 0, max: 200 }), widths: fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 8 }) })
    .map(({ start, widths }) => {
      let from = start;
      return widths.map((width, index) => {
        const band = { from, to: from + width - 1, factorBp: 8_000 + index * 500 };
        from += width;
        return band;
      });
    });

  const rulesArbitrary = fc
    .record({
      base: fc.integer({ min: 0, max: 500_000 }),
      levelFactors: fc.array(fc.integer({ min: 100, max: 40_000 }), { minLength: 1, maxLength: 6 }),
      bands: bandsArbitrary,
      regionFactor: fc.integer({ min: 100, max: 30_000 }),
      addOn: fc.integer({ min: 0, max: 20_000 }),
      minimum: fc.integer({ min: 0, max: 100_000 }),
      step: fc.constantFrom(1, 10, 50, 100, 500, 1000),
      mode: fc.constantFrom("up", "nearest", "down"),
    })
    .map(
      (drawn): InsuranceRules =>
        insuranceRulesSchema.parse({
          coverage: [{ key: "c", name: name("C"), limitCents: 1, deductibleCents: 0 }],
          levels: [...drawn.levelFactors].sort((a, b) => a - b).map((factorBp, index) => ({ key: `l${index}`, name: name(`L${index}`), factorBp })),
          basePremiumCents: drawn.base,
          factors: [
            { key: "age", name: name("Age"), kind: "bands", bands: drawn.bands },
            { key: "region", name: name("Region"), kind: "choice", options: [{ value: "r", name: name("R"), factorBp: drawn.regionFactor }] },
          ],
          addOns: [{ key: "extra", name: name("Extra"), premiumCents: drawn.addOn }],
          minimumPremiumCents: drawn.minimum,
          rounding: { stepCents: drawn.step, mode: drawn.mode },
        }),
    );

  const ageIn = (rules: InsuranceRules, pick: number) => {
    const bands = (rules.factors[0] as { bands: { from: number; to: number }[] }).bands;
    const first = bands[0]?.from ?? 0;
    const last = bands.at(-1)?.to ?? 0;
    return first + (pick % (last - first + 1));
  };

  it("never charges less for a higher coverage level", () => {
    fc.assert(
      fc.property(rulesArbitrary, fc.nat(), fc.boolean(), (rules, pick, extra) => {
        const answers = { age: ageIn(rules, pick), region: "r" };
        const premiums = rules.levels.map((level) => {
          const outcome = ratePremium(rules, answers, { level: level.key, addOns: extra ? ["extra"] : [] });
          if (!outcome.ok) throw new Error("refused");
          return outcome.result.premiumCents;
        });
        for (let index = 1; index < premiums.length; index++) expect(premiums[index]).toBeGreaterThanOrEqual(premiums[index - 1] as number);
      }),
    );
  });

  it("matches every whole number in a table's range to exactly one band, and none outside", () => {
    fc.assert(
      fc.property(bandsArbitrary, fc.integer({ min: -50, max: 600 }), (bands, value) => {
        const holding = bands.filter((band) => band.from <= value && value <= band.to);
        const inside = value >= (bands[0]?.from ?? 0) && value <= (bands.at(-1)?.to ?? 0);
        expect(holding.length).toBe(inside ? 1 : 0);
        expect(bandOf(bands, value)).toBe(holding[0]);
      }),
    );
  });

  it("answers whole cents, a multiple of the step, never under the minimum", () => {
    fc.assert(
      fc.property(rulesArbitrary, fc.nat(), fc.nat(), fc.boolean(), (rules, pick, levelPick, extra) => {
        const level = rules.levels[levelPick % rules.levels.length]?.key as string;
        const outcome = ratePremium(rules, { age: ageIn(rules, pick), region: "r" }, { level, addOns: extra ? ["extra"] : [] });
        if (!outcome.ok) throw new Error("refused");
        const { premiumCents, breakdown } = outcome.result;
        expect(Number.isInteger(premiumCents)).toBe(true);
        expect(premiumCents % rules.rounding.stepCents).toBe(0);
        expect(premiumCents).toBeGreaterThanOrEqual(rules.minimumPremiumCents);
        expect(breakdown.at(-1)?.runningCents).toBe(premiumCents);
        // Within one step of the exact amount (at least the minimum).
        const beforeRounding = breakdown.find((step) => step.kind === "minimum")?.runningCents as number;
        expect(Math.abs(premiumCents - beforeRounding)).toBeLessThanOrEqual(rules.rounding.stepCents);
      }),
    );
  });
});
