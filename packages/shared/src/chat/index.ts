export * from "./chat.ts";
export * from "./settings.ts";
export * from "./whatsapp.ts";
