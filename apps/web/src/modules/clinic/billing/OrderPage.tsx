import type { Invoice, OrderDetail } from "@clinic/shared";
import CreditCard from "@mui/icons-material/CreditCard";
import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import { Alert, AlertTitle, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { useResource } from "../../../lib/resource.ts";
import { useRefreshSession } from "../../../lib/session.ts";
import { AmountsTable } from "./AmountsTable.tsx";
import { invoicePdfPath, MY_MEMBERSHIP_PATH, ORDER_KEY, ORDERS_KEY, OVERVIEW_KEY, orderApiPath, PAYMENT_HISTORY_PATH } from "./api.ts";
import { POLL_LIMIT, usePolling } from "../../../lib/usePolling.ts";
import { confirmingPayment } from "./format.ts";
import { OrderActions } from "./OrderActions.tsx";
import { OrderStateChip } from "./StateChips.tsx";

/** membershipInvoice (getMembership/invoice/{orderId}): one order, how to pay it, its invoice. */
export function OrderPage() {
  const { t } = useTranslation();
  const id = Number(useParams().orderId);
  if (!Number.isInteger(id) || id <= 0) return <Alert severity="warning">{t("errors.status404")}</Alert>;
  return <Order orderId={id} />;
}

function Order({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [searchParams] = useSearchParams();
  const checkout = searchParams.get("checkout");
  const { data: order, refetch, network } = useResource<OrderDetail>([ORDER_KEY, orderId], orderApiPath(orderId));
  const confirming = confirmingPayment(order, checkout);
  const polls = usePolling(confirming, refetch);
  usePaidRefresh(order, checkout === "success");

  if (!order && network.error) return <LoadFailed message={network.status === 404 ? t("billing.order.notFound") : network.message} />;
  if (!order) return <Loading />;
  return (
    <Box sx={{ maxWidth: 880 }}>
      {confirming ? (
        <Alert severity="info" role="status" icon={polls < POLL_LIMIT ? <CircularProgress size={20} aria-hidden /> : undefined} sx={{ mb: 2 }}>
          {polls < POLL_LIMIT ? t("billing.order.confirming") : t("billing.order.stillConfirming")}
        </Alert>
      ) : null}
      {checkout === "success" && order.state === "paid" ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t("billing.order.paymentReceived")}
        </Alert>
      ) : null}
      {checkout === "cancelled" && order.state === "pending" ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t("billing.order.checkoutCancelled")}
        </Alert>
      ) : null}
      <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1, mb: 2 }}>
            <Typography id={headingId} variant="h6" component="h2">
              {t("billing.order.title", { number: order.number })}
            </Typography>
            <OrderStateChip state={order.state} />
          </Stack>
          <OrderFacts order={order} />
          {order.state === "pending" ? <PayOrder order={order} /> : null}
          <Box sx={{ my: 2 }}>
            <AmountsTable amounts={order} caption={t("billing.order.lines", { number: order.number })} />
          </Box>
          <OrderActions order={order} />
        </CardContent>
      </Card>
      {order.invoices.length > 0 ? <InvoiceList invoices={order.invoices} /> : null}
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to={MY_MEMBERSHIP_PATH}>
          {t("billing.summary.back")}
        </Button>
        <Button component={RouterLink} to={PAYMENT_HISTORY_PATH}>
          {t("billing.history.title")}
        </Button>
      </Stack>
    </Box>
  );
}

/** The order could not be read (another clinic's is 404): say so, and the way back. */
export function LoadFailed({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Button component={RouterLink} to={MY_MEMBERSHIP_PATH} variant="outlined">
        {t("billing.summary.back")}
      </Button>
    </Box>
  );
}

/** Once a card payment lands, the session (its banner, the gated menu) and the overview speak of it. */
function usePaidRefresh(order: OrderDetail | undefined, returned: boolean) {
  const client = useQueryClient();
  const refreshSession = useRefreshSession();
  const paid = returned && order?.state === "paid";
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the order turns paid.
  useEffect(() => {
    if (!paid) return;
    void refreshSession();
    void client.invalidateQueries({ queryKey: [OVERVIEW_KEY] });
    void client.invalidateQueries({ queryKey: [ORDERS_KEY] });
  }, [paid]);
}

function OrderFacts({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t("billing.order.plan"), order.plan],
    [t("billing.order.billing"), t(`billing.billingOption.${order.billing}`)],
    [t("billing.order.period"), t("billing.range", { from: order.periodFrom, to: order.periodTo })],
    [t("billing.order.buyer"), order.buyer.name || order.buyer.email],
    [t("billing.order.created"), formatDate(order.createdAt)],
  ];
  if (order.state === "pending") facts.push([t("billing.order.expires"), formatDate(order.expiresAt)]);
  if (order.paidAt) facts.push([t("billing.order.paid"), formatDate(order.paidAt)]);
  if (order.paymentReference) facts.push([t("billing.order.reference"), order.paymentReference]);
  if (order.cancelledAt) facts.push([t("billing.order.cancelledAt"), formatDate(order.cancelledAt)]);
  if (order.refundedAt) facts.push([t("billing.order.refundedAt"), formatDate(order.refundedAt)]);
  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" }, columnGap: 3, rowGap: 0.5, m: 0 }}>
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: "anywhere" }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A pending order: the bank transfer's instructions with the number to quote, or the card payment. */
function PayOrder({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  if (order.provider === "stripe") {
    return order.checkoutUrl ? (
      <Button variant="contained" size="large" startIcon={<CreditCard />} href={order.checkoutUrl} sx={{ mt: 2 }}>
        {t("billing.order.payByCard")}
      </Button>
    ) : null;
  }
  return (
    <Alert severity="warning" variant="outlined" sx={{ mt: 2 }}>
      <AlertTitle component="h3">{t("billing.order.transferTitle")}</AlertTitle>
      <Typography sx={{ fontWeight: 700, mb: 1 }}>{t("billing.order.quoteNumber", { number: order.number })}</Typography>
      {order.instructions ? <Typography sx={{ whiteSpace: "pre-line" }}>{order.instructions}</Typography> : null}
    </Alert>
  );
}

/** The invoice of a paid order and, once refunded, its credit note, each as a PDF. */
function InvoiceList({ invoices }: { invoices: Invoice[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t("billing.invoice.title")}
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {invoices.map((invoice) => {
            const kind = invoice.kind === "invoice" ? t("billing.invoice.invoice") : t("billing.invoice.creditNote");
            return (
              <Stack
                component="li"
                key={invoice.id}
                direction={{ xs: "column", sm: "row" }}
                spacing={1}
                sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
              >
                <Typography>
                  {t("billing.invoice.line", { kind, number: invoice.number, date: formatDate(invoice.issuedAt) })}
                  {invoice.creditsNumber ? ` · ${t("billing.invoice.credits", { number: invoice.creditsNumber })}` : ""}
                </Typography>
                <Button
                  variant="outlined"
                  startIcon={<PictureAsPdfOutlined />}
                  href={invoicePdfPath(invoice.id)}
                  download={`${invoice.number}.pdf`}
                  aria-label={t("billing.invoice.downloadNamed", { kind, number: invoice.number })}
                >
                  {t("billing.invoice.download")}
                </Button>
              </Stack>
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
}
