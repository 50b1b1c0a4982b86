import { formatCents } from "@clinic/shared";
import { useTranslation } from "react-i18next";

/** Cents as the reader's language writes money in the store's currency; every amount shown goes through it. */
export function useMoney(currency: string): (cents: number) => string {
  const { i18n } = useTranslation();
  return (cents: number) => formatCents(cents, currency, i18n.language);
}
