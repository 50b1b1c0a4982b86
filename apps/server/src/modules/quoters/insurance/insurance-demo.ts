import { type GroupId, type InsuranceRules, policyNumber, quoteNumber } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { DEMO_ACCOUNTS } from "../../../demo-accounts.ts";
import { groups, users } from "../../../db/schema.ts";
import { hashPassword } from "../../../platform/auth.ts";
import { insertUser } from "../../accounts/users.service.ts";
import { physioRules } from "./insurance-rules-demo.ts";
import { addDays, addYear, nextNumber } from "./insurance-scope.ts";
import { quoteToken } from "./quote-links.ts";
import { linkTokenHash } from "../../../platform/private-links.ts";
import { ratePremium } from "./rating.ts";

/**
 * The insurance quoter's demo (issue 38): two agents who sign in, three products ("Physio
 * cover" with an age table and a region table, Basic/Standard/Premium and two add-ons, on its
 * second version; "Rehab plus"; "Sports cover"), a dozen quotes over the last four months in
 * every state, rated by the engine, and two bound policies. Seeded once, straight to the tables
 * in one transaction, dated from the anchor day; it shows once an admin switches the quoter on.
 */

export const DEMO_INSURANCE_ACCOUNTS = {
  agent: { email: "insurance.agent@example.com", password: "Agent-demo-2026", nombres: "Carmen", apellidos: "Ortega", language: "es" as const },
  agent2: { email: "insurance.agent2@example.com", password: "Agent-demo-2026", nombres: "Tomás", apellidos: "Vidal", language: "en" as const },
} as const;

const name = (en: string, es: string) => ({ en, es });

type DemoProduct = {
  code: string;
  name: { en: string; es: string };
  description: { en: string; es: string };
  versions: { rules: InsuranceRules; note: string }[];
};

const PHYSIO_V1 = physioRules();
const PHYSIO_V2 = physioRules({ basePremiumCents: 26_000 });
const REHAB = physioRules({
  coverage: [
    { key: "rehab", name: name("Rehabilitation after surgery", "Rehabilitación tras cirugía"), limitCents: 500_000, deductibleCents: 10_000 },
    { key: "devices", name: name("Orthopaedic devices", "Ortopedia"), limitCents: 80_000, deductibleCents: 0 },
  ],
  basePremiumCents: 42_000,
  addOns: [{ key: "home", name: name("Home visits", "Visitas a domicilio"), premiumCents: 9_000 }],
  minimumPremiumCents: 30_000,
  rounding: { stepCents: 500, mode: "nearest" },
});
const SPORTS = physioRules({
  coverage: [{ key: "injuries", name: name("Sports injuries", "Lesiones deportivas"), limitCents: 200_000, deductibleCents: 3_000 }],
  levels: [
    { key: "amateur", name: name("Amateur", "Aficionado"), factorBp: 10_000 },
    { key: "competitive", name: name("Competitive", "Competición"), factorBp: 16_000 },
  ],
  basePremiumCents: 15_000,
  addOns: [],
  minimumPremiumCents: 9_000,
  rounding: { stepCents: 100, mode: "down" },
});

const PRODUCTS: DemoProduct[] = [
  {
    code: "PHYSIO",
    name: name("Physio cover", "Cobertura de fisioterapia"),
    description: name("Physiotherapy sessions and rehabilitation, yearly.", "Sesiones de fisioterapia y rehabilitación, anual."),
    versions: [
      { rules: PHYSIO_V1, note: "Launch" },
      { rules: PHYSIO_V2, note: "Base premium up 20 € for the new year" },
    ],
  },
  {
    code: "REHAB-PLUS",
    name: name("Rehab plus", "Rehabilitación plus"),
    description: name("Rehabilitation after surgery with devices.", "Rehabilitación tras cirugía con ortopedia."),
    versions: [{ rules: REHAB, note: "Launch" }],
  },
  {
    code: "SPORTS",
    name: name("Sports cover", "Cobertura deportiva"),
    description: name("Sports injuries for club members.", "Lesiones deportivas para socios de clubes."),
    versions: [{ rules: SPORTS, note: "Launch" }],
  },
];

type DemoQuote = {
  agent: 0 | 1;
  applicant: string;
  language: "en" | "es";
  daysAgo: number;
  answers: { age: number; region: string };
  options: { product: number; level: string; addOns: string[] }[];
  state: "draft" | "sent" | "accepted" | "declined" | "expired" | "bound";
  reason?: string;
};

