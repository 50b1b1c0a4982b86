import { AUDIT_MAX_RANGE_DAYS, type AUDIT_MESSAGES } from "@clinic/shared";

export const AUDIT_KEY = "audit";
export const AUDIT_PATH = "/api/audit/";
export const AUDIT_EXPORT_PATH = "/api/audit/export";
export const ACCESS_LOG_KEY = "audit-access-log";
export const ACCESS_LOG_PATH = "/api/audit/access-log";
/** People the reader may name in a filter: the API answers everyone to admins, a clinic its own people. */
export const PEOPLE_PICKER_PATH = "/api/usuario/user?rowsPerPage=20";

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * The dates as the API takes them: an end before the start, or a range over a year, is told
 * beside the end date and not sent (the API would refuse it with the same words).
 */
export function rangeFilters(since: string, to: string): { since?: string; to?: string; toError: keyof typeof AUDIT_MESSAGES | null } {
  let toError: keyof typeof AUDIT_MESSAGES | null = null;
  if (since && to && to < since) toError = "toBeforeSince";
  else if (since && to && dayNumber(to) - dayNumber(since) + 1 > AUDIT_MAX_RANGE_DAYS) toError = "rangeTooLong";
  return { since: since || undefined, to: toError ? undefined : to || undefined, toError };
}

/**
 * What an access did, as a patient reads it (`audit.accessLog.what.<key>`): the actions of the
 * platform that touch a person's data, grouped; anything else reads "worked with your data".
 */
const WHAT: [prefix: string, key: string][] = [
  ["patient.statistics.export", "statisticsExported"],
  ["patient.statistics.report", "statisticsReport"],
  ["patient.statistics", "statistics"],
  ["patient.forms.results.export", "formsExported"],
  ["patient.forms.assign", "formsChanged"],
  ["patient.forms.withdraw", "formsChanged"],
  ["patient.forms", "forms"],
  ["patient.activities.list", "activities"],
  ["patient.activity.read", "activities"],
  ["patient.activit", "activitiesChanged"],
  ["patient.game-session", "games"],
  ["patient.recommendations.read", "recommendations"],
  ["patient.recommendations", "recommendationsChanged"],
  ["patient.export", "recordExported"],
  ["patient.update", "recordChanged"],
  ["patient.create", "recordCreated"],
  ["patient.", "record"],
  ["appointment.", "appointments"],
  ["membership.", "membership"],
  ["billing.", "membership"],
  ["message.", "messages"],
  ["user.", "account"],
];

export function whatKey(action: string): string {
  return WHAT.find(([prefix]) => action.startsWith(prefix))?.[1] ?? "other";
}
export const WHAT_KEYS: readonly string[] = [...new Set([...WHAT.map(([, key]) => key), "other"])];
