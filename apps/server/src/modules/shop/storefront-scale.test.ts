import { ORDER_MESSAGES } from "@clinic/shared";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { makePatient } from "../../../test/factories.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";
import { countStatements, describeStatements, isIdentityStatement, statementsBeyondIdentity } from "../../../test/statements.ts";
import { type Actor, loadActor } from "../../platform/access.ts";
import { setCartLine } from "./cart.service.ts";
import { checkout, type ShopDeps } from "./orders.service.ts";
import { createPaymentProviders } from "../../platform/payments/index.ts";
import { shopBundles, shopProducts, shopVariants } from "./shop.table.ts";

/**
 * The storefront at scale (issue 34.2): its pages are kept answers, exact whatever is written
 * (the shown prices and stock are kept on the product and bundle rows by triggers, migration
 * 0031), and checkout stays exact and deadlock-free under concurrent buyers, in few statements.
 */
let t: TestApp;
let r: RoleCalls;
let deps: ShopDeps;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,virtual_shop" } });
  r = await signInRoles(t);
  deps = {
    db: t.db,
    mailer: t.app.mailer,
    jobs: t.app.jobs,
    providers: createPaymentProviders(t.config.billing),
    settings: t.config.shop,
    bankDetails: t.config.billing.bankDetails,
  };
});
afterAll(() => t.close());

let skus = 0;
const variant = (priceCents: number, stock: number, name = "") => ({ sku: `SF-${Date.now()}-${++skus}`, name, priceCents, stock });

