import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../../db/schema.ts";
import { mailMessages } from "../../platform/mail.table.ts";

/**
 * Messages staff write to people (issue 19.2). The audience is kept as the sender chose it
 * (roles, clinics, groups, users) and read into `message_recipients` when sending starts, so a
 * scheduled message reaches the people who match at its time.
 */
export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull(),
    /** Sanitised rich text (shared rules). */
    body: text("body").notNull(),
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    clinics: text("clinics").array().notNull().default(sql`'{}'::text[]`),
    groups: integer("groups").array().notNull().default(sql`'{}'::integer[]`),
    users: text("users").array().notNull().default(sql`'{}'::text[]`),
    email: boolean("email").notNull().default(false),
    state: text("state").notNull(),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    /** How many people it reaches: set when the audience is read, as sending starts. */
    recipients: integer("recipients"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The sender; their reach is read again when sending starts (a clinic's people at that time). */
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Its recipients reached, and their emails by delivery state (sent: sent or written to the
     * outbox), kept by triggers on message_recipients and mail_messages (migration 0036) so the
     * sent list reads one row per message, however many people it reached.
     */
    delivered: integer("delivered").notNull().default(0),
    emailsSent: integer("emails_sent").notNull().default(0),
    emailsQueued: integer("emails_queued").notNull().default(0),
    emailsFailed: integer("emails_failed").notNull().default(0),
  },
  (table) => [
    check("messages_state_check", sql`${table.state} in ('scheduled', 'sending', 'sent', 'cancelled')`),
    check("messages_roles_check", sql`${table.roles} <@ array['admin', 'clinic', 'therapist', 'patient']::text[]`),
    // The sent list: everyone's for admins, a sender's own for the others; newest first, a page
    // read as the next rows of the index (migration 0033).
    index("messages_page_idx").on(table.sendAt, table.id),
    index("messages_sent_by_page_idx").on(table.sentBy, table.sendAt, table.id),
  ],
);

/**
 * One row per recipient of a message: written once when sending starts (the primary key makes a
 * second reading add no one), then marked `notified_at` in the very transaction that writes the
 * recipient's notification and queues their email. A delivery that stops half way (a restart)
 * resumes with the rows not marked, so each recipient gets the message exactly once.
 */
export const messageRecipients = pgTable(
  "message_recipients",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** The recipient's email, when one was queued (its status is the delivery's). */
    mailId: bigint("mail_id", { mode: "number" }).references(() => mailMessages.id, { onDelete: "set null" }),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId] }),
    // The next batch to deliver: the recipients of one message not reached yet.
    index("message_recipients_pending_idx").on(table.messageId, table.userId).where(sql`${table.notifiedAt} is null`),
    // A user's deletion cascades here.
    index("message_recipients_user_idx").on(table.userId),
    // A mail's new state finds its message (migration 0036's counts).
    index("message_recipients_mail_idx").on(table.mailId).where(sql`${table.mailId} is not null`),
  ],
);
