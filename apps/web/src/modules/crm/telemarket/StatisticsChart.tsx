import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LEGEND_ON_TOP } from "../../../lib/chart-axes.ts";

/**
 * The telemarketing statistics' chart (MUI X Charts, in a chunk of its own): calls, contacts and
 * conversions per day. Screen readers get the table of the same days (ChartFigure describes the
 * image by it).
 */
export function StatisticsChart({
  days,
  labels,
}: {
  days: { day: string; calls: number; contacted: number; conversions: number }[];
  labels: { calls: string; contacted: string; conversions: string };
}) {
  const theme = useTheme();
  return (
    <BarChart
      height={280}
      skipAnimation
      xAxis={[
        {
          data: days.map((day) => day.day.slice(5)),
          scaleType: "band",
          tickLabelStyle: { angle: -40, textAnchor: "end", fontSize: 11 },
          height: 52,
        },
      ]}
      yAxis={[{ min: 0, width: 40, tickMinStep: 1 }]}
      series={[
        { id: "calls", data: days.map((day) => day.calls), label: labels.calls, color: theme.palette.primary.light },
        { id: "contacted", data: days.map((day) => day.contacted), label: labels.contacted, color: theme.palette.info.main },
        { id: "conversions", data: days.map((day) => day.conversions), label: labels.conversions, color: theme.palette.success.main },
      ]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}
