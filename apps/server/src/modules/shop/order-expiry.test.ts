import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appNode, createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { EXPIRE_QUEUE } from "./orders.service.ts";
import { SWEEP_QUEUE } from "./order-states.ts";
import { shopOrders, shopStockMoves, shopVariants } from "./shop.table.ts";

/**
 * An unpaid order's stock comes back exactly once across a restart (issue 20.4): the node that
 * took the order stops before its expiry job runs; a new node's worker runs it; another node
 * then runs the job and the sweep again, as a retry or a second node would.
 */

let t: TestApp;
const extraApps: FastifyInstance[] = [];

/** Another app node on the same database (a restart, or a second node). */
async function node(worker: boolean): Promise<FastifyInstance> {
  const app = await appNode(t, worker);
  extraApps.push(app);
  return app;
}

/** Waits (polling) until `check` holds; fails after `seconds`. A bound on waiting, not a timing assertion. */
async function eventually(check: () => Promise<boolean>, seconds = 30): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("Condition not reached in time");
}

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,virtual_shop" } });
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t?.close();
});

describe("an unpaid order's expiry", () => {
  it("returns its stock exactly once across a restart, whichever nodes run the job and the sweep", async () => {
    const patient = await t.loginAs("patient");
    const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: patient, ...(method === "GET" ? {} : { origin: TEST_PUBLIC_URL }) }, ...(payload ? { payload } : {}) });
    // The demo store's bundle: three variants at once.
    const [store] = (await call("GET", "/api/shop/storefront/stores")).json();
    const bundle = (await call("GET", `/api/shop/storefront/stores/${store.id}/items?q=kit`)).json().data[0];
    const parts = (await call("GET", `/api/shop/storefront/bundles/${bundle.id}`)).json().items.map((item: { variantId: number }) => item.variantId);
    const stock = async () =>
      (
        await t.db
          .select({ id: shopVariants.id, stock: shopVariants.stock })
          .from(shopVariants)
          .where(sql`${shopVariants.id} = any(${sql.param(parts)}::int[])`)
      )
        .sort((a, b) => a.id - b.id)
        .map((row) => row.stock);
    const before = await stock();
    await call("PUT", `/api/shop/cart/${store.id}/lines`, { bundleId: bundle.id, quantity: 2 });
    const placed = await call("POST", `/api/shop/cart/${store.id}/checkout`, { provider: "manual", fulfilment: "collect" });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id;
    expect(await stock()).toEqual(before.map((units) => units - 2));

    // Its hold runs out while the node that took it is down.
    await t.db
      .update(shopOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shopOrders.id, orderId));
    await t.db.execute(sql`update pgboss.job set start_after = now() where name = ${EXPIRE_QUEUE} and (data->>'orderId')::int = ${orderId}`);
    await t.app.close();

    // After the restart, a node with a worker runs the order's job by itself.
    await node(true);
    const state = async () => (await t.db.select({ state: shopOrders.state }).from(shopOrders).where(eq(shopOrders.id, orderId)))[0]?.state;
    await eventually(async () => (await state()) === "cancelled");

    // Another node runs the job again and the sweep: nothing more comes back.
    const second = await node(false);
    await second.jobs.send(EXPIRE_QUEUE, { orderId });
    await second.jobs.send(SWEEP_QUEUE, {});
    await second.jobs.drain(EXPIRE_QUEUE);
    await second.jobs.drain(SWEEP_QUEUE);
    expect(await stock()).toEqual(before);
    const released = await t.db
      .select()
      .from(shopStockMoves)
      .where(and(eq(shopStockMoves.orderId, orderId), eq(shopStockMoves.reason, "released")));
    expect(released.map((move) => move.delta)).toEqual([2, 2, 2]);
  });
});
