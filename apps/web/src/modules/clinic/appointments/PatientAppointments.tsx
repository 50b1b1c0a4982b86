import type { Appointment } from "@clinic/shared";
import { Box, Card, CardContent, Stack, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppointmentCalendar } from "./AppointmentCalendar.tsx";
import { AppointmentDetails } from "./AppointmentDetails.tsx";
import { CalendarFeedCard } from "./CalendarFeedCard.tsx";
import { useCancelAppointment } from "./CancelAppointment.tsx";
import { MyAppointmentsCard } from "./MyAppointmentsCard.tsx";
import { RequestAppointmentCard } from "./RequestAppointmentCard.tsx";
import { useCalendarAppointments } from "./useCalendarAppointments.ts";

const OWN = { kind: "own" } as const;
const VIEWER = { patient: true, canMove: false, showProvider: false };

/** Patients: request an appointment, follow their requests, see them on a calendar, subscribe to it. */
export function PatientAppointments() {
  const { t } = useTranslation();
  const titleId = useId();
  const { appointments, onRange } = useCalendarAppointments(OWN);
  const [details, setDetails] = useState<Appointment | null>(null);
  const cancel = useCancelAppointment(() => setDetails(null));
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, alignItems: "start" }}>
        <RequestAppointmentCard />
        <MyAppointmentsCard onCancel={cancel.ask} />
      </Box>
      <Card variant="outlined" component="section" aria-labelledby={titleId}>
        <CardContent>
          <Typography variant="h6" component="h2" id={titleId}>
            {t("appointments.calendar")}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t("appointments.patientCalendarHint")}
          </Typography>
          <AppointmentCalendar appointments={appointments} viewer={VIEWER} onRange={onRange} onOpen={setDetails} />
        </CardContent>
      </Card>
      <CalendarFeedCard />
      <AppointmentDetails appointment={details} onClose={() => setDetails(null)} onCancel={cancel.ask} />
      {cancel.dialog}
    </Stack>
  );
}
