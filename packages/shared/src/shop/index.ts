export * from "./inputs.ts";
export * from "./views.ts";
export * from "./import.ts";
export * from "./messages.ts";
