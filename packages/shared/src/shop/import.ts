import { z } from "zod";
import { exportFormatSchema } from "../user-import.ts";

/**
 * Products and stock in and out as CSV/XLSX (issue 20.5). One row per variant; an export imports
 * back. Importing updates the variants whose SKU the store has (their stock is set to the row's
 * count, as a stock take, recorded as an adjustment) and adds the others, with their product and
 * category made by name when the store has none of that name. All rows or none.
 */

export const SHOP_IMPORT_COLUMNS = ["product", "category", "sku", "variant", "price", "stock", "lowStockThreshold", "active"] as const;
export type ShopImportColumn = (typeof SHOP_IMPORT_COLUMNS)[number];
export const SHOP_IMPORT_REQUIRED: readonly ShopImportColumn[] = ["product", "sku", "price", "stock"];

/** The header of each column in the exports; an import also takes the other language's and the keys themselves. */
export const SHOP_IMPORT_HEADERS: Record<"en" | "es", Record<ShopImportColumn, string>> = {
  en: {
    product: "Product",
    category: "Category",
    sku: "SKU",
    variant: "Variant",
    price: "Price",
    stock: "Stock",
    lowStockThreshold: "Low-stock threshold",
    active: "Active",
  },
  es: {
    product: "Producto",
    category: "Categoría",
    sku: "SKU",
    variant: "Variante",
    price: "Precio",
    stock: "Existencias",
    lowStockThreshold: "Umbral de existencias bajas",
    active: "Activo",
  },
};

export const SHOP_IMPORT_CODES = ["required", "invalid", "duplicate", "formula", "missingColumn"] as const;

export const shopImportRowErrorSchema = z.object({
  /** The row's line in the file (the header row is 1; 1 also for a column missing from it). */
  row: z.number().int(),
  column: z.enum(SHOP_IMPORT_COLUMNS).nullable(),
  code: z.enum(SHOP_IMPORT_CODES),
  message: z.string(),
});
export type ShopImportRowError = z.infer<typeof shopImportRowErrorSchema>;

export const SHOP_IMPORT_FAILED = "Please correct the errors and upload the file again";

export const shopImportResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });
export type ShopImportResult = z.infer<typeof shopImportResultSchema>;

export const shopImportFormSchema = z
  .object({
    /** Chosen by the browser before sending, so it can poll the import's progress. */
    progressId: z.uuid().optional(),
  })
  .strict();

export const shopExportQuerySchema = z.object({ format: exportFormatSchema.default("csv"), language: z.enum(["en", "es"]).optional() }).strict();
