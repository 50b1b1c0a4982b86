import type { Db } from "../../db/client.ts";
import type { EventDeps } from "./events-scope.ts";

// SCAFFOLD (helper 2a replaces the body; the signature is the contract other helpers call).

/**
 * confirmed: the ticket (QR code, .ics); payment_due: how to pay (transfer details or the payment
 * page) and until when; waiting: the place in the waiting list; cancelled, refunded (amount),
 * expired (unpaid in time).
 */
export type RegistrationMailKind = "confirmed" | "payment_due" | "waiting" | "cancelled" | "refunded" | "expired";

/** Queues the registrant's email about `kind` inside `tx`, in their language, from the registration as it now stands. */
export async function mailRegistration(
  _tx: Db,
  _deps: EventDeps,
  _registrationId: number,
  _kind: RegistrationMailKind,
  _extra: { checkoutUrl?: string | null; amountCents?: number } = {},
): Promise<void> {
  throw new Error("mailRegistration: not built yet");
}
