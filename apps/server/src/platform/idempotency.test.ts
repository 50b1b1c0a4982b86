import { randomUUID } from "node:crypto";
import { IDEMPOTENCY_REFUSALS } from "@clinic/shared";
import { and, count, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { countStatements, describeStatements } from "../../test/statements.ts";
import { requireAuth } from "./access.ts";
import { conflict } from "./errors.ts";
import { idempotentRequests } from "./idempotency.table.ts";
import { PENDING_TAKEOVER_SECONDS, purgeIdempotencyKeys } from "./idempotency.ts";

/**
 * The generic mechanism on test-only routes, so each case sees how often the handler ran: the
 * routes of issue 43 that use it are tested beside their own code.
 */
let t: TestApp;
const cookies: Record<"patient" | "patient2", string> = { patient: "", patient2: "" };
/** Handler runs by route. */
const runs = { echo: 0, failing: 0, refusing: 0, slow: 0, plain: 0 };
/** The slow route waits for this gate; `entered` resolves once its handler runs. */
let gate: { open: () => void; wait: Promise<void> } = newGate();
let entered: { reached: () => void; wait: Promise<void> } = newEntered();
let failNext = true;

function newGate() {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, wait };
}
function newEntered() {
  let reached = () => {};
  const wait = new Promise<void>((resolve) => {
    reached = resolve;
  });
  return { reached, wait };
}

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      const options = { preValidation: requireAuth, config: { idempotent: true } };
      app.post("/api/test-idempotent/echo", options, async (request, reply) => {
        runs.echo += 1;
        return reply.status(201).send({ run: runs.echo, body: request.body });
      });
      app.post("/api/test-idempotent/other", options, async () => ({ other: true }));
      app.post("/api/test-idempotent/failing", options, async () => {
        runs.failing += 1;
        if (failNext) {
          failNext = false;
          throw new Error("a failure of ours");
        }
        return { run: runs.failing };
      });
      app.post("/api/test-idempotent/refusing", options, async () => {
        runs.refusing += 1;
        throw conflict(`Refused, run ${runs.refusing}.`);
      });
      app.post("/api/test-idempotent/slow", options, async (request) => {
        runs.slow += 1;
        const run = runs.slow;
        entered.reached();
        await gate.wait;
        return { run, body: request.body };
      });
      // The same handler without the opt-in: a header changes nothing.
      app.post("/api/test-idempotent/plain", { preValidation: requireAuth }, async () => ({ run: ++runs.plain }));
    },
  });
  cookies.patient = await t.loginAs("patient");
  cookies.patient2 = await t.loginAs("patient2");
});
afterAll(async () => t?.close());

function post(path: string, body: unknown, key?: string, who: keyof typeof cookies = "patient"): Promise<InjectResponse> {
  const headers: Record<string, string> = { cookie: cookies[who], origin: TEST_PUBLIC_URL };
  if (key !== undefined) headers["idempotency-key"] = key;
  return t.app.inject({ method: "POST", url: `/api/test-idempotent/${path}`, headers, payload: body as object });
}

const rowsOf = async (key: string) => t.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, key));
const rowCount = async () => (await t.db.select({ n: count() }).from(idempotentRequests))[0]?.n ?? 0;

