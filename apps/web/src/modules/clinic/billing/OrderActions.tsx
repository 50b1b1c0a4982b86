import { confirmOrderSchema, type OrderDetail, refundOrderSchema } from "@clinic/shared";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { type FieldValues, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { cancelOrder, confirmOrder, ORDER_KEY, ORDERS_KEY, OVERVIEW_KEY, refundOrder } from "./api.ts";
import { billingMessage } from "./format.ts";

type Acting = "confirm" | "cancel" | "refund" | null;

/** What every action does after the server answers: the page shows the new order, the lists refetch. */
function useOrderAction<TInput>(
  order: OrderDetail,
  run: (input: TInput) => Promise<OrderDetail>,
  success: string,
  onDone: () => void,
  onFieldErrors?: (fields: Record<string, string[]>) => void,
) {
  const client = useQueryClient();
  return useAction(run, {
    invalidate: [[ORDERS_KEY], [OVERVIEW_KEY]],
    success,
    onFieldErrors,
    onSuccess: (updated) => {
      client.setQueryData([ORDER_KEY, order.id], updated);
      onDone();
    },
  });
}

interface TextDialogProps {
  order: OrderDetail;
  name: "reference" | "reason";
  schema: z.ZodType<FieldValues>;
  title: string;
  text: string;
  label: string;
  required: boolean;
  maxLength: number;
  submitLabel: string;
  destructive?: boolean;
  success: string;
  run: (value: string) => Promise<OrderDetail>;
  onClose: () => void;
}

/** A dialog asking for one text (the payment's reference, a refund's reason) before the action. */
function TextDialog(props: TextDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<FieldValues>({ resolver: zodResolver(props.schema as never) as never, defaultValues: { [props.name]: "" } });
  const action = useOrderAction(
    props.order,
    (values: FieldValues) => props.run(String(values[props.name] ?? "")),
    props.success,
    props.onClose,
    (fields) => applyFieldErrors(form.setError, fields, [props.name]),
  );
  const error = form.formState.errors[props.name];
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={form.handleSubmit((values) => action.mutate(values))}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{props.text}</DialogContentText>
          <TextField
            label={props.label}
            required={props.required}
            fullWidth
            autoFocus
            multiline={props.name === "reason"}
            minRows={props.name === "reason" ? 2 : undefined}
            {...form.register(props.name)}
            error={!!error}
            helperText={billingMessage(t, typeof error?.message === "string" ? error.message : undefined)}
            slotProps={{ htmlInput: { maxLength: props.maxLength, autoComplete: "off" } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" color={props.destructive ? "error" : "primary"} disabled={action.isPending}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The actions the server offers on an order (`can`): confirm a transfer, cancel, refund. */
export function OrderActions({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const [acting, setActing] = useState<Acting>(null);
  const close = () => setActing(null);
  const cancel = useOrderAction(order, () => cancelOrder(order.id), t("billing.actions.cancelled"), close);
  if (!order.can.confirm && !order.can.cancel && !order.can.refund) return null;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
        {order.can.confirm ? (
          <Button variant="contained" onClick={() => setActing("confirm")}>
            {t("billing.actions.confirm")}
          </Button>
        ) : null}
        {order.can.refund ? (
          <Button variant="outlined" onClick={() => setActing("refund")}>
            {t("billing.actions.refund")}
          </Button>
        ) : null}
        {order.can.cancel ? (
          <Button variant="outlined" color="error" onClick={() => setActing("cancel")}>
            {t("billing.actions.cancel")}
          </Button>
        ) : null}
      </Stack>
      {acting === "confirm" ? (
        <TextDialog
          order={order}
          name="reference"
          schema={confirmOrderSchema}
          title={t("billing.actions.confirmTitle", { number: order.number })}
          text={t("billing.actions.confirmText")}
          label={t("billing.actions.reference")}
          required
          maxLength={100}
          submitLabel={t("billing.actions.confirm")}
          success={t("billing.actions.confirmed")}
          run={(reference) => confirmOrder(order.id, reference)}
          onClose={close}
        />
      ) : null}
      {acting === "refund" ? (
        <TextDialog
          order={order}
          name="reason"
          schema={refundOrderSchema}
          title={t("billing.actions.refundTitle", { number: order.number })}
          text={t("billing.actions.refundText")}
          label={t("billing.actions.reason")}
          required={false}
          maxLength={500}
          submitLabel={t("billing.actions.refund")}
          destructive
          success={t("billing.actions.refunded")}
          run={(reason) => refundOrder(order.id, reason)}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        open={acting === "cancel"}
        title={t("billing.actions.cancelTitle", { number: order.number })}
        text={t("billing.actions.cancelText")}
        confirmLabel={t("billing.actions.cancel")}
        destructive
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined)}
        onCancel={close}
      />
    </>
  );
}
