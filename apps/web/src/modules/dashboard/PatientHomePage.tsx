import { Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { WelcomeCard } from "./WelcomeCard.tsx";

/** The patient's home; assigned activities, appointments and forms arrive with their issues. */
export function PatientHomePage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <WelcomeCard>
        <Typography sx={{ mt: 2 }}>{t("dashboard.patientIntro")}</Typography>
      </WelcomeCard>
    </Stack>
  );
}
