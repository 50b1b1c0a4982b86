import "../../../lib/zod-locale.ts";
import { type Bilingual, type EventDetail, type EventInput, type EventQuestion, eventInputSchema } from "@clinic/shared";
import type { Resolver } from "react-hook-form";
import { convertingResolver, type PathErrors } from "../../../lib/forms.ts";
import { centsToText, parseMoney, parseWhole } from "../../../lib/money.ts";
import { browserTimeZone, zonedInstant, zonedWall } from "../../../lib/zoned-time.ts";

/**
 * The event editor's values and how they become the API's body. Amounts and counts stay text
 * while typed (a price "12,50" becomes 1250 cents by moving digits, never through a float), and
 * times are the wall clock of the event's own zone, turned into UTC instants only when saved: an
 * organiser in Lisbon setting up a Madrid workshop for 10:00 means 10:00 in Madrid. The fields
 * carry the API's names, so a 400's path (`ticketTypes.0.salesEnd`) lands on its own field.
 */

export interface TicketFormRow {
  /** The ticket type's id once saved (its registrations stay with it); none for a new row. */
  id?: number;
  name: Bilingual;
  /** A decimal of the event's currency as typed. */
  priceCents: string;
  /** "" for no limit of its own. */
  capacity: string;
  /** Wall clock in the event's zone, "" for no limit. */
  salesStart: string;
  salesEnd: string;
}

export interface QuestionFormRow {
  id: string;
  label: Bilingual;
  kind: EventQuestion["kind"];
  /** A choice's options, one a line. */
  options: string;
  required: boolean;
}

export interface EventFormValues {
  title: Bilingual;
  description: Bilingual;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venue: string;
  onlineUrl: string;
  capacity: string;
  currency: string;
  cancelHours: string;
  holdHours: string;
  state: "draft" | "published";
  ticketTypes: TicketFormRow[];
  questions: QuestionFormRow[];
}

/** The messages the form gives for what it cannot read, already in the interface language. */
export interface FormTexts {
  money: string;
  whole: string;
  time: string;
}

export const CURRENCIES = ["EUR", "USD", "GBP", "MXN", "COP", "ARS", "CLP", "PEN", "CHF"] as const;

