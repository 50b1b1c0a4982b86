import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { type SignedEvent, type StripeFake, startStripeFake } from "../../../test/stripe-fake.ts";
import { shopOrders } from "./shop.table.ts";

/**
 * The shop pays by card through the same Stripe provider and webhook as billing (issue 20.2):
 * the events of a shop order are told apart by the session's metadata and applied to it, not
 * to the membership order of the same number.
 */

const SECRET_KEY = "sk_test_shop_routes";
const WEBHOOK_SECRET = "whsec_shop_routes_secret";

let t: TestApp;
let fake: StripeFake;
let patient: string;
let clinic: string;

beforeAll(async () => {
  fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    env: {
      FEATURE_FLAGS: "clinic,virtual_shop",
      PAYMENT_PROVIDER: "manual,stripe",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
  });
  patient = await t.loginAs("patient");
  clinic = await t.loginAs("clinic");
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const call = (cookie: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, ...(method === "GET" ? {} : { origin: TEST_PUBLIC_URL }) }, ...(payload ? { payload } : {}) });
const deliver = (event: SignedEvent) =>
  t.app.inject({
    method: "POST",
    url: "/api/billing/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    payload: event.body,
  });

async function cardOrder() {
  const [store] = (await call(patient, "GET", "/api/shop/storefront/stores")).json();
  const items = (await call(patient, "GET", `/api/shop/storefront/stores/${store.id}/items?q=foam`)).json();
  const product = (await call(patient, "GET", `/api/shop/storefront/products/${items.data[0].id}`)).json();
  await call(patient, "PUT", `/api/shop/cart/${store.id}/lines`, { variantId: product.variants[0].id, quantity: 2 });
  const placed = await call(patient, "POST", `/api/shop/cart/${store.id}/checkout`, { provider: "stripe", fulfilment: "collect" });
  expect(placed.statusCode, placed.body).toBe(201);
  const [row] = await t.db.select().from(shopOrders).where(eq(shopOrders.id, placed.json().order.id));
  return { ...placed.json(), sessionId: row?.providerRef as string };
}

describe("card payments of shop orders", () => {
  it("opens a Checkout Session for the server's total; the completed event marks the shop order paid, once", async () => {
    const { order, redirectUrl, sessionId } = await cardOrder();
    expect(redirectUrl).toBe(fake.sessions.get(sessionId)?.url);
    expect(fake.sessions.get(sessionId)).toMatchObject({ amount_total: order.totalCents, currency: "eur", metadata: { purpose: "shop" } });
    const event = await fake.complete(sessionId);
    const first = await deliver(event);
    expect(first.json()).toMatchObject({ outcome: "applied" });
    expect((await deliver(event)).json()).toMatchObject({ outcome: "duplicate" });
    const seen = (await call(patient, "GET", `/api/shop/orders/mine/${order.id}`)).json();
    expect(seen).toMatchObject({ state: "paid" });
  });

  it("refunds in two parts at Stripe, each once", async () => {
    const { order, sessionId } = await cardOrder();
    expect((await deliver(await fake.complete(sessionId))).json()).toMatchObject({ outcome: "applied" });
    const before = fake.refunds.size;
    expect((await call(clinic, "POST", `/api/shop/orders/${order.id}/refund`, { amountCents: 500, reason: "Damaged box" })).statusCode).toBe(200);
    const second = await call(clinic, "POST", `/api/shop/orders/${order.id}/refund`, { amountCents: 700, reason: "Late" });
    expect(second.json()).toMatchObject({ state: "paid", refundedCents: 1200 });
    const refunds = [...fake.refunds.values()].slice(before);
    expect(refunds.map((refund) => refund.amount)).toEqual([500, 700]);
  });

  it("an expired payment page cancels the order and gives its stock back", async () => {
    const { order, sessionId } = await cardOrder();
    const session = fake.sessions.get(sessionId);
    const expired = fake.event("checkout.session.expired", { ...session, status: "expired", url: null });
    expect((await deliver(expired)).json()).toMatchObject({ outcome: "applied" });
    expect((await call(patient, "GET", `/api/shop/orders/mine/${order.id}`)).json().state).toBe("cancelled");
  });
});
