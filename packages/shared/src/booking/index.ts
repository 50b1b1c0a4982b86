export * from "./inputs.ts";
export * from "./views.ts";
