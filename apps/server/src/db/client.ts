import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { TableWrites, trackWrites } from "../platform/paging.ts";
import { PreparingClient } from "./prepared.ts";
import * as schema from "./tables.ts";

export type Db = NodePgDatabase<typeof schema>;
export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
}

/** A server that does not answer within this is reported as unreachable, never waited on for ever. */
export const CONNECT_TIMEOUT_MS = 10_000;

export function connectDatabase(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server that vanished without closing its sockets (a host reboot, a dropped route) is found
    // by TCP keep-alive, so an idle connection to it does not hang the next query.
    keepAlive: true,
    // Each statement planned once per connection (prepared.ts).
    Client: PreparingClient,
  });
  // A dropped idle connection must not take the process down; the pool discards it and connects anew.
  pool.on("error", () => {});
  // Nor a dropped connection that is checked out between two statements (inside a transaction, say):
  // pg-pool listens only while a client is idle, and a client's unheard "error" throws. The statement
  // in flight, or the next one, still fails with the error, as it should.
  pool.on("connect", (client) => client.on("error", () => {}));
  // The logger sees every statement Drizzle sends: writes drop the cached list totals of their tables.
  const writes = new TableWrites();
  const db = drizzle(pool, { schema, logger: writes });
  trackWrites(db, writes);
  return { db, pool, url };
}

/**
 * SQLSTATEs of a server that is going away or not yet back: admin_shutdown, crash_shutdown,
 * cannot_connect_now (starting up, in recovery), and the connection_exception class.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
const UNAVAILABLE_SYSCALL_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
/** What pg and pg-pool say, without a code, when a connection breaks or cannot be made in time. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
];

/**
 * True when `error` (as pg, pg-pool or Drizzle wrap it) means the database cannot be reached
 * right now, as opposed to a query it refused: such calls answer 503, and are worth retrying.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const current = pending.pop() as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | null | undefined;
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    if (typeof current.code === "string" && (UNAVAILABLE_SQLSTATES.has(current.code) || UNAVAILABLE_SYSCALL_CODES.has(current.code))) return true;
    if (typeof current.message === "string" && UNAVAILABLE_MESSAGES.some((text) => (current.message as string).includes(text))) return true;
    pending.push(current.cause);
    if (Array.isArray(current.errors)) pending.push(...current.errors);
  }
  return false;
}
