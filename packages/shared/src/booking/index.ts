export * from "./inputs.ts";
