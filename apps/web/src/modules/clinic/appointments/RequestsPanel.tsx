import type { Appointment } from "@clinic/shared";
import { Box, Button, Card, CardContent, CardHeader, List, ListItem, Stack, Typography } from "@mui/material";
import RestartAlt from "@mui/icons-material/RestartAlt";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { APPOINTMENTS_KEY } from "./api.ts";
import { whenOf } from "./AppointmentDetails.tsx";
import { useRequestActions } from "./RequestActions.tsx";

/** Staff: the requests waiting for an answer, with Accept and Deny (the calendar reloads after either). */
export function RequestsPanel({ onOpen }: { onOpen: (appointment: Appointment) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = usePagedList<Appointment>(APPOINTMENTS_KEY, "/api/request-appointments/", {
    filters: { status: "requested" },
    pageSize: 5,
    showsAdded: (appointment) => appointment.status === "requested",
  });
  const actions = useRequestActions();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardHeader
        title={t("appointments.requests.title")}
        subheader={t("appointments.requests.hint")}
        slotProps={{ title: { component: "h2", id: titleId, variant: "h6" } }}
        action={
          <Button size="small" startIcon={<RestartAlt />} onClick={list.reset}>
            {t("appointments.resetList")}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <ListLoading loading={list.loading} labels="catalogue" />
        {list.rows && list.rows.length === 0 ? <Typography color="text.secondary">{t("appointments.requests.empty")}</Typography> : null}
        <List disablePadding>
          {list.rows?.map((request) => {
            const named = { patient: request.patient.name, date: formatDateTime(request.start) };
            return (
              <ListItem key={request.id} divider disableGutters sx={{ display: "block", py: 1.5 }}>
                <Typography sx={{ fontWeight: 600 }}>{request.patient.name}</Typography>
                <Button size="small" onClick={() => onOpen(request)} sx={{ p: 0, minWidth: 0, textTransform: "none", textAlign: "left" }}>
                  {request.name}
                </Button>
                <Typography variant="body2">{whenOf(request)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {[request.serviceName, t(`appointments.types.${request.appointmentType}`)].filter(Boolean).join(" · ")}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <Button
                    size="small"
                    variant="contained"
                    color="success"
                    disabled={actions.accept.isPending}
                    onClick={() => actions.accept.mutate(request)}
                    aria-label={t("appointments.requests.acceptNamed", named)}
                  >
                    {t("appointments.requests.accept")}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    onClick={() => actions.deny(request)}
                    aria-label={t("appointments.requests.denyNamed", named)}
                  >
                    {t("appointments.requests.deny")}
                  </Button>
                </Stack>
              </ListItem>
            );
          })}
        </List>
        {list.total > list.rowsPerPage ? (
          <Box>
            <ListPagination list={list} labels="catalogue" />
          </Box>
        ) : null}
      </CardContent>
      {actions.dialog}
    </Card>
  );
}
