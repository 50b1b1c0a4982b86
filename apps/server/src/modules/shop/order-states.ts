import { ORDER_STATE_MESSAGES, SHOP_MESSAGES, type ShopOrder, type ShopOrderState } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import type { PaymentOutcome } from "../../platform/payments/index.ts";
import type { PaymentEvent } from "../../platform/payments/port.ts";
import { EXPIRE_QUEUE, mailCustomer, orderWhere, publicOrder, recordEvent, type ShopDeps } from "./orders.service.ts";
import { managedStores, storeOf } from "./shop-scope.ts";

/**
 * How an order moves (issue 20.3): pending → paid → fulfilled, and cancelled or refunded (in full
 * or in part). Each move is one conditional UPDATE on the state it leaves, so of two managers (or
 * a manager and the expiry job) acting at once only one moves it: the other gets 409. The move,
 * its history row, the stock it gives back and the customer's email commit together.
 */

/** Gives back every unit the order still holds (what it reserved less what it gave back), once: the net is zero afterwards. */
async function releaseOrderStock(tx: Db, orderId: number, reason: "released" | "restocked", by: string | null): Promise<void> {
  await tx.execute(sql`
    with held as (
      select variant_id, -sum(delta)::int as quantity from shop_stock_moves where order_id = ${orderId} group by variant_id having sum(delta) < 0
    ), back as (
      update shop_variants v set stock = v.stock + held.quantity, updated_at = now() from held where v.id = held.variant_id returning v.id, held.quantity
    )
    insert into shop_stock_moves (variant_id, delta, reason, order_id, by) select id, quantity, ${reason}, ${orderId}, ${by} from back`);
}

/**
 * Records a refund of `amount`: the order stays paid or fulfilled (it can still be sent) until
 * everything is refunded, and then is `refunded`; never past its total. False when it had moved on.
 */
async function addRefund(tx: Db, orderId: number, amount: number): Promise<boolean> {
  const result = await tx.execute(sql`
    update shop_orders set refunded_cents = refunded_cents + ${amount}, updated_at = now(),
      state = case when refunded_cents + ${amount} >= total_cents then 'refunded' else state end
    where id = ${orderId} and state in ('paid', 'fulfilled') and refunded_cents + ${amount} <= total_cents`);
  return (result.rowCount ?? 0) > 0;
}

/** Moves the order from one of `from` to `to` with `set`; false when it was not in one of them (or does not exist). */
async function move(tx: Db, orderId: number, from: readonly ShopOrderState[], to: ShopOrderState, set: SQL = sql``): Promise<boolean> {
  const result = await tx.execute(sql`
    update shop_orders set state = ${to}, updated_at = now() ${set}
    where id = ${orderId} and state = any(${sql.param([...from])}::text[])`);
  return (result.rowCount ?? 0) > 0;
}

async function managedOrder(db: Db, actor: Actor, orderId: number) {
  await storeOf(db, managedStores(actor), { table: "shop_orders", id: orderId });
  const order = await orderWhere(db, sql`o.id = ${orderId}`);
  if (!order) throw notFound();
  return order;
}

export async function getManagedOrder(db: Db, actor: Actor, orderId: number): Promise<ShopOrder> {
  return publicOrder(await managedOrder(db, actor, orderId));
}

async function answer(db: Db, orderId: number): Promise<ShopOrder> {
  return publicOrder((await orderWhere(db, sql`o.id = ${orderId}`)) as NonNullable<Awaited<ReturnType<typeof orderWhere>>>);
}

/** Records a manual payment (a transfer arrived): pending → paid. */
export async function markPaid(deps: ShopDeps, actor: Actor, orderId: number, note: string): Promise<ShopOrder> {
  await managedOrder(deps.db, actor, orderId);
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (!(await move(tx, orderId, ["pending"], "paid", sql`, paid_at = now(), payment_reference = coalesce(payment_reference, 'manual')`)))
      throw conflict(ORDER_STATE_MESSAGES.notPending);
    await recordEvent(tx, orderId, "paid", actor.id, note);
    await mailCustomer(tx, deps, orderId, { kind: "paid" });
  });
  return answer(deps.db, orderId);
}

/** A payment the provider reported (webhook): pending → paid, once; false when the order had moved on. */
export async function applyShopPayment(tx: Db, deps: ShopDeps, orderId: number, reference: string): Promise<boolean> {
  if (!(await move(tx, orderId, ["pending"], "paid", sql`, paid_at = now(), payment_reference = ${reference}`))) return false;
  await recordEvent(tx, orderId, "paid", null, "Paid at the payment provider.");
  await mailCustomer(tx, deps, orderId, { kind: "paid" });
  return true;
}

