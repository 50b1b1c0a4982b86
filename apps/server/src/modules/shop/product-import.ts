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

/** Rows written per round of statements: a few hundred keeps each statement's arrays small and the progress bar moving. */
const CHUNK = 500;

/** The ids of the chunk's categories by lowercased name, those missing added (one statement). */
async function categoryIds(tx: Db, storeId: number, chunk: readonly ImportRow[]): Promise<Map<string, number>> {
  const names = new Map<string, string>();
  for (const row of chunk) if (row.category !== "" && !names.has(row.category.toLowerCase())) names.set(row.category.toLowerCase(), row.category);
  if (names.size === 0) return new Map();
  const result = await tx.execute<{ key: string; id: number }>(sql`
    with wanted as (select * from unnest(${sql.param([...names.keys()])}::text[], ${sql.param([...names.values()])}::text[]) as w(key, name)),
    found as (select w.key, (select c.id from shop_categories c where c.store_id = ${storeId} and lower(c.name) = w.key) as id from wanted w),
    made as (
      insert into shop_categories (store_id, name) select ${storeId}, w.name from wanted w join found f on f.key = w.key where f.id is null
      returning id, name)
    select f.key, coalesce(f.id, m.id) as id from found f join wanted w on w.key = f.key left join made m on m.name = w.name`);
  return new Map(result.rows.map((row) => [row.key, Number(row.id)]));
}

/**
 * The ids of the chunk's products by lowercased name (one statement): a missing one is added
 * under its name as first written; a row naming a category moves its product there (the last
 * such row wins, as when the rows are read one by one).
 */
async function productIds(tx: Db, storeId: number, chunk: readonly ImportRow[], categories: Map<string, number>): Promise<Map<string, number>> {
  const wanted = new Map<string, { name: string; categoryId: number | null }>();
  for (const row of chunk) {
    const key = row.product.toLowerCase();
    const categoryId = row.category === "" ? null : (categories.get(row.category.toLowerCase()) ?? null);
    const seen = wanted.get(key);
    if (!seen) wanted.set(key, { name: row.product, categoryId });
    else if (categoryId !== null) seen.categoryId = categoryId;
  }
  const list = [...wanted.entries()];
  const result = await tx.execute<{ key: string; id: number }>(sql`
    with wanted as (
      select * from unnest(${sql.param(list.map(([key]) => key))}::text[], ${sql.param(list.map(([, one]) => one.name))}::text[],
        ${sql.param(list.map(([, one]) => one.categoryId))}::int[]) as w(key, name, category_id)),
    -- A join, not a lookup per name: the store's products are read once (there is no index on lower(name)).
    found as (
      select w.key, min(p.id) as id from wanted w left join shop_products p on p.store_id = ${storeId} and lower(p.name) = w.key group by w.key),
    made as (
      insert into shop_products (store_id, category_id, name) select ${storeId}, w.category_id, w.name from wanted w join found f on f.key = w.key where f.id is null
      returning id, name),
    moved as (
      update shop_products p set category_id = w.category_id, updated_at = now()
      from found f join wanted w on w.key = f.key where p.id = f.id and w.category_id is not null)
    select f.key, coalesce(f.id, m.id) as id from found f join wanted w on w.key = f.key left join made m on m.name = w.name`);
  return new Map(result.rows.map((row) => [row.key, Number(row.id)]));
}

/**
 * The chunk's variants by SKU (one statement): an existing one updated, its stock set to the
 * row's count; a new one added after its product's variants; every stock that changed recorded
 * as an adjustment naming the file's line.
 */
async function writeVariants(tx: Db, actor: Actor, storeId: number, chunk: readonly ImportRow[], products: Map<string, number>) {
  const column = <T>(pick: (row: ImportRow) => T) => sql.param(chunk.map(pick));
  const result = await tx.execute<{ created: number; updated: number }>(sql`
    with input as (
      select * from unnest(${column((row) => row.line)}::int[], ${column((row) => row.sku)}::text[],
        ${column((row) => products.get(row.product.toLowerCase()))}::int[], ${column((row) => row.variant)}::text[],
        ${column((row) => row.priceCents)}::int[], ${column((row) => row.stock)}::int[], ${column((row) => row.lowStockThreshold)}::int[],
        ${column((row) => row.active)}::boolean[])
        as i(line, sku, product_id, name, price_cents, stock, low_stock_threshold, active)),
    before as (
      select v.id, v.stock, i.line from shop_variants v join input i on v.store_id = ${storeId} and lower(v.sku) = lower(i.sku) for update of v),
    changed as (
      update shop_variants v set product_id = i.product_id, sku = i.sku, name = i.name, price_cents = i.price_cents, stock = i.stock,
        low_stock_threshold = i.low_stock_threshold, active = i.active, updated_at = now()
      from before b join input i on i.line = b.line where v.id = b.id
      returning v.id, i.line, i.stock - b.stock as delta),
    added as (
      insert into shop_variants (product_id, store_id, sku, name, price_cents, stock, low_stock_threshold, active, position)
      select i.product_id, ${storeId}, i.sku, i.name, i.price_cents, i.stock, i.low_stock_threshold, i.active,
        (select count(*) from shop_variants v where v.product_id = i.product_id) + row_number() over (partition by i.product_id order by i.line) - 1
      from input i where not exists (select 1 from before b where b.line = i.line)
      returning id, sku, stock),
    moves as (
      insert into shop_stock_moves (variant_id, delta, reason, note, by)
      select x.id, x.delta, 'adjustment', 'Imported (line ' || x.line || ')', ${actor.id}
      from (select id, line, delta from changed union all select a.id, i.line, a.stock from added a join input i on i.sku = a.sku) x
      where x.delta <> 0)
    select (select count(*) from added)::int as created, (select count(*) from changed)::int as updated`);
  const counts = result.rows[0] as { created: number; updated: number };
  return { created: Number(counts.created), updated: Number(counts.updated) };
}

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
    // Every existing variant the file names, locked first and in id order, as a checkout locks
    // those it sells, before any product row is written: a checkout selling a variant's last unit
    // locks the variant, then its product (to show it out of stock). Had the import written the
    // product first, each would hold what the other waits for.
    const skus = rows.map((row) => row.sku.toLowerCase());
    await tx.execute(
      sql`select v.id from shop_variants v where v.store_id = ${storeId} and lower(v.sku) = any(${sql.param(skus)}::text[]) order by v.id for update`,
    );
    for (let start = 0; start < rows.length; start += CHUNK) {
      await report("writing", start);
      const chunk = rows.slice(start, start + CHUNK);
      const categories = await categoryIds(tx, storeId, chunk);
      const products = await productIds(tx, storeId, chunk, categories);
      const written = await writeVariants(tx, actor, storeId, chunk, products);
      created += written.created;
      updated += written.updated;
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
