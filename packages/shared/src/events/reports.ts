import { z } from "zod";
import { languageSchema } from "../schemas.ts";
import { exportFormatSchema } from "../user-import.ts";
import type { Bilingual } from "./common.ts";
import { eventIdParamSchema, eventsQuerySchema } from "./events.ts";

/** An event's dashboard, its exports and its door list (issue 37.6–37.7). Money in integer cents of the event's currency. */

/** The one event's exports, besides the events list's own. */
export const EVENT_EXPORT_ENTITIES = ["registrations", "payments", "costs", "checklists"] as const;
export type EventExportEntity = (typeof EVENT_EXPORT_ENTITIES)[number];

/** The events list's export: the list's filters (q, state, when; clinicId for a platform admin), the file's format and language. */
export const eventsExportQuerySchema = eventsQuerySchema
  .omit({ page: true, rowsPerPage: true })
  .extend({ format: exportFormatSchema, language: languageSchema.optional() })
  .strict();
export type EventsExportQuery = z.infer<typeof eventsExportQuerySchema>;

export const eventExportParamSchema = eventIdParamSchema.extend({ entity: z.enum(EVENT_EXPORT_ENTITIES) }).strict();
/** One event's export: the format and the language of its headers (the staff's own by default). */
export const eventExportQuerySchema = z.object({ format: exportFormatSchema, language: languageSchema.optional() }).strict();
export type EventExportQuery = z.infer<typeof eventExportQuerySchema>;

/** The door list's language (the staff's own by default). */
export const doorListQuerySchema = z.object({ language: languageSchema.optional() }).strict();

/** One day of the registrations chart, a day in the event's time zone. */
export type EventDashboardDay = {
  /** YYYY-MM-DD */
  day: string;
  /** Registrations made that day (waiting ones too). */
  registrations: number;
  /** Registrations cancelled, refunded or expired that day. */
  cancellations: number;
  /** Places held at the end of the day. */
  held: number;
};

export type EventDashboardTicket = {
  id: number;
  name: Bilingual;
  priceCents: number;
  capacity: number | null;
  taken: number;
  /** Its registrations' payments less their refunds. */
  incomeCents: number;
};

/** An event's figures: places, check-ins, money in (the payments ledger) against costs. */
export type EventDashboard = {
  eventId: number;
  currency: string;
  timeZone: string;
  capacity: number;
  /** Places held (pending payment, confirmed, checked in). */
  taken: number;
  pending: number;
  confirmed: number;
  checkedIn: number;
  waiting: number;
  cancelled: number;
  paymentsCents: number;
  refundsCents: number;
  /** Payments less refunds. */
  incomeCents: number;
  costsPlannedCents: number;
  /** The actual amounts known so far. */
  costsActualCents: number;
  /** Each line's actual amount where known, else its planned one. */
  costsCents: number;
  costsPaidCents: number;
  /** Income less costs. */
  balanceCents: number;
  /** From the first registration's day to today (or the event's last day, once past). */
  overTime: EventDashboardDay[];
  ticketTypes: EventDashboardTicket[];
};
