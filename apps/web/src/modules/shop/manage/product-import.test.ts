import type { ShopImportRowError } from "@clinic/shared";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { localeResources } from "../../../lib/test-texts.ts";
import { fileErrorText, importColumns, importSummary, productsExportPath, progressView, reportRows } from "./product-import.ts";

const resources = await localeResources();
const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { translation: resources.en }, es: { translation: resources.es } }, lng: "en", interpolation: { escapeValue: false } });
const english = i18n.getFixedT("en");
const spanish = i18n.getFixedT("es");

const error = (overrides: Partial<ShopImportRowError>): ShopImportRowError => ({
  row: 4,
  column: "price",
  code: "invalid",
  message: "Give a price",
  ...overrides,
});

describe("the import's summary", () => {
  it("counts the variants added and updated, singular and plural, in both languages", () => {
    expect(importSummary(english, { created: 3, updated: 12 })).toBe("3 variants added, 12 updated.");
    expect(importSummary(english, { created: 1, updated: 1 })).toBe("1 variant added, 1 updated.");
    expect(importSummary(english, { created: 0, updated: 7 })).toBe("0 variants added, 7 updated.");
    expect(importSummary(spanish, { created: 3, updated: 12 })).toBe("3 variantes añadidas, 12 actualizadas.");
    expect(importSummary(spanish, { created: 1, updated: 1 })).toBe("1 variante añadida, 1 actualizada.");
  });
});

describe("the row report", () => {
  it("names the column by its header in the user's language and words the reason by code and column", () => {
    const errors = [
      error({}),
      error({ row: 5, column: "sku", code: "duplicate" }),
      error({ row: 6, column: "lowStockThreshold" }),
      error({ row: 1, column: "stock", code: "missingColumn" }),
      error({ row: 7, column: "product", code: "required" }),
      error({ row: 8, column: null, code: "invalid" }),
    ];
    expect(reportRows(english, "en", errors)).toEqual([
      { row: 4, column: "Price", message: "Give a price of zero or more, such as 24.90." },
      { row: 5, column: "SKU", message: "This SKU is on another row of the file too." },
      { row: 6, column: "Low-stock threshold", message: "Give a whole number of units, zero or more." },
      { row: 1, column: "Stock", message: "The first row of the file has no column of this name." },
      { row: 7, column: "Product", message: "This cell is empty, and the column is required." },
      { row: 8, column: "—", message: "This value is not valid." },
    ]);
    expect(reportRows(spanish, "es", [error({}), error({ row: 9, column: "active" }), error({ row: 3, column: "category", code: "formula" })])).toEqual([
      { row: 4, column: "Precio", message: "Indica un precio de cero o más, como 24,90." },
      { row: 9, column: "Activo", message: "Escribe sí o no." },
      { row: 3, column: "Categoría", message: "Esta celda contiene una fórmula; escribe su valor." },
    ]);
  });

  it("has a text for every code and every column the server can name", async () => {
    const { SHOP_IMPORT_CODES, SHOP_IMPORT_COLUMNS } = await import("@clinic/shared");
    for (const t of [english, spanish])
      for (const code of SHOP_IMPORT_CODES)
        for (const column of [...SHOP_IMPORT_COLUMNS, null]) {
          const [row] = reportRows(t, "en", [error({ code, column })]);
          expect(row?.message, `${code} ${column}`).not.toMatch(/^shopManage\./);
        }
  });
});

describe("the file's refusals", () => {
  it("read in the user's language with their figures, and any other message as it came", () => {
    expect(fileErrorText(spanish, "The file has too many rows: at most 5000 rows can be imported at once. Split it into smaller files.")).toBe(
      "El archivo tiene demasiadas filas: se pueden importar como máximo 5000 a la vez. Divídelo en archivos más pequeños.",
    );
    expect(fileErrorText(english, "The file has no rows to import: a header row, then one row per person.")).toBe(
      "The file has no rows to import: a header row, then one row per variant.",
    );
    expect(fileErrorText(spanish, "The file is too large: at most 10 MiB for this type.")).toBe("El archivo es demasiado grande: 10 MiB como máximo.");
    expect(fileErrorText(spanish, "Choose a CSV or XLSX file.")).toBe("Elige un archivo CSV o XLSX.");
    expect(fileErrorText(english, "Something new")).toBe("Something new");
  });
});

describe("the progress bar", () => {
  it("moves on its own until the server answers, then shows the rows written", () => {
    expect(progressView(english, null)).toEqual({ label: "Sending the file…", value: null });
    expect(progressView(english, { phase: "checking", done: 0, total: 600 })).toEqual({ label: "Checking 600 rows…", value: 0 });
    expect(progressView(english, { phase: "writing", done: 250, total: 600 })).toEqual({ label: "Saving 250 of 600 rows…", value: 42 });
    expect(progressView(spanish, { phase: "done", done: 600, total: 600 })).toEqual({ label: "Guardando 600 de 600 filas…", value: 100 });
  });
});

describe("the columns and the export", () => {
  it("list the columns as the exports head them, required ones marked, and export the chosen store", () => {
    expect(importColumns("es").map(({ header, required }) => (required ? `${header}*` : header))).toEqual([
      "Producto*",
      "Categoría",
      "SKU*",
      "Variante",
      "Precio*",
      "Existencias*",
      "Umbral de existencias bajas",
      "Activo",
    ]);
    expect(importColumns("en-GB")[0]?.header).toBe("Product");
    expect(productsExportPath(7)).toBe("/api/shop/stores/7/products/export");
  });
});
