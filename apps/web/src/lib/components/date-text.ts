import { DATE_TIME_FORMAT, isRealDate } from "@clinic/shared";
import type { Dayjs } from "dayjs";

/**
 * How the date fields read what is typed and write a value (spec §9), apart from the pickers
 * (DatePickerField.tsx, DateTimePickerField.tsx), which load with the first field shown.
 */

/**
 * What was typed, as the `YYYY-MM-DD` of a real calendar day, or "" when it is not one yet.
 * Besides the canonical form it takes a single-digit month or day (2026-1-5) and the
 * compact 20260105; the field rewrites either as YYYY-MM-DD when it loses focus.
 */
export function parseDateText(text: string): string {
  const typed = text.trim();
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(typed);
  if (!match) return "";
  const iso = `${match[1]}-${match[2].padStart(2, "0")}-${match[3].padStart(2, "0")}`;
  return isRealDate(iso) ? iso : "";
}

const TWELVE_HOUR = /^(\d{4})-(\d{1,2})-(\d{1,2}),?\s+(\d{1,2}):(\d{2})\s*([ap])\.?\s*m\.?$/i;
const TWENTY_FOUR_HOUR = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:,?\s+|T)(\d{1,2}):(\d{2})$/;

/**
 * What was typed, as a local `YYYY-MM-DDTHH:mm`, or "" when it is not a real time yet. Takes
 * §9's "YYYY-MM-DD, hh:mm am" (the comma, the leading zeros and the case optional, "p.m."
 * too) and a 24-hour "YYYY-MM-DD HH:mm"; the field rewrites either in §9's format.
 */
export function parseDateTimeText(text: string): string {
  const typed = text.trim();
  const twelve = TWELVE_HOUR.exec(typed);
  const match = twelve ?? TWENTY_FOUR_HOUR.exec(typed);
  if (!match) return "";
  const [, year, month, day, hourText, minute] = match as unknown as [string, string, string, string, string, string];
  const date = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  let hour = Number(hourText);
  if (!isRealDate(date) || Number(minute) > 59) return "";
  if (twelve) {
    if (hour < 1 || hour > 12) return "";
    const pm = twelve[6]?.toLowerCase() === "p";
    hour = (hour % 12) + (pm ? 12 : 0);
  } else if (hour > 23) return "";
  return `${date}T${String(hour).padStart(2, "0")}:${minute}`;
}

/** A local value as §9 shows it, "YYYY-MM-DD, hh:mm am", in English's am/pm whatever the interface language. */
export const showDateTime = (value: Dayjs): string => value.locale("en").format(DATE_TIME_FORMAT);
