import type { Appointment } from "@clinic/shared";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useAction } from "../../../lib/resource.ts";
import { APPOINTMENT_CHANGES, APPOINTMENTS_KEY, deleteAppointment } from "./api.ts";

/** A weekly series: cancel this one only, or this and the later ones (`related=true`). */
function SeriesDialog({
  appointment,
  busy,
  onCancel,
  onConfirm,
}: {
  appointment: Appointment | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (related: boolean) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={appointment !== null} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("appointments.cancelTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {appointment ? t("appointments.cancelSeriesText", { name: appointment.name, date: formatDateTime(appointment.start) }) : ""}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button onClick={onCancel}>{t("appointments.keep")}</Button>
        <Button variant="outlined" color="error" disabled={busy} onClick={() => onConfirm(false)}>
          {t("appointments.cancelOnlyThis")}
        </Button>
        <Button variant="contained" color="error" disabled={busy} onClick={() => onConfirm(true)}>
          {t("appointments.cancelLater")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Cancel an appointment after asking: `ask(appointment)` opens the question, `dialog` renders
 * it. For one of a weekly series it also asks whether the later ones go too.
 */
export function useCancelAppointment(onDone?: () => void) {
  const { t } = useTranslation();
  const [appointment, setAppointment] = useState<Appointment | null>(null);
  const action = useAction(({ id, related }: { id: number; related: boolean }) => deleteAppointment(id, related), {
    invalidate: APPOINTMENT_CHANGES,
    removes: (_, { id }) => [{ list: [APPOINTMENTS_KEY], records: [{ id }] }],
    success: t("appointments.deleted"),
    onSuccess: () => {
      setAppointment(null);
      onDone?.();
    },
  });
  const confirm = (related: boolean) => appointment && action.mutate({ id: appointment.id, related }, { onError: () => setAppointment(null) });
  const dialog = appointment?.seriesId ? (
    <SeriesDialog appointment={appointment} busy={action.isPending} onCancel={() => setAppointment(null)} onConfirm={confirm} />
  ) : (
    <ConfirmDialog
      open={appointment !== null}
      title={t("appointments.cancelTitle")}
      text={appointment ? t("appointments.cancelText", { name: appointment.name, date: formatDateTime(appointment.start) }) : ""}
      confirmLabel={t("appointments.cancel")}
      destructive
      busy={action.isPending}
      onConfirm={() => confirm(false)}
      onCancel={() => setAppointment(null)}
    />
  );
  return { ask: setAppointment, dialog };
}
