import {
  PRODUCT_QUOTE_MESSAGES,
  type Paged,
  type ProductQuoteDetail,
  type ProductQuoteFigures,
  type ProductQuoteRow,
  type PublicProductQuote,
} from "@clinic/shared";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { parsePdf } from "../../../../test/pdf.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../../test/roles.ts";
import { expireQuotes } from "./product-quote-flow.ts";
import { makeQuote, quoteBody } from "./product-quotes.fixture.ts";

/**
 * The product quoter through the API (issue 38.1): staff of the clinic (and admins, naming the
 * clinic) make, change, send, revise, duplicate and convert quotes; the client answers by the
 * private link. Every refusal writes nothing.
 */

let t: TestApp;
let r: RoleCalls;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,product_quoter,virtual_shop" } });
  r = await signInRoles(t);
});
afterAll(async () => t?.close());

const count = async (query: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: number }>(query)).rows[0]?.n);
const quotesCount = () => count(sql`select count(*)::int as n from product_quotes`);

async function create(body: Record<string, unknown> = quoteBody(), who: Who = "clinic", clinicId?: string): Promise<ProductQuoteDetail> {
  const answer = await r.send(who, "POST", `/api/product-quoter/quotes${clinicId ? `?clinicId=${clinicId}` : ""}`, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

async function send(id: number): Promise<ProductQuoteDetail> {
  const answer = await r.send("clinic", "POST", `/api/product-quoter/quotes/${id}/send`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const tokenOf = (detail: ProductQuoteDetail) => (detail.publicPath as string).split("/").pop() as string;
const publicCall = (method: "GET" | "POST", token: string, action = "", body?: unknown) =>
  r.send(null, method, `/api/product-quoter/public/${token}${action}`, body);

describe("who may work quotes", () => {
  it("lets the clinic's staff and admins in, refuses therapists and patients, hides another clinic's quote", async () => {
    const quote = await create();
    for (const who of ["clinic", "admin"] as const) expect((await r.send(who, "GET", `/api/product-quoter/quotes/${quote.id}`)).statusCode).toBe(200);
    for (const who of ["therapist", "patient", "otherPatient", "otherTherapist"] as const)
      expect((await r.send(who, "GET", `/api/product-quoter/quotes/${quote.id}`)).statusCode).toBe(403);
    expect((await r.send("otherClinic", "GET", `/api/product-quoter/quotes/${quote.id}`)).statusCode).toBe(404);
    expect((await r.send("otherClinic", "PUT", `/api/product-quoter/quotes/${quote.id}`, quoteBody())).statusCode).toBe(404);
    expect((await r.send(null, "GET", "/api/product-quoter/quotes")).statusCode).toBe(401);
    const theirs = await r.send("otherClinic", "GET", "/api/product-quoter/quotes");
    expect((theirs.json() as Paged<ProductQuoteRow>).data.map((row) => row.id)).not.toContain(quote.id);
  });

  it("makes an admin name the clinic of a new quote", async () => {
    const before = await quotesCount();
    const unnamed = await r.send("admin", "POST", "/api/product-quoter/quotes", quoteBody());
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().clinicId).toEqual([PRODUCT_QUOTE_MESSAGES.clinicNeeded]);
    expect(await quotesCount()).toBe(before);
    const made = await create(quoteBody(), "admin", t.ids.clinic);
    expect(made.clinic.id).toBe(t.ids.clinic);
  });
});

describe("making a quote", () => {
  it("numbers quotes per clinic and year and computes the totals itself", async () => {
    const first = await create(
      quoteBody({
        discountCents: 1000,
        lines: [
          { kind: "free", description: "Assessment", quantity: 2, unitCents: 5000, discountCents: 500 },
          { kind: "free", description: "Report", quantity: 1, unitCents: 3333 },
        ],
      }),
    );
    const second = await create();
    const year = new Date().getUTCFullYear();
    expect(first.number).toMatch(new RegExp(`^Q-${year}-\\d{4}$`));
    expect(Number(second.number.slice(-4))).toBe(Number(first.number.slice(-4)) + 1);
    // 2×50.00 − 5.00 + 33.33 = 128.33; − 10.00 = 118.33; 21 % = 24.8493 → 24.85.
    expect(first.linesCents).toBe(12_833);
    expect(first.subtotalCents).toBe(11_833);
    expect(first.taxCents).toBe(2485);
    expect(first.totalCents).toBe(14_318);
    expect(first.lines.map((line) => line.totalCents)).toEqual([9500, 3333]);
    expect(first.state).toBe("draft");
  });

  it("gives quotes made at the same moment different numbers", async () => {
    const made = await Promise.all(Array.from({ length: 6 }, () => create()));
    expect(new Set(made.map((quote) => quote.number)).size).toBe(6);
  });

  it("leaves a draft as it was when a change is refused", async () => {
    const quote = await create();
    const refused = await r.send(
      "clinic",
      "PUT",
      `/api/product-quoter/quotes/${quote.id}`,
      quoteBody({
        lines: [
          { kind: "free", description: "A", quantity: 1, unitCents: 100 },
          { kind: "service", refId: 2_000_000_000, quantity: 1 },
        ],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()["lines.1.refId"]).toEqual([PRODUCT_QUOTE_MESSAGES.lineUnknown]);
    const after = (await r.send("clinic", "GET", `/api/product-quoter/quotes/${quote.id}`)).json() as ProductQuoteDetail;
    expect(after.lines).toEqual(quote.lines);
    expect(after.totalCents).toBe(quote.totalCents);
  });

  it("refuses bad lines on their exact field, writing nothing", async () => {
    const before = await quotesCount();
    const cases: [Record<string, unknown>, string][] = [
      [quoteBody({ lines: [{ kind: "free", description: "A", quantity: 0, unitCents: 100 }] }), "lines.0.quantity"],
      [quoteBody({ lines: [{ kind: "free", description: "A", quantity: 1, unitCents: 100, discountCents: -1 }] }), "lines.0.discountCents"],
      [
        quoteBody({
          lines: [
            { kind: "free", description: "A", quantity: 1, unitCents: 100 },
            { kind: "free", description: "B", quantity: 1, unitCents: 100 },
            { kind: "free", description: "C", quantity: 2, unitCents: 100, discountCents: 201 },
          ],
        }),
        "lines.2.discountCents",
      ],
      [quoteBody({ discountCents: 10_001 }), "discountCents"],
      [quoteBody({ lines: [{ kind: "product", refId: 2_000_000_000, quantity: 1 }] }), "lines.0.refId"],
      [quoteBody({ taxRateBp: 10_001 }), "taxRateBp"],
      [quoteBody({ clientKind: "patient", patientId: r.other.patient.id }), "patientId"],
      [quoteBody({ validUntil: "2020-01-01" }), "validUntil"],
    ];
    for (const [body, field] of cases) {
      const answer = await r.send("clinic", "POST", "/api/product-quoter/quotes", body);
      expect(answer.statusCode, field).toBe(400);
      expect(Object.keys(answer.json()), field).toContain(field);
    }
    expect(await quotesCount()).toBe(before);
  });

  it("copies a patient's name, email and language, and a catalogue item's description and price", async () => {
    await t.db.execute(sql`update users set language = 'es' where id = ${t.ids.patient}`);
    const store = await t.db.execute<{ id: number }>(
      sql`insert into shop_stores (clinic_id, name, currency, tax_rate_bp) values (${t.ids.clinic}, 'Clinic shop', 'EUR', 2100) returning id`,
    );
    const storeId = Number(store.rows[0]?.id);
    const product = await t.db.execute<{ id: number }>(sql`insert into shop_products (store_id, name) values (${storeId}, 'Foam roller') returning id`);
    const variant = await t.db.execute<{ id: number }>(sql`
      insert into shop_variants (product_id, store_id, sku, name, price_cents, stock) values (${product.rows[0]?.id}, ${storeId}, 'ROLL-1', 'Blue', 2500, 10)
      returning id`);
    const variantId = Number(variant.rows[0]?.id);
    const picker = await r.send("clinic", "GET", "/api/product-quoter/catalogue?search=roller");
    expect(picker.statusCode).toBe(200);
    expect(picker.json()).toContainEqual({
      kind: "product",
      refId: variantId,
      description: "Foam roller – Blue",
      unitCents: 2500,
      currency: "EUR",
      taxRateBp: 2100,
    });
    const quote = await create(
      quoteBody({
        clientKind: "patient",
        patientId: t.ids.patient,
        clientName: "",
        clientEmail: "",
        language: null,
        lines: [{ kind: "product", refId: variantId, quantity: 2 }],
      }),
    );
    expect(quote.language).toBe("es");
    expect(quote.clientEmail).toContain("@");
    expect(quote.lines[0]).toMatchObject({ description: "Foam roller – Blue", unitCents: 2500, totalCents: 5000 });
    // Another clinic's catalogue is not this clinic's.
    const theirs = await r.send("otherClinic", "GET", "/api/product-quoter/catalogue?search=roller");
    expect(theirs.json()).toEqual([]);
  });
});

describe("the lifecycle", () => {
  it("sends, is viewed once by the link, accepted with a name and a ticked box, then refuses to answer again", async () => {
    const quote = await create();
    const sent = await send(quote.id);
    expect(sent.state).toBe("sent");
    const token = tokenOf(sent);
    expect(await count(sql`select count(*)::int as n from mail_messages where kind = 'product_quote.sent' and "to" = 'ana.ruiz@example.com'`)).toBeGreaterThan(
      0,
    );
    // A sent quote is not changed in place.
    const edit = await r.send("clinic", "PUT", `/api/product-quoter/quotes/${quote.id}`, quoteBody());
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toBe(PRODUCT_QUOTE_MESSAGES.notDraft);
    expect((await r.send("clinic", "DELETE", `/api/product-quoter/quotes/${quote.id}`)).statusCode).toBe(409);

    const seen = await publicCall("GET", token);
    expect(seen.statusCode).toBe(200);
    expect((seen.json() as PublicProductQuote).state).toBe("viewed");
    await publicCall("GET", token);
    const viewedAt = (await t.db.execute<{ viewed_at: Date }>(sql`select viewed_at from product_quotes where id = ${quote.id}`)).rows[0]?.viewed_at;
    expect(viewedAt).toBeTruthy();

    const unticked = await publicCall("POST", token, "/accept", { name: "Ana Ruiz", agree: false });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().agree).toBeDefined();
    const accepted = await publicCall("POST", token, "/accept", { name: "Ana Ruiz", agree: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as PublicProductQuote).state).toBe("accepted");
    const again = await publicCall("POST", token, "/decline", { reason: "Changed my mind" });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(PRODUCT_QUOTE_MESSAGES.linkAccepted);
    const detail = (await r.send("clinic", "GET", `/api/product-quoter/quotes/${quote.id}`)).json() as ProductQuoteDetail;
    expect(detail.acceptedName).toBe("Ana Ruiz");
    expect(detail.history.map((entry) => entry.action)).toEqual(["created", "sent", "viewed", "accepted"]);
  });

  it("writes the client's email in their language and tells the author of the first view", async () => {
    const quote = await create(quoteBody({ language: "es", clientEmail: "lucia.gomez@example.com", clientName: "Lucía Gómez" }));
    const token = tokenOf(await send(quote.id));
    const mail = (
      await t.db.execute<{ subject: string; text: string; attachments: unknown[] }>(
        sql`select subject, text, attachments from mail_messages where kind = 'product_quote.sent' and "to" = 'lucia.gomez@example.com'`,
      )
    ).rows[0];
    expect(mail?.subject).toContain(`Presupuesto ${quote.number}`);
    expect(mail?.text).toContain(`/quotes/${token}`);
    expect(mail?.attachments).toHaveLength(1);
    await publicCall("GET", token);
    await publicCall("GET", token);
    const toAuthor = await count(sql`select count(*)::int as n from mail_messages where kind = 'product_quote.viewed' and subject like ${`%${quote.number}%`}`);
    expect(toAuthor).toBe(1);
  });

  it("answers a forged link 404 and an expired quote 409, whether the sweep has run or not", async () => {
    expect((await publicCall("GET", "A".repeat(32))).statusCode).toBe(404);
    const quote = await create();
    const token = tokenOf(await send(quote.id));
    await t.db.execute(sql`update product_quotes set valid_until = current_date - 1 where id = ${quote.id}`);
    const late = await publicCall("POST", token, "/accept", { name: "Ana Ruiz", agree: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(PRODUCT_QUOTE_MESSAGES.linkExpired);
    expect((await publicCall("GET", token)).json().state).toBe("expired");
    expect(await expireQuotes({ db: t.db, jobs: t.app.jobs, enabled: async () => true })).toBeGreaterThan(0);
    expect(await expireQuotes({ db: t.db, jobs: t.app.jobs, enabled: async () => true })).toBe(0);
    const row = (await t.db.execute<{ state: string }>(sql`select state from product_quotes where id = ${quote.id}`)).rows[0];
    expect(row?.state).toBe("expired");
  });

  it("declines with a reason; a declined quote is not accepted later", async () => {
    const token = tokenOf(await send((await create()).id));
    const declined = await publicCall("POST", token, "/decline", { reason: "Too dear" });
    expect(declined.json().state).toBe("declined");
    const late = await publicCall("POST", token, "/accept", { name: "Ana Ruiz", agree: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(PRODUCT_QUOTE_MESSAGES.linkDeclined);
  });
});

describe("revisions and copies", () => {
  it("revises a sent quote: same number, next revision, the old one revised and its link pointing on", async () => {
    const quote = await create();
    const token = tokenOf(await send(quote.id));
    const revised = await r.send("clinic", "POST", `/api/product-quoter/quotes/${quote.id}/revise`);
    expect(revised.statusCode, revised.body).toBe(201);
    const second = revised.json() as ProductQuoteDetail;
    expect(second).toMatchObject({ number: quote.number, revision: 2, state: "draft", label: `${quote.number} rev. 2`, rootId: quote.id });
    expect(second.revisions.map((revision) => [revision.revision, revision.state])).toEqual([
      [1, "revised"],
      [2, "draft"],
    ]);
    const old = await publicCall("GET", token);
    expect(old.statusCode).toBe(409);
    expect(old.json().detail).toBe(PRODUCT_QUOTE_MESSAGES.linkRevised);
    // A revised quote is not revised again; the draft revision is changed in place.
    expect((await r.send("clinic", "POST", `/api/product-quoter/quotes/${quote.id}/revise`)).statusCode).toBe(409);
    expect((await r.send("clinic", "PUT", `/api/product-quoter/quotes/${second.id}`, quoteBody({ discountCents: 100 }))).statusCode).toBe(200);
    // The list shows each quote's latest revision, unless asked for all.
    const latest = (await r.send("clinic", "GET", `/api/product-quoter/quotes?q=${quote.number}`)).json() as Paged<ProductQuoteRow>;
    expect(latest.data.map((row) => row.id)).toEqual([second.id]);
    const all = (await r.send("clinic", "GET", `/api/product-quoter/quotes?q=${quote.number}&allRevisions=true`)).json() as Paged<ProductQuoteRow>;
    expect(all.data.map((row) => row.id).sort()).toEqual([quote.id, second.id].sort());
    // Deleting the draft revision gives the sent quote back its state, its place in the list and its link.
    expect((await r.send("clinic", "DELETE", `/api/product-quoter/quotes/${second.id}`)).statusCode).toBe(204);
    const back = (await r.send("clinic", "GET", `/api/product-quoter/quotes?q=${quote.number}`)).json() as Paged<ProductQuoteRow>;
    expect(back.data.map((row) => [row.id, row.state])).toEqual([[quote.id, "sent"]]);
    expect((await publicCall("GET", token)).statusCode).toBe(200);
  });

  it("duplicates into a new draft with a new number", async () => {
    const quote = await create();
    const copy = await r.send("clinic", "POST", `/api/product-quoter/quotes/${quote.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ state: "draft", revision: 1, totalCents: quote.totalCents });
    expect(copy.json().number).not.toBe(quote.number);
  });
});

describe("conversion", () => {
  it("makes exactly one shop order of an accepted patient's quote, even with two calls at once", async () => {
    const variant = await t.db.execute<{ id: number }>(sql`
      select v.id from shop_variants v join shop_stores s on s.id = v.store_id where s.clinic_id = ${t.ids.clinic} and v.sku = 'ROLL-1'`);
    const variantId = Number(variant.rows[0]?.id);
    const quote = await makeQuote(t.db, t.ids.clinic, {
      state: "accepted",
      patientId: t.ids.patient,
      lines: [{ kind: "product", refId: variantId, description: "Foam roller", quantity: 2, unitCents: 2500 }],
    });
    const orders = () => count(sql`select count(*)::int as n from shop_orders where customer_id = ${t.ids.patient}`);
    const before = await orders();
    const answers = await Promise.all([1, 2].map(() => r.send("clinic", "POST", `/api/product-quoter/quotes/${quote.id}/convert`, { kind: "shop" })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await orders()).toBe(before + 1);
    const detail = answers.find((answer) => answer.statusCode === 200)?.json() as ProductQuoteDetail;
    expect(detail.state).toBe("converted");
    expect(detail.converted?.kind).toBe("shop");
  });

  it("orders at the quote's prices: its unit prices, line and overall discounts and total, to the cent", async () => {
    const variants = await t.db.execute<{ id: number }>(sql`
      select v.id from shop_variants v join shop_stores s on s.id = v.store_id where s.clinic_id = ${t.ids.clinic} order by v.id`);
    const variantId = Number(variants.rows[0]?.id);
    // The shop sells it at 25.00; the quote gives it at 23.00 twice, with 1.99 off the line and 3.33 off the whole.
    const lines = [
      { kind: "product", refId: variantId, description: "Foam roller", quantity: 2, unitCents: 2300, discountCents: 199 },
      { kind: "product", refId: variantId, description: "Foam roller (spare)", quantity: 1, unitCents: 2300 },
    ];
    const quote = await makeQuote(t.db, t.ids.clinic, { state: "accepted", patientId: t.ids.patient, lines, discountCents: 333 });
    const quoted = (await r.send("clinic", "GET", `/api/product-quoter/quotes/${quote.id}`)).json() as ProductQuoteDetail;
    const converted = await r.send("clinic", "POST", `/api/product-quoter/quotes/${quote.id}/convert`, { kind: "shop" });
    expect(converted.statusCode).toBe(200);
    const orderId = (converted.json() as ProductQuoteDetail).converted?.orderId;
    const order = await t.db.execute<{ subtotal_cents: number; discount_cents: number; tax_cents: number; total_cents: number }>(sql`
      select subtotal_cents, discount_cents, tax_cents, total_cents from shop_orders where id = ${orderId}`);
    // 3 × 23.00 = 69.00, less 1.99 and 3.33 = 63.68, 21 % tax 13.37: 77.05.
    expect(order.rows[0]).toEqual({ subtotal_cents: 6900, discount_cents: 532, tax_cents: 1337, total_cents: quoted.totalCents });
    expect(quoted.totalCents).toBe(7705);
    const orderLines = await t.db.execute(sql`select unit_cents, quantity, discount_cents, net_cents from shop_order_lines where order_id = ${orderId}`);
    expect(orderLines.rows).toEqual([{ unit_cents: 2300, quantity: 3, discount_cents: 532, net_cents: 6368 }]);
    // No store discount was used up by it.
    expect(await count(sql`select count(*)::int as n from shop_order_discounts where order_id = ${orderId}`)).toBe(0);
  });

  it("refuses to order a quote at another tax rate than the shop's, or one item at two prices, and writes nothing", async () => {
    const variants = await t.db.execute<{ id: number }>(sql`
      select v.id from shop_variants v join shop_stores s on s.id = v.store_id where s.clinic_id = ${t.ids.clinic} order by v.id`);
    const refId = Number(variants.rows[0]?.id);
    const orders = () => count(sql`select count(*)::int as n from shop_orders where customer_id = ${t.ids.patient}`);
    const before = await orders();
    const reduced = await makeQuote(t.db, t.ids.clinic, {
      state: "accepted",
      patientId: t.ids.patient,
      taxRateBp: 1000,
      lines: [{ kind: "product", refId, description: "Foam roller", unitCents: 2500 }],
    });
    const taxed = await r.send("clinic", "POST", `/api/product-quoter/quotes/${reduced.id}/convert`, { kind: "shop" });
    expect(taxed.statusCode).toBe(409);
    expect(taxed.json().detail).toBe(PRODUCT_QUOTE_MESSAGES.shopTaxRate.replace("{quoteRate}", "10%").replace("{shopRate}", "21%"));
    const twoPrices = await makeQuote(t.db, t.ids.clinic, {
      state: "accepted",
      patientId: t.ids.patient,
      lines: [
        { kind: "product", refId, description: "Foam roller", unitCents: 2500 },
        { kind: "product", refId, description: "Foam roller at a friend's price", unitCents: 2000 },
      ],
    });
    const priced = await r.send("clinic", "POST", `/api/product-quoter/quotes/${twoPrices.id}/convert`, { kind: "shop" });
    expect(priced.statusCode).toBe(409);
    expect(priced.json().detail).toBe(PRODUCT_QUOTE_MESSAGES.shopTwoPrices.replace("{item}", "Foam roller at a friend's price"));
    expect(await orders()).toBe(before);
    // The shop's stock refusal is worded for the quote, naming the item.
    await t.db.execute(sql`update shop_variants set stock = 0 where id = ${refId}`);
    const short = await makeQuote(t.db, t.ids.clinic, {
      state: "accepted",
      patientId: t.ids.patient,
      lines: [{ kind: "product", refId, description: "Foam roller", unitCents: 2500 }],
    });
    const stock = await r.send("clinic", "POST", `/api/product-quoter/quotes/${short.id}/convert`, { kind: "shop" });
    expect(stock.statusCode).toBe(409);
    expect(stock.json().detail).toMatch(new RegExp(`^${PRODUCT_QUOTE_MESSAGES.shopOutOfStock.split("{names}")[0]}.+Restock it or revise the quote.$`));
    const states = await t.db.execute(sql`select state from product_quotes where id in (${reduced.id}, ${twoPrices.id}, ${short.id})`);
    expect(states.rows).toEqual([{ state: "accepted" }, { state: "accepted" }, { state: "accepted" }]);
    expect(await count(sql`select count(*)::int as n from shop_cart_lines l join shop_carts c on c.id = l.cart_id where c.user_id = ${t.ids.patient}`)).toBe(0);
  });

  it("makes one membership order of an accepted quote of one plan line, asking for the patient's billing details first", async () => {
    const plan = await t.db.execute<{ id: number }>(sql`
      insert into memberships (plan, description, value, value_annual, value_patient, months, n_users, n_patients, public, clinic_id)
      values ('Vestibular plan', 'Monthly follow-up', 0, 0, 45, 1, 0, 0, true, ${t.ids.clinic}) returning id`);
    const planId = Number(plan.rows[0]?.id);
    const picker = (await r.send("clinic", "GET", "/api/product-quoter/catalogue?kind=plan")).json() as { refId: number; unitCents: number }[];
    expect(picker).toContainEqual(expect.objectContaining({ refId: planId, unitCents: 4500 }));
    const quote = await makeQuote(t.db, t.ids.clinic, {
      state: "accepted",
      patientId: t.ids.patient2,
      lines: [{ kind: "plan", refId: planId, description: "Vestibular plan", unitCents: 4500 }],
    });
    const url = `/api/product-quoter/quotes/${quote.id}/convert`;
    const noDetails = await r.send("clinic", "POST", url, { kind: "membership" });
    expect(noDetails.statusCode).toBe(409);
    expect(noDetails.json().detail).toBe(PRODUCT_QUOTE_MESSAGES.membershipNeedsDetails);
    expect((await r.send("clinic", "POST", url, { kind: "shop" })).json().detail).toContain("Vestibular plan");
    await t.db.execute(sql`
      insert into billing_details (user_id, legal_name, tax_id, address, city, postal_code, country, email)
      values (${t.ids.patient2}, 'Pat Two', '12345678Z', 'Calle 1', 'Madrid', '28001', 'ES', '') on conflict do nothing`);
    const orders = () => count(sql`select count(*)::int as n from orders where buyer_id = ${t.ids.patient2} and membership_id = ${planId}`);
    const answers = await Promise.all([1, 2].map(() => r.send("clinic", "POST", url, { kind: "membership" })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await orders()).toBe(1);
    const converted = answers.find((answer) => answer.statusCode === 200)?.json() as ProductQuoteDetail | undefined;
    expect(converted?.converted?.kind).toBe("membership");
  });

  it("refuses a person's quote, a quote not accepted, and lines the shop does not sell", async () => {
    const person = await makeQuote(t.db, t.ids.clinic, { state: "accepted" });
    const refused = await r.send("clinic", "POST", `/api/product-quoter/quotes/${person.id}/convert`, { kind: "shop" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(PRODUCT_QUOTE_MESSAGES.shopNeedsPatient);
    const free = await makeQuote(t.db, t.ids.clinic, { state: "accepted", patientId: t.ids.patient });
    const freeLine = await r.send("clinic", "POST", `/api/product-quoter/quotes/${free.id}/convert`, { kind: "shop" });
    expect(freeLine.json().detail).toContain("Initial assessment");
    const sent = await makeQuote(t.db, t.ids.clinic, { state: "sent", patientId: t.ids.patient });
    expect((await r.send("clinic", "POST", `/api/product-quoter/quotes/${sent.id}/convert`, { kind: "shop" })).json().detail).toBe(
      PRODUCT_QUOTE_MESSAGES.notAccepted,
    );
  });
});

describe("PDF and exports", () => {
  it("prints the quote in the client's language, read back", async () => {
    const quote = await create(
      quoteBody({ language: "es", termsEs: "Pago a 30 días.", lines: [{ kind: "free", description: "Valoración inicial", quantity: 1, unitCents: 10_000 }] }),
    );
    const answer = await r.send("clinic", "GET", `/api/product-quoter/quotes/${quote.id}/pdf`);
    expect(answer.statusCode).toBe(200);
    const pdf = await parsePdf(answer.rawPayload);
    expect(pdf.text).toContain(`Presupuesto ${quote.number}`);
    expect(pdf.text).toContain("Valoración inicial");
    expect(pdf.text).toContain("Pago a 30 días.");
    expect(pdf.text).toContain("121,00");
  });

  it("exports the list as CSV and XLSX, formula-like text neutralised", async () => {
    const quote = await create(quoteBody({ clientName: '=HYPERLINK("x")' }));
    const csv = await r.send("clinic", "GET", `/api/product-quoter/exports/quotes?format=csv&q=${quote.number}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(quote.number);
    expect(csv.body).toContain("'=HYPERLINK");
    const xlsx = await r.send("clinic", "GET", `/api/product-quoter/exports/quotes?format=xlsx&q=${quote.number}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(2).getCell(1).value).toBe(quote.number);
    expect(sheet?.getRow(2).getCell(6).value).toBe(quote.totalCents / 100);
  });

  it("counts sent, accepted and converted per month and author", async () => {
    const figures = await r.send("clinic", "GET", "/api/product-quoter/figures");
    expect(figures.statusCode).toBe(200);
    const rows = figures.json().rows as { sent: number; accepted: number; conversionBp: number }[];
    expect(rows.reduce((sum, row) => sum + row.sent, 0)).toBeGreaterThan(0);
    for (const row of rows) expect(row.conversionBp).toBe(Math.round((row.accepted * 10_000) / row.sent));
    expect(figures.json().currency).toBe("EUR");
  });

  it("never adds amounts of two currencies: the rows are of one, the others named", async () => {
    const dollars = await makeQuote(t.db, t.ids.clinic, { state: "sent", lines: [{ unitCents: 12_345 }] });
    await t.db.execute(sql`update product_quotes set currency = 'USD' where id = ${dollars.id}`);
    const euros = (await r.send("clinic", "GET", "/api/product-quoter/figures")).json() as ProductQuoteFigures;
    expect(euros.currency).toBe("EUR");
    expect(euros.currencies).toEqual(["EUR", "USD"]);
    const usd = (await r.send("clinic", "GET", "/api/product-quoter/figures?currency=usd")).json() as ProductQuoteFigures;
    expect(usd.currency).toBe("USD");
    // 123.45 and 21 % tax.
    expect(usd.rows.map((row) => [row.sent, row.quotedCents])).toEqual([[1, 14_937]]);
    const none = await r.send("clinic", "GET", "/api/product-quoter/figures?currency=GBP");
    expect(none.json()).toMatchObject({ currency: "GBP", currencies: ["EUR", "USD"], rows: [] });
    expect((await r.send("clinic", "GET", "/api/product-quoter/figures?currency=euro")).statusCode).toBe(400);
  });
});
