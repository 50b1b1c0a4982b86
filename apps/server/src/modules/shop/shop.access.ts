import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { userImportProgress } from "../people/import.table.ts";
import type { AccessTable, Expected, MatrixFixtures, MatrixRole, SignedInRole } from "../../guardrails/access-matrix.ts";

/**
 * The shop's cells. Management needs the shop's permissions, which the clinic group holds and
 * therapists and patients do not (403); the demo clinic's rows are its own and admins'. Buying
 * is for anyone signed in at the stores of their own clinic: the second clinic's people get 404.
 */

/** The demo clinic and admins; 403 to everyone else signed in. */
const managers = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: 403,
  otherTherapist: 403,
  clinic: status,
  admin: status,
});
/** The demo clinic's people (the demo patient and therapist, the clinic itself) and admins; 404 to the second clinic's. */
const customers = (status: number): Expected => ({
  anonymous: 401,
  patient: status,
  otherPatient: 404,
  therapist: status,
  otherTherapist: 404,
  clinic: status,
  admin: status,
});
/** The demo patient's own order: theirs alone (404 to anyone else, managers included: they use the manager's calls). */
const ownerOnly = (status: number): Expected => ({ ...customers(404), patient: status });

const store = {
  name: "Matrix shop",
  currency: "EUR",
  address: "Calle Mayor 1",
  taxRateBp: 2100,
  shippingCents: 500,
  open: true,
};
const product = (fx: MatrixFixtures) => ({
  name: fx.unique("Foam roller"),
  description: "<p>Firm foam.</p>",
  categoryId: null,
  active: true,
  variants: [{ sku: fx.unique("ROLL"), name: "Blue", priceCents: 1999, stock: 1000 }],
});

interface DemoShop {
  storeId: number;
  productId: number;
  variantId: number;
}

/** A store of the demo clinic with one product of ample stock (each call makes its own, so cells never share a cart or an order). */
async function demoShop(fx: MatrixFixtures): Promise<DemoShop> {
  const { id: storeId } = await fx.api<{ id: number }>("clinic", "POST", "/api/shop/stores", { ...store, name: fx.unique("Matrix shop") });
  const made = await fx.api<{ id: number; variants: { id: number }[] }>("clinic", "POST", `/api/shop/stores/${storeId}/products`, product(fx));
  return { storeId, productId: made.id, variantId: made.variants[0]?.id as number };
}

/** One shop for the read-only cells of the run. */
const shared = new WeakMap<MatrixFixtures, Promise<DemoShop>>();
const readShop = (fx: MatrixFixtures) => {
  let found = shared.get(fx);
  if (!found) {
    found = demoShop(fx);
    shared.set(fx, found);
  }
  return found;
};

/** An order of the demo patient at a demo store, in `state`, written directly (a cell's own). */
async function demoOrder(fx: MatrixFixtures, state: "pending" | "paid" | "fulfilled"): Promise<number> {
  const shop = await demoShop(fx);
  const result = await fx.db.execute<{ id: number }>(sql`
    insert into shop_orders (store_id, customer_id, state, fulfilment, provider, currency, subtotal_cents, discount_cents, tax_cents, shipping_cents,
      total_cents, expires_at, paid_at)
    values (${shop.storeId}, ${fx.ids.patient}, ${state}, 'collect', 'manual', 'EUR', 1999, 0, 420, 0, 2419, now() + interval '1 day',
      ${state === "pending" ? null : new Date()})
    returning id`);
  const id = Number(result.rows[0]?.id);
  await fx.db.execute(sql`
    insert into shop_order_lines (order_id, variant_id, product_id, name, sku, unit_cents, quantity, amount_cents, discount_cents, net_cents)
    values (${id}, ${shop.variantId}, ${shop.productId}, 'Foam roller', 'ROLL', 1999, 1, 1999, 0, 1999)`);
  return id;
}

/** A bundle of two of the shared shop's variant (a cell's own). */
const pair = (variantId: number) => ({ name: "Pair", priceCents: 3500, active: true, items: [{ variantId, quantity: 2 }] });
async function demoBundle(fx: MatrixFixtures): Promise<number> {
  const shop = await readShop(fx);
  return (await fx.api<{ id: number }>("clinic", "POST", `/api/shop/stores/${shop.storeId}/bundles`, pair(shop.variantId))).id;
}

const isCustomer = (role: MatrixRole): role is SignedInRole => role === "patient" || role === "therapist" || role === "clinic" || role === "admin";

const storeParam = async (fx: MatrixFixtures) => ({ params: { storeId: (await readShop(fx)).storeId } });

