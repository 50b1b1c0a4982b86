import type { ShopOrder } from "@clinic/shared";
import { Box, Card, CardContent, Stack, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";
import { OrderLines } from "./LineParts.tsx";
import { OrderStateChip } from "./OrderStateChip.tsx";
import { OrderTimeline } from "./OrderTimeline.tsx";
import { OrderTotals } from "./OrderTotals.tsx";

/** A card with a heading of its own, so each part of the page is a named region. */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", mb: 1.5 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          {actions}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" }, columnGap: 3, rowGap: 0.5, m: 0 }}>
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface OrderViewProps {
  order: ShopOrder;
  /** The manager sees who bought it. */
  showCustomer: boolean;
  /** Beside the heading: the actions the reader may take. */
  actions?: ReactNode;
  /** Between the summary and the lines: how to pay, a payment being confirmed. */
  notices?: ReactNode;
}

/** One order as both its customer and its store's manager read it: summary, lines, totals, history. */
export function OrderView({ order, showCustomer, actions, notices }: OrderViewProps) {
  const { t } = useTranslation();
  const facts: [string, ReactNode][] = [
    [t("shopOrders.facts.placed"), formatDateTime(order.createdAt)],
    [t("shopOrders.facts.store"), order.store.name],
  ];
  if (showCustomer) facts.push([t("shopOrders.facts.customer"), `${order.customer.name} · ${order.customer.email}`]);
  facts.push(
    order.fulfilment === "ship" ? [t("shopOrders.facts.shipTo"), order.address] : [t("shopOrders.facts.collectAt"), order.store.address || order.store.name],
  );
  facts.push([t("shopOrders.facts.payment"), t(`shopOrders.providers.${order.provider}`)]);
  // The customer reads the expiry in the payment notice; the manager here.
  if (showCustomer && order.state === "pending" && order.expiresAt) facts.push([t("shopOrders.facts.expires"), formatDateTime(order.expiresAt)]);
  if (order.paidAt) facts.push([t("shopOrders.facts.paid"), formatDateTime(order.paidAt)]);
  if (order.fulfilledAt)
    facts.push([t(order.fulfilment === "ship" ? "shopOrders.facts.shipped" : "shopOrders.facts.collected"), formatDateTime(order.fulfilledAt)]);
  if (order.note) facts.push([t("shopOrders.facts.note"), order.note]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 960, minWidth: 0 }}>
      <Card variant="outlined" component="section" aria-labelledby={`order-${order.id}-heading`}>
        <CardContent>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", mb: 2 }}>
            <Typography id={`order-${order.id}-heading`} variant="h6" component="h2" sx={{ overflowWrap: "anywhere" }}>
              {t("shopOrders.order.title", { number: order.number })}
            </Typography>
            <OrderStateChip state={order.state} />
          </Stack>
          <Facts facts={facts} />
          {actions ? <Box sx={{ mt: 2 }}>{actions}</Box> : null}
        </CardContent>
      </Card>
      {notices}
      <Section title={t("shopOrders.order.items")}>
        <OrderLines lines={order.lines} currency={order.store.currency} label={t("shopOrders.order.itemsOf", { number: order.number })} />
        <Box sx={{ mt: 2, ml: { sm: "auto" }, maxWidth: { sm: 420 } }}>
          <OrderTotals
            totals={order}
            currency={order.store.currency}
            shipping={order.fulfilment === "ship"}
            refundedCents={order.refundedCents}
            label={t("shopOrders.totals.label")}
          />
        </Box>
      </Section>
      <Section title={t("shopOrders.timeline.title")}>
        <OrderTimeline order={order} />
      </Section>
    </Stack>
  );
}
