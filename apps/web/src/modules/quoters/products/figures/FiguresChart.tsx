import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LEGEND_ON_TOP } from "../../../../lib/chart-axes.ts";

/**
 * The figures' chart (MUI X Charts, in a chunk of its own): amounts quoted and accepted per
 * month. Screen readers get the table of the same months instead (ChartFigure describes the
 * image by it).
 */
export function FiguresChart({
  months,
  labels,
  format,
}: {
  months: { month: string; quoted: number; accepted: number }[];
  labels: { quoted: string; accepted: string };
  format: (amount: number) => string;
}) {
  const theme = useTheme();
  return (
    <BarChart
      height={260}
      skipAnimation
      xAxis={[{ data: months.map((month) => month.month), scaleType: "band", tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ min: 0, width: 64, valueFormatter: (value: number) => format(value) }]}
      series={[
        {
          id: "quoted",
          data: months.map((month) => month.quoted),
          label: labels.quoted,
          color: theme.palette.primary.light,
          valueFormatter: (value) => format(value ?? 0),
        },
        {
          id: "accepted",
          data: months.map((month) => month.accepted),
          label: labels.accepted,
          color: theme.palette.success.main,
          valueFormatter: (value) => format(value ?? 0),
        },
      ]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}
