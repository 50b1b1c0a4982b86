import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../../db/schema.ts";

/**
 * Broadcast banners (issue 19.3): shown at the top of the shell to their audience while
 * starts_at <= now < ends_at. The audience is two filters that must both match: `roles` (none:
 * every role) and `clinics` (clinic accounts' ids; none: every clinic). Arrays rather than join
 * tables: a banner names a handful, they are read only by the one statement of the active
 * banners, and a clinic deleted since simply matches no one.
 */
export const broadcasts = pgTable(
  "broadcasts",
  {
    id: serial("id").primaryKey(),
    /** Sanitised rich text (shared rules, images dropped); "" when not written in that language. */
    messageEn: text("message_en").notNull().default(""),
    messageEs: text("message_es").notNull().default(""),
    severity: text("severity").notNull(),
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    clinics: text("clinics").array().notNull().default(sql`'{}'::text[]`),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    dismissible: boolean("dismissible").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check("broadcasts_window_check", sql`${table.endsAt} > ${table.startsAt}`),
    check("broadcasts_severity_check", sql`${table.severity} in ('info', 'warning', 'critical')`),
    check("broadcasts_roles_check", sql`${table.roles} <@ array['admin', 'clinic', 'therapist', 'patient']::text[]`),
    check("broadcasts_message_check", sql`${table.messageEn} <> '' or ${table.messageEs} <> ''`),
    // The active banners are those not ended yet and started: a range scan from now over ends_at.
    index("broadcasts_window_idx").on(table.endsAt, table.startsAt),
    // The admin list, newest start first.
    index("broadcasts_starts_idx").on(table.startsAt),
  ],
);

/** A user's dismissal of a dismissible banner: remembered on the server, so on every device. */
export const broadcastDismissals = pgTable(
  "broadcast_dismissals",
  {
    id: serial("id").primaryKey(),
    broadcastId: integer("broadcast_id")
      .notNull()
      .references(() => broadcasts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("broadcast_dismissals_user_broadcast_idx").on(table.userId, table.broadcastId),
    index("broadcast_dismissals_broadcast_idx").on(table.broadcastId),
  ],
);
