/**
 * Events (module `event_app`, issue 37): what every part of the module shares. Instants travel
 * as ISO 8601 in UTC; money in integer cents of the event's currency.
 */

export const EVENT_STATES = ["draft", "published", "cancelled"] as const;
export type EventState = (typeof EVENT_STATES)[number];

/** pending_payment → confirmed → checked_in; cancelled, refunded, expired end it; waiting holds no place until it moves up. */
export const REGISTRATION_STATES = ["pending_payment", "confirmed", "waiting", "checked_in", "cancelled", "refunded", "expired"] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];
/** The states that hold one of the event's places. */
export const PLACE_HOLDING_STATES = ["pending_payment", "confirmed", "checked_in"] as const satisfies readonly RegistrationState[];

export const EVENT_LIMITS = {
  title: 200,
  description: 20_000,
  venue: 500,
  url: 500,
  capacity: 100_000,
  ticketTypes: 20,
  ticketName: 120,
  /** 100 000.00 in cents. */
  priceCents: 10_000_000,
  questions: 20,
  questionLabel: 300,
  options: 30,
  option: 120,
  answer: 2000,
  name: 200,
  email: 254,
  note: 1000,
  reference: 200,
  cancelHours: 24 * 60,
  holdHours: 24 * 14,
  search: 200,
} as const;

/** What only the server can decide, in English; the screens translate them by key (`events.messages.<key>`). */
export const EVENT_MESSAGES = {
  capacityBelowTaken: "The capacity cannot be below the places already taken ({taken}).",
  ticketCapacityBelowTaken: "This ticket's places cannot be below those already taken ({taken}).",
  salesEndAfterStart: "Ticket sales must end before the event starts.",
  endsBeforeStart: "The event must end after it starts.",
  placeOrLink: "Give a venue or an online link.",
  ticketInUse: "A ticket type with registrations cannot be removed.",
  ticketTypeUnknown: "This ticket type is not one of this event's.",
  currencyLocked: "The currency cannot change once someone has registered.",
  eventHasRegistrations: "An event with registrations cannot be deleted; cancel its registrations first.",
  notOnSale: "This ticket is not on sale now.",
  notPublished: "This event is not open for registration.",
  eventOver: "This event has already started.",
  alreadyRegistered: "This email is already registered for this event.",
  providerOff: "This payment method is not offered.",
  providerNeeded: "Choose how to pay.",
  answerRequired: "Answer this question.",
  answerChoice: "Choose one of the options.",
  notPending: "Only a registration waiting for its payment can be confirmed.",
  notCancellable: "This registration can no longer be cancelled.",
  cancelWindowClosed: "The cancellation period for this event has ended.",
  notRefundable: "Only a paid registration can be refunded.",
  refundTooMuch: "A refund cannot be more than what was paid and not yet refunded.",
  otherEvent: "This ticket is for another event.",
  ticketUnknown: "This code is not a ticket.",
  ticketCancelled: "This registration is cancelled or refunded: do not let them in.",
  ticketUnpaid: "This registration is not paid yet.",
  ticketWaiting: "This registration is on the waiting list.",
  alreadyCheckedIn: "Already checked in at {at}.",
  notPayable: "This registration has nothing left to pay.",
  clinicNeeded: "Choose the clinic the event belongs to.",
} as const;
export type EventMessageKey = keyof typeof EVENT_MESSAGES;

/** The number a registrant quotes: ER- and the id, zero-padded. */
export const registrationNumber = (id: number): string => `ER-${String(id).padStart(6, "0")}`;
/** The id of a number typed in a search ("ER-000042", "er42", "42"), or null. */
export function registrationIdOfNumber(text: string): number | null {
  const match = /^\s*(?:er-?)?0*(\d{1,9})\s*$/i.exec(text);
  return match ? Number(match[1]) : null;
}

/** A text in both languages, as events and ticket types carry them. */
export type Bilingual = { en: string; es: string };
/** The reader's language's text, the other's when it is empty. */
export const inLanguage = (text: Bilingual, language: string): string => (language === "es" ? text.es || text.en : text.en || text.es);
