import type { InsuranceRules, RatingAnswers } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { DEMO_INSURANCE_ACCOUNTS, seedDemoInsurance } from "./insurance-demo.ts";
import { LINK_KEY_PURPOSE } from "./insurance-scope.ts";
import { quoteToken } from "./quote-links.ts";
import { ratePremium } from "./rating.ts";

/** The quoter's demo (issue 38) is coherent: its agents sign in, its premiums are the engine's, its links open, it seeds once. */

let t: TestApp;
const anchor = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,quoter" } });
  expect(await seedDemoInsurance(t.db, { anchor, linkKey: t.app.deriveKey(LINK_KEY_PURPOSE) })).toBe(true);
});
afterAll(async () => t?.close());

describe("the insurance quoter's demo", () => {
  it("seeds once", async () => {
    expect(await seedDemoInsurance(t.db, { anchor, linkKey: t.app.deriveKey(LINK_KEY_PURPOSE) })).toBe(false);
  });

  it("has three products, Physio cover on its second version, a dozen quotes in every state and two policies", async () => {
    const admin = await t.loginAs("admin");
    const products = (await t.app.inject({ method: "GET", url: "/api/quoter/products", headers: { cookie: admin } })).json();
    expect(products.data.map((row: { code: string }) => row.code)).toEqual(["PHYSIO", "REHAB-PLUS", "SPORTS"]);
    expect(products.data[0].currentVersion).toBe(2);
    // Each version says who saved it (the demo admin), as a real one would.
    const physio = (await t.app.inject({ method: "GET", url: `/api/quoter/products/${products.data[0].id}`, headers: { cookie: admin } })).json();
    expect(physio.versions.map((version: { createdBy: { name: string } | null }) => version.createdBy?.name ?? null)).not.toContain(null);
    const states = await t.db.execute<{ state: string; n: number }>(sql`select state, count(*)::int as n from insurance_quotes group by state order by state`);
    expect(Object.fromEntries(states.rows.map((row) => [row.state, Number(row.n)]))).toEqual({
      accepted: 2,
      bound: 2,
      declined: 2,
      draft: 2,
      expired: 2,
      sent: 2,
    });
    const policies = (await t.app.inject({ method: "GET", url: "/api/quoter/policies", headers: { cookie: admin } })).json();
    expect(policies.total).toBe(2);
    const figures = (await t.app.inject({ method: "GET", url: "/api/quoter/figures", headers: { cookie: admin } })).json();
    expect(figures.totals).toMatchObject({ quotes: 12, sent: 10, accepted: 4, bound: 2, conversionBp: 4_000 });
  });

  it("rated every option with the engine and its version's rules; expired quotes are past their day, sent ones are not", async () => {
    const options = await t.db.execute<{
      rules: InsuranceRules;
      applicant: RatingAnswers;
      input: { level: string; addOns: string[] };
      premium_cents: number;
    }>(sql`
      select v.rules, q.applicant, o.input, o.premium_cents from insurance_quote_options o
      join insurance_quotes q on q.id = o.quote_id join insurance_product_versions v on v.id = o.version_id`);
    for (const row of options.rows) {
      const outcome = ratePremium(row.rules, row.applicant, row.input);
      expect(outcome.ok && outcome.result.premiumCents).toBe(Number(row.premium_cents));
    }
    const late = await t.db.execute(
      sql`select 1 from insurance_quotes where (state = 'sent') <> (valid_until >= current_date) and state in ('sent', 'expired')`,
    );
    expect(late.rows).toEqual([]);
  });

  it("its agents sign in and see their own quotes; a sent quote's link opens", async () => {
    const cookie = await t.login(DEMO_INSURANCE_ACCOUNTS.agent.email, DEMO_INSURANCE_ACCOUNTS.agent.password);
    const own = (await t.app.inject({ method: "GET", url: "/api/quoter/quotes?rowsPerPage=50", headers: { cookie } })).json();
    expect(own.total).toBe(7);
    const sent = await t.db.execute<{ id: number }>(sql`select id from insurance_quotes where state = 'sent' order by id limit 1`);
    const token = quoteToken(t.app.deriveKey(LINK_KEY_PURPOSE), Number(sent.rows[0]?.id));
    const link = await t.app.inject({ method: "GET", url: `/api/quoter/public/quotes/${token}` });
    expect(link.json()).toMatchObject({ state: "sent", decidable: true });
  });
});