const QUOTES: DemoQuote[] = [
  {
    agent: 0,
    applicant: "Lucía Fernández",
    language: "es",
    daysAgo: 118,
    answers: { age: 34, region: "north" },
    options: [{ product: 0, level: "standard", addOns: ["sports"] }],
    state: "bound",
  },
  {
    agent: 1,
    applicant: "Oliver Grant",
    language: "en",
    daysAgo: 104,
    answers: { age: 58, region: "centre" },
    options: [
      { product: 1, level: "premium", addOns: ["home"] },
      { product: 1, level: "standard", addOns: [] },
    ],
    state: "expired",
  },
  {
    agent: 0,
    applicant: "Javier Molina",
    language: "es",
    daysAgo: 92,
    answers: { age: 27, region: "south" },
    options: [{ product: 2, level: "competitive", addOns: [] }],
    state: "declined",
    reason: "Demasiado caro para mí ahora mismo.",
  },
  {
    agent: 1,
    applicant: "Emma Walsh",
    language: "en",
    daysAgo: 75,
    answers: { age: 45, region: "north" },
    options: [
      { product: 0, level: "premium", addOns: ["home"] },
      { product: 0, level: "standard", addOns: ["home"] },
      { product: 1, level: "basic", addOns: [] },
    ],
    state: "bound",
  },
  {
    agent: 0,
    applicant: "Marta Ruiz",
    language: "es",
    daysAgo: 61,
    answers: { age: 67, region: "centre" },
    options: [{ product: 1, level: "standard", addOns: [] }],
    state: "expired",
  },
  {
    agent: 0,
    applicant: "Pablo Serrano",
    language: "es",
    daysAgo: 40,
    answers: { age: 39, region: "south" },
    options: [
      { product: 0, level: "basic", addOns: [] },
      { product: 0, level: "standard", addOns: [] },
    ],
    state: "accepted",
  },
  {
    agent: 1,
    applicant: "Hannah Clarke",
    language: "en",
    daysAgo: 33,
    answers: { age: 22, region: "north" },
    options: [{ product: 2, level: "amateur", addOns: [] }],
    state: "declined",
    reason: "Found a club policy.",
  },
  {
    agent: 1,
    applicant: "George Patel",
    language: "en",
    daysAgo: 18,
    answers: { age: 51, region: "centre" },
    options: [
      { product: 0, level: "standard", addOns: ["sports"] },
      { product: 1, level: "standard", addOns: ["home"] },
    ],
    state: "sent",
  },
  {
    agent: 0,
    applicant: "Carlos Navarro",
    language: "es",
    daysAgo: 12,
    answers: { age: 44, region: "north" },
    options: [{ product: 0, level: "premium", addOns: ["sports", "home"] }],
    state: "sent",
  },
  {
    agent: 0,
    applicant: "Elena Castro",
    language: "es",
    daysAgo: 6,
    answers: { age: 31, region: "south" },
    options: [
      { product: 2, level: "competitive", addOns: [] },
      { product: 2, level: "amateur", addOns: [] },
    ],
    state: "accepted",
  },
  {
    agent: 1,
    applicant: "Sophie Turner",
    language: "en",
    daysAgo: 3,
    answers: { age: 29, region: "centre" },
    options: [{ product: 0, level: "basic", addOns: ["sports"] }],
    state: "draft",
  },
  {
    agent: 0,
    applicant: "Andrés Gil",
    language: "es",
    daysAgo: 1,
    answers: { age: 73, region: "north" },
    options: [
      { product: 1, level: "premium", addOns: [] },
      { product: 0, level: "premium", addOns: [] },
    ],
    state: "draft",
  },
];

const ascii = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".");

