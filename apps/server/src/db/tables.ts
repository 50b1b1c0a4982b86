/** Every table: the platform's (schema.ts) and each feature's `*.table.ts`. Drizzle and drizzle-kit read this index. */
export * from "./schema.ts";
export * from "../modules/clinic/categories/categories.table.ts";
export * from "../modules/clinic/recommendations/recommendations.table.ts";
export * from "../modules/clinic/activities/activities.table.ts";
export * from "../platform/uploads.table.ts";
export * from "../platform/bundles.table.ts";
export * from "../modules/clinic/files/files.table.ts";
export * from "../platform/rich-text.table.ts";
export * from "../modules/clinic/memberships/memberships.table.ts";
export * from "../modules/clinic/assignments/assignments.table.ts";
export * from "../platform/mail.table.ts";
export * from "../modules/clinic/games/games.table.ts";
export * from "../modules/clinic/appointments/appointments.table.ts";
export * from "../modules/people/import.table.ts";
export * from "../modules/clinic/billing/billing.table.ts";
export * from "../modules/clinic/forms/forms.table.ts";
export * from "../platform/notifications.table.ts";
