import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import type { BillingSettings } from "../../config.ts";
import {
  type CheckoutRequest,
  type CheckoutStart,
  type PaymentEvent,
  type PaymentPurpose,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
  WebhookSignatureError,
} from "./port.ts";

export type StripeSettings = NonNullable<BillingSettings["stripe"]>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/**
 * Stripe accepts a Checkout Session's expires_at only 30 minutes to 24 hours after it creates
 * the session; the margins absorb our clock's drift and the request's own time on the wire.
 */
const EARLIEST_EXPIRY_MS = 31 * MINUTE_MS;
const LATEST_EXPIRY_MS = 24 * HOUR_MS - 5 * MINUTE_MS;

/**
 * The expires_at (Unix seconds) to ask Stripe for: the order's own deadline, brought within
 * what Stripe accepts. A clamped deadline is rounded (the latest down to the hour, the
 * earliest up to ten minutes) so that asking again for the same order a little later sends
 * the same parameters, which Stripe requires of a request replayed under one idempotency key.
 */
export function checkoutExpiry(expiresAt: Date, now: Date = new Date()): number {
  const earliest = now.getTime() + EARLIEST_EXPIRY_MS;
  const latest = now.getTime() + LATEST_EXPIRY_MS;
  let at = expiresAt.getTime();
  if (at > latest) at = Math.floor(latest / HOUR_MS) * HOUR_MS;
  else if (at < earliest) at = Math.ceil(earliest / (10 * MINUTE_MS)) * 10 * MINUTE_MS;
  return Math.floor(at / 1000);
}

/** STRIPE_API_URL (a local fake in tests, a proxy in some deployments) as the SDK's host, port and protocol. */
function connectionOptions(apiUrl: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  };
}

/** Our order id as it travels through Stripe: client_reference_id first, metadata.orderId as the fallback. */
function orderIdOf(session: Stripe.Checkout.Session): number | null {
  const raw = session.client_reference_id ?? session.metadata?.orderId ?? null;
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/** Which of our order tables a session's order id is of (sessions made before the shop carry none: memberships). */
function purposeOf(session: Stripe.Checkout.Session): PaymentPurpose {
  const purpose = session.metadata?.purpose;
  return purpose === "shop" || purpose === "event" ? purpose : "membership";
}

/** Idempotency keys of one order's calls: the shop's orders and events' registrations are numbered apart from billing's. */
const keyOf = (purpose: PaymentPurpose | undefined, orderId: number) => `${purpose && purpose !== "membership" ? `${purpose}-` : ""}order-${orderId}`;

function idOf(value: string | { id: string } | null): string | null {
  if (value === null) return null;
  return typeof value === "string" ? value : value.id;
}

function paidEvent(eventId: string, session: Stripe.Checkout.Session): PaymentEvent {
  return {
    kind: "paid",
    eventId,
    orderId: orderIdOf(session),
    purpose: purposeOf(session),
    providerRef: session.id,
    paymentReference: idOf(session.payment_intent),
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? "").toUpperCase(),
  };
}

/** A verified Stripe event in the port's terms; the kinds billing does not act on are "ignored". */
function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const ignored: PaymentEvent = { kind: "ignored", eventId: event.id, type: event.type };
  switch (event.type) {
    case "checkout.session.completed":
      // A delayed method (SEPA debit, bank transfer) completes the session unpaid; its
      // async_payment_succeeded or async_payment_failed follows.
      return event.data.object.payment_status === "paid" ? paidEvent(event.id, event.data.object) : ignored;
    case "checkout.session.async_payment_succeeded":
      return paidEvent(event.id, event.data.object);
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const session = event.data.object;
      return { kind: "expired", eventId: event.id, orderId: orderIdOf(session), purpose: purposeOf(session), providerRef: session.id };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentReference = idOf(charge.payment_intent);
      if (paymentReference === null) return ignored;
      // amount_refunded is the charge's refunded total so far, not this refund's amount.
      return { kind: "refunded", eventId: event.id, paymentReference, amountCents: charge.amount_refunded };
    }
    default:
      return ignored;
  }
}

