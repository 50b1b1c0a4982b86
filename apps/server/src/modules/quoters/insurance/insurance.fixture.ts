import { DEFAULT_CUSTOM_GROUPS, type GroupId, type InsuranceRules, type InsuranceRulesInput, insuranceRulesSchema } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import { type MadeUser, makeUser } from "../../../../test/factories.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import type { Db } from "../../../db/client.ts";
import { groups } from "../../../db/schema.ts";

/** The insurance quoter's test people and products (issue 38). */

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

export async function insuranceAgentsGroupId(db: Db): Promise<number> {
  const groupName = DEFAULT_CUSTOM_GROUPS.find((group) => group.permissions.includes("view_quoter"))?.name.en ?? "Insurance agents";
  const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, groupName));
  if (!row) throw new Error("The Insurance agents group is missing");
  return row.id;
}

/** An insurance agent (the Insurance agents group only: view_quoter). */
export async function makeInsuranceAgent(db: Db, names: { nombres?: string; apellidos?: string } = {}): Promise<MadeUser> {
  return makeUser(db, { nombres: "Agent", apellidos: uniqueSuffix(), ...names, groups: [(await insuranceAgentsGroupId(db)) as GroupId] });
}

/** A product with its version 1 (inserted directly). */
export async function makeInsuranceProduct(
  db: Db,
  input: { code?: string; rules?: InsuranceRules; state?: "active" | "archived"; currency?: string } = {},
): Promise<{ id: number; code: string; versionId: number }> {
  const code = input.code ?? `PHY-${uniqueSuffix()}`.slice(0, 40);
  const made = await db.execute<{ id: number }>(sql`
    insert into insurance_products (code, name_en, name_es, currency, state) values (${code}, 'Physio cover', 'Cobertura de fisioterapia', ${input.currency ?? "EUR"}, ${input.state ?? "active"})
    returning id`);
  const id = Number(made.rows[0]?.id);
  const version = await db.execute<{ id: number }>(sql`
    insert into insurance_product_versions (product_id, version, rules) values (${id}, 1, ${JSON.stringify(input.rules ?? physioRules())}::jsonb) returning id`);
  return { id, code, versionId: Number(version.rows[0]?.id) };
}

/** A quote body for `productId`: a 40-year-old in the north, standard cover with sports injuries. */
export const quoteBody = (productId: number, extra: Record<string, unknown> = {}) => ({
  applicantName: "Ana Applicant",
  applicantEmail: `ana-${uniqueSuffix()}@example.com`,
  language: "en",
  answers: { age: 40, region: "north" },
  options: [
    { productId, level: "standard", addOns: ["sports"] },
    { productId, level: "basic", addOns: [] },
  ],
  ...extra,
});
