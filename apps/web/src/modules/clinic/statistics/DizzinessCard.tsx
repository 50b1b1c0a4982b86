import type { DizzinessPoint } from "@clinic/shared";
import { TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import { formatNumber } from "../assign/activity/gameFigures.ts";
import { exportFilters, STATISTICS_EXPORT_PATH, type StatisticsScope } from "./api.ts";
import { ChartFigure, FiguresTable, SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { DizzinessChart } from "./charts.ts";
import { dizzinessChange, dizzinessMeans } from "./shape.ts";

/** Dizziness (0–10) before and after each session of the range: a chart and its table. */
export function DizzinessCard({ points, scope, showActivity = true }: { points: DizzinessPoint[]; scope: StatisticsScope; showActivity?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const tableId = useId();
  const title = t("statistics.dizziness.title");
  const means = dizzinessMeans(points);
  const one = (value: number) => formatNumber(language, value, 1);
  return (
    <SectionCard
      title={title}
      subtitle={t("statistics.dizziness.scale")}
      testId="statistics-dizziness"
      actions={
        <ExportButtons
          kind="statistics"
          path={STATISTICS_EXPORT_PATH}
          search=""
          filters={exportFilters(scope, "dizziness")}
          label={t("statistics.exportOf", { table: title })}
        />
      }
    >
      {!means ? (
        <Typography color="text.secondary">{t("statistics.noSessions")}</Typography>
      ) : (
        <>
          <Typography variant="body2">
            {t("statistics.dizziness.means", { before: one(means.before), after: one(means.after), count: points.length })}
          </Typography>
          <ChartFigure
            points={points.length}
            tableId={tableId}
            summary={t("statistics.dizziness.summary", { count: points.length, before: one(means.before), after: one(means.after) })}
          >
            <DizzinessChart points={points} language={language} labels={{ before: t("statistics.dizziness.before"), after: t("statistics.dizziness.after") }} />
          </ChartFigure>
          <FiguresTable id={tableId} caption={t("statistics.dizziness.caption")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("statistics.columns.session")}</TableCell>
                {showActivity ? <TableCell>{t("statistics.columns.activity")}</TableCell> : null}
                <TableCell align="right">{t("statistics.dizziness.before")}</TableCell>
                <TableCell align="right">{t("statistics.dizziness.after")}</TableCell>
                <TableCell align="right">{t("statistics.dizziness.change")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {points.map((point) => {
                const change = dizzinessChange(point);
                return (
                  <TableRow key={point.sessionId}>
                    <TableCell component="th" scope="row">
                      {formatDateTime(point.endedAt)}
                    </TableCell>
                    {showActivity ? <TableCell>{point.activityName ?? t("statistics.none")}</TableCell> : null}
                    <TableCell align="right">{formatNumber(language, point.before)}</TableCell>
                    <TableCell align="right">{formatNumber(language, point.after)}</TableCell>
                    <TableCell align="right">
                      {change > 0 ? `+${formatNumber(language, change)}` : change < 0 ? `−${formatNumber(language, -change)}` : "0"}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </FiguresTable>
        </>
      )}
    </SectionCard>
  );
}
