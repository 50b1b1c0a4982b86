import type { RegistrationRow } from "@clinic/shared";
import { parseMoney } from "../../../lib/money.ts";

/**
 * What staff may do to a registration in its state, as the contract allows it; the server checks
 * it all again, so this only keeps the dialog from offering what it would refuse.
 */
export type RegistrationAction = "confirm" | "checkIn" | "cancel" | "refund" | "resend";

type Facts = Pick<RegistrationRow, "state" | "paidCents" | "refundedCents">;

/** The money paid and not yet given back: the most a refund may be. */
export const refundableCents = (registration: Facts) => Math.max(0, registration.paidCents - registration.refundedCents);

/**
 * pending payment → confirm (a transfer arrived) or cancel; confirmed → check in, cancel, refund;
 * waiting → cancel; checked in → refund; a cancelled one may still have money to give back. The
 * ticket email goes again while the registration stands.
 */
export function registrationActions(registration: Facts): RegistrationAction[] {
  const refund: RegistrationAction[] = refundableCents(registration) > 0 ? ["refund"] : [];
  switch (registration.state) {
    case "pending_payment":
      return ["confirm", "cancel", "resend"];
    case "confirmed":
      return ["checkIn", ...refund, "cancel", "resend"];
    case "waiting":
      return ["cancel", "resend"];
    case "checked_in":
      return [...refund, "resend"];
    case "cancelled":
      return refund;
    default:
      return [];
  }
}

export type RefundProblem = "amount" | "tooMuch" | null;

/** A typed refund read as cents, or why it cannot be sent: not an amount of the currency, nothing, or more than is left. */
export function refundAmount(text: string, currency: string, left: number): { cents: number | null; problem: RefundProblem } {
  const cents = parseMoney(text, currency);
  if (cents === null || cents <= 0) return { cents: null, problem: "amount" };
  if (cents > left) return { cents: null, problem: "tooMuch" };
  return { cents, problem: null };
}
