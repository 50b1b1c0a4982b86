import { text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "../../db/schema.ts";

/**
 * The columns every catalogue table shares (categories, recommendations, and later
 * activities and files): name and description within spec §5's limits, the owning clinic
 * (null for the platform's own rows) and who made it.
 */
export function catalogueColumns() {
  return {
    name: varchar("name", { length: 60 }).notNull(),
    description: varchar("description", { length: 600 }).notNull(),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  };
}
