import { Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PatientActivitiesCard } from "../clinic/assign/activity/PatientActivitiesCard.tsx";
import { PatientRecommendationsCard } from "./PatientRecommendationsCard.tsx";
import { WelcomeCard } from "./WelcomeCard.tsx";

/**
 * The patient's home (spec §2): today's and upcoming activities first, then recommendations;
 * appointments and forms arrive with their issues.
 */
export function PatientHomePage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <WelcomeCard>
        <Typography sx={{ mt: 2 }}>{t("dashboard.patientIntro")}</Typography>
      </WelcomeCard>
      <PatientActivitiesCard />
      {/* Recommendations given to the patient (assign/recommendation). */}
      <PatientRecommendationsCard />
    </Stack>
  );
}
