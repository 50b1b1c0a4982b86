import { Link, Typography } from "@mui/material";
import { Trans, useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useSignedIn } from "../../../../lib/session.ts";
import { AssignActivitiesForm } from "../activity/AssignActivitiesForm.tsx";
import { AssignedActivitiesList } from "../activity/AssignedActivitiesList.tsx";
import { RecommendationAssignPanel } from "./RecommendationAssignPanel.tsx";

/**
 * `nutritionPlans` (spec §2 "reuses the assignments screen"): the same assignment screen,
 * narrowed to nutrition content: recommendations and text activities filed under categories
 * marked as nutrition.
 */
export function NutritionPlansPage() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const canSeeCategories = session.isAdmin || session.permission.codenames.includes("change_activity");
  const intro = (
    <Typography color="text.secondary">
      {canSeeCategories ? (
        <Trans
          i18nKey="assignRecommendation.nutritionIntroLinked"
          components={{ categories: <Link component={RouterLink} to="/manager/admin/categories" /> }}
        />
      ) : (
        t("assignRecommendation.nutritionIntro")
      )}
    </Typography>
  );
  return (
    <RecommendationAssignPanel
      nutrition
      intro={intro}
      after={(patient) => (
        <>
          <AssignActivitiesForm
            key={`${patient.id}-nutrition-form`}
            patient={patient}
            filter={{ type: "text", nutrition: true }}
            title={t("assignActivity.nutritionAssignTitle")}
          />
          <AssignedActivitiesList
            key={`${patient.id}-nutrition-list`}
            patient={patient}
            nutrition
            title={t("assignActivity.nutritionListTitle", { name: `${patient.nombres} ${patient.apellidos}`.trim() })}
          />
        </>
      )}
    />
  );
}
