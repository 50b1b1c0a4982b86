import type { FormAssignment } from "@clinic/shared";
import { Card, CardContent, Link, Skeleton, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { lazy, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ChartFigure, FiguresTable } from "../../../../lib/components/ChartFigure.tsx";
import { formatDate, formatDateTime } from "../../../../lib/dates.ts";
import { useResource } from "../../../../lib/resource.ts";
import { resultScreen, SCORE_HISTORY_KEY, scoreHistoryPath } from "./api.ts";
import { formatNumber, formatRange } from "./format.ts";
import { historyPoints } from "./history.ts";

// The charts library is large: it loads with this card, not with the results list.
const ScoreChart = lazy(() => import("./ScoreChart.tsx").then((m) => ({ default: m.ScoreChart })));

/**
 * "<patient>'s <form> score over time": every submission of this form by this patient (all
 * versions), as a chart and, for screen readers and for exact figures, as a table of the same
 * points. A single submission still shows, with a sentence saying the trend comes later.
 */
export function ScoreHistory({ result }: { result: FormAssignment }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const headingId = useId();
  const tableId = useId();
  const { data } = useResource<FormAssignment[]>([SCORE_HISTORY_KEY, result.patient.id, result.formId], scoreHistoryPath(result.patient.id, result.formId));
  const { points, range } = historyPoints(data ?? [], result.id);
  const title = t("formResults.chart.title", { patient: result.patient.name, form: result.formName });
  const first = points[0];
  const last = points[points.length - 1];

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3">
          {title}
        </Typography>
        {range ? (
          <Typography variant="body2" color="text.secondary">
            {t("formResults.chart.range", { range: formatRange(range, language) })}
          </Typography>
        ) : null}
        {!data ? (
          <Skeleton variant="rounded" height={280} sx={{ mt: 2 }} />
        ) : points.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t("formResults.chart.none")}
          </Typography>
        ) : (
          <>
            {first && last ? (
              <ChartFigure
                summary={t("formResults.chart.summary", {
                  number: points.length,
                  from: formatDate(first.submittedAt),
                  to: formatDate(last.submittedAt),
                  first: formatNumber(first.total, language),
                  last: formatNumber(last.total, language),
                })}
                tableId={tableId}
                points={points.length}
                height={280}
              >
                <ScoreChart points={points} range={range} labels={{ score: t("formResults.chart.series"), current: t("formResults.chart.current") }} />
              </ChartFigure>
            ) : null}
            {points.length === 1 ? <Typography sx={{ mt: 1 }}>{t("formResults.chart.onlyOne")}</Typography> : null}
            <FiguresTable id={tableId} caption={t("formResults.chart.tableCaption")} scrolls={false}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("formResults.columns.submitted")}</TableCell>
                  <TableCell align="right">{t("formResults.columns.score")}</TableCell>
                  <TableCell>{t("formResults.columns.band")}</TableCell>
                  <TableCell>{t("formResults.columns.version")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {points.map((point) => (
                  <TableRow key={point.id} selected={point.current}>
                    <TableCell component="th" scope="row">
                      {point.current ? (
                        <>
                          {formatDateTime(point.submittedAt)}{" "}
                          <Typography component="span" variant="caption" sx={{ fontWeight: 600 }}>
                            {t("formResults.chart.thisOne")}
                          </Typography>
                        </>
                      ) : (
                        <Link component={RouterLink} to={resultScreen(point.id)}>
                          {formatDateTime(point.submittedAt)}
                        </Link>
                      )}
                    </TableCell>
                    <TableCell align="right">{formatNumber(point.total, language)}</TableCell>
                    <TableCell>{point.band ?? "—"}</TableCell>
                    <TableCell>{point.version}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </FiguresTable>
          </>
        )}
      </CardContent>
    </Card>
  );
}
