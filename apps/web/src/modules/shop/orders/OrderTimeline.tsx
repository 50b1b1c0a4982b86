import type { ShopOrder } from "@clinic/shared";
import { Box, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";
import { useMoney } from "./money.ts";
import { OrderStateChip } from "./OrderStateChip.tsx";

/** What happened to an order, oldest first: each state it reached, when, by whom, with its note or amount. */
export function OrderTimeline({ order }: { order: ShopOrder }) {
  const { t } = useTranslation();
  const money = useMoney(order.store.currency);
  if (order.events.length === 0) return <Typography color="text.secondary">{t("shopOrders.timeline.none")}</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {order.events.map((event, index) => (
        <Box
          component="li"
          // Events never reorder nor go away: their place in the history is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={index}
          sx={{ position: "relative", pl: 3, pb: index === order.events.length - 1 ? 0 : 2, borderLeft: 2, borderColor: "divider", ml: 1 }}
        >
          <Box
            aria-hidden
            sx={{
              position: "absolute",
              left: -7,
              top: 4,
              width: 12,
              height: 12,
              borderRadius: "50%",
              bgcolor: "background.paper",
              border: 2,
              borderColor: "primary.main",
            }}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <OrderStateChip state={event.state} />
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(event.at)}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {event.by ? t("shopOrders.timeline.by", { name: event.by.name }) : t("shopOrders.timeline.bySystem")}
            {event.amountCents !== null ? ` · ${t("shopOrders.timeline.amount", { amount: money(event.amountCents) })}` : ""}
          </Typography>
          {event.note ? (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
              {event.note}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
