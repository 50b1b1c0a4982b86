import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps, users } from "../../db/schema.ts";

/**
 * The booking app (module `schedule`, issue 35): a clinic's locations, the hours its providers
 * keep there, its services and their variations, the rooms and devices they need, and the
 * bookings that hold them. Times of day are wall-clock times in the location's zone; instants
 * are UTC. Money is integer cents. Free times come from the platform's one slot engine
 * (platform/slots.ts), the same as the clinic's appointments.
 *
 * What a booking holds, the database refuses to give twice (migration 0038, btree_gist):
 * its provider (bookings_provider_overlap) and one unit of each resource its variation needs
 * (booking_unit_holds_overlap), over its time with its buffers.
 */

/** The clinic's settings for booking (one row per clinic; absent means the defaults). */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    clinicId: text("clinic_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How far ahead a client may book, in days. */
    windowDays: smallint("window_days").notNull().default(60),
    /** How soon a client may book, in minutes from now. */
    minNoticeMinutes: integer("min_notice_minutes").notNull().default(120),
    /** Until how many hours before its start a client may move or cancel a booking by its link. */
    cancelWindowHours: smallint("cancel_window_hours").notNull().default(24),
    /** Minutes between offered starts. */
    stepMinutes: smallint("step_minutes").notNull().default(15),
    /** What a new variation starts with. */
    bufferBeforeMinutes: smallint("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: smallint("buffer_after_minutes").notNull().default(0),
    /** The public page's title and introduction: { en: { title, intro }, es: { title, intro } }. */
    pageTexts: jsonb("page_texts").$type<Record<string, { title: string; intro: string }>>().notNull().default({}),
    /** The kinds of visit clients may choose (APPOINTMENT_TYPES), the default first. */
    appointmentTypes: smallint("appointment_types").array().notNull().default([1]),
    ...timestamps,
  },
  (table) => [
    check("booking_settings_window_check", sql`${table.windowDays} between 1 and 730`),
    check("booking_settings_notice_check", sql`${table.minNoticeMinutes} between 0 and 43200`),
    check("booking_settings_cancel_check", sql`${table.cancelWindowHours} between 0 and 720`),
    check("booking_settings_step_check", sql`${table.stepMinutes} in (5, 10, 15, 20, 30, 60)`),
    check("booking_settings_buffers_check", sql`${table.bufferBeforeMinutes} between 0 and 240 and ${table.bufferAfterMinutes} between 0 and 240`),
  ],
);

/** Where services are given: hours and special days are kept per location, in its time zone. */
export const bookingLocations = pgTable(
  "booking_locations",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    address: text("address").notNull().default(""),
    timeZone: text("time_zone").notNull(),
    ...timestamps,
  },
  (table) => [index("booking_locations_clinic_idx").on(table.clinicId)],
);

/**
 * The weekly hours a provider keeps at a location: [{ day: "all" | "week" | "0".."6", start,
 * end }], the shape of the clinic's schedules (shared schema), which the slot engine reads.
 */
export const bookingHours = pgTable(
  "booking_hours",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => bookingLocations.id, { onDelete: "cascade" }),
    providerId: text("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rules: jsonb("rules").$type<{ day: string; start: string; end: string }[]>().notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("booking_hours_provider_location_idx").on(table.providerId, table.locationId),
    index("booking_hours_location_idx").on(table.locationId),
  ],
);

/**
 * A dated change of hours: a holiday or other hours. For one provider at a location, or, with no
 * provider, for everyone there (a provider's own row for that date wins over the location's).
 */
export const bookingSpecialDays = pgTable(
  "booking_special_days",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => bookingLocations.id, { onDelete: "cascade" }),
    providerId: text("provider_id").references(() => users.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    closed: boolean("closed").notNull(),
    start: time("start"),
    end: time("end"),
    note: varchar("note", { length: 200 }).notNull().default(""),
    ...timestamps,
  },
  (table) => [
    unique("booking_special_days_day_key").on(table.locationId, table.providerId, table.date).nullsNotDistinct(),
    check("booking_special_days_hours_check", sql`${table.closed} or (${table.start} is not null and ${table.end} > ${table.start})`),
  ],
);

