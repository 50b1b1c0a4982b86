import { index, integer, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "../../../db/schema.ts";
import { categories } from "../categories/categories.table.ts";

/** Recommendations, optionally filed under a category; owned like categories (platform or one clinic). */
export const recommendations = pgTable(
  "recommendations",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 60 }).notNull(),
    description: varchar("description", { length: 600 }).notNull(),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    clinicId: text("clinic_id").references(() => users.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [index("recommendations_clinic_name_idx").on(table.clinicId, table.name), index("recommendations_category_idx").on(table.categoryId)],
);
