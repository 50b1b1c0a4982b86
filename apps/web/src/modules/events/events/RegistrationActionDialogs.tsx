import { EVENT_LIMITS, type RegistrationDetail } from "@clinic/shared";
import { Checkbox, FormControlLabel, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { useAction } from "../../../lib/resource.ts";
import { MoneyField } from "../../../lib/components/MoneyField.tsx";
import { centsToText } from "../../../lib/money.ts";
import { cancelRegistration, confirmPayment, EVERY_EVENT_LIST, refundRegistration, registrationReplaced } from "./api.ts";
import { fieldMessage, formatMoney } from "./format.ts";
import { refundableCents, refundAmount } from "./registration-actions.ts";

interface ActionDialogProps {
  registration: RegistrationDetail;
  onClose: () => void;
  /** The registration as the server answers it after the action. */
  onDone: (changed: RegistrationDetail) => void;
}

/** The server's 400 messages by field, kept to show under the dialog's fields. */
function useServerErrors() {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  return { errors, setErrors, of: (field: string) => errors[field]?.join(" ") };
}

/** A transfer arrived: the payment is recorded (with the bank's reference) and the place confirmed; an invoice is issued. */
export function ConfirmPaymentDialog({ registration, onClose, onDone }: ActionDialogProps) {
  const { t, i18n } = useTranslation();
  const [reference, setReference] = useState("");
  const [note, setNote] = useState("");
  const server = useServerErrors();
  const action = useAction((input: { reference: string; note: string }) => confirmPayment(registration.id, input), {
    invalidate: EVERY_EVENT_LIST,
    replaces: registrationReplaced,
    success: (changed) => t("events.notices.confirmed", { name: changed.name }),
    onFieldErrors: server.setErrors,
    onSuccess: onDone,
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t("events.registration.confirmTitle", { number: registration.number })}
      text={t("events.registration.confirmText", {
        name: registration.name,
        amount: formatMoney(registration.amountCents - registration.paidCents, registration.currency, i18n.language),
      })}
      onSubmit={(submit) => {
        submit.preventDefault();
        server.setErrors({});
        action.mutate({ reference: reference.trim(), note: note.trim() });
      }}
      pending={action.isPending}
      submitLabel={t("events.registration.confirm")}
    >
      <TextField
        label={t("events.fields.reference")}
        value={reference}
        onChange={(change) => setReference(change.target.value)}
        error={!!server.of("reference")}
        helperText={fieldMessage(t, server.of("reference")) ?? t("events.registration.referenceHint")}
        slotProps={{ htmlInput: { maxLength: EVENT_LIMITS.reference } }}
      />
      <TextField
        label={t("events.fields.note")}
        multiline
        minRows={2}
        value={note}
        onChange={(change) => setNote(change.target.value)}
        error={!!server.of("note")}
        helperText={fieldMessage(t, server.of("note"))}
        slotProps={{ htmlInput: { maxLength: EVENT_LIMITS.note } }}
      />
    </FormDialog>
  );
}

/** Staff cancel a registration; one that was paid is refunded in full unless they untick it. Its place goes to the waiting list. */
export function CancelRegistrationDialog({ registration, onClose, onDone }: ActionDialogProps) {
  const { t, i18n } = useTranslation();
  const left = refundableCents(registration);
  const [note, setNote] = useState("");
  const [refund, setRefund] = useState(left > 0);
  const server = useServerErrors();
  const action = useAction((input: { note: string; refund: boolean }) => cancelRegistration(registration.id, input), {
    invalidate: EVERY_EVENT_LIST,
    replaces: registrationReplaced,
    success: (changed) => t("events.notices.cancelled", { name: changed.name }),
    onFieldErrors: server.setErrors,
    onSuccess: onDone,
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t("events.registration.cancelTitle", { number: registration.number })}
      text={t("events.registration.cancelText", { name: registration.name })}
      onSubmit={(submit) => {
        submit.preventDefault();
        server.setErrors({});
        action.mutate({ note: note.trim(), refund: left > 0 && refund });
      }}
      pending={action.isPending}
      submitLabel={t("events.registration.cancelSubmit")}
      destructive
    >
      <TextField
        label={t("events.fields.note")}
        multiline
        minRows={2}
        value={note}
        onChange={(change) => setNote(change.target.value)}
        error={!!server.of("note")}
        helperText={fieldMessage(t, server.of("note"))}
        slotProps={{ htmlInput: { maxLength: EVENT_LIMITS.note } }}
      />
      {left > 0 ? (
        <FormControlLabel
          control={<Checkbox checked={refund} onChange={(change) => setRefund(change.target.checked)} />}
          label={t("events.registration.refundInFull", { amount: formatMoney(left, registration.currency, i18n.language) })}
        />
      ) : null}
    </FormDialog>
  );
}

/** A refund, whole or in part, of what was paid and not yet given back, with the reason the ledger keeps; a credit note is issued. */
export function RefundRegistrationDialog({ registration, onClose, onDone }: ActionDialogProps) {
  const { t, i18n } = useTranslation();
  const left = refundableCents(registration);
  const [amount, setAmount] = useState(centsToText(left, registration.currency, i18n.language));
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const server = useServerErrors();
  const action = useAction((input: { amountCents: number; reason: string }) => refundRegistration(registration.id, input), {
    invalidate: EVERY_EVENT_LIST,
    replaces: registrationReplaced,
    success: (changed) => t("events.notices.refunded", { name: changed.name }),
    onFieldErrors: server.setErrors,
    onSuccess: onDone,
  });
  const leftText = formatMoney(left, registration.currency, i18n.language);
  const read = refundAmount(amount, registration.currency, left);
  const amountError =
    tried && read.problem ? t(`events.registration.refundProblems.${read.problem}`, { left: leftText }) : fieldMessage(t, server.of("amountCents"));
  const reasonError = tried && !reason.trim() ? t("forms.required") : fieldMessage(t, server.of("reason"));
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t("events.registration.refundTitle", { number: registration.number })}
      text={t("events.registration.refundText", {
        paid: formatMoney(registration.paidCents, registration.currency, i18n.language),
        refunded: formatMoney(registration.refundedCents, registration.currency, i18n.language),
        left: leftText,
      })}
      onSubmit={(submit) => {
        submit.preventDefault();
        setTried(true);
        server.setErrors({});
        if (read.cents === null || !reason.trim()) return;
        action.mutate({ amountCents: read.cents, reason: reason.trim() });
      }}
      pending={action.isPending}
      submitLabel={t("events.registration.refund")}
      destructive
    >
      <MoneyField
        currency={registration.currency}
        label={t("events.fields.refundAmount")}
        required
        value={amount}
        onChange={(change) => setAmount(change.target.value)}
        error={!!amountError}
        helperText={amountError ?? t("events.registration.refundHint", { left: leftText })}
        slotProps={{ htmlInput: { maxLength: 16 } }}
      />
      <TextField
        label={t("events.fields.reason")}
        required
        multiline
        minRows={2}
        value={reason}
        onChange={(change) => setReason(change.target.value)}
        error={!!reasonError}
        helperText={reasonError}
        slotProps={{ htmlInput: { maxLength: EVENT_LIMITS.note } }}
      />
    </FormDialog>
  );
}
