import {
  SHOP_IMPORT_COLUMNS,
  SHOP_IMPORT_FAILED,
  SHOP_IMPORT_HEADERS,
  SHOP_IMPORT_REQUIRED,
  SHOP_PRICE_MAX_CENTS,
  SHOP_STOCK_MAX,
  type ShopImportColumn,
  type ShopImportResult,
  type ShopImportRowError,
} from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { HttpError } from "../../platform/errors.ts";
import type { ExportColumn } from "../../platform/exports.ts";
import type { SheetRows } from "../people/import-file.ts";
import type { ProgressReport } from "../people/import.service.ts";
import { managedStores, storeOf } from "./shop-scope.ts";

/**
 * Products and stock from a spreadsheet (issue 20.5): every row is checked first and the whole
 * report answered (400, nothing written) when any is wrong; then one transaction writes them
 * all, reporting its progress every few hundred rows for the screen's progress bar.
 */

const MESSAGES = {
  required: "Required.",
  formula: "Formulas are not imported: type the value itself.",
  sku: "Use letters, digits, dots, dashes and underscores (at most 64).",
  price: "Give a price of zero or more, like 24.90.",
  stock: "Give a whole number of units, zero or more.",
  active: "Write yes or no.",
  tooLong: "Too long.",
  duplicate: "This SKU is on another row of the file too.",
  missingColumn: "The file has no column for this.",
} as const;

interface ImportRow {
  line: number;
  product: string;
  category: string;
  sku: string;
  variant: string;
  priceCents: number;
  stock: number;
  lowStockThreshold: number;
  active: boolean;
}

const normalise = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[\s_-]+/g, "");

/** Which column of the file holds each field: by its header in either language, or by the field's own name. */
function columnsOf(headers: string[]): Partial<Record<ShopImportColumn, number>> {
  const names = new Map<string, ShopImportColumn>();
  for (const column of SHOP_IMPORT_COLUMNS) {
    names.set(normalise(column), column);
    for (const language of ["en", "es"] as const) names.set(normalise(SHOP_IMPORT_HEADERS[language][column]), column);
  }
  const found: Partial<Record<ShopImportColumn, number>> = {};
  headers.forEach((header, index) => {
    const column = names.get(normalise(header));
    if (column && found[column] === undefined) found[column] = index;
  });
  return found;
}

const YES = new Set(["yes", "y", "true", "1", "si", "sí", "x"]);
const NO = new Set(["no", "n", "false", "0"]);

/** "24.90", "24,90", "1.234,50", "€ 24.9" → cents; null when it is not an amount (a formula, a sign, "1.2.3"). */
export function parsePrice(text: string): number | null {
  const value = text
    .trim()
    .replace(/^(?:[€$£]|[A-Z]{3})\s*|\s*(?:[€$£]|[A-Z]{3})$/g, "")
    .replace(/\s/g, "");
  if (!/^\d[\d.,]*$/.test(value)) return null;
  const last = Math.max(value.lastIndexOf(","), value.lastIndexOf("."));
  // The last separator followed by one or two digits is the decimal one; any other groups thousands, by threes.
  const decimal = last >= 0 && value.length - last - 1 <= 2;
  const whole = decimal ? value.slice(0, last) : value;
  const fraction = decimal ? value.slice(last + 1) : "";
  if (!/^\d+$/.test(whole) && !/^\d{1,3}([.,]\d{3})+$/.test(whole)) return null;
  const cents = Number(whole.replace(/[.,]/g, "")) * 100 + Number(fraction.padEnd(2, "0"));
  return cents <= SHOP_PRICE_MAX_CENTS ? cents : null;
}

function parseCount(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const count = Number(text);
  return count <= SHOP_STOCK_MAX ? count : null;
}

