import { PRODUCT_QUOTE_MESSAGES, type ProductQuoteMessageKey, type ProductQuoteState } from "@clinic/shared";
import type { TFunction } from "i18next";
import { sharedMessage } from "../../../lib/field-messages.ts";
import { refusalText, registerRefusals } from "../../../lib/refusals.ts";

/**
 * What the staff's quote screens show alike: the state chips' colours and the server's refusals
 * (PRODUCT_QUOTE_MESSAGES) in the interface language, by key (`productQuoter.messages.<key>`).
 */

type ChipColor = "default" | "warning" | "success" | "info" | "error" | "secondary" | "primary";

/** Open quotes in blue shades, the client's yes in green, a no or a lapse in red or grey. */
export const QUOTE_STATE_COLORS: Record<ProductQuoteState, ChipColor> = {
  draft: "default",
  sent: "info",
  viewed: "primary",
  accepted: "success",
  declined: "error",
  expired: "warning",
  converted: "success",
  revised: "default",
};

/** The server's English text of each message, its placeholders (`{lines}`) as capture groups. */
const PATTERNS = (Object.entries(PRODUCT_QUOTE_MESSAGES) as [ProductQuoteMessageKey, string][]).map(([key, text]) => {
  const names: string[] = [];
  const source = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
    names.push(name);
    return "(.+?)";
  });
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/** The key of one of the module's messages, with its placeholders' values; null for any other text. */
export function quoteMessageKey(message: string): { key: ProductQuoteMessageKey; values: Record<string, string> } | null {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return { key, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ""])) };
  }
  return null;
}

/** A message of the product quoter in the interface language; any other text as it came. */
export function quoteMessage(t: TFunction, message: string): string {
  const found = quoteMessageKey(message);
  return found ? t(`productQuoter.messages.${found.key}`, found.values) : message;
}

registerRefusals(quoteMessage);

/** A field's message, from the form's own check or the server, in the interface language. */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const translated = quoteMessage(t, message);
  return translated === message ? refusalText(t, sharedMessage(t, message)) : translated;
}

/** Basis points as a percentage the reader's language writes: 2100 → "21%", 1050 → "10,5 %" in Spanish. */
export function percentText(basisPoints: number, language: string): string {
  return new Intl.NumberFormat(language === "es" ? "es-ES" : "en-GB", { style: "percent", maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}
