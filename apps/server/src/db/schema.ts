import { relations, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

/** created_at and updated_at, as every table that records changes has them. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Accounts: better-auth's user model plus the profile fields of spec §3. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    nombres: text("nombres").notNull().default(""),
    apellidos: text("apellidos").notNull().default(""),
    identification: text("identification").notNull().default(""),
    language: text("language").notNull().default("en"),
    /** primary | secondary (spec §9: the secondary theme widens the side menu), chosen in Config. */
    theme: text("theme").notNull().default("primary"),
    isAdmin: boolean("is_admin").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** The clinic account (group 2) a therapist or patient belongs to. */
    clinicId: text("clinic_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /** A mobile number in E.164 (+34600123456): the messaging chat matches WhatsApp contacts to patients by it (issue 41). */
    phone: varchar("phone", { length: 16 }),
    ...timestamps,
  },
  (table) => [index("users_clinic_idx").on(table.clinicId), index("users_phone_idx").on(table.phone).where(sql`${table.phone} is not null`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps,
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("accounts_user_idx").on(table.userId)],
);

export const verifications = pgTable("verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  ...timestamps,
});

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index("two_factors_user_idx").on(table.userId)],
);

/** Login throttling counters, shared by every app node. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Django-style groups and permission codenames (spec §6). The three built-in groups (ids 1–3,
 * `builtin`) give the role; admins add custom groups, which only add grants. `name` is the
 * English name and `name_es` the Spanish one: the screens are bilingual, so a group an admin
 * names shows in the reader's language like the built-in ones. New ids come from 100 up, so
 * a future built-in group can still take a low id.
 */
export const groups = pgTable("groups", {
  id: smallint("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  name: text("name").notNull().unique(),
  nameEs: text("name_es").notNull().unique(),
  builtin: boolean("builtin").notNull().default(false),
  ...timestamps,
});

export const permissions = pgTable("permissions", {
  id: serial("id").primaryKey(),
  codename: text("codename").notNull().unique(),
  module: text("module").notNull(),
  name: text("name").notNull(),
  ...timestamps,
});

export const groupPermissions = pgTable(
  "group_permissions",
  {
    groupId: smallint("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    permissionId: integer("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.groupId, table.permissionId] })],
);

/** A user's groups in order: the first one (lowest position) gives the role. */
export const userGroups = pgTable(
  "user_groups",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: smallint("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    position: smallint("position").notNull().default(0),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.userId, table.groupId] }), index("user_groups_group_idx").on(table.groupId)],
);

export const userPermissions = pgTable(
  "user_permissions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permissionId: integer("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.userId, table.permissionId] }), index("user_permissions_permission_idx").on(table.permissionId)],
);

/** Which patients a therapist treats: the object scope of spec §6 for therapists. */
export const careTeam = pgTable(
  "care_team",
  {
    therapistId: text("therapist_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    patientId: text("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.therapistId, table.patientId] }), index("care_team_patient_idx").on(table.patientId)],
);

/** Module flags; rows are created from the environment's defaults on first start. */
export const featureFlags = pgTable("feature_flags", {
  name: text("name").primaryKey(),
  enabled: boolean("enabled").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  ...timestamps,
});

/** Lets better-auth read a session and its user in one joined query. */
export const usersRelations = relations(users, ({ many }) => ({ sessions: many(sessions), accounts: many(accounts), twoFactors: many(twoFactors) }));
export const sessionsRelations = relations(sessions, ({ one }) => ({ user: one(users, { fields: [sessions.userId], references: [users.id] }) }));
export const accountsRelations = relations(accounts, ({ one }) => ({ user: one(users, { fields: [accounts.userId], references: [users.id] }) }));
export const twoFactorsRelations = relations(twoFactors, ({ one }) => ({ user: one(users, { fields: [twoFactors.userId], references: [users.id] }) }));

/**
 * Who did what to whose data, and whether it was allowed (ARCHITECTURE.md, Data and scale).
 * Append-only history: the ids are kept as written, without foreign keys, so a record
 * outlives the accounts it names and a refusal about an unknown id is recorded too.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id"),
    subjectUserId: text("subject_user_id"),
    action: text("action").notNull(),
    outcome: text("outcome").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: timestamps.createdAt,
    // The seal (migration 0030): null at insert; the sequencer (platform/audit-sequencer.ts)
    // fills all four once, after the record committed. Inserts never send them.
    /** The record's place in the one chain (1, 2, 3…), in seal order. */
    seq: bigint("seq", { mode: "number" }),
    /** The batch (audit_batches) that sealed it. */
    batchId: bigint("batch_id", { mode: "number" }),
    /** The previous record's hash; null for the chain's first record. */
    prevHash: text("prev_hash"),
    /** sha256 (hex) of the record's canonical form, prev_hash included (platform/audit-chain.ts). */
    hash: text("hash"),
  },
  (table) => [
    index("audit_events_subject_idx").on(table.subjectUserId, table.createdAt),
    index("audit_events_actor_idx").on(table.actorId, table.createdAt),
    uniqueIndex("audit_events_seq_idx").on(table.seq),
    // The sequencer's work list: the unsealed records only.
    index("audit_events_unsealed_idx").on(table.id).where(sql`${table.seq} is null`),
    // The audit screen (issue 33.2): newest first over every record, and by action (a prefix: text_pattern_ops).
    index("audit_events_created_idx").on(table.createdAt, table.id),
    index("audit_events_action_idx").on(table.action.op("text_pattern_ops"), table.createdAt),
  ],
);

/**
 * One sealing pass of the audit sequencer: records first_seq…last_seq, the last one's hash, the
 * previous batch's head and this head, the sha256 of all of them (platform/audit-chain.ts).
 * Insert-only (migration 0030's triggers).
 */
export const auditBatches = pgTable(
  "audit_batches",
  {
    /** The batch number: 1, 2, 3… */
    id: bigint("id", { mode: "number" }).primaryKey(),
    firstSeq: bigint("first_seq", { mode: "number" }).notNull(),
    lastSeq: bigint("last_seq", { mode: "number" }).notNull(),
    records: integer("records").notNull(),
    lastHash: text("last_hash").notNull(),
    /** The previous batch's head_hash; null for the first batch. */
    prevHead: text("prev_head"),
    headHash: text("head_hash").notNull(),
    sealedAt: timestamp("sealed_at", { withTimezone: true }).notNull(),
    /** The node that sealed it. */
    sealedBy: text("sealed_by").notNull(),
  },
  (table) => [index("audit_batches_sealed_idx").on(table.sealedAt)],
);

/** What stops the audit sequencer, if anything (one row, id 1), shown by the system check. */
export const auditSequencerState = pgTable("audit_sequencer_state", {
  id: integer("id").primaryKey().default(1),
  problem: text("problem"),
  problemSince: timestamp("problem_since", { withTimezone: true }),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
});
