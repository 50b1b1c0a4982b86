import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LEGEND_ON_TOP } from "../../../lib/chart-axes.ts";

/**
 * The quoter's figures as bars (MUI X Charts, in a chunk of its own, loaded with the figures):
 * quoted against accepted amounts for each month or agent. Screen readers get the table of the
 * same rows instead (ChartFigure describes the image by it).
 */
export function AmountsChart({
  rows,
  labels,
  format,
}: {
  rows: { label: string; quoted: number; accepted: number }[];
  labels: { quoted: string; accepted: string };
  format: (cents: number) => string;
}) {
  const theme = useTheme();
  return (
    <BarChart
      height={260}
      skipAnimation
      xAxis={[{ data: rows.map((row) => row.label), scaleType: "band", tickLabelStyle: { angle: -30, textAnchor: "end", fontSize: 11 }, height: 56 }]}
      yAxis={[{ min: 0, width: 72, valueFormatter: (value: number) => format(value) }]}
      series={[
        {
          id: "quoted",
          data: rows.map((row) => row.quoted),
          label: labels.quoted,
          color: theme.palette.primary.light,
          valueFormatter: (value) => format(value ?? 0),
        },
        {
          id: "accepted",
          data: rows.map((row) => row.accepted),
          label: labels.accepted,
          color: theme.palette.success.main,
          valueFormatter: (value) => format(value ?? 0),
        },
      ]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}
