export * from "./common.ts";
export * from "./events.ts";
export * from "./registrations.ts";
export * from "./planning.ts";
export * from "./reports.ts";
