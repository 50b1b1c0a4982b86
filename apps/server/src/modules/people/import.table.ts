import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../../db/schema.ts";

/**
 * How far a running user import has got, for the dialog's progress bar: written by the import
 * outside its own transaction (so a poll on any app node sees it), read by its author only.
 * Rows are kept a day, then removed by the next import.
 */
export const userImportProgress = pgTable(
  "user_import_progress",
  {
    /** Chosen by the browser before it sends the file, so it can poll while the import runs. */
    id: uuid("id").primaryKey(),
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phase: text("phase", { enum: ["checking", "writing", "done", "failed"] }).notNull(),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("user_import_progress_updated_idx").on(table.updatedAt)],
);
