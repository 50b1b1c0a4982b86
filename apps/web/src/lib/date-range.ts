import { daysBetween, isRealDate, STATISTICS_MAX_DAYS, type STATISTICS_MESSAGES, type StatisticsQuickRange } from "@clinic/shared";
import dayjs from "dayjs";

/**
 * The range of days a screen shows (the statistics), as its address holds it (`?since=…&to=…`), so
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
 * or `all`, from the patient's first record (today when they have none yet; five years back
 * when the screen has no first record to know).
 */
export function quickRange(quick: StatisticsQuickRange, today: string, firstDay: string | null | undefined): DayRange {
  if (quick === "today") return { since: today, to: today };
  // Not known (the platform's figures): as far back as a range may reach.
  if (quick === "all" && firstDay === undefined) return { since: addDays(today, 1 - STATISTICS_MAX_DAYS), to: today };
  if (quick === "all") return { since: firstDay && firstDay < today ? firstDay : today, to: today };
  return { since: addDays(today, 1 - Number(quick)), to: today };
}

/** The quick range a range is, if any (the button shown pressed); `today` wins over an `all` that is only today. */
export function activeQuickRange(
  range: DayRange,
  today: string,
  firstDay: string | null | undefined,
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

/** The address of a range with the rest of the query kept (`patient`, say). */
export function rangeSearch(current: URLSearchParams, range: DayRange): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set("since", range.since);
  next.set("to", range.to);
  return next;
}
