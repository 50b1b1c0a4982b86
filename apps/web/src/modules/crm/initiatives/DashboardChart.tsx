import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LEGEND_ON_TOP } from "../../../lib/chart-axes.ts";

/**
 * The CRM dashboard's chart (MUI X Charts, in a chunk of its own): calls and conversions per day.
 * Screen readers get the table of the same days instead (ChartFigure describes the image by it).
 */
export function CallsPerDayChart({
  days,
  labels,
}: {
  days: { day: string; calls: number; converted: number }[];
  labels: { calls: string; converted: string };
}) {
  const theme = useTheme();
  return (
    <BarChart
      height={260}
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
        { id: "converted", data: days.map((day) => day.converted), label: labels.converted, color: theme.palette.success.main },
      ]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}
