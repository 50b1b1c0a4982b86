import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps, users } from "../../db/schema.ts";
import { uploads } from "../../platform/uploads.table.ts";

/**
 * The CRM with telemarketing (module `crm_manager`, issue 36). Every row belongs to a clinic
 * (`clinic_id`, the clinic's account): its clients, the lists and initiatives that group them,
 * what its agents did with each (notes, calls, meetings, documents), and the emails it sent.
 * A client's timeline is `crm_tracking`, written beside each change.
 */

/** A person or an organisation the clinic reaches out to. */
export const crmClients = pgTable(
  "crm_clients",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** person | organisation */
    kind: varchar("kind", { length: 12 }).notNull().default("person"),
    firstName: varchar("first_name", { length: 120 }).notNull().default(""),
    lastName: varchar("last_name", { length: 120 }).notNull().default(""),
    /** The organisation's name, or the person's employer. */
    organisation: varchar("organisation", { length: 200 }).notNull().default(""),
    email: varchar("email", { length: 254 }),
    phone: varchar("phone", { length: 40 }).notNull().default(""),
    city: varchar("city", { length: 120 }).notNull().default(""),
    address: text("address").notNull().default(""),
    /** The client agreed to be contacted (calls and email); mass email skips those who did not. */
    consent: boolean("consent").notNull().default(false),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    /** Set by the unsubscribe link: no further mass email, whatever the consent says. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** The agent who looks after the client. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The platform account of a client who signs in (a CRM client, is_crm_client). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** The name every screen shows and lists sort by: the person's, else the organisation's (generated). */
    name: text("name")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(nullif(case when kind = 'person' then trim(first_name || ' ' || last_name) end, ''), organisation)`),
    ...timestamps,
  },
  (table) => [
    check("crm_clients_kind_check", sql`${table.kind} in ('person', 'organisation')`),
    check("crm_clients_name_check", sql`${table.firstName} <> '' or ${table.lastName} <> '' or ${table.organisation} <> ''`),
    uniqueIndex("crm_clients_email_unique").on(table.clinicId, sql`lower(${table.email})`),
    // The clients list's order: its first page is read off this index, not sorted from every row.
    index("crm_clients_clinic_name_idx").on(table.clinicId, sql`lower(${table.name})`, table.id),
    index("crm_clients_owner_idx").on(table.ownerId),
    index("crm_clients_user_idx").on(table.userId),
    index("crm_clients_tags_idx").using("gin", table.tags),
  ],
);

/** A user list of spec §3: title, description and its clients (related_users). */
export const crmLists = pgTable(
  "crm_lists",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 120 }).notNull(),
    description: text("description").notNull().default(""),
    ...timestamps,
  },
  (table) => [index("crm_lists_clinic_idx").on(table.clinicId, table.id)],
);

export const crmListClients = pgTable(
  "crm_list_clients",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => crmLists.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => crmClients.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.listId, table.clientId] }), index("crm_list_clients_client_idx").on(table.clientId)],
);

/** An initiative of spec §3: a campaign an agent (salesman) works on a set of clients. */
export const crmInitiatives = pgTable(
  "crm_initiatives",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 200 }).notNull(),
    description: text("description").notNull().default(""),
    /** The agent (salesman) who works it. */
    salesmanId: text("salesman_id").references(() => users.id, { onDelete: "set null" }),
    /** Spec §4: read | not_readed (the agent has not opened it since it was given to them or changed). */
    state: varchar("state", { length: 12 }).notNull().default("not_readed"),
    ...timestamps,
  },
  (table) => [
    check("crm_initiatives_state_check", sql`${table.state} in ('read', 'not_readed')`),
    index("crm_initiatives_clinic_idx").on(table.clinicId, table.state, table.id),
    index("crm_initiatives_salesman_idx").on(table.salesmanId, table.id),
  ],
);

export const crmInitiativeClients = pgTable(
  "crm_initiative_clients",
  {
    initiativeId: integer("initiative_id")
      .notNull()
      .references(() => crmInitiatives.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => crmClients.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.initiativeId, table.clientId] }), index("crm_initiative_clients_client_idx").on(table.clientId)],
);

/** A document (spec §3 media): a name of at most 200 and a kept upload, on a client or an initiative. */
export const crmDocuments = pgTable(
  "crm_documents",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: integer("client_id").references(() => crmClients.id, { onDelete: "cascade" }),
    initiativeId: integer("initiative_id").references(() => crmInitiatives.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 200 }).notNull(),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "restrict" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    check("crm_documents_owner_check", sql`${table.clientId} is not null or ${table.initiativeId} is not null`),
    index("crm_documents_client_idx").on(table.clientId),
    index("crm_documents_initiative_idx").on(table.initiativeId),
  ],
);

/** A note of spec §3 on a client: name, date_start, description. */
export const crmNotes = pgTable(
  "crm_notes",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => crmClients.id, { onDelete: "cascade" }),
    initiativeId: integer("initiative_id").references(() => crmInitiatives.id, { onDelete: "set null" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    name: varchar("name", { length: 200 }).notNull(),
    dateStart: timestamp("date_start", { withTimezone: true }).notNull(),
    description: text("description").notNull().default(""),
    ...timestamps,
  },
  (table) => [index("crm_notes_client_idx").on(table.clientId, table.dateStart)],
);

/**
 * Calls and meetings (spec §3 meetCall). A call records its outcome (answered, no_answer,
 * call_back with `call_back_at`, not_interested, converted); a meeting its start and length,
 * and shows in its agent's calendar feed.
 */
export const crmActivities = pgTable(
  "crm_activities",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => crmClients.id, { onDelete: "cascade" }),
    initiativeId: integer("initiative_id").references(() => crmInitiatives.id, { onDelete: "set null" }),
    listId: integer("list_id").references(() => crmLists.id, { onDelete: "set null" }),
    agentId: text("agent_id").references(() => users.id, { onDelete: "set null" }),
    /** call | meeting */
    kind: varchar("kind", { length: 8 }).notNull(),
    /** When the call was made, or when the meeting starts. */
    at: timestamp("at", { withTimezone: true }).notNull(),
    durationMinutes: smallint("duration_minutes").notNull().default(0),
    outcome: varchar("outcome", { length: 16 }),
    callBackAt: timestamp("call_back_at", { withTimezone: true }),
    subject: varchar("subject", { length: 200 }).notNull().default(""),
    notes: text("notes").notNull().default(""),
    ...timestamps,
  },
  (table) => [
    check("crm_activities_kind_check", sql`${table.kind} in ('call', 'meeting')`),
    check(
      "crm_activities_outcome_check",
      sql`(${table.kind} = 'meeting' and ${table.outcome} is null) or (${table.kind} = 'call' and ${table.outcome} in ('answered', 'no_answer', 'call_back', 'not_interested', 'converted'))`,
    ),
    check("crm_activities_call_back_check", sql`(${table.outcome} = 'call_back') = (${table.callBackAt} is not null)`),
    check("crm_activities_duration_check", sql`${table.durationMinutes} between 0 and 1440`),
    index("crm_activities_agent_idx").on(table.clinicId, table.agentId, table.at),
    index("crm_activities_client_idx").on(table.clientId, table.at),
    index("crm_activities_clinic_at_idx").on(table.clinicId, table.at),
  ],
);

/**
 * The call centre's queue: where each client of an initiative or a list stands. `due_at` is
 * when the client may be called next (a call-back time, or a retry after no answer); a claim
 * keeps two agents off the same client while one is on the phone.
 */
export const crmQueue = pgTable(
  "crm_queue",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    initiativeId: integer("initiative_id").references(() => crmInitiatives.id, { onDelete: "cascade" }),
    listId: integer("list_id").references(() => crmLists.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => crmClients.id, { onDelete: "cascade" }),
    /** open | closed (answered, not interested or converted) */
    state: varchar("state", { length: 8 }).notNull().default("open"),
    dueAt: timestamp("due_at", { withTimezone: true }),
    attempts: smallint("attempts").notNull().default(0),
    lastOutcome: varchar("last_outcome", { length: 16 }),
    lastCalledAt: timestamp("last_called_at", { withTimezone: true }),
    claimedBy: text("claimed_by").references(() => users.id, { onDelete: "set null" }),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check("crm_queue_source_check", sql`(${table.initiativeId} is null) <> (${table.listId} is null)`),
    check("crm_queue_state_check", sql`${table.state} in ('open', 'closed')`),
    uniqueIndex("crm_queue_initiative_client_unique").on(table.initiativeId, table.clientId),
    uniqueIndex("crm_queue_list_client_unique").on(table.listId, table.clientId),
    index("crm_queue_client_idx").on(table.clientId),
  ],
);

/** A client's timeline: one row per thing that happened to them, written with the change. */
export const crmTracking = pgTable(
  "crm_tracking",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => crmClients.id, { onDelete: "cascade" }),
    /** One of CRM_TRACKING_KINDS (packages/shared/src/crm). */
    kind: varchar("kind", { length: 24 }).notNull(),
    /** A short text shown on the line (a note's name, a call's outcome, an email's subject). */
    summary: varchar("summary", { length: 300 }).notNull().default(""),
    /** The row it is about (note, activity, document, campaign…), by kind. */
    refId: integer("ref_id"),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("crm_tracking_client_idx").on(table.clientId, table.at, table.id)],
);

/** An email format of spec §3 (§5 validations): what a test or mass email sends. */
export const crmEmailFormats = pgTable(
  "crm_email_formats",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    description: text("description").notNull(),
    /** Sanitised HTML, with {{variables}} rendered per recipient. */
    html: text("html").notNull(),
    fromName: varchar("from_name", { length: 120 }).notNull(),
    fromEmail: varchar("from_email", { length: 254 }).notNull(),
    replyTo: varchar("reply_to", { length: 254 }).notNull(),
    subject: varchar("subject", { length: 200 }).notNull(),
    /** The layout around the body: one of CRM_EMAIL_TEMPLATES. */
    template: varchar("template", { length: 16 }).notNull().default("plain"),
    trackOpens: boolean("track_opens").notNull().default(false),
    trackClicks: boolean("track_clicks").notNull().default(false),
    ...timestamps,
  },
  (table) => [index("crm_email_formats_clinic_idx").on(table.clinicId, table.id)],
);

/**
 * A mass email: a format sent to a list, now or at `send_at`. What it sends is copied from the
 * format when it is scheduled, so editing the format later does not change a send under way.
 */
export const crmCampaigns = pgTable(
  "crm_campaigns",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    formatId: integer("format_id").references(() => crmEmailFormats.id, { onDelete: "set null" }),
    listId: integer("list_id").references(() => crmLists.id, { onDelete: "set null" }),
    /** scheduled | sending | sent | cancelled */
    state: varchar("state", { length: 12 }).notNull().default("scheduled"),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    name: varchar("name", { length: 120 }).notNull(),
    subject: varchar("subject", { length: 200 }).notNull(),
    html: text("html").notNull(),
    fromName: varchar("from_name", { length: 120 }).notNull(),
    fromEmail: varchar("from_email", { length: 254 }).notNull(),
    replyTo: varchar("reply_to", { length: 254 }).notNull(),
    template: varchar("template", { length: 16 }).notNull(),
    trackOpens: boolean("track_opens").notNull(),
    trackClicks: boolean("track_clicks").notNull(),
    /** How many clients it was addressed to, once the list has been read (null before). */
    recipients: integer("recipients"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check("crm_campaigns_state_check", sql`${table.state} in ('scheduled', 'sending', 'sent', 'cancelled')`),
    index("crm_campaigns_clinic_idx").on(table.clinicId, table.id),
  ],
);

/**
 * One row per client a mass email is addressed to, written once when the send starts. A
 * recipient is reached when `mail_id` is set, in the same transaction as the email is queued,
 * so a restart or a second node never sends it twice. Skipped ones say why.
 */
export const crmCampaignRecipients = pgTable(
  "crm_campaign_recipients",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => crmCampaigns.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => crmClients.id, { onDelete: "cascade" }),
    email: varchar("email", { length: 254 }).notNull().default(""),
    /** no_email | no_consent | unsubscribed, or null when it is to be sent. */
    skipped: varchar("skipped", { length: 16 }),
    mailId: bigint("mail_id", { mode: "number" }),
    reachedAt: timestamp("reached_at", { withTimezone: true }),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.clientId] }),
    index("crm_campaign_recipients_pending_idx").on(table.campaignId).where(sql`${table.reachedAt} is null and ${table.skipped} is null`),
    index("crm_campaign_recipients_mail_idx").on(table.mailId),
    index("crm_campaign_recipients_client_idx").on(table.clientId),
  ],
);
