import { describe, expect, it } from "vitest";
import { type InsuranceRulesInput, insuranceRulesSchema, quoteOptionInputSchema } from "./insurance.ts";

const name = (en: string) => ({ en, es: en });

const sampleRules = (): InsuranceRulesInput => ({
  coverage: [{ key: "sessions", name: name("Sessions"), limitCents: 150_000, deductibleCents: 2_000 }],
  levels: [
    { key: "basic", name: name("Basic"), factorBp: 10_000 },
    { key: "premium", name: name("Premium"), factorBp: 15_000 },
  ],
  basePremiumCents: 20_000,
  factors: [
    {
      key: "age",
      name: name("Age"),
      kind: "bands",
      bands: [
        { from: 18, to: 39, factorBp: 10_000 },
        { from: 40, to: 99, factorBp: 12_000 },
      ],
    },
    { key: "region", name: name("Region"), kind: "choice", options: [{ value: "north", name: name("North"), factorBp: 10_000 }] },
  ],
  addOns: [{ key: "dental", name: name("Dental"), premiumCents: 5_000 }],
  minimumPremiumCents: 10_000,
  rounding: { stepCents: 100, mode: "up" },
});

const errorsOf = (rules: unknown) => {
  const parsed = insuranceRulesSchema.safeParse(rules);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("insurance rules", () => {
  it("accept a coherent product", () => {
    expect(errorsOf(sampleRules())).toEqual({});
  });

  it("refuse a band table with a gap, an overlap or a reversed band, on the offending band", () => {
    const rules = sampleRules();
    const age = rules.factors?.[0] as { bands: { from: number; to: number; factorBp: number }[] };
    age.bands = [
      { from: 18, to: 29, factorBp: 10_000 },
      { from: 31, to: 39, factorBp: 10_000 },
      { from: 35, to: 50, factorBp: 10_000 },
      { from: 60, to: 51, factorBp: 10_000 },
    ];
    expect(errorsOf(rules)).toEqual({
      "factors.0.bands.1.from": "Leaves a gap: this band must start at 30.",
      "factors.0.bands.2.from": "Overlaps the previous band: this band must start at 40.",
      "factors.0.bands.3.to": "A band must end at or after its start.",
      "factors.0.bands.3.from": "Leaves a gap: this band must start at 51.",
    });
  });

  it("refuse decreasing levels, repeated keys and repeated choices", () => {
    const rules = sampleRules();
    rules.levels = [
      { key: "basic", name: name("Basic"), factorBp: 12_000 },
      { key: "basic", name: name("Again"), factorBp: 11_000 },
    ];
    const region = rules.factors?.[1] as { options: { value: string; name: { en: string; es: string }; factorBp: number }[] };
    region.options.push({ value: "north", name: name("North again"), factorBp: 10_000 });
    expect(Object.keys(errorsOf(rules)).sort()).toEqual(["factors.1.options.1.value", "levels.1.factorBp", "levels.1.key"]);
  });

  it("refuse an unknown rounding step and a bad key", () => {
    expect(Object.keys(errorsOf({ ...sampleRules(), rounding: { stepCents: 3, mode: "up" } }))).toEqual(["rounding.stepCents"]);
    expect(quoteOptionInputSchema.safeParse({ productId: 1, level: "Basic Level", addOns: ["x", "x"] }).error?.issues.map((i) => i.path.join("."))).toEqual([
      "level",
      "addOns.1",
    ]);
  });
});