export const shopAccess: AccessTable = {
  // ---------------------------------------------------------------- management
  "GET /api/shop/stores": { expect: managers(200) },
  "POST /api/shop/stores": { expect: managers(201), request: (fx, role) => ({ body: { ...store, ...(role === "admin" ? { clinicId: fx.ids.clinic } : {}) } }) },
  "PUT /api/shop/stores/:id": {
    expect: managers(200),
    request: async (fx) => ({ params: { id: (await demoShop(fx)).storeId }, body: { ...store, name: "Renamed" } }),
  },
  "GET /api/shop/stores/:storeId/categories": { expect: managers(200), request: storeParam },
  "POST /api/shop/stores/:storeId/categories": {
    expect: managers(201),
    request: async (fx) => ({ ...(await storeParam(fx)), body: { name: fx.unique("Balance") } }),
  },
  "PUT /api/shop/categories/:id": {
    expect: managers(200),
    request: async (fx) => {
      const { storeId } = await readShop(fx);
      const made = await fx.api<{ id: number }>("clinic", "POST", `/api/shop/stores/${storeId}/categories`, { name: fx.unique("Bands") });
      return { params: { id: made.id }, body: { name: fx.unique("Bands") } };
    },
  },
  "DELETE /api/shop/categories/:id": {
    expect: managers(204),
    request: async (fx) => {
      const { storeId } = await readShop(fx);
      return { params: { id: (await fx.api<{ id: number }>("clinic", "POST", `/api/shop/stores/${storeId}/categories`, { name: fx.unique("Old") })).id } };
    },
  },
  "GET /api/shop/stores/:storeId/products": {
    // change_product or any discount right (it is the discount dialog's product picker); the clinic holds both,
    // therapists and patients neither. A discount manager without change_product: shop.routes.test.ts.
    expect: managers(200),
    request: storeParam,
  },
  "POST /api/shop/stores/:storeId/products": { expect: managers(201), request: async (fx) => ({ ...(await storeParam(fx)), body: product(fx) }) },
  "GET /api/shop/products/:id": { expect: managers(200), request: async (fx) => ({ params: { id: (await readShop(fx)).productId } }) },
  "PUT /api/shop/products/:id": {
    expect: managers(200),
    request: async (fx) => {
      const shop = await demoShop(fx);
      return {
        params: { id: shop.productId },
        body: { ...product(fx), variants: [{ id: shop.variantId, sku: fx.unique("ROLL"), priceCents: 2100, stock: 0 }] },
      };
    },
  },
  "DELETE /api/shop/products/:id": { expect: managers(204), request: async (fx) => ({ params: { id: (await demoShop(fx)).productId } }) },
  "GET /api/shop/stores/:storeId/inventory": {
    // change_product or any bundle right (it is the bundle dialog's variant picker); the clinic holds both,
    // therapists and patients neither. A bundle manager without change_product: shop.routes.test.ts.
    expect: managers(200),
    request: storeParam,
  },
  "POST /api/shop/variants/:id/adjustments": {
    expect: managers(200),
    request: async (fx) => ({ params: { id: (await readShop(fx)).variantId }, body: { delta: 1, note: "Delivery" } }),
  },
  "PUT /api/shop/variants/:id/threshold": {
    expect: managers(200),
    request: async (fx) => ({ params: { id: (await readShop(fx)).variantId }, body: { lowStockThreshold: 3 } }),
  },
  "GET /api/shop/variants/:id/moves": { expect: managers(200), request: async (fx) => ({ params: { id: (await readShop(fx)).variantId } }) },
  "GET /api/shop/stores/:storeId/discounts": { expect: managers(200), request: storeParam },
  "POST /api/shop/stores/:storeId/discounts": {
    expect: managers(201),
    request: async (fx) => ({ ...(await storeParam(fx)), body: { title: "Spring", code: fx.unique("SPRING").toUpperCase(), kind: "percent", value: 1000 } }),
  },
  "PUT /api/shop/discounts/:id": {
    expect: managers(200),
    request: async (fx) => {
      const { storeId } = await readShop(fx);
      const made = await fx.api<{ id: number }>("clinic", "POST", `/api/shop/stores/${storeId}/discounts`, {
        title: "Auto",
        code: null,
        kind: "fixed",
        value: 100,
      });
      return { params: { id: made.id }, body: { title: "Auto", code: null, kind: "fixed", value: 200, active: false } };
    },
  },
  "DELETE /api/shop/discounts/:id": {
    expect: managers(204),
    request: async (fx) => {
      const { storeId } = await readShop(fx);
      const made = await fx.api<{ id: number }>("clinic", "POST", `/api/shop/stores/${storeId}/discounts`, {
        title: "Gone",
        code: null,
        kind: "fixed",
        value: 100,
        active: false,
      });
      return { params: { id: made.id } };
    },
  },
  // Discount managers read it too (their bundles picker): shop.routes.test.ts.
  "GET /api/shop/stores/:storeId/bundles": { expect: managers(200), request: storeParam },
  "POST /api/shop/stores/:storeId/bundles": {
    expect: managers(201),
    request: async (fx) => {
      const shop = await readShop(fx);
      return { params: { storeId: shop.storeId }, body: pair(shop.variantId) };
    },
  },
  "GET /api/shop/bundles/:id": {
    expect: managers(200),
    request: async (fx) => ({ params: { id: await demoBundle(fx) } }),
  },
  "PUT /api/shop/bundles/:id": {
    expect: managers(200),
    request: async (fx) => {
      const shop = await readShop(fx);
      return { params: { id: await demoBundle(fx) }, body: { ...pair(shop.variantId), priceCents: 3000 } };
    },
  },
  "DELETE /api/shop/bundles/:id": {
    expect: managers(204),
    request: async (fx) => ({ params: { id: await demoBundle(fx) } }),
  },

  "GET /api/shop/stores/:storeId/products/export": { expect: managers(200), request: async (fx) => ({ ...(await storeParam(fx)), query: { format: "csv" } }) },
  "POST /api/shop/stores/:storeId/products/import": {
    expect: managers(201),
    request: async (fx) => ({
      params: { storeId: (await demoShop(fx)).storeId },
      multipart: [{ name: "file", value: `Product,SKU,Price,Stock\nBand,${fx.unique("BAND")},9.90,5\n`, filename: "products.csv", type: "text/csv" }],
    }),
  },
  "GET /api/shop/imports/:id/progress": {
    // The caller's own import's progress (made for the cell).
    expect: managers(200),
    request: async (fx, role) => {
      const id = randomUUID();
      const actorId = role === "anonymous" ? fx.ids.clinic : fx.accountOf(role).id;
      await fx.db.insert(userImportProgress).values({ id, actorId, phase: "writing", done: 1, total: 2 });
      return { params: { id } };
    },
  },

  // ---------------------------------------------------------------- orders (managers)
  "GET /api/shop/stores/:storeId/orders": { expect: managers(200), request: storeParam },
  "GET /api/shop/orders/:id": { expect: managers(200), request: async (fx) => ({ params: { id: await demoOrder(fx, "pending") } }) },
  "POST /api/shop/orders/:id/pay": { expect: managers(200), request: async (fx) => ({ params: { id: await demoOrder(fx, "pending") }, body: { note: "" } }) },
  "POST /api/shop/orders/:id/fulfil": { expect: managers(200), request: async (fx) => ({ params: { id: await demoOrder(fx, "paid") }, body: { note: "" } }) },
  "POST /api/shop/orders/:id/cancel": {
    expect: managers(200),
    request: async (fx) => ({ params: { id: await demoOrder(fx, "pending") }, body: { note: "" } }),
  },
  "POST /api/shop/orders/:id/refund": {
    expect: managers(200),
    request: async (fx) => ({ params: { id: await demoOrder(fx, "fulfilled") }, body: { amountCents: 500, reason: "Returned" } }),
  },
  "GET /api/shop/orders/:id/packing-slip": { expect: managers(200), request: async (fx) => ({ params: { id: await demoOrder(fx, "paid") } }) },

  // ---------------------------------------------------------------- storefront, cart, checkout
  // The list is the caller's own: the second clinic's people get theirs (empty of the demo store).
  "GET /api/shop/storefront/stores": { expect: { ...customers(200), otherPatient: 200, otherTherapist: 200 } },
  "GET /api/shop/storefront/stores/:storeId/categories": { expect: customers(200), request: storeParam },
  "GET /api/shop/storefront/stores/:storeId/items": { expect: customers(200), request: storeParam },
  "GET /api/shop/storefront/products/:id": { expect: customers(200), request: async (fx) => ({ params: { id: (await readShop(fx)).productId } }) },
  "GET /api/shop/storefront/bundles/:id": {
    expect: customers(200),
    request: async (fx) => ({ params: { id: await demoBundle(fx) } }),
  },
  "GET /api/shop/cart/:storeId": { expect: customers(200), request: storeParam },
  "PUT /api/shop/cart/:storeId/lines": {
    expect: customers(200),
    request: async (fx) => {
      const shop = await demoShop(fx);
      return { params: { storeId: shop.storeId }, body: { variantId: shop.variantId, quantity: 1 } };
    },
  },
  "PUT /api/shop/cart/:storeId/code": {
    expect: customers(200),
    request: async (fx) => ({ params: { storeId: (await demoShop(fx)).storeId }, body: { code: null } }),
  },
  "POST /api/shop/cart/:storeId/checkout": {
    expect: customers(201),
    request: async (fx, role) => {
      const shop = await demoShop(fx);
      // Someone who may buy here puts something in their cart first; the others are refused before any cart is read.
      if (isCustomer(role)) await fx.api(role, "PUT", `/api/shop/cart/${shop.storeId}/lines`, { variantId: shop.variantId, quantity: 1 });
      return { params: { storeId: shop.storeId }, body: { provider: "manual", fulfilment: "collect" } };
    },
  },
  "GET /api/shop/orders/mine": { expect: { ...customers(200), otherPatient: 200, otherTherapist: 200 } },
  "GET /api/shop/orders/mine/:id": { expect: ownerOnly(200), request: async (fx) => ({ params: { id: await demoOrder(fx, "pending") } }) },
  "POST /api/shop/orders/mine/:id/cancel": { expect: ownerOnly(200), request: async (fx) => ({ params: { id: await demoOrder(fx, "pending") } }) },
};
