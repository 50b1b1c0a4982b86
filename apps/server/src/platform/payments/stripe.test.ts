import diagnostics from "node:diagnostics_channel";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeFake, startStripeFake } from "../../../test/stripe-fake.ts";
import { loadConfig } from "../../config.ts";
import { createPaymentProvider } from "./index.ts";
import { type CheckoutRequest, type PaymentProvider, WebhookSignatureError } from "./port.ts";
import { checkoutExpiry, createStripeProvider } from "./stripe.ts";

/**
 * The Stripe provider through the real SDK against the local fake of Stripe's API: what it
 * asks Stripe for, what it does with Stripe's answers, and how it reads Stripe's webhooks.
 * Every connection this file opens is watched: none may leave 127.0.0.1.
 */

const SECRET_KEY = "sk_test_provider_key";
const WEBHOOK_SECRET = "whsec_provider_secret";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** One deadline for every order here, as an order keeps its own: the same order asks with the same one. */
const IN_TWO_HOURS = new Date(Date.now() + 2 * HOUR);

const connections: string[] = [];
const onSocket = (message: unknown) => {
  const { socket } = message as { socket: Socket };
  socket.once("connect", () => connections.push(socket.remoteAddress ?? "unknown"));
};
const onHttpRequest = (message: unknown) => connections.push((message as { request: { host: string } }).request.host);
const onFetch = (message: unknown) => connections.push(new URL((message as { request: { origin: string } }).request.origin).hostname);

let fake: StripeFake;
let provider: PaymentProvider;

beforeAll(async () => {
  diagnostics.subscribe("net.client.socket", onSocket);
  diagnostics.subscribe("http.client.request.start", onHttpRequest);
  diagnostics.subscribe("undici:request:create", onFetch);
  fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
});

afterAll(async () => {
  await fake?.close();
  diagnostics.unsubscribe("net.client.socket", onSocket);
  diagnostics.unsubscribe("http.client.request.start", onHttpRequest);
  diagnostics.unsubscribe("undici:request:create", onFetch);
  // The last word of the file: whatever ran above, nothing went past this machine's loopback.
  expect(connections.length).toBeGreaterThan(0);
  expect(new Set(connections)).toEqual(new Set(["127.0.0.1"]));
});

function checkout(orderId: number, overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    orderId,
    orderNumber: `M-2026-${String(orderId).padStart(4, "0")}`,
    description: "Clinic membership Gold, 12 months",
    totalCents: 12_100,
    currency: "EUR",
    customerEmail: "billing@clinic.test",
    successUrl: `http://127.0.0.1:5173/manager/admin/getMembership/invoice/${orderId}?checkout=success`,
    cancelUrl: `http://127.0.0.1:5173/manager/admin/getMembership/invoice/${orderId}?checkout=cancelled`,
    expiresAt: IN_TWO_HOURS,
    ...overrides,
  };
}

function requestsFor(path: string) {
  return fake.requests.filter((request) => request.path === path);
}

function sessionsOf(orderId: number) {
  return [...fake.sessions.values()].filter((session) => session.client_reference_id === String(orderId));
}

/** A Checkout Session as Stripe's events carry it. */
function sessionObject(overrides: Record<string, unknown> = {}) {
  return {
    id: "cs_test_event",
    object: "checkout.session",
    amount_total: 12_100,
    currency: "eur",
    client_reference_id: "77",
    metadata: { orderId: "77", orderNumber: "M-2026-0077" },
    payment_intent: "pi_test_event",
    payment_status: "paid",
    status: "complete",
    ...overrides,
  };
}

function eventIdOf(body: string): string {
  return (JSON.parse(body) as { id: string }).id;
}

