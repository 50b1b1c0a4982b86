import { text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "../../db/schema.ts";

/**
 * The columns every catalogue table shares (categories, recommendations, activities): the
 * name within spec §5's limit, the description (rich-text HTML: its 600-character limit counts
 * visible text and is checked at the edge, so the column does not cap the markup), the owning
 * clinic (null for the platform's own rows) and who made it.
 */
export function catalogueColumns() {
  return {
    name: varchar("name", { length: 60 }).notNull(),
    description: text("description").notNull(),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  };
}
