export * from "./constants.ts";
export * from "./flags.ts";
export * from "./groups.ts";
export * from "./permissions.ts";
export * from "./routes.ts";
export * from "./schemas.ts";
export * from "./catalogue.ts";
