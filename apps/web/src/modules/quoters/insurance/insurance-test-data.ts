import type { InsuranceProductDetail, PublicQuote, QuoteDetail, QuoterFigures, RatedOption } from "@clinic/shared";

/** An insurance product as the server answers it: home cover with two levels, an age band table, a region choice table and one add-on. */
export const sampleProduct = (extra: Partial<InsuranceProductDetail> = {}): InsuranceProductDetail => ({
  id: 3,
  code: "HOME",
  name: { en: "Home cover", es: "Seguro de hogar" },
  description: { en: "For flats and houses.", es: "Para pisos y casas." },
  currency: "EUR",
  state: "active",
  currentVersion: 2,
  basePremiumCents: 20000,
  quotes: 4,
  updatedAt: "2026-05-02T10:00:00.000Z",
  createdAt: "2026-05-01T10:00:00.000Z",
  rules: {
    coverage: [{ key: "contents", name: { en: "Contents", es: "Contenido" }, limitCents: 3000000, deductibleCents: 15000 }],
    levels: [
      { key: "basic", name: { en: "Basic", es: "Básico" }, factorBp: 10000 },
      { key: "plus", name: { en: "Plus", es: "Plus" }, factorBp: 12500 },
    ],
    basePremiumCents: 20000,
    factors: [
      {
        key: "age",
        name: { en: "Age", es: "Edad" },
        kind: "bands",
        bands: [
          { from: 18, to: 25, factorBp: 13000 },
          { from: 26, to: 99, factorBp: 10000 },
        ],
      },
      {
        key: "region",
        name: { en: "Region", es: "Región" },
        kind: "choice",
        options: [
          { value: "north", name: { en: "North", es: "Norte" }, factorBp: 9000 },
          { value: "south", name: { en: "South", es: "Sur" }, factorBp: 11000 },
        ],
      },
    ],
    addOns: [{ key: "glass", name: { en: "Glass breakage", es: "Rotura de cristales" }, premiumCents: 2500 }],
    minimumPremiumCents: 15000,
    rounding: { stepCents: 100, mode: "up" },
  },
  versions: [
    { id: 11, version: 1, note: "First rules", createdBy: { id: "u1", name: "Ana Ruiz" }, createdAt: "2026-05-01T10:00:00.000Z" },
    { id: 12, version: 2, note: "Young drivers cost more", createdBy: null, createdAt: "2026-05-02T10:00:00.000Z" },
  ],
  ...extra,
});

/** Option 1 of the sample quote, rated: 200.00 × 1.25 × 1.30 × 0.90 + 25.00 = 317.50, rounded up to 318.00. */
export const sampleOption = (extra: Partial<RatedOption> = {}): RatedOption => ({
  position: 1,
  product: { id: 3, code: "HOME", name: { en: "Home cover", es: "Seguro de hogar" }, currency: "EUR", versionId: 12, version: 2 },
  level: "plus",
  levelName: { en: "Plus", es: "Plus" },
  addOns: [{ key: "glass", name: { en: "Glass breakage", es: "Rotura de cristales" } }],
  premiumCents: 31800,
  coverage: sampleProduct().rules.coverage,
  breakdown: [
    { kind: "base", amountCents: 20000, runningCents: 20000 },
    { kind: "level", key: "plus", name: { en: "Plus", es: "Plus" }, factorBp: 12500, runningCents: 25000 },
    { kind: "factor", key: "age", name: { en: "Age", es: "Edad" }, input: 22, match: { from: 18, to: 25 }, factorBp: 13000, runningCents: 32500 },
    {
      kind: "factor",
      key: "region",
      name: { en: "Region", es: "Región" },
      input: "north",
      match: { value: "north", name: { en: "North", es: "Norte" } },
      factorBp: 9000,
      runningCents: 29250,
    },
    { kind: "addOn", key: "glass", name: { en: "Glass breakage", es: "Rotura de cristales" }, amountCents: 2500, runningCents: 31750 },
    { kind: "minimum", minimumCents: 15000, applied: false, runningCents: 31750 },
    { kind: "rounding", stepCents: 100, mode: "up", runningCents: 31800 },
  ],
  ...extra,
});

export const sampleQuote = (extra: Partial<QuoteDetail> = {}): QuoteDetail => ({
  id: 42,
  number: "IQ-2026-000042",
  applicantName: "Lucía Gómez",
  applicantEmail: "lucia@example.com",
  agent: { id: "u2", name: "Pablo Agent" },
  state: "draft",
  products: ["HOME", "HOME"],
  premiumCents: 25400,
  currency: "EUR",
  chosenOption: null,
  validUntil: "2026-06-30",
  createdAt: "2026-05-31T10:00:00.000Z",
  sentAt: null,
  decidedAt: null,
  policy: null,
  language: "es",
  answers: { age: 22, region: "north" },
  options: [sampleOption(), sampleOption({ position: 2, level: "basic", levelName: { en: "Basic", es: "Básico" }, addOns: [], premiumCents: 25400 })],
  acceptedName: null,
  declineReason: null,
  boundAt: null,
  updatedAt: "2026-05-31T10:00:00.000Z",
  ...extra,
});

export const samplePublicQuote = (extra: Partial<PublicQuote> = {}): PublicQuote => ({
  number: "IQ-2026-000042",
  applicantName: "Lucía Gómez",
  state: "sent",
  validUntil: "2099-06-30",
  language: "es",
  agentName: "Pablo Agent",
  option: sampleOption(),
  decidable: true,
  decidedAt: null,
  acceptedName: null,
  ...extra,
});

export const sampleFigures = (): QuoterFigures => {
  const row = { quotes: 10, sent: 8, quotedCents: 250000, accepted: 3, acceptedCents: 90000, bound: 1, conversionBp: 5000 };
  return {
    from: "2025-06-01",
    to: "2026-05-31",
    currency: "EUR",
    currencies: ["EUR"],
    totals: { ...row, quotes: 20, sent: 16, quotedCents: 500000, accepted: 6, acceptedCents: 180000, bound: 2 },
    months: [
      { ...row, month: "2026-04" },
      { ...row, month: "2026-05", conversionBp: null, sent: 0 },
    ],
    agents: [{ ...row, agent: { id: "u2", name: "Pablo Agent" } }],
  };
};
