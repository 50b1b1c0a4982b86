export * from "./navigation.ts";
export * from "./pages.ts";
export * from "./views.ts";
