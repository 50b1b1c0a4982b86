import type { BillingSettings } from "../../config.ts";
import { createManualProvider } from "./manual.ts";
import type { PaymentProvider } from "./port.ts";
import { createStripeProvider } from "./stripe.ts";

/** The one payment provider the billing settings name (PAYMENT_PROVIDER). */
export function createPaymentProvider(settings: BillingSettings): PaymentProvider {
  switch (settings.provider) {
    case "manual":
      return createManualProvider();
    case "stripe":
      // loadConfig refuses PAYMENT_PROVIDER=stripe without its keys; settings built by hand may not.
      if (!settings.stripe) throw new Error("PAYMENT_PROVIDER is stripe but the Stripe settings are missing.");
      return createStripeProvider(settings.stripe);
  }
}
