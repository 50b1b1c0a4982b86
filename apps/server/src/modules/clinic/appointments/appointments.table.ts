import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, smallint, text, time, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "../../../db/schema.ts";

/**
 * A therapist's availability (spec §3 "Schedule"): wall-clock rules in `time_zone`, plus dated
 * exceptions in `schedule_exceptions`. Slots are computed from these; nothing is stored per slot.
 */
export const schedules = pgTable(
  "schedules",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    providerId: text("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 60 }).notNull(),
    description: text("description").notNull(),
    duration: smallint("duration").notNull().default(15),
    appointmentTypes: smallint("appointment_types").array().notNull(),
    timeZone: text("time_zone").notNull(),
    /** [{ day: "all" | "week" | "0".."6", start: "HH:MM", end: "HH:MM" }], checked by the shared schema. */
    rules: jsonb("rules").$type<{ day: string; start: string; end: string }[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("schedules_duration_check", sql`${table.duration} in (15, 30, 45, 60)`),
    index("schedules_provider_idx").on(table.providerId),
    index("schedules_clinic_idx").on(table.clinicId),
  ],
);

/** One dated change to a schedule: a day off, or other hours for that day. */
export const scheduleExceptions = pgTable(
  "schedule_exceptions",
  {
    id: serial("id").primaryKey(),
    scheduleId: integer("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    closed: boolean("closed").notNull(),
    start: time("start"),
    end: time("end"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("schedule_exceptions_day_idx").on(table.scheduleId, table.date),
    check("schedule_exceptions_hours_check", sql`${table.closed} or (${table.start} is not null and ${table.end} > ${table.start})`),
  ],
);

/** What a therapist offers (spec §3 "Service"); patients book it from its schedule. */
export const services = pgTable(
  "services",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    providerId: text("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scheduleId: integer("schedule_id").references(() => schedules.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 60 }).notNull(),
    description: text("description").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("services_provider_idx").on(table.providerId),
    index("services_clinic_idx").on(table.clinicId),
    index("services_schedule_idx").on(table.scheduleId),
  ],
);

/**
 * An appointment between a provider (therapist) and a patient. `starts_at`/`ends_at` are
 * instants (UTC). While requested or accepted it holds its time: exclusion constraints in the
 * migration (btree_gist) refuse a second one overlapping it for the same provider or patient,
 * whatever code path writes it. `reminder_sent_for` is the start a reminder went out for, so a
 * moved appointment gets a new one and a repeated job sends none.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    providerId: text("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    patientId: text("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: integer("service_id").references(() => services.id, { onDelete: "set null" }),
    /** Appointments booked together as a weekly series share it (DELETE ?related=true). */
    seriesId: uuid("series_id"),
    name: varchar("name", { length: 60 }).notNull(),
    description: text("description").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    duration: smallint("duration").notNull(),
    appointmentType: smallint("appointment_type").notNull(),
    status: varchar("status", { length: 16 }).notNull(),
    denialReason: text("denial_reason"),
    /** The zone the times are shown in by email (the schedule's, or the booking browser's). */
    timeZone: text("time_zone").notNull(),
    /** iCalendar SEQUENCE: goes up with every change sent to calendar programs. */
    sequence: integer("sequence").notNull().default(0),
    reminderSentFor: timestamp("reminder_sent_for", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("appointments_status_check", sql`${table.status} in ('requested', 'accepted', 'denied')`),
    check("appointments_duration_check", sql`${table.duration} in (15, 30, 45, 60)`),
    check("appointments_type_check", sql`${table.appointmentType} between 1 and 6`),
    check("appointments_range_check", sql`${table.endsAt} > ${table.startsAt}`),
    index("appointments_provider_start_idx").on(table.providerId, table.startsAt),
    index("appointments_patient_start_idx").on(table.patientId, table.startsAt),
    index("appointments_clinic_start_idx").on(table.clinicId, table.startsAt),
    index("appointments_series_idx").on(table.seriesId),
    // The platform's statistics count the accepted appointments of a range (migration 0032).
    index("appointments_accepted_start_idx").on(table.startsAt).where(sql`${table.status} = 'accepted'`),
  ],
);

/** A user's private calendar feed: bumping `version` retires every address given out before. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
