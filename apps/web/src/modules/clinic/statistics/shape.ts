import { daysBetween, type FamilyMeasureSeries, type MeasureUnit, type PatientStatistics, type TrendDirection } from "@clinic/shared";
import type { TFunction } from "i18next";
import { formatDuration, formatNumber } from "../assign/activity/gameFigures.ts";
import type { DayRange } from "../../../lib/date-range.ts";

/** Up to a month, adherence reads per day; longer ranges per week (a bar a day would be too thin on a phone). */
export const ADHERENCE_DAILY_MAX_DAYS = 31;
export const adherencePerWeek = (range: DayRange) => daysBetween(range.since, range.to) > ADHERENCE_DAILY_MAX_DAYS;

/** One bar pair of the adherence chart and one row of its table: a day, or a week by its Monday. */
export interface AdherenceBucket {
  /** `YYYY-MM-DD`: the day, or the Monday starting the week. */
  day: string;
  assigned: number;
  done: number;
  /** done / assigned, null when nothing was assigned. */
  ratio: number | null;
}

/** Adherence per day for ranges up to a month, per week beyond (ADHERENCE_DAILY_MAX_DAYS). */
export function adherenceBuckets(data: PatientStatistics["data"], range: DayRange): { per: "day" | "week"; buckets: AdherenceBucket[] } {
  const ratio = (assigned: number, done: number) => (assigned > 0 ? done / assigned : null);
  if (adherencePerWeek(range))
    return {
      per: "week",
      buckets: data.weeks.map((week) => ({ day: week.week, assigned: week.assigned, done: week.done, ratio: ratio(week.assigned, week.done) })),
    };
  return { per: "day", buckets: data.days.map((day) => ({ day: day.day, assigned: day.assigned, done: day.done, ratio: ratio(day.assigned, day.done) })) };
}

/** Whether anything was assigned or done in the buckets (an empty chart is not drawn). */
export const hasAdherence = (buckets: readonly AdherenceBucket[]) => buckets.some((bucket) => bucket.assigned > 0 || bucket.done > 0);

/** A ratio as a percent in the reader's language ("85 %" in Spanish). */
export const formatPercent = (language: string, ratio: number, digits = 0) =>
  new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: digits }).format(ratio);

/** The digits each unit is shown with: reaction times to the millisecond, angles and logMAR finer. */
const UNIT_DIGITS: Record<MeasureUnit, number> = { ms: 0, ratio: 0, level: 1, px: 1, deg: 1, bpm: 0, items: 1, logmar: 2 };

/** A measure's value in its unit, in the reader's language: "412 ms", "85 %", "level 4", "2.5°", "0.12 logMAR". */
export function formatMeasure(t: TFunction, language: string, unit: MeasureUnit, value: number): string {
  if (unit === "ratio") return formatPercent(language, value);
  return t(`statistics.units.${unit}`, { value: formatNumber(language, value, UNIT_DIGITS[unit]) });
}

/** A measure's change in its unit, signed ("−48 ms", "+6 points" for ratios: percentage points). */
export function formatChange(t: TFunction, language: string, unit: MeasureUnit, change: number): string {
  const sign = change > 0 ? "+" : change < 0 ? "−" : "±";
  const size = Math.abs(change);
  if (unit === "ratio") return `${sign}${t("statistics.units.points", { value: formatNumber(language, size * 100, 0) })}`;
  return `${sign}${t(`statistics.units.${unit}`, { value: formatNumber(language, size, UNIT_DIGITS[unit]) })}`;
}

/** The value a chart plots for a measure: ratios as percents, so the axis reads 0–100. */
export const chartValue = (unit: MeasureUnit, value: number) => (unit === "ratio" ? value * 100 : value);

/** A measure's name in the reader's language; a metric this screen does not know by name keeps its own. */
export const measureName = (t: TFunction, name: string) => t(`statistics.measures.${name}`, { defaultValue: name });

/**
 * The sentence of a measure's trend: "Improving: 520 ms → 430 ms over 12 sessions", or, below
 * MIN_TREND_SESSIONS, only the sessions it has, or null without any.
 */
export function trendSentence(t: TFunction, language: string, measure: FamilyMeasureSeries): string | null {
  const { trend, unit } = measure;
  if (!trend) return null;
  const values = {
    start: formatMeasure(t, language, unit, trend.start),
    end: formatMeasure(t, language, unit, trend.end),
    count: trend.sessions,
    sessions: formatNumber(language, trend.sessions),
  };
  return trend.direction ? t(`statistics.trend.${trend.direction}`, values) : t("statistics.trend.tooFew", values);
}

/** The colour a trend reads in: better is green, worse is red, steady stays quiet. */
export const TREND_COLOR: Record<TrendDirection, "success" | "error" | "default"> = { improving: "success", worsening: "error", steady: "default" };

/** Dizziness is on a 0–10 scale; its change per session, after − before. */
export const dizzinessChange = (point: { before: number; after: number }) => point.after - point.before;

/** Mean dizziness before and after over the range's sessions, null without any. */
export function dizzinessMeans(points: readonly { before: number; after: number }[]): { before: number; after: number } | null {
  if (points.length === 0) return null;
  const sum = points.reduce((total, point) => ({ before: total.before + point.before, after: total.after + point.after }), { before: 0, after: 0 });
  return { before: sum.before / points.length, after: sum.after / points.length };
}

/** The totals' tiles, label and value, in the order a therapist reads them. */
export function totalsTiles(t: TFunction, language: string, totals: PatientStatistics["data"]["totals"], games = true): [string, string][] {
  const tiles: [string, string][] = [
    [t("statistics.totals.assigned"), formatNumber(language, totals.assigned)],
    [t("statistics.totals.done"), formatNumber(language, totals.done)],
    [t("statistics.totals.adherence"), totals.adherence === null ? t("statistics.none") : formatPercent(language, totals.adherence)],
  ];
  // An activity that is not a game plays no sessions: its tiles would only say zero.
  if (games)
    tiles.push(
      [t("statistics.totals.sessions"), formatNumber(language, totals.sessions)],
      [t("statistics.totals.played"), formatDuration(t, language, totals.playedMs)],
    );
  tiles.push([t("statistics.totals.activeDays"), formatNumber(language, totals.activeDays)]);
  return tiles;
}

/** One row of a family's table: a session, with each measure's value where it has one. */
export interface FamilyRow {
  sessionId: number;
  endedAt: string;
  values: (number | null)[];
}

/** A family's measures side by side per session, oldest first (a session missing a measure has null there). */
export function familyRows(measures: readonly FamilyMeasureSeries[]): FamilyRow[] {
  const rows = new Map<number, FamilyRow>();
  measures.forEach((measure, index) => {
    for (const point of measure.points) {
      const row = rows.get(point.sessionId) ?? { sessionId: point.sessionId, endedAt: point.endedAt, values: measures.map(() => null) };
      row.values[index] = point.value;
      rows.set(point.sessionId, row);
    }
  });
  return [...rows.values()].sort((a, b) => a.endedAt.localeCompare(b.endedAt) || a.sessionId - b.sessionId);
}
