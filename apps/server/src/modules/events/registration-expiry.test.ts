import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appNode, createTestApp, type TestApp } from "../../../test/app.ts";
import type { Db } from "../../db/client.ts";
import { mailMessages } from "../../platform/mail.table.ts";
import { eventDepsOf } from "./events-scope.ts";
import { makeEvent } from "./events.fixture.ts";
import { eventEvents, eventRegistrations, eventTicketTypes } from "./events.table.ts";
import { EXPIRE_QUEUE, SWEEP_QUEUE, scheduleExpiry } from "./registration-payments.ts";
import { makeRegistration } from "./registration.fixture.ts";

/**
 * An unpaid registration gives its place back exactly once across a restart (issue 37.3): the
 * node that registered it stops before its expiry job runs; a new node's worker runs it; another
 * node then runs the job and the sweep again, as a retry or a second node would.
 */

let t: TestApp;
let linkKey: Buffer;
const extraApps: FastifyInstance[] = [];

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
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
  linkKey = t.app.deriveKey("event-links");
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t?.close();
});

const stateOf = async (id: number) =>
  (await t.db.select({ state: eventRegistrations.state }).from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0]?.state;
const places = async (eventId: number, ticketTypeId: number) => ({
  event: (await t.db.select({ taken: eventEvents.taken }).from(eventEvents).where(eq(eventEvents.id, eventId)))[0]?.taken,
  ticket: (await t.db.select({ taken: eventTicketTypes.taken }).from(eventTicketTypes).where(eq(eventTicketTypes.id, ticketTypeId)))[0]?.taken,
});
const expiredMails = async (id: number) => {
  const [row] = await t.db.select({ email: eventRegistrations.email }).from(eventRegistrations).where(eq(eventRegistrations.id, id));
  return t.db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.to, row?.email as string), eq(mailMessages.kind, "event.expired")));
};

/** A full priced event (one place) held by an unpaid registration due at `expiresAt`, its job queued, and two waiting behind it. */
async function heldEvent(app: FastifyInstance, expiresAt: Date) {
  const event = await makeEvent(t.db, t.ids.clinic, { capacity: 1, tickets: [{ priceCents: 1500 }] });
  const ticketTypeId = event.ticketTypeIds[0] as number;
  const target = { id: event.id, ticketTypeId };
  const unpaid = await makeRegistration(t.db, linkKey, target, { state: "pending_payment", amountCents: 1500, expiresAt });
  const first = await makeRegistration(t.db, linkKey, target, { state: "waiting", amountCents: 1500 });
  const second = await makeRegistration(t.db, linkKey, target, { state: "waiting", amountCents: 1500 });
  await t.db.transaction((tx) => scheduleExpiry(tx as unknown as Db, eventDepsOf(app), unpaid.id, expiresAt));
  return { event, ticketTypeId, unpaid, first, second };
}

describe("an unpaid registration's expiry", () => {
  it("leaves a registration alone before its hold ends, and one that was paid", async () => {
    const { unpaid } = await heldEvent(t.app, new Date(Date.now() + 3_600_000));
    // Its job run early (a clock ahead, a job moved by hand): the hold is not over.
    await t.db.execute(sql`update pgboss.job set start_after = now() where name = ${EXPIRE_QUEUE} and (data->>'registrationId')::int = ${unpaid.id}`);
    await t.app.jobs.drain(EXPIRE_QUEUE);
    expect(await stateOf(unpaid.id)).toBe("pending_payment");

    const other = await makeEvent(t.db, t.ids.clinic, { tickets: [{ priceCents: 1500 }] });
    const target = { id: other.id, ticketTypeId: other.ticketTypeIds[0] as number };
    const paid = await makeRegistration(t.db, linkKey, target, { state: "confirmed", amountCents: 1500, expiresAt: new Date(Date.now() - 1000) });
    await t.app.jobs.send(EXPIRE_QUEUE, { registrationId: paid.id });
    await t.app.jobs.drain(EXPIRE_QUEUE);
    expect(await stateOf(paid.id)).toBe("confirmed");
  });

  it("frees its place exactly once across a restart, whichever nodes run the job and the sweep", async () => {
    const { event, ticketTypeId, unpaid, first, second } = await heldEvent(t.app, new Date(Date.now() + 3_600_000));
    expect(await places(event.id, ticketTypeId)).toEqual({ event: 1, ticket: 1 });

    // Its hold runs out while the node that took it is down.
    await t.db
      .update(eventRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventRegistrations.id, unpaid.id));
    await t.db.execute(sql`update pgboss.job set start_after = now() where name = ${EXPIRE_QUEUE} and (data->>'registrationId')::int = ${unpaid.id}`);
    await t.app.close();

    // After the restart, a node with a worker runs the registration's job by itself.
    await node(true);
    await eventually(async () => (await stateOf(unpaid.id)) === "expired");

    // Another node runs the job again and the sweep: nothing more moves.
    const other = await node(false);
    await other.jobs.send(EXPIRE_QUEUE, { registrationId: unpaid.id });
    await other.jobs.send(SWEEP_QUEUE, {});
    await other.jobs.drain(EXPIRE_QUEUE);
    await other.jobs.drain(SWEEP_QUEUE);

    // The place went to the first one waiting, once: the second still waits, and taken counts one.
    expect(await stateOf(first.id)).toBe("pending_payment");
    expect(await stateOf(second.id)).toBe("waiting");
    expect(await places(event.id, ticketTypeId)).toEqual({ event: 1, ticket: 1 });
    expect(await expiredMails(unpaid.id)).toHaveLength(1);
  });
});
