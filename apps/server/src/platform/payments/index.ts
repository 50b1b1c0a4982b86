import type { PaymentProviderName } from "@clinic/shared";
import type { BillingSettings } from "../../config.ts";
import { createManualProvider } from "./manual.ts";
import type { PaymentProvider } from "./port.ts";
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
