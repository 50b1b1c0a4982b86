import { index, integer, pgTable, serial } from "drizzle-orm/pg-core";
import { catalogueColumns } from "../catalogue.columns.ts";
import { categories } from "../categories/categories.table.ts";

/** Recommendations, optionally filed under a category; owned like categories (platform or one clinic). */
export const recommendations = pgTable(
  "recommendations",
  {
    id: serial("id").primaryKey(),
    ...catalogueColumns(),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
  },
  (table) => [index("recommendations_clinic_name_idx").on(table.clinicId, table.name), index("recommendations_category_idx").on(table.categoryId)],
);
