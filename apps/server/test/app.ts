import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from "fastify";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { connectDatabase, type Database, type Db } from "../src/db/client.ts";
import { users } from "../src/db/schema.ts";
import { DEMO_ACCOUNTS, type DemoRole, seedDemo } from "../src/seed-demo-data.ts";
import { createDatabaseFromTemplate, dropDatabase, uniqueSuffix, withAdminClient } from "./databases.ts";

/** A fixed secret: tests need no secrecy, only the 32+ characters the auth library asks for. */
export const TEST_AUTH_SECRET = "0123456789abcdef".repeat(4);
export const TEST_PUBLIC_URL = "http://localhost:8000";

/** The environment every test app starts from; `createTestApp({ env })` overrides single keys. */
export const TEST_ENV: Readonly<Record<string, string>> = {
  PUBLIC_URL: TEST_PUBLIC_URL,
  FEATURE_FLAGS: "clinic",
  LOGIN_ACCOUNT_MAX_FAILURES: "5",
  LOGIN_ADDRESS_MAX_FAILURES: "100",
  LOGIN_LOCK_MINUTES: "15",
  SESSION_IDLE_MINUTES: "60",
  SESSION_MAX_HOURS: "12",
  LOG_LEVEL: "silent",
  NODE_ENV: "test",
  // Jobs run when a test drains their queue (`app.jobs.drain`), never behind its back.
  JOBS_WORKER: "false",
  // Audit records are sealed when a test calls sealPendingAuditRecords, never behind its back.
  AUDIT_SEAL_DELAY_MS: "0",
};

export interface TestAppOptions {
  /** Environment overrides, e.g. `{ LOGIN_ADDRESS_MAX_FAILURES: "3" }`. */
  env?: Record<string, string>;
  /** Seed the demo accounts of seed-demo-data.ts (default true). */
  seed?: boolean;
  /** Register extra (test-only) routes or hooks before the app is made ready. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** A built web app to serve (default: none, so pages answer 404). */
  webDist?: string;
  /** Log to this stream (JSON lines, at LOG_LEVEL: set it in `env`), for tests of what is logged. */
  logStream?: NodeJS.WritableStream;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /** Ids of the demo accounts (empty when `seed: false`). */
  ids: Record<DemoRole, string>;
  /** Signs a demo account in; answers the `cookie` header value for later requests. */
  loginAs(role: DemoRole): Promise<string>;
  /** Signs any account in; answers the `cookie` header value, and throws when sign-in fails. */
  login(email: string, password: string): Promise<string>;
  /** The raw sign-in call, for tests of sign-in itself. */
  signIn(email: string, password: string, options?: { remoteAddress?: string; headers?: Record<string, string> }): Promise<InjectResponse>;
  close(): Promise<void>;
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a `cookie` request header. */
export function cookieHeaderOf(response: InjectResponse): string {
  const raw = response.headers["set-cookie"];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.map((line) => line.split(";")[0]).join("; ");
}

let addressCounter = 0;
/**
 * A client address of its own for each helper sign-in, so that the failures a file's tests
 * make on purpose never add up to an address's ceiling (throttling tests pass their own).
 */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * A whole server on a fresh database copied from the run's migrated template, with the demo
 * clinic seeded. Call it in `beforeAll` and `close()` it in `afterAll`.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { baseUrl, template, prefix } = inject("testDatabase");
  const name = `${prefix}${uniqueSuffix()}`;
  const url = await createDatabaseFromTemplate(baseUrl, name, template);
  const database = connectDatabase(url, 4);
  let app: FastifyInstance | undefined;

  // Each app stores uploads in a folder of its own, never under the repository's ./data.
  const uploadsDir = path.join(os.tmpdir(), "clinic-test-uploads", name);
  const close = async () => {
    await app?.close();
    await rm(uploadsDir, { recursive: true, force: true });
    await database.pool.end();
    await withAdminClient(baseUrl, (client) => dropDatabase(client, name));
  };

  try {
    const config = loadConfig({ ...TEST_ENV, DATABASE_URL: url, UPLOADS_DIR: uploadsDir, ...options.env });
    if (options.seed !== false) await seedDemo(database.db);
    const ids = await demoIds(database.db);
    app = await buildApp({
      config,
      database,
      authSecret: TEST_AUTH_SECRET,
      webDist: options.webDist ?? path.join(os.tmpdir(), "clinic-test-no-web-dist", uniqueSuffix()),
      ...(options.logStream ? { logger: true, logStream: options.logStream } : {}),
    });
    await options.beforeReady?.(app);
    await app.ready();
    const instance = app;

    const signIn: TestApp["signIn"] = (email, password, signInOptions = {}) =>
      instance.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email, password },
        headers: signInOptions.headers,
        remoteAddress: signInOptions.remoteAddress ?? nextAddress(),
      });

    const login = async (email: string, password: string) => {
      const response = await signIn(email, password);
      const cookie = cookieHeaderOf(response);
      if (response.statusCode !== 200 || !cookie) {
        throw new Error(`Sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
      }
      return cookie;
    };

    return {
      app: instance,
      db: database.db,
      database,
      config,
      ids,
      signIn,
      login,
      loginAs: (role) => login(DEMO_ACCOUNTS[role].email, DEMO_ACCOUNTS[role].password),
      close,
    };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

async function demoIds(db: Db): Promise<Record<DemoRole, string>> {
  const emails = Object.values(DEMO_ACCOUNTS).map((account) => account.email);
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const byEmail = new Map(rows.map((row) => [row.email, row.id]));
  return Object.fromEntries(Object.entries(DEMO_ACCOUNTS).map(([role, account]) => [role, byEmail.get(account.email) ?? ""])) as Record<DemoRole, string>;
}

/** Reads one user row back, to check what a request wrote (or did not). */
export async function readUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`No user ${id}`);
  return row;
}

/** The session token inside a session cookie (the part before the signature): the `sessions.token` column. */
export function sessionTokenOf(cookie: string): string {
  const pair = cookie.split("; ").find((part) => part.startsWith("clinic.session_token="));
  if (!pair) throw new Error(`No session cookie in ${cookie}`);
  return decodeURIComponent(pair.slice("clinic.session_token=".length)).split(".")[0];
}

/**
 * Another app node on the test app's database (a restart, or a second node), its job worker on
 * or off and polling every half second. The caller closes it.
 */
export async function appNode(t: TestApp, worker: boolean): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { ...t.config, jobs: { ...t.config.jobs, worker, pollingSeconds: 0.5 } },
    database: t.database,
    authSecret: TEST_AUTH_SECRET,
  });
  await app.ready();
  return app;
}

/**
 * A second whole app node on the test app's database with a pool of its own, as behind a load
 * balancer: what one node keeps in memory (identities, pages, sockets) the other does not share.
 * `close` ends the node, then its pool.
 */
export async function secondNode(t: TestApp): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  const database = connectDatabase(t.database.url, 2);
  const app = await buildApp({
    config: t.config,
    database,
    authSecret: TEST_AUTH_SECRET,
    webDist: path.join(os.tmpdir(), "clinic-test-no-web-dist", uniqueSuffix()),
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.pool.end();
    },
  };
}
