import { SHOP_MANAGE_MESSAGES } from "@clinic/shared";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import { shopStockMoves, shopVariants } from "./shop.table.ts";

/**
 * Stock that holds (issue 20.4). A variant's `stock` is what can still be sold: a checkout
 * reserves by lowering it with a conditional UPDATE (only where enough is left), in the
 * checkout's transaction, and a CHECK (stock >= 0) makes PostgreSQL refuse the last unit twice
 * whatever the code does. Every change is a row of `shop_stock_moves`, with its reason and who.
 */

export interface StockLine {
  variantId: number;
  quantity: number;
}

/** Some variants have not enough stock (or are not on sale): nothing was reserved. */
export class OutOfStock extends Error {
  constructor(readonly variantIds: number[]) {
    super(`Not enough stock of variant ${variantIds.join(", ")}`);
  }
}

/** The same variant asked for twice is one request for the sum; ids in order, so rows lock in one order everywhere. */
export function merged(lines: readonly StockLine[]): { ids: number[]; quantities: number[] } {
  const byVariant = new Map<number, number>();
  for (const line of lines) byVariant.set(line.variantId, (byVariant.get(line.variantId) ?? 0) + line.quantity);
  const ids = [...byVariant.keys()].sort((a, b) => a - b);
  return { ids, quantities: ids.map((id) => byVariant.get(id) as number) };
}

async function recordMoves(tx: Db, ids: number[], deltas: number[], reason: "reserved" | "released", orderId: number | null, by: string | null) {
  await tx.insert(shopStockMoves).values(ids.map((variantId, index) => ({ variantId, delta: deltas[index] as number, reason, orderId, by })));
}

/**
 * The CTEs of a statement that reserves `wanted` (as `merged` gives it): `locked` takes the
 * variants' rows in id order (two checkouts of overlapping items never deadlock; NO KEY UPDATE,
 * the lock the update itself takes, so rows that merely reference a variant never wait on it),
 * `taken` (id, quantity) lowers each only where that much is left and it is on sale. The caller's
 * statement goes on from `taken`: whatever it writes should require every id to be there, and
 * the caller throws OutOfStock when one is missing (its transaction then rolls back the rest).
 */
export function reservingCtes({ ids, quantities }: { ids: number[]; quantities: number[] }): SQL {
  return sql`locked as materialized (select id from ${shopVariants} where id = any(${sql.param(ids)}::int[]) order by id for no key update),
    taken as (
      update ${shopVariants} v set stock = v.stock - wanted.quantity, updated_at = now()
      from unnest(${sql.param(ids)}::int[], ${sql.param(quantities)}::int[]) as wanted(id, quantity) join locked on locked.id = wanted.id
      where v.id = wanted.id and v.active and v.stock >= wanted.quantity
      returning v.id, wanted.quantity)`;
}

/**
 * Reserves every line or none, inside the caller's transaction `tx`: the variants' rows are
 * locked in id order (two checkouts of the same items never deadlock; NO KEY UPDATE, the lock the
 * update itself takes, so rows that merely reference a variant never wait on it), then each loses its
 * quantity only where that much is left and it is on sale. Throws OutOfStock naming the ones
 * short, and the caller's transaction rolls back whatever this wrote.
 */
export async function reserveStock(tx: Db, lines: readonly StockLine[], context: { orderId: number | null; by: string | null }): Promise<void> {
  const { ids, quantities } = merged(lines.filter((line) => line.quantity > 0));
  if (ids.length === 0) return;
  const result = await tx.execute<{ id: number }>(sql`with ${reservingCtes({ ids, quantities })} select id from taken`);
  const reserved = new Set(result.rows.map((row) => Number(row.id)));
  const short = ids.filter((id) => !reserved.has(id));
  if (short.length > 0) throw new OutOfStock(short);
  await recordMoves(
    tx,
    ids,
    quantities.map((quantity) => -quantity),
    "reserved",
    context.orderId,
    context.by,
  );
}

/** Gives reserved units back (an order expired or cancelled), inside the transaction that ends the order. */
export async function releaseStock(tx: Db, lines: readonly StockLine[], context: { orderId: number | null; by: string | null }): Promise<void> {
  const { ids, quantities } = merged(lines.filter((line) => line.quantity > 0));
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${shopVariants} v set stock = v.stock + wanted.quantity, updated_at = now()
    from unnest(${sql.param(ids)}::int[], ${sql.param(quantities)}::int[]) as wanted(id, quantity)
    where v.id = wanted.id`);
  await recordMoves(tx, ids, quantities, "released", context.orderId, context.by);
}

/** A counted correction (a delivery, a breakage) with its reason; refused with 409 when it would leave less than nothing. */
export async function adjustStock(db: Db, variantId: number, delta: number, note: string, by: string): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .update(shopVariants)
      .set({ stock: sql`${shopVariants.stock} + ${delta}` })
      .where(and(eq(shopVariants.id, variantId), sql`${shopVariants.stock} + ${delta} >= 0`))
      .returning({ stock: shopVariants.stock });
    if (!row) {
      const [exists] = await tx.select({ id: shopVariants.id }).from(shopVariants).where(eq(shopVariants.id, variantId));
      throw exists ? conflict(SHOP_MANAGE_MESSAGES.belowZero) : notFound();
    }
    await tx.insert(shopStockMoves).values({ variantId, delta, reason: "adjustment", note, by });
    return row.stock;
  });
}
