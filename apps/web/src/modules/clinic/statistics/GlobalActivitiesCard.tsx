import type { GlobalActivities } from "@clinic/shared";
import { Alert, Stack, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FiguresTable, SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { DateRangeBar } from "../../../lib/components/DateRangeBar.tsx";
import { type DayRange, rangeProblem } from "../../../lib/date-range.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { useResource } from "../../../lib/resource.ts";
import { formatDuration, formatNumber } from "../assign/activity/gameFigures.ts";
import { STATISTICS_KEY } from "./api.ts";
import { formatPercent } from "./shape.ts";

/** Spec §7 `GET /api/global-activities/` without `patient_id`: every patient in the caller's scope. */
export const globalActivitiesPath = (range: DayRange) => `/api/global-activities/?${new URLSearchParams({ date_start: range.since, date_end: range.to })}`;

/**
 * The statistics screen before a patient is chosen: per activity, across every patient the
 * caller follows, how many patients it reached, how often it was assigned and done, and played,
 * in the range of the address.
 */
export function GlobalActivitiesCard({ range, today, onRange }: { range: DayRange; today: string; onRange: (range: DayRange) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const tableId = useId();
  const problem = rangeProblem(range);
  const path = globalActivitiesPath(range);
  const { data, network } = useResource<GlobalActivities>([STATISTICS_KEY, "global", path], problem ? null : path);
  return (
    <SectionCard
      title={t("statistics.global.title")}
      subtitle={t("statistics.global.subtitle", { since: range.since, to: range.to })}
      testId="statistics-global"
    >
      <Stack spacing={2}>
        <DateRangeBar range={range} today={today} onChange={onRange} />
        {problem ? (
          <Alert severity="warning">{t(`statistics.messages.${problem}`)}</Alert>
        ) : network.error && !data ? (
          <Alert severity="error">{t("statistics.failed")}</Alert>
        ) : !data ? (
          <Typography color="text.secondary">{t("statistics.loading")}</Typography>
        ) : data.data.length === 0 ? (
          <Typography color="text.secondary">{t("statistics.activities.none")}</Typography>
        ) : (
          <FiguresTable id={tableId} caption={t("statistics.global.caption")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("statistics.columns.activity")}</TableCell>
                <TableCell align="right">{t("statistics.global.patients")}</TableCell>
                <TableCell align="right">{t("statistics.adherence.assigned")}</TableCell>
                <TableCell align="right">{t("statistics.adherence.done")}</TableCell>
                <TableCell align="right">{t("statistics.totals.adherence")}</TableCell>
                <TableCell align="right">{t("statistics.totals.sessions")}</TableCell>
                <TableCell align="right">{t("statistics.totals.played")}</TableCell>
                <TableCell>{t("statistics.columns.lastDone")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.data.map((activity) => (
                <TableRow key={activity.id}>
                  <TableCell component="th" scope="row">
                    {activity.name}
                    <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                      {activity.family ? t(`games.families.${activity.family}`) : t(`statistics.types.${activity.type}`, { defaultValue: activity.type })}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{formatNumber(language, activity.patients)}</TableCell>
                  <TableCell align="right">{formatNumber(language, activity.assigned)}</TableCell>
                  <TableCell align="right">{formatNumber(language, activity.done)}</TableCell>
                  <TableCell align="right">
                    {activity.assigned > 0 ? formatPercent(language, activity.done / activity.assigned) : t("statistics.none")}
                  </TableCell>
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
      </Stack>
    </SectionCard>
  );
}
