import { z } from "zod";
import { instantField, timeZoneField } from "../appointments.ts";
import type { PAYMENT_PROVIDERS } from "../billing.ts";
import { richText } from "../rich-text.ts";
import { pageQuerySchema, requiredText, rowId, storableText, userId } from "../schemas.ts";
import { type Bilingual, EVENT_LIMITS, EVENT_MESSAGES, EVENT_STATES, type EventState } from "./common.ts";

/** Events and their ticket types and questions (issue 37.1), checked the same on the screens and at the API's edge. */

const bilingualTitle = (max: number) => z.object({ en: requiredText(max), es: requiredText(max) }).strict();
const optionalUrl = z
  .union([
    z.literal(""),
    z
      .string()
      .trim()
      .max(EVENT_LIMITS.url)
      .pipe(z.url({ protocol: /^https?$/ })),
  ])
  .default("");

export const EVENT_QUESTION_KINDS = ["text", "choice", "checkbox"] as const;

export const eventQuestionSchema = z
  .object({
    /** Stable id of the question (answers are keyed by it); new questions get one from the screen. */
    id: z.string().regex(/^[a-z0-9-]{1,40}$/),
    label: z.object({ en: requiredText(EVENT_LIMITS.questionLabel), es: requiredText(EVENT_LIMITS.questionLabel) }).strict(),
    kind: z.enum(EVENT_QUESTION_KINDS),
    options: z.array(requiredText(EVENT_LIMITS.option)).max(EVENT_LIMITS.options).default([]),
    required: z.boolean().default(false),
  })
  .strict()
  .superRefine((question, context) => {
    if (question.kind === "choice" && question.options.length < 2)
      context.addIssue({ code: "too_small", origin: "array", minimum: 2, inclusive: true, input: question.options, path: ["options"] });
  });
export type EventQuestion = z.infer<typeof eventQuestionSchema>;

export const ticketTypeInputSchema = z
  .object({
    /** An existing ticket type's id; none for a new one. */
    id: rowId().optional(),
    name: bilingualTitle(EVENT_LIMITS.ticketName),
    priceCents: z.number().int().min(0).max(EVENT_LIMITS.priceCents),
    /** Null: only the event's capacity limits it. */
    capacity: z.number().int().min(1).max(EVENT_LIMITS.capacity).nullable().default(null),
    salesStart: instantField().nullable().default(null),
    salesEnd: instantField().nullable().default(null),
  })
  .strict()
  .superRefine((ticket, context) => {
    if (ticket.salesStart && ticket.salesEnd && Date.parse(ticket.salesEnd) <= Date.parse(ticket.salesStart))
      context.addIssue({ code: "custom", message: "Sales must end after they start.", path: ["salesEnd"] });
  });
export type TicketTypeInput = z.infer<typeof ticketTypeInputSchema>;

/** Create and full update of an event (its ticket types and questions ride along: the list as it should be). */
export const eventInputSchema = z
  .object({
    title: bilingualTitle(EVENT_LIMITS.title),
    description: z.object({ en: richText(EVENT_LIMITS.description, { optional: true }), es: richText(EVENT_LIMITS.description, { optional: true }) }).strict(),
    startsAt: instantField(),
    endsAt: instantField(),
    timeZone: timeZoneField(),
    venue: storableText(EVENT_LIMITS.venue)
      .default("")
      .transform((value) => value.trim()),
    onlineUrl: optionalUrl,
    capacity: z.number().int().min(1).max(EVENT_LIMITS.capacity),
    state: z.enum(["draft", "published"]).default("draft"),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default("EUR"),
    cancelHours: z.number().int().min(0).max(EVENT_LIMITS.cancelHours).default(24),
    holdHours: z.number().int().min(1).max(EVENT_LIMITS.holdHours).default(48),
    ticketTypes: z.array(ticketTypeInputSchema).min(1).max(EVENT_LIMITS.ticketTypes),
    questions: z.array(eventQuestionSchema).max(EVENT_LIMITS.questions).default([]),
  })
  .strict()
  .superRefine((event, context) => {
    if (Date.parse(event.endsAt) <= Date.parse(event.startsAt)) context.addIssue({ code: "custom", message: EVENT_MESSAGES.endsBeforeStart, path: ["endsAt"] });
    if (!event.venue && !event.onlineUrl) context.addIssue({ code: "custom", message: EVENT_MESSAGES.placeOrLink, path: ["venue"] });
    event.ticketTypes.forEach((ticket, index) => {
      if (ticket.salesEnd && Date.parse(ticket.salesEnd) > Date.parse(event.startsAt))
        context.addIssue({ code: "custom", message: EVENT_MESSAGES.salesEndAfterStart, path: ["ticketTypes", index, "salesEnd"] });
    });
    const ids = event.questions.map((question) => question.id);
    if (new Set(ids).size !== ids.length) context.addIssue({ code: "custom", message: "Each question needs its own id.", path: ["questions"] });
  });
