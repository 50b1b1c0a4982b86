import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, serial, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "../../../db/schema.ts";

/**
 * Membership plans (spec §3, §5, §9): the platform's, sold to clinics (prices with two
 * decimals, a period in months (1, 2, 3, 6), and the seats they give: nUsers therapists,
 * nPatients patients), and each clinic's own, sold to its patients at valuePatient (issue 16.8).
 * `public` plans are offered (Visible), the others are hidden.
 */
export const memberships = pgTable(
  "memberships",
  {
    id: serial("id").primaryKey(),
    plan: varchar("plan", { length: 100 }).notNull(),
    description: text("description").notNull(),
    value: numeric("value", { precision: 12, scale: 2 }).notNull(),
    valueAnnual: numeric("value_annual", { precision: 12, scale: 2 }).notNull(),
    valuePatient: numeric("value_patient", { precision: 12, scale: 2 }).notNull(),
    months: smallint("months").notNull(),
    nUsers: integer("n_users").notNull(),
    nPatients: integer("n_patients").notNull(),
    public: boolean("public").notNull().default(true),
    /** Null: a platform plan sold to clinics. Set: that clinic's own plan, sold to its patients (issue 16.8). */
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check("memberships_months_check", sql`${table.months} in (1, 2, 3, 6)`),
    check("memberships_values_check", sql`${table.value} >= 0 and ${table.valueAnnual} >= 0 and ${table.valuePatient} >= 0`),
    check("memberships_seats_check", sql`${table.nUsers} >= 0 and ${table.nPatients} >= 0`),
    index("memberships_clinic_idx").on(table.clinicId),
  ],
);

/**
 * A membership held (spec §3 "Assigned membership": from_date, to_date) by a clinic (a
 * platform plan) or by a patient (its clinic's own plan). A clinic's seats on a day come from
 * the platform plan whose period holds that day (seats.ts). A plan still held cannot be
 * deleted (restrict): the API answers 409.
 */
export const assignedMemberships = pgTable(
  "assigned_memberships",
  {
    id: serial("id").primaryKey(),
    membershipId: integer("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "restrict" }),
    /** The holder: a clinic (group 2) for a platform plan, a patient (group 1) for its clinic's own plan. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromDate: date("from_date", { mode: "string" }).notNull(),
    toDate: date("to_date", { mode: "string" }).notNull(),
    assignedBy: text("assigned_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("assigned_memberships_period_check", sql`${table.toDate} >= ${table.fromDate}`),
    index("assigned_memberships_user_period_idx").on(table.userId, table.fromDate, table.toDate),
    index("assigned_memberships_membership_idx").on(table.membershipId),
  ],
);
