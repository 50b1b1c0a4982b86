import { APPOINTMENT_STATUSES, type Appointment, type AppointmentStatus } from "@clinic/shared";
import { Box, Button, Card, CardContent, CardHeader, List, ListItem, MenuItem, Stack, TextField, Typography } from "@mui/material";
import RestartAlt from "@mui/icons-material/RestartAlt";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { APPOINTMENTS_KEY } from "./api.ts";
import { StatusChip, whenOf } from "./AppointmentDetails.tsx";
import { isOpen } from "./format.ts";

/** A patient's appointments in every state, newest first as the server orders them; open ones can be cancelled. */
export function MyAppointmentsCard({ onCancel }: { onCancel: (appointment: Appointment) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [status, setStatus] = useState<AppointmentStatus | "all">("all");
  const list = usePagedList<Appointment>(APPOINTMENTS_KEY, "/api/request-appointments/", {
    filters: { status: status === "all" ? undefined : status },
    pageSize: 5,
    showsAdded: (appointment) => status === "all" || appointment.status === status,
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardHeader title={t("appointments.mine.title")} slotProps={{ title: { component: "h2", id: titleId, variant: "h6" } }} />
      <CardContent sx={{ pt: 0 }}>
        <TextField
          select
          size="small"
          label={t("appointments.fields.status")}
          value={status}
          onChange={(event) => setStatus(event.target.value as AppointmentStatus | "all")}
          sx={{ minWidth: 180, mb: 1, mr: 1 }}
        >
          <MenuItem value="all">{t("appointments.mine.all")}</MenuItem>
          {APPOINTMENT_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`appointments.status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          startIcon={<RestartAlt />}
          sx={{ mb: 1 }}
          onClick={() => {
            setStatus("all");
            list.reset();
          }}
        >
          {t("appointments.resetList")}
        </Button>
        <ListLoading loading={list.loading} labels="catalogue" />
        {list.rows && list.rows.length === 0 ? <Typography color="text.secondary">{t("appointments.mine.empty")}</Typography> : null}
        <List disablePadding aria-labelledby={titleId}>
          {list.rows?.map((appointment) => (
            <ListItem key={appointment.id} divider disableGutters sx={{ display: "block", py: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between" }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{appointment.name}</Typography>
                <StatusChip appointment={appointment} />
              </Stack>
              <Typography variant="body2">{whenOf(appointment)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  t("appointments.mine.with", { name: appointment.provider.name }),
                  appointment.serviceName,
                  t(`appointments.types.${appointment.appointmentType}`),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </Typography>
              {appointment.status === "denied" && appointment.denialReason ? (
                <Typography variant="body2" sx={{ mt: 0.5, color: "error.dark", whiteSpace: "pre-line" }}>
                  {t("appointments.mine.reason", { reason: appointment.denialReason })}
                </Typography>
              ) : null}
              {isOpen(appointment) ? (
                <Button
                  size="small"
                  color="error"
                  sx={{ mt: 0.5, ml: -0.5 }}
                  onClick={() => onCancel(appointment)}
                  aria-label={t("appointments.cancelNamed", { name: appointment.name, date: formatDateTime(appointment.start) })}
                >
                  {t("appointments.cancel")}
                </Button>
              ) : null}
            </ListItem>
          ))}
        </List>
        {list.total > list.rowsPerPage ? (
          <Box>
            <ListPagination list={list} labels="catalogue" />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
