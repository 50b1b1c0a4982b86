import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TEST_AUTH_SECRET } from "../test/app.ts";
import { createDatabaseFromTemplate, dropDatabase, uniqueSuffix, withAdminClient } from "../test/databases.ts";
import { call, cleanUpServers, type ServerProcess, signIn, startServer, tailOf, waitFor, waitUntilReady } from "../test/server-process.ts";
import { connectDatabase } from "./db/client.ts";
import { freePort } from "./db/embedded.ts";
import { DEMO_ACCOUNTS, seedDemo } from "./seed-demo-data.ts";

/**
 * Issue 34, point 5: SIGTERM drains. The real server (main.ts as `npm start` runs it) on a
 * configured PostgreSQL, with an audited write held open by a table lock this test takes: the
 * request is in flight, provably (its backend waits on the lock), when the signal lands. No
 * timing is assumed: the lock is let go only once the node has stopped listening.
 */

const POOL_ENDED = "Cannot use a pool after calling end on the pool";
const DETAILS = { legalName: "Pablo Díaz", taxId: "12345678Z", address: "Calle Mayor 1", city: "Madrid", postalCode: "28013", country: "Spain" };

let url: string;
let databaseName: string;

beforeAll(async () => {
  const { baseUrl, template, prefix } = inject("testDatabase");
  databaseName = `${prefix}${uniqueSuffix()}`;
  url = await createDatabaseFromTemplate(baseUrl, databaseName, template);
  const database = connectDatabase(url, 2);
  try {
    await seedDemo(database.db);
  } finally {
    await database.pool.end();
  }
}, 120_000);

afterAll(async () => {
  await cleanUpServers();
  const { baseUrl } = inject("testDatabase");
  await withAdminClient(baseUrl, (client) => dropDatabase(client, databaseName));
}, 60_000);

/** An open transaction holding billing_details against writers: PUT /api/billing/details waits on it. */
async function lockBillingDetails(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("begin");
  await client.query("lock table billing_details in exclusive mode");
  return client;
}

/** Until a backend of the server waits on a lock in the test's database: the request is in flight. */
async function waitForBlockedRequest(observer: pg.Client, server: ServerProcess): Promise<void> {
  await waitFor(
    "the billing-details write to wait on the lock",
    async () => {
      const found = await observer.query<{ waiting: number }>(
        "select count(*)::int as waiting from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        [databaseName],
      );
      return found.rows[0].waiting > 0 ? true : undefined;
    },
    { server, timeoutMs: 30_000 },
  );
}

/** Until a new connection to the port is refused (the node stopped listening). */
function waitUntilRefused(server: ServerProcess, port: number): Promise<true> {
  return waitFor(
    "the port to refuse new connections",
    async () => {
      try {
        await fetch(`http://127.0.0.1:${port}/api/health/live`, { signal: AbortSignal.timeout(2_000) });
        return undefined;
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        return code === "ECONNREFUSED" ? true : undefined;
      }
    },
    { server, timeoutMs: 30_000 },
  );
}

async function auditRecords(observer: pg.Client, email: string): Promise<{ outcome: string }[]> {
  const found = await observer.query<{ outcome: string }>(
    `select a.outcome from audit_events a join users u on u.id = a.actor_id where a.action = 'billing.details.update' and u.email = $1`,
    [email],
  );
  return found.rows;
}

describe("SIGTERM", () => {
  it("stops listening, lets an audited request in flight finish and keeps its audit record, then exits 0", async () => {
    const port = await freePort();
    const server = await startServer({ DATABASE_URL: url, AUTH_SECRET: TEST_AUTH_SECRET, PORT: String(port), SHUTDOWN_GRACE_MS: "120000" });
    await waitUntilReady(server, port, 120_000);
    const { email, password } = DEMO_ACCOUNTS.patient;
    const cookie = await signIn(port, email, password);

    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    const lock = await lockBillingDetails();
    try {
      let settled = false;
      const answer = call(port, "PUT", "/api/billing/details", { cookie, body: DETAILS }).finally(() => {
        settled = true;
      });
      await waitForBlockedRequest(observer, server);

      server.child.kill("SIGTERM");
      await waitFor("the stop to begin", async () => (server.output().includes("SIGTERM: stopping") ? true : undefined), { server });
      await waitUntilRefused(server, port);
      // Draining: still running, the request still unanswered.
      expect(server.running(), tailOf(server)).toBe(true);
      expect(settled).toBe(false);

      await lock.query("commit");
      const response = await answer;
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const outcome = await server.exited;
      expect(outcome.code, tailOf(server)).toBe(0);
      expect(server.output()).not.toContain(POOL_ENDED);
      expect(await auditRecords(observer, email)).toEqual([{ outcome: "ok" }]);
      const stored = await observer.query(`select b.legal_name from billing_details b join users u on u.id = b.user_id where u.email = $1`, [email]);
      expect(stored.rows).toEqual([{ legal_name: DETAILS.legalName }]);
    } finally {
      await lock.end().catch(() => {});
      await observer.end();
    }
  }, 240_000);

  it("past SHUTDOWN_GRACE_MS cuts the request off unanswered and unaudited, never ending the pool under it, and exits 1", async () => {
    const port = await freePort();
    const server = await startServer({ DATABASE_URL: url, AUTH_SECRET: TEST_AUTH_SECRET, PORT: String(port), SHUTDOWN_GRACE_MS: "1000" });
    await waitUntilReady(server, port, 120_000);
    const { email, password } = DEMO_ACCOUNTS.clinic;
    const cookie = await signIn(port, email, password);

    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    const lock = await lockBillingDetails();
    try {
      const answer = call(port, "PUT", "/api/billing/details", { cookie, body: DETAILS }).then(
        (response) => response.status,
        () => "no answer",
      );
      await waitForBlockedRequest(observer, server);
      server.child.kill("SIGTERM");
      // The lock is held throughout: only the grace can end this stop.
      const outcome = await server.exited;
      expect(outcome.code, tailOf(server)).toBe(1);
      expect(server.output()).toContain("SHUTDOWN_GRACE_MS");
      expect(server.output()).not.toContain(POOL_ENDED);
      expect(await answer).toBe("no answer");
      await lock.query("commit");
      expect(await auditRecords(observer, email)).toEqual([]);
    } finally {
      await lock.end().catch(() => {});
      await observer.end();
    }
  }, 240_000);
});
