import { Card, CardContent, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/dates.ts";
import { useSignedIn } from "../../lib/session.ts";

/** The patient's home; assigned activities, appointments and forms arrive with their issues. */
export function PatientHomePage() {
  const { t } = useTranslation();
  const session = useSignedIn();
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h2" gutterBottom>
            {t("dashboard.welcome", { name: `${session.userData.nombres} ${session.userData.apellidos}`.trim() })}
          </Typography>
          <Typography color="text.secondary" data-testid="role">
            {t("dashboard.roles.patient")} · {formatDate(new Date())}
          </Typography>
          <Typography sx={{ mt: 2 }}>{t("dashboard.patientIntro")}</Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}