/** A question's id: lower-case letters, digits and dashes, as the schema asks, unique enough within one event. */
export const newQuestionId = () => `q-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export const newTicketRow = (): TicketFormRow => ({ name: { en: "", es: "" }, priceCents: "0", capacity: "", salesStart: "", salesEnd: "" });
export const newQuestionRow = (): QuestionFormRow => ({ id: newQuestionId(), label: { en: "", es: "" }, kind: "text", options: "", required: false });

/**
 * The editor's starting values: an event to change, or a new one (a week from now at 10:00 for
 * two hours, in the browser's zone, with one free ticket type named `ticketName`).
 */
export function eventFormValues(event: EventDetail | null, language: string, ticketName: Bilingual = { en: "", es: "" }, now = new Date()): EventFormValues {
  if (!event) {
    const day = new Date(now.getTime() + 7 * 86_400_000);
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
    return {
      title: { en: "", es: "" },
      description: { en: "", es: "" },
      startsAt: `${date}T10:00`,
      endsAt: `${date}T12:00`,
      timeZone: browserTimeZone(),
      venue: "",
      onlineUrl: "",
      capacity: "20",
      currency: "EUR",
      cancelHours: "24",
      holdHours: "48",
      state: "draft",
      ticketTypes: [{ ...newTicketRow(), name: { ...ticketName } }],
      questions: [],
    };
  }
  const zone = event.timeZone;
  return {
    title: { ...event.title },
    description: { ...event.description },
    startsAt: zonedWall(event.startsAt, zone),
    endsAt: zonedWall(event.endsAt, zone),
    timeZone: zone,
    venue: event.venue,
    onlineUrl: event.onlineUrl,
    capacity: String(event.capacity),
    currency: event.currency,
    cancelHours: String(event.cancelHours),
    holdHours: String(event.holdHours),
    state: event.state === "published" ? "published" : "draft",
    ticketTypes: event.ticketTypes.map((ticket) => ({
      id: ticket.id,
      name: { ...ticket.name },
      priceCents: centsToText(ticket.priceCents, event.currency, language),
      capacity: ticket.capacity === null ? "" : String(ticket.capacity),
      salesStart: zonedWall(ticket.salesStart, zone),
      salesEnd: zonedWall(ticket.salesEnd, zone),
    })),
    questions: event.questions.map((question) => ({ ...question, label: { ...question.label }, options: question.options.join("\n") })),
  };
}

/** The form read into the API's body; what could not be read is named by its path. */
export function eventBody(values: EventFormValues, texts: FormTexts): { payload: EventInput; errors: PathErrors } {
  const errors: PathErrors = {};
  const zone = values.timeZone;
  const whole = (path: string, text: string, fallback: number) => {
    const value = parseWhole(text);
    if (value === null) errors[path] = texts.whole;
    return value ?? fallback;
  };
  const instant = (path: string, wall: string) => {
    const value = zonedInstant(wall, zone);
    if (!value) errors[path] = texts.time;
    return value;
  };
  /** An optional time: "" is none; typed text that is no time is refused rather than dropped. */
  const optionalInstant = (path: string, wall: string) => (wall.trim() === "" ? null : instant(path, wall) || null);
  const ticketTypes = values.ticketTypes.map((ticket, index) => {
    const at = (column: string) => `ticketTypes.${index}.${column}`;
    const priceCents = parseMoney(ticket.priceCents, values.currency);
    if (priceCents === null) errors[at("priceCents")] = texts.money;
    return {
      ...(ticket.id === undefined ? {} : { id: ticket.id }),
      name: ticket.name,
      priceCents: priceCents ?? 0,
      capacity: ticket.capacity.trim() === "" ? null : whole(at("capacity"), ticket.capacity, 1),
      salesStart: optionalInstant(at("salesStart"), ticket.salesStart),
      salesEnd: optionalInstant(at("salesEnd"), ticket.salesEnd),
    };
  });
  const questions = values.questions.map((question) => ({
    id: question.id,
    label: question.label,
    kind: question.kind,
    options:
      question.kind === "choice"
        ? question.options
            .split("\n")
            .map((option) => option.trim())
            .filter((option) => option !== "")
        : [],
    required: question.required,
  }));
  return {
    payload: {
      title: values.title,
      description: values.description,
      startsAt: instant("startsAt", values.startsAt),
      endsAt: instant("endsAt", values.endsAt),
      timeZone: zone,
      venue: values.venue,
      onlineUrl: values.onlineUrl.trim(),
      capacity: whole("capacity", values.capacity, 1),
      state: values.state,
      currency: values.currency,
      cancelHours: whole("cancelHours", values.cancelHours, 0),
      holdHours: whole("holdHours", values.holdHours, 1),
      ticketTypes,
      questions,
    },
    errors,
  };
}

/** The fields of the form, as the API names its body's top level. */
const TOP_FIELDS = [
  "startsAt",
  "endsAt",
  "timeZone",
  "venue",
  "onlineUrl",
  "capacity",
  "currency",
  "cancelHours",
  "holdHours",
  "state",
  "ticketTypes",
  "questions",
];
const TICKET_FIELDS = ["name.en", "name.es", "priceCents", "capacity", "salesStart", "salesEnd"];
const QUESTION_FIELDS = ["label.en", "label.es", "kind", "options", "required"];

/**
 * Which field shows a path's message: the field of that name (a ticket row's cell, a question's
 * options for any of its options), or null: the dialog's alert says it (a ticket's `id`).
 */
export function eventPlacement(path: string): string | null {
  if (/^(title|description)\.(en|es)$/.test(path) || TOP_FIELDS.includes(path)) return path;
  if (path === "title" || path === "description") return `${path}.en`;
  const ticket = /^ticketTypes\.(\d+)\.(.+)$/.exec(path);
  if (ticket) {
    const [, index, rest = ""] = ticket;
    if (TICKET_FIELDS.includes(rest)) return path;
    return rest === "name" ? `ticketTypes.${index}.name.en` : null;
  }
  const question = /^questions\.(\d+)\.(.+)$/.exec(path);
  if (question) {
    const [, index, rest = ""] = question;
    if (QUESTION_FIELDS.includes(rest)) return path;
    if (/^options\.\d+$/.test(rest)) return `questions.${index}.options`;
    return rest === "label" ? `questions.${index}.label.en` : null;
  }
  return null;
}

/**
 * The editor's resolver: the form read into the body, then the shared schema checks that body,
 * so the editor refuses what the server would, each message on the field the server's would
 * reach (eventPlacement); a field that could not be read keeps its own message.
 */
export const eventResolver = (texts: () => FormTexts): Resolver<EventFormValues> =>
  convertingResolver(eventInputSchema, (values: EventFormValues) => eventBody(values, texts()), eventPlacement);

/** An event's own body as the API takes it, with another state: publishing or unpublishing changes nothing else. */
export function inputOfEvent(event: EventDetail, state: "draft" | "published"): EventInput {
  return {
    title: event.title,
    description: event.description,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    timeZone: event.timeZone,
    venue: event.venue,
    onlineUrl: event.onlineUrl,
    capacity: event.capacity,
    state,
    currency: event.currency,
    cancelHours: event.cancelHours,
    holdHours: event.holdHours,
    ticketTypes: event.ticketTypes.map((ticket) => ({
      id: ticket.id,
      name: ticket.name,
      priceCents: ticket.priceCents,
      capacity: ticket.capacity,
      salesStart: ticket.salesStart,
      salesEnd: ticket.salesEnd,
    })),
    questions: event.questions,
  };
}
