import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamps, users } from "../../../db/schema.ts";

/**
 * The insurance quoter (module `quoter`, issue 38). Platform admins keep the insurance products
 * (the "policies list"): coverage, limits, deductibles and rating rules as data. Rules are
 * versioned: saving new rules adds a version and never rewrites one, so a quote keeps the rules
 * it was rated with. Agents quote applicants with up to three options, send the quote, record
 * the acceptance and bind it into a policy. Money is in cents; factors in basis points.
 */
export const insuranceProducts = pgTable(
  "insurance_products",
  {
    id: serial("id").primaryKey(),
    /** A short code agents and policies show ("HOME-BASIC"), unique on the platform. */
    code: varchar("code", { length: 40 }).notNull(),
    nameEn: varchar("name_en", { length: 200 }).notNull(),
    nameEs: varchar("name_es", { length: 200 }).notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionEs: text("description_es").notNull().default(""),
    currency: varchar("currency", { length: 3 }).notNull().default("EUR"),
    /** active | archived: an archived product is kept for its quotes and policies, and offers no new quote. */
    state: varchar("state", { length: 10 }).notNull().default("active"),
    /** The version new quotes are rated with. */
    currentVersion: integer("current_version").notNull().default(1),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    check("insurance_products_state_check", sql`${table.state} in ('active', 'archived')`),
    uniqueIndex("insurance_products_code_unique").on(sql`lower(${table.code})`),
  ],
);

/** One version of a product's coverage and rating rules (the shared schema `insuranceRulesSchema`), never changed once saved. */
export const insuranceProductVersions = pgTable(
  "insurance_product_versions",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => insuranceProducts.id, { onDelete: "restrict" }),
    version: integer("version").notNull(),
    rules: jsonb("rules").$type<Record<string, unknown>>().notNull(),
    /** Why this version was made, as the admin wrote it. */
    note: text("note").notNull().default(""),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("insurance_product_versions_unique").on(table.productId, table.version)],
);

/**
 * A quote for an applicant, made by an agent: the applicant's data as entered, its options (up
 * to three), and what became of it. The chosen option is the one sent, accepted and bound.
 */
export const insuranceQuotes = pgTable(
  "insurance_quotes",
  {
    id: serial("id").primaryKey(),
    /** "IQ-2026-000123", per year on the platform. */
    number: varchar("number", { length: 24 }).notNull(),
    year: smallint("year").notNull(),
    sequence: integer("sequence").notNull(),
    agentId: text("agent_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    applicantName: varchar("applicant_name", { length: 200 }).notNull(),
    applicantEmail: varchar("applicant_email", { length: 254 }).notNull(),
    language: varchar("language", { length: 5 }).notNull().default("en"),
    /** The rating inputs common to every option (age, region, …) as entered. */
    applicant: jsonb("applicant").$type<Record<string, unknown>>().notNull(),
    /** draft | sent | accepted | declined | expired | bound */
    state: varchar("state", { length: 10 }).notNull().default("draft"),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    /** The option sent to the applicant (its position, 1 to 3). */
    chosenOption: smallint("chosen_option"),
    tokenHash: varchar("token_hash", { length: 64 }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    acceptedName: varchar("accepted_name", { length: 200 }),
    declineReason: text("decline_reason"),
    boundAt: timestamp("bound_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check("insurance_quotes_state_check", sql`${table.state} in ('draft', 'sent', 'accepted', 'declined', 'expired', 'bound')`),
    uniqueIndex("insurance_quotes_number_unique").on(table.number),
    uniqueIndex("insurance_quotes_sequence_unique").on(table.year, table.sequence),
    uniqueIndex("insurance_quotes_token_unique").on(table.tokenHash),
    index("insurance_quotes_agent_idx").on(table.agentId, table.createdAt),
    index("insurance_quotes_created_idx").on(table.createdAt),
    index("insurance_quotes_expiring_idx").on(table.validUntil).where(sql`${table.state} = 'sent'`),
  ],
);

/** One option of a quote: a product version, its own inputs (coverage level, add-ons), and the premium the server rated with its breakdown. */
export const insuranceQuoteOptions = pgTable(
  "insurance_quote_options",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => insuranceQuotes.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    versionId: integer("version_id")
      .notNull()
      .references(() => insuranceProductVersions.id, { onDelete: "restrict" }),
    input: jsonb("input").$type<Record<string, unknown>>().notNull(),
    premiumCents: integer("premium_cents").notNull(),
    /** Each step of the rating, as the quote PDF and the screen show it. */
    breakdown: jsonb("breakdown").$type<Record<string, unknown>[]>().notNull(),
  },
  (table) => [
    check("insurance_quote_options_position_check", sql`${table.position} between 1 and 3 and ${table.premiumCents} >= 0`),
    uniqueIndex("insurance_quote_options_unique").on(table.quoteId, table.position),
  ],
);

/** Per year, the last quote or policy number given. */
export const insuranceCounters = pgTable(
  "insurance_counters",
  {
    /** quote | policy */
    kind: varchar("kind", { length: 8 }).notNull(),
    year: smallint("year").notNull(),
    last: integer("last").notNull().default(0),
  },
  (table) => [uniqueIndex("insurance_counters_unique").on(table.kind, table.year)],
);

/** A bound quote: the policy with its number and period. One per quote, whatever two agents do at once. */
export const insurancePolicies = pgTable(
  "insurance_policies",
  {
    id: serial("id").primaryKey(),
    /** "POL-2026-000045" */
    number: varchar("number", { length: 24 }).notNull(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => insuranceQuotes.id, { onDelete: "restrict" }),
    optionId: integer("option_id")
      .notNull()
      .references(() => insuranceQuoteOptions.id, { onDelete: "restrict" }),
    versionId: integer("version_id")
      .notNull()
      .references(() => insuranceProductVersions.id, { onDelete: "restrict" }),
    agentId: text("agent_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    holderName: varchar("holder_name", { length: 200 }).notNull(),
    holderEmail: varchar("holder_email", { length: 254 }).notNull(),
    premiumCents: integer("premium_cents").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("insurance_policies_period_check", sql`${table.endsOn} > ${table.startsOn} and ${table.premiumCents} >= 0`),
    uniqueIndex("insurance_policies_number_unique").on(table.number),
    uniqueIndex("insurance_policies_quote_unique").on(table.quoteId),
    index("insurance_policies_agent_idx").on(table.agentId, table.createdAt),
  ],
);