/** Seeds the quoter's demo once; false when it is there already (its first agent exists) or the agents' group is missing. */
export async function seedDemoInsurance(db: Db, options: { anchor: string; linkKey: Buffer }): Promise<boolean> {
  const [seeded] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_INSURANCE_ACCOUNTS.agent.email));
  if (seeded) return false;
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, "Insurance agents"));
  if (!group) return false;
  const digest = await hashPassword(DEMO_INSURANCE_ACCOUNTS.agent.password);
  const anchor = options.anchor;

  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const agents: string[] = [];
      for (const key of ["agent", "agent2"] as const) {
        const { password: _password, ...fields } = DEMO_INSURANCE_ACCOUNTS[key];
        agents.push(await insertUser(tx, { ...fields, groups: [group.id as GroupId] }, digest));
      }
      const products: { id: number; currency: string; version: { id: number; version: number; rules: InsuranceRules } }[] = [];
      for (const product of PRODUCTS) {
        const made = await tx.execute<{ id: number }>(sql`
          insert into insurance_products (code, name_en, name_es, description_en, description_es, current_version, created_at, updated_at)
          values (${product.code}, ${product.name.en}, ${product.name.es}, ${product.description.en}, ${product.description.es}, ${product.versions.length},
            ${`${addDays(anchor, -150)}T09:00:00Z`}, ${`${addDays(anchor, -50)}T09:00:00Z`})
          returning id`);
        const productId = Number(made.rows[0]?.id);
        let current = { id: 0, version: 0, rules: product.versions[0]?.rules as InsuranceRules };
        for (const [index, version] of product.versions.entries()) {
          const saved = await tx.execute<{ id: number }>(sql`
            insert into insurance_product_versions (product_id, version, rules, note, created_by, created_at)
            values (${productId}, ${index + 1}, ${JSON.stringify(version.rules)}::jsonb, ${version.note},
              (select id from users where email = ${DEMO_ACCOUNTS.admin.email}), ${`${addDays(anchor, index === 0 ? -150 : -50)}T09:00:00Z`})
            returning id`);
          current = { id: Number(saved.rows[0]?.id), version: index + 1, rules: version.rules };
        }
        products.push({ id: productId, currency: "EUR", version: current });
      }

      for (const demo of QUOTES) {
        const created = addDays(anchor, -demo.daysAgo);
        const at = (days: number, hour: number) => `${addDays(created, days)}T${String(hour).padStart(2, "0")}:00:00Z`;
        const year = Number(created.slice(0, 4));
        const sequence = await nextNumber(tx, "quote", year);
        const validUntil = addDays(created, 30);
        const sent = demo.state !== "draft";
        const decided = ["accepted", "declined", "bound"].includes(demo.state);
        const made = await tx.execute<{ id: number }>(sql`
          insert into insurance_quotes (number, year, sequence, agent_id, applicant_name, applicant_email, language, applicant, state, valid_until,
            chosen_option, sent_at, decided_at, accepted_name, decline_reason, bound_at, created_at, updated_at)
          values (${quoteNumber(year, sequence)}, ${year}, ${sequence}, ${agents[demo.agent] as string}, ${demo.applicant},
            ${`${ascii(demo.applicant)}@example.com`}, ${demo.language}, ${JSON.stringify(demo.answers)}::jsonb, ${demo.state}, ${validUntil},
            ${sent ? 1 : null}, ${sent ? at(0, 11) : null}, ${decided ? at(4, 17) : null},
            ${demo.state === "accepted" || demo.state === "bound" ? demo.applicant : null}, ${demo.reason ?? null},
            ${demo.state === "bound" ? at(6, 10) : null}, ${at(0, 10)}, ${at(decided ? 6 : 0, 11)})
          returning id`);
        const quoteId = Number(made.rows[0]?.id);
        if (sent) await tx.execute(sql`update insurance_quotes set token_hash = ${linkTokenHash(quoteToken(options.linkKey, quoteId))} where id = ${quoteId}`);
        const optionIds: number[] = [];
        for (const [index, option] of demo.options.entries()) {
          const product = products[option.product];
          if (!product) throw new Error("demo product");
          const outcome = ratePremium(product.version.rules, demo.answers, { level: option.level, addOns: option.addOns });
          if (!outcome.ok) throw new Error(`demo quote ${demo.applicant}: ${JSON.stringify(outcome.refusal)}`);
          const saved = await tx.execute<{ id: number }>(sql`
            insert into insurance_quote_options (quote_id, position, version_id, input, premium_cents, breakdown)
            values (${quoteId}, ${index + 1}, ${product.version.id}, ${JSON.stringify({ level: option.level, addOns: option.addOns })}::jsonb,
              ${outcome.result.premiumCents}, ${JSON.stringify(outcome.result.breakdown)}::jsonb)
            returning id`);
          optionIds.push(Number(saved.rows[0]?.id));
        }
        if (demo.state !== "bound") continue;
        const startsOn = addDays(created, 7);
        const policySequence = await nextNumber(tx, "policy", Number(startsOn.slice(0, 4)));
        await tx.execute(sql`
          insert into insurance_policies (number, quote_id, option_id, version_id, agent_id, holder_name, holder_email, premium_cents, currency, starts_on, ends_on, created_at)
          select ${policyNumber(Number(startsOn.slice(0, 4)), policySequence)}, ${quoteId}, o.id, o.version_id, ${agents[demo.agent] as string}, ${demo.applicant},
            ${`${ascii(demo.applicant)}@example.com`}, o.premium_cents, 'EUR', ${startsOn}::date, ${addYear(startsOn, 1)}::date, ${at(6, 10)}
          from insurance_quote_options o where o.id = ${optionIds[0] as number}`);
      }
    });
  } catch (error) {
    // Another process seeded it meanwhile (the agents' emails are unique): that is the demo, once.
    if ((error as { code?: string }).code === "23505") return false;
    throw error;
  }
  return true;
}
