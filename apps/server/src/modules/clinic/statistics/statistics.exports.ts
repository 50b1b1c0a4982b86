import { FAMILY_MEASURES, type GlobalActivity, type PatientStatistics, type StatisticsActivity, type StatisticsTable } from "@clinic/shared";
import type { ExportColumn } from "../../../platform/exports.ts";
import { familyName, STATISTICS_LABELS, type StatisticsLanguage } from "./statistics.labels.ts";

/**
 * One table of a patient's statistics as export rows (`GET /api/statistics/export`): the same
 * figures the screen shows, with headers in the asked language. Values stay numbers (ratios as
 * 0..1, times in ms) so a spreadsheet can compute with them.
 */

export interface ExportTable<T> {
  columns: ExportColumn<T>[];
  rows: readonly T[];
}

const day = (iso: string | null) => iso?.slice(0, 10) ?? null;
const dateTime = (iso: string) => iso.slice(0, 16).replace("T", " ");
const minutes = (ms: number) => Math.round(ms / 600) / 100;

type AnyTable = ExportTable<never>;

function activityColumns<T extends StatisticsActivity>(language: StatisticsLanguage): ExportColumn<T>[] {
  const t = STATISTICS_LABELS[language];
  return [
    { header: t.activity, value: (row) => row.name, width: 32 },
    { header: t.type, value: (row) => t.types[row.type] ?? row.type, width: 10 },
    { header: t.family, value: (row) => (row.family ? familyName(row.family) : null), width: 12 },
    { header: t.build, value: (row) => row.buildId, width: 18 },
    { header: t.assigned, value: (row) => row.assigned, width: 10 },
    { header: t.done, value: (row) => row.done, width: 10 },
    { header: t.sessions, value: (row) => row.sessions, width: 10 },
    { header: t.playedMinutes, value: (row) => minutes(row.playedMs), width: 12 },
    { header: t.lastDone, value: (row) => day(row.lastDoneAt), width: 12 },
  ];
}

export function statisticsTable(stats: PatientStatistics, table: StatisticsTable, language: StatisticsLanguage): AnyTable {
  const t = STATISTICS_LABELS[language];
  const rate = (row: { assigned: number; done: number }) => (row.assigned === 0 ? null : row.done / row.assigned);
  switch (table) {
    case "adherence":
      return table_(stats.data.days, [
        { header: t.day, value: (row) => row.day, width: 12 },
        { header: t.assigned, value: (row) => row.assigned, width: 10 },
        { header: t.done, value: (row) => row.done, width: 10 },
        { header: t.adherence, value: rate, width: 10 },
      ]);
    case "weeks":
      return table_(stats.data.weeks, [
        { header: t.week, value: (row) => row.week, width: 14 },
        { header: t.assigned, value: (row) => row.assigned, width: 10 },
        { header: t.done, value: (row) => row.done, width: 10 },
        { header: t.adherence, value: rate, width: 10 },
      ]);
    case "measures": {
      const points = stats.data.families.flatMap((family) =>
        family.measures.flatMap((measure) => measure.points.map((point) => ({ family: family.family, measure, point }))),
      );
      return table_(points, [
        { header: t.family, value: (row) => familyName(row.family), width: 12 },
        { header: t.measure, value: (row) => t.measures[row.measure.name] ?? row.measure.name, width: 28 },
        { header: t.unit, value: (row) => t.units[row.measure.unit], width: 8 },
        { header: t.session, value: (row) => row.point.sessionId, width: 10 },
        { header: t.ended, value: (row) => dateTime(row.point.endedAt), width: 18 },
        { header: t.value, value: (row) => row.point.value, width: 12 },
      ]);
    }
    case "dizziness":
      return table_(stats.data.dizziness, [
        { header: t.ended, value: (row) => dateTime(row.endedAt), width: 18 },
        { header: t.activity, value: (row) => row.activityName, width: 32 },
        { header: t.before, value: (row) => row.before, width: 14 },
        { header: t.after, value: (row) => row.after, width: 14 },
      ]);
    case "sessions": {
      // One column per main measure of the families listed, after the session's own figures.
      const names = [...new Set(stats.data.sessions.flatMap((session) => FAMILY_MEASURES[session.family].map((measure) => measure.name)))].filter(
        (name) => name !== "level_end",
      );
      return table_(stats.data.sessions, [
        { header: t.ended, value: (row) => dateTime(row.endedAt), width: 18 },
        { header: t.activity, value: (row) => row.activity?.name ?? null, width: 32 },
        { header: t.family, value: (row) => familyName(row.family), width: 12 },
        { header: t.build, value: (row) => row.buildId, width: 18 },
        { header: t.duration, value: (row) => minutes(row.durationMs), width: 12 },
        { header: t.levelStart, value: (row) => row.levelStart, width: 10 },
        { header: t.levelEnd, value: (row) => row.levelEnd, width: 10 },
        { header: t.outcome, value: (row) => t.endings[row.ended] ?? row.ended, width: 12 },
        { header: t.trials, value: (row) => row.trialCount, width: 8 },
        { header: t.before, value: (row) => row.dizzinessBefore, width: 14 },
        { header: t.after, value: (row) => row.dizzinessAfter, width: 14 },
        ...names.map(
          (name): ExportColumn<(typeof stats.data.sessions)[number]> => ({
            header: t.measures[name] ?? name,
            value: (row) => row.metrics[name] ?? null,
            width: 14,
          }),
        ),
      ]);
    }
    case "activities":
      return table_(stats.activities, activityColumns(language));
  }
}

/** `GET /api/global-activities/export`: the per-activity rows with how many patients each reached. */
export function globalActivitiesTable(rows: readonly GlobalActivity[], language: StatisticsLanguage): ExportTable<GlobalActivity> {
  const t = STATISTICS_LABELS[language];
  return { rows, columns: [...activityColumns<GlobalActivity>(language), { header: t.patients, value: (row) => row.patients, width: 10 }] };
}

/** Pairs rows with their columns, typed by the rows, and forgets the row type for the caller. */
function table_<T>(rows: readonly T[], columns: ExportColumn<T>[]): AnyTable {
  return { rows, columns } as unknown as AnyTable;
}
