import { BOOKING_MESSAGES, BOOKING_REFUSALS, type BookingRefusal } from "@clinic/shared";
import type { TFunction } from "i18next";
import { registerRefusals } from "../../../lib/refusals.ts";
import { zonedParts } from "../../../lib/zoned-time.ts";

/**
 * What every screen of the booking app shows alike: money in the platform's currency, instants
 * as wall-clock times in a given zone (the location's for staff, the client's own on the public
 * pages), and the server's refusals (BOOKING_REFUSALS, BOOKING_MESSAGES) in the interface language.
 */

/** "10:00 AM" in `timeZone` (spec §9's time of day). */
export const formatZonedTime = (iso: string, timeZone: string, _language?: string) => {
  const parts = zonedParts(iso, timeZone);
  return `${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
};

/** "Wed 2026-06-03, 10:00 AM" in `timeZone`: spec §9's date-time, with the weekday in the interface language. */
export const formatZoned = (iso: string, timeZone: string, language: string) => {
  const parts = zonedParts(iso, timeZone);
  const weekday = new Intl.DateTimeFormat(language === "es" ? "es-ES" : "en-GB", { timeZone, weekday: "short" }).format(new Date(iso));
  return `${weekday} ${parts.year}-${parts.month}-${parts.day}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
};

/** The server's English text of a refusal with its placeholders as capture groups. */
const patterns = (Object.entries(BOOKING_REFUSALS) as [BookingRefusal, string][]).map(([key, text]) => {
  const names: string[] = [];
  const source = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
    names.push(name);
    return "(.+?)";
  });
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/** "2 hours" as the server writes a notice, in the interface language. */
function noticeIn(t: TFunction, notice: string): string {
  const match = /^(\d+) (minutes|hours|days)$/.exec(notice);
  return match ? t(`bookingShared.units.${match[2]}`, { count: Number(match[1]) }) : notice;
}

/** A refusal or message of the booking app in the interface language; any other text as it came. */
export function bookingText(t: TFunction, message: string): string {
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ""]));
    if (values.notice !== undefined) values.notice = noticeIn(t, values.notice);
    return t(`bookingShared.refusals.${key}`, values);
  }
  for (const [key, text] of Object.entries(BOOKING_MESSAGES)) if (text === message) return t(`bookingShared.messages.${key}`);
  return message;
}

registerRefusals(bookingText);
