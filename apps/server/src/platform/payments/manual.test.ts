import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createPaymentProvider } from "./index.ts";
import { createManualProvider } from "./manual.ts";
import { WebhookSignatureError } from "./port.ts";

/** Bank transfers: no provider to call, nothing to redirect to, no webhook to believe. */
describe("the manual provider", () => {
  const provider = createManualProvider();

  it("starts a checkout with nowhere to send the payer, cancels nothing and only records a refund", async () => {
    expect(provider.name).toBe("manual");
    const started = await provider.startCheckout({
      orderId: 1,
      orderNumber: "M-2026-0001",
      description: "Clinic membership",
      totalCents: 12_100,
      currency: "EUR",
      customerEmail: "billing@clinic.test",
      successUrl: "http://127.0.0.1/ok",
      cancelUrl: "http://127.0.0.1/cancelled",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(started).toEqual({ providerRef: null, redirectUrl: null });
    await expect(provider.cancelCheckout(null)).resolves.toBeUndefined();
    await expect(provider.refund({ orderId: 1, paymentReference: "TRANSFER-123", amountCents: 12_100, currency: "EUR", reason: "Closed" })).resolves.toEqual({
      refundRef: null,
    });
  });

  it("refuses every webhook, signed or not", () => {
    expect(() => provider.parseWebhook(Buffer.from('{"type":"checkout.session.completed"}'), "t=1,v1=abc")).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from(""), undefined)).toThrow(WebhookSignatureError);
  });
});

describe("createPaymentProvider", () => {
  it("builds the provider PAYMENT_PROVIDER names", () => {
    expect(createPaymentProvider("manual", loadConfig({}).billing).name).toBe("manual");
    const stripe = loadConfig({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_factory", STRIPE_WEBHOOK_SECRET: "whsec_factory" }).billing;
    expect(createPaymentProvider("stripe", stripe).name).toBe("stripe");
  });

  it("refuses stripe without its keys", () => {
    const billing = loadConfig({}).billing;
    expect(() => createPaymentProvider("stripe", { ...billing, providers: ["stripe"], stripe: null })).toThrow(/Stripe settings are missing/);
  });
});
