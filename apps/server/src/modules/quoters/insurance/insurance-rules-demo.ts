import { type InsuranceRules, type InsuranceRulesInput, insuranceRulesSchema } from "@clinic/shared";

/** The rules of the demo's and the tests' "Physio cover" (issue 38), valid by the shared schema. */

const name = (en: string, es = en) => ({ en, es });

/** A physiotherapy cover: three levels, an age table (18–99), a region table, two add-ons, a minimum and rounding up to the euro. */
export const physioRules = (overrides: Partial<InsuranceRulesInput> = {}): InsuranceRules =>
  insuranceRulesSchema.parse({
    coverage: [
      { key: "sessions", name: name("Physiotherapy sessions", "Sesiones de fisioterapia"), limitCents: 150_000, deductibleCents: 2_000 },
      { key: "rehab", name: name("Rehabilitation after surgery", "Rehabilitación tras cirugía"), limitCents: 300_000, deductibleCents: 5_000 },
    ],
    levels: [
      { key: "basic", name: name("Basic", "Básico"), factorBp: 10_000 },
      { key: "standard", name: name("Standard", "Estándar"), factorBp: 13_500 },
      { key: "premium", name: name("Premium", "Premium"), factorBp: 18_000 },
    ],
    basePremiumCents: 24_000,
    factors: [
      {
        key: "age",
        name: name("Age", "Edad"),
        kind: "bands",
        bands: [
          { from: 18, to: 29, factorBp: 9_000 },
          { from: 30, to: 49, factorBp: 10_000 },
          { from: 50, to: 64, factorBp: 12_500 },
          { from: 65, to: 99, factorBp: 16_000 },
        ],
      },
      {
        key: "region",
        name: name("Region", "Región"),
        kind: "choice",
        options: [
          { value: "north", name: name("North", "Norte"), factorBp: 10_000 },
          { value: "centre", name: name("Centre", "Centro"), factorBp: 11_000 },
          { value: "south", name: name("South", "Sur"), factorBp: 9_500 },
        ],
      },
    ],
    addOns: [
      { key: "sports", name: name("Sports injuries", "Lesiones deportivas"), premiumCents: 3_500 },
      { key: "home", name: name("Home visits", "Visitas a domicilio"), premiumCents: 6_000 },
    ],
    minimumPremiumCents: 15_000,
    rounding: { stepCents: 100, mode: "up" },
    ...overrides,
  });
