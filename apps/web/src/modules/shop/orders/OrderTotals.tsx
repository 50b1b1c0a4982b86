import type { ShopOrder } from "@clinic/shared";
import { Box, Divider, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useMoney } from "./money.ts";

export type Totals = Pick<ShopOrder, "subtotalCents" | "discountCents" | "taxCents" | "shippingCents" | "totalCents" | "applied">;

interface OrderTotalsProps {
  totals: Totals;
  currency: string;
  /** Show the shipping line (a shipped order, or a cart to be sent). */
  shipping: boolean;
  /** Money given back so far (an order): shown under the total when any. */
  refundedCents?: number;
  /** A label for the whole list, read before it. */
  label: string;
}

/**
 * Subtotal, each discount, tax, shipping and total exactly as the server priced them: the
 * screens add nothing up themselves. A definition list, so each figure is read with its name.
 */
export function OrderTotals({ totals, currency, shipping, refundedCents = 0, label }: OrderTotalsProps) {
  const { t } = useTranslation();
  const money = useMoney(currency);
  const row = (name: string, value: string, strong = false, key = name) => (
    <Box key={key} sx={{ display: "contents" }}>
      <Typography component="dt" sx={{ fontWeight: strong ? 700 : 400, overflowWrap: "anywhere" }}>
        {name}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: "right", whiteSpace: "nowrap", fontWeight: strong ? 700 : 400 }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box component="section" aria-label={label}>
      <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "1fr auto", columnGap: 2, rowGap: 0.5, m: 0 }}>
        {row(t("shopOrders.totals.subtotal"), money(totals.subtotalCents))}
        {totals.applied.map((discount) =>
          row(
            discount.code ? t("shopOrders.totals.discountCode", { title: discount.title, code: discount.code }) : discount.title,
            t("shopOrders.totals.minus", { amount: money(discount.amountCents) }),
            false,
            `discount-${discount.id}`,
          ),
        )}
        {totals.applied.length === 0 && totals.discountCents > 0
          ? row(t("shopOrders.totals.discounts"), t("shopOrders.totals.minus", { amount: money(totals.discountCents) }))
          : null}
        {row(t("shopOrders.totals.tax"), money(totals.taxCents))}
        {shipping ? row(t("shopOrders.totals.shipping"), money(totals.shippingCents)) : null}
      </Box>
      <Divider sx={{ my: 1 }} />
      <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "1fr auto", columnGap: 2, rowGap: 0.5, m: 0 }}>
        {row(t("shopOrders.totals.total"), money(totals.totalCents), true)}
        {refundedCents > 0 ? row(t("shopOrders.totals.refunded"), t("shopOrders.totals.minus", { amount: money(refundedCents) })) : null}
      </Box>
    </Box>
  );
}
