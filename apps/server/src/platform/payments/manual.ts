import {
  type CheckoutRequest,
  type CheckoutStart,
  type PaymentEvent,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
  WebhookSignatureError,
} from "./port.ts";

/**
 * Bank transfers: nothing happens at a provider. The payer follows the order's instructions,
 * someone allowed confirms the order by hand with the transfer's reference, and a refund is
 * only recorded (the money goes back by another transfer, outside the platform).
 */
export function createManualProvider(): PaymentProvider {
  return {
    name: "manual",
    async startCheckout(_request: CheckoutRequest): Promise<CheckoutStart> {
      return { providerRef: null, redirectUrl: null };
    },
    async cancelCheckout(_providerRef: string | null): Promise<void> {},
    async refund(_request: RefundRequest): Promise<RefundResult> {
      return { refundRef: null };
    },
    parseWebhook(_rawBody: Buffer, _signatureHeader: string | undefined): PaymentEvent {
      // No provider calls back for a transfer, so anything posted to a webhook is forged.
      throw new WebhookSignatureError("The manual payment provider receives no webhooks.");
    },
  };
}
