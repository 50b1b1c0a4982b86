import { SHOP_IMPORT_FAILED } from "@clinic/shared";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { countStatements } from "../../../test/statements.ts";
import { multipart } from "../../../test/uploads.ts";
import { parsePrice } from "./product-import.ts";

let t: TestApp;
let clinic: string;
let storeId: number;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,virtual_shop" } });
  clinic = await t.loginAs("clinic");
  const made = await t.app.inject({
    method: "POST",
    url: "/api/shop/stores",
    headers: { cookie: clinic, origin: TEST_PUBLIC_URL },
    payload: { name: "Import shop", currency: "EUR", taxRateBp: 2100, shippingCents: 0, open: true },
  });
  storeId = made.json().id;
});
afterAll(() => t.close());

const importFile = (csv: string | Buffer, filename = "products.csv", progressId?: string) => {
  const { payload, contentType } = multipart([
    ...(progressId ? [{ name: "progressId", value: progressId }] : []),
    { name: "file", value: Buffer.isBuffer(csv) ? csv : Buffer.from(csv), filename, type: filename.endsWith(".csv") ? "text/csv" : "application/octet-stream" },
  ]);
  return t.app.inject({
    method: "POST",
    url: `/api/shop/stores/${storeId}/products/import`,
    headers: { cookie: clinic, origin: TEST_PUBLIC_URL, "content-type": contentType },
    payload,
  });
};
const exported = (format: "csv" | "xlsx", language = "en") =>
  t.app.inject({ method: "GET", url: `/api/shop/stores/${storeId}/products/export?format=${format}&language=${language}`, headers: { cookie: clinic } });
