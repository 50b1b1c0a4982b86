import type { ShopOrder } from "@clinic/shared";
import { Alert, AlertTitle, CircularProgress, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";
import { POLL_LIMIT } from "../../../lib/usePolling.ts";
import { useMoney } from "./money.ts";

/**
 * What the customer of a pending order has to do: a bank transfer quoting the order number before
 * it expires, or wait while the card payment is confirmed. After Stripe's return, the outcome.
 */
export function PaymentNotice({ order, checkout, polls }: { order: ShopOrder; checkout: string | null; polls: number }) {
  const { t } = useTranslation();
  const money = useMoney(order.store.currency);
  if (checkout === "success" && order.state !== "pending") {
    return order.state === "cancelled" ? null : (
      <Alert severity="success" role="status">
        {t("shopOrders.pay.received")}
      </Alert>
    );
  }
  if (order.state !== "pending") return null;
  if (order.provider === "stripe") {
    if (checkout === "success") {
      return (
        <Alert severity="info" role="status" icon={polls < POLL_LIMIT ? <CircularProgress size={20} aria-hidden /> : undefined}>
          {polls < POLL_LIMIT ? t("shopOrders.pay.confirming") : t("shopOrders.pay.stillConfirming")}
        </Alert>
      );
    }
    return (
      <Alert severity="warning">
        {checkout === "cancelled" ? t("shopOrders.pay.cardCancelled") : t("shopOrders.pay.cardWaiting")}
        {order.expiresAt ? ` ${t("shopOrders.pay.expires", { date: formatDateTime(order.expiresAt) })}` : ""}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" variant="outlined">
      <AlertTitle component="h2" sx={{ fontSize: "1rem" }}>
        {t("shopOrders.pay.transferTitle")}
      </AlertTitle>
      <Typography sx={{ mb: 1 }}>{t("shopOrders.pay.transferText", { amount: money(order.totalCents), store: order.store.name })}</Typography>
      <Typography sx={{ fontWeight: 700, mb: 1 }}>{t("shopOrders.pay.quoteNumber", { number: order.number })}</Typography>
      {order.instructions ? <Typography sx={{ whiteSpace: "pre-line", mb: 1 }}>{order.instructions}</Typography> : null}
      {order.store.address ? (
        <Typography sx={{ whiteSpace: "pre-line", mb: 1 }}>{t("shopOrders.pay.storeAddress", { address: order.store.address })}</Typography>
      ) : null}
      {order.expiresAt ? <Typography>{t("shopOrders.pay.expiresTransfer", { date: formatDateTime(order.expiresAt) })}</Typography> : null}
    </Alert>
  );
}
