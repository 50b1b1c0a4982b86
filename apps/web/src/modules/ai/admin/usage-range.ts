import { AI_LIMITS, isRealDate } from "@clinic/shared";
import dayjs from "dayjs";
import { addDays } from "../../../lib/date-range.ts";

/** The usage's days, as the address keeps them (`?from=…&to=…`). */
export interface UsageRange {
  from: string;
  to: string;
}

/** The quick ranges, in days ending today. */
export const USAGE_QUICK_DAYS = [7, 30, 90] as const;

/** The longest range the usage answers (the shared schema refuses more). */
export const USAGE_MAX_DAYS = AI_LIMITS.usageDays;

/** The last `days` days, today included. */
export const lastDays = (days: number, today: string): UsageRange => ({ from: addDays(today, 1 - days), to: today });

/** The range the address holds; a missing or malformed day is that of the last 30 days (the server's own default). */
export function usageRangeOf(params: URLSearchParams, today: string): UsageRange {
  const fallback = lastDays(30, today);
  const day = (name: "from" | "to") => {
    const value = params.get(name) ?? "";
    return isRealDate(value) ? value : fallback[name];
  };
  return { from: day("from"), to: day("to") };
}

/** Why the server would refuse the range (a key of aiAdmin.usage.problems), or null. */
export function usageRangeProblem(range: UsageRange): "notADate" | "order" | "tooLong" | null {
  if (!isRealDate(range.from) || !isRealDate(range.to)) return "notADate";
  if (range.from > range.to) return "order";
  if (dayjs(range.to).diff(dayjs(range.from), "day") >= USAGE_MAX_DAYS) return "tooLong";
  return null;
}
