import { index, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "../../../db/schema.ts";

/** Catalogue categories: `clinic_id` null for the platform's own, else the clinic that made them. */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 60 }).notNull(),
    description: varchar("description", { length: 600 }).notNull(),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [index("categories_clinic_name_idx").on(table.clinicId, table.name)],
);