/** Sent or collected: paid → fulfilled. */
export async function markFulfilled(deps: ShopDeps, actor: Actor, orderId: number, note: string): Promise<ShopOrder> {
  await managedOrder(deps.db, actor, orderId);
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (!(await move(tx, orderId, ["paid"], "fulfilled", sql`, fulfilled_at = now()`))) throw conflict(ORDER_STATE_MESSAGES.notPaid);
    await recordEvent(tx, orderId, "fulfilled", actor.id, note);
    await mailCustomer(tx, deps, orderId, { kind: "fulfilled" });
  });
  return answer(deps.db, orderId);
}

/**
 * Cancels a pending or paid order: its stock goes back, and a paid one is refunded in full
 * through its provider first (outside the transaction: a refused refund cancels nothing).
 */
export async function cancelOrder(deps: ShopDeps, actor: Actor, orderId: number, note: string): Promise<ShopOrder> {
  const order = await managedOrder(deps.db, actor, orderId);
  if (order.state !== "pending" && order.state !== "paid") throw conflict(ORDER_STATE_MESSAGES.notCancellable);
  const refund = order.state === "paid" ? order.totalCents - order.refundedCents : 0;
  if (refund > 0) await refundAtProvider(deps, order, refund, note || "Order cancelled.");
  await cancelNow(deps, orderId, order.state === "paid" ? ["paid"] : ["pending"], actor.id, note, refund);
  return answer(deps.db, orderId);
}

/** The customer's own cancel, only while the order waits for its payment. */
export async function cancelOwnOrder(deps: ShopDeps, actor: Actor, orderId: number): Promise<ShopOrder> {
  const order = await orderWhere(deps.db, sql`o.id = ${orderId} and o.customer_id = ${actor.id}`);
  if (!order) throw notFound();
  if (order.state !== "pending") throw conflict(ORDER_STATE_MESSAGES.customerCancel);
  await cancelNow(deps, orderId, ["pending"], actor.id, "Cancelled by the customer.", 0);
  await deps.providers[order.provider]?.cancelCheckout(order.providerRef);
  return publicOrder((await orderWhere(deps.db, sql`o.id = ${orderId}`)) as NonNullable<Awaited<ReturnType<typeof orderWhere>>>, deps);
}

async function cancelNow(deps: ShopDeps, orderId: number, from: ShopOrderState[], by: string | null, note: string, refunded: number): Promise<void> {
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const moved = await move(tx, orderId, from, "cancelled", sql`, cancelled_at = now(), refunded_cents = refunded_cents + ${refunded}`);
    if (!moved) throw conflict(ORDER_STATE_MESSAGES.notCancellable);
    await releaseOrderStock(tx, orderId, "released", by);
    await recordEvent(tx, orderId, "cancelled", by, note, refunded > 0 ? refunded : null);
    await mailCustomer(tx, deps, orderId, { kind: "cancelled", expired: false, refundedCents: refunded });
  });
}

async function refundAtProvider(
  deps: ShopDeps,
  order: { id: number; provider: "manual" | "stripe"; paymentReference: string | null; refundedCents: number; store: { currency: string } },
  amountCents: number,
  reason: string,
) {
  const provider = deps.providers[order.provider];
  // A provider no longer offered (manual only now): the refund is recorded and paid by hand.
  if (!provider) return;
  await provider.refund({
    orderId: order.id,
    paymentReference: order.paymentReference,
    amountCents,
    currency: order.store.currency,
    reason,
    purpose: "shop",
    // Refunds come in parts: what was refunded before names this one, so a retry repeats it and a next one is new.
    key: `${order.refundedCents}-${amountCents}`,
  });
}

/** Refunds part or all of what is left; `restock` gives the order's units back to stock (once). */
export async function refundOrder(
  deps: ShopDeps,
  actor: Actor,
  orderId: number,
  input: { amountCents: number; reason: string; restock: boolean },
): Promise<ShopOrder> {
  const order = await managedOrder(deps.db, actor, orderId);
  if (!["paid", "fulfilled"].includes(order.state)) throw conflict(ORDER_STATE_MESSAGES.notRefundable);
  const left = order.totalCents - order.refundedCents;
  if (input.amountCents > left) throw badRequest({ amountCents: [SHOP_MESSAGES.refundTooMuch] });
  await refundAtProvider(deps, order, input.amountCents, input.reason);
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Another refund may have landed since this one was checked: never past the total.
    const moved = await addRefund(tx, orderId, input.amountCents);
    if (!moved) throw conflict(ORDER_STATE_MESSAGES.notRefundable);
    if (input.restock) await releaseOrderStock(tx, orderId, "restocked", actor.id);
    await recordEvent(tx, orderId, "refunded", actor.id, input.reason, input.amountCents);
    const [after] = (await tx.execute<{ refunded_cents: number }>(sql`select refunded_cents from shop_orders where id = ${orderId}`)).rows;
    await mailCustomer(tx, deps, orderId, { kind: "refunded", amountCents: input.amountCents, refundedCents: Number(after?.refunded_cents) });
  });
  return answer(deps.db, orderId);
}

