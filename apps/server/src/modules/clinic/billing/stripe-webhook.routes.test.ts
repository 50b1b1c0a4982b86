import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { giveBillingDetails } from "../../../../test/billing.ts";
import { type MadeUser, makeClinicAccount, makeMembership } from "../../../../test/factories.ts";
import { type SignedEvent, type StripeFake, startStripeFake } from "../../../../test/stripe-fake.ts";
import { assignedMemberships } from "../memberships/memberships.table.ts";
import { today } from "../memberships/seats.ts";
import { invoices, orders, paymentEvents } from "./billing.table.ts";
import { addDays } from "./gating.ts";

const SECRET_KEY = "sk_test_billing_routes";
const WEBHOOK_SECRET = "whsec_billing_routes_secret";

let t: TestApp;
let fake: StripeFake;
let admin: string;

beforeAll(async () => {
  // No webhookUrl: this test delivers each event itself, in the order it chooses.
  fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    env: { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
  });
  admin = await t.loginAs("admin");
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function as(user: MadeUser | "admin", method: "GET" | "POST", url: string, payload?: object): Promise<InjectResponse> {
  const cookie = user === "admin" ? admin : await t.login(user.email, user.password);
  return t.app.inject({ method, url, headers: { cookie, ...(method === "POST" ? { origin: TEST_PUBLIC_URL } : {}) }, ...(payload ? { payload } : {}) });
}

function deliver(event: SignedEvent | { body: string; signature?: string }): Promise<InjectResponse> {
  return t.app.inject({
    method: "POST",
    url: "/api/billing/stripe/webhook",
    headers: { "content-type": "application/json", ...(event.signature ? { "stripe-signature": event.signature } : {}) },
    payload: event.body,
  });
}

/** A clinic with billing details that has started a card order: its order as answered, and its Checkout Session. */
async function startedOrder() {
  const clinic = await makeClinicAccount(t.db);
  await giveBillingDetails(t.db, clinic.id);
  const plan = await makeMembership(t.db, { value: "49.90", valuePatient: "0" });
  const response = await as(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "period" });
  expect(response.statusCode).toBe(201);
  const order = response.json();
  const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
  return { clinic, order, sessionId: row?.providerRef as string };
}

const state = async (id: number) => (await t.db.select({ state: orders.state }).from(orders).where(eq(orders.id, id)))[0]?.state;
const eventCount = async () => (await t.db.select({ n: count() }).from(paymentEvents))[0]?.n ?? 0;

