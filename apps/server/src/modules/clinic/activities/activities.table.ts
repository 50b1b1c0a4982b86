import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { uploads } from "../../../platform/uploads.table.ts";
import { catalogueColumns } from "../catalogue.columns.ts";
import { categories } from "../categories/categories.table.ts";
import { files } from "../files/files.table.ts";
import { recommendations } from "../recommendations/recommendations.table.ts";

/** Activities (spec §3): a game build, a video file or a text, owned like the rest of the catalogue. */
export const activities = pgTable(
  "activities",
  {
    id: serial("id").primaryKey(),
    ...catalogueColumns(),
    type: varchar("type", { length: 8 }).notNull(),
    /** The File (spec §3) holding a video activity's video: an upload or a link. */
    fileId: integer("file_id").references(() => files.id, { onDelete: "set null" }),
    gameBuildId: varchar("game_build_id", { length: 64 }),
    /** The activity's picture, an image upload. */
    imageUploadId: uuid("image_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    body: text("body"),
  },
  (table) => [
    index("activities_clinic_name_idx").on(table.clinicId, table.name),
    index("activities_type_idx").on(table.type),
    // The list's "contains" search (ILIKE '%text%') on either field: trigram indexes (pg_trgm, created by migration 0007).
    index("activities_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
    index("activities_description_trgm_idx").using("gin", table.description.op("gin_trgm_ops")),
    // The list's order: a first page is read from here instead of sorting every visible row. The
    // clinic rides along so a staff member's capped count (platform/paging.ts) is an index-only scan.
    index("activities_name_id_clinic_idx").on(table.name, table.id, table.clinicId),
  ],
);

/** The activityCategories collection of spec §3: which categories an activity is filed under. */
export const activityCategories = pgTable(
  "activity_categories",
  {
    id: serial("id").primaryKey(),
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (table) => [
    uniqueIndex("activity_categories_pair_idx").on(table.activityId, table.categoryId),
    index("activity_categories_category_idx").on(table.categoryId),
  ],
);

export const activityRecommendations = pgTable(
  "activity_recommendations",
  {
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    recommendationId: integer("recommendation_id")
      .notNull()
      .references(() => recommendations.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.activityId, table.recommendationId] }), index("activity_recommendations_reco_idx").on(table.recommendationId)],
);
