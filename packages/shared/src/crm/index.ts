export * from "./clients.ts";
export * from "./common.ts";
export * from "./email.ts";
export * from "./import.ts";
export * from "./initiatives.ts";
export * from "./telemarket.ts";
