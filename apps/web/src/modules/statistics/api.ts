import type { PlatformTable } from "@clinic/shared";

export const PLATFORM_KEY = "platformStatistics";
export const PLATFORM_PATH = "/api/statistics/platform";
export const PLATFORM_EXPORT_PATH = "/api/statistics/platform/export";

export interface PlatformFilters {
  since: string;
  to: string;
  /** A clinic's user id, or "" for the whole platform. */
  clinic: string;
}

/** The query of the figures and of every export: the range, and the clinic when one is chosen. */
export function platformQuery(filters: PlatformFilters): URLSearchParams {
  const params = new URLSearchParams({ since: filters.since, to: filters.to });
  if (filters.clinic) params.set("clinic", filters.clinic);
  return params;
}

/** What each table's export sends besides the range and clinic. */
export const exportFilters = (filters: PlatformFilters, table: PlatformTable): Record<string, string | undefined> => ({
  since: filters.since,
  to: filters.to,
  clinic: filters.clinic || undefined,
  table,
});
