import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../../../db/schema.ts";
import { activities } from "../activities/activities.table.ts";
import { recommendations } from "../recommendations/recommendations.table.ts";

/**
 * An activity assigned to a patient for a day (spec §3 "Assigned activity"): how long, a note
 * from the therapist, and the flags of spec §4 (done, favorite, activate). `result` holds what
 * the patient reported with `POST /api/replyActivity/` (a game's score, a note).
 * An activity that is assigned cannot be deleted (restrict): the API answers 409.
 */
export const assignedActivities = pgTable(
  "assigned_activities",
  {
    id: serial("id").primaryKey(),
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "restrict" }),
    patientId: text("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assignedBy: text("assigned_by").references(() => users.id, { onDelete: "set null" }),
    date: date("date", { mode: "string" }).notNull(),
    /** Minutes. */
    duration: integer("duration").notNull(),
    description: text("description").notNull().default(""),
    done: boolean("done").notNull().default(false),
    doneAt: timestamp("done_at", { withTimezone: true }),
    favorite: boolean("favorite").notNull().default(false),
    activate: boolean("activate").notNull().default(true),
    /** A game's motion intensity in percent (issue 5 safety): the therapist's setting for this patient. */
    motion: smallint("motion").notNull().default(100),
    result: jsonb("result"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check("assigned_activities_duration_check", sql`${table.duration} > 0`),
    check("assigned_activities_motion_check", sql`${table.motion} between 10 and 100`),
    index("assigned_activities_patient_date_idx").on(table.patientId, table.date, table.id),
    index("assigned_activities_activity_idx").on(table.activityId),
    index("assigned_activities_date_idx").on(table.date),
    // The platform's statistics: who did an assignment, and who assigned one, over a range (migration 0032).
    index("assigned_activities_done_at_idx").on(table.doneAt, table.patientId).where(sql`${table.done}`),
    index("assigned_activities_assigner_created_idx").on(table.assignedBy, table.createdAt),
  ],
);

/** A recommendation given to a patient (spec §7 patients-recommendations): once per patient. */
export const assignedRecommendations = pgTable(
  "assigned_recommendations",
  {
    id: serial("id").primaryKey(),
    recommendationId: integer("recommendation_id")
      .notNull()
      .references(() => recommendations.id, { onDelete: "cascade" }),
    patientId: text("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assignedBy: text("assigned_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("assigned_recommendations_patient_recommendation_idx").on(table.patientId, table.recommendationId),
    index("assigned_recommendations_recommendation_idx").on(table.recommendationId),
  ],
);
