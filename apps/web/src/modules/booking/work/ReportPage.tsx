import PictureAsPdf from "@mui/icons-material/PictureAsPdf";
import { Alert, Button, CircularProgress, Skeleton, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import { type ExportProgress, exportUrl, exportWithNotice, formatBytes, progressPercent } from "../../../lib/exports.ts";
import { useNotices } from "../../../lib/notices.tsx";
import { REPORT_EXPORT_PATH } from "./api.ts";
import { formatCount, formatHours, formatScore } from "./figures.ts";
import { FiguresSection, FiltersCard, type ReportFilters, ShareBar, Tiles, useReport, useReportFilters } from "./ReportPieces.tsx";
import { formatMoney } from "../../../lib/money.ts";

/** The export's filters as the server takes them (the location only when one is chosen). */
const exportFilters = (filters: ReportFilters) => ({
  since: filters.since,
  to: filters.to,
  locationId: filters.locationId === null ? undefined : String(filters.locationId),
});

/**
 * The report as a PDF, through the platform's export action (progress in the button, the §8
 * notice once saved or failed), as the CSV and XLSX buttons beside it do.
 */
function PdfButton({ filters }: { filters: ReportFilters }) {
  const { t, i18n } = useTranslation();
  const notices = useNotices();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const start = async () => {
    setProgress({ loaded: 0, total: null });
    await exportWithNotice(
      exportUrl(REPORT_EXPORT_PATH, "pdf", i18n.language, "", exportFilters(filters)),
      "bookingReport",
      `booking-report-${filters.since}-${filters.to}.pdf`,
      { notices, t: (key) => i18n.t(key), onProgress: setProgress },
    );
    setProgress(null);
  };
  const percent = progress ? progressPercent(progress) : null;
  const running = progress
    ? percent !== null
      ? t("exports.running", { percent })
      : t("exports.runningBytes", { size: formatBytes(progress.loaded, i18n.language) })
    : "";
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={progress !== null}
      onClick={() => void start()}
      aria-busy={progress !== null}
      startIcon={
        progress ? (
          <CircularProgress size={16} aria-label={running} variant={percent === null ? "indeterminate" : "determinate"} value={percent ?? undefined} />
        ) : (
          <PictureAsPdf />
        )
      }
    >
      {progress ? running : t("bookingWork.report.pdf")}
    </Button>
  );
}

/**
 * The scheduling report (`/schedule/app/report`): over a range (required) and one location or
 * all, the figures per provider, per piece of equipment and per service; the range's bookings
 * download as CSV or XLSX, the report itself as a PDF.
 */
export function ReportPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { filters, update } = useReportFilters();
  const { data, network } = useReport(filters);
  const count = (value: number) => formatCount(value, language);
  const score = (value: number | null) => formatScore(value, language) ?? "–";

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <FiltersCard filters={filters} onChange={update} intro={t("bookingWork.report.intro")} />
      <SectionCard title={t("bookingWork.report.exportTitle")} subtitle={t("bookingWork.report.exportText", { since: filters.since, to: filters.to })}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <ExportButtons kind="bookings" path={REPORT_EXPORT_PATH} search="" filters={exportFilters(filters)} label={t("bookingWork.report.exportBookings")} />
          <PdfButton filters={filters} />
        </Stack>
      </SectionCard>
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
              [t("bookingWork.report.totals.completed"), count(data.totals.completed)],
              [t("bookingWork.report.totals.cancelled"), count(data.totals.cancelled)],
              [t("bookingWork.report.totals.noShows"), count(data.totals.noShows)],
              [t("bookingWork.report.totals.revenue"), formatMoney(data.totals.revenueCents, data.currency, language)],
              [t("bookingWork.report.totals.ratings"), count(data.totals.ratings)],
            ]}
          />
          <FiguresSection
            title={t("bookingWork.report.providers")}
            rows={data.providers}
            rowKey={(row) => row.id}
            empty={t("bookingWork.report.noProviders")}
            columns={[
              { header: t("bookingWork.report.columns.provider"), cell: (row) => row.name },
              { header: t("bookingWork.report.columns.bookings"), cell: (row) => count(row.bookings), numeric: true },
              { header: t("bookingWork.report.columns.bookedHours"), cell: (row) => formatHours(row.bookedMinutes, language), numeric: true },
              { header: t("bookingWork.report.columns.openHours"), cell: (row) => formatHours(row.openMinutes, language), numeric: true },
              { header: t("bookingWork.report.columns.utilisation"), cell: (row) => <ShareBar ratio={row.utilisation} />, numeric: true },
              { header: t("bookingWork.report.columns.noShows"), cell: (row) => count(row.noShows), numeric: true },
              { header: t("bookingWork.report.columns.revenue"), cell: (row) => formatMoney(row.revenueCents, data.currency, language), numeric: true },
              { header: t("bookingWork.report.columns.average"), cell: (row) => score(row.averageScore), numeric: true },
            ]}
          />
          <FiguresSection
            title={t("bookingWork.report.equipment")}
            rows={data.resources}
            rowKey={(row) => row.id}
            empty={t("bookingWork.report.noEquipment")}
            columns={[
              { header: t("bookingWork.report.columns.resource"), cell: (row) => row.name },
              { header: t("bookingWork.report.columns.units"), cell: (row) => count(row.units), numeric: true },
              { header: t("bookingWork.report.columns.heldHours"), cell: (row) => formatHours(row.heldMinutes, language), numeric: true },
              { header: t("bookingWork.report.columns.openHours"), cell: (row) => formatHours(row.openMinutes, language), numeric: true },
              { header: t("bookingWork.report.columns.utilisation"), cell: (row) => <ShareBar ratio={row.utilisation} />, numeric: true },
            ]}
          />
          <FiguresSection
            title={t("bookingWork.report.services")}
            rows={data.services}
            rowKey={(row) => row.id}
            empty={t("bookingWork.report.noServices")}
            columns={[
              { header: t("bookingWork.report.columns.service"), cell: (row) => row.name },
              { header: t("bookingWork.report.columns.bookings"), cell: (row) => count(row.bookings), numeric: true },
              { header: t("bookingWork.report.columns.revenue"), cell: (row) => formatMoney(row.revenueCents, data.currency, language), numeric: true },
              { header: t("bookingWork.report.columns.average"), cell: (row) => score(row.averageScore), numeric: true },
            ]}
          />
        </>
      )}
    </Stack>
  );
}
