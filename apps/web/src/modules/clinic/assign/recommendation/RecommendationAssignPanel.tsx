import SwapHoriz from "@mui/icons-material/SwapHoriz";
import { Alert, Box, Button, Stack } from "@mui/material";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PatientPicker } from "../../../dashboard/PatientPicker.tsx";
import { type SelectedPatient, useSelectedPatient } from "../../../../lib/session.ts";
import { GivenRecommendationsCard } from "./GivenRecommendationsCard.tsx";
import { RecommendationCatalogueCard } from "./RecommendationCatalogueCard.tsx";

/**
 * Giving recommendations to the selected patient (the top bar's badge): the catalogue to give
 * from beside what the patient already has. With no patient selected, the dashboard's picker
 * comes first. `nutrition` narrows both sides to nutrition content (the nutritionPlans screen),
 * which adds its activities through `after`.
 */
export function RecommendationAssignPanel({
  nutrition = false,
  intro,
  after,
}: {
  nutrition?: boolean;
  intro?: ReactNode;
  after?: (patient: SelectedPatient) => ReactNode;
}) {
  const { t } = useTranslation();
  const patient = useSelectedPatient();
  const [changing, setChanging] = useState(false);
  // Picking someone in the picker ends "change patient".
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selection closes the picker.
  useEffect(() => setChanging(false), [patient?.id]);

  if (!patient || changing) {
    return (
      <Stack spacing={2}>
        {intro}
        <Alert severity="info">{t("assignRecommendation.pickPatient")}</Alert>
        <PatientPicker title={t("assignRecommendation.pickTitle")} />
        {patient ? (
          <Box>
            <Button onClick={() => setChanging(false)}>
              {t("assignRecommendation.keepPatient", { name: `${patient.nombres} ${patient.apellidos}`.trim() })}
            </Button>
          </Box>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}>
        <Box sx={{ flex: 1 }}>{intro}</Box>
        <Button startIcon={<SwapHoriz />} onClick={() => setChanging(true)} sx={{ alignSelf: { xs: "flex-start", sm: "center" } }}>
          {t("assignRecommendation.changePatient")}
        </Button>
      </Stack>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "7fr 5fr" }, alignItems: "start" }}>
        <RecommendationCatalogueCard key={`${patient.id}-catalogue`} patient={patient} nutrition={nutrition} />
        <GivenRecommendationsCard key={`${patient.id}-given`} patient={patient} nutrition={nutrition} />
      </Box>
      {after?.(patient)}
    </Stack>
  );
}
