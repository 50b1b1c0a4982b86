import type { AiUsage } from "@clinic/shared";
import { Alert, Skeleton, Stack, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { lazy, useId } from "react";
import { useTranslation } from "react-i18next";
import { ChartFigure, FiguresTable, SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { FigureTiles } from "../../../lib/components/FigureTiles.tsx";
import { DateRangeBar } from "../../../lib/components/DateRangeBar.tsx";
import { type DayRange, parseRange, quickRange, todayOf } from "../../../lib/date-range.ts";
import { formatCost, formatCount, useAiUsage } from "./api.ts";

// The charts library is large: it loads with the figures, in a chunk of its own.
const QuestionsChart = lazy(() => import("./UsageCharts.tsx").then((m) => ({ default: m.QuestionsChart })));
const TokensChart = lazy(() => import("./UsageCharts.tsx").then((m) => ({ default: m.TokensChart })));

/** The figures of one row of the usage (a day, a user, the totals) as table cells. */
function FigureCells({ row, language }: { row: AiUsage["totals"]; language: string }) {
  return (
    <>
      <TableCell align="right">{formatCount(row.questions, language)}</TableCell>
      <TableCell align="right">{formatCount(row.tokensIn, language)}</TableCell>
      <TableCell align="right">{formatCount(row.tokensOut, language)}</TableCell>
      <TableCell align="right">{formatCost(row.costCents, language)}</TableCell>
    </>
  );
}

function FigureHeads({ first }: { first: string }) {
  const { t } = useTranslation();
  return (
    <TableHead>
      <TableRow>
        <TableCell>{first}</TableCell>
        <TableCell align="right">{t("aiAdmin.usage.questions")}</TableCell>
        <TableCell align="right">{t("aiAdmin.usage.tokensIn")}</TableCell>
        <TableCell align="right">{t("aiAdmin.usage.tokensOut")}</TableCell>
        <TableCell align="right">{t("aiAdmin.usage.cost")}</TableCell>
      </TableRow>
    </TableHead>
  );
}

/** The usage's figures: totals, per day (charts and their table) and per user. */
export function UsageFigures({ usage }: { usage: AiUsage }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const daysTable = useId();
  const count = (value: number) => formatCount(value, language);
  const { totals } = usage;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <FigureTiles
        label={t("aiAdmin.usage.totals")}
        columns={{ md: 4, xl: 4 }}
        items={[
          [t("aiAdmin.usage.questions"), count(totals.questions)],
          [t("aiAdmin.usage.tokensIn"), count(totals.tokensIn)],
          [t("aiAdmin.usage.tokensOut"), count(totals.tokensOut)],
          [t("aiAdmin.usage.estimatedCost"), formatCost(totals.costCents, language)],
        ]}
      />
      <SectionCard title={t("aiAdmin.usage.perDay")} subtitle={t("aiAdmin.usage.range", { from: usage.since, to: usage.to })}>
        <ChartFigure
          summary={t("aiAdmin.usage.questionsSummary", { questions: count(totals.questions), from: usage.since, to: usage.to })}
          tableId={daysTable}
          points={usage.days.length}
        >
          <QuestionsChart days={usage.days} label={t("aiAdmin.usage.questions")} />
        </ChartFigure>
        <ChartFigure
          summary={t("aiAdmin.usage.tokensSummary", { tokensIn: count(totals.tokensIn), tokensOut: count(totals.tokensOut) })}
          tableId={daysTable}
          points={usage.days.length}
        >
          <TokensChart days={usage.days} labels={{ tokensIn: t("aiAdmin.usage.tokensIn"), tokensOut: t("aiAdmin.usage.tokensOut") }} />
        </ChartFigure>
        <FiguresTable id={daysTable} caption={t("aiAdmin.usage.perDayTable")} captionHidden>
          <FigureHeads first={t("aiAdmin.usage.day")} />
          <TableBody>
            {usage.days.map((day) => (
              <TableRow key={day.day}>
                <TableCell component="th" scope="row">
                  {day.day}
                </TableCell>
                <FigureCells row={day} language={language} />
              </TableRow>
            ))}
          </TableBody>
        </FiguresTable>
      </SectionCard>
      <SectionCard title={t("aiAdmin.usage.perUser")}>
        {usage.users.length === 0 ? (
          <Typography color="text.secondary">{t("aiAdmin.usage.noUsers")}</Typography>
        ) : (
          <FiguresTable id={`${daysTable}-users`} caption={t("aiAdmin.usage.perUserTable")} captionHidden>
            <FigureHeads first={t("aiAdmin.usage.user")} />
            <TableBody>
              {usage.users.map((user) => (
                <TableRow key={user.userId}>
                  <TableCell component="th" scope="row">
                    {user.userName}
                  </TableCell>
                  <FigureCells row={user} language={language} />
                </TableRow>
              ))}
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                  {t("aiAdmin.usage.total")}
                </TableCell>
                <FigureCells row={totals} language={language} />
              </TableRow>
            </TableBody>
          </FiguresTable>
        )}
      </SectionCard>
      <Typography variant="body2" color="text.secondary">
        {t("aiAdmin.usage.costNote")}
      </Typography>
    </Stack>
  );
}

/** The scope's usage over a range of days (`?since=…&to=…` in the address as on the statistics screens, the last 30 days by default). */
export function UsageTab({ clinicId, params, onRange }: { clinicId: string | null; params: URLSearchParams; onRange: (range: DayRange) => void }) {
  const { t } = useTranslation();
  const today = todayOf();
  const range = params.has("since") || params.has("to") ? parseRange(params, today) : quickRange("30", today, null);
  const { data, network } = useAiUsage(clinicId, range.since, range.to);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <DateRangeBar range={range} today={today} onChange={onRange} />
      {data ? (
        <UsageFigures usage={data} />
      ) : network.error ? (
        <Alert severity="error">{t("aiAdmin.loadFailed")}</Alert>
      ) : (
        <Skeleton variant="rounded" height={320} aria-hidden />
      )}
    </Stack>
  );
}
