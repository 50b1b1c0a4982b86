import { boolean, index, pgTable, serial } from "drizzle-orm/pg-core";
import { catalogueColumns } from "../catalogue.columns.ts";

/** Catalogue categories: `clinic_id` null for the platform's own, else the clinic that made them. */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    ...catalogueColumns(),
    /** Nutrition content (spec §2 nutritionPlans): its recommendations and activities form the nutrition plans. */
    nutrition: boolean("nutrition").notNull().default(false),
  },
  (table) => [index("categories_clinic_name_idx").on(table.clinicId, table.name)],
);
