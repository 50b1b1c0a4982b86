import { EVENT_MESSAGES, type EventMessageKey, type PublicTicketType } from "@clinic/shared";
import type { TFunction } from "i18next";
import { sharedMessage } from "../../../lib/field-messages.ts";
import { formatMoney } from "../../../lib/money.ts";
import { registerRefusals } from "../../../lib/refusals.ts";

/**
 * What both public event pages show alike: money in the event's currency, instants as the
 * wall-clock time of the event's own zone (a guest abroad still meets at the venue's time, and
 * the zone is said beside it), and the server's refusals in the page's language.
 */

/** A ticket's price as the page offers it: "Free" for nothing to pay. */
export const priceText = (t: TFunction, cents: number, currency: string, language: string) =>
  cents === 0 ? t("eventPublic.tickets.free") : formatMoney(cents, currency, language);

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