/** Backends of this database waiting for a lock on `table`'s rows (a row lock shows as a wait on the holder's transaction). */
async function waitingOn(client: pg.Client, table: string): Promise<number> {
  const result = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity a where a.datname = current_database() and a.wait_event_type = 'Lock' and a.query ilike $1`,
    [`%${table}%`],
  );
  return result.rows[0]?.n ?? 0;
}

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the condition never held");
}

const productCount = async () => (await t.db.execute(sql`select count(*)::int as n from shop_products where store_id = ${storeId}`)).rows[0]?.n;

describe("importing and exporting products and stock", () => {
  it("reads prices as people type them", () => {
    expect([parsePrice("24.90"), parsePrice("24,9"), parsePrice("1.234,50"), parsePrice("€ 1,234.50"), parsePrice("7")]).toEqual([
      2490, 2490, 123450, 123450, 700,
    ]);
    expect([parsePrice("-3"), parsePrice("abc"), parsePrice(""), parsePrice("1.2.3")]).toEqual([null, null, null, null]);
  });

  it("adds products, variants and categories, then a second file updates by SKU and records each stock change", async () => {
    const first = await importFile(
      "Product,Category,SKU,Variant,Price,Stock,Low-stock threshold,Active\n" +
        "Foam roller,Mobility,ROLL-30,30 cm,17.90,15,3,yes\n" +
        "Foam roller,Mobility,ROLL-45,45 cm,22.90,10,,yes\n" +
        "Gaze cards,,GAZE,,8.5,40,0,no\n",
      "products.csv",
      crypto.randomUUID(),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ created: 3, updated: 0 });
    // On sale (what the storefront lists) follows the variants the file adds: none of Gaze cards' is.
    const onSale = await t.db.execute(sql`select name, has_active_variant from shop_products where store_id = ${storeId} order by name`);
    expect(onSale.rows).toEqual([
      { name: "Foam roller", has_active_variant: true },
      { name: "Gaze cards", has_active_variant: false },
    ]);
    // Spanish headers, a changed price and a counted stock.
    const second = await importFile("Producto;SKU;Precio;Existencias\nFoam roller;roll-30;18,50;12\nMassage ball;BALL;12;4\n");
    expect(second.json()).toEqual({ created: 1, updated: 1 });
    const roll = (
      await t.db.execute(sql`select v.price_cents, v.stock, (select json_agg(m.delta order by m.id) from shop_stock_moves m where m.variant_id = v.id) as moves
        from shop_variants v where v.store_id = ${storeId} and v.sku = 'roll-30'`)
    ).rows[0];
    expect(roll).toMatchObject({ price_cents: 1850, stock: 12, moves: [15, -3] });
    const csv = (await exported("csv")).body;
    expect(csv).toContain("Product,Category,SKU,Variant,Price,Stock,Low-stock threshold,Active");
    expect(csv).toContain("Foam roller,Mobility,roll-30,,18.50,12,0,yes");
  });

  it("writes a large file in rounds of set-based statements: categories and products shared across rounds, variants in line order, each stock change recorded once", async () => {
    // 1 234 rows, three variants a product (product 166 straddles the first round's end), seven
    // categories written in two cases (one category each), stock 0 on every tenth row.
    const line = (n: number, stock: number) => `Big ${Math.floor(n / 3)},${n % 2 ? "CAT" : "Cat"} ${n % 7},BIG-${n},V${n},${(n % 90) + 1}.50,${stock},2,yes`;
    const rows = Array.from({ length: 1234 }, (_, n) => line(n, n % 10 === 0 ? 0 : n % 50));
    const progressId = crypto.randomUUID();
    const counted = await countStatements(t.database.pool, () =>
      importFile(`Product,Category,SKU,Variant,Price,Stock,Low-stock threshold,Active\n${rows.join("\n")}\n`, "big.csv", progressId),
    );
    expect(counted.result.statusCode, counted.result.body).toBe(201);
    expect(counted.result.json()).toEqual({ created: 1234, updated: 0 });
    // Three rounds of three statements, not three or four a row.
    expect(counted.count).toBeLessThan(40);

    const figures = (
      await t.db.execute(sql`select
          (select count(*)::int from shop_products where store_id = ${storeId} and name like 'Big %') as products,
          (select count(*)::int from shop_categories where store_id = ${storeId} and lower(name) like 'cat %') as categories,
          (select json_agg(v.position order by v.sku) from shop_variants v join shop_products p on p.id = v.product_id where p.store_id = ${storeId} and p.name = 'Big 166') as positions,
          (select count(*)::int from shop_stock_moves m join shop_variants v on v.id = m.variant_id where v.store_id = ${storeId} and v.sku like 'BIG-%') as moves,
          (select note from shop_stock_moves m join shop_variants v on v.id = m.variant_id where v.store_id = ${storeId} and v.sku = 'BIG-701') as note,
          (select c.name from shop_products p join shop_categories c on c.id = p.category_id where p.store_id = ${storeId} and p.name = 'Big 166') as category`)
    ).rows[0];
    // Big 166 holds rows 498 to 500, across the rounds: the last (500, in the second round) names
    // category 3, first written as "CAT 3" (row 3). Rows of stock 0 (124) record no move.
    expect(figures).toEqual({ products: 412, categories: 7, positions: [0, 1, 2], moves: 1234 - 124, note: "Imported (line 703)", category: "CAT 3" });
    const progress = await t.app.inject({ method: "GET", url: `/api/shop/imports/${progressId}/progress`, headers: { cookie: clinic } });
    expect(progress.json()).toMatchObject({ phase: "done", done: 1234, total: 1234 });

    // Again, every stock one more and 10 new rows: 1 234 updated with one move of +1 each, 10 added with their 3.
    const lastMove = (await t.db.execute(sql`select max(id)::int as id from shop_stock_moves`)).rows[0]?.id;
    const again = [
      ...Array.from({ length: 1234 }, (_, n) => line(n, (n % 10 === 0 ? 0 : n % 50) + 1)),
      ...Array.from({ length: 10 }, (_, k) => line(5000 + k, 3)),
    ];
    const second = await importFile(`Product,Category,SKU,Variant,Price,Stock,Low-stock threshold,Active\n${again.join("\n")}\n`, "big.csv");
    expect(second.json()).toEqual({ created: 10, updated: 1234 });
    const after = (
      await t.db.execute(sql`select json_object_agg(delta, n) as moves from (
          select m.delta, count(*)::int as n from shop_stock_moves m join shop_variants v on v.id = m.variant_id
          where v.store_id = ${storeId} and m.id > ${lastMove} group by m.delta) d`)
    ).rows[0];
    expect(after).toEqual({ moves: { "1": 1234, "3": 10 } });
  });

  it("locks the variants it names before it writes a product, as a checkout does, so the two never wait on each other in a circle", async () => {
    const made = await importFile("Product,Category,SKU,Variant,Price,Stock,Low-stock threshold,Active\nLast unit band,Bands,LAST-1,,9.90,1,0,yes\n");
    expect(made.statusCode, made.body).toBe(201);
    const [variant] = (await t.db.execute<{ id: number; product_id: number }>(sql`select id, product_id from shop_variants where sku = 'LAST-1'`)).rows;
    if (!variant) throw new Error("the variant was not imported");
    // A checkout selling the last unit: it holds the variant (and would next write its product).
    const checkout = new pg.Client({ connectionString: t.database.url });
    const bystander = new pg.Client({ connectionString: t.database.url });
    await checkout.connect();
    await bystander.connect();
    try {
      await checkout.query("begin");
      await checkout.query("select id from shop_variants where id = $1 for update", [variant.id]);
      // The import moves the product to another category and names the variant: it waits for the variant.
      const importing = importFile("Product,Category,SKU,Variant,Price,Stock,Low-stock threshold,Active\nLast unit band,Moved bands,LAST-1,,9.90,5,0,yes\n");
      await waitUntil(async () => (await waitingOn(bystander, "shop_variants")) > 0);
      // While it waits, it holds no product row: the checkout could write its product and finish.
      await bystander.query("begin");
      await bystander.query("select id from shop_products where id = $1 for update nowait", [variant.product_id]);
      await bystander.query("rollback");
      await checkout.query("commit");
      const done = await importing;
      expect(done.statusCode, done.body).toBe(201);
      expect(done.json()).toEqual({ created: 0, updated: 1 });
    } finally {
      await checkout.query("rollback").catch(() => {});
      await checkout.end();
      await bystander.end();
    }
  });

  it("refuses a file with bad rows, with a report of each, and writes nothing", async () => {
    const before = await productCount();
    const response = await importFile("Product,SKU,Price,Stock\nBand,BAND-1,-2,5\n,BAND-2,3,x\nBand,BAND-1,3,1\nBand,BAD SKU!,=1+1,1\n");
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.detail).toBe(SHOP_IMPORT_FAILED);
    expect(body.rowErrors.map((error: { row: number; column: string; code: string }) => [error.row, error.column, error.code])).toEqual([
      [2, "price", "invalid"],
      [3, "product", "required"],
      [3, "stock", "invalid"],
      [4, "sku", "duplicate"],
      [5, "sku", "invalid"],
      [5, "price", "invalid"],
    ]);
    expect(await productCount()).toBe(before);
    const missing = await importFile("Name,Cost\nBand,3\n");
    expect(missing.json().rowErrors.map((error: { column: string }) => error.column)).toEqual(["product", "sku", "price", "stock"]);
  });

  it("exports XLSX in the user's language, and the export imports back unchanged", async () => {
    const file = await exported("xlsx", "es");
    expect(file.headers["content-type"]).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(1).values).toEqual(expect.arrayContaining(["Producto", "Existencias"]));
    const again = await importFile(file.rawPayload, "products.xlsx");
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().created).toBe(0);
  });
});
