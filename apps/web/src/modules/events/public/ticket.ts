import type { PublicRegistration, RegistrationState } from "@clinic/shared";
import { useEffect, useState } from "react";

/**
 * The registrant's page's rules: what it offers in each state, and how long it waits for a card
 * payment the provider confirms to the server on its own (its webhook), not through this page.
 */

/** After the payment page, the registration is asked for again this often, this many times (about 30 s). */
export const CONFIRM_POLL_MS = 2_000;
export const CONFIRM_POLL_LIMIT = 15;

/** Asks again (`refetch`) every CONFIRM_POLL_MS while `active`, up to CONFIRM_POLL_LIMIT times; answers how many so far. */
export function useConfirmPolling(active: boolean, refetch: () => unknown): number {
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (!active || polls >= CONFIRM_POLL_LIMIT) return;
    const timer = setTimeout(() => {
      void refetch();
      setPolls((count) => count + 1);
    }, CONFIRM_POLL_MS);
    return () => clearTimeout(timer);
  }, [active, polls, refetch]);
  return polls;
}

/** The states in which the registration still has a place, or waits for one: the ones a registrant may give up. */
const LIVE: readonly RegistrationState[] = ["pending_payment", "confirmed", "waiting"];

/** Cancelling by the link is offered while the server gives a deadline and it has not passed. */
export const canCancel = (registration: PublicRegistration, now = Date.now()) =>
  LIVE.includes(registration.state) && registration.cancelUntil !== null && Date.parse(registration.cancelUntil) > now;

/** A live registration whose cancellation period is over, for an event still ahead: the page says to contact the organiser. */
export const cancelPeriodOver = (registration: PublicRegistration, now = Date.now()) =>
  LIVE.includes(registration.state) && !canCancel(registration, now) && Date.parse(registration.event.startsAt) > now;

/** What is still owed (a pending registration's amount, less any part already paid). */
export const amountDue = (registration: PublicRegistration) => Math.max(0, registration.amountCents - registration.paidCents);

/** What a cancellation would give back: what was paid and not yet refunded. */
export const refundOnCancel = (registration: PublicRegistration) => Math.max(0, registration.paidCents - registration.refundedCents);

/** A card payment that came back from the provider's page and the server has not confirmed yet. */
export const awaitingCardConfirmation = (registration: PublicRegistration | undefined, checkout: string | null) =>
  checkout === "success" && registration?.state === "pending_payment";
