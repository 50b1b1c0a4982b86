export * from "./ai.ts";
export * from "./safety.ts";
export * from "./settings.ts";
