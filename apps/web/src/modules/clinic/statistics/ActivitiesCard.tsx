import type { StatisticsActivity } from "@clinic/shared";
import { Link, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import { exportFilters, STATISTICS_EXPORT_PATH, type StatisticsScope, statisticsScreen } from "./api.ts";
import { SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { ActivityFiguresTable } from "./ActivityFiguresTable.tsx";

/** Per activity assigned or played in the range, each opening its own statistics in the same range. */
export function ActivitiesCard({ activities, scope }: { activities: StatisticsActivity[]; scope: StatisticsScope }) {
  const { t } = useTranslation();
  const tableId = useId();
  const title = t("statistics.activities.title");
  return (
    <SectionCard
      title={title}
      testId="statistics-activities"
      actions={
        <ExportButtons
          kind="statistics"
          path={STATISTICS_EXPORT_PATH}
          search=""
          filters={exportFilters(scope, "activities")}
          label={t("statistics.exportOf", { table: title })}
        />
      }
    >
      {activities.length === 0 ? (
        <Typography color="text.secondary">{t("statistics.activities.none")}</Typography>
      ) : (
        <ActivityFiguresTable
          id={tableId}
          caption={t("statistics.activities.caption")}
          rows={activities}
          name={(activity) => (
            <Link component={RouterLink} to={statisticsScreen(`statistics/${activity.id}`, scope.user, scope)}>
              {activity.name}
            </Link>
          )}
        />
      )}
    </SectionCard>
  );
}
