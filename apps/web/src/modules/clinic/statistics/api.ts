import type { StatisticsReportInput, StatisticsTable } from "@clinic/shared";
import { download } from "../../../lib/api.ts";
import type { DayRange } from "../../../lib/date-range.ts";
import { saveBlob } from "../../../lib/exports.ts";

/** Query key root of a patient's statistics: one per patient, range and activity. */
export const STATISTICS_KEY = "statistics";
export const STATISTICS_PATH = "/api/statistics/";
export const STATISTICS_EXPORT_PATH = "/api/statistics/export";

/** What every statistics call of the screens names: the patient, the range and, on `statistics/:id`, the activity. */
export interface StatisticsScope extends DayRange {
  user: string;
  activity?: number;
}

export function statisticsQuery(scope: StatisticsScope): URLSearchParams {
  const params = new URLSearchParams({ user: scope.user, since: scope.since, to: scope.to });
  if (scope.activity !== undefined) params.set("activity", String(scope.activity));
  return params;
}

export const statisticsPath = (scope: StatisticsScope) => `${STATISTICS_PATH}?${statisticsQuery(scope)}`;

/** The filters one table's export sends beside its format and language (lib/components/ExportButtons adds those). */
export function exportFilters(scope: StatisticsScope, table: StatisticsTable): Record<string, string | undefined> {
  return { user: scope.user, since: scope.since, to: scope.to, activity: scope.activity === undefined ? undefined : String(scope.activity), table };
}

/** The screens' addresses: the statistics of a patient, and of one activity, in a range. */
export function statisticsScreen(path: "statistics" | `statistics/${number}`, patient: string, range: DayRange): string {
  return `/manager/admin/${path}?${new URLSearchParams({ patient, since: range.since, to: range.to })}`;
}

/** `POST /api/statistics/report`: the progress report as a PDF file. */
export const progressReport = (input: StatisticsReportInput) => download("POST", "/api/statistics/report", input);

/** Saves a downloaded file under its name. */
export function saveFile(file: { blob: Blob; filename: string | null }, fallbackName: string): void {
  saveBlob(file.blob, file.filename ?? fallbackName);
}
