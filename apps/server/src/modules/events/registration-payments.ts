import type { Db } from "../../db/client.ts";
import type { EventDeps } from "./events-scope.ts";

// SCAFFOLD (helper 2b replaces the bodies; the signatures are the contract other helpers call).

/** Queues the job that expires an unpaid registration at `expiresAt` (once, whichever node runs it), inside `tx`. */
export async function scheduleExpiry(_tx: Db, _deps: EventDeps, _registrationId: number, _expiresAt: Date): Promise<void> {
  throw new Error("scheduleExpiry: not built yet");
}

/** After the registration's transaction commits: opens its provider's payment page (Stripe) and answers its address; null for a manual transfer. */
export async function startCheckout(_deps: EventDeps, _registrationId: number): Promise<string | null> {
  throw new Error("startCheckout: not built yet");
}

/**
 * Refunds all that is paid and not yet refunded at its provider, then records it: the ledger row,
 * the credit note, the state `refunded`, the place freed and the waiting list moved up, the email.
 */
export async function refundInFull(_deps: EventDeps, _registrationId: number, _reason: string, _by: string | null): Promise<void> {
  throw new Error("refundInFull: not built yet");
}
