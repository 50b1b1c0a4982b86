import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "../db/schema.ts";
import { uploads } from "./uploads.table.ts";

/** The catalogue rows whose rich text may show uploads (`owner_type`). */
export const RICH_TEXT_OWNER_TYPES = ["category", "recommendation", "activity"] as const;
export type RichTextOwnerType = (typeof RICH_TEXT_OWNER_TYPES)[number];

/**
 * Which uploads each rich-text row shows (`<img src="/api/uploads/<id>">` in a description or
 * a text activity's body), kept in step by the services on every save (syncRichTextUploads).
 * The owner is polymorphic (`owner_type`, `owner_id`), so no foreign key reaches it: deleting
 * a row deletes its references in the same transaction. `clinic_id` is the owning row's clinic
 * (null for the platform's rows), which the download check reads without joining the owner.
 */
export const richTextUploads = pgTable(
  "rich_text_uploads",
  {
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    ownerType: varchar("owner_type", { length: 32 }).notNull().$type<RichTextOwnerType>(),
    ownerId: integer("owner_id").notNull(),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.uploadId, table.ownerType, table.ownerId] }),
    index("rich_text_uploads_owner_idx").on(table.ownerType, table.ownerId),
    check("rich_text_uploads_owner_type_check", sql`${table.ownerType} in ('category', 'recommendation', 'activity')`),
  ],
);