describe("a request under an Idempotency-Key", () => {
  it("runs once: a resend of the same request answers the stored answer, marked as replayed, without running again", async () => {
    const key = randomUUID();
    const before = runs.echo;
    const first = await post("echo", { b: 2, a: [1, { z: 1, y: 2 }] }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    // The same body with its keys in another order is the same request.
    const again = await post("echo", { a: [1, { y: 2, z: 1 }], b: 2 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(runs.echo).toBe(before + 1);
    const [row] = await rowsOf(key);
    expect(row).toMatchObject({ method: "POST", path: "/api/test-idempotent/echo", status: 201, answer: first.json() });
  });

  it("runs every time without the header (old clients), and on routes that did not opt in", async () => {
    const before = { echo: runs.echo, plain: runs.plain, rows: await rowCount() };
    await post("echo", { n: 1 });
    await post("echo", { n: 1 });
    const key = randomUUID();
    await post("plain", {}, key);
    await post("plain", {}, key);
    expect(runs.echo).toBe(before.echo + 2);
    expect(runs.plain).toBe(before.plain + 2);
    expect(await rowCount()).toBe(before.rows);
  });

  it("refuses a key that is not one UUID (400 with a detail), running and storing nothing", async () => {
    const before = { echo: runs.echo, rows: await rowCount() };
    for (const key of ["", "abc", "0f8fad5b-d9cb-469f-a165-70867728950", `${randomUUID()}x`, "'; drop table users; --"]) {
      const response = await post("echo", { n: 1 }, key);
      expect({ key, status: response.statusCode }).toEqual({ key, status: 400 });
      expect(response.json()).toEqual({ detail: IDEMPOTENCY_REFUSALS.keyMalformed });
    }
    expect(runs.echo).toBe(before.echo);
    expect(await rowCount()).toBe(before.rows);
  });

  it("takes the key in any letter case as the same key", async () => {
    const key = randomUUID();
    const first = await post("echo", { n: 3 }, key);
    const again = await post("echo", { n: 3 }, key.toUpperCase());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
  });

  it("refuses the same key for another body or another path (422 keyReused), running nothing", async () => {
    const key = randomUUID();
    await post("echo", { n: 1 }, key);
    const before = runs.echo;
    for (const [path, body] of [
      ["echo", { n: 2 }],
      ["other", { n: 1 }],
    ] as const) {
      const response = await post(path, body, key);
      expect({ path, status: response.statusCode }).toEqual({ path, status: 422 });
      expect(response.json()).toEqual({ detail: IDEMPOTENCY_REFUSALS.keyReused, code: "keyReused" });
    }
    expect(runs.echo).toBe(before);
    expect(await rowsOf(key)).toHaveLength(1);
  });

  it("keeps keys apart by user: another user's same key is a request of its own", async () => {
    const key = randomUUID();
    const mine = await post("echo", { n: 1 }, key, "patient");
    const theirs = await post("echo", { n: 1 }, key, "patient2");
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json().run).toBe(mine.json().run + 1);
    expect(await rowsOf(key)).toHaveLength(2);
  });

  it("stores a refusal of the handler (4xx) and answers it again", async () => {
    const key = randomUUID();
    const first = await post("refusing", {}, key);
    const again = await post("refusing", {}, key);
    expect(first.statusCode).toBe(409);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
  });

  it("stores no failure of ours (5xx): the key is tried again and then runs", async () => {
    const key = randomUUID();
    failNext = true;
    const failed = await post("failing", {}, key);
    expect(failed.statusCode).toBe(500);
    expect(await rowsOf(key)).toEqual([]);
    const retried = await post("failing", {}, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    expect((await rowsOf(key))[0]).toMatchObject({ status: 200, answer: retried.json() });
  });

  it("tells a resend while the first is still running to retry shortly (409 requestInFlight, Retry-After), then replays", async () => {
    const key = randomUUID();
    gate = newGate();
    entered = newEntered();
    const first = post("slow", { n: 1 }, key);
    await entered.wait;
    const during = await post("slow", { n: 1 }, key);
    expect(during.statusCode).toBe(409);
    expect(during.json()).toEqual({ detail: IDEMPOTENCY_REFUSALS.requestInFlight, code: "requestInFlight" });
    expect(during.headers["retry-after"]).toBe("1");
    gate.open();
    const answered = await first;
    expect(answered.statusCode).toBe(200);
    const after = await post("slow", { n: 1 }, key);
    expect(after.headers["idempotent-replayed"]).toBe("true");
    expect(after.json()).toEqual(answered.json());
  });

  it("lets a resend take over a claim abandoned by a node that died, and the late first answer no longer overwrites it", async () => {
    const key = randomUUID();
    gate = newGate();
    entered = newEntered();
    const stalled = post("slow", { n: 2 }, key);
    await entered.wait;
    // As if its node had died: the claim is older than the takeover delay.
    await t.db
      .update(idempotentRequests)
      .set({ updatedAt: sql`now() - make_interval(secs => ${PENDING_TAKEOVER_SECONDS + 5})` })
      .where(eq(idempotentRequests.key, key));
    const takeover = post("slow", { n: 2 }, key);
    gate.open();
    const [late, taken] = await Promise.all([stalled, takeover]);
    expect(taken.statusCode).toBe(200);
    expect(taken.headers["idempotent-replayed"]).toBeUndefined();
    expect(taken.json().run).not.toBe(late.json().run);
    // Whichever finished first, the row holds the answer of the request that held the claim last.
    const [row] = await rowsOf(key);
    expect(row?.answer).toEqual(taken.json());
  });

  it("costs one statement before the handler and one after, and a replay one in all", async () => {
    const key = randomUUID();
    const own = (statements: string[]) => statements.filter((text) => text.includes("idempotent_requests"));
    const first = await countStatements(t.database.pool, () => post("echo", { n: 9 }, key));
    expect(own(first.statements), describeStatements(first.statements)).toHaveLength(2);
    const replayed = await countStatements(t.database.pool, () => post("echo", { n: 9 }, key));
    expect(own(replayed.statements), describeStatements(replayed.statements)).toHaveLength(1);
  });
});

describe("the purge of old keys", () => {
  it("forgets keys older than the given days and keeps the rest", async () => {
    const oldKey = randomUUID();
    const newKey = randomUUID();
    await post("echo", { n: 1 }, oldKey);
    await post("echo", { n: 1 }, newKey);
    await t.db
      .update(idempotentRequests)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(and(eq(idempotentRequests.key, oldKey)));
    expect(await purgeIdempotencyKeys(t.db, 30)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(oldKey)).toEqual([]);
    expect(await rowsOf(newKey)).toHaveLength(1);
  });
});
