import { EVENT_MESSAGES } from "@clinic/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { type SignedEvent, type StripeFake, startStripeFake } from "../../../test/stripe-fake.ts";
import { makeEvent } from "./events.fixture.ts";
import { eventEvents, eventPayments, eventRegistrations } from "./events.table.ts";
import { EXPIRE_QUEUE, LATE_REFUND_QUEUE } from "./registration-payments.ts";
import { makeRegistration } from "./registration.fixture.ts";

/**
 * Registrations paid by card (issue 37.3) through the same Stripe provider and webhook as
 * billing and the shop: the registrant opens a Checkout Session tagged with the purpose "event"
 * from their link, the signed webhook confirms the registration once, an amount that is not the
 * one owed confirms nothing, refunds go through Stripe, and money that arrives after the hold
 * ended either takes the place back or is given back.
 */

const SECRET_KEY = "sk_test_event_routes";
const WEBHOOK_SECRET = "whsec_event_routes_secret";

let t: TestApp;
let fake: StripeFake;
let clinic: string;
let linkKey: Buffer;

beforeAll(async () => {
  fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    env: {
      FEATURE_FLAGS: "clinic,event_app",
      PAYMENT_PROVIDER: "manual,stripe",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
  });
  clinic = await t.loginAs("clinic");
  linkKey = t.app.deriveKey("event-links");
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const deliver = (event: SignedEvent) =>
  t.app.inject({
    method: "POST",
    url: "/api/billing/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    payload: event.body,
  });
const pay = (token: string) => t.app.inject({ method: "POST", url: `/api/events/public/registrations/${token}/pay`, headers: { origin: TEST_PUBLIC_URL } });
const staff = (url: string, payload: object) => t.app.inject({ method: "POST", url, headers: { cookie: clinic, origin: TEST_PUBLIC_URL }, payload });
const row = async (id: number) => (await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0];
const ledger = (id: number) => t.db.select().from(eventPayments).where(eq(eventPayments.registrationId, id)).orderBy(eventPayments.id);
const taken = async (eventId: number) => (await t.db.select({ taken: eventEvents.taken }).from(eventEvents).where(eq(eventEvents.id, eventId)))[0]?.taken;

/** A card registration of a priced event, waiting for its payment, and its open Checkout Session (opened by its link). */
async function cardRegistration(options: { capacity?: number; expiresAt?: Date } = {}) {
  const event = await makeEvent(t.db, t.ids.clinic, { capacity: options.capacity ?? 20, tickets: [{ priceCents: 4000 }] });
  const ticketTypeId = event.ticketTypeIds[0] as number;
  const made = await makeRegistration(
    t.db,
    linkKey,
    { id: event.id, ticketTypeId },
    { provider: "stripe", amountCents: 4000, expiresAt: options.expiresAt ?? new Date(Date.now() + 2 * 3_600_000) },
  );
  const opened = await pay(made.token);
  expect(opened.statusCode, opened.body).toBe(200);
  const sessionId = (await row(made.id))?.providerRef as string;
  return { ...made, event, ticketTypeId, sessionId, redirectUrl: opened.json().redirectUrl as string };
}

describe("card payments of registrations", () => {
  it("lands a guest on their ticket, the place held, when the payment page cannot be opened", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { tickets: [{ priceCents: 4000 }] });
    const providers = t.app.payments.providers;
    const stripe = providers.stripe;
    if (!stripe) throw new Error("Stripe is not configured");
    providers.stripe = { ...stripe, startCheckout: () => Promise.reject(new Error("Stripe is down")) };
    try {
      const made = await t.app.inject({
        method: "POST",
        url: `/api/events/public/${event.slug}/registrations`,
        headers: { origin: TEST_PUBLIC_URL },
        payload: { ticketTypeId: event.ticketTypeIds[0], name: "Ana Card", email: `card-down-${Date.now()}@example.com`, provider: "stripe" },
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ redirectUrl: null, registration: { state: "pending_payment", provider: "stripe" } });
      expect(await taken(event.id)).toBe(1);
    } finally {
      providers.stripe = stripe;
    }
  });

  it("opens a Checkout Session tagged with the purpose event for what is owed; the completed event confirms it once", async () => {
    const { id, token, sessionId, redirectUrl } = await cardRegistration();
    const session = fake.sessions.get(sessionId);
    expect(redirectUrl).toBe(session?.url);
    expect(session).toMatchObject({ amount_total: 4000, currency: "eur", client_reference_id: String(id), metadata: { purpose: "event" } });
    expect(session?.success_url).toBe(`${TEST_PUBLIC_URL}/events/ticket/${token}?checkout=success`);
    expect(session?.cancel_url).toBe(`${TEST_PUBLIC_URL}/events/ticket/${token}?checkout=cancelled`);

    // Asked again, the same open page.
    expect((await pay(token)).json().redirectUrl).toBe(redirectUrl);

    const event = await fake.complete(sessionId);
    expect((await deliver(event)).json()).toMatchObject({ outcome: "applied" });
    expect((await deliver(event)).json()).toMatchObject({ outcome: "duplicate" });
    const after = await row(id);
    expect(after).toMatchObject({ state: "confirmed", paidCents: 4000 });
    expect(after?.paymentReference).toMatch(/^pi_/);
    const payments = await ledger(id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ kind: "payment", provider: "stripe", amountCents: 4000 });
    expect(payments[0]?.invoiceId).toEqual(expect.any(Number));

    // Paid: nothing is left to pay by card.
    const again = await pay(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(EVENT_MESSAGES.notPayable);
  });

  it("does not confirm a payment whose amount is not the one owed", async () => {
    const { id, sessionId } = await cardRegistration();
    const session = fake.sessions.get(sessionId);
    const paid = fake.event("checkout.session.completed", {
      ...session,
      status: "complete",
      payment_status: "paid",
      amount_total: 100,
      payment_intent: "pi_short",
    });
    expect((await deliver(paid)).json()).toMatchObject({ outcome: "amount mismatch" });
    expect((await row(id))?.state).toBe("pending_payment");
    expect(await ledger(id)).toHaveLength(0);
  });

  it("refunds through Stripe in parts; Stripe's own report of them records nothing more; the full amount ends it as refunded", async () => {
    const { id, sessionId, event } = await cardRegistration();
    expect((await deliver(await fake.complete(sessionId))).json()).toMatchObject({ outcome: "applied" });
    const paymentIntent = (await row(id))?.paymentReference as string;
    const before = fake.refunds.size;
    expect((await staff(`/api/events/registrations/${id}/refund`, { amountCents: 1500, reason: "Left early" })).statusCode).toBe(200);
    const charge = { id: "ch_event", object: "charge", payment_intent: paymentIntent, amount: 4000, amount_refunded: 1500, currency: "eur" };
    expect((await deliver(fake.event("charge.refunded", charge))).json()).toMatchObject({ outcome: "already applied" });
    const rest = await staff(`/api/events/registrations/${id}/refund`, { amountCents: 2500, reason: "Could not come" });
    expect(rest.json()).toMatchObject({ state: "refunded", refundedCents: 4000 });
    expect([...fake.refunds.values()].slice(before).map((refund) => [refund.amount, refund.payment_intent])).toEqual([
      [1500, paymentIntent],
      [2500, paymentIntent],
    ]);
    expect((await ledger(id)).map((entry) => entry.kind)).toEqual(["payment", "refund", "refund"]);
    expect(await taken(event.id)).toBe(0);

    // A refund made in Stripe's dashboard is recorded from its webhook.
    const other = await cardRegistration();
    expect((await deliver(await fake.complete(other.sessionId))).json()).toMatchObject({ outcome: "applied" });
    const dashboard = { ...charge, payment_intent: (await row(other.id))?.paymentReference, amount_refunded: 700 };
    expect((await deliver(fake.event("charge.refunded", dashboard))).json()).toMatchObject({ outcome: "applied" });
    expect(await row(other.id)).toMatchObject({ state: "confirmed", refundedCents: 700 });
  });

  it("an expired payment page ends the registration only once its hold is over", async () => {
    const { id, sessionId, event } = await cardRegistration();
    const session = fake.sessions.get(sessionId);
    const expired = () => fake.event("checkout.session.expired", { ...session, status: "expired", url: null });
    expect((await deliver(expired())).json()).toMatchObject({ outcome: "ignored" });
    expect((await row(id))?.state).toBe("pending_payment");

    await t.db
      .update(eventRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventRegistrations.id, id));
    expect((await deliver(expired())).json()).toMatchObject({ outcome: "applied" });
    expect((await row(id))?.state).toBe("expired");
    expect(await taken(event.id)).toBe(0);
  });

  it("closes the payment page of a registration its job expires", async () => {
    const { id, sessionId } = await cardRegistration();
    await t.db
      .update(eventRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventRegistrations.id, id));
    await t.app.jobs.send(EXPIRE_QUEUE, { registrationId: id });
    await t.app.jobs.drain(EXPIRE_QUEUE);
    expect((await row(id))?.state).toBe("expired");
    expect(fake.sessions.get(sessionId)?.status).toBe("expired");
  });

  it("money that arrives after the hold ended takes the place back when it is still free", async () => {
    const { id, sessionId, event } = await cardRegistration({ capacity: 1 });
    const paid = await fake.complete(sessionId);
    await t.db
      .update(eventRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventRegistrations.id, id));
    // Expired by the sweep's path, without closing the page (it was paid meanwhile).
    await t.app.jobs.send(EXPIRE_QUEUE, { registrationId: id });
    await t.app.jobs.drain(EXPIRE_QUEUE);
    expect((await row(id))?.state).toBe("expired");
    expect(await taken(event.id)).toBe(0);

    expect((await deliver(paid)).json()).toMatchObject({ outcome: "applied" });
    expect(await row(id)).toMatchObject({ state: "confirmed", paidCents: 4000 });
    expect(await taken(event.id)).toBe(1);
    expect((await ledger(id)).map((entry) => entry.kind)).toEqual(["payment"]);
  });

  it("money that arrives after the place went to someone else is recorded and given back", async () => {
    const { id, sessionId, event, ticketTypeId } = await cardRegistration({ capacity: 1 });
    const paid = await fake.complete(sessionId);
    await t.db
      .update(eventRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventRegistrations.id, id));
    await t.app.jobs.send(EXPIRE_QUEUE, { registrationId: id });
    await t.app.jobs.drain(EXPIRE_QUEUE);
    await makeRegistration(t.db, linkKey, { id: event.id, ticketTypeId }, { state: "confirmed", amountCents: 4000 });
    expect(await taken(event.id)).toBe(1);

    const before = fake.refunds.size;
    expect((await deliver(paid)).json()).toMatchObject({ outcome: "applied" });
    expect(await row(id)).toMatchObject({ state: "expired", paidCents: 4000, refundedCents: 0 });
    await t.app.jobs.drain(LATE_REFUND_QUEUE);
    await t.app.jobs.send(LATE_REFUND_QUEUE, { registrationId: id });
    await t.app.jobs.drain(LATE_REFUND_QUEUE);
    expect(await row(id)).toMatchObject({ state: "expired", paidCents: 4000, refundedCents: 4000 });
    expect([...fake.refunds.values()].slice(before).map((refund) => refund.amount)).toEqual([4000]);
    expect((await ledger(id)).map((entry) => [entry.kind, entry.amountCents])).toEqual([
      ["payment", 4000],
      ["refund", 4000],
    ]);
    expect(await taken(event.id)).toBe(1);
  });
});
