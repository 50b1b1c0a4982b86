import { daysBetween, isRealDate, STATISTICS_MAX_DAYS, type STATISTICS_MESSAGES, type StatisticsQuickRange } from "@clinic/shared";
import dayjs from "dayjs";

/**
 * The range of days a statistics screen shows, as its address holds it (`?since=…&to=…`), so
 * that a reload or a bookmark keeps it. Without a range the screens show today (spec §9).
 */
export interface DayRange {
  since: string;
  to: string;
}

/** The viewer's calendar day, as the assignments' screens count it. */
export const todayOf = (now = dayjs()) => now.format("YYYY-MM-DD");

export const addDays = (day: string, days: number) => dayjs(day).add(days, "day").format("YYYY-MM-DD");

/** The days the range's address holds; a missing or malformed day is today. */
export function parseRange(params: URLSearchParams, today: string): DayRange {
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return isRealDate(value) ? value : today;
  };
  return { since: day("since"), to: day("to") };
}

/**
 * The days of a quick range ending today: `today`, the last 7, 30 or 90 days (today included),
 * or `all`, from the patient's first record (today when they have none yet).
 */
export function quickRange(quick: StatisticsQuickRange, today: string, firstDay: string | null): DayRange {
  if (quick === "today") return { since: today, to: today };
  if (quick === "all") return { since: firstDay && firstDay < today ? firstDay : today, to: today };
  return { since: addDays(today, 1 - Number(quick)), to: today };
}

/** The quick range a range is, if any (the button shown pressed); `today` wins over an `all` that is only today. */
export function activeQuickRange(
  range: DayRange,
  today: string,
  firstDay: string | null,
  quicks: readonly StatisticsQuickRange[],
): StatisticsQuickRange | null {
  return (
    quicks.find((quick) => {
      const days = quickRange(quick, today, firstDay);
      return days.since === range.since && days.to === range.to;
    }) ?? null
  );
}

/** What is wrong with a range, as the server would say it (STATISTICS_MESSAGES' key), or null. */
export function rangeProblem(range: DayRange): keyof typeof STATISTICS_MESSAGES | null {
  if (!isRealDate(range.since) || !isRealDate(range.to)) return "notADate";
  if (range.since > range.to) return "sinceAfterTo";
  if (daysBetween(range.since, range.to) > STATISTICS_MAX_DAYS) return "rangeTooLong";
  return null;
}

/** Up to a month, adherence reads per day; longer ranges per week (a bar a day would be too thin on a phone). */
export const ADHERENCE_DAILY_MAX_DAYS = 31;
export const adherencePerWeek = (range: DayRange) => daysBetween(range.since, range.to) > ADHERENCE_DAILY_MAX_DAYS;

/** The address of a range with the rest of the query kept (`patient`, say). */
export function rangeSearch(current: URLSearchParams, range: DayRange): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set("since", range.since);
  next.set("to", range.to);
  return next;
}
