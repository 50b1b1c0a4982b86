import { amountToCents } from "./states.ts";

export type RefundAmountProblem = "notAmount" | "none" | "tooMuch";

/**
 * What is wrong with a refund before it is sent: an amount that is no amount, zero, or more
 * than is left; a missing reason. The server checks the same again.
 */
export function refundProblem(
  amount: string,
  reason: string,
  leftCents: number,
): { cents: number | null; amount: RefundAmountProblem | null; reason: boolean } {
  const cents = amountToCents(amount);
  const amountProblem: RefundAmountProblem | null = cents === null ? "notAmount" : cents < 1 ? "none" : cents > leftCents ? "tooMuch" : null;
  return { cents, amount: amountProblem, reason: reason.trim() === "" };
}
