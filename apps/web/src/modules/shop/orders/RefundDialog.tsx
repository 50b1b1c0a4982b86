import type { ShopOrder } from "@clinic/shared";
import { Checkbox, FormControlLabel, InputAdornment, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { refundOrder } from "./api.ts";
import { useMoney } from "./money.ts";
import { refundProblem } from "./refund.ts";
import { centsToAmount, leftToRefund, shopMessage } from "./states.ts";
import { useOrderAction } from "./useOrderAction.ts";

/**
 * A refund, whole or in part: the amount typed in the store's currency (sent as cents), the
 * reason the history keeps, and whether the units go back to stock. The server has the last word
 * on the amount; its refusal shows on the field.
 */
export function RefundDialog({ order, onClose }: { order: ShopOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney(order.store.currency);
  const left = leftToRefund(order);
  const [amount, setAmount] = useState(centsToAmount(left, i18n.language));
  const [reason, setReason] = useState("");
  const [restock, setRestock] = useState(false);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const action = useOrderAction(
    order,
    (input: { amountCents: number; reason: string; restock: boolean }) => refundOrder(order.id, input),
    t("shopOrders.actions.refunded"),
    onClose,
    setServerErrors,
  );
  const problem = refundProblem(amount, reason, left);
  const amountError = tried && problem.amount ? t(`shopOrders.refund.problems.${problem.amount}`) : shopMessage(t, serverErrors.amountCents?.join(" "));
  const reasonError = tried && problem.reason ? t("forms.required") : shopMessage(t, serverErrors.reason?.join(" "));

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t("shopOrders.refund.title", { number: order.number })}
      text={
        <>
          {t("shopOrders.refund.text", { total: money(order.totalCents), refunded: money(order.refundedCents), left: money(left) })}
          {/* Only a full refund ends the order: a part refunded leaves it to be shipped or collected. */}
          {order.state === "paid" ? ` ${t(order.fulfilment === "ship" ? "shopOrders.refund.beforeShipping" : "shopOrders.refund.beforeCollection")}` : ""}
        </>
      }
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        setServerErrors({});
        if (problem.cents === null || problem.amount || problem.reason) return;
        action.mutate({ amountCents: problem.cents, reason: reason.trim(), restock });
      }}
      pending={action.isPending}
      submitLabel={t("shopOrders.refund.submit")}
      destructive
    >
      <TextField
        label={t("shopOrders.refund.amount")}
        required
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={!!amountError}
        helperText={amountError ?? t("shopOrders.refund.amountHint", { left: money(left) })}
        slotProps={{
          htmlInput: { inputMode: "decimal", autoComplete: "off", maxLength: 16 },
          input: { endAdornment: <InputAdornment position="end">{order.store.currency}</InputAdornment> },
        }}
      />
      <TextField
        label={t("shopOrders.refund.reason")}
        required
        multiline
        minRows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={!!reasonError}
        helperText={reasonError}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <FormControlLabel
        control={<Checkbox checked={restock} onChange={(event) => setRestock(event.target.checked)} />}
        label={t("shopOrders.refund.restock")}
      />
    </FormDialog>
  );
}
