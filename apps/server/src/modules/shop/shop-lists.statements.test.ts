import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";

/**
 * Round trips of the shop's management lists (issue 34): a page of products or orders is one
 * statement, the store's scope checked inside it; only an empty page asks about the store again
 * (to answer 404 for another clinic's). They are not kept answers: stock and orders change with
 * every checkout, and a version row for those tables would make every checkout wait for the
 * others' commits. The stores and the categories read no such table: they are kept answers.
 */
let t: TestApp;
let r: RoleCalls;
let storeId: number;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,virtual_shop" } });
  r = await signInRoles(t);
  const store = await r.send("clinic", "POST", "/api/shop/stores", {
    name: "Rehab shop",
    currency: "eur",
    address: "Calle Mayor 1, Madrid",
    taxRateBp: 2100,
    shippingCents: 490,
    open: true,
  });
  expect(store.statusCode, store.body).toBe(201);
  storeId = store.json().id;
  expect((await r.send("clinic", "POST", `/api/shop/stores/${storeId}/categories`, { name: "Balance" })).statusCode).toBe(201);
  for (const name of ["Balance pad", "Foam roller", "Wobble board"]) {
    const sku = `${name.slice(0, 3).toUpperCase()}-${Math.random().toString(36).slice(2, 8)}`;
    const made = await r.send("clinic", "POST", `/api/shop/stores/${storeId}/products`, {
      name,
      description: "<p>For balance training.</p>",
      categoryId: null,
      active: true,
      variants: [{ sku, name: "One size", priceCents: 2500, stock: 5 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    await r.send("patient", "PUT", `/api/shop/cart/${storeId}/lines`, { variantId: made.json().variants[0].id, quantity: 1 });
    const placed = await r.send("patient", "POST", `/api/shop/cart/${storeId}/checkout`, { provider: "manual", fulfilment: "collect" });
    expect(placed.statusCode, placed.body).toBe(201);
  }
});
afterAll(async () => t?.close());

describe("the shop's management lists", () => {
  it.each([
    ["clinic", "/api/shop/stores/{store}/products?rowsPerPage=10", 3],
    ["clinic", "/api/shop/stores/{store}/products?rowsPerPage=10&q=pad", 1],
    ["admin", "/api/shop/stores/{store}/products?rowsPerPage=10", 3],
    ["clinic", "/api/shop/stores/{store}/orders?rowsPerPage=10", 3],
    ["admin", "/api/shop/stores/{store}/orders?rowsPerPage=10&state=pending", 3],
    ["clinic", "/api/shop/stores/{store}/inventory?rowsPerPage=10", 3],
  ] as [Who, string, number][])("as %s, GET %s reads its page in one statement", async (who, template, total) => {
    const url = template.replace("{store}", String(storeId));
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", url));
      expect(seen.own.length, describeStatements(seen.statements)).toBe(1);
      expect(seen.body.total).toBe(total);
    }
  });

  it.each([
    ["clinic", "/api/shop/stores"],
    ["admin", "/api/shop/stores"],
    ["clinic", "/api/shop/stores/{store}/categories"],
  ] as [Who, string][])("as %s, GET %s reads one statement, then keeps the answer until the shop's tables change", async (who, template) => {
    const url = template.replace("{store}", String(storeId));
    const first = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", url));
    expect(first.own.length, describeStatements(first.statements)).toBe(1);
    const again = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", url));
    expect(again.own, describeStatements(again.statements)).toEqual([]);
    expect(again.body).toEqual(first.body);
  });

  it("reads the store's discounts and bundles in one statement each", async () => {
    const products = (await r.send("clinic", "GET", `/api/shop/stores/${storeId}/inventory?rowsPerPage=10`)).json().data as { variantId: number }[];
    const discount = await r.send("clinic", "POST", `/api/shop/stores/${storeId}/discounts`, {
      title: "Spring",
      code: "SPRING",
      kind: "percent",
      value: 1000,
    });
    expect(discount.statusCode, discount.body).toBe(201);
    const bundle = await r.send("clinic", "POST", `/api/shop/stores/${storeId}/bundles`, {
      name: "Starter kit",
      description: "",
      priceCents: 4000,
      active: true,
      items: products.slice(0, 2).map((row) => ({ variantId: row.variantId, quantity: 1 })),
    });
    expect(bundle.statusCode, bundle.body).toBe(201);
    for (const list of ["discounts", "bundles"]) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send("clinic", "GET", `/api/shop/stores/${storeId}/${list}`));
      expect(seen.own.length, describeStatements(seen.statements)).toBe(1);
      expect(seen.body).toHaveLength(1);
      expect((await r.send("otherClinic", "GET", `/api/shop/stores/${storeId}/${list}`)).statusCode).toBe(404);
    }
  });

  it("reads the categories anew once one is added", async () => {
    const url = `/api/shop/stores/${storeId}/categories`;
    await r.send("clinic", "GET", url);
    expect((await r.send("clinic", "POST", url, { name: "Rollers", position: 1 })).statusCode).toBe(201);
    const after = await statementsBeyondIdentity(t.database.pool, () => r.send("clinic", "GET", url));
    expect(after.own.length, describeStatements(after.statements)).toBe(1);
    expect(after.body.map((category: { name: string }) => category.name)).toContain("Rollers");
  });

  it("still answers 404 to another clinic, and an empty page to the store's own staff", async () => {
    expect((await r.send("otherClinic", "GET", `/api/shop/stores/${storeId}/products`)).statusCode).toBe(404);
    expect((await r.send("otherClinic", "GET", `/api/shop/stores/${storeId}/orders`)).statusCode).toBe(404);
    expect((await r.send("otherClinic", "GET", `/api/shop/stores/${storeId}/categories`)).statusCode).toBe(404);
    const none = await r.send("clinic", "GET", `/api/shop/stores/${storeId}/orders?state=refunded`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ data: [], total: 0 });
  });
});
