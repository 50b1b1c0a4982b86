import { SCHEDULE_DAYS } from "@clinic/shared";
import { timeLabel } from "../../clinic/appointments/format.ts";

interface Rule {
  day: string;
  start: string;
  end: string;
}

/** Rules as a reader scans a week: every day first, then Monday to Friday, then Sunday…Saturday, each by its start. */
export function sortedRules<R extends Rule>(rules: readonly R[]): R[] {
  const order = (day: string) => SCHEDULE_DAYS.indexOf(day as (typeof SCHEDULE_DAYS)[number]);
  return [...rules].sort((a, b) => order(a.day) - order(b.day) || a.start.localeCompare(b.start));
}

/** "09:00 am – 05:00 pm": hours of a rule or a special day as §9 writes times. */
export const hoursLabel = (start: string, end: string) => `${timeLabel(start)} – ${timeLabel(end)}`;
