import type { MeasureUnit } from "@clinic/shared";
import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { dateAxis, LEGEND_ON_TOP } from "../../../lib/chart-axes.ts";
import { formatNumber } from "../assign/activity/gameFigures.ts";
import type { AdherenceBucket } from "./shape.ts";
import { chartValue } from "./shape.ts";

/**
 * The statistics' charts (MUI X Charts, in a chunk of their own, loaded with the screen's data).
 * Screen readers get each chart's table beside it (ChartFigure), not these drawings. Heights
 * and tick counts keep them legible at a phone's 390 px.
 */
const HEIGHT = 240;

/** Assigned against done, a pair of bars per day or per week. */
export function AdherenceChart(props: { buckets: AdherenceBucket[]; language: string; labels: { assigned: string; done: string } }) {
  const theme = useTheme();
  const count = (value: number | null) => (value === null ? "" : formatNumber(props.language, value));
  return (
    <BarChart
      height={HEIGHT}
      skipAnimation
      xAxis={[
        {
          data: props.buckets.map((bucket) => bucket.day),
          scaleType: "band",
          tickLabelInterval: "auto",
          valueFormatter: (day: string) => day.slice(5),
          // A week of days keeps slim bars rather than blocks across the card.
          categoryGapRatio: props.buckets.length <= 8 ? 0.5 : 0.2,
        },
      ]}
      yAxis={[{ width: 36, tickMinStep: 1, valueFormatter: (value: number) => formatNumber(props.language, value) }]}
      series={[
        {
          id: "assigned",
          data: props.buckets.map((bucket) => bucket.assigned),
          label: props.labels.assigned,
          color: theme.palette.grey[500],
          valueFormatter: count,
        },
        { id: "done", data: props.buckets.map((bucket) => bucket.done), label: props.labels.done, color: theme.palette.primary.main, valueFormatter: count },
      ]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}

/** One measure of a family, session by session. Ratios plot as percents. */
export function MeasureChart(props: {
  points: { endedAt: string; value: number }[];
  unit: MeasureUnit;
  language: string;
  label: string;
  format: (value: number) => string;
}) {
  const theme = useTheme();
  const { unit } = props;
  const axisNumber = (value: number) => (unit === "ratio" ? `${formatNumber(props.language, value)} %` : formatNumber(props.language, value, 2));
  return (
    <LineChart
      height={HEIGHT}
      skipAnimation
      xAxis={[
        dateAxis(
          props.points.map((point) => new Date(point.endedAt)),
          3,
        ),
      ]}
      yAxis={[
        {
          width: 56,
          valueFormatter: axisNumber,
          min: unit === "ratio" ? 0 : undefined,
          max: unit === "ratio" ? 100 : undefined,
          // Levels and spans are whole steps: no "19.5" between them.
          tickMinStep: unit === "level" || unit === "items" ? 1 : undefined,
        },
      ]}
      series={[
        {
          id: "measure",
          data: props.points.map((point) => chartValue(unit, point.value)),
          label: props.label,
          color: theme.palette.primary.main,
          showMark: true,
          curve: "linear",
          valueFormatter: (value: number | null) => (value === null ? "" : props.format(unit === "ratio" ? value / 100 : value)),
        },
      ]}
      hideLegend
    />
  );
}

/** Dizziness before and after each session, on its 0–10 scale. */
export function DizzinessChart(props: {
  points: { endedAt: string; before: number; after: number }[];
  language: string;
  labels: { before: string; after: string };
}) {
  const theme = useTheme();
  const level = (value: number | null) => (value === null ? "" : formatNumber(props.language, value));
  return (
    <LineChart
      height={HEIGHT}
      skipAnimation
      xAxis={[
        dateAxis(
          props.points.map((point) => new Date(point.endedAt)),
          3,
        ),
      ]}
      yAxis={[{ width: 36, min: 0, max: 10, valueFormatter: (value: number) => formatNumber(props.language, value) }]}
      series={[
        {
          id: "before",
          data: props.points.map((point) => point.before),
          label: props.labels.before,
          color: theme.palette.warning.main,
          showMark: true,
          curve: "linear",
          valueFormatter: level,
        },
        {
          id: "after",
          data: props.points.map((point) => point.after),
          label: props.labels.after,
          color: theme.palette.secondary.main,
          showMark: true,
          shape: "diamond",
          curve: "linear",
          valueFormatter: level,
        },
      ]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}