/**
 * Stripe Checkout (hosted payment page) through the official SDK. One Checkout Session per
 * order, created under an idempotency key of the order so a retried request, ours or the
 * SDK's, never opens a second payment for the same order.
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    // The API version stays the one this SDK release is typed for (its default): the types
    // and the wire format move together when the SDK is upgraded.
    ...connectionOptions(settings.apiUrl),
    telemetry: false,
    maxNetworkRetries: 2,
    timeout: 20_000,
  });

  /** The session under this key as it stands now; null when the key was first used with other parameters. */
  async function createSession(params: Stripe.Checkout.SessionCreateParams, idempotencyKey: string): Promise<Stripe.Checkout.Session | null> {
    try {
      const session = await stripe.checkout.sessions.create(params, { idempotencyKey });
      // A replay answers the session as it was when first created (open); it may have expired
      // or been paid since.
      if (session.lastResponse.headers["idempotent-replayed"] === "true") return await stripe.checkout.sessions.retrieve(session.id);
      return session;
    } catch (error) {
      // The key was first used with other parameters (asked again after the rounded expiry
      // moved on): the caller opens a session under a fresh key.
      if (error instanceof Stripe.errors.StripeIdempotencyError) return null;
      throw error;
    }
  }

  return {
    name: "stripe",

    async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: "payment",
        line_items: [
          {
            price_data: { currency: request.currency.toLowerCase(), unit_amount: request.totalCents, product_data: { name: request.description } },
            quantity: 1,
          },
        ],
        client_reference_id: String(request.orderId),
        metadata: { orderId: String(request.orderId), orderNumber: request.orderNumber, purpose: request.purpose ?? "membership" },
        payment_intent_data: { metadata: { orderId: String(request.orderId), purpose: request.purpose ?? "membership" } },
        customer_email: request.customerEmail,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: checkoutExpiry(request.expiresAt),
      };
      let session = await createSession(params, `${keyOf(request.purpose, request.orderId)}-checkout`);
      // Within a day Stripe replays the order's first session, even once it has expired
      // (cancelled, or its short life ran out): an expired one cannot be paid, so open another.
      // A complete one is kept (its url is null): another would let the order be paid twice.
      if (session === null || session.status === "expired") {
        session = await createSession(params, `${keyOf(request.purpose, request.orderId)}-checkout-${randomUUID()}`);
        if (session === null) throw new Error(`Stripe refused a new idempotency key for order ${request.orderId}.`);
      }
      return { providerRef: session.id, redirectUrl: session.url };
    },

    async cancelCheckout(providerRef: string | null): Promise<void> {
      if (providerRef === null) return;
      try {
        await stripe.checkout.sessions.expire(providerRef);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        // Stripe refuses to expire a session that is no longer open; already expired or paid,
        // there is nothing left to stop (a payment is reported by its own webhook).
        const session = await stripe.checkout.sessions.retrieve(providerRef);
        if (session.status === "expired" || session.status === "complete") return;
        throw error;
      }
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!request.paymentReference) throw new Error(`Order ${request.orderId} has no Stripe payment to refund.`);
      const refund = await stripe.refunds.create(
        {
          payment_intent: request.paymentReference,
          amount: request.amountCents,
          reason: "requested_by_customer",
          metadata: { orderId: String(request.orderId) },
        },
        // Each refund once: a retry of the same one must not refund it twice.
        { idempotencyKey: `${keyOf(request.purpose, request.orderId)}-refund${request.key ? `-${request.key}` : ""}` },
      );
      return { refundRef: refund.id };
    },

    parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
      if (!signatureHeader) throw new WebhookSignatureError("The Stripe-Signature header is missing.");
      let event: Stripe.Event;
      try {
        // Verifies the HMAC over the exact bytes received and that the timestamp is recent (5 minutes).
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "The Stripe webhook does not verify.");
      }
      return toPaymentEvent(event);
    },
  };
}