/** Every row checked; the errors name the row, the column and why. */
export function validateImport(sheet: SheetRows): { rows: ImportRow[]; errors: ShopImportRowError[] } {
  const columns = columnsOf(sheet.headers);
  const errors: ShopImportRowError[] = [];
  for (const column of SHOP_IMPORT_REQUIRED)
    if (columns[column] === undefined) errors.push({ row: 1, column, code: "missingColumn", message: MESSAGES.missingColumn });
  if (errors.length > 0) return { rows: [], errors };
  const rows: ImportRow[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells } of sheet.rows) {
    const rowErrors: ShopImportRowError[] = [];
    const text = (column: ShopImportColumn, max: number): string => {
      const index = columns[column];
      const cell = index === undefined ? "" : (cells[index] ?? "");
      if (typeof cell !== "string") {
        rowErrors.push({ row: line, column, code: "formula", message: MESSAGES.formula });
        return "";
      }
      const value = cell.trim();
      if (value.length > max) rowErrors.push({ row: line, column, code: "invalid", message: MESSAGES.tooLong });
      return value;
    };
    const need = (column: ShopImportColumn, value: string) => {
      if (value === "" && !rowErrors.some((error) => error.column === column))
        rowErrors.push({ row: line, column, code: "required", message: MESSAGES.required });
      return value !== "";
    };
    const product = text("product", 200);
    const sku = text("sku", 64);
    const priceText = text("price", 30);
    const stockText = text("stock", 12);
    const thresholdText = text("lowStockThreshold", 12);
    const activeText = text("active", 10);
    need("product", product);
    if (need("sku", sku) && !/^[A-Za-z0-9._-]+$/.test(sku)) rowErrors.push({ row: line, column: "sku", code: "invalid", message: MESSAGES.sku });
    const priceCents = parsePrice(priceText);
    if (need("price", priceText) && priceCents === null) rowErrors.push({ row: line, column: "price", code: "invalid", message: MESSAGES.price });
    const stock = parseCount(stockText);
    if (need("stock", stockText) && stock === null) rowErrors.push({ row: line, column: "stock", code: "invalid", message: MESSAGES.stock });
    const threshold = thresholdText === "" ? 0 : parseCount(thresholdText);
    if (threshold === null) rowErrors.push({ row: line, column: "lowStockThreshold", code: "invalid", message: MESSAGES.stock });
    const activeWord = normalise(activeText);
    const active = activeText === "" || YES.has(activeWord) ? true : NO.has(activeWord) ? false : null;
    if (active === null) rowErrors.push({ row: line, column: "active", code: "invalid", message: MESSAGES.active });
    const key = sku.toLowerCase();
    if (sku !== "" && firstLine.has(key)) rowErrors.push({ row: line, column: "sku", code: "duplicate", message: MESSAGES.duplicate });
    else if (sku !== "") firstLine.set(key, line);
    if (rowErrors.length > 0) errors.push(...rowErrors);
    else
      rows.push({
        line,
        product,
        category: text("category", 120),
        sku,
        variant: text("variant", 120),
        priceCents: priceCents as number,
        stock: stock as number,
        lowStockThreshold: threshold as number,
        active: active as boolean,
      });
  }
  return { rows, errors };
}

const REPORT_EVERY = 250;

