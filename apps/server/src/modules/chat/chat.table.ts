import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { timestamps, users } from "../../db/schema.ts";
import { uploads } from "../../platform/uploads.table.ts";

/**
 * The messaging chat (module `chat_whatsapp`, issue 41): a clinic's conversations with its
 * patients in the app and with WhatsApp contacts, their messages (and the agents' notes, never
 * sent), who read what, and the settings (canned replies, approved templates, connected numbers).
 */

/** A WhatsApp business number (Cloud API phone number id) connected to one clinic. */
export const chatWhatsAppNumbers = pgTable("chat_whatsapp_numbers", {
  /** The Cloud API's phone number id: webhooks name it, sends go to /<id>/messages. */
  id: varchar("id", { length: 30 }).primaryKey(),
  clinicId: text("clinic_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  displayPhone: varchar("display_phone", { length: 30 }).notNull(),
  label: varchar("label", { length: 100 }).notNull().default(""),
  ...timestamps,
});

export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** app | whatsapp */
    channel: varchar("channel", { length: 10 }).notNull(),
    /** open | closed */
    status: varchar("status", { length: 10 }).notNull().default("open"),
    /** The patient (in-app: always; WhatsApp: when the number matched one, or an agent linked one). */
    patientId: text("patient_id").references(() => users.id, { onDelete: "set null" }),
    /** When the patient's account was deleted: the conversation is kept until CHAT_RETENTION_DAYS later. */
    patientDeletedAt: timestamp("patient_deleted_at", { withTimezone: true }),
    /** WhatsApp: the contact's number in E.164 and the business number it wrote to. */
    contactPhone: varchar("contact_phone", { length: 16 }),
    waNumberId: varchar("wa_number_id", { length: 30 }).references(() => chatWhatsAppNumbers.id, { onDelete: "set null" }),
    /** The WhatsApp profile name the contact gave (the patient's name wins when linked). */
    contactName: varchar("contact_name", { length: 200 }).notNull().default(""),
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessagePreview: varchar("last_message_preview", { length: 200 }).notNull().default(""),
    lastDirection: varchar("last_direction", { length: 5 }),
    /** The contact's last message: WhatsApp's 24-hour window runs from it. */
    lastInboundAt: timestamp("last_inbound_at", { withTimezone: true }),
    /** The id of the last message from the patient or contact: an agent has unread messages while it is past their read marker. */
    lastInboundId: bigint("last_inbound_id", { mode: "number" }),
    ...timestamps,
  },
  (table) => [
    check("chat_conversations_channel_check", sql`${table.channel} in ('app', 'whatsapp')`),
    check("chat_conversations_status_check", sql`${table.status} in ('open', 'closed')`),
    // One in-app conversation per patient and clinic; one WhatsApp thread per contact and business number.
    uniqueIndex("chat_conversations_app_unique").on(table.clinicId, table.patientId).where(sql`${table.channel} = 'app'`),
    uniqueIndex("chat_conversations_whatsapp_unique").on(table.waNumberId, table.contactPhone).where(sql`${table.channel} = 'whatsapp'`),
    // The inbox: a clinic's conversations by last activity, per status.
    index("chat_conversations_inbox_idx").on(table.clinicId, table.status, table.lastMessageAt),
    index("chat_conversations_assignee_idx").on(table.assigneeId, table.status, table.lastMessageAt),
    index("chat_conversations_patient_idx").on(table.patientId),
    index("chat_conversations_deleted_idx").on(table.patientDeletedAt).where(sql`${table.patientDeletedAt} is not null`),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    /** in | out | note */
    direction: varchar("direction", { length: 5 }).notNull(),
    /** text | image | document | audio | template */
    kind: varchar("kind", { length: 10 }).notNull().default("text"),
    body: text("body").notNull().default(""),
    uploadId: uuid("upload_id").references(() => uploads.id, { onDelete: "set null" }),
    /** A template message: { name, language, variables }. */
    template: jsonb("template").$type<{ name: string; language: string; variables: string[] }>(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** WhatsApp's message id (wamid): incoming ones are stored once by it, outgoing ones get it when sent. */
    externalId: varchar("external_id", { length: 200 }),
    /** queued | sending | sent | delivered | read | failed */
    status: varchar("status", { length: 10 }).notNull().default("sent"),
    failureReason: text("failure_reason"),
    statusAt: timestamp("status_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("chat_messages_direction_check", sql`${table.direction} in ('in', 'out', 'note')`),
    check("chat_messages_status_check", sql`${table.status} in ('queued', 'sending', 'sent', 'delivered', 'read', 'failed')`),
    uniqueIndex("chat_messages_external_unique").on(table.externalId),
    index("chat_messages_conversation_idx").on(table.conversationId, table.id),
    index("chat_messages_upload_idx").on(table.uploadId).where(sql`${table.uploadId} is not null`),
  ],
);

/** How far each reader (an agent, the patient) has read a conversation: unread counts and read ticks. */
export const chatReads = pgTable(
  "chat_reads",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadId: bigint("last_read_id", { mode: "number" }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.userId] }), index("chat_reads_user_idx").on(table.userId)],
);

export const chatCannedReplies = pgTable(
  "chat_canned_replies",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shortcut: varchar("shortcut", { length: 30 }).notNull(),
    body: text("body").notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex("chat_canned_replies_shortcut_unique").on(table.clinicId, sql`lower(${table.shortcut})`)],
);

/** A WhatsApp message template the clinic had approved by Meta: the only kind of message allowed outside the 24-hour window. */
export const chatTemplates = pgTable(
  "chat_templates",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 512 }).notNull(),
    language: varchar("language", { length: 10 }).notNull(),
    body: text("body").notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex("chat_templates_unique").on(table.clinicId, table.name, table.language)],
);
