import { EVENT_LIMITS, type RegistrationDetail } from "@clinic/shared";
import { Checkbox, FormControlLabel, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { useAction } from "../../../lib/resource.ts";
import { MoneyField } from "../../../lib/components/MoneyField.tsx";
import { centsToText } from "../../../lib/money.ts";
import { cancelRegistration, confirmPayment, EVERY_EVENT_LIST, refundRegistration, registrationReplaced } from "./api.ts";
import { fieldMessage } from "./format.ts";
import { refundableCents, refundAmount } from "./registration-actions.ts";
import { formatMoney } from "../../../lib/money.ts";

interface ActionDialogProps {
  registration: RegistrationDetail;
  onClose: () => void;
  /** The registration as the server answers it after the action. */
  onDone: (changed: RegistrationDetail) => void;
}

/**
 * One action on a registration: it refreshes the event's lists, replaces the registration in
 * place, says what happened by the registrant's name and keeps the server's 400 messages by
 * field to show under the dialog's fields.
 */
function useRegistrationAction<Input>(
  call: (input: Input) => Promise<RegistrationDetail>,
  notice: "confirmed" | "cancelled" | "refunded",
  onDone: (changed: RegistrationDetail) => void,
) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const action = useAction(call, {
    invalidate: EVERY_EVENT_LIST,
    replaces: registrationReplaced,
    success: (changed) => t(`events.notices.${notice}`, { name: changed.name }),
    onFieldErrors: setErrors,
    onSuccess: onDone,
  });
  const run = (input: Input) => {
    setErrors({});
    action.mutate(input);
  };
  return { run, pending: action.isPending, serverError: (field: string) => fieldMessage(t, errors[field]?.join(" ")) };
}

/** The note the registration's history keeps beside an action. */
function NoteField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("events.fields.note")}
      multiline
      minRows={2}
      value={value}
      onChange={(change) => onChange(change.target.value)}
      error={!!error}
      helperText={error}
      slotProps={{ htmlInput: { maxLength: EVENT_LIMITS.note } }}
    />
  );
}

/** A transfer arrived: the payment is recorded (with the bank's reference) and the place confirmed; an invoice is issued. */
export function ConfirmPaymentDialog({ registration, onClose, onDone }: ActionDialogProps) {
  const { t, i18n } = useTranslation();
  const [reference, setReference] = useState("");
  const [note, setNote] = useState("");
  const action = useRegistrationAction((input: { reference: string; note: string }) => confirmPayment(registration.id, input), "confirmed", onDone);
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
        action.run({ reference: reference.trim(), note: note.trim() });
      }}
      pending={action.pending}
      submitLabel={t("events.registration.confirm")}
    >
      <TextField
        label={t("events.fields.reference")}
        value={reference}
        onChange={(change) => setReference(change.target.value)}
        error={!!action.serverError("reference")}
        helperText={action.serverError("reference") ?? t("events.registration.referenceHint")}
        slotProps={{ htmlInput: { maxLength: EVENT_LIMITS.reference } }}
      />
      <NoteField value={note} onChange={setNote} error={action.serverError("note")} />
    </FormDialog>
  );
}

/** Staff cancel a registration; one that was paid is refunded in full unless they untick it. Its place goes to the waiting list. */
export function CancelRegistrationDialog({ registration, onClose, onDone }: ActionDialogProps) {
  const { t, i18n } = useTranslation();
  const left = refundableCents(registration);
  const [note, setNote] = useState("");
  const [refund, setRefund] = useState(left > 0);
  const action = useRegistrationAction((input: { note: string; refund: boolean }) => cancelRegistration(registration.id, input), "cancelled", onDone);
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t("events.registration.cancelTitle", { number: registration.number })}
      text={t("events.registration.cancelText", { name: registration.name })}
      onSubmit={(submit) => {
        submit.preventDefault();
        action.run({ note: note.trim(), refund: left > 0 && refund });
      }}
      pending={action.pending}
      submitLabel={t("events.registration.cancelSubmit")}
      destructive
    >
      <NoteField value={note} onChange={setNote} error={action.serverError("note")} />
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
  const action = useRegistrationAction((input: { amountCents: number; reason: string }) => refundRegistration(registration.id, input), "refunded", onDone);
  const leftText = formatMoney(left, registration.currency, i18n.language);
  const read = refundAmount(amount, registration.currency, left);
  const amountError = tried && read.problem ? t(`events.registration.refundProblems.${read.problem}`, { left: leftText }) : action.serverError("amountCents");
  const reasonError = tried && !reason.trim() ? t("forms.required") : action.serverError("reason");
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
        if (read.cents === null || !reason.trim()) return;
        action.run({ amountCents: read.cents, reason: reason.trim() });
      }}
      pending={action.pending}
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
