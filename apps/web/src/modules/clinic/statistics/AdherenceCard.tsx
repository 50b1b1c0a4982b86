import type { PatientStatistics } from "@clinic/shared";
import { TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import { exportFilters, STATISTICS_EXPORT_PATH, type StatisticsScope } from "./api.ts";
import { ChartFigure, FiguresTable, SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { AdherenceChart } from "./charts.ts";
import { formatNumber } from "../assign/activity/gameFigures.ts";
import { adherenceBuckets, formatPercent, hasAdherence } from "./shape.ts";

/** Assigned against done over the range: per day up to a month, per week beyond; chart and table. */
export function AdherenceCard({ data, scope }: { data: PatientStatistics["data"]; scope: StatisticsScope }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const tableId = useId();
  const { per, buckets } = adherenceBuckets(data, scope);
  const title = t("statistics.adherence.title");
  const totals = data.totals;
  return (
    <SectionCard
      title={title}
      subtitle={t(`statistics.adherence.${per}`)}
      testId="statistics-adherence"
      actions={
        <ExportButtons
          kind="statistics"
          path={STATISTICS_EXPORT_PATH}
          search=""
          filters={exportFilters(scope, per === "day" ? "adherence" : "weeks")}
          label={t("statistics.exportOf", { table: title })}
        />
      }
    >
      {!hasAdherence(buckets) ? (
        <Typography color="text.secondary">{t("statistics.adherence.none")}</Typography>
      ) : (
        <>
          <ChartFigure
            points={buckets.length}
            tableId={tableId}
            summary={t("statistics.adherence.summary", {
              done: formatNumber(language, totals.done),
              assigned: formatNumber(language, totals.assigned),
              adherence: totals.adherence === null ? t("statistics.none") : formatPercent(language, totals.adherence),
              since: scope.since,
              to: scope.to,
            })}
          >
            <AdherenceChart
              buckets={buckets}
              language={language}
              labels={{ assigned: t("statistics.adherence.assigned"), done: t("statistics.adherence.done") }}
            />
          </ChartFigure>
          <FiguresTable id={tableId} caption={t(`statistics.adherence.caption.${per}`)}>
            <TableHead>
              <TableRow>
                <TableCell>{t(`statistics.adherence.column.${per}`)}</TableCell>
                <TableCell align="right">{t("statistics.adherence.assigned")}</TableCell>
                <TableCell align="right">{t("statistics.adherence.done")}</TableCell>
                <TableCell align="right">{t("statistics.totals.adherence")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {buckets.map((bucket) => (
                <TableRow key={bucket.day}>
                  <TableCell component="th" scope="row">
                    {bucket.day}
                  </TableCell>
                  <TableCell align="right">{formatNumber(language, bucket.assigned)}</TableCell>
                  <TableCell align="right">{formatNumber(language, bucket.done)}</TableCell>
                  <TableCell align="right">{bucket.ratio === null ? t("statistics.none") : formatPercent(language, bucket.ratio)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </FiguresTable>
        </>
      )}
    </SectionCard>
  );
}
