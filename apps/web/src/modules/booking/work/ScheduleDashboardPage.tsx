import { Alert, Box, Skeleton, Stack } from "@mui/material";
import { lazy, useId } from "react";
import { useTranslation } from "react-i18next";
import { ChartFigure } from "../../../lib/components/ChartFigure.tsx";
import { everyDay } from "./booking-days.ts";
import { formatCount, formatHours, formatScore } from "./figures.ts";
import { FiguresSection, FiltersCard, ShareBar, Tiles, useReport, useReportFilters } from "./ReportPieces.tsx";
import { formatMoney } from "../../../lib/money.ts";

// The charts library is large: it loads with the figures, in a chunk of its own.
const BookingsPerDayChart = lazy(() => import("./DashboardCharts.tsx").then((m) => ({ default: m.BookingsPerDayChart })));

/**
 * The scheduling dashboard (`/schedule/app/dashboard`): over a range (required, the last 30
 * days by default), the headline figures, bookings and cancellations per day as a chart with its
 * table, and how much of their open hours providers and equipment were booked.
 */
export function ScheduleDashboardPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const chartTableId = useId();
  const { filters, update } = useReportFilters();
  const { data, network } = useReport(filters);
  const count = (value: number) => formatCount(value, language);
  // A range without a single booking says so, rather than drawing a flat line over a table of zeros.
  const days = data && data.perDay.length > 0 ? everyDay(data.since, data.to, data.perDay, (date) => ({ date, bookings: 0, cancelled: 0 })) : [];
  const average = data ? formatScore(data.totals.averageScore, language) : null;

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <FiltersCard filters={filters} onChange={update} intro={t("bookingWork.dashboard.intro")} />
      {network.error ? <Alert severity="error">{t("bookingWork.report.error")}</Alert> : null}
      {!data ? (
        network.error ? null : (
          <Skeleton variant="rounded" height={320} aria-hidden />
        )
      ) : (
        <>
          <Tiles
            label={t("bookingWork.report.headline", { since: data.since, to: data.to })}
            items={[
              [t("bookingWork.report.totals.bookings"), count(data.totals.bookings)],
              [t("bookingWork.report.totals.cancelled"), count(data.totals.cancelled)],
              [t("bookingWork.report.totals.noShows"), count(data.totals.noShows)],
              [t("bookingWork.report.totals.pending"), count(data.totals.pending)],
              [t("bookingWork.report.totals.revenue"), formatMoney(data.totals.revenueCents, data.currency, language)],
              [
                t("bookingWork.report.totals.average"),
                average === null ? t("bookingWork.ratings.none") : t("bookingWork.report.averageOf", { score: average, count: data.totals.ratings }),
              ],
            ]}
          />
          <FiguresSection
            title={t("bookingWork.dashboard.perDay")}
            tableId={chartTableId}
            rows={days}
            rowKey={(day) => day.date}
            scrolls
            empty={t("bookingWork.report.none")}
            chart={
              <ChartFigure
                summary={t("bookingWork.dashboard.perDaySummary", {
                  bookings: data.totals.bookings,
                  cancelled: data.totals.cancelled,
                  since: data.since,
                  to: data.to,
                })}
                tableId={chartTableId}
                points={days.length}
                height={260}
              >
                <BookingsPerDayChart
                  days={days}
                  labels={{ bookings: t("bookingWork.report.columns.bookings"), cancelled: t("bookingWork.report.columns.cancelled") }}
                />
              </ChartFigure>
            }
            columns={[
              { header: t("bookingWork.report.columns.day"), cell: (day) => day.date },
              { header: t("bookingWork.report.columns.bookings"), cell: (day) => count(day.bookings), numeric: true },
              { header: t("bookingWork.report.columns.cancelled"), cell: (day) => count(day.cancelled), numeric: true },
            ]}
          />
          {/* Full width: four columns side by side need it. */}
          <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: "minmax(0, 1fr)" }}>
            <FiguresSection
              title={t("bookingWork.dashboard.providers")}
              rows={data.providers}
              rowKey={(row) => row.id}
              empty={t("bookingWork.report.noProviders")}
              columns={[
                { header: t("bookingWork.report.columns.provider"), cell: (row) => row.name },
                { header: t("bookingWork.report.columns.bookedHours"), cell: (row) => formatHours(row.bookedMinutes, language), numeric: true },
                { header: t("bookingWork.report.columns.openHours"), cell: (row) => formatHours(row.openMinutes, language), numeric: true },
                { header: t("bookingWork.report.columns.utilisation"), cell: (row) => <ShareBar ratio={row.utilisation} />, numeric: true },
              ]}
            />
            <FiguresSection
              title={t("bookingWork.dashboard.equipment")}
              rows={data.resources}
              rowKey={(row) => row.id}
              empty={t("bookingWork.report.noEquipment")}
              columns={[
                { header: t("bookingWork.report.columns.resource"), cell: (row) => row.name },
                { header: t("bookingWork.report.columns.heldHours"), cell: (row) => formatHours(row.heldMinutes, language), numeric: true },
                { header: t("bookingWork.report.columns.openHours"), cell: (row) => formatHours(row.openMinutes, language), numeric: true },
                { header: t("bookingWork.report.columns.utilisation"), cell: (row) => <ShareBar ratio={row.utilisation} />, numeric: true },
              ]}
            />
          </Box>
        </>
      )}
    </Stack>
  );
}
