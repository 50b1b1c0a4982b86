import type { Appointment } from "@clinic/shared";
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";
import { formatTime, isOpen, STATUS_COLOR } from "./format.ts";

export function StatusChip({ appointment }: { appointment: Pick<Appointment, "status"> }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[appointment.status]} label={t(`appointments.status.${appointment.status}`)} />;
}

/** "2026-05-04, 09:00 am – 09:30 am": the day and hours in the viewer's time zone (spec §9). */
export const whenOf = (appointment: Pick<Appointment, "start" | "end">) => `${formatDateTime(appointment.start)} – ${formatTime(appointment.end)}`;

interface AppointmentDetailsProps {
  appointment: Appointment | null;
  onClose: () => void;
  /** Staff who change appointments: edit it, answer a request. */
  onEdit?: (appointment: Appointment) => void;
  onAccept?: (appointment: Appointment) => void;
  onDeny?: (appointment: Appointment) => void;
  /** Anyone who may cancel it (staff; the patient their own). */
  onCancel?: (appointment: Appointment) => void;
  busy?: boolean;
}

/** One appointment: who, when, how, its state; and what the viewer may do with it. */
export function AppointmentDetails({ appointment, onClose, onEdit, onAccept, onDeny, onCancel, busy }: AppointmentDetailsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!appointment) return null;
  const open = isOpen(appointment);
  const lines: [string, ReactNode][] = [
    [t("appointments.fields.when"), whenOf(appointment)],
    [t("appointments.fields.patient"), appointment.patient.name],
    [t("appointments.fields.therapist"), appointment.provider.name],
    [t("appointments.fields.type"), t(`appointments.types.${appointment.appointmentType}`)],
    [t("appointments.fields.status"), <StatusChip key="status" appointment={appointment} />],
  ];
  if (appointment.serviceName) lines.push([t("appointments.fields.service"), appointment.serviceName]);
  if (appointment.seriesId) lines.push([t("appointments.fields.series"), t("appointments.weekly")]);
  lines.push([t("appointments.fields.description"), appointment.description]);
  if (appointment.status === "denied" && appointment.denialReason) lines.push([t("appointments.fields.reason"), appointment.denialReason]);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{appointment.name}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 3, rowGap: 1, m: 0 }}>
          {lines.map(([label, value]) => (
            <Box key={label} sx={{ display: "contents" }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
        {open && appointment.status === "requested" && onAccept ? (
          <Button variant="contained" color="success" disabled={busy} onClick={() => onAccept(appointment)}>
            {t("appointments.requests.accept")}
          </Button>
        ) : null}
        {open && appointment.status === "requested" && onDeny ? (
          <Button color="error" onClick={() => onDeny(appointment)}>
            {t("appointments.requests.deny")}
          </Button>
        ) : null}
        {open && onEdit ? <Button onClick={() => onEdit(appointment)}>{t("appointments.edit")}</Button> : null}
        {open && onCancel ? (
          <Button color="error" onClick={() => onCancel(appointment)}>
            {t("appointments.cancel")}
          </Button>
        ) : null}
        <Button variant="outlined" onClick={onClose}>
          {t("appointments.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
