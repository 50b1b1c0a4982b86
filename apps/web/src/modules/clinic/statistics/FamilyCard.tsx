import type { FamilyMeasureSeries, FamilyStatistics } from "@clinic/shared";
import { Box, Chip, Stack, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import { formatNumber } from "../assign/activity/gameFigures.ts";
import { exportFilters, STATISTICS_EXPORT_PATH, type StatisticsScope } from "./api.ts";
import { ChartFigure, FiguresTable, SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { MeasureChart } from "./charts.ts";
import { familyRows, formatMeasure, measureName, TREND_COLOR, trendSentence } from "./shape.ts";

/** One game family's main measures, session by session: a chart and a trend each, one table for all. */
export function FamilyCard({ family, scope }: { family: FamilyStatistics; scope: StatisticsScope }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const tableId = useId();
  const title = t(`games.families.${family.family}`);
  const measures = family.measures.filter((measure) => measure.points.length > 0);
  const rows = familyRows(measures);
  return (
    <SectionCard
      title={title}
      subtitle={t("statistics.family.sessions", { count: family.sessions, number: formatNumber(language, family.sessions) })}
      testId={`statistics-family-${family.family}`}
      actions={
        <ExportButtons
          kind="statistics"
          path={STATISTICS_EXPORT_PATH}
          search=""
          filters={{ ...exportFilters(scope, "measures"), family: family.family }}
          label={t("statistics.exportOf", { table: title })}
        />
      }
    >
      {measures.length === 0 ? (
        <Typography color="text.secondary">{t("statistics.family.noMeasures")}</Typography>
      ) : (
        <>
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(auto-fit, minmax(320px, 1fr))" }, gap: 2 }}>
            {measures.map((measure) => (
              <MeasureBlock key={measure.name} measure={measure} tableId={tableId} />
            ))}
          </Box>
          <FiguresTable id={tableId} caption={t("statistics.family.caption", { family: title })}>
            <TableHead>
              <TableRow>
                <TableCell>{t("statistics.columns.session")}</TableCell>
                {measures.map((measure) => (
                  <TableCell key={measure.name} align="right">
                    {measureName(t, measure.name)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.sessionId}>
                  <TableCell component="th" scope="row">
                    {formatDateTime(row.endedAt)}
                  </TableCell>
                  {measures.map((measure, index) => {
                    const value = row.values[index];
                    return (
                      <TableCell key={measure.name} align="right">
                        {value === null || value === undefined ? t("statistics.none") : formatMeasure(t, language, measure.unit, value)}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </FiguresTable>
        </>
      )}
    </SectionCard>
  );
}

/** A measure's heading, its trend in words (start → end in its unit), and its line. */
function MeasureBlock({ measure, tableId }: { measure: FamilyMeasureSeries; tableId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const name = measureName(t, measure.name);
  const sentence = trendSentence(t, language, measure);
  const direction = measure.trend?.direction ?? null;
  const better = t(`statistics.better.${measure.better}`);
  return (
    <Box sx={{ minWidth: 0 }} data-testid={`measure-${measure.name}`}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        {direction ? <Chip size="small" variant="outlined" color={TREND_COLOR[direction]} label={t(`statistics.direction.${direction}`)} /> : null}
      </Stack>
      <Typography variant="body2">{sentence}</Typography>
      <Typography variant="caption" color="text.secondary">
        {better}
      </Typography>
      <ChartFigure points={measure.points.length} tableId={tableId} summary={t("statistics.family.summary", { measure: name, trend: sentence ?? "" })}>
        <MeasureChart
          points={measure.points}
          unit={measure.unit}
          language={language}
          label={name}
          format={(value) => formatMeasure(t, language, measure.unit, value)}
        />
      </ChartFigure>
    </Box>
  );
}