/** A room or a device (a rotary chair, a posturography platform), of which a location has `quantity`. */
export const bookingResources = pgTable(
  "booking_resources",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => bookingLocations.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    kind: varchar("kind", { length: 16 }).notNull(),
    quantity: smallint("quantity").notNull().default(1),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check("booking_resources_kind_check", sql`${table.kind} in ('room', 'equipment')`),
    check("booking_resources_quantity_check", sql`${table.quantity} between 1 and 50`),
    index("booking_resources_location_idx").on(table.locationId),
    index("booking_resources_clinic_idx").on(table.clinicId),
  ],
);

/**
 * One of a resource's `quantity` units (chair 1, chair 2): a booking holds a unit, so the
 * database can refuse overlaps on each unit with an exclusion constraint. A unit past the
 * quantity is kept, inactive, while bookings still hold it.
 */
export const bookingResourceUnits = pgTable(
  "booking_resource_units",
  {
    id: serial("id").primaryKey(),
    resourceId: integer("resource_id")
      .notNull()
      .references(() => bookingResources.id, { onDelete: "cascade" }),
    number: smallint("number").notNull(),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (table) => [uniqueIndex("booking_resource_units_number_idx").on(table.resourceId, table.number)],
);

/** What clients book (a vestibular assessment), with its public page at /schedule/app/booking/<slug>. */
export const bookingServices = pgTable(
  "booking_services",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => bookingLocations.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 120 }).notNull(),
    description: text("description").notNull(),
    slug: varchar("slug", { length: 80 }).notNull(),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (table) => [uniqueIndex("booking_services_slug_idx").on(table.slug), index("booking_services_clinic_idx").on(table.clinicId)],
);

