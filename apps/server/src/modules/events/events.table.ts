import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { timestamps, users } from "../../db/schema.ts";
import { uploads } from "../../platform/uploads.table.ts";
import { invoices } from "../clinic/billing/billing.table.ts";

/**
 * Events (module `event_app`, issue 37): a clinic's workshops, courses and patient-group
 * sessions. Every row belongs to a clinic (`clinic_id`, the clinic's account) directly or
 * through its event. Places are counted in `taken` on the event and on each ticket type, moved
 * by conditional UPDATEs in the transaction that moves a registration, and held by CHECKs, so
 * the database itself keeps the limit under concurrency.
 */

/** A custom question of an event's registration form. */
export type EventQuestion = {
  id: string;
  label: { en: string; es: string };
  kind: "text" | "choice" | "checkbox";
  options: string[];
  required: boolean;
};

export const eventEvents = pgTable(
  "event_events",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The public page's address (/events/<slug>), unique on the platform. */
    slug: varchar("slug", { length: 100 }).notNull(),
    titleEn: varchar("title_en", { length: 200 }).notNull(),
    titleEs: varchar("title_es", { length: 200 }).notNull(),
    /** Sanitised rich text (platform/rich-text.ts). */
    descriptionEn: text("description_en").notNull().default(""),
    descriptionEs: text("description_es").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** IANA zone the event's times are shown in (Europe/Madrid). */
    timeZone: varchar("time_zone", { length: 64 }).notNull(),
    venue: text("venue").notNull().default(""),
    onlineUrl: text("online_url").notNull().default(""),
    capacity: integer("capacity").notNull(),
    /** Places held (pending payment, confirmed, checked in). */
    taken: integer("taken").notNull().default(0),
    /** draft | published | cancelled */
    state: varchar("state", { length: 12 }).notNull().default("draft"),
    currency: varchar("currency", { length: 3 }).notNull().default("EUR"),
    /** A registrant may cancel by their link until this many hours before the start. */
    cancelHours: smallint("cancel_hours").notNull().default(24),
    /** How long an unpaid registration holds its place. */
    holdHours: smallint("hold_hours").notNull().default(48),
    questions: jsonb("questions").$type<EventQuestion[]>().notNull().default(sql`'[]'::jsonb`),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    check("event_events_capacity_check", sql`${table.capacity} > 0 and ${table.taken} >= 0 and ${table.taken} <= ${table.capacity}`),
    check("event_events_state_check", sql`${table.state} in ('draft', 'published', 'cancelled')`),
    check("event_events_dates_check", sql`${table.endsAt} > ${table.startsAt}`),
    uniqueIndex("event_events_slug_unique").on(table.slug),
    index("event_events_clinic_idx").on(table.clinicId, table.startsAt, table.id),
  ],
);

/** A kind of ticket: free or priced, with its own places (within the event's) and sales window. */
export const eventTicketTypes = pgTable(
  "event_ticket_types",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => eventEvents.id, { onDelete: "cascade" }),
    nameEn: varchar("name_en", { length: 120 }).notNull(),
    nameEs: varchar("name_es", { length: 120 }).notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    /** Null: limited only by the event's capacity. */
    capacity: integer("capacity"),
    taken: integer("taken").notNull().default(0),
    salesStart: timestamp("sales_start", { withTimezone: true }),
    salesEnd: timestamp("sales_end", { withTimezone: true }),
    position: smallint("position").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    check("event_ticket_types_price_check", sql`${table.priceCents} >= 0`),
    check(
      "event_ticket_types_capacity_check",
      sql`${table.taken} >= 0 and (${table.capacity} is null or (${table.capacity} > 0 and ${table.taken} <= ${table.capacity}))`,
    ),
    check("event_ticket_types_window_check", sql`${table.salesStart} is null or ${table.salesEnd} is null or ${table.salesEnd} > ${table.salesStart}`),
    index("event_ticket_types_event_idx").on(table.eventId, table.position),
  ],
);

/**
 * One person's place (or wait for one). States: pending_payment → confirmed → checked_in, and
 * cancelled, refunded, expired (unpaid in time); waiting holds no place until it moves up.
 */
