import { PRODUCT_QUOTE_STATES, quoteTotals } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { seedDemoBooking } from "../../booking/booking-demo.ts";
import { today } from "../../clinic/memberships/seats.ts";
import { seedDemoProductQuotes } from "./product-quotes-demo.ts";
import { quoteToken } from "./product-quotes-scope.ts";

/** The demo clinic's quotes (issue 38.1): seeded once, every state shown, totals, revisions, links and the converted order coherent. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,product_quoter,virtual_shop" } });
});
afterAll(() => t?.close());

type QuoteRow = {
  id: number;
  root_id: number;
  revision: number;
  number: string;
  state: string;
  tax_rate_bp: number;
  discount_cents: number;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  token_hash: string | null;
  sent_at: Date | null;
  converted_kind: string | null;
  converted_order_id: number | null;
  patient_id: string | null;
  lines: { kind: string; quantity: number; unit_cents: number; discount_cents: number; total_cents: number }[];
};

describe("seedDemoProductQuotes", () => {
  it("seeds the demo clinic's quotes once, coherent", async () => {
    await seedDemoBooking(t.db, { anchor: today(), linkKey: t.app.deriveKey("booking-links") });
    const linkKey = t.app.deriveKey("product-quote-links");
    expect(await seedDemoProductQuotes(t.db, { anchor: today(), linkKey })).toBe(true);
    expect(await seedDemoProductQuotes(t.db, { anchor: today(), linkKey })).toBe(false);

    const quotes = (
      await t.db.execute<QuoteRow>(sql`
        select q.*, (select json_agg(l order by l.position) from product_quote_lines l where l.quote_id = q.id) as lines
        from product_quotes q where q.clinic_id = ${t.ids.clinic} order by q.id`)
    ).rows;
    expect(quotes.length).toBeGreaterThanOrEqual(10);
    expect(new Set(quotes.map((quote) => quote.state))).toEqual(new Set(PRODUCT_QUOTE_STATES));
    expect(new Set(quotes.flatMap((quote) => quote.lines.map((line) => line.kind)))).toEqual(new Set(["product", "bundle", "service", "plan", "free"]));

    for (const quote of quotes) {
      const totals = quoteTotals(
        quote.lines.map((line) => ({ quantity: line.quantity, unitCents: line.unit_cents, discountCents: line.discount_cents })),
        quote.discount_cents,
        quote.tax_rate_bp,
      );
      expect([quote.subtotal_cents, quote.tax_cents, quote.total_cents]).toEqual([totals.subtotalCents, totals.taxCents, totals.totalCents]);
      expect(quote.token_hash !== null).toBe(quote.sent_at !== null);
    }

    // One quote with two revisions: same number, the first revised, the second its root's.
    const revised = quotes.find((quote) => quote.revision === 2) as QuoteRow;
    const firstRevision = quotes.find((quote) => quote.id === revised.root_id) as QuoteRow;
    expect(firstRevision).toMatchObject({ number: revised.number, state: "revised", revision: 1 });

    // The converted quote points at the patient's shop order.
    const converted = quotes.find((quote) => quote.state === "converted") as QuoteRow;
    expect(converted.converted_kind).toBe("shop");
    const order = (await t.db.execute<{ customer_id: string }>(sql`select customer_id from shop_orders where id = ${converted.converted_order_id}`)).rows[0];
    expect(order?.customer_id).toBe(converted.patient_id);

    // A sent quote's link opens with the app's key; a revised one's says a newer revision exists.
    const open = quotes.find((quote) => quote.state === "sent") as QuoteRow;
    const seen = await t.app.inject({ method: "GET", url: `/api/product-quoter/public/${quoteToken(linkKey, open.id)}` });
    expect(seen.statusCode).toBe(200);
    const old = await t.app.inject({ method: "GET", url: `/api/product-quoter/public/${quoteToken(linkKey, firstRevision.id)}` });
    expect(old.statusCode).toBe(409);
  });
});
