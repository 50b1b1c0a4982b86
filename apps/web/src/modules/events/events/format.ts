import { EVENT_MESSAGES, type EventMessageKey, type EventState, type RegistrationRow, type RegistrationState } from "@clinic/shared";
import type { TFunction } from "i18next";
import { formatDateTime } from "../../../lib/dates.ts";
import { sharedMessage } from "../../../lib/field-messages.ts";
import { formatMoney } from "../../../lib/money.ts";
import { zonedRange } from "../../../lib/zoned-time.ts";
import { refusalText, registerRefusals } from "../../../lib/refusals.ts";

/**
 * What the staff's event screens show alike: an event's times as the wall clock of its own time
 * zone (a workshop in Madrid starts at 10:00 there, whoever reads it), money in the event's
 * currency, the state chips' colours, and the server's refusals (EVENT_MESSAGES) in the
 * interface language.
 */

/** An event's time span in its zone: "2026-06-03, 10:00 am – 01:00 pm", the end's date only when it is another day. */
export const eventWhen = (event: { startsAt: string; endsAt: string; timeZone: string }) => zonedRange(event.startsAt, event.endsAt, event.timeZone);

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
const valueText = (value: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)) ? formatDateTime(value) : value);

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
