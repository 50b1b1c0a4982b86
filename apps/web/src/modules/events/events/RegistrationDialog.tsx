import { type EventDetail, inLanguage, type RegistrationDetail } from "@clinic/shared";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { Fragment, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../lib/components/Loading.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useAction } from "../../../lib/resource.ts";
import { checkInRegistration, EVENTS_KEY, EVERY_EVENT_LIST, invoicePdfPath, registrationReplaced, resendTicket, useRegistration } from "./api.ts";
import { amountText } from "./format.ts";
import { CancelRegistrationDialog, ConfirmPaymentDialog, RefundRegistrationDialog } from "./RegistrationActionDialogs.tsx";
import { type RegistrationAction, registrationActions } from "./registration-actions.ts";
import { RegistrationStateChip } from "./StateChips.tsx";
import { formatMoney } from "../../../lib/money.ts";

type Step = "confirm" | "cancel" | "refund" | null;

/** Label and value pairs of a description list. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)", columnGap: 2, rowGap: 1, m: 0 }}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
            {value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

/** The payments and refunds of a registration, each with its invoice or credit note. */
function Ledger({ registration }: { registration: RegistrationDetail }) {
  const { t, i18n } = useTranslation();
  if (registration.payments.length === 0) return <Typography color="text.secondary">{t("events.registration.noPayments")}</Typography>;
  return (
    <TableContainer sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={t("events.registration.payments")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("events.fields.at")}</TableCell>
            <TableCell>{t("events.fields.kind")}</TableCell>
            <TableCell align="right">{t("events.fields.amount")}</TableCell>
            <TableCell>{t("events.fields.provider")}</TableCell>
            <TableCell>{t("events.fields.reference")}</TableCell>
            <TableCell>{t("events.fields.invoice")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {registration.payments.map((payment) => (
            <TableRow key={payment.id}>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(payment.at)}</TableCell>
              <TableCell>{t(`events.registration.paymentKinds.${payment.kind}`)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                {formatMoney(payment.kind === "refund" ? -payment.amountCents : payment.amountCents, registration.currency, i18n.language)}
              </TableCell>
              <TableCell>{t(`events.providers.${payment.provider}`)}</TableCell>
              <TableCell sx={{ overflowWrap: "anywhere" }}>{[payment.reference, payment.note].filter(Boolean).join(" · ") || "—"}</TableCell>
              <TableCell>
                {payment.invoice ? (
                  <Link href={invoicePdfPath(registration.id, payment.invoice.id)} target="_blank" rel="noopener">
                    {t("events.registration.invoicePdf", { number: payment.invoice.number })}
                  </Link>
                ) : (
                  "—"
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A registration's facts, its answers (labelled as the event asks them now) and its payments ledger. */
export function RegistrationView({ detail, event }: { detail: RegistrationDetail; event: EventDetail }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const language = i18n.language;
  const answerText = (value: string | boolean | undefined) =>
    value === undefined || value === "" ? "—" : typeof value === "boolean" ? t(value ? "events.registration.yes" : "events.registration.no") : value;
  const optional = (shown: unknown, row: [string, ReactNode]): [string, ReactNode][] => (shown ? [row] : []);
  const facts: [string, ReactNode][] = [
    [t("events.fields.state"), <RegistrationStateChip key="state" state={detail.state} waitingPosition={detail.waitingPosition} />],
    [
      t("events.fields.email"),
      <Link key="email" href={`mailto:${detail.email}`}>
        {detail.email}
      </Link>,
    ],
    [t("events.fields.ticketType"), inLanguage(detail.ticketType.name, language)],
    [t("events.fields.amount"), amountText(detail, language, t)],
    ...optional(detail.provider, [t("events.fields.provider"), t(`events.providers.${detail.provider}`)]),
    [t("events.fields.language"), t(`events.languages.${detail.language === "es" ? "es" : "en"}`)],
    [t("events.fields.registeredAt"), formatDateTime(detail.createdAt)],
    ...optional(detail.expiresAt && detail.state === "pending_payment", [t("events.fields.expiresAt"), formatDateTime(detail.expiresAt)]),
    ...optional(detail.confirmedAt, [t("events.fields.confirmedAt"), formatDateTime(detail.confirmedAt)]),
    ...optional(detail.checkedInAt, [
      t("events.fields.checkedInAt"),
      detail.checkedInBy
        ? t("events.registration.checkedInBy", { at: formatDateTime(detail.checkedInAt), name: detail.checkedInBy.name })
        : formatDateTime(detail.checkedInAt),
    ]),
    ...optional(detail.cancelledAt, [t("events.fields.cancelledAt"), formatDateTime(detail.cancelledAt)]),
  ];
  const questionIds = new Set(event.questions.map((question) => question.id));
  const answers: [string, ReactNode][] = [
    ...event.questions.map((question) => [inLanguage(question.label, language), answerText(detail.answers[question.id])] as [string, ReactNode]),
    // Answers to questions removed since: kept, under their id.
    ...Object.entries(detail.answers)
      .filter(([id]) => !questionIds.has(id))
      .map(([id, value]) => [id, answerText(value)] as [string, ReactNode]),
  ];
  return (
    <Stack spacing={3}>
      <Facts rows={facts} />
      <Box component="section" aria-labelledby={`${headingId}-answers`}>
        <Typography id={`${headingId}-answers`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t("events.registration.answers")}
        </Typography>
        {answers.length > 0 ? <Facts rows={answers} /> : <Typography color="text.secondary">{t("events.registration.noAnswers")}</Typography>}
      </Box>
      <Box component="section" aria-labelledby={`${headingId}-payments`}>
        <Typography id={`${headingId}-payments`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t("events.registration.payments")}
        </Typography>
        <Ledger registration={detail} />
      </Box>
    </Stack>
  );
}

/** The buttons of what staff may do to the registration in its state. */
export function RegistrationActionButtons({
  detail,
  busy,
  onAction,
}: {
  detail: RegistrationDetail;
  busy: boolean;
  onAction: (action: RegistrationAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {registrationActions(detail).map((action) => (
        <Button
          key={action}
          variant={action === "confirm" || action === "checkIn" ? "contained" : "outlined"}
          color={action === "cancel" || action === "refund" ? "error" : "primary"}
          disabled={busy}
          onClick={() => onAction(action)}
        >
          {t(`events.registration.actions.${action}`)}
        </Button>
      ))}
    </>
  );
}

/**
 * One registration in full (RegistrationView), with what staff can do in its state: confirm a
 * transfer, check in, cancel, refund, send the ticket email again. Each action's answer replaces
 * what the dialog shows.
 */
export function RegistrationDialog({ registrationId, event, onClose }: { registrationId: number; event: EventDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  const client = useQueryClient();
  const registration = useRegistration(registrationId);
  const [step, setStep] = useState<Step>(null);
  const shown = (changed: RegistrationDetail) => {
    client.setQueryData([EVENTS_KEY, "registration", changed.id], changed);
    setStep(null);
  };
  const checkIn = useAction((id: number) => checkInRegistration(id), {
    invalidate: EVERY_EVENT_LIST,
    replaces: (result) => registrationReplaced(result.registration),
    success: (result) => t("events.notices.checkedIn", { name: result.registration.name }),
  });
  const resend = useAction((id: number) => resendTicket(id), { success: () => t("events.notices.resent") });
  const detail = registration.data;
  const run = (action: RegistrationAction) => {
    if (!detail) return;
    if (action === "checkIn") checkIn.mutate(detail.id);
    else if (action === "resend") resend.mutate(detail.id);
    else setStep(action);
  };
  const missing = registration.network.status === 404;
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
        <DialogTitle id={titleId}>{detail ? `${detail.name} · ${detail.number}` : t("events.registration.title")}</DialogTitle>
        <DialogContent>
          {missing ? <Alert severity="warning">{t("events.registration.notFound")}</Alert> : null}
          {!detail && !missing ? <Loading /> : null}
          {detail ? <RegistrationView detail={detail} event={event} /> : null}
        </DialogContent>
        <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
          {detail ? <RegistrationActionButtons detail={detail} busy={checkIn.isPending || resend.isPending} onAction={run} /> : null}
          <Button onClick={onClose}>{t("events.registration.close")}</Button>
        </DialogActions>
      </Dialog>
      {detail && step === "confirm" ? <ConfirmPaymentDialog registration={detail} onClose={() => setStep(null)} onDone={shown} /> : null}
      {detail && step === "cancel" ? <CancelRegistrationDialog registration={detail} onClose={() => setStep(null)} onDone={shown} /> : null}
      {detail && step === "refund" ? <RefundRegistrationDialog registration={detail} onClose={() => setStep(null)} onDone={shown} /> : null}
    </>
  );
}
