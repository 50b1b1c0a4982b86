import { sql } from "drizzle-orm";
import { check, index, pgTable, serial, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "../../../db/schema.ts";
import { uploads } from "../../../platform/uploads.table.ts";

/**
 * Files of spec §3: a name, a type (Game, Video, Text) and either uploaded bytes or a link,
 * never both. Ownership as on every catalogue row: `clinic_id` null for the platform's.
 * An upload in use cannot be deleted (checked at the end of the statement, so a clinic's cascade still works).
 */
export const files = pgTable(
  "files",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 200 }).notNull(),
    type: varchar("type", { length: 8 }).notNull(),
    uploadId: uuid("upload_id").references(() => uploads.id),
    link: varchar("link", { length: 2000 }),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index("files_clinic_name_idx").on(table.clinicId, table.name),
    index("files_clinic_type_idx").on(table.clinicId, table.type),
    index("files_upload_idx").on(table.uploadId),
    check("files_file_or_link", sql`(${table.uploadId} is null) <> (${table.link} is null)`),
    check("files_type", sql`${table.type} in ('Game', 'Video', 'Text')`),
  ],
);
