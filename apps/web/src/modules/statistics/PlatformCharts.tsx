import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { dateAxis, LEGEND_ON_TOP } from "../../lib/chart-axes.ts";

/**
 * The statistics app's charts (MUI X Charts, in a chunk of their own, loaded with the page's
 * figures). Screen readers get each section's table instead (PlatformSection).
 */

/** Sessions and distinct patients per day. */
export function DailyChart({ days, labels }: { days: { day: string; sessions: number; patients: number }[]; labels: { sessions: string; patients: string } }) {
  const theme = useTheme();
  const x = days.map((day) => new Date(`${day.day}T00:00:00Z`));
  return (
    <LineChart
      height={260}
      skipAnimation
      xAxis={[dateAxis(x, 5, (value) => value.toISOString().slice(0, 10))]}
      yAxis={[{ min: 0, width: 40 }]}
      series={[
        // Sessions as a light area, patients as a line over it: on days when each patient played once
        // the two coincide, and both still show.
        {
          id: "sessions",
          data: days.map((day) => day.sessions),
          label: labels.sessions,
          color: theme.palette.primary.light,
          area: true,
          showMark: false,
          curve: "linear",
        },
        {
          id: "patients",
          data: days.map((day) => day.patients),
          label: labels.patients,
          color: theme.palette.secondary.dark,
          showMark: days.length <= 31,
          curve: "linear",
        },
      ]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}

/** One count per week (appointments). */
export function WeeklyChart({ weeks, label }: { weeks: { week: string; value: number }[]; label: string }) {
  const theme = useTheme();
  return (
    <BarChart
      height={240}
      skipAnimation
      xAxis={[
        {
          data: weeks.map((week) => week.week),
          scaleType: "band",
          // Slanted, and at most about eight of them: ten-character days side by side overlap.
          tickLabelStyle: { angle: -40, textAnchor: "end", fontSize: 11 },
          height: 64,
          tickLabelInterval: (_, index) => index % Math.max(1, Math.ceil(weeks.length / 8)) === 0,
        },
      ]}
      yAxis={[{ min: 0, width: 40 }]}
      series={[{ data: weeks.map((week) => week.value), label, color: theme.palette.primary.main }]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}

/** A ranking (most played activities or games) as horizontal bars, the first on top. */
export function RankChart({ rows, label }: { rows: { name: string; value: number }[]; label: string }) {
  const theme = useTheme();
  return (
    <BarChart
      height={Math.max(120, 36 * rows.length + 60)}
      skipAnimation
      layout="horizontal"
      yAxis={[
        {
          data: rows.map((row) => row.name),
          scaleType: "band",
          width: 150,
          valueFormatter: (name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name),
        },
      ]}
      xAxis={[{ min: 0 }]}
      series={[{ data: rows.map((row) => row.value), label, color: theme.palette.primary.main }]}
      slotProps={LEGEND_ON_TOP}
    />
  );
}
