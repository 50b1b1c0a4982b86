export * from "./insurance.ts";
export * from "./products.ts";
