import type { EventDashboardDay } from "@clinic/shared";
import { useTheme } from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import { dateAxis, LEGEND_ON_TOP } from "../../../lib/chart-axes.ts";

/**
 * The dashboard's chart (MUI X Charts, in a chunk of its own, loaded with the figures): places
 * held at the end of each day, and the day's registrations and cancellations. Screen readers get
 * the table of the same days instead (ChartFigure describes the image by it).
 */
export function RegistrationsChart({ days, labels }: { days: EventDashboardDay[]; labels: { held: string; registrations: string; cancellations: string } }) {
  const theme = useTheme();
  const x = days.map((day) => new Date(`${day.day}T00:00:00Z`));
  const marks = days.length <= 31;
  return (
    <LineChart
      height={260}
      skipAnimation
      xAxis={[dateAxis(x, 6, (value) => value.toISOString().slice(0, 10))]}
      yAxis={[{ min: 0, width: 40, tickMinStep: 1 }]}
      series={[
        {
          id: "held",
          data: days.map((day) => day.held),
          label: labels.held,
          color: theme.palette.primary.light,
          area: true,
          showMark: marks,
          curve: "stepAfter",
        },
        {
          id: "registrations",
          data: days.map((day) => day.registrations),
          label: labels.registrations,
          color: theme.palette.success.main,
          showMark: marks,
          curve: "linear",
        },
        {
          id: "cancellations",
          data: days.map((day) => day.cancellations),
          label: labels.cancellations,
          color: theme.palette.error.main,
          showMark: marks,
          curve: "linear",
        },
      ]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}
