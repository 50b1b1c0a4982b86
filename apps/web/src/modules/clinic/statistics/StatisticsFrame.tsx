import type { PatientStatistics } from "@clinic/shared";
import SwapHoriz from "@mui/icons-material/SwapHoriz";
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from "@mui/material";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DateRangeBar } from "../../../lib/components/DateRangeBar.tsx";
import { type DayRange, parseRange, quickRange, rangeProblem, rangeSearch, todayOf } from "../../../lib/date-range.ts";
import { useResource } from "../../../lib/resource.ts";
import { useSelectedPatient } from "../../../lib/session.ts";
import { PatientPicker } from "../../dashboard/PatientPicker.tsx";
import { STATISTICS_KEY, type StatisticsScope, statisticsPath } from "./api.ts";

import { GlobalActivitiesCard } from "./GlobalActivitiesCard.tsx";
import { ReportButton } from "./ReportDialog.tsx";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The patient the statistics are of: the one a link names (`?patient=`, so a bookmark or a
 * link from another screen shows whom it says), else the top bar's selected patient.
 */
function usePatientId(params: URLSearchParams): string | null {
  const badge = useSelectedPatient();
  const linked = params.get("patient") ?? "";
  return UUID.test(linked) ? linked.toLowerCase() : (badge?.id ?? null);
}

/**
 * What both statistics screens share: the patient (a link's, the badge's, or one picked here),
 * the range in the address (today unless it says otherwise, spec §9), the report button, and
 * the loading, missing and empty states around the figures `children` draws.
 */
export function StatisticsFrame(props: {
  activity?: number;
  heading: (data: PatientStatistics | undefined) => ReactNode;
  children: (data: PatientStatistics, scope: StatisticsScope) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const patientId = usePatientId(params);
  const badge = useSelectedPatient();
  const [changing, setChanging] = useState(false);
  const today = todayOf();
  const range = parseRange(params, today);

  // Picking a patient here selects them in the top bar; a linked patient then gives way to them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selection closes the picker.
  useEffect(() => {
    if (!changing) return;
    setChanging(false);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete("patient");
      return next;
    });
  }, [badge?.id]);

  if (!patientId || changing) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        <Alert severity="info">{t("statistics.pickPatient")}</Alert>
        <PatientPicker title={t("statistics.pickTitle")} />
        {changing ? (
          <Box>
            <Button onClick={() => setChanging(false)}>{t("statistics.keepPatient")}</Button>
          </Box>
        ) : (
          // Before a patient is chosen: the activities across every patient the caller follows.
          <GlobalActivitiesCard range={range} today={today} onRange={(next) => setParams((current) => rangeSearch(current, next), { replace: true })} />
        )}
      </Stack>
    );
  }
  const scope: StatisticsScope = { user: patientId, activity: props.activity, ...range };
  return (
    <StatisticsOf
      key={patientId}
      scope={scope}
      today={today}
      onRange={(next: DayRange) => setParams((current) => rangeSearch(current, next), { replace: true })}
      onChangePatient={() => setChanging(true)}
      heading={props.heading}
    >
      {props.children}
    </StatisticsOf>
  );
}

function StatisticsOf(props: {
  scope: StatisticsScope;
  today: string;
  onRange: (range: DayRange) => void;
  onChangePatient: () => void;
  heading: (data: PatientStatistics | undefined) => ReactNode;
  children: (data: PatientStatistics, scope: StatisticsScope) => ReactNode;
}) {
  const { t } = useTranslation();
  const { scope } = props;
  const path = statisticsPath(scope);
  // A hand-edited address the server would refuse is not sent: the reason shows instead.
  const problem = rangeProblem(scope);
  const { data, network } = useResource<PatientStatistics>([STATISTICS_KEY, path], problem ? null : path);
  // The first day with any record, for the `all` quick range: kept across ranges once known.
  const [firstDay, setFirstDay] = useState<string | null>(null);
  if (data && data.data.totals.firstDay !== firstDay) setFirstDay(data.data.totals.firstDay);
  const notFound = network.status === 404;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1200, minWidth: 0 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}>
        <Box sx={{ minWidth: 0 }}>{props.heading(data)}</Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button startIcon={<SwapHoriz />} onClick={props.onChangePatient}>
            {t("statistics.changePatient")}
          </Button>
          {data ? <ReportButton scope={scope} patientName={data.patient.name} /> : null}
        </Stack>
      </Stack>
      <DateRangeBar range={scope} today={props.today} firstDay={firstDay} onChange={props.onRange} />
      {problem ? (
        <Alert severity="warning">{t(`statistics.messages.${problem}`)}</Alert>
      ) : notFound ? (
        <Alert severity="warning">{t(scope.activity === undefined ? "statistics.notFound" : "statistics.activityNotFound")}</Alert>
      ) : network.error && !data ? (
        <Alert severity="error">{t("statistics.failed")}</Alert>
      ) : !data ? (
        <StatisticsSkeleton />
      ) : isEmpty(data) ? (
        // An empty range says so once, rather than in every section.
        <EmptyRange scope={scope} today={props.today} firstDay={data.data.totals.firstDay} onRange={props.onRange} />
      ) : (
        props.children(data, scope)
      )}
    </Stack>
  );
}

const isEmpty = ({ data }: PatientStatistics) => data.totals.assigned === 0 && data.totals.done === 0 && data.totals.sessions === 0;

/**
 * Nothing in the range: say so and suggest a longer one, with everything since the patient's
 * first record one click away; a patient with no record at all is told apart.
 */
function EmptyRange({
  scope,
  today,
  firstDay,
  onRange,
}: {
  scope: StatisticsScope;
  today: string;
  firstDay: string | null;
  onRange: (range: DayRange) => void;
}) {
  const { t } = useTranslation();
  const all = quickRange("all", today, firstDay);
  const wider = firstDay !== null && (all.since < scope.since || all.to > scope.to);
  return (
    <Alert
      severity="info"
      data-testid="statistics-empty"
      action={
        wider ? (
          <Button color="inherit" size="small" onClick={() => onRange(all)}>
            {t("statistics.empty.all", { day: all.since })}
          </Button>
        ) : undefined
      }
    >
      {firstDay === null ? t("statistics.empty.never") : t("statistics.empty.text", { since: scope.since, to: scope.to })}
    </Alert>
  );
}

function StatisticsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} role="status" aria-busy="true" aria-label={t("statistics.loading")}>
      {(["totals", "adherence", "measures"] as const).map((section) => (
        <Card key={section} variant="outlined">
          <CardContent>
            <Skeleton width="30%" height={32} />
            <Skeleton variant="rounded" height={section === "totals" ? 96 : 300} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** The page's heading: whose statistics, and what they are of. */
export function StatisticsHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ overflowWrap: "anywhere" }}>
        {title}
      </Typography>
      {subtitle ? <Typography color="text.secondary">{subtitle}</Typography> : null}
    </>
  );
}