describe("card payments through Stripe (a local fake of its API)", () => {
  it("creates a Checkout Session for the server's amount and sends the payer to it", async () => {
    const { order, sessionId } = await startedOrder();
    expect(order).toMatchObject({ provider: "stripe", state: "pending", totalCents: 4990, instructions: null });
    expect(order.checkoutUrl).toBe(fake.sessions.get(sessionId)?.url);
    const session = fake.sessions.get(sessionId);
    expect(session).toMatchObject({ amount_total: 4990, currency: "eur", client_reference_id: String(order.id) });
  });

  it("refuses a webhook with a bad or missing signature, writing nothing", async () => {
    const { order, sessionId } = await startedOrder();
    const event = await fake.complete(sessionId);
    const before = await eventCount();
    // One hex digit of the signature changed (to another digit: a signature starting with 0 must change too).
    const forged = await deliver({ body: event.body, signature: event.signature.replace(/v1=(\w)/, (_, digit) => `v1=${digit === "0" ? "1" : "0"}`) });
    expect(forged.statusCode).toBe(400);
    expect((await deliver({ body: event.body })).statusCode).toBe(400);
    const changed = event.body.replace(/"amount_total":\s*4990/, '"amount_total": 1');
    expect(changed).not.toBe(event.body);
    const tampered = await deliver({ body: changed, signature: event.signature });
    expect(tampered.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
    expect(await state(order.id)).toBe("pending");
  });

  it("activates once on checkout.session.completed, however often the event comes", async () => {
    const { clinic, order, sessionId } = await startedOrder();
    const event = await fake.complete(sessionId);
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ outcome: "applied" });
    const replay = await deliver(event);
    expect(replay.json()).toMatchObject({ outcome: "duplicate" });
    const detail = (await as(clinic, "GET", `/api/billing/orders/${order.id}`)).json();
    expect(detail).toMatchObject({ state: "paid", checkoutUrl: null });
    expect(detail.paymentReference).toMatch(/^pi_/);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    expect(await t.db.select().from(assignedMemberships).where(eq(assignedMemberships.userId, clinic.id))).toHaveLength(1);
  });

  it("gives payments of one buyer whose events arrive at once consecutive periods", async () => {
    const { clinic, sessionId } = await startedOrder();
    const sessions = [sessionId];
    for (const months of [3, 1]) {
      const plan = await makeMembership(t.db, { value: "49.90", valuePatient: "0", months });
      const order = (await as(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "period" })).json();
      sessions.push((await t.db.select({ ref: orders.providerRef }).from(orders).where(eq(orders.id, order.id)))[0]?.ref as string);
    }
    const events = await Promise.all(sessions.map((id) => fake.complete(id)));
    const answers = await Promise.all(events.map((event) => deliver(event)));
    expect(answers.map((answer) => answer.json().outcome)).toEqual(["applied", "applied", "applied"]);
    const periods = await t.db
      .select({ from: assignedMemberships.fromDate, to: assignedMemberships.toDate })
      .from(assignedMemberships)
      .where(eq(assignedMemberships.userId, clinic.id))
      .orderBy(assignedMemberships.fromDate);
    expect(periods).toHaveLength(3);
    expect(periods[0]?.from).toBe(today());
    for (let index = 1; index < periods.length; index += 1) expect(periods[index]?.from).toBe(addDays(periods[index - 1]?.to as string, 1));
  });

  it("keeps a paid order paid when its session's expiry comes after, and honours a payment that comes after an expiry", async () => {
    const paidFirst = await startedOrder();
    await deliver(await fake.complete(paidFirst.sessionId));
    const lateExpiry = fake.event("checkout.session.expired", { ...fake.sessions.get(paidFirst.sessionId), status: "expired" });
    expect((await deliver(lateExpiry)).json()).toMatchObject({ outcome: "already applied" });
    expect(await state(paidFirst.order.id)).toBe("paid");

    const expiredFirst = await startedOrder();
    const expiry = fake.event("checkout.session.expired", { ...fake.sessions.get(expiredFirst.sessionId), status: "expired" });
    expect((await deliver(expiry)).json()).toMatchObject({ outcome: "applied" });
    expect(await state(expiredFirst.order.id)).toBe("expired");
    expect((await deliver(await fake.complete(expiredFirst.sessionId))).json()).toMatchObject({ outcome: "applied" });
    expect(await state(expiredFirst.order.id)).toBe("paid");
  });

  it("answers 200 without effect for a session it does not know, and does not pay a different amount", async () => {
    const before = await t.db.select({ n: count() }).from(invoices);
    const unknown = fake.event("checkout.session.completed", {
      id: "cs_test_unknown",
      object: "checkout.session",
      payment_status: "paid",
      amount_total: 100,
      currency: "eur",
      client_reference_id: "999999",
      metadata: {},
      payment_intent: "pi_unknown",
    });
    const answer = await deliver(unknown);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ outcome: "unknown order" });
    const { order, sessionId } = await startedOrder();
    const cheap = fake.event("checkout.session.completed", {
      ...fake.sessions.get(sessionId),
      status: "complete",
      payment_status: "paid",
      amount_total: 1,
      payment_intent: "pi_cheap",
    });
    expect((await deliver(cheap)).json()).toMatchObject({ outcome: "amount mismatch" });
    expect(await state(order.id)).toBe("pending");
    expect(await t.db.select({ n: count() }).from(invoices)).toEqual(before);
  });

  it("refunds through Stripe's API with a credit note, and a later charge.refunded event changes nothing", async () => {
    const { order, sessionId } = await startedOrder();
    await deliver(await fake.complete(sessionId));
    const refunded = await as("admin", "POST", `/api/billing/orders/${order.id}/refund`, { reason: "Customer asked" });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().state).toBe("refunded");
    const paymentIntent = refunded.json().paymentReference as string;
    const call = fake.requests.find((request) => request.path === "/v1/refunds");
    expect(call?.body).toMatchObject({ payment_intent: paymentIntent, amount: "4990" });
    const event = fake.event("charge.refunded", { id: "ch_1", object: "charge", payment_intent: paymentIntent, amount_refunded: 4990 });
    expect((await deliver(event)).json()).toMatchObject({ outcome: "already applied" });
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(2);
  });

  it("records a refund made in Stripe's dashboard", async () => {
    const { order, sessionId } = await startedOrder();
    await deliver(await fake.complete(sessionId));
    const paymentIntent = fake.sessions.get(sessionId)?.payment_intent as string;
    const event = fake.event("charge.refunded", { id: "ch_2", object: "charge", payment_intent: paymentIntent, amount_refunded: 4990 });
    expect((await deliver(event)).json()).toMatchObject({ outcome: "applied" });
    expect(await state(order.id)).toBe("refunded");
  });

  it("cancelling a card order expires its Checkout Session first", async () => {
    const { clinic, order, sessionId } = await startedOrder();
    const cancelled = await as(clinic, "POST", `/api/billing/orders/${order.id}/cancel`);
    expect(cancelled.json().state).toBe("cancelled");
    expect(fake.sessions.get(sessionId)?.status).toBe("expired");
  });
});
