import type { ShopOrder } from "@clinic/shared";
import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cancelOrder, fulfilOrder, packingSlipPath, payOrder } from "./api.ts";
import { NoteDialog } from "./NoteDialog.tsx";
import { RefundDialog } from "./RefundDialog.tsx";
import { type ManagerAction, managerActions } from "./states.ts";

/**
 * The steps a manager can take on an order in its state, and its packing slip. Each asks
 * first: paying, fulfilling and cancelling with an optional note, a refund with its amount.
 */
export function ManagerActions({ order }: { order: ShopOrder }) {
  const { t } = useTranslation();
  const [acting, setActing] = useState<ManagerAction | null>(null);
  const close = () => setActing(null);
  const actions = managerActions(order);
  const fulfilKey = order.fulfilment === "ship" ? "shipped" : "collected";
  const labels: Record<ManagerAction, string> = {
    pay: t("shopOrders.actions.pay"),
    fulfil: t(`shopOrders.actions.${fulfilKey}`),
    refund: t("shopOrders.actions.refund"),
    cancel: t("shopOrders.actions.cancel"),
  };
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === "pay" || action === "fulfil" ? "contained" : "outlined"}
            color={action === "cancel" ? "error" : "primary"}
            onClick={() => setActing(action)}
          >
            {labels[action]}
          </Button>
        ))}
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfOutlined />}
          href={packingSlipPath(order.id)}
          download={`${order.number}-packing-slip.pdf`}
          aria-label={t("shopOrders.actions.packingSlipNamed", { number: order.number })}
        >
          {t("shopOrders.actions.packingSlip")}
        </Button>
      </Stack>
      {acting === "pay" ? (
        <NoteDialog
          order={order}
          title={t("shopOrders.actions.payTitle", { number: order.number })}
          text={t("shopOrders.actions.payText")}
          submitLabel={labels.pay}
          success={t("shopOrders.actions.paid")}
          run={(note) => payOrder(order.id, note)}
          onClose={close}
        />
      ) : null}
      {acting === "fulfil" ? (
        <NoteDialog
          order={order}
          title={t(`shopOrders.actions.${fulfilKey}Title`, { number: order.number })}
          text={t(`shopOrders.actions.${fulfilKey}Text`)}
          submitLabel={labels.fulfil}
          success={t(`shopOrders.actions.${fulfilKey}Done`)}
          run={(note) => fulfilOrder(order.id, note)}
          onClose={close}
        />
      ) : null}
      {acting === "cancel" ? (
        <NoteDialog
          order={order}
          title={t("shopOrders.actions.cancelTitle", { number: order.number })}
          text={order.state === "paid" ? t("shopOrders.actions.cancelPaidText") : t("shopOrders.actions.cancelText")}
          submitLabel={labels.cancel}
          success={t("shopOrders.actions.cancelled")}
          destructive
          run={(note) => cancelOrder(order.id, note)}
          onClose={close}
        />
      ) : null}
      {acting === "refund" ? <RefundDialog order={order} onClose={close} /> : null}
    </>
  );
}
