import type { GlobalActivities } from "@clinic/shared";
import { Alert, Stack, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import { DateRangeBar } from "../../../lib/components/DateRangeBar.tsx";
import { type DayRange, rangeProblem } from "../../../lib/date-range.ts";
import { useResource } from "../../../lib/resource.ts";
import { ActivityFiguresTable } from "./ActivityFiguresTable.tsx";
import { STATISTICS_KEY } from "./api.ts";

/** Spec §7 `GET /api/global-activities/` without `patient_id`: every patient in the caller's scope. */
export const globalActivitiesPath = (range: DayRange) => `/api/global-activities/?${new URLSearchParams({ date_start: range.since, date_end: range.to })}`;

/**
 * The statistics screen before a patient is chosen: per activity, across every patient the
 * caller follows, how many patients it reached, how often it was assigned and done, and played,
 * in the range of the address.
 */
export function GlobalActivitiesCard({ range, today, onRange }: { range: DayRange; today: string; onRange: (range: DayRange) => void }) {
  const { t } = useTranslation();
  const tableId = useId();
  const problem = rangeProblem(range);
  const path = globalActivitiesPath(range);
  const { data, network } = useResource<GlobalActivities>([STATISTICS_KEY, "global", path], problem ? null : path);
  return (
    <SectionCard
      title={t("statistics.global.title")}
      subtitle={t("statistics.global.subtitle", { since: range.since, to: range.to })}
      testId="statistics-global"
      actions={
        problem ? undefined : (
          <ExportButtons
            kind="statistics"
            path="/api/global-activities/export"
            search=""
            filters={{ date_start: range.since, date_end: range.to }}
            label={t("statistics.exportOf", { table: t("statistics.global.title") })}
          />
        )
      }
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
          <ActivityFiguresTable id={tableId} caption={t("statistics.global.caption")} rows={data.data} name={(activity) => activity.name} patients />
        )}
      </Stack>
    </SectionCard>
  );
}
