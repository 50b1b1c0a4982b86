import { chmodSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../seed-demo-data.ts";
import {
  call,
  cleanUpServers,
  isAlive,
  postmasterPidOf,
  startServer,
  signIn,
  tailOf,
  tempDataDir,
  waitFor,
  waitUntilReady,
} from "../../test/server-process.ts";
import { startSmtpServer, type TestSmtpServer } from "../../test/smtp.ts";
import { type EmbeddedServer, ensureDatabase, freePort, startEmbeddedPostgres } from "./embedded.ts";

/**
 * The database dies under the running app (issue 13, point 13): the embedded PostgreSQL killed
 * as the out-of-memory killer would (kill -9 of its postmaster), and a configured server that
 * goes away and comes back. The app keeps running, answers 503 meanwhile (readiness included),
 * and serves again by itself: pools and the job queue connect anew.
 */

const AUTH_SECRET = "0123456789abcdef".repeat(4);
const OUTAGE_DETAIL = "The database is not reachable right now. Try again in a moment.";
/** Cluster folders whose mode a test loosened, put back before they are removed. */
const loosened = new Set<string>();
const externals: EmbeddedServer[] = [];
let smtp: TestSmtpServer | undefined;

afterAll(async () => {
  for (const dir of loosened) chmodSync(dir, 0o700);
  await cleanUpServers();
  for (const server of externals) await server.stop().catch(() => {});
  await smtp?.close();
}, 90_000);

/** Waits for readiness to report the database gone (503); answers that reply. */
function readinessDown(server: Parameters<typeof waitUntilReady>[0], port: number) {
  return waitFor(
    "readiness to answer 503",
    async () => {
      const ready = await call(port, "GET", "/api/health/ready");
      return ready.status === 503 ? ready : undefined;
    },
    { server, timeoutMs: 30_000 },
  );
}

describe("the embedded PostgreSQL killed under the running app", () => {
  it("answers 503 while it is down, starts it again by itself and serves the same data; gives up non-zero when it cannot", async () => {
    const dataDir = tempDataDir();
    const clusterDir = path.join(dataDir, "postgres");
    const port = await freePort();
    const server = await startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitUntilReady(server, port, 150_000);
    const cookie = await signIn(port, DEMO_ACCOUNTS.therapist.email, DEMO_ACCOUNTS.therapist.password);
    const before = await call(port, "POST", "/api/recommendations/", { cookie, body: { name: "Written before the crash", description: "Kept" } });
    expect(before.status).toBe(201);

    const postmaster = postmasterPidOf(clusterDir);
    if (!postmaster) throw new Error(`no postmaster.pid in ${clusterDir}`);
    // PostgreSQL refuses to start on a data folder others may read, and a running server does not
    // look again: so the app's first attempts to start it again fail, and the outage lasts until
    // the test gives the folder its mode back.
    chmodSync(clusterDir, 0o777);
    loosened.add(clusterDir);
    process.kill(postmaster, "SIGKILL");

    const outage = await readinessDown(server, port);
    expect(outage.body).toMatchObject({ status: "unavailable", database: "unreachable", migrations: "unknown" });
    expect((await call(port, "GET", "/api/health/live")).status).toBe(200);
    const during = await call(port, "GET", "/api/recommendations/", { cookie });
    expect(during.status).toBe(503);
    expect(during.body).toEqual({ detail: OUTAGE_DETAIL, requestId: during.headers.get("x-request-id") });
    expect(during.headers.get("retry-after")).toBe("5");
    const write = await call(port, "POST", "/api/recommendations/", { cookie, body: { name: "Written during the outage", description: "Refused" } });
    expect(write.status).toBe(503);
    await waitFor(
      "a failed attempt to start PostgreSQL again",
      async () => (server.output().includes("PostgreSQL did not start again yet") ? true : undefined),
      {
        server,
        timeoutMs: 30_000,
      },
    );
    expect(server.output()).toMatch(/PostgreSQL did not start again yet: .*FATAL: .*permissions/);

    chmodSync(clusterDir, 0o700);
    loosened.delete(clusterDir);
    await waitUntilReady(server, port, 60_000);
    expect(server.running()).toBe(true);
    const restarted = postmasterPidOf(clusterDir);
    expect(restarted).toBeDefined();
    expect(restarted).not.toBe(postmaster);
    expect(server.output()).toContain(`PostgreSQL (pid ${postmaster}) ended unexpectedly (killed by SIGKILL)`);
    expect(server.output()).toContain("PostgreSQL is running again");
    const read = await call(port, "GET", `/api/recommendation/${(before.body as { id: number }).id}`, { cookie });
    expect(read.status, tailOf(server)).toBe(200);
    const after = await call(port, "POST", "/api/recommendations/", { cookie, body: { name: "Written after the crash", description: "Kept" } });
    expect(after.status).toBe(201);

    // Killed again, on a folder it can never start on: after its bounded attempts the app ends
    // non-zero with the reason, so that a service manager starts it afresh.
    if (!restarted) return;
    chmodSync(clusterDir, 0o777);
    loosened.add(clusterDir);
    process.kill(restarted, "SIGKILL");
    const outcome = await Promise.race([server.exited, sleep(90_000).then(() => null)]);
    if (!outcome) throw new Error(`the app did not give up on PostgreSQL; its output:\n${tailOf(server)}`);
    expect(outcome.code).toBe(1);
    expect(server.output()).toMatch(/\[server\] error: PostgreSQL in .* ended \(killed by SIGKILL\) and did not start again after \d+ attempts/);
    expect(server.output()).toContain("service manager");
  }, 300_000);
});

describe("a configured PostgreSQL (DATABASE_URL) that goes away and comes back", () => {
  it("answers 503 while it is away, then serves again and runs queued jobs, with no restart of the app", async () => {
    smtp = await startSmtpServer();
    const externalDir = tempDataDir();
    const databasePort = await freePort();
    const external = await startEmbeddedPostgres(path.join(externalDir, "postgres"), { port: databasePort });
    externals.push(external);
    const url = await ensureDatabase(external.baseUrl, "clinic");
    const port = await freePort();
    const server = await startServer({ DATABASE_URL: url, AUTH_SECRET, PORT: String(port), SMTP_URL: smtp.url, JOBS_POLL_SECONDS: "0.5" });
    await waitUntilReady(server, port, 150_000);
    // The pool holds idle connections to the server about to die.
    await Promise.all(Array.from({ length: 4 }, () => call(port, "GET", "/api/health/ready")));

    const postmaster = external.pid();
    if (!postmaster) throw new Error("the external PostgreSQL is not running");
    process.kill(postmaster, "SIGKILL");
    const outage = await readinessDown(server, port);
    expect(outage.body).toMatchObject({ status: "unavailable", database: "unreachable" });
    const signInDuring = await call(port, "POST", "/api/auth/sign-in/email", { body: { email: "nobody@example.com", password: "Not-a-password-1" } });
    expect(signInDuring.status).toBe(503);

    // The same server on the same port, as after a failover or a restart of the database host.
    await waitFor("the postmaster to be gone", async () => (isAlive(postmaster) ? undefined : true), { timeoutMs: 30_000 });
    const back = await startEmbeddedPostgres(path.join(externalDir, "postgres"), { port: databasePort });
    externals.push(back);
    // No dead connection is handed out: the first call after the return already works.
    const first = await call(port, "GET", "/api/health/ready");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const signInAfter = await call(port, "POST", "/api/auth/sign-in/email", { body: { email: "nobody@example.com", password: "Not-a-password-1" } });
    expect(signInAfter.status).toBe(401);

    // The job queue reconnected too: a queued email is delivered by the app's worker.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let id: number;
    try {
      const inserted = await client.query<{ id: string }>(
        `insert into mail_messages ("to", subject, text, kind, status) values ('someone@example.com', 'Sent after the outage', 'Hello', 'test', 'queued') returning id`,
      );
      id = Number(inserted.rows[0].id);
    } finally {
      await client.end();
    }
    const boss = new PgBoss({ connectionString: url, schema: "pgboss", supervise: false, schedule: false });
    await boss.start();
    try {
      await boss.send("mail.deliver", { id });
    } finally {
      await boss.stop({ graceful: false });
    }
    const smtpServer = smtp;
    await waitFor(
      "the queued email to be delivered",
      async () => (smtpServer.messages.some((mail) => mail.raw.includes("Sent after the outage")) ? true : undefined),
      {
        server,
        timeoutMs: 30_000,
      },
    );
    expect(server.running()).toBe(true);
  }, 240_000);
});
