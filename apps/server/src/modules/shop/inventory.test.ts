import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { connectDatabase, type Database, type Db } from "../../db/client.ts";
import { adjustStock, OutOfStock, releaseStock, reserveStock } from "./inventory.ts";
import { shopProducts, shopStockMoves, shopStores, shopVariants } from "./shop.table.ts";

let t: TestApp;
/** A pool of its own, wide enough for every buyer to hold a connection at once. */
let buyers: Database;
let storeId: number;
beforeAll(async () => {
  t = await createTestApp();
  buyers = connectDatabase(t.database.url, 25);
  const [store] = await t.db.insert(shopStores).values({ clinicId: t.ids.clinic, name: "Clínica shop", currency: "EUR", taxRateBp: 2100 }).returning();
  storeId = (store as { id: number }).id;
});
afterAll(async () => {
  await buyers.pool.end();
  await t.close();
});
// Each test starts with this store empty (the demo store and its bundle are left alone).
beforeEach(async () => {
  await t.db.delete(shopProducts).where(eq(shopProducts.storeId, storeId));
});

/** A product with one variant per stock given; answers the variants' ids. */
async function variants(...stocks: number[]): Promise<number[]> {
  const [product] = await t.db.insert(shopProducts).values({ storeId, name: "Balance pad" }).returning();
  const rows = await t.db
    .insert(shopVariants)
    .values(stocks.map((stock, index) => ({ productId: (product as { id: number }).id, storeId, sku: `PAD-${Date.now()}-${index}`, priceCents: 3990, stock })))
    .returning({ id: shopVariants.id });
  return rows.map((row) => row.id);
}
const stockOf = async (id: number) => (await t.db.select({ stock: shopVariants.stock }).from(shopVariants).where(eq(shopVariants.id, id)))[0]?.stock;
const reserveAlone = (db: Db, lines: { variantId: number; quantity: number }[]) =>
  db.transaction((tx) => reserveStock(tx as unknown as Db, lines, { orderId: null, by: t.ids.patient }));

describe("stock that holds", () => {
  it("50 buyers at once for the last 10 units: exactly 10 get one, the stock ends at 0", async () => {
    const [pad] = (await variants(10)) as [number];
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => reserveAlone(buyers.db, [{ variantId: pad, quantity: 1 }])));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(10);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect(refused.every((outcome) => outcome.reason instanceof OutOfStock)).toBe(true);
    expect(await stockOf(pad)).toBe(0);
    const moves = await t.db.select().from(shopStockMoves).where(eq(shopStockMoves.variantId, pad));
    expect(moves).toHaveLength(10);
    expect(moves.every((move) => move.delta === -1 && move.reason === "reserved")).toBe(true);
  });

  it("reserves every line or none, and names the variants short", async () => {
    const [pad, band] = (await variants(5, 3)) as [number, number];
    await expect(
      reserveAlone(t.db, [
        { variantId: pad, quantity: 1 },
        { variantId: band, quantity: 2 },
        { variantId: band, quantity: 2 },
      ]),
    ).rejects.toEqual(new OutOfStock([band]));
    expect([await stockOf(pad), await stockOf(band)]).toEqual([5, 3]);
    await reserveAlone(t.db, [
      { variantId: band, quantity: 3 },
      { variantId: pad, quantity: 2 },
    ]);
    expect([await stockOf(pad), await stockOf(band)]).toEqual([3, 0]);
  });

  it("an inactive variant is not sold, whatever its stock", async () => {
    const [pad] = (await variants(5)) as [number];
    await t.db.update(shopVariants).set({ active: false }).where(eq(shopVariants.id, pad));
    await expect(reserveAlone(t.db, [{ variantId: pad, quantity: 1 }])).rejects.toBeInstanceOf(OutOfStock);
  });

  it("checkouts of the same items in opposite orders all finish (rows lock in one order)", async () => {
    const [pad, band] = (await variants(100, 100)) as [number, number];
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        reserveAlone(
          buyers.db,
          index % 2 === 0
            ? [
                { variantId: pad, quantity: 1 },
                { variantId: band, quantity: 1 },
              ]
            : [
                { variantId: band, quantity: 1 },
                { variantId: pad, quantity: 1 },
              ],
        ),
      ),
    );
    expect([await stockOf(pad), await stockOf(band)]).toEqual([80, 80]);
  });

  it("the database itself refuses a stock below zero, and a release gives the units back with its record", async () => {
    const [pad] = (await variants(1)) as [number];
    await expect(t.db.execute(sql`update shop_variants set stock = stock - 2 where id = ${pad}`)).rejects.toMatchObject({
      cause: { code: "23514", constraint: "shop_variants_stock_check" },
    });
    await t.db.transaction((tx) => releaseStock(tx as unknown as Db, [{ variantId: pad, quantity: 2 }], { orderId: 7, by: null }));
    expect(await stockOf(pad)).toBe(3);
    const [move] = await t.db.select().from(shopStockMoves).where(eq(shopStockMoves.variantId, pad));
    expect(move).toMatchObject({ delta: 2, reason: "released", orderId: 7 });
  });

  it("a counted adjustment records who and why; one that would leave less than nothing is refused", async () => {
    const [pad] = (await variants(4)) as [number];
    expect(await adjustStock(t.db, pad, -3, "Two damaged in delivery, one used for a demo", t.ids.clinic)).toBe(1);
    await expect(adjustStock(t.db, pad, -2, "Lost", t.ids.clinic)).rejects.toMatchObject({ statusCode: 409 });
    await expect(adjustStock(t.db, 999_999, 1, "Found", t.ids.clinic)).rejects.toMatchObject({ statusCode: 404 });
    const moves = await t.db.select().from(shopStockMoves).where(eq(shopStockMoves.variantId, pad));
    expect(moves).toEqual([
      expect.objectContaining({ delta: -3, reason: "adjustment", note: "Two damaged in delivery, one used for a demo", by: t.ids.clinic }),
    ]);
  });
});
