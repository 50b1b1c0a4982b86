import { buildById } from "@clinic/games";
import type { ClinicRow, PlatformStatistics } from "@clinic/shared";
import { Alert, Box, Card, CardContent, Skeleton, Stack, Typography } from "@mui/material";
import { lazy, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DateRangeBar } from "../../lib/components/DateRangeBar.tsx";
import { FigureTiles } from "../../lib/components/FigureTiles.tsx";
import { todayOf } from "../../lib/date-range.ts";
import { type PickerOption, SearchPicker } from "../../lib/components/SearchPicker.tsx";
import { useResource } from "../../lib/resource.ts";
import { CLINICS_KEY } from "../people/api.ts";
import { PLATFORM_KEY, PLATFORM_PATH, type PlatformFilters, platformQuery } from "./api.ts";
import { PlatformSection } from "./PlatformSection.tsx";
import { formatMoney } from "../../lib/money.ts";

// The charts library is large: it loads with the figures, in a chunk of its own.
const DailyChart = lazy(() => import("./PlatformCharts.tsx").then((m) => ({ default: m.DailyChart })));
const WeeklyChart = lazy(() => import("./PlatformCharts.tsx").then((m) => ({ default: m.WeeklyChart })));
const RankChart = lazy(() => import("./PlatformCharts.tsx").then((m) => ({ default: m.RankChart })));

