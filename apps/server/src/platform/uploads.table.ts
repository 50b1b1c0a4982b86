import { bigint, char, index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "../db/schema.ts";

/**
 * One stored upload. `storage_key` is random and sharded (never the client's filename);
 * `original_name` is sanitised and only names the download; `name` is the one given with the
 * upload (the editor's gallery shows and searches both). `clinic_id` is the owner (null for
 * the platform's own), as on catalogue rows.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: varchar("kind", { length: 16 }).notNull(),
    mime: varchar("mime", { length: 100 }).notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: char("sha256", { length: 64 }).notNull(),
    originalName: varchar("original_name", { length: 255 }).notNull(),
    name: varchar("name", { length: 200 }),
    storageKey: text("storage_key").notNull().unique(),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("uploads_clinic_idx").on(table.clinicId),
    // The editor's gallery: one kind, newest first, within the caller's catalogue.
    index("uploads_kind_created_idx").on(table.kind, table.createdAt),
  ],
);
