export * from "./chat.ts";
export * from "./settings.ts";
