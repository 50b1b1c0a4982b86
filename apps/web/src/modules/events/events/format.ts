import { DATE_TIME_FORMAT, EVENT_MESSAGES, type EventMessageKey, type EventState, type RegistrationRow, type RegistrationState } from "@clinic/shared";
import dayjs from "dayjs";
import type { TFunction } from "i18next";
import { sharedMessage } from "../../../lib/field-messages.ts";
import { refusalText, registerRefusals } from "../../../lib/refusals.ts";

/**
 * What the staff's event screens show alike: an event's times as the wall clock of its own time
 * zone (a workshop in Madrid starts at 10:00 there, whoever reads it), money in the event's
 * currency, the state chips' colours, and the server's refusals (EVENT_MESSAGES) in the
 * interface language.
 */

/** A wall-clock time to the minute, without a zone: the value a DateTimeField holds. */
const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, "0");

/** The wall clock of an instant (milliseconds) in `timeZone`, as the milliseconds of the same wall clock in UTC. */
function wallAsUtc(ms: number, timeZone: string): number {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, (parts.hour ?? 0) % 24, parts.minute ?? 0, parts.second ?? 0);
}

/** How far `timeZone`'s wall clock is ahead of UTC at an instant, in milliseconds (negative west of Greenwich). */
const offsetAt = (ms: number, timeZone: string) => wallAsUtc(ms - (ms % 1000), timeZone) - (ms - (ms % 1000));

/** An instant as the wall clock of `timeZone`, `YYYY-MM-DDTHH:mm` (a DateTimeField's value); "" for none. */
export function zonedWall(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const wall = new Date(wallAsUtc(ms, timeZone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * The instant a wall clock of `timeZone` shows, in ISO 8601 UTC; "" when it is not such a time.
 * The offset is read at a first guess and again at the result, so a time past a daylight-saving
 * change takes the offset of its own side; a time the clocks skip (02:30 when they jump from
 * 02:00 to 03:00) lands just after the jump.
 */
export function zonedInstant(wall: string, timeZone: string): string {
  const match = WALL.exec(wall);
  if (!match) return "";
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const guess = Date.UTC(year as number, (month as number) - 1, day, hour, minute);
  const check = new Date(guess);
  // Date.UTC rolls 2026-02-30 over to March: such a day is not a time.
  if (check.getUTCDate() !== day || check.getUTCMonth() !== (month as number) - 1 || (hour as number) > 23 || (minute as number) > 59) return "";
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return new Date(second).toISOString();
}

/** An instant as spec §9 shows it, `YYYY-MM-DD, hh:mm a`, on the wall clock of `timeZone`. */
export const formatInZone = (iso: string | null | undefined, timeZone: string) => {
  const wall = zonedWall(iso, timeZone);
  return wall ? dayjs(wall).format(DATE_TIME_FORMAT) : "";
};

/** An event's time span in its zone: "2026-06-03, 10:00 am – 01:00 pm", the end's date only when it is another day. */
export function eventWhen(event: { startsAt: string; endsAt: string; timeZone: string }): string {
  const start = zonedWall(event.startsAt, event.timeZone);
  const end = zonedWall(event.endsAt, event.timeZone);
  if (!start || !end) return formatInZone(event.startsAt, event.timeZone);
  const endText = start.slice(0, 10) === end.slice(0, 10) ? dayjs(end).format("hh:mm a") : dayjs(end).format(DATE_TIME_FORMAT);
  return `${dayjs(start).format(DATE_TIME_FORMAT)} – ${endText}`;
}

/** The zone this browser is in: a new event's default. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Every time zone the browser knows, with UTC and `current` always offered. */
export function timeZoneOptions(current?: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([...known, "UTC", ...(current ? [current] : [])])].sort((a, b) => a.localeCompare(b));
}

/** Cents of `currency` as the language writes money: 1250 EUR → "€12.50" ("12,50 €" in Spanish). */
export function formatMoney(cents: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language === "es" ? "es-ES" : "en-GB", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

type ChipColor = "default" | "warning" | "success" | "info" | "error" | "secondary";

export const EVENT_STATE_COLORS: Record<EventState, ChipColor> = { draft: "default", published: "success", cancelled: "error" };

/** "€20.00", "€20.00 (€10.00 paid)" while part is owed, or "Free". */
export function amountText(row: Pick<RegistrationRow, "amountCents" | "paidCents" | "refundedCents" | "currency">, language: string, t: TFunction) {
  if (row.amountCents === 0) return t("events.registrations.free");
  const amount = formatMoney(row.amountCents, row.currency, language);
  const parts = [row.paidCents !== row.amountCents ? t("events.registrations.paid", { amount: formatMoney(row.paidCents, row.currency, language) }) : null];
  if (row.refundedCents > 0) parts.push(t("events.registrations.refunded", { amount: formatMoney(row.refundedCents, row.currency, language) }));
  const notes = parts.filter((part) => part !== null);
  return notes.length > 0 ? `${amount} (${notes.join(", ")})` : amount;
}

/** pending waits for money (amber), confirmed holds its place (blue), checked in is done (green). */
export const REGISTRATION_STATE_COLORS: Record<RegistrationState, ChipColor> = {
  pending_payment: "warning",
  confirmed: "info",
  waiting: "secondary",
  checked_in: "success",
  cancelled: "default",
  refunded: "default",
  expired: "default",
};

/** The server's English text of each message, its placeholders (`{taken}`) as capture groups. */
const PATTERNS = (Object.entries(EVENT_MESSAGES) as [EventMessageKey, string][]).map(([key, text]) => {
  const names: string[] = [];
  const source = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
    names.push(name);
    return "(.+?)";
  });
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/** The editor's own checks that are not the server's refusals (packages/shared/src/events/events.ts). */
const FORM_TEXTS: Record<string, string> = {
  "Sales must end after they start.": "events.editor.errors.salesOrder",
  "Each question needs its own id.": "events.editor.errors.questionIds",
};

/** A placeholder's value as the reader reads it: an instant in their own time, anything else as it came. */
const valueText = (value: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)) ? dayjs(value).format(DATE_TIME_FORMAT) : value;

/** A message of the events module in the interface language (`events.messages.<key>`); any other text as it came. */
export function eventMessage(t: TFunction, message: string): string {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(`events.messages.${key}`, Object.fromEntries(names.map((name, index) => [name, valueText(match[index + 1] ?? "")])));
  }
  const own = FORM_TEXTS[message];
  return own ? t(own) : message;
}

registerRefusals(eventMessage);

/** A field's message, from the form's own check or the server, in the interface language. */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const translated = eventMessage(t, message);
  return translated === message ? refusalText(t, sharedMessage(t, message)) : translated;
}