export type EventInput = z.input<typeof eventInputSchema>;
export type EventValues = z.output<typeof eventInputSchema>;

/** `?clinicId=` of a create: admins name the clinic, staff work on their own. */
export const eventClinicQuerySchema = z.object({ clinicId: userId().optional() }).strict();

export const eventsQuerySchema = pageQuerySchema
  .extend({
    q: storableText(EVENT_LIMITS.search).optional(),
    state: z.enum(EVENT_STATES).optional(),
    /** upcoming: not ended yet (soonest first); past: ended (latest first). */
    when: z.enum(["upcoming", "past", "all"]).default("upcoming"),
    clinicId: userId().optional(),
  })
  .strict();
export type EventsQuery = z.infer<typeof eventsQuerySchema>;

/** The public page's address (/events/<slug>): lower-case words joined by hyphens. */
export const eventSlugParamSchema = z
  .object({
    slug: z
      .string()
      .max(100)
      .regex(/^[a-z0-9-]{1,100}$/),
  })
  .strict();

export const eventIdParamSchema = z.object({ eventId: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

// ---------------------------------------------------------------- views

export type TicketTypeView = {
  id: number;
  name: Bilingual;
  priceCents: number;
  capacity: number | null;
  /** Places held by this ticket type's registrations. */
  taken: number;
  salesStart: string | null;
  salesEnd: string | null;
};

/** A row of the staff's list of events. */
export type EventRow = {
  id: number;
  slug: string;
  title: Bilingual;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venue: string;
  state: EventState;
  capacity: number;
  taken: number;
  waiting: number;
  checkedIn: number;
  clinic: { id: string; name: string };
};

/** One event as the staff edit it. */
export type EventDetail = Omit<EventRow, "waiting" | "checkedIn"> & {
  description: Bilingual;
  onlineUrl: string;
  currency: string;
  cancelHours: number;
  holdHours: number;
  ticketTypes: TicketTypeView[];
  questions: EventQuestion[];
  /** The public page's path (/events/<slug>). */
  publicPath: string;
  counts: { pending: number; confirmed: number; checkedIn: number; waiting: number; cancelled: number };
  createdAt: string;
  updatedAt: string;
};

/** A ticket type as the public page offers it. */
export type PublicTicketType = {
  id: number;
  name: Bilingual;
  priceCents: number;
  /** Places left for it now (within the event's), 0 when full: registering then joins the waiting list. */
  available: number;
  /** Within its sales window now. */
  onSale: boolean;
  salesStart: string | null;
  salesEnd: string | null;
};

/** A published event's public page. */
export type PublicEvent = {
  slug: string;
  title: Bilingual;
  description: Bilingual;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venue: string;
  onlineUrl: string;
  currency: string;
  clinicName: string;
  /** Places left in the event. */
  available: number;
  ticketTypes: PublicTicketType[];
  questions: EventQuestion[];
  /** The payment methods a priced ticket can be paid by (PAYMENT_PROVIDER). */
  providers: (typeof PAYMENT_PROVIDERS)[number][];
  cancelHours: number;
  /** Registration is open: published and not started. */
  open: boolean;
};
