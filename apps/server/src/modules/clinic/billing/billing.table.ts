import type { BillingDetails, OrderLine } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "../../../db/schema.ts";
import { assignedMemberships, memberships } from "../memberships/memberships.table.ts";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** The legal details a buyer's invoices carry (issue 16.3), one row per clinic or patient that buys. */
export const billingDetails = pgTable("billing_details", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  legalName: text("legal_name").notNull(),
  taxId: text("tax_id").notNull(),
  address: text("address").notNull(),
  city: text("city").notNull(),
  postalCode: text("postal_code").notNull(),
  country: text("country").notNull(),
  email: text("email").notNull().default(""),
  ...timestamps,
});

/**
 * An order for a membership: pending → paid → (refunded | cancelled | expired). Every amount is
 * whole cents computed by the server. `clinic_id` scopes it (the buying clinic, or the clinic
 * a patient buys from); `seller_clinic_id` is null when the platform sells (a clinic's plan)
 * and the clinic when it sells its own plan to a patient. People are `set null` on deletion:
 * an order and its invoices are accounting records and outlive the accounts.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    buyerId: text("buyer_id").references(() => users.id, { onDelete: "set null" }),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "set null" }),
    sellerClinicId: text("seller_clinic_id").references(() => users.id, { onDelete: "set null" }),
    membershipId: integer("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "restrict" }),
    /** The plan's name when ordered (a plan renamed later does not rewrite orders). */
    plan: text("plan").notNull(),
    billing: varchar("billing", { length: 10 }).notNull(),
    months: smallint("months").notNull(),
    lines: jsonb("lines").$type<OrderLine[]>().notNull(),
    netCents: integer("net_cents").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    state: varchar("state", { length: 10 }).notNull().default("pending"),
    provider: varchar("provider", { length: 10 }).notNull(),
    /** Stripe's Checkout Session id (unique: a webhook finds its order by it). */
    providerRef: text("provider_ref").unique(),
    checkoutUrl: text("checkout_url"),
    /** A manual payment's reference, or Stripe's PaymentIntent id. */
    paymentReference: text("payment_reference"),
    /** The buyer's details when ordered, invoiced as they were then. */
    buyerDetails: jsonb("buyer_details").$type<BillingDetails>().notNull(),
    language: varchar("language", { length: 5 }).notNull(),
    periodFrom: date("period_from", { mode: "string" }).notNull(),
    periodTo: date("period_to", { mode: "string" }).notNull(),
    /** The membership paying gave or extended. */
    assignmentId: integer("assignment_id").references(() => assignedMemberships.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundReason: text("refund_reason"),
    refundRef: text("refund_ref"),
    /** Who confirmed, cancelled or refunded it last. */
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    check("orders_state_check", sql`${table.state} in ('pending', 'paid', 'refunded', 'cancelled', 'expired')`),
    check("orders_billing_check", sql`${table.billing} in ('period', 'annual')`),
    check("orders_amounts_check", sql`${table.netCents} >= 0 and ${table.taxCents} >= 0 and ${table.totalCents} = ${table.netCents} + ${table.taxCents}`),
    index("orders_clinic_created_idx").on(table.clinicId, table.createdAt),
    index("orders_seller_created_idx").on(table.sellerClinicId, table.createdAt),
    index("orders_buyer_created_idx").on(table.buyerId, table.createdAt),
    index("orders_created_idx").on(table.createdAt),
    index("orders_pending_idx").on(table.expiresAt).where(sql`${table.state} = 'pending'`),
    index("orders_payment_reference_idx").on(table.paymentReference),
    // The platform's statistics count the memberships paid in a range (migration 0032).
    index("orders_paid_idx").on(table.paidAt).where(sql`${table.state} = 'paid'`),
  ],
);

export type InvoiceParty = { name: string; taxId: string; address: string; email: string };

/**
 * Invoices and credit notes. Numbers are gap-free per seller, kind and year (`2026-000123`,
 * credit notes `R2026-000001`), taken from invoice_counters inside the payment's transaction,
 * so a rolled-back payment takes no number and two payments never share one.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    /** The membership order invoiced; null for what another module sells (an event's ticket: its event_payments row points here). */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "restrict" }),
    /** What was sold: membership | event. */
    source: varchar("source", { length: 12 }).notNull().default("membership"),
    kind: varchar("kind", { length: 12 }).notNull(),
    /** `platform`, or the selling clinic's id: each seller numbers its own invoices. */
    sellerKey: text("seller_key").notNull(),
    year: smallint("year").notNull(),
    sequence: integer("sequence").notNull(),
    number: text("number").notNull(),
    seller: jsonb("seller").$type<InvoiceParty>().notNull(),
    buyer: jsonb("buyer").$type<BillingDetails>().notNull(),
    lines: jsonb("lines").$type<OrderLine[]>().notNull(),
    netCents: integer("net_cents").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    language: varchar("language", { length: 5 }).notNull(),
    /** A credit note's invoice. */
    creditsInvoiceId: integer("credits_invoice_id"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("invoices_kind_check", sql`${table.kind} in ('invoice', 'credit_note')`),
    check("invoices_source_check", sql`(${table.source} = 'membership') = (${table.orderId} is not null)`),
    uniqueIndex("invoices_series_idx").on(table.sellerKey, table.kind, table.year, table.sequence),
    uniqueIndex("invoices_order_kind_idx").on(table.orderId, table.kind),
  ],
);

/** The last number each seller's series gave (row-locked by the UPDATE that takes the next). */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    sellerKey: text("seller_key").notNull(),
    kind: varchar("kind", { length: 12 }).notNull(),
    year: smallint("year").notNull(),
    last: integer("last").notNull(),
  },
  (table) => [primaryKey({ columns: [table.sellerKey, table.kind, table.year] })],
);

/** Every verified webhook event, once: its id is the key, so a replay is seen and changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: varchar("provider", { length: 10 }).notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** What it did: applied, ignored, unknown order, already applied. */
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** Renewal emails sent: one per membership, kind and end date, whichever node or restart runs the job. */
export const membershipNotices = pgTable(
  "membership_notices",
  {
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignedMemberships.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 12 }).notNull(),
    toDate: date("to_date", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.assignmentId, table.kind, table.toDate] })],
);