/** Who gives a service: a client may pick one of them, or "anyone". */
export const bookingServiceProviders = pgTable(
  "booking_service_providers",
  {
    serviceId: integer("service_id")
      .notNull()
      .references(() => bookingServices.id, { onDelete: "cascade" }),
    providerId: text("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.serviceId, table.providerId] }), index("booking_service_providers_provider_idx").on(table.providerId)],
);

/** One way to take a service (30 min / 60 min, first visit / follow-up): its length, buffers and price. */
export const bookingVariations = pgTable(
  "booking_variations",
  {
    id: serial("id").primaryKey(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => bookingServices.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    durationMinutes: smallint("duration_minutes").notNull(),
    bufferBeforeMinutes: smallint("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: smallint("buffer_after_minutes").notNull().default(0),
    priceCents: integer("price_cents").notNull().default(0),
    position: smallint("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check("booking_variations_duration_check", sql`${table.durationMinutes} between 5 and 480 and ${table.durationMinutes} % 5 = 0`),
    check("booking_variations_buffers_check", sql`${table.bufferBeforeMinutes} between 0 and 240 and ${table.bufferAfterMinutes} between 0 and 240`),
    check("booking_variations_price_check", sql`${table.priceCents} >= 0`),
    index("booking_variations_service_idx").on(table.serviceId),
  ],
);

/** The resources a variation needs: one unit of each, for its whole time with its buffers. */
export const bookingVariationResources = pgTable(
  "booking_variation_resources",
  {
    variationId: integer("variation_id")
      .notNull()
      .references(() => bookingVariations.id, { onDelete: "cascade" }),
    resourceId: integer("resource_id")
      .notNull()
      .references(() => bookingResources.id, { onDelete: "restrict" }),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.variationId, table.resourceId] }), index("booking_variation_resources_resource_idx").on(table.resourceId)],
);

/**
 * A booking of a variation with a provider at a time. While pending or confirmed it holds its
 * provider from `holds_from` to `holds_to` (its time with its buffers); a second booking over
 * that time for the same provider is refused by the database (migration 0038). Its status is
 * one of BOOKING_STATUSES (shared): pending waits for a guest's email confirmation.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => bookingServices.id, { onDelete: "restrict" }),
    variationId: integer("variation_id")
      .notNull()
      .references(() => bookingVariations.id, { onDelete: "restrict" }),
    providerId: text("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => bookingLocations.id, { onDelete: "restrict" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    holdsFrom: timestamp("holds_from", { withTimezone: true }).notNull(),
    holdsTo: timestamp("holds_to", { withTimezone: true }).notNull(),
    status: varchar("status", { length: 16 }).notNull(),
    /** The signed-in client, or null for a guest known by name, email and phone. */
    clientUserId: text("client_user_id").references(() => users.id, { onDelete: "set null" }),
    clientName: varchar("client_name", { length: 120 }).notNull(),
    clientEmail: varchar("client_email", { length: 254 }).notNull(),
    clientPhone: varchar("client_phone", { length: 40 }).notNull().default(""),
    /** The client's zone: emails write the times in it. */
    timeZone: text("time_zone").notNull(),
    /** The client's language ("en" or "es"): their emails are written in it. */
    language: varchar("language", { length: 2 }).notNull().default("en"),
    /** In person, by video… (APPOINTMENT_TYPES), one the clinic offered. */
    appointmentType: smallint("appointment_type").notNull().default(1),
    priceCents: integer("price_cents").notNull(),
    /** sha256 of the private links' secrets: confirming (a guest's email) and managing (moving, cancelling, rating). */
    confirmTokenHash: text("confirm_token_hash"),
    manageTokenHash: text("manage_token_hash").notNull(),
    /** A pending booking not confirmed by then lets its time go. */
    confirmBy: timestamp("confirm_by", { withTimezone: true }),
    /** iCalendar SEQUENCE: goes up with every change sent to calendar programs. */
    sequence: integer("sequence").notNull().default(0),
    reminderSentFor: timestamp("reminder_sent_for", { withTimezone: true }),
    /** When the client was asked to rate the visit (once, after it). */
    ratingAskedAt: timestamp("rating_asked_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    check("bookings_status_check", sql`${table.status} in ('pending', 'confirmed', 'cancelled', 'completed', 'no_show')`),
    check("bookings_range_check", sql`${table.endsAt} > ${table.startsAt} and ${table.holdsFrom} <= ${table.startsAt} and ${table.holdsTo} >= ${table.endsAt}`),
    check("bookings_price_check", sql`${table.priceCents} >= 0`),
    uniqueIndex("bookings_manage_token_idx").on(table.manageTokenHash),
    uniqueIndex("bookings_confirm_token_idx").on(table.confirmTokenHash),
    index("bookings_clinic_start_idx").on(table.clinicId, table.startsAt),
    index("bookings_provider_start_idx").on(table.providerId, table.startsAt),
    index("bookings_client_start_idx").on(table.clientUserId, table.startsAt),
  ],
);

/**
 * The units a booking holds, while it holds them: written with the booking, deleted when it is
 * cancelled or moved (a moved booking writes its new holds). The database refuses two holds
 * of one unit over the same time (migration 0038).
 */
export const bookingUnitHolds = pgTable(
  "booking_unit_holds",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bookingId: bigint("booking_id", { mode: "number" })
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    unitId: integer("unit_id")
      .notNull()
      .references(() => bookingResourceUnits.id, { onDelete: "restrict" }),
    holdsFrom: timestamp("holds_from", { withTimezone: true }).notNull(),
    holdsTo: timestamp("holds_to", { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    check("booking_unit_holds_range_check", sql`${table.holdsTo} > ${table.holdsFrom}`),
    index("booking_unit_holds_booking_idx").on(table.bookingId),
    index("booking_unit_holds_unit_idx").on(table.unitId, table.holdsFrom),
  ],
);

/** A client's rating of a booking once it took place: one per booking, 1 to 5, with a comment. */
export const bookingRatings = pgTable(
  "booking_ratings",
  {
    bookingId: bigint("booking_id", { mode: "number" })
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    score: smallint("score").notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: timestamps.createdAt,
  },
  (table) => [check("booking_ratings_score_check", sql`${table.score} between 1 and 5`)],
);
