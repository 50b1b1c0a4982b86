import type { AiSource, AiSourceKind } from "@clinic/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps, users } from "../../db/schema.ts";

/**
 * The AI chat widget (module `widget_chat_ai`, issue 42): the settings of each clinic (and of the
 * platform, for users of no clinic), the clinics' FAQs, the search index of everything the
 * assistant may cite, the embeddings of that index per provider, the users' conversations and
 * the usage the limits and the cost figures count.
 */

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** One row per clinic; the row of no clinic is the platform's. */
export const aiSettings = pgTable(
  "ai_settings",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    /** Null: no model, retrieval-only mode. */
    baseUrl: varchar("base_url", { length: 500 }),
    model: varchar("model", { length: 120 }).notNull().default(""),
    embeddingModel: varchar("embedding_model", { length: 120 }).notNull().default(""),
    /** platform/secrets.ts sealed with AUTH_SECRET; never sent to a browser. */
    apiKeySealed: text("api_key_sealed"),
    allowPatientData: boolean("allow_patient_data").notNull().default(false),
    systemPrompt: text("system_prompt").notNull().default(""),
    sources: jsonb("sources").$type<AiSourceKind[]>().notNull(),
    perUserPerHour: integer("per_user_per_hour").notNull(),
    perClinicPerDay: integer("per_clinic_per_day").notNull(),
    maxAnswerTokens: integer("max_answer_tokens").notNull(),
    timeoutSeconds: integer("timeout_seconds").notNull(),
    emergencyPhone: varchar("emergency_phone", { length: 40 }).notNull().default(""),
    inputCentsPerMillion: integer("input_cents_per_million").notNull().default(0),
    outputCentsPerMillion: integer("output_cents_per_million").notNull().default(0),
    updatedById: text("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [uniqueIndex("ai_settings_scope").on(sql`coalesce(${table.clinicId}, '')`)],
);

/** A question and answer a clinic (or the platform, no clinic) wrote for the assistant to cite. */
export const aiFaqs = pgTable(
  "ai_faqs",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    language: varchar("language", { length: 2 }).notNull(),
    /** everyone | staff */
    audience: varchar("audience", { length: 10 }).notNull().default("everyone"),
    question: varchar("question", { length: 300 }).notNull(),
    answer: text("answer").notNull(),
    ...timestamps,
  },
  (table) => [
    index("ai_faqs_clinic").on(table.clinicId, table.question),
    check("ai_faqs_audience_known", sql`${table.audience} in ('everyone', 'staff')`),
    check("ai_faqs_language_known", sql`${table.language} in ('en', 'es')`),
  ],
);

/**
 * The search index: one row per activity, recommendation, form, published CMS page and FAQ, kept
 * by triggers on those tables (migration 0048), so it changes in the transaction that changes the
 * content. `audience`: everyone (FAQs, pages), staff (staff FAQs), assigned (catalogue items a
 * patient reaches only through an assignment). `search` stems the text in English and Spanish.
 */
export const aiDocuments = pgTable(
  "ai_documents",
  {
    id: serial("id").primaryKey(),
    kind: varchar("kind", { length: 16 }).notNull(),
    sourceId: integer("source_id").notNull(),
    clinicId: text("clinic_id"),
    /** en | es, null when the content has no language of its own. */
    language: varchar("language", { length: 2 }),
    audience: varchar("audience", { length: 10 }).notNull(),
    title: varchar("title", { length: 300 }).notNull(),
    body: text("body").notNull(),
    /** A page's public slug. */
    slug: varchar("slug", { length: 80 }),
    contentHash: varchar("content_hash", { length: 32 }).generatedAlwaysAs(sql`md5(title || E'\\n' || body)`),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('spanish', title), 'A') || setweight(to_tsvector('english', left(body, 100000)), 'B') || setweight(to_tsvector('spanish', left(body, 100000)), 'B')`,
    ),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ai_documents_source").on(table.kind, table.sourceId),
    index("ai_documents_search").using("gin", table.search),
    index("ai_documents_clinic").on(table.clinicId),
  ],
);

/** A document's embedding from one provider's model (`providerKey`: a hash of its address and model), for the text it had (`contentHash`). */
export const aiEmbeddings = pgTable(
  "ai_embeddings",
  {
    documentId: integer("document_id")
      .notNull()
      .references(() => aiDocuments.id, { onDelete: "cascade" }),
    providerKey: varchar("provider_key", { length: 64 }).notNull(),
    contentHash: varchar("content_hash", { length: 32 }).notNull(),
    /** L2-normalised, so a dot product is the cosine. */
    vector: real("vector").array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.providerKey] })],
);

export const aiConversations = pgTable(
  "ai_conversations",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The settings scope it was held in: the user's clinic, or null (the platform's). */
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "set null" }),
    title: varchar("title", { length: 80 }).notNull(),
    ...timestamps,
  },
  (table) => [index("ai_conversations_user").on(table.userId, table.updatedAt), index("ai_conversations_clinic").on(table.clinicId, table.updatedAt)],
);

export const aiMessages = pgTable(
  "ai_messages",
  {
    id: serial("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => aiConversations.id, { onDelete: "cascade" }),
    /** user | assistant */
    role: varchar("role", { length: 10 }).notNull(),
    content: text("content").notNull(),
    /** An answer's AiAnswerMode. */
    mode: varchar("mode", { length: 10 }),
    sources: jsonb("sources").$type<AiSource[]>().notNull().default([]),
    /** A key of AI_MESSAGES: why an answer failed or was cut. */
    notice: varchar("notice", { length: 40 }),
    /** up | down */
    feedback: varchar("feedback", { length: 4 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ai_messages_conversation").on(table.conversationId, table.id),
    check("ai_messages_role_known", sql`${table.role} in ('user', 'assistant')`),
    check("ai_messages_feedback_known", sql`${table.feedback} in ('up', 'down')`),
  ],
);

/**
 * One row per question asked (kept when the user deletes the conversation): the rate limits
 * count them, the usage screen sums them. `costMillicents`: thousandths of a cent, estimated
 * from the settings' prices when the answer ended.
 */
export const aiUsage = pgTable(
  "ai_usage",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    mode: varchar("mode", { length: 10 }).notNull(),
    tokensIn: integer("tokens_in").notNull().default(0),
    tokensOut: integer("tokens_out").notNull().default(0),
    costMillicents: bigint("cost_millicents", { mode: "number" }).notNull().default(0),
    /** Asked in the admins' test console. */
    console: boolean("console").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ai_usage_user").on(table.userId, table.createdAt), index("ai_usage_clinic").on(table.clinicId, table.createdAt)],
);