async function store(): Promise<number> {
  const response = await r.send("clinic", "POST", "/api/shop/stores", { name: "Scale shop", currency: "EUR", taxRateBp: 2100, shippingCents: 490, open: true });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function category(storeId: number, name: string): Promise<number> {
  const response = await r.send("clinic", "POST", `/api/shop/stores/${storeId}/categories`, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

type Made = { id: number; variants: { id: number; sku: string; stock: number }[] };
async function product(storeId: number, name: string, variants: ReturnType<typeof variant>[], categoryId: number | null = null): Promise<Made> {
  const response = await r.send("clinic", "POST", `/api/shop/stores/${storeId}/products`, { name, description: "", categoryId, active: true, variants });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function buyers(count: number): Promise<Actor[]> {
  const made = await Promise.all(Array.from({ length: count }, () => makePatient(t.db, t.ids.clinic)));
  return Promise.all(made.map(async (buyer) => (await loadActor(t.db, buyer.id)) as Actor));
}

const place = (actor: Actor, storeId: number) => checkout(deps, actor, storeId, { provider: "manual", fulfilment: "collect", address: "", note: "" });
const reasonOf = (outcome: PromiseRejectedResult) => String((outcome.reason as { cause?: Error }).cause?.message ?? (outcome.reason as Error).message);
const stockOf = async (ids: number[]) =>
  Object.fromEntries(
    (await t.db.select({ id: shopVariants.id, stock: shopVariants.stock }).from(shopVariants).where(inArray(shopVariants.id, ids))).map((row) => [
      row.id,
      row.stock,
    ]),
  );

/** What the storefront shows of a store's products and bundles, recomputed from their variants as the storefront did before migration 0031. */
async function shownFromVariants(storeId: number) {
  const products = await t.db.execute<{ id: number; from_cents: number | null; in_stock: boolean; kept_from: number | null; kept_in_stock: boolean }>(sql`
    select p.id, (select min(v.price_cents) from shop_variants v where v.product_id = p.id and v.active) as from_cents,
      coalesce((select bool_or(v.stock > 0) from shop_variants v where v.product_id = p.id and v.active), false) as in_stock,
      p.from_cents as kept_from, p.in_stock as kept_in_stock
    from shop_products p where p.store_id = ${storeId} and p.has_active_variant`);
  const bundles = await t.db.execute<Record<string, unknown>>(sql`
    select b.id,
      exists (select 1 from shop_bundle_items bi where bi.bundle_id = b.id)
        and not exists (select 1 from shop_bundle_items bi join shop_variants v on v.id = bi.variant_id join shop_products vp on vp.id = v.product_id
                        where bi.bundle_id = b.id and not (v.active and vp.active)) as on_sale,
      coalesce((select bool_and(v.stock >= bi.quantity) from shop_bundle_items bi join shop_variants v on v.id = bi.variant_id where bi.bundle_id = b.id), false) as in_stock,
      (select i.upload_id from shop_bundle_items bi join shop_variants v on v.id = bi.variant_id
         join shop_product_images i on i.product_id = v.product_id where bi.bundle_id = b.id order by v.id, i.position limit 1) as image,
      b.parts_on_sale as kept_on_sale, b.in_stock as kept_in_stock, b.image_upload_id as kept_image
    from shop_bundles b where b.store_id = ${storeId}`);
  return { products: products.rows, bundles: bundles.rows };
}

async function expectShownExact(storeId: number) {
  const { products, bundles } = await shownFromVariants(storeId);
  for (const row of products)
    expect({ id: row.id, from: row.kept_from, inStock: row.kept_in_stock }).toEqual({ id: row.id, from: row.from_cents, inStock: row.in_stock });
  for (const row of bundles)
    expect({ id: row.id, onSale: row.kept_on_sale, inStock: row.kept_in_stock, image: row.kept_image }).toEqual({
      id: row.id,
      onSale: row.on_sale,
      inStock: row.in_stock,
      image: row.image,
    });
}

describe("the storefront's pages, kept", () => {
  it("first page, category page and name search: a kept answer runs no statement beyond the identity; a miss runs one", async () => {
    const storeId = await store();
    const pads = await category(storeId, "Pads");
    await product(storeId, "Wobble pad", [variant(2500, 5), variant(1900, 0)], pads);
    await product(storeId, "Foam roller", [variant(3000, 0)]);
    const paths = [
      `/api/shop/storefront/stores/${storeId}/items?rowsPerPage=24`,
      `/api/shop/storefront/stores/${storeId}/items?category=${pads}&rowsPerPage=24`,
      `/api/shop/storefront/stores/${storeId}/items?q=wobble&rowsPerPage=24`,
    ];
    for (const path of paths) {
      const miss = await statementsBeyondIdentity(t.database.pool, () => r.send("patient", "GET", path));
      expect(miss.own, describeStatements(miss.statements)).toHaveLength(1);
      const hit = await statementsBeyondIdentity(t.database.pool, () => r.send("patient", "GET", path));
      expect(hit.own, describeStatements(hit.statements)).toHaveLength(0);
      expect(hit.body).toEqual(miss.body);
    }
    const first = (await r.send("patient", "GET", paths[0] as string)).json();
    expect(first).toEqual({
      page: 1,
      total: 2,
      data: [
        { kind: "product", id: expect.any(Number), name: "Foam roller", category: null, imageUrl: null, fromCents: 3000, inStock: false },
        { kind: "product", id: expect.any(Number), name: "Wobble pad", category: { id: pads, name: "Pads" }, imageUrl: null, fromCents: 1900, inStock: true },
      ],
    });
    // A page past the end still counts, in the same one statement.
    const past = await statementsBeyondIdentity(t.database.pool, () => r.send("patient", "GET", `/api/shop/storefront/stores/${storeId}/items?page=5`));
    expect(past.body).toEqual({ page: 5, total: 2, data: [] });
    expect(past.own).toHaveLength(1);
    // Another clinic's patient: 404, kept for no one.
    expect((await r.send("otherPatient", "GET", paths[0] as string)).statusCode).toBe(404);
  });

  it("a kept page changes with what it shows: a rename, a price, a sale of the last unit; a sale that leaves stock keeps it", async () => {
    const storeId = await store();
    const pad = await product(storeId, "Balance pad", [variant(2500, 2)]);
    const path = `/api/shop/storefront/stores/${storeId}/items?rowsPerPage=24`;
    const shown = async () => (await r.send("patient", "GET", path)).json().data[0];
    expect(await shown()).toMatchObject({ name: "Balance pad", fromCents: 2500, inStock: true });
    const [buyer, last] = await buyers(2);
    await setCartLine(t.db, buyer as Actor, storeId, { variantId: pad.variants[0]?.id as number, quantity: 1 });
    await place(buyer as Actor, storeId);
    // One unit left: the page is still the kept one (no statement of its own).
    const kept = await statementsBeyondIdentity(t.database.pool, () => r.send("patient", "GET", path));
    expect(kept.own).toHaveLength(0);
    expect(kept.body.data[0]).toMatchObject({ inStock: true });
    await setCartLine(t.db, last as Actor, storeId, { variantId: pad.variants[0]?.id as number, quantity: 1 });
    await place(last as Actor, storeId);
    expect(await shown()).toMatchObject({ inStock: false });
    const edit = await r.send("clinic", "PUT", `/api/shop/products/${pad.id}`, {
      name: "Balance pad XL",
      description: "",
      categoryId: null,
      active: true,
      variants: [{ id: pad.variants[0]?.id, sku: pad.variants[0]?.sku, name: "", priceCents: 2700, stock: 0 }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await shown()).toMatchObject({ name: "Balance pad XL", fromCents: 2700, inStock: false });
    const restock = await r.send("clinic", "POST", `/api/shop/variants/${pad.variants[0]?.id}/adjustments`, { delta: 3, note: "Delivery" });
    expect(restock.statusCode, restock.body).toBe(200);
    expect(await shown()).toMatchObject({ inStock: true });
    await expectShownExact(storeId);
  });

  it("a bundle shows its parts' state as its variants change: out when a part runs short, gone when a part is switched off", async () => {
    const storeId = await store();
    const a = await product(storeId, "Band", [variant(1000, 3)]);
    const b = await product(storeId, "Ball", [variant(1500, 1)]);
    const made = await r.send("clinic", "POST", `/api/shop/stores/${storeId}/bundles`, {
      name: "Kit",
      priceCents: 2000,
      active: true,
      items: [
        { variantId: a.variants[0]?.id, quantity: 2 },
        { variantId: b.variants[0]?.id, quantity: 1 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const path = `/api/shop/storefront/stores/${storeId}/items`;
    const kit = async () => (await r.send("patient", "GET", path)).json().data.find((item: { kind: string }) => item.kind === "bundle");
    expect(await kit()).toMatchObject({ name: "Kit", fromCents: 2000, inStock: true });
    // Two bands out of three: one left, below the bundle's two.
    await r.send("clinic", "POST", `/api/shop/variants/${a.variants[0]?.id}/adjustments`, { delta: -2, note: "Broken" });
    expect(await kit()).toMatchObject({ inStock: false });
    await expectShownExact(storeId);
    await r.send("clinic", "POST", `/api/shop/variants/${a.variants[0]?.id}/adjustments`, { delta: 1, note: "Found" });
    expect(await kit()).toMatchObject({ inStock: true });
    await t.db.update(shopProducts).set({ active: false }).where(eq(shopProducts.id, b.id));
    expect(await kit()).toBeUndefined();
    await expectShownExact(storeId);
    await t.db.update(shopProducts).set({ active: true }).where(eq(shopProducts.id, b.id));
    expect(await kit()).toMatchObject({ inStock: true });
    const [row] = await t.db
      .select({ inStock: shopBundles.inStock, onSale: shopBundles.partsOnSale })
      .from(shopBundles)
      .where(eq(shopBundles.id, made.json().id));
    expect(row).toEqual({ inStock: true, onSale: true });
  });
});

describe("checkout under concurrent buyers", () => {
  it("20 buyers of one product with 5 in stock: exactly 5 orders, the others the clear out-of-stock refusal, stock 0, no deadlock", async () => {
    const storeId = await store();
    const pad = await product(storeId, "Last pads", [variant(1000, 5)]);
    const variantId = pad.variants[0]?.id as number;
    const actors = await buyers(20);
    for (const actor of actors) await setCartLine(t.db, actor, storeId, { variantId, quantity: 1 });
    const outcomes = await Promise.allSettled(actors.map((actor) => place(actor, storeId)));
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(5);
    expect([...new Set(refused.map(reasonOf))]).toEqual([ORDER_MESSAGES.outOfStock.replace("{names}", "Last pads")]);
    expect(refused.map((outcome) => (outcome.reason as { statusCode?: number }).statusCode)).toEqual(Array(15).fill(409));
    expect(await stockOf([variantId])).toEqual({ [variantId]: 0 });
    const lines = await t.db.execute<{ n: number; moved: number }>(sql`
      select (select count(*)::int from shop_order_lines where variant_id = ${variantId}) as n,
             (select coalesce(sum(delta), 0)::int from shop_stock_moves where variant_id = ${variantId} and reason = 'reserved') as moved`);
    expect(lines.rows[0]).toEqual({ n: 5, moved: -5 });
    // Refused buyers keep their carts; the product shows out of stock.
    expect((await r.send("patient", "GET", `/api/shop/storefront/stores/${storeId}/items`)).json().data[0]).toMatchObject({ inStock: false });
    await expectShownExact(storeId);
  });

  it("buyers of overlapping baskets put in their carts in different orders all get their orders, with no deadlock, and the stock is exact", async () => {
    const storeId = await store();
    // Each buyer takes two of four variants (of two products), put in the cart in an order of its own.
    const baskets = Array.from({ length: 20 }, (_, index) => {
      const pair = [index % 4, (index + 1 + (index % 2)) % 4];
      return index % 3 === 0 ? pair.reverse() : pair;
    });
    const wanted = [0, 1, 2, 3].map((slot) => baskets.filter((basket) => basket.includes(slot)).length);
    // Every variant holds exactly what is wanted of it: the last sales of a product's variants race to mark it out of stock.
    const made = [
      await product(storeId, "Mat", [variant(1000, wanted[0] as number), variant(1100, wanted[1] as number)]),
      await product(storeId, "Disc", [variant(900, wanted[2] as number), variant(950, wanted[3] as number)]),
    ];
    const ids = made.flatMap((one) => one.variants.map((v) => v.id));
    const actors = await buyers(20);
    for (const [index, actor] of actors.entries()) {
      for (const slot of baskets[index] ?? []) await setCartLine(t.db, actor, storeId, { variantId: ids[slot] as number, quantity: 1 });
    }
    const outcomes = await Promise.allSettled(actors.map((actor) => place(actor, storeId)));
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect(refused.map(reasonOf)).toEqual([]);
    const stock = await stockOf(ids);
    expect(ids.map((id) => stock[id])).toEqual([0, 0, 0, 0]);
    const shown = await t.db
      .select({ inStock: shopProducts.inStock })
      .from(shopProducts)
      .where(
        inArray(
          shopProducts.id,
          made.map((one) => one.id),
        ),
      );
    expect(shown).toEqual([{ inStock: false }, { inStock: false }]);
    await expectShownExact(storeId);
  });

  it("a buyer's second click waits for the first, then finds the cart empty: one order, the stock taken once", async () => {
    const storeId = await store();
    const made = await product(storeId, "Loop", [variant(800, 10)]);
    const [buyer] = await buyers(1);
    await setCartLine(t.db, buyer as Actor, storeId, { variantId: made.variants[0]?.id as number, quantity: 2 });
    const outcomes = await Promise.allSettled([place(buyer as Actor, storeId), place(buyer as Actor, storeId), place(buyer as Actor, storeId)]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect(refused.map(reasonOf)).toEqual([ORDER_MESSAGES.emptyCart, ORDER_MESSAGES.emptyCart]);
    expect(await stockOf([made.variants[0]?.id as number])).toEqual({ [made.variants[0]?.id as number]: 8 });
  });

  it("two buyers selling the last unit of two variants of one product at once leave it out of stock (the product's row is recomputed in turn)", async () => {
    for (let round = 0; round < 5; round++) {
      const storeId = await store();
      const made = await product(storeId, "Wedge", [variant(1000, 1), variant(1200, 1)]);
      const [one, two] = await buyers(2);
      await setCartLine(t.db, one as Actor, storeId, { variantId: made.variants[0]?.id as number, quantity: 1 });
      await setCartLine(t.db, two as Actor, storeId, { variantId: made.variants[1]?.id as number, quantity: 1 });
      await Promise.all([place(one as Actor, storeId), place(two as Actor, storeId)]);
      const [row] = await t.db.select({ inStock: shopProducts.inStock }).from(shopProducts).where(eq(shopProducts.id, made.id));
      expect(row?.inStock).toBe(false);
    }
  });
});

describe("checkout's round trips", () => {
  it("a checkout sends a fixed handful of statements, whatever the basket holds", async () => {
    const storeId = await store();
    const items = [await product(storeId, "Grip", [variant(500, 50), variant(600, 50)]), await product(storeId, "Strap", [variant(700, 50)])];
    const counts: number[] = [];
    for (const basket of [items[0]?.variants.slice(0, 1), items.flatMap((one) => one.variants)]) {
      for (const item of basket ?? []) {
        const line = await r.send("patient", "PUT", `/api/shop/cart/${storeId}/lines`, { variantId: item.id, quantity: 2 });
        expect(line.statusCode, line.body).toBe(200);
      }
      const seen = await countStatements(t.database.pool, () =>
        r.send("patient", "POST", `/api/shop/cart/${storeId}/checkout`, { provider: "manual", fulfilment: "collect" }),
      );
      expect(seen.result.statusCode, seen.result.body).toBe(201);
      // Beyond the identity, the module switches and the audit record (platform/audit.ts, after the
      // transaction): the store checked, the cart and its limited discounts locked and the cart read (the
      // store has no discount: none is read); the stock, the order and all its rows; the expiry job; the
      // order as answered; its email.
      const own = seen.statements.filter(
        (text) => !isIdentityStatement(text) && !/from "feature_flags"/.test(text) && !/audit/i.test(text) && !/^\s*(begin|commit)\b/i.test(text),
      );
      expect(own.length, describeStatements(seen.statements)).toBe(5);
      counts.push(own.length);
      expect(seen.result.json().order.lines).toHaveLength(basket?.length ?? 0);
    }
    expect(counts[1]).toBe(counts[0]);
    // With a discount the store offers, one statement more reads it (after the locks) and the order applies it.
    const offer = await r.send("clinic", "POST", `/api/shop/stores/${storeId}/discounts`, { title: "Spring", code: null, kind: "percent", value: 1000 });
    expect(offer.statusCode, offer.body).toBe(201);
    await r.send("patient", "PUT", `/api/shop/cart/${storeId}/lines`, { variantId: items[1]?.variants[0]?.id, quantity: 1 });
    const discounted = await countStatements(t.database.pool, () =>
      r.send("patient", "POST", `/api/shop/cart/${storeId}/checkout`, { provider: "manual", fulfilment: "collect" }),
    );
    expect(discounted.result.statusCode, discounted.result.body).toBe(201);
    expect(discounted.result.json().order).toMatchObject({ subtotalCents: 700, discountCents: 70 });
    const own = discounted.statements.filter(
      (text) => !isIdentityStatement(text) && !/from "feature_flags"/.test(text) && !/audit/i.test(text) && !/^\s*(begin|commit)\b/i.test(text),
    );
    expect(own.length, describeStatements(discounted.statements)).toBe(6);
  });
});