// ---------------------------------------------------------------- expiry

/**
 * Cancels an unpaid order whose hold ran out and gives its stock back: the state moves only from
 * pending and only past `expires_at`, in the transaction that releases the stock, so a job run
 * twice (a retry, a restart, the sweep and the job together) releases it once.
 */
export async function expireOrder(deps: ShopDeps, orderId: number): Promise<boolean> {
  const expired = await deps.db.transaction((txRaw) => cancelUnpaid(txRaw as unknown as Db, deps, orderId, sql`expires_at <= now()`));
  if (expired) {
    const order = await orderWhere(deps.db, sql`o.id = ${orderId}`);
    if (order?.providerRef) await deps.providers[order.provider]?.cancelCheckout(order.providerRef);
  }
  return expired;
}

/** Cancels a pending order that was not paid (its hold ran out, or its payment page expired), in `tx`; false when it had moved on. */
async function cancelUnpaid(tx: Db, deps: ShopDeps, orderId: number, when: SQL): Promise<boolean> {
  const result = await tx.execute(sql`
    update shop_orders set state = 'cancelled', cancelled_at = now(), updated_at = now()
    where id = ${orderId} and state = 'pending' and ${when}`);
  if ((result.rowCount ?? 0) === 0) return false;
  await releaseOrderStock(tx, orderId, "released", null);
  await recordEvent(tx, orderId, "cancelled", null, "Expired unpaid.");
  await mailCustomer(tx, deps, orderId, { kind: "cancelled", expired: true, refundedCents: 0 });
  return true;
}

/**
 * The shop's side of the payment webhook (billing/webhook.ts hands it the events of shop orders,
 * in its transaction, once per event id): a payment marks the order paid when the amount is the
 * order's; an expired payment page cancels it; a refund made at the provider is recorded.
 */
export async function applyShopEvent(tx: Db, deps: ShopDeps, event: PaymentEvent): Promise<{ outcome: PaymentOutcome; orderId: number | null }> {
  if (event.kind === "ignored") return { outcome: "ignored", orderId: null };
  if (event.kind === "refunded") {
    const found = await tx.execute<{ id: number; refunded_cents: number; total_cents: number }>(
      sql`select id, refunded_cents, total_cents from shop_orders where payment_reference = ${event.paymentReference} for update`,
    );
    const order = found.rows[0];
    if (!order) return { outcome: "unknown order", orderId: null };
    // The charge's refunded total so far: only what we have not recorded yet is new.
    const added = Math.min(event.amountCents, order.total_cents) - order.refunded_cents;
    if (added <= 0) return { outcome: "already applied", orderId: order.id };
    if (!(await addRefund(tx, order.id, added))) return { outcome: "already applied", orderId: order.id };
    await recordEvent(tx, order.id, "refunded", null, "Refunded at the payment provider.", added);
    await mailCustomer(tx, deps, order.id, { kind: "refunded", amountCents: added, refundedCents: order.refunded_cents + added });
    return { outcome: "applied", orderId: order.id };
  }
  const found = await tx.execute<{ id: number; total_cents: number; currency: string }>(sql`
    select id, total_cents, currency from shop_orders
    where provider = 'stripe' and (provider_ref = ${event.providerRef} or id = ${event.orderId ?? -1})
    order by (provider_ref = ${event.providerRef}) desc limit 1`);
  const order = found.rows[0];
  if (!order) return { outcome: "unknown order", orderId: null };
  if (event.kind === "expired") {
    const done = await cancelUnpaid(tx, deps, order.id, sql`true`);
    return { outcome: done ? "applied" : "already applied", orderId: order.id };
  }
  if (event.amountCents !== order.total_cents || event.currency !== order.currency) return { outcome: "amount mismatch", orderId: order.id };
  const done = await applyShopPayment(tx, deps, order.id, event.paymentReference ?? event.providerRef);
  return { outcome: done ? "applied" : "already applied", orderId: order.id };
}

export const SWEEP_QUEUE = "shop.expire-sweep";

/** Each order's own job expires it on time; the sweep catches any whose job was lost (a restored backup, a purged queue). */
export function registerExpiry(deps: ShopDeps): void {
  deps.jobs.handle<{ orderId: number }>(EXPIRE_QUEUE, async ({ orderId }) => {
    await expireOrder(deps, orderId);
  });
  deps.jobs.handle(SWEEP_QUEUE, async () => {
    const due = await deps.db.execute<{ id: number }>(
      sql`select id from shop_orders where state = 'pending' and expires_at <= now() order by expires_at limit 500`,
    );
    for (const row of due.rows) await expireOrder(deps, Number(row.id));
  });
  deps.jobs.every(SWEEP_QUEUE, "*/15 * * * *");
}
