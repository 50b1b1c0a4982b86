import { productQuoteNumber, quoteTotals } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { DEMO_ACCOUNTS } from "../../../demo-accounts.ts";
import { quoteToken } from "./product-quotes-scope.ts";
import { linkTokenHash } from "../../../platform/private-links.ts";

/**
 * The demo clinic's quotes (issue 38.1): about ten over the last months, in every state: a quote
 * of a foam roller and the home balance kit accepted and converted into a (collected) shop order,
 * one of assessment visits (booking services) with a written report (a free line) accepted, one
 * with a second revision after the first was declined, a membership plan in a draft, some sent,
 * viewed, declined and expired. Lines come from the demo shop, booking services and the clinic's
 * own plan (a free line stands in when one is missing). Seeded once, straight to the tables in one
 * transaction, dated from the anchor day; sent quotes' links open with the app's key.
 */

const DAY = 86_400_000;

export interface DemoQuotesOptions {
  /** The day the demo counts from (YYYY-MM-DD). */
  anchor: string;
  /** The app's key of the quotes' private links (app.deriveKey("product-quote-links")). */
  linkKey: Buffer;
}

type Item = { kind: string; refId: number | null; description: string; unitCents: number };
type DemoLine = Item & { quantity: number; discountCents?: number };
type DemoQuote = {
  client: { kind: "patient" | "person"; patientId?: string; name: string; email: string; language: string };
  lines: DemoLine[];
  discountCents?: number;
  state: string;
  /** Days from the anchor: made, sent, viewed, decided; valid for `validDays` after it was made. */
  made: number;
  sent?: number;
  viewed?: number;
  decided?: number;
  validDays?: number;
  declineReason?: string;
  revisionOf?: number;
  note?: string;
};

