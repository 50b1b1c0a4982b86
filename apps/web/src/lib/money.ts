/**
 * Amounts as people type them and as the API keeps them. Money travels as integer cents and
 * rates as basis points; a typed "12,50" becomes 1250 by moving digits in the string, never
 * through a float (12.5 * 100 and 0.07 * 100 are not whole numbers in binary floating point).
 */

/** How many decimals the currency's amounts have (EUR 2, JPY 0, KWD 3); 2 for a code Intl does not know. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Above this many digits a Number stops holding every whole value (2^53). */
const SAFE_DIGITS = 15;

/**
 * A decimal as typed, scaled to a whole number of its smallest unit: ("12,5", 2) → 1250.
 * Either "." or "," separates the decimals, since both languages' users type both; thousands
 * separators are refused rather than guessed ("1.234" is 1.234 to some and 1234 to others).
 * Null when it is not such a number, has more decimals than `digits`, or is negative unless `signed`.
 */
export function parseScaled(text: string, digits: number, { signed = false }: { signed?: boolean } = {}): number | null {
  const match = /^([-+\u2212]?)(\d*)(?:[.,](\d*))?$/.exec(text.trim().replace(/\s+/g, ""));
  if (!match) return null;
  const [, sign = "", whole = "", fraction = ""] = match;
  if (whole === "" && fraction === "") return null;
  if (fraction.length > digits) return null;
  const negative = sign === "-" || sign === "\u2212";
  if (negative && !signed) return null;
  const units = `${whole.replace(/^0+(?=\d)/, "") || "0"}${fraction.padEnd(digits, "0")}`.replace(/^0+(?=\d)/, "");
  if (units.length > SAFE_DIGITS) return null;
  const value = Number(units);
  return negative && value !== 0 ? -value : value;
}

/** A whole number of smallest units written back as a decimal, in the language's separator: (1250, 2, "es") → "12,50". */
export function formatScaled(value: number, digits: number, language: string, { trimZeros = false }: { trimZeros?: boolean } = {}): string {
  const sign = value < 0 ? "-" : "";
  const text = String(Math.abs(Math.trunc(value))).padStart(digits + 1, "0");
  const whole = text.slice(0, text.length - digits);
  let fraction = digits > 0 ? text.slice(text.length - digits) : "";
  if (trimZeros) fraction = fraction.replace(/0+$/, "");
  const separator = language === "es" ? "," : ".";
  return fraction ? `${sign}${whole}${separator}${fraction}` : `${sign}${whole}`;
}

/** A typed price in `currency` as integer cents (minor units), or null when it is not one. */
export const parseMoney = (text: string, currency: string): number | null => parseScaled(text, currencyDigits(currency));

/** Cents as the text a money field starts with: 1250 EUR → "12.50" ("12,50" in Spanish). */
export const centsToText = (cents: number, currency: string, language: string): string => formatScaled(cents, currencyDigits(currency), language);

/** A typed percentage as basis points: "10" → 1000, "10,5" → 1050, "0.01" → 1; null past two decimals or when not a number. */
export const percentToBp = (text: string): number | null => parseScaled(text, 2);

/** Basis points as the text a percentage field starts with: 1000 → "10", 1050 → "10.5" ("10,5" in Spanish). */
export const bpToPercentText = (basisPoints: number, language: string): string => formatScaled(basisPoints, 2, language, { trimZeros: true });

/** A typed whole number (stock, a limit), or null: "" and "1.5" are not one. */
export function parseWhole(text: string, { signed = false }: { signed?: boolean } = {}): number | null {
  return parseScaled(text, 0, { signed });
}

/**
 * An amount in the currency's smallest unit as the language writes money: (1250, "EUR") →
 * "€12.50" ("12,50 €" in Spanish). `signed` always shows the sign of a balance ("+€99.60").
 * A code Intl does not know is written plainly ("12.50 XYZ") rather than failing the screen.
 */
export function formatMoney(cents: number, currency: string, language: string, { signed = false }: { signed?: boolean } = {}): string {
  const digits = currencyDigits(currency);
  const value = cents / 10 ** digits;
  try {
    return new Intl.NumberFormat(language === "es" ? "es-ES" : "en-GB", { style: "currency", currency, signDisplay: signed ? "exceptZero" : "auto" }).format(
      value,
    );
  } catch {
    return `${signed && cents > 0 ? "+" : ""}${value.toFixed(digits)} ${currency}`;
  }
}
