import { type Appointment, DENIAL_REASON_MAX, denialSchema } from "@clinic/shared";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { APPOINTMENT_CHANGES, APPOINTMENTS_KEY, acceptAppointment, denyAppointment } from "./api.ts";

/** Asks the reason of a denial (required: the patient reads it), then denies. */
function DenyDialog({ appointment, onClose }: { appointment: Appointment | null; onClose: (denied: boolean) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<{ reason: string }>({ resolver: zodResolver(denialSchema), defaultValues: { reason: "" } });
  const { reset } = form;
  useEffect(() => {
    if (appointment) reset({ reason: "" });
  }, [appointment, reset]);
  const deny = useAction(({ id, reason }: { id: number; reason: string }) => denyAppointment(id, reason), {
    invalidate: APPOINTMENT_CHANGES,
    replaces: (denied) => [{ list: [APPOINTMENTS_KEY], records: [denied] }],
    success: t("appointments.requests.denied"),
    onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, ["reason"]),
    onSuccess: () => onClose(true),
  });
  const error = form.formState.errors.reason;
  return (
    <Dialog open={appointment !== null} onClose={() => onClose(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={form.handleSubmit(({ reason }) => appointment && deny.mutate({ id: appointment.id, reason }))}>
        <DialogTitle id={titleId}>{t("appointments.requests.denyTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {appointment
              ? t("appointments.requests.denyText", { patient: appointment.patient.name, name: appointment.name, date: formatDateTime(appointment.start) })
              : null}
          </DialogContentText>
          <TextField
            label={t("appointments.requests.reason")}
            required
            fullWidth
            multiline
            minRows={2}
            autoFocus
            {...form.register("reason")}
            error={!!error}
            helperText={error?.message ?? t("appointments.requests.reasonHint", { max: DENIAL_REASON_MAX })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" color="error" disabled={deny.isPending}>
            {t("appointments.requests.deny")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Accepting and denying a request, wherever it is shown (the requests list, an event's
 * details). Either reloads the calendar and the requests (spec §4).
 */
export function useRequestActions(onDone?: () => void) {
  const { t } = useTranslation();
  const accept = useAction((appointment: Appointment) => acceptAppointment(appointment.id), {
    invalidate: APPOINTMENT_CHANGES,
    replaces: (accepted) => [{ list: [APPOINTMENTS_KEY], records: [accepted] }],
    success: t("appointments.requests.accepted"),
    onSuccess: () => onDone?.(),
  });
  const [denying, setDenying] = useState<Appointment | null>(null);
  const dialog = (
    <DenyDialog
      appointment={denying}
      onClose={(denied) => {
        setDenying(null);
        if (denied) onDone?.();
      }}
    />
  );
  return { accept, deny: setDenying, dialog };
}