/** Seeds the demo clinic's quotes once; false when there is no demo clinic or it has quotes already. */
export async function seedDemoProductQuotes(db: Db, options: DemoQuotesOptions): Promise<boolean> {
  const people = await db.execute<{ id: string; email: string; name: string; language: string }>(sql`
    select id, email, coalesce(nullif(trim(nombres || ' ' || apellidos), ''), email) as name, language from users
    where email in (${DEMO_ACCOUNTS.clinic.email}, ${DEMO_ACCOUNTS.patient.email}, ${DEMO_ACCOUNTS.patient2.email})`);
  const byEmail = new Map(people.rows.map((row) => [row.email, row]));
  const clinic = byEmail.get(DEMO_ACCOUNTS.clinic.email);
  if (!clinic) return false;
  const clinicId = clinic.id;
  const seeded = await db.execute(sql`select 1 from product_quotes where clinic_id = ${clinicId} limit 1`);
  if (seeded.rows.length > 0) return false;

  const anchor = Date.parse(`${options.anchor}T00:00:00Z`);
  const at = (days: number, hour = 10) => new Date(Math.min(anchor + days * DAY + hour * 3_600_000, Date.now() - 60_000));
  const dayOf = (days: number) => new Date(anchor + days * DAY).toISOString().slice(0, 10);

  // The clinic's catalogue, or free lines of the same names and prices where the demo lacks one.
  const found = await db.execute<{ key: string; kind: string; ref_id: number; description: string; unit_cents: number }>(sql`
    select 'roller' as key, 'product' as kind, v.id as ref_id, p.name || ' – ' || v.name as description, v.price_cents as unit_cents
      from shop_variants v join shop_products p on p.id = v.product_id join shop_stores s on s.id = v.store_id where s.clinic_id = ${clinicId} and v.sku = 'ROLL-45'
    union all select 'band', 'product', v.id, p.name || ' – ' || v.name, v.price_cents
      from shop_variants v join shop_products p on p.id = v.product_id join shop_stores s on s.id = v.store_id where s.clinic_id = ${clinicId} and v.sku = 'BAND-M'
    union all select 'kit', 'bundle', b.id, b.name, b.price_cents from shop_bundles b join shop_stores s on s.id = b.store_id
      where s.clinic_id = ${clinicId} and b.name = 'Home balance kit'
    union all (select 'first', 'service', bv.id, bs.name || ' – ' || bv.name, bv.price_cents from booking_variations bv join booking_services bs on bs.id = bv.service_id
      where bs.clinic_id = ${clinicId} and bv.name = 'First visit' limit 1)
    union all (select 'follow', 'service', bv.id, bs.name || ' – ' || bv.name, bv.price_cents from booking_variations bv join booking_services bs on bs.id = bv.service_id
      where bs.clinic_id = ${clinicId} and bv.name = 'Follow-up' limit 1)
    union all (select 'plan', 'plan', m.id, m.plan, round(m.value_patient * 100)::int from memberships m where m.clinic_id = ${clinicId} order by m.id limit 1)`);
  const catalogue = new Map(
    found.rows.map((row) => [row.key, { kind: row.kind, refId: Number(row.ref_id), description: row.description, unitCents: Number(row.unit_cents) }]),
  );
  const item = (key: string, fallback: string, cents: number): Item =>
    catalogue.get(key) ?? { kind: "free", refId: null, description: fallback, unitCents: cents };
  const roller = item("roller", "Foam roller – 45 cm", 2290);
  const band = item("band", "Resistance band – Medium", 990);
  const kit = item("kit", "Home balance kit", 5900);
  const first = item("first", "Vestibular assessment – First visit", 9000);
  const follow = item("follow", "Vestibular assessment – Follow-up", 5000);
  const plan = item("plan", "Monthly vestibular plan", 4500);
  const report: Item = { kind: "free", refId: null, description: "Written report for your GP", unitCents: 3500 };

  const patient1 = byEmail.get(DEMO_ACCOUNTS.patient.email);
  const patient2 = byEmail.get(DEMO_ACCOUNTS.patient2.email);
  const patientClient = (row: typeof patient1, fallback: string) =>
    row
      ? { kind: "patient" as const, patientId: row.id, name: row.name, email: row.email, language: row.language === "es" ? "es" : "en" }
      : { kind: "person" as const, name: fallback, email: "demo.client@example.com", language: "en" };
  const person = (name: string, email: string, language = "en") => ({ kind: "person" as const, name, email, language });

  const quotes: DemoQuote[] = [
    {
      client: patientClient(patient1, "Laura Gómez"),
      lines: [
        { ...roller, quantity: 1 },
        { ...kit, quantity: 1 },
      ],
      state: "converted",
      made: -62,
      sent: -61,
      viewed: -60,
      decided: -58,
    },
    {
      client: patientClient(patient2, "Pablo Ortega"),
      lines: [
        { ...first, quantity: 1 },
        { ...follow, quantity: 4, discountCents: 2000 },
        { ...report, quantity: 1 },
      ],
      state: "accepted",
      made: -21,
      sent: -20,
      viewed: -19,
      decided: -16,
    },
    {
      client: person("Marta Salas", "marta.salas@example.com", "es"),
      lines: [
        { ...first, quantity: 1 },
        { ...follow, quantity: 6 },
      ],
      state: "declined",
      made: -45,
      sent: -44,
      viewed: -43,
      decided: -42,
      declineReason: "Demasiado caro para mí ahora mismo.",
    },
    {
      client: person("Marta Salas", "marta.salas@example.com", "es"),
      lines: [
        { ...first, quantity: 1 },
        { ...follow, quantity: 4 },
      ],
      discountCents: 2500,
      state: "viewed",
      made: -41,
      sent: -40,
      viewed: -38,
      revisionOf: 2,
      validDays: 60,
      note: "Fewer follow-ups and a discount after her answer.",
    },
    {
      client: person("John Carter", "john.carter@example.com"),
      lines: [
        { ...kit, quantity: 2 },
        { ...band, quantity: 2 },
      ],
      state: "declined",
      made: -27,
      sent: -26,
      viewed: -25,
      decided: -24,
      declineReason: "Bought elsewhere.",
    },
    {
      client: person("Sofía Marín", "sofia.marin@example.com", "es"),
      lines: [
        { ...first, quantity: 1 },
        { ...report, quantity: 1 },
      ],
      state: "expired",
      made: -75,
      sent: -74,
      validDays: 30,
    },
    {
      client: person("Daniel Ruiz", "daniel.ruiz@example.com"),
      lines: [
        { ...roller, quantity: 1 },
        { ...band, quantity: 3, discountCents: 300 },
      ],
      state: "sent",
      made: -4,
      sent: -3,
    },
    {
      client: person("Elena Vidal", "elena.vidal@example.com", "es"),
      lines: [{ ...follow, quantity: 8, discountCents: 4000 }],
      state: "viewed",
      made: -7,
      sent: -6,
      viewed: -5,
    },
    {
      client: patientClient(patient1, "Laura Gómez"),
      lines: [{ ...plan, quantity: 1 }],
      state: "draft",
      made: -1,
      note: "Offer the monthly plan after the last follow-up.",
    },
    {
      client: person("Carlos Peña", "carlos.pena@example.com"),
      lines: [
        { ...report, quantity: 1 },
        { kind: "free", refId: null, description: "Home visit (travel)", unitCents: 4000, quantity: 1 },
      ],
      state: "draft",
      made: 0,
    },
  ];

  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const ids: number[] = [];
    for (const quote of quotes) ids.push(await seedQuote(tx, quote, quote.revisionOf === undefined ? null : (ids[quote.revisionOf] as number)));
  });
  return true;

  async function seedQuote(tx: Db, quote: DemoQuote, revisionOf: number | null): Promise<number> {
    const totals = quoteTotals(
      quote.lines.map((line) => ({ quantity: line.quantity, unitCents: line.unitCents, discountCents: line.discountCents ?? 0 })),
      quote.discountCents ?? 0,
      2100,
    );
    const made = at(quote.made, 9);
    const year = made.getUTCFullYear();
    // A revision keeps its quote's number; the quote it replaces becomes revised.
    const numbered = revisionOf
      ? (
          await tx.execute<{ root_id: number; number: string; year: number; sequence: number; revision: number }>(sql`
            update product_quotes set state = 'revised' where id = ${revisionOf} returning root_id, number, year, sequence, revision`)
        ).rows[0]
      : null;
    const sequence = numbered
      ? Number(numbered.sequence)
      : Number(
          (
            await tx.execute<{ last: number }>(sql`
              insert into product_quote_counters (clinic_id, year, last) values (${clinicId}, ${year}, 1)
              on conflict (clinic_id, year) do update set last = product_quote_counters.last + 1 returning last`)
          ).rows[0]?.last,
        );
    const idRow = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('product_quotes', 'id'))::int as id`);
    const id = Number(idRow.rows[0]?.id);
    const accepted = quote.state === "accepted" || quote.state === "converted";
    await tx.execute(sql`
      insert into product_quotes (id, root_id, clinic_id, revision, number, year, sequence, client_kind, patient_id, client_name, client_email, language,
        tax_rate_bp, discount_cents, subtotal_cents, tax_cents, total_cents, valid_until, terms_en, terms_es, note, state, token_hash, sent_at, viewed_at,
        decided_at, accepted_name, decline_reason, created_by, created_at, updated_at)
      values (${id}, ${numbered ? Number(numbered.root_id) : id}, ${clinicId}, ${numbered ? Number(numbered.revision) + 1 : 1},
        ${numbered ? numbered.number : productQuoteNumber(year, sequence)}, ${numbered ? Number(numbered.year) : year}, ${sequence},
        ${quote.client.kind}, ${quote.client.patientId ?? null}, ${quote.client.name}, ${quote.client.email}, ${quote.client.language},
        2100, ${quote.discountCents ?? 0}, ${totals.subtotalCents}, ${totals.taxCents}, ${totals.totalCents}, ${dayOf(quote.made + (quote.validDays ?? 30))},
        'Prices include the materials listed. Payment on acceptance; sessions are booked once paid.',
        'Los precios incluyen el material indicado. Pago a la aceptación; las sesiones se reservan una vez pagadas.',
        ${quote.note ?? ""}, ${quote.state}, ${quote.sent === undefined ? null : linkTokenHash(quoteToken(options.linkKey, id))},
        ${quote.sent === undefined ? null : at(quote.sent)}, ${quote.viewed === undefined ? null : at(quote.viewed, 18)},
        ${quote.decided === undefined ? null : at(quote.decided, 19)}, ${accepted ? quote.client.name : null}, ${quote.declineReason ?? null},
        ${clinicId}, ${made}, ${quote.decided === undefined ? made : at(quote.decided, 19)})`);
    await tx.execute(sql`
      insert into product_quote_lines (quote_id, position, kind, ref_id, description, quantity, unit_cents, discount_cents, total_cents)
      select ${id}, l.position, l.kind, l.ref_id, l.description, l.quantity, l.unit_cents, l.discount_cents, l.quantity * l.unit_cents - l.discount_cents
      from unnest(${sql.param(quote.lines.map((_, index) => index + 1))}::int[], ${sql.param(quote.lines.map((line) => line.kind))}::text[],
        ${sql.param(quote.lines.map((line) => line.refId))}::int[], ${sql.param(quote.lines.map((line) => line.description))}::text[],
        ${sql.param(quote.lines.map((line) => line.quantity))}::int[], ${sql.param(quote.lines.map((line) => line.unitCents))}::int[],
        ${sql.param(quote.lines.map((line) => line.discountCents ?? 0))}::int[]) as l(position, kind, ref_id, description, quantity, unit_cents, discount_cents)`);
    if (quote.state === "converted") await convertToShopOrder(tx, id, quote);
    return id;
  }

  /** The converted quote's shop order, collected and paid, as conversion leaves it (at the quote's prices, which are the shop's here). */
  async function convertToShopOrder(tx: Db, quoteId: number, quote: DemoQuote): Promise<void> {
    const shopLines = quote.lines.filter((line) => line.kind === "product" || line.kind === "bundle");
    const store = await tx.execute<{ id: number; currency: string; tax_rate_bp: number }>(sql`
      select id, currency, tax_rate_bp from shop_stores where clinic_id = ${clinicId} order by id limit 1`);
    const shop = store.rows[0];
    if (!shop || shopLines.length !== quote.lines.length || !quote.client.patientId) {
      // Without the demo shop there is no order to point at: the quote stays accepted.
      await tx.execute(sql`update product_quotes set state = 'accepted' where id = ${quoteId}`);
      return;
    }
    const net = shopLines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
    const taxCents = quoteTotals([{ quantity: 1, unitCents: net, discountCents: 0 }], 0, Number(shop.tax_rate_bp)).taxCents;
    const placed = at((quote.decided ?? 0) + 1, 11);
    const order = await tx.execute<{ id: number }>(sql`
      insert into shop_orders (store_id, customer_id, state, fulfilment, note, provider, payment_reference, currency, subtotal_cents, discount_cents,
        tax_cents, shipping_cents, total_cents, paid_at, fulfilled_at, created_at, updated_at)
      values (${shop.id}, ${quote.client.patientId}, 'fulfilled', 'collect', 'From a quote', 'manual', 'Transfer', ${shop.currency}, ${net}, 0,
        ${taxCents}, 0, ${net + taxCents}, ${at((quote.decided ?? 0) + 2, 12)}, ${at((quote.decided ?? 0) + 3, 17)}, ${placed}, ${placed})
      returning id`);
    const orderId = Number(order.rows[0]?.id);
    for (const line of shopLines)
      await tx.execute(sql`
        insert into shop_order_lines (order_id, variant_id, bundle_id, product_id, name, unit_cents, quantity, amount_cents, discount_cents, net_cents)
        values (${orderId}, ${line.kind === "product" ? line.refId : null}, ${line.kind === "bundle" ? line.refId : null},
          ${line.kind === "product" ? sql`(select product_id from shop_variants where id = ${line.refId})` : null}, ${line.description}, ${line.unitCents},
          ${line.quantity}, ${line.quantity * line.unitCents}, 0, ${line.quantity * line.unitCents})`);
    await tx.execute(sql`
      insert into shop_order_events (order_id, state, by, created_at) values
        (${orderId}, 'pending', ${clinicId}, ${placed}), (${orderId}, 'paid', ${clinicId}, ${at((quote.decided ?? 0) + 2, 12)}),
        (${orderId}, 'fulfilled', ${clinicId}, ${at((quote.decided ?? 0) + 3, 17)})`);
    await tx.execute(sql`
      update product_quotes set converted_kind = 'shop', converted_order_id = ${orderId}, converted_at = ${placed} where id = ${quoteId}`);
  }
}
