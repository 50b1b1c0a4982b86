import { useTheme } from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import { dateAxis, LEGEND_ON_TOP } from "../../../lib/chart-axes.ts";

/**
 * The dashboard's chart (MUI X Charts, in a chunk of its own, loaded with the figures). Screen
 * readers get the table of the same days instead (ChartFigure describes the image by it).
 */

/** Bookings and cancellations per day: every day of the range, the quiet ones as zeros. */
export function BookingsPerDayChart({
  days,
  labels,
}: {
  days: { date: string; bookings: number; cancelled: number }[];
  labels: { bookings: string; cancelled: string };
}) {
  const theme = useTheme();
  const x = days.map((day) => new Date(`${day.date}T00:00:00Z`));
  return (
    <LineChart
      height={260}
      skipAnimation
      xAxis={[dateAxis(x, 6, (value) => value.toISOString().slice(0, 10))]}
      yAxis={[{ min: 0, width: 40, tickMinStep: 1 }]}
      series={[
        {
          id: "bookings",
          data: days.map((day) => day.bookings),
          label: labels.bookings,
          color: theme.palette.primary.light,
          area: true,
          showMark: days.length <= 31,
          curve: "linear",
        },
        {
          id: "cancelled",
          data: days.map((day) => day.cancelled),
          label: labels.cancelled,
          color: theme.palette.error.main,
          showMark: days.length <= 31,
          curve: "linear",
        },
      ]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}
