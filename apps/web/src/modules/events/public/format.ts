import { EVENT_MESSAGES, type EventMessageKey, type PublicTicketType } from "@clinic/shared";
import type { TFunction } from "i18next";
import { sharedMessage } from "../../../lib/field-messages.ts";
import { registerRefusals } from "../../../lib/refusals.ts";

/**
 * What both public event pages show alike: money in the event's currency, instants as the
 * wall-clock time of the event's own zone (a guest abroad still meets at the venue's time, and
 * the zone is said beside it), and the server's refusals in the page's language.
 */

export const formatMoney = (cents: number, currency: string, language: string) =>
  new Intl.NumberFormat(language === "es" ? "es-ES" : "en-GB", { style: "currency", currency }).format(cents / 100);

/** A ticket's price as the page offers it: "Free" for nothing to pay. */
export const priceText = (t: TFunction, cents: number, currency: string, language: string) =>
  cents === 0 ? t("eventPublic.tickets.free") : formatMoney(cents, currency, language);

/** The parts of an instant's wall-clock time in `timeZone`. */
function partsIn(iso: string, timeZone: string): Record<string, string> {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h12",
  });
  return Object.fromEntries(format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
}

const dayOf = (parts: Record<string, string>) => `${parts.year}-${parts.month}-${parts.day}`;
// Lower-case am/pm, as the staff screens and §9 write it.
const timeOf = (parts: Record<string, string>) => `${parts.hour}:${parts.minute} ${parts.dayPeriod?.toLowerCase()}`;

/** "2026-06-03, 10:00 am" (spec §9's date-time) in `timeZone`. */
export const zonedDateTime = (iso: string, timeZone: string) => {
  const parts = partsIn(iso, timeZone);
  return `${dayOf(parts)}, ${timeOf(parts)}`;
};

/** "2026-06-03, 10:00 am – 01:00 pm" in `timeZone`; the end's date too when it ends another day. */
export function zonedRange(startIso: string, endIso: string, timeZone: string): string {
  const start = partsIn(startIso, timeZone);
  const end = partsIn(endIso, timeZone);
  const until = dayOf(start) === dayOf(end) ? timeOf(end) : `${dayOf(end)}, ${timeOf(end)}`;
  return `${dayOf(start)}, ${timeOf(start)} – ${until}`;
}

/** "America/New York": a zone's name as a reader says it. */
export const zoneLabel = (timeZone: string) => timeZone.replaceAll("_", " ");

/** Whether a ticket can be chosen now: on sale with places, on sale but full (the waiting list), or outside its sales window. */
export type TicketStatus = "open" | "soldOut" | "notOnSale";
export const ticketStatus = (ticket: PublicTicketType): TicketStatus => (!ticket.onSale ? "notOnSale" : ticket.available > 0 ? "open" : "soldOut");

/** The EVENT_MESSAGES a guest can meet on these pages: each has its text in `eventPublic.messages`. */
export const GUEST_MESSAGES = [
  "notOnSale",
  "notPublished",
  "eventOver",
  "alreadyRegistered",
  "providerOff",
  "providerNeeded",
  "answerRequired",
  "answerChoice",
  "notCancellable",
  "cancelWindowClosed",
  "notPayable",
] as const satisfies readonly EventMessageKey[];

const BY_TEXT = new Map<string, (typeof GUEST_MESSAGES)[number]>(GUEST_MESSAGES.map((key) => [EVENT_MESSAGES[key], key]));

/** A refusal of the events' public calls in the page's language; any other text as it came. */
export function eventPublicText(t: TFunction, message: string): string {
  const key = BY_TEXT.get(message);
  return key ? t(`eventPublic.messages.${key}`) : message;
}

/** A field's message from the server: the events' own, then the shared schemas', else the server's words. */
export const fieldText = (t: TFunction, message: string) => {
  const translated = eventPublicText(t, message);
  return translated === message ? sharedMessage(t, message) : translated;
};

registerRefusals(eventPublicText);
