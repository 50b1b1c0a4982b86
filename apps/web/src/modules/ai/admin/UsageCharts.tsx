import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LEGEND_ON_TOP } from "../../../lib/chart-axes.ts";

interface UsageDay {
  day: string;
  questions: number;
  tokensIn: number;
  tokensOut: number;
}

const dayAxis = (days: UsageDay[]) => ({
  data: days.map((day) => day.day.slice(5)),
  scaleType: "band" as const,
  tickLabelStyle: { angle: -40, textAnchor: "end" as const, fontSize: 11 },
  height: 52,
});

/**
 * The usage's charts (MUI X Charts, in a chunk of their own): questions per day, and tokens per
 * day (in and out stacked), apart because their scales differ by thousands. Screen readers get
 * the table of the same days instead (ChartFigure describes the image by it).
 */
export function QuestionsChart({ days, label }: { days: UsageDay[]; label: string }) {
  const theme = useTheme();
  return (
    <BarChart
      height={240}
      skipAnimation
      xAxis={[dayAxis(days)]}
      yAxis={[{ min: 0, width: 40, tickMinStep: 1 }]}
      series={[{ id: "questions", data: days.map((day) => day.questions), label, color: theme.palette.primary.main }]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}

export function TokensChart({ days, labels }: { days: UsageDay[]; labels: { tokensIn: string; tokensOut: string } }) {
  const theme = useTheme();
  return (
    <BarChart
      height={240}
      skipAnimation
      xAxis={[dayAxis(days)]}
      yAxis={[{ min: 0, width: 56 }]}
      series={[
        { id: "in", data: days.map((day) => day.tokensIn), label: labels.tokensIn, stack: "tokens", color: theme.palette.primary.light },
        { id: "out", data: days.map((day) => day.tokensOut), label: labels.tokensOut, stack: "tokens", color: theme.palette.secondary.main },
      ]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}
