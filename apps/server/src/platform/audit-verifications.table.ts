import { boolean, date, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "../db/schema.ts";

/**
 * What the hash chain's verification found, one row per UTC day (issue 33.2): written by the
 * daily job, by `npm run audit:verify` and by an admin's "verify now". A day verified before it
 * ended (`checked_at` on that day) is verified again once it has. The system check reads the
 * last day and the broken ones from here, so it never walks the chain itself.
 */
export const auditVerifiedDays = pgTable("audit_verified_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  intact: boolean("intact").notNull(),
  /** The day's records when verified (0: a day without any). */
  records: integer("records").notNull().default(0),
  /** The first thing wrong with the day's chain; null when intact. */
  problem: text("problem"),
  /** Who verified it: the daily job, the command line or an admin. */
  source: text("source").notNull(),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  ...timestamps,
});
