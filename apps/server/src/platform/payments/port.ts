import type { PaymentProviderName } from "@clinic/shared";

/**
 * The one payment port (ARCHITECTURE.md, platform/payments/): what billing and, later, the shop
 * ask of a payment provider. Providers never touch the database: they start a payment, refund
 * one, and turn a provider's webhook into a PaymentEvent; billing applies events in its own
 * transactions (idempotent by event id).
 */

/** What to charge: computed by the server, in whole cents. */
export interface CheckoutRequest {
  /** Our order's id, carried through the provider and back in its events. */
  orderId: number;
  /** Our order's number, shown to the payer. */
  orderNumber: string;
  description: string;
  totalCents: number;
  /** ISO 4217, upper case (EUR). */
  currency: string;
  customerEmail: string;
  /** Where the provider sends the payer back. */
  successUrl: string;
  cancelUrl: string;
  /** When the provider should stop accepting this payment. */
  expiresAt: Date;
  /** Which of our order tables the id is of (webhook events come back tagged): a membership (billing), the shop or an event's registration. */
  purpose?: PaymentPurpose;
}

export type PaymentPurpose = "membership" | "shop" | "event";

export interface CheckoutStart {
  /** The provider's id of this payment attempt (Stripe: the Checkout Session id); null for manual. */
  providerRef: string | null;
  /** Where to send the payer (Stripe Checkout); null for manual transfers. */
  redirectUrl: string | null;
}

export interface RefundRequest {
  orderId: number;
  /** The provider's payment reference recorded when the order was paid (Stripe: the PaymentIntent id). */
  paymentReference: string | null;
  amountCents: number;
  currency: string;
  reason: string;
  purpose?: PaymentPurpose;
  /** Tells apart several refunds of one order (the shop refunds in parts); none: the order is refunded once, in full. */
  key?: string;
}

export interface RefundResult {
  /** The provider's refund id, or null where the refund is only recorded (manual). */
  refundRef: string | null;
}

/** What a verified webhook says happened, in our terms. */
export type PaymentEvent =
  | {
      kind: "paid";
      eventId: string;
      orderId: number | null;
      purpose: PaymentPurpose;
      providerRef: string;
      paymentReference: string | null;
      amountCents: number;
      currency: string;
    }
  | { kind: "expired"; eventId: string; orderId: number | null; purpose: PaymentPurpose; providerRef: string }
  | { kind: "refunded"; eventId: string; paymentReference: string; amountCents: number }
  /** Verified, but of a kind billing does not act on: recorded and answered 200. */
  | { kind: "ignored"; eventId: string; type: string };

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /** Stops a pending payment at the provider (Stripe: expires the session); manual: nothing to do. */
  cancelCheckout(providerRef: string | null): Promise<void>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Verifies a webhook's signature over its raw body and reads it; throws WebhookSignatureError when it does not verify. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
