import type { ScoreRange } from "@clinic/shared";
import { useTheme } from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import { dateAxis, LEGEND_ON_TOP } from "../../../../lib/chart-axes.ts";
import type { HistoryPoint } from "./history.ts";

/**
 * The line of a patient's totals over time (MUI X Charts, in a chunk of its own): days on
 * x, the total on y over the form's whole range, the result on screen drawn as a larger mark
 * of its own series. Screen readers get the table beside it (ScoreHistory), not this.
 */
export function ScoreChart({ points, range, labels }: { points: HistoryPoint[]; range: ScoreRange | null; labels: { score: string; current: string } }) {
  const theme = useTheme();
  const dates = points.map((point) => new Date(point.submittedAt));
  return (
    <LineChart
      height={280}
      skipAnimation
      xAxis={[dateAxis(dates, 4)]}
      yAxis={[{ min: range?.min, max: range?.max, width: 48 }]}
      series={[
        { id: "total", data: points.map((point) => point.total), label: labels.score, color: theme.palette.primary.main, showMark: true, curve: "linear" },
        {
          id: "current",
          data: points.map((point) => (point.current ? point.total : null)),
          label: labels.current,
          color: theme.palette.secondary.main,
          showMark: true,
          shape: "diamond",
        },
      ]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}
