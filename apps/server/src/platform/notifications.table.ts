import type { NotificationKind } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { bigserial, check, index, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "../db/schema.ts";

/**
 * In-app notifications (issue 19), one row per recipient, written already in the recipient's
 * language. The list reads (user, newest first); the bell counts the unread ones through the
 * partial index, which holds only those.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 40 }).$type<NotificationKind>().notNull(),
    subject: text("subject").notNull(),
    /** Plain text: shown as text, never as HTML. */
    message: text("message").notNull(),
    /** A path of the app ("/manager/…"), never an address of another site. */
    link: text("link"),
    /** Who caused it; null for the system (a job, a payment provider). */
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    // DESC NULLS FIRST, as `order by ... desc` sorts: only then is a page read in index order, and
    // stops after its rows (the unread index serves the unread page and count alike).
    index("notifications_user_created_idx").on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("notifications_unread_idx").on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()).where(sql`${table.readAt} is null`),
    check("notifications_link_is_path", sql`${table.link} is null or (${table.link} like '/%' and ${table.link} not like '//%')`),
  ],
);

/**
 * A user's choices of which kinds also come by email: only the kinds they chose are stored, so a
 * kind added later takes its default (EMAIL_BY_DEFAULT) until they choose.
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: jsonb("email").$type<Partial<Record<NotificationKind, boolean>>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
