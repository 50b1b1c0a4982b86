import { formatMoney } from "../../../lib/money.ts";

/** How the dashboard, the report and the ratings write their figures, in the interface language. */

const locale = (language: string) => (language === "es" ? "es-ES" : "en-GB");

/** A share of 0–1 as "42 %"; "–" when there was nothing to share (no open hours). */
export function formatShare(ratio: number | null, language: string): string {
  if (ratio === null) return "–";
  return new Intl.NumberFormat(locale(language), { style: "percent", maximumFractionDigits: 0 }).format(ratio);
}

/** Minutes as hours with one decimal: "12.5" (the column says "hours"). */
export function formatHours(minutes: number, language: string): string {
  return new Intl.NumberFormat(locale(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(minutes / 60);
}

/** A count as the language writes it: "1,234" or "1234". */
export const formatCount = (value: number, language: string) => new Intl.NumberFormat(locale(language)).format(value);

/** An average score with at most one decimal: "4.3" / "4,3"; null when nobody rated. */
export function formatScore(score: number | null, language: string): string | null {
  if (score === null) return null;
  return new Intl.NumberFormat(locale(language), { maximumFractionDigits: 1 }).format(score);
}

/** A bar's width for a share: 0–100, a share over 1 (more held than open, after hours changed) drawn full. */
export const shareWidth = (ratio: number | null) => (ratio === null ? 0 : Math.max(0, Math.min(100, Math.round(ratio * 100))));

/** A price in cents in the platform's currency, or as a plain amount when the currency is not known to this user. */
export function formatPrice(cents: number, currency: string | null, language: string): string {
  if (currency) return formatMoney(cents, currency, language);
  return new Intl.NumberFormat(locale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}
