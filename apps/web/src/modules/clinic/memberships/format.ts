import { membershipMessageKey } from "@clinic/shared";
import type { TFunction } from "i18next";

/** A price ("49.90") with two decimals in the reader's locale (49,90 in Spanish); the string stays the truth. */
export function formatMoney(value: string, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));
}

/** A field message of the memberships API or schema, in the user's language; other texts as they are. */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = membershipMessageKey(message);
  return key ? t(`memberships.errors.${key}`) : message;
}

/** The label of a plan's period (spec §9: 1 Monthly, 2 Bimonthly, 3 Quarterly, 6 Semiannual). */
export const monthsLabel = (t: TFunction, months: number) => t(`memberships.monthsOption.${months}`);
