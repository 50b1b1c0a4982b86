import type { ShopOrder } from "@clinic/shared";
import { Alert, Box, Button, Stack } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useAction, useResource } from "../../../lib/resource.ts";
import { BackLink, OrderUnavailable } from "./BackLink.tsx";
import { cancelMyOrder, MY_ORDER_KEY, MY_ORDERS_KEY, MY_ORDERS_SCREEN, myOrderPath } from "./api.ts";
import { OrderView } from "./OrderView.tsx";
import { usePolling } from "../../../lib/usePolling.ts";
import { PaymentNotice } from "./PaymentNotice.tsx";
import { customerCanCancel } from "./states.ts";
import { idParam } from "./url-params.ts";

/** shopMyOrder: one of the user's own orders, how to pay it while pending, and calling it off. */
export function MyOrderPage() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  if (id === null) return <Alert severity="warning">{t("shopOrders.order.notFound")}</Alert>;
  return <MyOrder id={id} />;
}

function MyOrder({ id }: { id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [searchParams] = useSearchParams();
  // Stripe brings the customer back with ?paid=1 (the server's success address); ?checkout= as billing's return does.
  const checkout = searchParams.get("paid") === "1" ? "success" : searchParams.get("checkout");
  const [confirming, setConfirming] = useState(false);
  const { data: order, network, refetch } = useResource<ShopOrder>([MY_ORDER_KEY, id], myOrderPath(id), { quiet: true });
  const polls = usePolling(checkout === "success" && order?.state === "pending" && order.provider === "stripe", refetch);
  const cancel = useAction(() => cancelMyOrder(id), {
    invalidate: [[MY_ORDERS_KEY]],
    success: t("shopOrders.mine.cancelled"),
    onSuccess: (updated) => {
      client.setQueryData([MY_ORDER_KEY, id], updated);
      setConfirming(false);
    },
  });

  if (!order && network.error) return <OrderUnavailable network={network} back={MY_ORDERS_SCREEN} backLabel={t("shopOrders.mine.back")} />;
  if (!order) return <Loading />;
  return (
    <Stack spacing={2}>
      <OrderView
        order={order}
        showCustomer={false}
        notices={<PaymentNotice order={order} checkout={checkout} polls={polls} />}
        actions={
          customerCanCancel(order) ? (
            <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
              {t("shopOrders.mine.cancel")}
            </Button>
          ) : undefined
        }
      />
      <Box>
        <BackLink to={MY_ORDERS_SCREEN} label={t("shopOrders.mine.back")} />
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t("shopOrders.mine.cancelTitle", { number: order.number })}
        text={t("shopOrders.mine.cancelText")}
        confirmLabel={t("shopOrders.mine.cancel")}
        destructive
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined)}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
