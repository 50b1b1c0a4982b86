import { CART_MESSAGES, ORDER_MESSAGES, type Permission, SHOP_MESSAGES } from "@clinic/shared";
import { and, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { uniqueSuffix } from "../../../test/databases.ts";
import { makePatient, makeTherapist } from "../../../test/factories.ts";
import { type Method, type RoleCalls, signInRoles } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { imageForm, postUpload } from "../../../test/uploads.ts";
import { auditEvents } from "../../db/schema.ts";
import { loadActor } from "../../platform/access.ts";
import { mailMessages } from "../../platform/mail.table.ts";
import { createPaymentProviders } from "../../platform/payments/index.ts";
import { setCartCode, setCartLine } from "./cart.service.ts";
import { expireOrder, SWEEP_QUEUE } from "./order-states.ts";
import { checkout, EXPIRE_QUEUE, type ShopDeps } from "./orders.service.ts";
import { shopOrders, shopStockMoves, shopVariants } from "./shop.table.ts";

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

const product = (change: Record<string, unknown> = {}) => ({
  name: "Balance pad",
  description: "<p>Soft foam for <strong>balance</strong> training.</p>",
  categoryId: null,
  active: true,
  variants: [
    { sku: `PAD-S-${Math.random().toString(36).slice(2, 8)}`, name: "Small", priceCents: 2500, stock: 5 },
    { sku: `PAD-L-${Math.random().toString(36).slice(2, 8)}`, name: "Large", priceCents: 3500, stock: 3 },
  ],
  ...change,
});

async function clinicStore(change: Record<string, unknown> = {}): Promise<number> {
  const response = await r.send("clinic", "POST", "/api/shop/stores", {
    name: "Rehab shop",
    currency: "eur",
    address: "Calle Mayor 1, Madrid",
    taxRateBp: 2100,
    shippingCents: 490,
    open: true,
    ...change,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function addProduct(storeId: number, change: Record<string, unknown> = {}) {
  const response = await r.send("clinic", "POST", `/api/shop/stores/${storeId}/products`, product(change));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; variants: { id: number; sku: string; stock: number }[] };
}

const stockOf = async (variantId: number) =>
  (await t.db.select({ stock: shopVariants.stock }).from(shopVariants).where(eq(shopVariants.id, variantId)))[0]?.stock;

describe("stores and who manages them", () => {
  it("a clinic opens its own store; an administrator must name the clinic; a therapist or a patient may not; another clinic sees none of it", async () => {
    const storeId = await clinicStore();
    const stores = (await r.send("clinic", "GET", "/api/shop/stores")).json();
    expect(stores).toContainEqual(expect.objectContaining({ id: storeId, currency: "EUR", clinic: expect.objectContaining({ id: t.ids.clinic }) }));
    const admin = await r.send("admin", "POST", "/api/shop/stores", { name: "X", currency: "EUR", taxRateBp: 0, shippingCents: 0, open: true });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().clinicId).toBeDefined();
    expect((await r.send("therapist", "GET", "/api/shop/stores")).statusCode).toBe(403);
    expect((await r.send("patient", "GET", "/api/shop/stores")).statusCode).toBe(403);
    expect((await r.send("otherClinic", "GET", "/api/shop/stores")).json().map((store: { id: number }) => store.id)).not.toContain(storeId);
    const edit = await r.send("otherClinic", "PUT", `/api/shop/stores/${storeId}`, {
      name: "Mine now",
      currency: "EUR",
      taxRateBp: 0,
      shippingCents: 0,
      open: true,
    });
    expect(edit.statusCode).toBe(404);
  });

  it("bad store input is refused with field errors and writes nothing", async () => {
    const response = await r.send("clinic", "POST", "/api/shop/stores", { name: "", currency: "euro", taxRateBp: 10_001, shippingCents: -1, open: true });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(expect.arrayContaining(["currency", "name", "shippingCents", "taxRateBp"]));
  });

  it("with the module switched off every shop call answers 404", async () => {
    expect((await r.send("admin", "PUT", "/api/flags/virtual_shop", { enabled: false })).statusCode).toBe(200);
    try {
      expect((await r.send("clinic", "GET", "/api/shop/stores")).statusCode).toBe(404);
      expect((await r.send("patient", "GET", "/api/shop/storefront/stores")).statusCode).toBe(404);
    } finally {
      await r.send("admin", "PUT", "/api/flags/virtual_shop", { enabled: true });
    }
  });
});

describe("products, variants and inventory", () => {
  it("a product with two variants and an image; its SKUs are unique in the store; the opening stock is the first move", async () => {
    const storeId = await clinicStore();
    const upload = await postUpload(t, await t.loginAs("clinic"), imageForm("pad"));
    expect(upload.statusCode, upload.body).toBe(201);
    const created = await addProduct(storeId, { imageUploadIds: [upload.json().id] });
    expect(created).toMatchObject({ name: "Balance pad", images: [{ uploadId: upload.json().id }] });
    expect(created.variants.map((variant) => variant.stock)).toEqual([5, 3]);
    const clash = await r.send(
      "clinic",
      "POST",
      `/api/shop/stores/${storeId}/products`,
      product({ variants: [{ ...created.variants[0], id: undefined, priceCents: 100, stock: 1 }] }),
    );
    expect(clash.statusCode).toBe(400);
    expect(clash.json()["variants.0.sku"]).toBeDefined();
    const moves = (await r.send("clinic", "GET", `/api/shop/variants/${created.variants[0]?.id}/moves`)).json();
    expect(moves.data).toEqual([expect.objectContaining({ delta: 5, reason: "adjustment", by: expect.objectContaining({ id: t.ids.clinic }) })]);
    // A patient of the clinic can see the product's picture (the storefront shows it); another clinic's patient cannot.
    const patientCookie = await t.loginAs("patient");
    const picture = await t.app.inject({ method: "GET", url: `/api/uploads/${upload.json().id}`, headers: { cookie: patientCookie } });
    expect(picture.statusCode).toBe(200);
  });

  it("the manager's list finds products by the start of their words or by an exact SKU", async () => {
    const storeId = await clinicStore();
    const made = await addProduct(storeId, { name: "Wobble board" });
    await addProduct(storeId, { name: "Foam roller" });
    const found = async (q: string) =>
      (await r.send("clinic", "GET", `/api/shop/stores/${storeId}/products?q=${encodeURIComponent(q)}`)).json().data.map((row: { name: string }) => row.name);
    expect(await found("wob")).toEqual(["Wobble board"]);
    expect(await found("BOARD wobb")).toEqual(["Wobble board"]);
    expect(await found(made.variants[1]?.sku as string)).toEqual(["Wobble board"]);
    expect(await found("obble")).toEqual([]);
  });

  it("the manager's list filters by category and by active, each store its own under the same filters", async () => {
    const storeId = await clinicStore();
    const otherStore = await clinicStore({ name: "Second shop" });
    const category = (await r.send("clinic", "POST", `/api/shop/stores/${storeId}/categories`, { name: "Boards" })).json();
    await addProduct(storeId, { name: "Rocker board", categoryId: category.id });
    await addProduct(storeId, { name: "Old cushion", active: false });
    await addProduct(otherStore, { name: "Other cushion", active: false });
    const names = async (store: number, filters: string) =>
      (await r.send("clinic", "GET", `/api/shop/stores/${store}/products?${filters}`)).json().data.map((row: { name: string }) => row.name);
    expect(await names(storeId, `category=${category.id}`)).toEqual(["Rocker board"]);
    expect(await names(storeId, "active=false")).toEqual(["Old cushion"]);
    expect(await names(otherStore, "active=false")).toEqual(["Other cushion"]);
    expect(await names(storeId, "active=true")).toEqual(["Rocker board"]);
  });

  it("negative prices or stock, a category of another store, a variant of another product: 400 and nothing written", async () => {
    const storeId = await clinicStore();
    const otherStore = await clinicStore({ name: "Second shop" });
    const category = (await r.send("clinic", "POST", `/api/shop/stores/${otherStore}/categories`, { name: "Foam" })).json();
    const before = (await t.db.execute(sql`select count(*)::int as n from shop_products`)).rows[0]?.n;
    const bad = await r.send("clinic", "POST", `/api/shop/stores/${storeId}/products`, {
      ...product(),
      variants: [{ sku: "NEG-1", priceCents: -1, stock: -2 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ "variants.0.priceCents": [SHOP_MESSAGES.cents], "variants.0.stock": [SHOP_MESSAGES.stock] });
    const foreign = await r.send("clinic", "POST", `/api/shop/stores/${storeId}/products`, product({ categoryId: category.id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().categoryId).toBeDefined();
    expect((await t.db.execute(sql`select count(*)::int as n from shop_products`)).rows[0]?.n).toBe(before);
  });

  it("editing keeps the stock of kept variants (it moves only by counted adjustments), adds and removes variants", async () => {
    const storeId = await clinicStore();
    const created = await addProduct(storeId);
    const [small, large] = created.variants as unknown as [{ id: number; sku: string }, { id: number; sku: string }];
    const response = await r.send("clinic", "PUT", `/api/shop/products/${created.id}`, {
      ...product(),
      variants: [
        { id: small.id, sku: large.sku, name: "Small", priceCents: 2600, stock: 999 },
        { sku: `PAD-XL-${created.id}`, name: "Extra large", priceCents: 4000, stock: 2 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().variants).toEqual([
      expect.objectContaining({ id: small.id, sku: large.sku, priceCents: 2600, stock: 5 }),
      expect.objectContaining({ name: "Extra large", stock: 2 }),
    ]);
  });

  it("an adjustment below zero is a 409; one within is recorded with who and why; the low-stock list follows the threshold", async () => {
    const storeId = await clinicStore();
    const created = await addProduct(storeId);
    const variantId = created.variants[1]?.id as number;
    const below = await r.send("clinic", "POST", `/api/shop/variants/${variantId}/adjustments`, { delta: -4, note: "Broken" });
    expect(below.statusCode).toBe(409);
    const ok = await r.send("clinic", "POST", `/api/shop/variants/${variantId}/adjustments`, { delta: -2, note: "Two damaged in the store" });
    expect(ok.json()).toMatchObject({ variantId, stock: 1, low: false });
    const threshold = await r.send("clinic", "PUT", `/api/shop/variants/${variantId}/threshold`, { lowStockThreshold: 1 });
    expect(threshold.json()).toMatchObject({ low: true });
    const low = (await r.send("clinic", "GET", `/api/shop/stores/${storeId}/inventory?low=true`)).json();
    expect(low.data.map((row: { variantId: number }) => row.variantId)).toEqual([variantId]);
    expect((await r.send("otherClinic", "POST", `/api/shop/variants/${variantId}/adjustments`, { delta: 5, note: "x" })).statusCode).toBe(404);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "shop.stock.adjust"));
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });
});

describe("discounts and bundles", () => {
  it("a discount over 100 % or below zero, a code twice, a product of another store: 400", async () => {
    const storeId = await clinicStore();
    const other = await clinicStore({ name: "Other" });
    const foreign = await addProduct(other);
    const url = `/api/shop/stores/${storeId}/discounts`;
    expect((await r.send("clinic", "POST", url, { title: "Too much", code: "MUCH", kind: "percent", value: 10_001 })).statusCode).toBe(400);
    expect((await r.send("clinic", "POST", url, { title: "Less", code: "LESS", kind: "fixed", value: -5 })).statusCode).toBe(400);
    expect((await r.send("clinic", "POST", url, { title: "Ten", code: "TEN", kind: "percent", value: 1000 })).statusCode).toBe(201);
    const twice = await r.send("clinic", "POST", url, { title: "Ten again", code: "ten", kind: "percent", value: 500 });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBeDefined();
    const wrong = await r.send("clinic", "POST", url, { title: "Pads", code: "PADS", kind: "percent", value: 500, productIds: [foreign.id] });
    expect(wrong.json()).toEqual({ "productIds.0": ["Not of this store."] });
    expect((await r.send("therapist", "GET", url)).statusCode).toBe(403);
  });

  it("a bundle holding a variant of another store is refused; a bundle's stock follows its scarcest part", async () => {
    const storeId = await clinicStore();
    const other = await clinicStore({ name: "Other" });
    const mine = await addProduct(storeId);
    const theirs = await addProduct(other);
    const url = `/api/shop/stores/${storeId}/bundles`;
    const bad = await r.send("clinic", "POST", url, {
      name: "Kit",
      priceCents: 5000,
      active: true,
      items: [
        { variantId: mine.variants[0]?.id, quantity: 1 },
        { variantId: theirs.variants[0]?.id, quantity: 1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ "items.1.variantId": ["Not of this store."] });
    const kit = await r.send("clinic", "POST", url, {
      name: "Home kit",
      priceCents: 5000,
      active: true,
      items: [
        { variantId: mine.variants[0]?.id, quantity: 2 },
        { variantId: mine.variants[1]?.id, quantity: 1 },
      ],
    });
    expect(kit.statusCode, kit.body).toBe(201);
    // 5 small / 2 = 2, 3 large / 1 = 3.
    expect(kit.json()).toMatchObject({ stock: 2, partsCents: 2 * 2500 + 3500 });
    await r.send("clinic", "POST", `/api/shop/variants/${mine.variants[1]?.id}/adjustments`, { delta: -2, note: "Sold at the desk" });
    expect((await r.send("clinic", "GET", `/api/shop/bundles/${kit.json().id}`)).json().stock).toBe(1);
  });
});

/**
 * A therapist of the demo clinic (whose own group holds no shop permission) added to a custom
 * group granted exactly `permissions`, signed in: calls as that user.
 */
async function holderOf(permissions: Permission[]) {
  const made = await r.send("admin", "POST", "/api/groups/", { name: { en: `Shop ${uniqueSuffix()}`, es: `Tienda ${uniqueSuffix()}` } });
  expect(made.statusCode, made.body).toBe(201);
  const groupId = made.json().id as number;
  const granted = await r.send("admin", "PUT", `/api/groups/${groupId}/permissions`, { permissions });
  expect(granted.statusCode, granted.body).toBe(200);
  const user = await makeTherapist(t.db, t.ids.clinic);
  const joined = await r.send("admin", "POST", `/api/groups/${groupId}/members`, { userId: user.id });
  expect(joined.statusCode, joined.body).toBe(201);
  const cookie = await t.login(user.email, user.password);
  return (method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(method === "GET" ? {} : { origin: TEST_PUBLIC_URL }) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

describe("the pickers of discount and bundle managers without change_product", () => {
  it("a discount manager lists the store's products for the discount's picker and uses one, but writes no product and reads no stock", async () => {
    const storeId = await clinicStore();
    const board = await addProduct(storeId, { name: "Wobble board" });
    await addProduct(storeId, { name: "Foam roller" });
    const otherStore = (
      await r.send("otherClinic", "POST", "/api/shop/stores", { name: "Theirs", currency: "EUR", taxRateBp: 0, shippingCents: 0, open: true })
    ).json().id;
    const as = await holderOf(["add_orderdiscount", "change_orderdiscount", "delete_orderdiscount"]);

    // What the picker sends (DiscountTargets.tsx: productsPath, 20 rows, the typed text as `q`).
    const picked = await as("GET", `/api/shop/stores/${storeId}/products?rowsPerPage=20&q=wob`);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().data.map((row: { id: number }) => row.id)).toEqual([board.id]);
    const discount = await as("POST", `/api/shop/stores/${storeId}/discounts`, {
      title: "Boards",
      code: null,
      kind: "percent",
      value: 1000,
      productIds: [board.id],
    });
    expect(discount.statusCode, discount.body).toBe(201);
    expect(discount.json().products).toEqual([expect.objectContaining({ id: board.id })]);
    // The bundles' picker reads the store's bundles; making one stays the bundle managers'.
    expect((await as("GET", `/api/shop/stores/${storeId}/bundles`)).statusCode).toBe(200);
    const parts = { name: "Board and roller", priceCents: 1000, active: true, items: [{ variantId: board.variants[0]?.id, quantity: 1 }] };
    expect((await as("POST", `/api/shop/stores/${storeId}/bundles`, parts)).statusCode).toBe(403);

    // The products themselves stay change_product's; so do the stock and the store check.
    const before = (await t.db.execute(sql`select count(*)::int as n from shop_products where store_id = ${storeId}`)).rows[0]?.n;
    expect((await as("POST", `/api/shop/stores/${storeId}/products`, product())).statusCode).toBe(403);
    expect((await t.db.execute(sql`select count(*)::int as n from shop_products where store_id = ${storeId}`)).rows[0]?.n).toBe(before);
    expect((await as("GET", `/api/shop/products/${board.id}`)).statusCode).toBe(403);
    expect((await as("GET", `/api/shop/stores/${storeId}/inventory`)).statusCode).toBe(403);
    expect((await as("GET", `/api/shop/stores/${otherStore}/products`)).statusCode).toBe(404);
  });

  it("a bundle manager looks the store's variants up for the bundle's picker and bundles one, but writes no product and counts no stock", async () => {
    const storeId = await clinicStore();
    const made = await addProduct(storeId);
    const small = made.variants[0] as { id: number; sku: string };
    const otherStore = (
      await r.send("otherClinic", "POST", "/api/shop/stores", { name: "Theirs", currency: "EUR", taxRateBp: 0, shippingCents: 0, open: true })
    ).json().id;
    const as = await holderOf(["add_bundle", "change_bundle", "delete_bundle"]);

    // What the picker sends (BundleItems.tsx: inventoryPath, 20 rows, the typed text as `q`).
    const looked = await as("GET", `/api/shop/stores/${storeId}/inventory?rowsPerPage=20&q=${encodeURIComponent(small.sku)}`);
    expect(looked.statusCode, looked.body).toBe(200);
    expect(looked.json().data.map((row: { variantId: number }) => row.variantId)).toEqual([small.id]);
    const bundle = await as("POST", `/api/shop/stores/${storeId}/bundles`, {
      name: "Two pads",
      priceCents: 4500,
      active: true,
      items: [{ variantId: small.id, quantity: 2 }],
    });
    expect(bundle.statusCode, bundle.body).toBe(201);

    const before = (await t.db.execute(sql`select count(*)::int as n from shop_products where store_id = ${storeId}`)).rows[0]?.n;
    expect((await as("POST", `/api/shop/stores/${storeId}/products`, product())).statusCode).toBe(403);
    expect((await t.db.execute(sql`select count(*)::int as n from shop_products where store_id = ${storeId}`)).rows[0]?.n).toBe(before);
    expect((await as("POST", `/api/shop/variants/${small.id}/adjustments`, { delta: 5, note: "Delivery" })).statusCode).toBe(403);
    expect((await as("PUT", `/api/shop/variants/${small.id}/threshold`, { lowStockThreshold: 3 })).statusCode).toBe(403);
    expect(await stockOf(small.id)).toBe(5);
    expect((await as("GET", `/api/shop/variants/${small.id}/moves`)).statusCode).toBe(403);
    expect((await as("GET", `/api/shop/stores/${storeId}/products`)).statusCode).toBe(403);
    expect((await as("GET", `/api/shop/stores/${otherStore}/inventory`)).statusCode).toBe(404);
  });
});

describe("storefront, cart and checkout", () => {
  it("customers see the open stores of their own clinic only; off-sale products answer 404", async () => {
    const storeId = await clinicStore();
    const created = await addProduct(storeId);
    const hidden = await addProduct(storeId, { name: "Old band", active: false });
    const mine = (await r.send("patient", "GET", "/api/shop/storefront/stores")).json();
    expect(mine.map((store: { id: number }) => store.id)).toContain(storeId);
    expect((await r.send("otherPatient", "GET", "/api/shop/storefront/stores")).json().map((store: { id: number }) => store.id)).not.toContain(storeId);
    expect((await r.send("otherPatient", "GET", `/api/shop/storefront/stores/${storeId}/items`)).statusCode).toBe(404);
    const items = (await r.send("patient", "GET", `/api/shop/storefront/stores/${storeId}/items?q=balance`)).json();
    expect(items.data).toEqual([expect.objectContaining({ kind: "product", id: created.id, fromCents: 2500, inStock: true })]);
    expect((await r.send("patient", "GET", `/api/shop/storefront/products/${hidden.id}`)).statusCode).toBe(404);
    const line = await r.send("patient", "PUT", `/api/shop/cart/${storeId}/lines`, { variantId: hidden.variants[0]?.id, quantity: 1 });
    expect(line.statusCode).toBe(409);
    expect(line.json().detail).toBe(CART_MESSAGES.offSale);
  });

  it("a product whose variants are all off leaves the storefront, and comes back with one on (kept by the database)", async () => {
    const storeId = await clinicStore();
    const created = await addProduct(storeId, { name: "Ankle weights" });
    const listed = async () => (await r.send("patient", "GET", `/api/shop/storefront/stores/${storeId}/items?q=ankle`)).json().total;
    expect(await listed()).toBe(1);
    const off = created.variants.map((variant) => ({ ...variant, active: false }));
    expect((await r.send("clinic", "PUT", `/api/shop/products/${created.id}`, product({ name: "Ankle weights", variants: off }))).statusCode).toBe(200);
    expect(await listed()).toBe(0);
    expect((await r.send("patient", "GET", `/api/shop/storefront/products/${created.id}`)).statusCode).toBe(404);
    const on = off.map((variant, index) => ({ ...variant, active: index === 0 }));
    await r.send("clinic", "PUT", `/api/shop/products/${created.id}`, product({ name: "Ankle weights", variants: on }));
    expect(await listed()).toBe(1);
  });

  it("pages run bundles first, then products by name, across the page boundary", async () => {
    const storeId = await clinicStore();
    const names = ["Cushion", "Band", "Roller"];
    const made = [];
    for (const name of names) made.push(await addProduct(storeId, { name }));
    for (const name of ["Kit B", "Kit A"])
      await r.send("clinic", "POST", `/api/shop/stores/${storeId}/bundles`, {
        name,
        priceCents: 5000,
        active: true,
        items: [{ variantId: made[0]?.variants[0]?.id, quantity: 2 }],
      });
    const page = async (rows: number, number: number) =>
      (await r.send("patient", "GET", `/api/shop/storefront/stores/${storeId}/items?rowsPerPage=${rows}&page=${number}`)).json();
    const names3 = async (rows: number, number: number) => (await page(rows, number)).data.map((item: { name: string }) => item.name);
    expect(await names3(3, 1)).toEqual(["Kit A", "Kit B", "Band"]);
    expect(await names3(3, 2)).toEqual(["Cushion", "Roller"]);
    expect(await names3(2, 2)).toEqual(["Band", "Cushion"]);
    expect((await page(2, 3)).total).toBe(5);
    expect(await names3(2, 4)).toEqual([]);
    expect((await page(2, 4)).total).toBe(5);
  });

  it("the cart refuses more than the stock, an expired code and a client-sent total; checkout charges what the server computes", async () => {
    const storeId = await clinicStore();
    const created = await addProduct(storeId);
    const large = created.variants[1]?.id as number;
    const tooMany = await r.send("patient", "PUT", `/api/shop/cart/${storeId}/lines`, { variantId: large, quantity: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toBe("Only 3 left.");
    const cart = await r.send("patient", "PUT", `/api/shop/cart/${storeId}/lines`, { variantId: large, quantity: 2 });
    expect(cart.json()).toMatchObject({ subtotalCents: 7000, taxCents: 1470, shippingCents: 490, totalCents: 8960 });
    const discounts = `/api/shop/stores/${storeId}/discounts`;
    await r.send("clinic", "POST", discounts, { title: "Old", code: "OLD10", kind: "percent", value: 1000, endsAt: "2026-01-01T00:00:00Z" });
    await r.send("clinic", "POST", discounts, { title: "Five off", code: "FIVE", kind: "fixed", value: 500 });
    const expired = await r.send("patient", "PUT", `/api/shop/cart/${storeId}/code`, { code: "old10" });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ code: [CART_MESSAGES.ended] });
    expect((await r.send("patient", "PUT", `/api/shop/cart/${storeId}/code`, { code: "NOPE" })).json()).toEqual({ code: [CART_MESSAGES.codeUnknown] });
    const coded = await r.send("patient", "PUT", `/api/shop/cart/${storeId}/code`, { code: "five" });
    expect(coded.json()).toMatchObject({ code: "FIVE", discountCents: 500, totalCents: 6500 + 1365 + 490 });
    const sneaky = await r.send("patient", "POST", `/api/shop/cart/${storeId}/checkout`, { provider: "manual", fulfilment: "collect", totalCents: 1 });
    expect(sneaky.statusCode).toBe(400);
    const placed = await r.send("patient", "POST", `/api/shop/cart/${storeId}/checkout`, { provider: "manual", fulfilment: "collect" });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect(order).toMatchObject({ state: "pending", subtotalCents: 7000, discountCents: 500, taxCents: 1365, shippingCents: 0, totalCents: 7865 });
    expect(order.applied).toEqual([expect.objectContaining({ code: "FIVE", amountCents: 500 })]);
    expect(await stockOf(large)).toBe(1);
    expect((await r.send("patient", "GET", `/api/shop/cart/${storeId}`)).json().lines).toEqual([]);
    const [mail] = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, "shop.placed"), eq(mailMessages.userId, t.ids.patient)));
    expect(mail?.subject).toContain(order.number);
    expect((await r.send("otherPatient", "GET", `/api/shop/orders/mine/${order.id}`)).statusCode).toBe(404);
    expect((await r.send("otherClinic", "GET", `/api/shop/orders/${order.id}`)).statusCode).toBe(404);
  });

  it("a manager marks the order paid then fulfilled; each step is emailed and audited, and the customer sees it; refunds stop at the total", async () => {
    const storeId = await clinicStore();
    const created = await addProduct(storeId);
    await r.send("patient", "PUT", `/api/shop/cart/${storeId}/lines`, { variantId: created.variants[0]?.id, quantity: 2 });
    const order = (
      await r.send("patient", "POST", `/api/shop/cart/${storeId}/checkout`, { provider: "manual", fulfilment: "ship", address: "Calle Luna 3" })
    ).json().order;
    expect((await r.send("clinic", "POST", `/api/shop/orders/${order.id}/fulfil`, { note: "" })).statusCode).toBe(409);
    expect((await r.send("clinic", "POST", `/api/shop/orders/${order.id}/pay`, { note: "Transfer seen" })).json().state).toBe("paid");
    expect((await r.send("clinic", "POST", `/api/shop/orders/${order.id}/pay`, { note: "" })).statusCode).toBe(409);
    expect((await r.send("clinic", "POST", `/api/shop/orders/${order.id}/fulfil`, { note: "Sent by post" })).json().state).toBe("fulfilled");
    const seen = (await r.send("patient", "GET", `/api/shop/orders/mine/${order.id}`)).json();
    expect(seen.state).toBe("fulfilled");
    expect(seen.events.map((event: { state: string }) => event.state)).toEqual(["pending", "paid", "fulfilled"]);
    const kinds = (await t.db.select({ kind: mailMessages.kind }).from(mailMessages).where(eq(mailMessages.userId, t.ids.patient))).map((row) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(["shop.paid", "shop.fulfilled"]));
    const over = await r.send("clinic", "POST", `/api/shop/orders/${order.id}/refund`, { amountCents: order.totalCents + 1, reason: "Too much" });
    expect(over.statusCode).toBe(400);
    const part = await r.send("clinic", "POST", `/api/shop/orders/${order.id}/refund`, { amountCents: 1000, reason: "One pad returned", restock: true });
    // A partial refund leaves the order as it was; only a full one makes it refunded.
    expect(part.json()).toMatchObject({ state: "fulfilled", refundedCents: 1000 });
    expect(await stockOf(created.variants[0]?.id as number)).toBe(5);
    const rest = await r.send("clinic", "POST", `/api/shop/orders/${order.id}/refund`, { amountCents: order.totalCents - 1000, reason: "The rest" });
    expect(rest.json()).toMatchObject({ state: "refunded", refundedCents: order.totalCents });
    expect((await r.send("clinic", "POST", `/api/shop/orders/${order.id}/refund`, { amountCents: 1, reason: "More" })).statusCode).toBe(409);
    const actions = (await t.db.select({ action: auditEvents.action }).from(auditEvents)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["shop.order.checkout", "shop.order.pay", "shop.order.fulfil", "shop.order.refund"]));
    const pdf = await r.send("clinic", "GET", `/api/shop/orders/${order.id}/packing-slip`);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const list = (await r.send("clinic", "GET", `/api/shop/stores/${storeId}/orders?state=refunded&q=${order.number}`)).json();
    expect(list.data.map((row: { id: number }) => row.id)).toEqual([order.id]);
  });
});

describe("stock that holds", () => {
  it("50 concurrent checkouts for the last 10 units end with exactly 10 orders and stock 0", async () => {
    const storeId = await clinicStore();
    const created = await addProduct(storeId, { variants: [{ sku: "LAST-10", name: "", priceCents: 1000, stock: 10 }] });
    const variantId = created.variants[0]?.id as number;
    const buyers = await Promise.all(Array.from({ length: 50 }, () => makePatient(t.db, t.ids.clinic)));
    const actors = await Promise.all(buyers.map(async (buyer) => (await loadActor(t.db, buyer.id)) as NonNullable<Awaited<ReturnType<typeof loadActor>>>));
    for (const actor of actors) await setCartLine(t.db, actor, storeId, { variantId, quantity: 1 });
    const outcomes = await Promise.allSettled(
      actors.map((actor) => checkout(deps, actor, storeId, { provider: "manual", fulfilment: "collect", address: "", note: "" })),
    );
    const reasons = outcomes.flatMap((outcome) =>
      outcome.status === "rejected" ? [String((outcome.reason as { cause?: Error }).cause?.message ?? (outcome.reason as Error).message).slice(0, 200)] : [],
    );
    // Every refusal is the clear 409 (no deadlock, no pool timeout), naming what ran out.
    expect([...new Set(reasons)]).toEqual([ORDER_MESSAGES.outOfStock.replace("{names}", "Balance pad")]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(10);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect(refused.map((outcome) => (outcome.reason as { statusCode?: number }).statusCode)).toEqual(Array(40).fill(409));
    expect(await stockOf(variantId)).toBe(0);
    const orders = await t.db.execute(sql`select count(*)::int as n from shop_order_lines where variant_id = ${variantId}`);
    expect(orders.rows[0]?.n).toBe(10);
  });

  it("a code with one use left goes to one of five buyers at once", async () => {
    const storeId = await clinicStore();
    const created = await addProduct(storeId, { variants: [{ sku: "ONE-USE", name: "", priceCents: 1000, stock: 50 }] });
    await r.send("clinic", "POST", `/api/shop/stores/${storeId}/discounts`, { title: "Lucky", code: "LUCKY", kind: "percent", value: 5000, usageLimit: 1 });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => makePatient(t.db, t.ids.clinic)));
    const actors = await Promise.all(buyers.map(async (buyer) => (await loadActor(t.db, buyer.id)) as NonNullable<Awaited<ReturnType<typeof loadActor>>>));
    for (const actor of actors) {
      await setCartLine(t.db, actor, storeId, { variantId: created.variants[0]?.id as number, quantity: 1 });
      await setCartCode(t.db, actor, storeId, "LUCKY");
    }
    const outcomes = await Promise.allSettled(
      actors.map((actor) => checkout(deps, actor, storeId, { provider: "manual", fulfilment: "collect", address: "", note: "" })),
    );
    const placed = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(placed).toHaveLength(1);
    const used = await t.db.execute(
      sql`select count(*)::int as n from shop_order_discounts od join shop_discounts d on d.id = od.discount_id where d.code = 'LUCKY'`,
    );
    expect(used.rows[0]?.n).toBe(1);
  });

  it("an expired pending order returns its stock exactly once, however many times its expiry runs", async () => {
    const storeId = await clinicStore();
    const created = await addProduct(storeId);
    const bundle = (
      await r.send("clinic", "POST", `/api/shop/stores/${storeId}/bundles`, {
        name: "Pair",
        priceCents: 5000,
        active: true,
        items: [
          { variantId: created.variants[0]?.id, quantity: 1 },
          { variantId: created.variants[1]?.id, quantity: 1 },
        ],
      })
    ).json();
    await r.send("patient", "PUT", `/api/shop/cart/${storeId}/lines`, { bundleId: bundle.id, quantity: 2 });
    const order = (await r.send("patient", "POST", `/api/shop/cart/${storeId}/checkout`, { provider: "manual", fulfilment: "collect" })).json().order;
    expect([await stockOf(created.variants[0]?.id as number), await stockOf(created.variants[1]?.id as number)]).toEqual([3, 1]);
    // Not due yet: nothing happens.
    expect(await expireOrder(deps, order.id)).toBe(false);
    await t.db
      .update(shopOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shopOrders.id, order.id));
    // Two nodes, the sweep and the order's own job all at once, then once more as after a restart.
    const runs = await Promise.all([
      expireOrder(deps, order.id),
      expireOrder(deps, order.id),
      t.app.jobs.send(SWEEP_QUEUE, {}).then(() => t.app.jobs.drain(SWEEP_QUEUE)),
    ]);
    expect(runs.filter((run) => run === true).length).toBeLessThanOrEqual(1);
    await t.app.jobs.drain(EXPIRE_QUEUE);
    expect(await expireOrder(deps, order.id)).toBe(false);
    expect([await stockOf(created.variants[0]?.id as number), await stockOf(created.variants[1]?.id as number)]).toEqual([5, 3]);
    const released = await t.db
      .select()
      .from(shopStockMoves)
      .where(and(eq(shopStockMoves.orderId, order.id), eq(shopStockMoves.reason, "released")));
    expect(released).toHaveLength(2);
    const seen = (await r.send("patient", "GET", `/api/shop/orders/mine/${order.id}`)).json();
    expect(seen.state).toBe("cancelled");
  });
});

describe("round trips", () => {
  it("the storefront's page of items is one statement beyond the store check; the cart a handful", async () => {
    const storeId = await clinicStore();
    await addProduct(storeId);
    const pool = t.database.pool;
    // Beyond the caller's identity (and the module switches, read once in a while per process):
    const items = await statementsBeyondIdentity(pool, () => r.send("patient", "GET", `/api/shop/storefront/stores/${storeId}/items?q=pad`));
    // the store's scope, the page;
    expect(items.own.length, describeStatements(items.statements)).toBeLessThanOrEqual(2);
    const cart = await statementsBeyondIdentity(pool, () => r.send("patient", "GET", `/api/shop/cart/${storeId}`));
    // the store as its customer sees it, the cart with its lines, the discounts.
    expect(cart.own.length, describeStatements(cart.statements)).toBeLessThanOrEqual(3);
  });

  it("a variant's stock history names each order by its number, with no statement more", async () => {
    const storeId = await clinicStore();
    const created = await addProduct(storeId);
    const variantId = created.variants[0]?.id as number;
    await r.send("patient", "PUT", `/api/shop/cart/${storeId}/lines`, { variantId, quantity: 1 });
    const placed = await r.send("patient", "POST", `/api/shop/cart/${storeId}/checkout`, { provider: "manual", fulfilment: "collect" });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: number; number: string };
    const moves = await statementsBeyondIdentity(t.database.pool, () => r.send("clinic", "GET", `/api/shop/variants/${variantId}/moves`));
    // The number the order screens and the customer's emails show, newest first; the opening stock has none.
    expect(order.number).toMatch(/^SO-\d{6,}$/);
    expect(moves.body.data).toEqual([
      expect.objectContaining({ reason: "reserved", delta: -1, orderId: order.id, orderNumber: order.number }),
      expect.objectContaining({ reason: "adjustment", delta: 5, orderId: null, orderNumber: null }),
    ]);
    // the variant's store check, the page.
    expect(moves.own.length, describeStatements(moves.statements)).toBeLessThanOrEqual(2);
  });
});
