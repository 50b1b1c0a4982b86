import { isRealDate } from "@clinic/shared";
import { Alert, Skeleton, Stack, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { lazy, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ChartFigure, FiguresTable, SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { DateRangeBar } from "../../../lib/components/DateRangeBar.tsx";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { addDays, type DayRange, rangeProblem, todayOf } from "../../../lib/date-range.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { statisticsPath, useStatistics } from "./api.ts";
import { CrmExportButtons } from "../import/CrmExportButtons.tsx";

// The charts library is large: it loads with the figures, in a chunk of its own.
const StatisticsChart = lazy(() => import("./StatisticsChart.tsx").then((m) => ({ default: m.StatisticsChart })));

/** The range the address names, else the last 30 days (today included). */
function rangeOf(params: URLSearchParams, today: string): DayRange {
  const since = params.get("since") ?? "";
  const to = params.get("to") ?? "";
  const range = isRealDate(since) && isRealDate(to) ? { since, to } : { since: addDays(today, -29), to: today };
  return rangeProblem(range) ? { since: addDays(today, -29), to: today } : range;
}

/**
 * Statistics per telemarketer (`/crm/app/telemarket/statistics`): over the chosen days (spec §5:
 * since and to are required; the last 30 days at first), each agent's calls, how many reached
 * someone, conversions and meetings, then calls per day as a chart with its table. An agent sees
 * their own figures; a CRM admin the clinic's agents; a platform admin names the clinic.
 */
export function TelemarketStatisticsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "es" ? "es-ES" : "en-GB";
  const session = useSignedIn();
  const [params, setParams] = useSearchParams();
  const today = todayOf();
  const range = rangeOf(params, today);
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const tableId = useId();
  const path = session.isAdmin && !clinic ? null : statisticsPath(range.since, range.to, clinic?.id ?? null);
  const { data, network } = useStatistics(path);
  const count = (value: number) => new Intl.NumberFormat(language).format(value);
  const percent = (value: number) => new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(value);
  const labels = {
    calls: t("crmTelemarket.statistics.calls"),
    contacted: t("crmTelemarket.statistics.contacted"),
    conversions: t("crmTelemarket.statistics.conversions"),
  };
  const totals = (data?.days ?? []).reduce((sum, day) => ({ calls: sum.calls + day.calls, conversions: sum.conversions + day.conversions }), {
    calls: 0,
    conversions: 0,
  });

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("crmTelemarket.statistics.intro")}</Typography>
      {session.isAdmin ? (
        <div>
          <ClinicPicker label={t("crmTelemarket.statistics.clinic")} value={clinic} onChange={setClinic} size="small" />
        </div>
      ) : null}
      <DateRangeBar
        range={range}
        today={today}
        onChange={(next) => {
          const search = new URLSearchParams(params);
          search.set("since", next.since);
          search.set("to", next.to);
          setParams(search, { replace: true });
        }}
      />
      {path ? (
        <div>
          <CrmExportButtons entity="calls" filters={{ since: range.since, to: range.to, ...(clinic ? { clinicId: clinic.id } : {}) }} />
        </div>
      ) : null}
      {session.isAdmin && !clinic ? <Alert severity="info">{t("crmTelemarket.statistics.chooseClinic")}</Alert> : null}
      {path && !data ? network.error ? null : <Skeleton variant="rounded" height={320} aria-hidden /> : null}
      {data ? (
        <>
          <SectionCard title={t("crmTelemarket.statistics.perAgent")}>
            {data.agents.length === 0 ? (
              <Typography color="text.secondary">{t("crmTelemarket.statistics.noAgents")}</Typography>
            ) : (
              <FiguresTable
                id={`${tableId}-agents`}
                caption={t("crmTelemarket.statistics.perAgentTable", { since: range.since, to: range.to })}
                scrolls={false}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t("crmTelemarket.statistics.agent")}</TableCell>
                    <TableCell align="right">{labels.calls}</TableCell>
                    <TableCell align="right">{labels.contacted}</TableCell>
                    <TableCell align="right">{t("crmTelemarket.statistics.contactRate")}</TableCell>
                    <TableCell align="right">{labels.conversions}</TableCell>
                    <TableCell align="right">{t("crmTelemarket.statistics.conversionRate")}</TableCell>
                    <TableCell align="right">{t("crmTelemarket.statistics.meetings")}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.agents.map((agent) => (
                    <TableRow key={agent.agentId}>
                      <TableCell component="th" scope="row">
                        {agent.name}
                      </TableCell>
                      <TableCell align="right">{count(agent.calls)}</TableCell>
                      <TableCell align="right">{count(agent.contacted)}</TableCell>
                      <TableCell align="right">{percent(agent.contactRate)}</TableCell>
                      <TableCell align="right">{count(agent.conversions)}</TableCell>
                      <TableCell align="right">{percent(agent.conversionRate)}</TableCell>
                      <TableCell align="right">{count(agent.meetings)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </FiguresTable>
            )}
          </SectionCard>
          <SectionCard title={t("crmTelemarket.statistics.perDay")}>
            <ChartFigure
              summary={t("crmTelemarket.statistics.perDaySummary", { calls: totals.calls, conversions: totals.conversions, ...range })}
              tableId={tableId}
              points={data.days.length}
              height={280}
            >
              <StatisticsChart days={data.days} labels={labels} />
            </ChartFigure>
            <FiguresTable id={tableId} caption={t("crmTelemarket.statistics.perDayTable")} captionHidden>
              <TableHead>
                <TableRow>
                  <TableCell>{t("crmTelemarket.statistics.day")}</TableCell>
                  <TableCell align="right">{labels.calls}</TableCell>
                  <TableCell align="right">{labels.contacted}</TableCell>
                  <TableCell align="right">{labels.conversions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.days.map((day) => (
                  <TableRow key={day.day}>
                    <TableCell component="th" scope="row">
                      {day.day}
                    </TableCell>
                    <TableCell align="right">{count(day.calls)}</TableCell>
                    <TableCell align="right">{count(day.contacted)}</TableCell>
                    <TableCell align="right">{count(day.conversions)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </FiguresTable>
          </SectionCard>
        </>
      ) : null}
    </Stack>
  );
}
