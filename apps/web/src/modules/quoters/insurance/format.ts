import { type InsuranceQuoteState, QUOTER_MESSAGES, type QuoterMessageKey } from "@clinic/shared";
import type { TFunction } from "i18next";
import { sharedMessage } from "../../../lib/field-messages.ts";
import { formatScaled, parseScaled } from "../../../lib/money.ts";
import { refusalText, registerRefusals } from "../../../lib/refusals.ts";

/**
 * What the insurance quoter's screens show alike: factors as multipliers ("×1.25", kept in basis
 * points by the API), the state chips' colours, and the server's refusals (QUOTER_MESSAGES) in the
 * interface language, placeholders and all ("must start at 26").
 */

/** Basis points per ×1. */
const FACTOR_DIGITS = 4;

/** A typed multiplier ("1.25", "1,25") as basis points (12 500), or null when it is not one (more than four decimals, negative). */
export const parseFactor = (text: string): number | null => parseScaled(text, FACTOR_DIGITS);
/** Basis points as the multiplier a field holds: 12 500 → "1.25" ("1,25" in Spanish). */
export const factorText = (bp: number, language: string): string => formatScaled(bp, FACTOR_DIGITS, language, { trimZeros: true });
/** A multiplier as read beside an amount: "×1.25". */
export const factorShown = (bp: number, language: string): string => `×${factorText(bp, language)}`;

type ChipColor = "default" | "warning" | "success" | "info" | "error" | "secondary";

/** Sent waits for the applicant (blue), accepted and bound are won (green), declined and expired are lost. */
export const QUOTE_STATE_COLORS: Record<InsuranceQuoteState, ChipColor> = {
  draft: "default",
  sent: "info",
  accepted: "success",
  declined: "error",
  expired: "warning",
  bound: "secondary",
};

/** The server's English text of each message, its placeholders (`{expected}`) as capture groups. */
const PATTERNS = (Object.entries(QUOTER_MESSAGES) as [QuoterMessageKey, string][]).map(([key, text]) => {
  const names: string[] = [];
  const source = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
    names.push(name);
    return "(.+?)";
  });
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/** A message of the quoter in the interface language (`quoter.messages.<key>`); any other text as it came. */
export function quoterMessage(t: TFunction, message: string): string {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(`quoter.messages.${key}`, Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ""])));
  }
  return message;
}

registerRefusals(quoterMessage);

/** A field's message, from the form's own check or the server, in the interface language. */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const translated = quoterMessage(t, message);
  return translated === message ? refusalText(t, sharedMessage(t, message)) : translated;
}

/** A day `days` after `day` (both `YYYY-MM-DD`, counted in UTC as the server counts validity). */
export const dayAfter = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Today in UTC, as the server dates validity and policies. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);
