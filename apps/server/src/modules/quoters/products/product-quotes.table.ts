import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamps, users } from "../../../db/schema.ts";
import { crmClients } from "../../crm/crm.table.ts";

/**
 * The product quoter (module `product_quoter`, issue 38): a clinic's quotes for treatment
 * packages, made of lines from the shop's products and bundles, the booking app's services,
 * membership plans and free lines. Every quote belongs to a clinic (`clinic_id`, the clinic's
 * account). A revision is a new row of the same `root_id` with the next `revision`; the one it
 * replaces is kept, state `revised`, so the history stays as it was sent. Money is in cents of
 * `currency`; totals are computed by the server when lines are saved, never taken from a client.
 */
export const productQuotes = pgTable(
  "product_quotes",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The first revision's id (its own for the first); revisions share it and its number. */
    rootId: integer("root_id"),
    revision: smallint("revision").notNull().default(1),
    /** "Q-2026-0007": per clinic and year, given when the first revision is made. */
    number: varchar("number", { length: 24 }).notNull(),
    year: smallint("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** patient | crm | person: who the quote is for. */
    clientKind: varchar("client_kind", { length: 8 }).notNull(),
    patientId: text("patient_id").references(() => users.id, { onDelete: "set null" }),
    crmClientId: integer("crm_client_id").references(() => crmClients.id, { onDelete: "set null" }),
    /** The client's name, email and language as quoted (copied: a later change of the person changes no quote). */
    clientName: varchar("client_name", { length: 200 }).notNull(),
    clientEmail: varchar("client_email", { length: 254 }).notNull(),
    language: varchar("language", { length: 5 }).notNull().default("en"),
    currency: varchar("currency", { length: 3 }).notNull().default("EUR"),
    /** Tax rate in basis points (2100 = 21 %), applied after the discounts. */
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    /** The overall discount in cents, taken off the lines' sum. */
    discountCents: integer("discount_cents").notNull().default(0),
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    termsEn: text("terms_en").notNull().default(""),
    termsEs: text("terms_es").notNull().default(""),
    /** Staff's own note, never shown to the client. */
    note: text("note").notNull().default(""),
    /** draft | sent | viewed | accepted | declined | expired | converted | revised */
    state: varchar("state", { length: 10 }).notNull().default("draft"),
    /** SHA-256 of the private link's secret (the secret itself is never stored). */
    tokenHash: varchar("token_hash", { length: 64 }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The name the client typed when accepting, or their reason when declining. */
    acceptedName: varchar("accepted_name", { length: 200 }),
    declineReason: text("decline_reason"),
    /** What the accepted quote became: a shop order or a membership order, by their own code. */
    convertedKind: varchar("converted_kind", { length: 10 }),
    convertedOrderId: integer("converted_order_id"),
    convertedAt: timestamp("converted_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    check("product_quotes_state_check", sql`${table.state} in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'converted', 'revised')`),
    check("product_quotes_client_check", sql`${table.clientKind} in ('patient', 'crm', 'person')`),
    check(
      "product_quotes_money_check",
      sql`${table.discountCents} >= 0 and ${table.subtotalCents} >= 0 and ${table.taxCents} >= 0 and ${table.totalCents} >= 0 and ${table.taxRateBp} between 0 and 10000`,
    ),
    check("product_quotes_converted_check", sql`${table.convertedKind} is null or ${table.convertedKind} in ('shop', 'membership')`),
    uniqueIndex("product_quotes_number_unique").on(table.clinicId, table.number, table.revision),
    uniqueIndex("product_quotes_sequence_unique").on(table.clinicId, table.year, table.sequence, table.revision),
    uniqueIndex("product_quotes_token_unique").on(table.tokenHash),
    // One order per quote, whatever two staff do at once.
    uniqueIndex("product_quotes_converted_unique").on(table.convertedKind, table.convertedOrderId),
    index("product_quotes_clinic_idx").on(table.clinicId, table.createdAt),
    index("product_quotes_root_idx").on(table.rootId, table.revision),
    index("product_quotes_expiring_idx").on(table.validUntil).where(sql`${table.state} in ('sent', 'viewed')`),
  ],
);

/** A quote's line as quoted: named and priced then (a later change of the product changes no quote). */
export const productQuoteLines = pgTable(
  "product_quote_lines",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => productQuotes.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    /** product | bundle | service | plan | free */
    kind: varchar("kind", { length: 8 }).notNull(),
    /** The shop product or bundle, the booking service or the membership plan quoted; null for a free line. */
    refId: integer("ref_id"),
    description: varchar("description", { length: 500 }).notNull(),
    quantity: integer("quantity").notNull(),
    unitCents: integer("unit_cents").notNull(),
    /** The line's discount in cents, at most quantity × unit. */
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
  },
  (table) => [
    check("product_quote_lines_kind_check", sql`${table.kind} in ('product', 'bundle', 'service', 'plan', 'free')`),
    check(
      "product_quote_lines_money_check",
      sql`${table.quantity} > 0 and ${table.unitCents} >= 0 and ${table.discountCents} >= 0 and ${table.discountCents} <= ${table.quantity}::bigint * ${table.unitCents} and ${table.totalCents} = ${table.quantity}::bigint * ${table.unitCents} - ${table.discountCents}`,
    ),
    uniqueIndex("product_quote_lines_position_unique").on(table.quoteId, table.position),
  ],
);

/** Per clinic and year, the last quote number given (taken with an UPDATE … RETURNING, so two quotes never share one). */
export const productQuoteCounters = pgTable(
  "product_quote_counters",
  {
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    year: smallint("year").notNull(),
    last: integer("last").notNull().default(0),
  },
  (table) => [uniqueIndex("product_quote_counters_unique").on(table.clinicId, table.year)],
);
