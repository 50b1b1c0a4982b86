// Gives the quoters' rows of `npm run bench` the quotes of a busy year: BENCH_QUOTES product
// quotes of the demo clinic (three lines each, every state) and as many insurance quotes of the
// demo agents (one option each, on Physio cover's current version), so the lists page through
// real tables. A few statements; nothing is added when the bench quotes exist already (their year
// is 1999, which no real quote has, so they never take a number from the live counters).
//
// `npm run bench` calls it on the server's database once the demo is seeded. By hand:
//   DATABASE_URL=postgres://... npx tsx apps/server/bench/seed-quotes.ts [count]
import { inTransaction, seedFromCommandLine, withSeedClient } from "./seed-connection.ts";
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";

export interface SeededQuotes {
  productQuotes: number;
  insuranceQuotes: number;
  /** Physio cover, the product the rating row quotes. */
  physioProductId: number;
}

const BENCH_YEAR = 1999;

export async function seedQuotes(url: string, count = 5_000): Promise<SeededQuotes> {
  return withSeedClient(url, async (client) => {
    const clinic = await client.query<{ id: string }>("select id from users where email = $1", [DEMO_ACCOUNTS.clinic.email]);
    const clinicId = clinic.rows[0]?.id;
    const agents = await client.query<{ id: string }>(
      "select id from users where email in ('insurance.agent@example.com', 'insurance.agent2@example.com') order by email",
    );
    const physio = await client.query<{ id: number; version_id: number }>(
      `select p.id, v.id as version_id from insurance_products p
       join insurance_product_versions v on v.product_id = p.id and v.version = p.current_version where p.code = 'PHYSIO'`,
    );
    const product = physio.rows[0];
    if (!clinicId || agents.rows.length < 2 || !product) throw new Error("the demo clinic, agents or Physio cover are missing: seed the demo first");
    const existing = await client.query<{ n: number }>("select count(*)::int as n from product_quotes where year = $1", [BENCH_YEAR]);
    if ((existing.rows[0]?.n ?? 0) === 0) {
      await inTransaction(client, async () => {
        // Three lines of 20.00 × g%4+1, the middle one discounted 5.00; 21 % tax on the rest.
        await client.query(
          `with made as (
           insert into product_quotes (clinic_id, revision, number, year, sequence, client_kind, client_name, client_email, language, currency,
             tax_rate_bp, subtotal_cents, tax_cents, total_cents, valid_until, state, sent_at, created_at)
           select $1, 1, 'Q-1999-' || lpad(g::text, 5, '0'), $2, g, 'person', 'Client ' || lpad(g::text, 5, '0'), 'bench.client' || g || '@bench.example',
             case when g % 3 = 0 then 'es' else 'en' end, 'EUR', 2100, s.subtotal, round(s.subtotal * 0.21), s.subtotal + round(s.subtotal * 0.21),
             current_date + (g % 60 - 20),
             (array['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired'])[g % 6 + 1],
             case when g % 6 > 0 then now() - (g % 300) * interval '1 day' end, now() - (g % 300) * interval '1 day'
           from generate_series(1, $3::int) as g, lateral (select 3 * 2000 * (g % 4 + 1) - 500 as subtotal) s
           returning id, sequence
         )
         insert into product_quote_lines (quote_id, position, kind, description, quantity, unit_cents, discount_cents, total_cents)
         select made.id, l.position, 'free', 'Session pack ' || l.position, made.sequence % 4 + 1, 2000, case when l.position = 1 then 500 else 0 end,
           (made.sequence % 4 + 1) * 2000 - case when l.position = 1 then 500 else 0 end
         from made, generate_series(0, 2) as l(position)`,
          [clinicId, BENCH_YEAR, count],
        );
        // A first revision is its own root, as the server makes it.
        await client.query("update product_quotes set root_id = id where year = $1", [BENCH_YEAR]);
        await client.query(
          `with made as (
           insert into insurance_quotes (number, year, sequence, agent_id, applicant_name, applicant_email, language, applicant, state, valid_until,
             chosen_option, sent_at, created_at)
           select 'IQ-1999-' || lpad(g::text, 6, '0'), $1, g, case when g % 2 = 0 then $2 else $3 end, 'Applicant ' || lpad(g::text, 6, '0'),
             'bench.applicant' || g || '@bench.example', 'en', jsonb_build_object('age', 18 + g % 80, 'region', 'north'),
             (array['draft', 'sent', 'accepted', 'declined', 'expired'])[g % 5 + 1], current_date + (g % 60 - 20),
             case when g % 5 > 0 then 1 end, case when g % 5 > 0 then now() - (g % 300) * interval '1 day' end, now() - (g % 300) * interval '1 day'
           from generate_series(1, $4::int) as g
           returning id
         )
         insert into insurance_quote_options (quote_id, position, version_id, input, premium_cents, breakdown)
         select made.id, 1, $5, '{"level": "standard", "addOns": []}'::jsonb, 35100, '[]'::jsonb from made`,
          [BENCH_YEAR, agents.rows[0]?.id, agents.rows[1]?.id, count, product.version_id],
        );
      });
    }
    const counts = await client.query<{ products: number; insurance: number }>(
      "select (select count(*)::int from product_quotes) as products, (select count(*)::int from insurance_quotes) as insurance",
    );
    return { productQuotes: counts.rows[0]?.products ?? 0, insuranceQuotes: counts.rows[0]?.insurance ?? 0, physioProductId: product.id };
  });
}

await seedFromCommandLine(import.meta.url, async (url, count) => {
  const seeded = await seedQuotes(url, count);
  return `${seeded.productQuotes} product quotes, ${seeded.insuranceQuotes} insurance quotes`;
});
