import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appNode, createTestApp, type TestApp } from "../../../../test/app.ts";
import { expireQuotes, QUOTE_EXPIRY_QUEUE } from "./product-quote-flow.ts";
import { makeQuote } from "./product-quotes.fixture.ts";

/**
 * Sent and viewed quotes past their validity expire exactly once (issue 38.1), however many
 * sweeps run, on however many nodes, across a restart; drafts, decided quotes and quotes still
 * valid are left alone, and nothing changes while the module is off.
 */

let t: TestApp;
const nodes: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,product_quoter" } });
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await t?.close();
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const stateOf = async (id: number) => (await t.db.execute<{ state: string }>(sql`select state from product_quotes where id = ${id}`)).rows[0]?.state;
const expiryAudits = async (ids: number[]) =>
  Number(
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_events where action = 'product_quote.expire' and (detail->>'id')::int = any(${sql.param(ids)}::int[])`,
      )
    ).rows[0]?.n,
  );
const depsOf = (app: FastifyInstance) => ({ db: app.db, jobs: app.jobs, enabled: async () => true });

async function sweep(app: FastifyInstance): Promise<void> {
  await app.jobs.send(QUOTE_EXPIRY_QUEUE, {});
  await app.jobs.drain(QUOTE_EXPIRY_QUEUE);
}

describe("quote expiry", () => {
  it("expires sent and viewed quotes past their validity once, leaving the rest", async () => {
    const sent = await makeQuote(t.db, t.ids.clinic, { state: "sent", validUntil: day(-1) });
    const viewed = await makeQuote(t.db, t.ids.clinic, { state: "viewed", validUntil: day(-3) });
    const valid = await makeQuote(t.db, t.ids.clinic, { state: "sent", validUntil: day(0) });
    const draft = await makeQuote(t.db, t.ids.clinic, { state: "draft", validUntil: day(-1) });
    const accepted = await makeQuote(t.db, t.ids.clinic, { state: "accepted", validUntil: day(-1) });

    expect(await expireQuotes({ ...depsOf(t.app), enabled: async () => false })).toBe(0);
    expect(await stateOf(sent.id)).toBe("sent");

    const a = await appNode(t, false);
    const b = await appNode(t, false);
    nodes.push(a, b);
    const counts = await Promise.all([expireQuotes(depsOf(a)), expireQuotes(depsOf(b)), expireQuotes(depsOf(a)), expireQuotes(depsOf(b))]);
    expect(counts.reduce((sum, one) => sum + one, 0)).toBe(2);
    expect(await stateOf(sent.id)).toBe("expired");
    expect(await stateOf(viewed.id)).toBe("expired");
    expect(await stateOf(valid.id)).toBe("sent");
    expect(await stateOf(draft.id)).toBe("draft");
    expect(await stateOf(accepted.id)).toBe("accepted");

    // A restart, and the job on both nodes: nothing left to claim, still one record each.
    await a.close();
    const restarted = await appNode(t, false);
    nodes.push(restarted);
    await sweep(restarted);
    await sweep(b);
    expect(await expiryAudits([sent.id, viewed.id])).toBe(2);
  });
});
