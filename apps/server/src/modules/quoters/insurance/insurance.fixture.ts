import { DEFAULT_CUSTOM_GROUPS, type GroupId, type InsuranceRules } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import { type MadeUser, makeUser } from "../../../../test/factories.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import type { Db } from "../../../db/client.ts";
import { groups } from "../../../db/schema.ts";
import { physioRules } from "./insurance-rules-demo.ts";

/** The insurance quoter's test people and products (issue 38). */

export { physioRules };

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
