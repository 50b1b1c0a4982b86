import type { BookingReport } from "@clinic/shared";
import { Box, Card, CardContent, LinearProgress, MenuItem, Stack, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FiguresTable, SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { DateRangeBar } from "../../../lib/components/DateRangeBar.tsx";
import { FigureTiles } from "../../../lib/components/FigureTiles.tsx";
import { type DayRange, todayOf } from "../../../lib/date-range.ts";
import { useResource } from "../../../lib/resource.ts";
import { reportPath, useLocations, WORK_KEY } from "./api.ts";
import { rangeFromAddress } from "./booking-days.ts";
import { formatShare, shareWidth } from "./figures.ts";

/**
 * What the dashboard and the report share: the range and location as the address holds them
 * (`?since=&to=&location=`, the last 30 days by default), the filters' card, the report's call,
 * the headline tiles and the tables of figures.
 */

export interface ReportFilters extends DayRange {
  locationId: number | null;
}

export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const range = rangeFromAddress(params, todayOf());
  const location = Number(params.get("location"));
  const filters: ReportFilters = { ...range, locationId: Number.isInteger(location) && location > 0 ? location : null };
  const update = (change: Partial<ReportFilters>) => {
    const next = { ...filters, ...change };
    const search = new URLSearchParams({ since: next.since, to: next.to });
    if (next.locationId !== null) search.set("location", String(next.locationId));
    setParams(search, { replace: true });
  };
  return { filters, update };
}

export function useReport(filters: ReportFilters) {
  const path = reportPath(filters.since, filters.to, filters.locationId);
  return useResource<BookingReport>([WORK_KEY, "report", path], path);
}

/** The range (required: both days) and, when the clinic has more than one, the location. */
export function FiltersCard({ filters, onChange, intro }: { filters: ReportFilters; onChange: (change: Partial<ReportFilters>) => void; intro: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const locations = useLocations();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        {/* The shell's top bar holds the page's h1. */}
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t("bookingWork.report.filters")}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
        <Stack direction={{ xs: "column", lg: "row" }} spacing={2} useFlexGap sx={{ alignItems: { lg: "flex-start" }, flexWrap: "wrap" }}>
          <DateRangeBar range={filters} today={todayOf()} onChange={(range) => onChange(range)} />
          {(locations.data?.length ?? 0) > 1 ? (
            <TextField
              select
              size="small"
              label={t("bookingWork.fields.location")}
              value={filters.locationId ?? ""}
              onChange={(event) => onChange({ locationId: event.target.value === "" ? null : Number(event.target.value) })}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ width: { xs: "100%", sm: 240 } }}
            >
              <MenuItem value="">{t("bookingWork.report.allLocations")}</MenuItem>
              {locations.data?.map((location) => (
                <MenuItem key={location.id} value={location.id}>
                  {location.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The range's headline figures: three tiles a row, six on wide screens. */
export function Tiles({ label, items }: { label: string; items: [string, ReactNode][] }) {
  return <FigureTiles label={label} items={items} columns={{ md: 3, xl: 6 }} />;
}

/** A share as its percentage and a bar; the bar is drawing only, the percentage says it. */
export function ShareBar({ ratio }: { ratio: number | null }) {
  const { i18n } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "flex-end" }} component="span">
      <Box component="span" sx={{ width: 64, display: { xs: "none", md: "block" } }} aria-hidden>
        {/* A grey track: the theme's light blue one reads as a full bar at 0 %. */}
        <LinearProgress variant="determinate" value={shareWidth(ratio)} sx={{ height: 8, borderRadius: 1, bgcolor: "action.selected" }} />
      </Box>
      <Box component="span" sx={{ minWidth: 44, textAlign: "right", fontVariantNumeric: "tabular-nums" }}>
        {formatShare(ratio, i18n.language)}
      </Box>
    </Stack>
  );
}

export interface FigureColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * A section of figures as a table, its first column the row's name (a row header); long or wide
 * tables scroll in their own box, so a phone's page never does.
 */
export function FiguresSection<Row>(props: {
  title: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: FigureColumn<Row>[];
  empty: string;
  tableId?: string;
  /** A chart above the table (described by it). */
  chart?: ReactNode;
  scrolls?: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const ownId = useId();
  const tableId = props.tableId ?? ownId;
  return (
    <SectionCard title={props.title} actions={props.actions}>
      {props.rows.length === 0 ? (
        <Typography color="text.secondary">{props.empty}</Typography>
      ) : (
        <>
          {props.chart}
          <FiguresTable id={tableId} caption={t("bookingWork.report.tableOf", { table: props.title })} scrolls={props.scrolls ?? false} captionHidden>
            <TableHead>
              <TableRow>
                {props.columns.map((column) => (
                  <TableCell key={column.header} align={column.numeric ? "right" : "left"} sx={{ verticalAlign: "bottom" }}>
                    {column.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {props.rows.map((row) => (
                <TableRow key={props.rowKey(row)}>
                  {props.columns.map((column, index) => (
                    <TableCell
                      key={column.header}
                      align={column.numeric ? "right" : "left"}
                      component={index === 0 ? "th" : "td"}
                      scope={index === 0 ? "row" : undefined}
                      sx={{ whiteSpace: column.numeric ? "nowrap" : undefined }}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </FiguresTable>
        </>
      )}
    </SectionCard>
  );
}
