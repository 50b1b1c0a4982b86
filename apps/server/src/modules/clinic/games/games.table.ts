import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../../../db/schema.ts";
import { activities } from "../activities/activities.table.ts";
import { assignedActivities } from "../assignments/assignments.table.ts";

/**
 * One played session of a game build, as the patient's player sent it with
 * `POST /api/replyActivity/`. `session_key` is the player's own id for the session, so a
 * retried send finds the row instead of counting the session twice. Sessions outlive the
 * assignment (set null) and the activity: they are the patient's history for statistics.
 */
export const gameSessions = pgTable(
  "game_sessions",
  {
    id: serial("id").primaryKey(),
    sessionKey: uuid("session_key").notNull().unique(),
    assignmentId: integer("assignment_id").references(() => assignedActivities.id, { onDelete: "set null" }),
    activityId: integer("activity_id").references(() => activities.id, { onDelete: "set null" }),
    patientId: text("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    buildId: text("build_id").notNull(),
    family: text("family").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
    /** Played milliseconds, pauses excluded. */
    durationMs: integer("duration_ms").notNull(),
    levelStart: smallint("level_start").notNull(),
    levelEnd: smallint("level_end").notNull(),
    /** Motion intensity the session ran at, 0..1 (the assignment's, lowered for reduced motion). */
    motion: real("motion").notNull(),
    /** completed, stopped or timeout. */
    ended: text("ended").notNull(),
    dizzinessBefore: smallint("dizziness_before").notNull(),
    dizzinessAfter: smallint("dizziness_after").notNull(),
    trialCount: integer("trial_count").notNull(),
    /**
     * Every row of game_session_metrics of the session as one object, kept by a trigger on that
     * table (migration 0032): statistics read a session's measures from its own row. Never written here.
     */
    metrics: jsonb("metrics").$type<Record<string, number>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("game_sessions_ended_check", sql`${table.ended} in ('completed', 'stopped', 'timeout')`),
    check("game_sessions_dizziness_check", sql`${table.dizzinessBefore} between 0 and 10 and ${table.dizzinessAfter} between 0 and 10`),
    // The next session of a build starts at the level the patient's last one ended on.
    index("game_sessions_patient_build_idx").on(table.patientId, table.buildId, table.endedAt),
    index("game_sessions_assignment_idx").on(table.assignmentId),
    // A patient's statistics read their sessions over a range of days (clinic/statistics).
    index("game_sessions_patient_ended_idx").on(table.patientId, table.endedAt),
    // Figures across every patient in scope over a range (global activities, the platform's statistics).
    index("game_sessions_ended_idx").on(table.endedAt),
  ],
);

/** Every trial of a session, as recorded by the player (times in ms from the session's start). */
export const gameTrials = pgTable(
  "game_trials",
  {
    sessionId: integer("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    trialIndex: integer("trial_index").notNull(),
    kind: text("kind").notNull(),
    condition: text("condition").notNull(),
    level: smallint("level").notNull(),
    shownAt: doublePrecision("shown_at").notNull(),
    respondedAt: doublePrecision("responded_at"),
    rtMs: doublePrecision("rt_ms"),
    correct: boolean("correct"),
    outcome: text("outcome").notNull(),
    value: doublePrecision("value"),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.trialIndex] })],
);

/** A session's summary, computed on the server from its trials: common and family metrics by name. */
export const gameSessionMetrics = pgTable(
  "game_session_metrics",
  {
    sessionId: integer("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    value: doublePrecision("value").notNull(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.name] })],
);

/**
 * Sessions per UTC day (of ended_at), patient, build and activity: a roll-up of game_sessions kept
 * by triggers on it (migration 0032), inserts, deletes (cascades included) and updates that move a
 * session, in the writer's own transaction. The platform's statistics count from it. Never written here.
 */
export const gameSessionDays = pgTable(
  "game_session_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    patientId: text("patient_id").notNull(),
    buildId: text("build_id").notNull(),
    family: text("family").notNull(),
    activityId: integer("activity_id"),
    sessions: integer("sessions").notNull(),
  },
  (table) => [
    unique("game_session_days_key").on(table.day, table.patientId, table.buildId, table.family, table.activityId).nullsNotDistinct(),
    index("game_session_days_patient_idx").on(table.patientId, table.day),
    // Keys emptied by a delete, which the trigger removes at once: found without a scan.
    index("game_session_days_emptied_idx").on(table.day).where(sql`${table.sessions} <= 0`),
  ],
);

/**
 * A version per patient, bumped by triggers (migration 0032) in the transaction of every write of
 * their game sessions (and so of their metrics) or their assigned activities: a node keeps a
 * patient's statistics answer while the version it was read under holds. Never written here.
 */
export const statisticsVersions = pgTable("statistics_versions", {
  patientId: text("patient_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
});
