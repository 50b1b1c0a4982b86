export * from "./navigation.ts";
export * from "./pages.ts";
