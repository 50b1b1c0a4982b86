import type { StatisticsActivity } from "@clinic/shared";
import { Link, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { formatDateTime } from "../../../lib/dates.ts";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import { formatDuration, formatNumber } from "../assign/activity/gameFigures.ts";
import { exportFilters, STATISTICS_EXPORT_PATH, type StatisticsScope, statisticsScreen } from "./api.ts";
import { FiguresTable, SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { formatPercent } from "./shape.ts";

/** Per activity assigned or played in the range, each opening its own statistics in the same range. */
export function ActivitiesCard({ activities, scope }: { activities: StatisticsActivity[]; scope: StatisticsScope }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
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
        <FiguresTable id={tableId} caption={t("statistics.activities.caption")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("statistics.columns.activity")}</TableCell>
              <TableCell align="right">{t("statistics.adherence.assigned")}</TableCell>
              <TableCell align="right">{t("statistics.adherence.done")}</TableCell>
              <TableCell align="right">{t("statistics.totals.adherence")}</TableCell>
              <TableCell align="right">{t("statistics.totals.sessions")}</TableCell>
              <TableCell align="right">{t("statistics.totals.played")}</TableCell>
              <TableCell>{t("statistics.columns.lastDone")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {activities.map((activity) => (
              <TableRow key={activity.id}>
                <TableCell component="th" scope="row">
                  <Link component={RouterLink} to={statisticsScreen(`statistics/${activity.id}`, scope.user, scope)}>
                    {activity.name}
                  </Link>
                  <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                    {activity.family ? t(`games.families.${activity.family}`) : t(`statistics.types.${activity.type}`, { defaultValue: activity.type })}
                  </Typography>
                </TableCell>
                <TableCell align="right">{formatNumber(language, activity.assigned)}</TableCell>
                <TableCell align="right">{formatNumber(language, activity.done)}</TableCell>
                <TableCell align="right">{activity.assigned > 0 ? formatPercent(language, activity.done / activity.assigned) : t("statistics.none")}</TableCell>
                <TableCell align="right">{formatNumber(language, activity.sessions)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {activity.sessions > 0 ? formatDuration(t, language, activity.playedMs) : t("statistics.none")}
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{activity.lastDoneAt ? formatDateTime(activity.lastDoneAt) : t("statistics.none")}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </FiguresTable>
      )}
    </SectionCard>
  );
}