describe("startCheckout", () => {
  it("opens one Checkout Session for the order's total, in its currency, carrying the order, under the order's idempotency key", async () => {
    const request = checkout(42);
    const started = await provider.startCheckout(request);

    expect(started.providerRef).toMatch(/^cs_test_/);
    expect(started.redirectUrl).toBe(`${fake.url}/pay/${started.providerRef}`);
    const [sent] = requestsFor("/v1/checkout/sessions");
    expect(sent?.method).toBe("POST");
    expect(sent?.idempotencyKey).toBe("order-42-checkout");
    // Exactly what the SDK put on the wire, form-encoded, read back.
    expect(sent?.body).toEqual({
      mode: "payment",
      line_items: [{ price_data: { currency: "eur", unit_amount: "12100", product_data: { name: "Clinic membership Gold, 12 months" } }, quantity: "1" }],
      client_reference_id: "42",
      metadata: { orderId: "42", orderNumber: "M-2026-0042", purpose: "membership" },
      payment_intent_data: { metadata: { orderId: "42", purpose: "membership" } },
      customer_email: "billing@clinic.test",
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: String(Math.floor(request.expiresAt.getTime() / 1000)),
    });
    const session = fake.sessions.get(started.providerRef as string);
    expect(session).toMatchObject({ amount_total: 12_100, currency: "eur", status: "open", payment_status: "unpaid", client_reference_id: "42" });
  });

  it("asked twice for the same order, answers the same session: Stripe opens one", async () => {
    const first = await provider.startCheckout(checkout(43));
    const again = await provider.startCheckout(checkout(43));

    expect(again).toEqual(first);
    expect(sessionsOf(43)).toHaveLength(1);
    const sent = requestsFor("/v1/checkout/sessions").filter((request) => request.body.client_reference_id === "43");
    expect(sent.map((request) => request.idempotencyKey)).toEqual(["order-43-checkout", "order-43-checkout"]);
  });

  it("brings an order's deadline within the 30 minutes to 24 hours Stripe accepts", async () => {
    const before = Date.now();
    const far = await provider.startCheckout(checkout(44, { expiresAt: new Date(before + 10 * 24 * HOUR) }));
    const near = await provider.startCheckout(checkout(45, { expiresAt: new Date(before + 5 * MINUTE) }));
    const after = Date.now();

    // The fake refuses an expires_at outside Stripe's window, so both sessions exist.
    const farAt = fake.sessions.get(far.providerRef as string)?.expires_at as number;
    const nearAt = fake.sessions.get(near.providerRef as string)?.expires_at as number;
    expect(farAt * 1000).toBeGreaterThanOrEqual(before + 22 * HOUR);
    expect(farAt * 1000).toBeLessThanOrEqual(after + 24 * HOUR);
    expect(nearAt * 1000).toBeGreaterThanOrEqual(before + 30 * MINUTE);
    expect(nearAt * 1000).toBeLessThanOrEqual(after + 45 * MINUTE);
  });

  it("rounds a clamped deadline so that asking again a little later sends the same parameters", () => {
    const now = new Date("2026-11-27T10:17:42Z");
    const later = new Date("2026-11-27T10:29:05Z");
    const inTenDays = new Date("2026-12-07T00:00:00Z");
    expect(checkoutExpiry(inTenDays, now)).toBe(Date.parse("2026-11-28T10:00:00Z") / 1000);
    expect(checkoutExpiry(inTenDays, later)).toBe(checkoutExpiry(inTenDays, now));
    const inFiveMinutes = new Date("2026-11-27T10:22:42Z");
    expect(checkoutExpiry(inFiveMinutes, now)).toBe(Date.parse("2026-11-27T10:50:00Z") / 1000);
    // Within the window, the order's own deadline, to the second.
    expect(checkoutExpiry(new Date("2026-11-27T15:00:00.900Z"), now)).toBe(Date.parse("2026-11-27T15:00:00Z") / 1000);
  });

  it("opens a new session when the order's first one has expired", async () => {
    const first = await provider.startCheckout(checkout(46));
    await provider.cancelCheckout(first.providerRef);
    const second = await provider.startCheckout(checkout(46));

    expect(second.providerRef).not.toBe(first.providerRef);
    expect(second.redirectUrl).toBe(`${fake.url}/pay/${second.providerRef}`);
    expect(fake.sessions.get(second.providerRef as string)?.status).toBe("open");
    const keys = requestsFor("/v1/checkout/sessions")
      .filter((request) => request.body.client_reference_id === "46")
      .map((request) => request.idempotencyKey);
    expect(keys).toEqual(["order-46-checkout", "order-46-checkout", expect.stringMatching(/^order-46-checkout-[0-9a-f-]{36}$/)]);
  });

  it("keeps a paid session rather than open a second payment for the order", async () => {
    const first = await provider.startCheckout(checkout(47));
    await fake.complete(first.providerRef as string);
    const again = await provider.startCheckout(checkout(47));

    expect(again).toEqual({ providerRef: first.providerRef, redirectUrl: null });
    expect(sessionsOf(47)).toHaveLength(1);
  });

  it("opens a session under a fresh key when the order's key was first used with other parameters", async () => {
    const first = await provider.startCheckout(checkout(48, { expiresAt: new Date(Date.now() + 2 * HOUR) }));
    const second = await provider.startCheckout(checkout(48, { expiresAt: new Date(Date.now() + 3 * HOUR) }));

    expect(second.providerRef).not.toBe(first.providerRef);
    expect(sessionsOf(48).map((session) => session.status)).toEqual(["open", "open"]);
  });

  it("talks to STRIPE_API_URL when the environment names one", async () => {
    const env = { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url };
    const configured = createPaymentProvider("stripe", loadConfig(env).billing);
    const started = await configured.startCheckout(checkout(41));
    expect(sessionsOf(41).map((session) => session.id)).toEqual([started.providerRef]);
  });

  it("fails with Stripe's refusal when the secret key is wrong", async () => {
    const wrong = createStripeProvider({ secretKey: "sk_test_wrong_key", webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
    await expect(wrong.startCheckout(checkout(49))).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(sessionsOf(49)).toHaveLength(0);
  });
});

describe("cancelCheckout", () => {
  it("expires an open session, and takes an already expired or paid one quietly", async () => {
    const open = await provider.startCheckout(checkout(50));
    await provider.cancelCheckout(open.providerRef);
    expect(fake.sessions.get(open.providerRef as string)?.status).toBe("expired");
    expect(requestsFor(`/v1/checkout/sessions/${open.providerRef}/expire`)).toHaveLength(1);

    await expect(provider.cancelCheckout(open.providerRef)).resolves.toBeUndefined();
    expect(requestsFor(`/v1/checkout/sessions/${open.providerRef}/expire`)).toHaveLength(2);

    const paid = await provider.startCheckout(checkout(51));
    await fake.complete(paid.providerRef as string);
    await expect(provider.cancelCheckout(paid.providerRef)).resolves.toBeUndefined();
    expect(fake.sessions.get(paid.providerRef as string)?.status).toBe("complete");
  });

  it("asks nothing of Stripe without a session, and fails for a session Stripe does not know", async () => {
    const before = fake.requests.length;
    await provider.cancelCheckout(null);
    expect(fake.requests.length).toBe(before);

    await expect(provider.cancelCheckout("cs_test_unknown")).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

describe("refund", () => {
  it("refunds the order's PaymentIntent by its amount, once, under the order's idempotency key", async () => {
    const started = await provider.startCheckout(checkout(52));
    await fake.complete(started.providerRef as string);
    const paymentIntent = fake.sessions.get(started.providerRef as string)?.payment_intent as string;
    const request = { orderId: 52, paymentReference: paymentIntent, amountCents: 12_100, currency: "EUR", reason: "Clinic closed" };

    const refunded = await provider.refund(request);
    const again = await provider.refund(request);

    expect(refunded.refundRef).toMatch(/^re_test_/);
    expect(again).toEqual(refunded);
    const sent = requestsFor("/v1/refunds");
    expect(sent.map((entry) => entry.idempotencyKey)).toEqual(["order-52-refund", "order-52-refund"]);
    expect(sent[0]?.body).toEqual({ payment_intent: paymentIntent, amount: "12100", reason: "requested_by_customer", metadata: { orderId: "52" } });
    expect([...fake.refunds.values()]).toEqual([expect.objectContaining({ id: refunded.refundRef, amount: 12_100, payment_intent: paymentIntent })]);
    expect(fake.payments.get(paymentIntent)?.amountRefunded).toBe(12_100);
  });

  it("refuses, asking nothing of Stripe, an order with no payment reference", async () => {
    const before = fake.requests.length;
    await expect(provider.refund({ orderId: 53, paymentReference: null, amountCents: 100, currency: "EUR", reason: "x" })).rejects.toThrow(/no Stripe payment/);
    expect(fake.requests.length).toBe(before);
  });
});

describe("parseWebhook", () => {
  const read = (signed: { body: string; signature: string }) => provider.parseWebhook(Buffer.from(signed.body), signed.signature);

  it("reads a paid checkout.session.completed as paid, with the order, the session and the PaymentIntent", async () => {
    const started = await provider.startCheckout(checkout(60, { totalCents: 4_840 }));
    const signed = await fake.complete(started.providerRef as string);
    const paymentIntent = fake.sessions.get(started.providerRef as string)?.payment_intent;

    expect(read(signed)).toEqual({
      kind: "paid",
      eventId: eventIdOf(signed.body),
      orderId: 60,
      purpose: "membership",
      providerRef: started.providerRef,
      paymentReference: paymentIntent,
      amountCents: 4_840,
      currency: "EUR",
    });
  });

  it("reads checkout.session.async_payment_succeeded as paid", () => {
    const signed = fake.event("checkout.session.async_payment_succeeded", sessionObject());
    expect(read(signed)).toEqual({
      kind: "paid",
      eventId: eventIdOf(signed.body),
      orderId: 77,
      purpose: "membership",
      providerRef: "cs_test_event",
      paymentReference: "pi_test_event",
      amountCents: 12_100,
      currency: "EUR",
    });
  });

  it("ignores a completed session still waiting for its payment (a delayed method)", () => {
    const signed = fake.event("checkout.session.completed", sessionObject({ payment_status: "unpaid", payment_intent: null }));
    expect(read(signed)).toEqual({ kind: "ignored", eventId: eventIdOf(signed.body), type: "checkout.session.completed" });
  });

  it("reads checkout.session.expired and checkout.session.async_payment_failed as expired", () => {
    for (const type of ["checkout.session.expired", "checkout.session.async_payment_failed"]) {
      const signed = fake.event(type, sessionObject({ status: "expired", payment_status: "unpaid", payment_intent: null }));
      expect(read(signed)).toEqual({ kind: "expired", eventId: eventIdOf(signed.body), orderId: 77, purpose: "membership", providerRef: "cs_test_event" });
    }
  });

  it("finds the order in the metadata when the session has no client_reference_id, and none in a foreign session", () => {
    const fromMetadata = fake.event("checkout.session.expired", sessionObject({ client_reference_id: null, metadata: { orderId: "78" } }));
    expect(read(fromMetadata)).toMatchObject({ kind: "expired", orderId: 78 });
    const foreign = fake.event("checkout.session.expired", sessionObject({ client_reference_id: "shop-basket-9", metadata: {} }));
    expect(read(foreign)).toMatchObject({ kind: "expired", orderId: null });
  });

  it("reads charge.refunded as refunded: the PaymentIntent and the charge's refunded total", () => {
    const charge = {
      id: "ch_test_event",
      object: "charge",
      amount: 12_100,
      amount_refunded: 12_100,
      currency: "eur",
      payment_intent: "pi_test_event",
      refunded: true,
    };
    const signed = fake.event("charge.refunded", charge);
    expect(read(signed)).toEqual({ kind: "refunded", eventId: eventIdOf(signed.body), paymentReference: "pi_test_event", amountCents: 12_100 });
    const withoutIntent = fake.event("charge.refunded", { ...charge, payment_intent: null });
    expect(read(withoutIntent)).toMatchObject({ kind: "ignored", type: "charge.refunded" });
  });

  it("ignores every other kind of event", () => {
    const signed = fake.event("payment_intent.created", { id: "pi_test_event", object: "payment_intent" });
    expect(read(signed)).toEqual({ kind: "ignored", eventId: eventIdOf(signed.body), type: "payment_intent.created" });
  });

  it("refuses a webhook signed with another secret, without a signature, changed after signing, or signed too long ago", () => {
    const signed = fake.event("checkout.session.completed", sessionObject());
    const otherSecret = Stripe.webhooks.generateTestHeaderString({ payload: signed.body, secret: "whsec_someone_else" });
    const changed = signed.body.replace('"amount_total": 12100', '"amount_total": 1');
    expect(changed).not.toBe(signed.body);
    const stale = fake.event("checkout.session.completed", sessionObject(), { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });

    expect(() => provider.parseWebhook(Buffer.from(signed.body), otherSecret)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from(signed.body), undefined)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from(signed.body), "")).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from(signed.body), "t=1,v1=not-a-signature")).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from(changed), signed.signature)).toThrow(WebhookSignatureError);
    expect(() => read(stale)).toThrow(WebhookSignatureError);
    // The same event, as signed, reads.
    expect(read(signed).kind).toBe("paid");
  });
});

