import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "../db/schema.ts";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * Every email the platform sends (ARCHITECTURE.md: SMTP when `SMTP_URL` is set, otherwise an
 * outbox admins read in the app). With SMTP a row records the delivery (`sent`, `failed`
 * with its error and attempts); without it the row is the message (`outbox`).
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Files sent with the message (an appointment's .ics invite): name, MIME type and text content. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    /** The sender when not the platform's (a CRM email format's "Name <address>"). */
    from: text("from"),
    replyTo: text("reply_to"),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post of RFC 8058 on mass email). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** What it is about (invitation, password reset…), for the outbox screen. */
    kind: varchar("kind", { length: 32 }).notNull(),
    /** queued | sent | failed | outbox */
    status: varchar("status", { length: 16 }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    /** The user it was written to, when it is one of ours. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [index("mail_messages_created_idx").on(table.createdAt), index("mail_messages_to_idx").on(table.to)],
);

/**
 * The pace of mass emails (issue 19.2, `MESSAGE_EMAILS_PER_SECOND`): one row holding the
 * earliest time the next paced email may go, shared by every app node.
 */
export const mailPacing = pgTable("mail_pacing", {
  id: integer("id").primaryKey(),
  nextAt: timestamp("next_at", { withTimezone: true }).notNull(),
});