/** A family's name as the games catalogue writes it (Reactor, Optimizer VR). */
const familyName = (family: string) =>
  family
    .split("-")
    .map((word) => (word === "vr" ? "VR" : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The range and clinic as the address holds them (so a view can be linked); today by default (spec §9). */
function useAddressFilters() {
  const [params, setParams] = useSearchParams();
  const today = todayOf();
  const since = params.get("since");
  const to = params.get("to");
  const filters: PlatformFilters = { since: isDay(since) ? since : today, to: isDay(to) ? to : today, clinic: params.get("clinic") ?? "" };
  const update = (change: Partial<PlatformFilters>) => {
    const next = { ...filters, ...change };
    const search = new URLSearchParams({ since: next.since, to: next.to });
    if (next.clinic) search.set("clinic", next.clinic);
    setParams(search, { replace: true });
  };
  return { filters, update };
}

/**
 * statisticsApp (spec §6 module `statistics`, issue 18.3): the platform's figures over a range
 * for administrators: who was active, sessions played per day, the most used activities and
 * games, appointments per week and memberships sold, for every clinic or one.
 */
export function StatisticsAppPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const headingId = useId();
  const { filters, update } = useAddressFilters();
  const query = platformQuery(filters);
  const { data, network } = useResource<PlatformStatistics>([PLATFORM_KEY, query.toString()], `${PLATFORM_PATH}?${query}`);
  const clinic: PickerOption | null = filters.clinic ? { id: filters.clinic, label: data?.clinic?.id === filters.clinic ? data.clinic.name : "" } : null;
  const number = (value: number) => value.toLocaleString(language);
  const buildName = (buildId: string) => buildById(buildId)?.title[language === "es" ? "es" : "en"] ?? buildId;

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Card variant="outlined" component="section" aria-labelledby={headingId}>
        <CardContent>
          {/* The shell's top bar holds the page's h1 ("Statistics app"). */}
          <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
            {t("statisticsApp.filters")}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t("statisticsApp.intro")}
          </Typography>
          <Stack direction={{ xs: "column", lg: "row" }} spacing={2} useFlexGap sx={{ alignItems: { lg: "flex-start" }, flexWrap: "wrap" }}>
            <DateRangeBar range={{ since: filters.since, to: filters.to }} today={todayOf()} onChange={update} />
            <SearchPicker<ClinicRow>
              path="/api/clinics/?rowsPerPage=20"
              queryKey={[CLINICS_KEY, "statistics-picker"]}
              toOption={(row) => ({ id: row.id, label: row.name })}
              value={clinic}
              onChange={(option) => update({ clinic: option?.id ?? "" })}
              label={t("statisticsApp.clinic")}
              noOptionsText={t("statisticsApp.noClinics")}
              size="small"
              sx={{ width: { xs: "100%", sm: 280 } }}
            />
          </Stack>
        </CardContent>
      </Card>

      {network.error ? <Alert severity="error">{t("statisticsApp.error")}</Alert> : null}
      {!data ? (
        network.error ? null : (
          <Skeleton variant="rounded" height={320} aria-hidden />
        )
      ) : (
        <>
          <Tiles
            label={data.clinic ? t("statisticsApp.figuresOf", { clinic: data.clinic.name }) : t("statisticsApp.figures")}
            items={[
              [t("statisticsApp.totals.activeClinics"), number(data.totals.activeClinics)],
              [t("statisticsApp.totals.activeTherapists"), number(data.totals.activeTherapists)],
              [t("statisticsApp.totals.activePatients"), number(data.totals.activePatients)],
              [t("statisticsApp.totals.sessions"), number(data.totals.sessions)],
              [t("statisticsApp.totals.appointments"), number(data.totals.appointments)],
              [t("statisticsApp.totals.membershipsSold"), number(data.totals.membershipsSold)],
              [
                t("statisticsApp.totals.revenue"),
                data.revenue.length === 0 ? "—" : data.revenue.map((sum) => formatMoney(sum.amountCents, sum.currency, language)).join(" · "),
              ],
            ]}
          />
          <PlatformSection
            title={t("statisticsApp.days.title")}
            table="days"
            filters={filters}
            rows={data.sessionsPerDay}
            rowKey={(row) => row.day}
            scroll
            empty={t("statisticsApp.none")}
            summary={t("statisticsApp.days.summary", {
              sessions: data.totals.sessions,
              days: data.sessionsPerDay.length,
              since: data.since,
              to: data.to,
            })}
            chart={
              <DailyChart
                days={data.sessionsPerDay}
                labels={{ sessions: t("statisticsApp.columns.sessions"), patients: t("statisticsApp.columns.patients") }}
              />
            }
            columns={[
              { header: t("statisticsApp.columns.day"), cell: (row) => row.day },
              { header: t("statisticsApp.columns.sessions"), cell: (row) => number(row.sessions), numeric: true },
              { header: t("statisticsApp.columns.patients"), cell: (row) => number(row.patients), numeric: true },
            ]}
          />
          <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "repeat(2, minmax(0, 1fr))" }, alignItems: "start" }}>
            <PlatformSection
              title={t("statisticsApp.activities.title")}
              table="activities"
              filters={filters}
              rows={data.topActivities}
              rowKey={(row) => String(row.id)}
              empty={t("statisticsApp.none")}
              summary={t("statisticsApp.activities.summary", { count: data.topActivities.length, first: data.topActivities[0]?.name ?? "" })}
              chart={
                <RankChart rows={data.topActivities.map((row) => ({ name: row.name, value: row.sessions }))} label={t("statisticsApp.columns.sessions")} />
              }
              columns={[
                { header: t("statisticsApp.columns.activity"), cell: (row) => row.name },
                { header: t("statisticsApp.columns.sessions"), cell: (row) => number(row.sessions), numeric: true },
                { header: t("statisticsApp.columns.patients"), cell: (row) => number(row.patients), numeric: true },
              ]}
            />
            <PlatformSection
              title={t("statisticsApp.builds.title")}
              table="builds"
              filters={filters}
              rows={data.topBuilds}
              rowKey={(row) => row.buildId}
              empty={t("statisticsApp.none")}
              summary={t("statisticsApp.builds.summary", {
                count: data.topBuilds.length,
                first: data.topBuilds[0] ? buildName(data.topBuilds[0].buildId) : "",
              })}
              chart={
                <RankChart
                  rows={data.topBuilds.map((row) => ({ name: buildName(row.buildId), value: row.sessions }))}
                  label={t("statisticsApp.columns.sessions")}
                />
              }
              columns={[
                { header: t("statisticsApp.columns.game"), cell: (row) => buildName(row.buildId) },
                { header: t("statisticsApp.columns.family"), cell: (row) => familyName(row.family) },
                { header: t("statisticsApp.columns.sessions"), cell: (row) => number(row.sessions), numeric: true },
                { header: t("statisticsApp.columns.patients"), cell: (row) => number(row.patients), numeric: true },
              ]}
            />
            <PlatformSection
              title={t("statisticsApp.appointments.title")}
              table="appointments"
              filters={filters}
              rows={data.appointmentsPerWeek}
              rowKey={(row) => row.week}
              empty={t("statisticsApp.none")}
              summary={t("statisticsApp.appointments.summary", { appointments: data.totals.appointments, weeks: data.appointmentsPerWeek.length })}
              chart={
                <WeeklyChart
                  weeks={data.appointmentsPerWeek.map((row) => ({ week: row.week, value: row.appointments }))}
                  label={t("statisticsApp.columns.appointments")}
                />
              }
              columns={[
                { header: t("statisticsApp.columns.week"), cell: (row) => row.week },
                { header: t("statisticsApp.columns.appointments"), cell: (row) => number(row.appointments), numeric: true },
              ]}
            />
            <PlatformSection
              title={t("statisticsApp.memberships.title")}
              table="memberships"
              filters={filters}
              rows={data.membershipsPerWeek}
              rowKey={(row) => row.week}
              empty={t("statisticsApp.memberships.none")}
              columns={[
                { header: t("statisticsApp.columns.week"), cell: (row) => row.week },
                { header: t("statisticsApp.columns.sold"), cell: (row) => number(row.sold), numeric: true },
                {
                  header: t("statisticsApp.columns.revenue"),
                  cell: (row) => row.revenue.map((sum) => formatMoney(sum.amountCents, sum.currency, language)).join(" · "),
                  numeric: true,
                },
              ]}
            />
          </Box>
        </>
      )}
    </Stack>
  );
}

/** The range's headline figures: four tiles a row, seven on wide screens. */
function Tiles({ label, items }: { label: string; items: [string, ReactNode][] }) {
  return <FigureTiles label={label} items={items} columns={{ md: 4, xl: 7 }} />;
}
