import { bigint, index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";

/**
 * Each backup taken (issue 40.1), by the schedule or `npm run backup`: the admins' system check
 * shows the last one and its size, whichever node or machine wrote it. A run that failed keeps
 * its error; one still running has no `finished_at`.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The archive's file name in BACKUP_DIR (or the path the command was given). */
    file: text("file").notNull(),
    bytes: bigint("bytes", { mode: "number" }),
    /** "schedule" or "command". */
    trigger: varchar("trigger", { length: 16 }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    error: text("error"),
  },
  (table) => [index("backup_runs_started_at_idx").on(table.startedAt)],
);
