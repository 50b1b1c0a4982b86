import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appNode, createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { makeInsuranceProduct, quoteBody } from "./insurance.fixture.ts";
import { QUOTE_EXPIRY_QUEUE } from "./quote-expiry.ts";

/**
 * A sent quote past its validity expires exactly once (issue 38.3), whichever nodes run the
 * sweep and however often: the first node closes before its sweep, two others run it at once.
 */

let t: TestApp;
const extraApps: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,quoter" } });
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t?.close();
});

const stateOf = async (id: number) => (await t.db.execute<{ state: string }>(sql`select state from insurance_quotes where id = ${id}`)).rows[0]?.state;

describe("quote expiry", () => {
  it("expires a sent quote past its day once across nodes; drafts and valid quotes stay", async () => {
    const admin = await t.loginAs("admin");
    const product = await makeInsuranceProduct(t.db);
    const post = async (url: string, payload: object) => {
      const answer = await t.app.inject({ method: "POST", url, headers: { cookie: admin, origin: TEST_PUBLIC_URL }, payload });
      if (answer.statusCode >= 300) throw new Error(answer.body);
      return answer.json() as { id: number };
    };
    const late = await post("/api/quoter/quotes", quoteBody(product.id));
    const valid = await post("/api/quoter/quotes", quoteBody(product.id));
    const lateDraft = await post("/api/quoter/quotes", quoteBody(product.id));
    await post(`/api/quoter/quotes/${late.id}/send`, { option: 1 });
    await post(`/api/quoter/quotes/${valid.id}/send`, { option: 1 });
    await t.db.execute(sql`update insurance_quotes set valid_until = current_date - 2 where id in (${late.id}, ${lateDraft.id})`);
    await t.app.close();

    const nodes = [await appNode(t, false), await appNode(t, false)];
    extraApps.push(...nodes);
    for (const node of nodes) await node.jobs.send(QUOTE_EXPIRY_QUEUE, {});
    await Promise.all(nodes.map((node) => node.jobs.drain(QUOTE_EXPIRY_QUEUE)));
    for (const node of nodes) await node.jobs.send(QUOTE_EXPIRY_QUEUE, {});
    await Promise.all(nodes.map((node) => node.jobs.drain(QUOTE_EXPIRY_QUEUE)));

    expect(await stateOf(late.id)).toBe("expired");
    expect(await stateOf(valid.id)).toBe("sent");
    expect(await stateOf(lateDraft.id)).toBe("draft");
  });
});
