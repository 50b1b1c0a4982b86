import type { PaymentProviderName } from "@clinic/shared";
import type { BillingSettings } from "../../config.ts";
import { createManualProvider } from "./manual.ts";
import type { Db } from "../../db/client.ts";
import type { PaymentEvent, PaymentProvider, PaymentPurpose } from "./port.ts";
import { createStripeProvider } from "./stripe.ts";

/** One payment provider by name, from the billing settings. */
export function createPaymentProvider(name: PaymentProviderName, settings: BillingSettings): PaymentProvider {
  switch (name) {
    case "manual":
      return createManualProvider();
    case "stripe":
      // loadConfig refuses PAYMENT_PROVIDER=stripe without its keys; settings built by hand may not.
      if (!settings.stripe) throw new Error("PAYMENT_PROVIDER names stripe but the Stripe settings are missing.");
      return createStripeProvider(settings.stripe);
  }
}

/** The providers PAYMENT_PROVIDER offers, by name. */
export type PaymentProviders = Partial<Record<PaymentProviderName, PaymentProvider>>;

export function createPaymentProviders(settings: BillingSettings): PaymentProviders {
  return Object.fromEntries(settings.providers.map((name) => [name, createPaymentProvider(name, settings)]));
}

/** What applying a webhook's event did, as the payment-event log records it. */
export type PaymentOutcome = "applied" | "already applied" | "unknown order" | "amount mismatch" | "ignored";

/**
 * A module whose orders are paid through the port besides billing's memberships (the shop):
 * applies the events of its own orders inside the webhook's transaction.
 */
export interface PaymentTarget {
  apply(tx: Db, event: PaymentEvent): Promise<{ outcome: PaymentOutcome; orderId: number | null }>;
}

/** The app's payments (`app.payments`): one set of providers for every module, and the targets the webhook hands events to. */
export interface Payments {
  providers: PaymentProviders;
  targets: Map<Exclude<PaymentPurpose, "membership">, PaymentTarget>;
}
