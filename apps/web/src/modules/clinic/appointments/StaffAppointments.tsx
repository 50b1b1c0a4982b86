import type { Appointment } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from "@mui/material";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAction } from "../../../lib/resource.ts";
import { useSelectedPatient, useSignedIn } from "../../../lib/session.ts";
import { APPOINTMENT_CHANGES, APPOINTMENTS_KEY, updateAppointment } from "./api.ts";
import { AppointmentCalendar } from "./AppointmentCalendar.tsx";
import { AppointmentDetails } from "./AppointmentDetails.tsx";
import { type AppointmentDraft, AppointmentDialog } from "./AppointmentDialog.tsx";
import { CalendarFeedCard } from "./CalendarFeedCard.tsx";
import { useCancelAppointment } from "./CancelAppointment.tsx";
import { draftOf } from "./format.ts";
import { useRequestActions } from "./RequestActions.tsx";
import { RequestsPanel } from "./RequestsPanel.tsx";
import { type CalendarScope, useCalendarAppointments } from "./useCalendarAppointments.ts";

/**
 * Therapists, clinic staff and admins: the calendar (select a free time to book, drag to move,
 * click to see, change or cancel), the requests waiting beside it, and the calendar feed.
 */
export function StaffAppointments() {
  const { t } = useTranslation();
  const titleId = useId();
  const session = useSignedIn();
  const codenames = session.permission.codenames;
  const canChange = session.isAdmin || codenames.includes("change_apointment");
  const canSeeAll = session.isAdmin || codenames.includes("change_all_appointments");
  const selected = useSelectedPatient();
  const [all, setAll] = useState(false);
  const [onlySelected, setOnlySelected] = useState(false);
  const scope: CalendarScope = useMemo(() => {
    if (onlySelected && selected) return { kind: "patient", patientId: selected.id };
    return all && canSeeAll ? { kind: "all" } : { kind: "own" };
  }, [onlySelected, selected, all, canSeeAll]);
  const { appointments, onRange } = useCalendarAppointments(scope);
  const viewer = useMemo(() => ({ patient: false, canMove: canChange, showProvider: scope.kind !== "own" }), [canChange, scope.kind]);

  const [details, setDetails] = useState<Appointment | null>(null);
  // The dialog keeps what it shows while it closes.
  const [editor, setEditor] = useState<{ open: boolean; appointment: Appointment | null; draft: AppointmentDraft | null }>({
    open: false,
    appointment: null,
    draft: null,
  });
  const cancel = useCancelAppointment(() => setDetails(null));
  const requests = useRequestActions(() => setDetails(null));
  const move = useAction(
    ({ appointment, start }: { appointment: Appointment; start: Date; revert: () => void }) =>
      updateAppointment(appointment.id, { start: start.toISOString() }),
    {
      invalidate: APPOINTMENT_CHANGES,
      replaces: (moved) => [{ list: [APPOINTMENTS_KEY], records: [moved] }],
      success: t("appointments.updated"),
    },
  );

  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 340px" }, alignItems: "start" }}>
      <Card variant="outlined" component="section" aria-labelledby={titleId}>
        <CardContent>
          <Stack direction={{ xs: "column", md: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { md: "center" }, mb: 2 }}>
            <Box>
              <Typography variant="h6" component="h2" id={titleId}>
                {t("appointments.calendar")}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {canChange ? t("appointments.calendarHint") : t("appointments.calendarReadHint")}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
              {canSeeAll ? (
                <FormControlLabel control={<Switch checked={all} onChange={(event) => setAll(event.target.checked)} />} label={t("appointments.all")} />
              ) : null}
              {selected ? (
                <FormControlLabel
                  control={<Switch checked={onlySelected} onChange={(event) => setOnlySelected(event.target.checked)} />}
                  label={t("appointments.onlyPatient", { name: `${selected.nombres} ${selected.apellidos}`.trim() })}
                />
              ) : null}
              {canChange ? (
                <Button
                  variant="contained"
                  startIcon={<AddIcon />}
                  onClick={() => setEditor({ open: true, appointment: null, draft: null })}
                  sx={{ whiteSpace: "nowrap", flexShrink: 0 }}
                >
                  {t("appointments.new")}
                </Button>
              ) : null}
            </Stack>
          </Stack>
          <AppointmentCalendar
            appointments={appointments}
            viewer={viewer}
            onRange={onRange}
            onOpen={setDetails}
            onSelect={canChange ? (start, end, allDay) => setEditor({ open: true, appointment: null, draft: draftOf(start, end, allDay) }) : undefined}
            onMove={canChange ? (appointment, start, revert) => move.mutate({ appointment, start, revert }, { onError: revert }) : undefined}
          />
        </CardContent>
      </Card>
      <Stack spacing={2}>
        {canChange ? <RequestsPanel onOpen={setDetails} /> : null}
        <CalendarFeedCard />
      </Stack>
      <AppointmentDetails
        appointment={details}
        onClose={() => setDetails(null)}
        onEdit={
          canChange
            ? (appointment) => {
                setDetails(null);
                setEditor({ open: true, appointment, draft: null });
              }
            : undefined
        }
        onAccept={canChange ? (appointment) => requests.accept.mutate(appointment) : undefined}
        onDeny={canChange ? requests.deny : undefined}
        onCancel={canChange ? cancel.ask : undefined}
        busy={requests.accept.isPending}
      />
      <AppointmentDialog open={editor.open} appointment={editor.appointment} draft={editor.draft} onClose={() => setEditor({ ...editor, open: false })} />
      {cancel.dialog}
      {requests.dialog}
    </Box>
  );
}
