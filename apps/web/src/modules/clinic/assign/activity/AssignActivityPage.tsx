import SwapHoriz from "@mui/icons-material/SwapHoriz";
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PatientPicker } from "../../../dashboard/PatientPicker.tsx";
import { useSelectedPatient } from "../../../../lib/session.ts";
import { AssignActivitiesForm } from "./AssignActivitiesForm.tsx";
import { AssignedActivitiesList } from "./AssignedActivitiesList.tsx";

/**
 * `assign/activity` (spec §2): activities for the selected patient (the top bar's badge).
 * With none selected, the dashboard's patient picker comes first.
 */
export function AssignActivityPage() {
  const { t } = useTranslation();
  const patient = useSelectedPatient();
  const [changing, setChanging] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selection closes the picker.
  useEffect(() => setChanging(false), [patient?.id]);

  if (!patient || changing) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        <Alert severity="info">{t("assignActivity.pickPatient")}</Alert>
        <PatientPicker title={t("assignActivity.pickTitle")} />
        {patient ? (
          <Box>
            <Button onClick={() => setChanging(false)}>{t("assignActivity.keepPatient", { name: `${patient.nombres} ${patient.apellidos}`.trim() })}</Button>
          </Box>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}>
        <Typography color="text.secondary">{t("assignActivity.intro")}</Typography>
        <Button startIcon={<SwapHoriz />} onClick={() => setChanging(true)} sx={{ alignSelf: { xs: "flex-start", sm: "center" } }}>
          {t("assignActivity.changePatient")}
        </Button>
      </Stack>
      <AssignActivitiesForm key={`${patient.id}-form`} patient={patient} />
      <AssignedActivitiesList key={`${patient.id}-list`} patient={patient} />
    </Stack>
  );
}