describe("the fake's hosted checkout and webhooks", () => {
  let hooks: Server;
  let hookFake: StripeFake;
  let hookProvider: PaymentProvider;
  const received: { signature: string | undefined; body: Buffer }[] = [];

  beforeAll(async () => {
    hooks = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ signature: req.headers["stripe-signature"] as string | undefined, body: Buffer.concat(chunks) });
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
    const { port } = hooks.address() as AddressInfo;
    hookFake = await startStripeFake({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${port}/api/billing/stripe/webhook`,
    });
    hookProvider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: hookFake.url });
  });

  afterAll(async () => {
    await hookFake?.close();
    await new Promise<void>((resolve) => hooks.close(() => resolve()));
  });

  function lastReceived() {
    const last = received.at(-1);
    if (!last) throw new Error("No webhook received.");
    return hookProvider.parseWebhook(last.body, last.signature);
  }

  it("shows the amount with Pay and Cancel; Pay posts a signed completed event, then sends the payer to success_url", async () => {
    const request = checkout(70);
    const started = await hookProvider.startCheckout(request);

    const pageAnswer = await fetch(started.redirectUrl as string);
    expect(pageAnswer.status).toBe(200);
    const html = await pageAnswer.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1>Pay €121\.00<\/h1>/);
    expect(html).toContain("M-2026-0070");
    expect(html).toMatch(/<button type="submit">Pay<\/button>/);
    expect(html).toContain(`<a href="${request.cancelUrl.replaceAll("&", "&#38;")}">Cancel</a>`);
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1] as string;

    const paid = await fetch(new URL(action, hookFake.url), { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(request.successUrl);
    // Delivered before the redirect: the order is paid by the time the payer is back.
    expect(hookFake.deliveries).toEqual([expect.objectContaining({ type: "checkout.session.completed", status: 200, error: null })]);
    expect(lastReceived()).toMatchObject({ kind: "paid", orderId: 70, providerRef: started.providerRef, amountCents: 12_100, currency: "EUR" });

    // Paid: the page now only sends the payer back.
    const revisit = await fetch(started.redirectUrl as string, { redirect: "manual" });
    expect(revisit.status).toBe(303);
  });

  it("posts checkout.session.expired when a session is expired, and charge.refunded when a payment is refunded", async () => {
    const cancelled = await hookProvider.startCheckout(checkout(71));
    await hookProvider.cancelCheckout(cancelled.providerRef);
    await expect.poll(() => hookFake.deliveries.length).toBe(2);
    expect(lastReceived()).toMatchObject({ kind: "expired", orderId: 71, providerRef: cancelled.providerRef });
    expect((await fetch(cancelled.redirectUrl as string)).status).toBe(410);

    const started = await hookProvider.startCheckout(checkout(72));
    await hookFake.complete(started.providerRef as string);
    const paymentIntent = hookFake.sessions.get(started.providerRef as string)?.payment_intent as string;
    await hookProvider.refund({ orderId: 72, paymentReference: paymentIntent, amountCents: 12_100, currency: "EUR", reason: "Duplicate" });
    await expect.poll(() => hookFake.deliveries.length).toBe(3);
    expect(lastReceived()).toMatchObject({ kind: "refunded", paymentReference: paymentIntent, amountCents: 12_100 });
  });
});
