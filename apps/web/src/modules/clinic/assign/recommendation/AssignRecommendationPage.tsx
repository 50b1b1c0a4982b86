import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { RecommendationAssignPanel } from "./RecommendationAssignPanel.tsx";

/** `assign/recommendation` (spec §2): give recommendations to the selected patient, or take them back. */
export function AssignRecommendationPage() {
  const { t } = useTranslation();
  return <RecommendationAssignPanel intro={<Typography color="text.secondary">{t("assignRecommendation.intro")}</Typography>} />;
}