export const eventRegistrations = pgTable(
  "event_registrations",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => eventEvents.id, { onDelete: "cascade" }),
    ticketTypeId: integer("ticket_type_id")
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: "restrict" }),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 200 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    language: varchar("language", { length: 5 }).notNull().default("en"),
    /** Answers to the event's questions, by question id. */
    answers: jsonb("answers").$type<Record<string, string | boolean>>().notNull().default(sql`'{}'::jsonb`),
    state: varchar("state", { length: 16 }).notNull(),
    /** The ticket's price when registered (what is owed). */
    amountCents: integer("amount_cents").notNull().default(0),
    paidCents: integer("paid_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    currency: varchar("currency", { length: 3 }).notNull(),
    /** manual | stripe, for a priced ticket. */
    provider: varchar("provider", { length: 10 }),
    providerRef: text("provider_ref"),
    paymentReference: text("payment_reference"),
    /**
     * SHA-256 (hex) of the registrant's private link's secret (ticket, cancel). The secret is
     * derived from the id with the app's key, never stored, so a later email can carry it again.
     */
    token: varchar("token", { length: 64 }).notNull(),
    /** The account that registered, when signed in. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Until when an unpaid registration holds its place. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedInBy: text("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When a waiting registration moved up (to confirmed or pending payment). */
    promotedAt: timestamp("promoted_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check(
      "event_registrations_state_check",
      sql`${table.state} in ('pending_payment', 'confirmed', 'waiting', 'checked_in', 'cancelled', 'refunded', 'expired')`,
    ),
    check(
      "event_registrations_money_check",
      sql`${table.amountCents} >= 0 and ${table.paidCents} >= 0 and ${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.paidCents}`,
    ),
    uniqueIndex("event_registrations_token_unique").on(table.token),
    // One live registration per email and event; a cancelled one may register again.
    uniqueIndex("event_registrations_email_unique")
      .on(table.eventId, sql`lower(${table.email})`)
      .where(sql`${table.state} not in ('cancelled', 'refunded', 'expired')`),
    index("event_registrations_event_idx").on(table.eventId, table.state, table.id),
    index("event_registrations_waiting_idx").on(table.eventId, table.id).where(sql`${table.state} = 'waiting'`),
    index("event_registrations_expiry_idx").on(table.expiresAt).where(sql`${table.state} = 'pending_payment'`),
    index("event_registrations_provider_ref_idx").on(table.providerRef),
    index("event_registrations_payment_ref_idx").on(table.paymentReference),
    index("event_registrations_clinic_idx").on(table.clinicId, table.createdAt),
  ],
);

/** The money ledger: each payment taken and each refund given, with its reference. Income is their sum. */
export const eventPayments = pgTable(
  "event_payments",
  {
    id: serial("id").primaryKey(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => eventEvents.id, { onDelete: "cascade" }),
    /** payment | refund; a refund's amount is stored positive. */
    kind: varchar("kind", { length: 8 }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    provider: varchar("provider", { length: 10 }).notNull(),
    reference: text("reference").notNull().default(""),
    note: text("note").notNull().default(""),
    /** The invoice of a payment, the credit note of a refund (billing's series of the clinic). */
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    by: text("by").references(() => users.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("event_payments_kind_check", sql`${table.kind} in ('payment', 'refund')`),
    check("event_payments_amount_check", sql`${table.amountCents} > 0`),
    index("event_payments_event_idx").on(table.eventId, table.at),
    index("event_payments_registration_idx").on(table.registrationId),
  ],
);

/** A budget line: what the event costs, planned and actual, and whether it is paid. */
export const eventCosts = pgTable(
  "event_costs",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => eventEvents.id, { onDelete: "cascade" }),
    /** venue | catering | speakers | materials | marketing | travel | other */
    category: varchar("category", { length: 20 }).notNull(),
    supplier: varchar("supplier", { length: 200 }).notNull().default(""),
    description: varchar("description", { length: 500 }).notNull().default(""),
    plannedCents: integer("planned_cents").notNull().default(0),
    /** Null until known. */
    actualCents: integer("actual_cents"),
    paid: boolean("paid").notNull().default(false),
    receiptUploadId: uuid("receipt_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    check("event_costs_amounts_check", sql`${table.plannedCents} >= 0 and (${table.actualCents} is null or ${table.actualCents} >= 0)`),
    index("event_costs_event_idx").on(table.eventId, table.id),
  ],
);

/** A task of a checklist template, due some days before the event's start. */
export type ChecklistTemplateTask = { title: string; daysBefore: number };

/**
 * Reusable checklists. `clinic_id` null: the platform's built-ins, named by `key` (workshop,
 * course) so the screens show their names in the reader's language.
 */
export const eventChecklistTemplates = pgTable(
  "event_checklist_templates",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    key: varchar("key", { length: 20 }),
    name: varchar("name", { length: 120 }).notNull(),
    tasks: jsonb("tasks").$type<ChecklistTemplateTask[]>().notNull(),
    ...timestamps,
  },
  (table) => [index("event_checklist_templates_clinic_idx").on(table.clinicId, table.id), uniqueIndex("event_checklist_templates_key_unique").on(table.key)],
);

/** One task of an event's checklist. */
export const eventTasks = pgTable(
  "event_tasks",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => eventEvents.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 200 }).notNull(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    dueOn: date("due_on", { mode: "string" }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: text("done_by").references(() => users.id, { onDelete: "set null" }),
    /** The day the owner was last reminded of it overdue: once a day at most, across nodes. */
    remindedOn: date("reminded_on", { mode: "string" }),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index("event_tasks_event_idx").on(table.eventId, table.position, table.id),
    index("event_tasks_overdue_idx").on(table.dueOn).where(sql`${table.doneAt} is null`),
  ],
);
