import type { FormAnswers, FormField, FormScore, FormScoring } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "../../../db/schema.ts";

const timestamps = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * A dynamic form (issue 17): owned like catalogue rows (a clinic, or the platform when
 * `clinic_id` is null). Its questions live in versions; `current_version_id` is the one new
 * assignments get. `standard_key` marks a validated questionnaire the platform ships (read-only).
 */
export const dynamicForms = pgTable(
  "dynamic_forms",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    description: text("description").notNull(),
    language: varchar("language", { length: 5 }).notNull(),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    standardKey: text("standard_key").unique(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    currentVersionId: integer("current_version_id").references((): AnyPgColumn => dynamicFormVersions.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (table) => [index("dynamic_forms_clinic_name_idx").on(table.clinicId, table.name)],
);

/** One version of a form's questions and scoring; answers point at the version they answered. */
export const dynamicFormVersions = pgTable(
  "dynamic_form_versions",
  {
    id: serial("id").primaryKey(),
    formId: integer("form_id")
      .notNull()
      .references((): AnyPgColumn => dynamicForms.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    fields: jsonb("fields").$type<FormField[]>().notNull(),
    scoring: jsonb("scoring").$type<FormScoring>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("dynamic_form_versions_form_version_idx").on(table.formId, table.version)],
);

/**
 * A form assigned to a patient: its answers (a draft or the submission), the score the server
 * computed on submit, and the therapist's review. A form with answers cannot be deleted
 * (restrict): the API answers 409 first.
 */
export const formAssignments = pgTable(
  "form_assignments",
  {
    id: serial("id").primaryKey(),
    formId: integer("form_id")
      .notNull()
      .references(() => dynamicForms.id, { onDelete: "restrict" }),
    versionId: integer("version_id")
      .notNull()
      .references(() => dynamicFormVersions.id, { onDelete: "restrict" }),
    patientId: text("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The patient's clinic when assigned, for the clinic's results lists. */
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "set null" }),
    assignedBy: text("assigned_by").references(() => users.id, { onDelete: "set null" }),
    dueDate: date("due_date", { mode: "string" }),
    state: varchar("state", { length: 12 }).notNull().default("assigned"),
    answers: jsonb("answers").$type<FormAnswers>().notNull().default({}),
    score: jsonb("score").$type<FormScore>(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewNote: text("review_note").notNull().default(""),
    /** Set in the transaction that writes the one overdue reminder: the claim that it was sent. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("form_assignments_state_check", sql`${table.state} in ('assigned', 'inProgress', 'submitted', 'reviewed')`),
    index("form_assignments_patient_idx").on(table.patientId, table.createdAt),
    index("form_assignments_clinic_submitted_idx").on(table.clinicId, table.submittedAt),
    index("form_assignments_form_idx").on(table.formId, table.submittedAt),
    index("form_assignments_version_idx").on(table.versionId),
    // The form results, newest submission first (migration 0033).
    index("form_assignments_results_idx").on(table.submittedAt.desc(), table.id.desc()).where(sql`${table.state} in ('submitted', 'reviewed')`),
    // The reminder sweep reads only the unsent, unsubmitted ones with a due date.
    index("form_assignments_due_idx")
      .on(table.dueDate)
      .where(sql`${table.reminderSentAt} is null and ${table.state} in ('assigned', 'inProgress') and ${table.dueDate} is not null`),
  ],
);
