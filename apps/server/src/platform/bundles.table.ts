import { bigint, pgTable, primaryKey, text, uuid, varchar } from "drizzle-orm/pg-core";
import { uploads } from "./uploads.table.ts";

/**
 * The unpacked files of a game bundle: the zip stays the upload (downloadable as sent), each of
 * its files is stored under a key of its own, so a bundle is served from disk or S3 alike.
 * Looked up by (upload, path) only, which the primary key serves.
 */
export const bundleEntries = pgTable(
  "bundle_entries",
  {
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    path: varchar("path", { length: 400 }).notNull(),
    storageKey: text("storage_key").notNull().unique(),
    mime: varchar("mime", { length: 100 }).notNull(),
    encoding: varchar("encoding", { length: 8 }),
    size: bigint("size", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.path] })],
);
