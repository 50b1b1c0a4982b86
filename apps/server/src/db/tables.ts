/** Every table: the platform's (schema.ts) and each feature's `*.table.ts`. Drizzle and drizzle-kit read this index. */
export * from "./schema.ts";
export * from "../modules/clinic/categories/categories.table.ts";
export * from "../modules/clinic/recommendations/recommendations.table.ts";