/** Imports the sheet into the store, all rows or none (400 with the row report when any is wrong). */
export async function importProducts(db: Db, actor: Actor, storeId: number, sheet: SheetRows, report: ProgressReport): Promise<ShopImportResult> {
  await storeOf(db, managedStores(actor), { storeId });
  await report("checking", 0);
  const { rows, errors } = validateImport(sheet);
  if (errors.length > 0) throw new HttpError(400, { detail: SHOP_IMPORT_FAILED, rowErrors: errors.sort((a, b) => a.row - b.row) });
  let created = 0;
  let updated = 0;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const categories = new Map<string, number>();
    const products = new Map<string, number>();
    for (const [index, row] of rows.entries()) {
      if (index % REPORT_EVERY === 0) await report("writing", index);
      let categoryId: number | null = null;
      if (row.category !== "") {
        const key = row.category.toLowerCase();
        categoryId =
          categories.get(key) ??
          Number(
            (
              await tx.execute<{ id: number }>(sql`
                with found as (select id from shop_categories where store_id = ${storeId} and lower(name) = ${key}),
                     made as (insert into shop_categories (store_id, name) select ${storeId}, ${row.category} where not exists (select 1 from found) returning id)
                select id from found union all select id from made`)
            ).rows[0]?.id,
          );
        categories.set(key, categoryId);
      }
      const productKey = row.product.toLowerCase();
      let productId = products.get(productKey);
      if (productId === undefined) {
        const found = await tx.execute<{ id: number }>(
          sql`select id from shop_products where store_id = ${storeId} and lower(name) = ${productKey} order by id limit 1`,
        );
        productId =
          found.rows[0]?.id ??
          Number(
            (
              await tx.execute<{ id: number }>(
                sql`insert into shop_products (store_id, category_id, name) values (${storeId}, ${categoryId}, ${row.product}) returning id`,
              )
            ).rows[0]?.id,
          );
        products.set(productKey, productId);
      }
      if (categoryId !== null) await tx.execute(sql`update shop_products set category_id = ${categoryId}, updated_at = now() where id = ${productId}`);
      // The variant of this SKU, updated with its stock set to the row's count (the difference recorded), or added.
      const written = await tx.execute<{ id: number; delta: number; made: boolean }>(sql`
        with before as (select id, stock from shop_variants where store_id = ${storeId} and lower(sku) = lower(${row.sku}) for update),
        changed as (
          update shop_variants v set product_id = ${productId}, sku = ${row.sku}, name = ${row.variant}, price_cents = ${row.priceCents}, stock = ${row.stock},
            low_stock_threshold = ${row.lowStockThreshold}, active = ${row.active}, updated_at = now()
          from before where v.id = before.id returning v.id, ${row.stock} - before.stock as delta, false as made),
        added as (
          insert into shop_variants (product_id, store_id, sku, name, price_cents, stock, low_stock_threshold, active, position)
          select ${productId}, ${storeId}, ${row.sku}, ${row.variant}, ${row.priceCents}, ${row.stock}, ${row.lowStockThreshold}, ${row.active},
            (select count(*) from shop_variants where product_id = ${productId})
          where not exists (select 1 from before) returning id, stock as delta, true as made)
        select id, delta, made from changed union all select id, delta, made from added`);
      const variant = written.rows[0] as { id: number; delta: number; made: boolean };
      if (variant.made) created += 1;
      else updated += 1;
      if (Number(variant.delta) !== 0)
        await tx.execute(sql`insert into shop_stock_moves (variant_id, delta, reason, note, by)
          values (${variant.id}, ${variant.delta}, 'adjustment', ${`Imported (line ${row.line})`}, ${actor.id})`);
    }
  });
  await report("done", rows.length);
  return { created, updated };
}

export interface ExportRow {
  product: string;
  category: string | null;
  sku: string;
  variant: string;
  price_cents: number;
  stock: number;
  low_stock_threshold: number;
  active: boolean;
}

/** A store's variants in the import's columns, by product. */
export async function exportRows(db: Db, actor: Actor, storeId: number, maxRows: number): Promise<ExportRow[]> {
  await storeOf(db, managedStores(actor), { storeId });
  const result = await db.execute<ExportRow & Record<string, unknown>>(sql`
    select p.name as product, k.name as category, v.sku, v.name as variant, v.price_cents, v.stock, v.low_stock_threshold, (v.active and p.active) as active
    from shop_variants v join shop_products p on p.id = v.product_id left join shop_categories k on k.id = p.category_id
    where v.store_id = ${storeId}
    order by p.name, p.id, v.position, v.id
    limit ${maxRows}`);
  return result.rows;
}

export function exportColumns(language: "en" | "es"): ExportColumn<ExportRow>[] {
  const h = SHOP_IMPORT_HEADERS[language];
  const yes = language === "es" ? "sí" : "yes";
  return [
    { header: h.product, value: (row) => row.product, width: 32 },
    { header: h.category, value: (row) => row.category ?? "" },
    { header: h.sku, value: (row) => row.sku },
    { header: h.variant, value: (row) => row.variant },
    { header: h.price, value: (row) => (row.price_cents / 100).toFixed(2), width: 10 },
    { header: h.stock, value: (row) => row.stock, width: 10 },
    { header: h.lowStockThreshold, value: (row) => row.low_stock_threshold, width: 12 },
    { header: h.active, value: (row) => (row.active ? yes : "no"), width: 8 },
  ];
}
