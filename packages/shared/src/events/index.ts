export * from "./common.ts";
export * from "./events.ts";
export * from "./registrations.ts";
