import { Box, Stack, Typography } from "@mui/material";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useCancelAppointment } from "../clinic/appointments/CancelAppointment.tsx";
import { MyAppointmentsCard } from "../clinic/appointments/MyAppointmentsCard.tsx";
import { PatientActivitiesCard } from "../clinic/assign/activity/PatientActivitiesCard.tsx";
import { MyFormsCard } from "../clinic/forms/MyFormsCard.tsx";
import { ProgressCard } from "../clinic/statistics/ProgressCard.tsx";
import { PatientMembershipCard } from "../clinic/memberships/PatientMembershipCard.tsx";
import { MessagesCard } from "../chat/bar/MessagesCard.tsx";
import { PatientRecommendationsCard } from "./PatientRecommendationsCard.tsx";
import { ShowWhenLoaded } from "../../lib/components/ShowWhenLoaded.tsx";
import { useSignedIn } from "../../lib/session.ts";
import { WelcomeCard } from "./WelcomeCard.tsx";
import { InstallAppCard } from "../offline/InstallAppCard.tsx";
import { OutboxList } from "../offline/OutboxList.tsx";

const APPOINTMENT_READ = ["view_apointment", "change_apointment", "change_all_appointments"];
const APPOINTMENT_CHANGE = ["change_apointment", "change_all_appointments"];

// The request form brings the slot picker and form code: loaded after the home has shown.
const RequestAppointmentCard = lazy(() => import("../clinic/appointments/RequestAppointmentCard.tsx").then((m) => ({ default: m.RequestAppointmentCard })));

/**
 * The patient's home (spec §2): what concerns the patient. Today's and upcoming activities first,
 * then their appointments (upcoming first, requests among them, cancellable while open) beside
 * the form to request one, then their recommendations. Their membership, when they hold one,
 * shows under the welcome (issue 16.8). Their progress card follows their activities (issue 18.5), then
 * the forms still to answer (issue 17).
 */
export function PatientHomePage() {
  const { t } = useTranslation();
  const cancel = useCancelAppointment();
  const session = useSignedIn();
  const codenames = session.permission.codenames;
  // The same permissions as the appointments calls: a patient kept from them sees no card that would fail.
  const seesAppointments = APPOINTMENT_READ.some((codename) => codenames.includes(codename));
  const requests = APPOINTMENT_CHANGE.some((codename) => codenames.includes(codename));
  const answersForms = codenames.includes("answer_their_forms");
  // The welcome first, at once (it needs no data); the cards below it shown whole once they have
  // their data: filled in one by one, each pushed the next down the screen (CLS, issue 34).
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <WelcomeCard>
        <Typography sx={{ mt: 2 }}>{t("dashboard.patientIntro")}</Typography>
      </WelcomeCard>
      {/* What this device still holds for the server, and what it refused: before anything else. */}
      <OutboxList />
      <InstallAppCard />
      <ShowWhenLoaded>
        <Stack spacing={3}>
          {/* A few encouraging figures before the day's work; small, so the activities stay near the top. */}
          <ProgressCard />
          <PatientMembershipCard />
          {/* The chat with the clinic (issue 41), while its module is on. */}
          <MessagesCard session={session} />
          <PatientActivitiesCard />
          {answersForms ? <MyFormsCard pending /> : null}
          {seesAppointments ? (
            <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, alignItems: "start" }}>
              <MyAppointmentsCard onCancel={cancel.ask} />
              {requests ? (
                <Suspense fallback={null}>
                  <RequestAppointmentCard />
                </Suspense>
              ) : null}
            </Box>
          ) : null}
          {cancel.dialog}
          <PatientRecommendationsCard />
        </Stack>
      </ShowWhenLoaded>
    </Stack>
  );
}
