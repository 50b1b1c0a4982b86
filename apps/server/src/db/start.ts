import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Config } from "../config.ts";
import { syncStandardForms } from "../modules/clinic/forms/standard-forms.ts";
import { syncPermissions } from "../platform/bootstrap.ts";
import { connectDatabase, type Database } from "./client.ts";
import { type EmbeddedServer, ensureDatabase, startEmbeddedPostgres } from "./embedded.ts";
import { runMigrations } from "./migrate.ts";
import { databaseStartError, StartupError, shownPath } from "./startup-error.ts";

export interface StartedDatabase {
  database: Database;
  /** True on the embedded default, where demo data may be created. */
  embedded: boolean;
  /** The process is stopping: the embedded server going away is expected from now on. */
  unwatch(): void;
  /** Ends the pool (it waits for the connections in use), then the embedded server. */
  close(): Promise<void>;
  /**
   * A stop that could not wait: stops the embedded server (its connections drop, so open
   * transactions roll back) and leaves the pool as it is, so that no handler still running
   * finds it ended. On a configured server, the process's exit drops the connections.
   */
  abandon(): Promise<void>;
}

export interface StartDatabaseOptions {
  /**
   * The embedded server died and could not be started again: the process should end (non-zero)
   * so that its service manager restarts it. Unset, the embedded server is not watched.
   */
  onLost?: (error: StartupError) => void;
}

/** The embedded server under DATA_DIR when DATABASE_URL is unset; then migrations and base data. */
export async function startDatabase(config: Config, log: (line: string) => void, options: StartDatabaseOptions = {}): Promise<StartedDatabase> {
  let server: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    server = await startEmbeddedPostgres(path.join(config.dataDir, "postgres"), {
      log,
      watch: options.onLost ? { onLost: options.onLost } : undefined,
    });
    url = await ensureDatabase(server.baseUrl, "clinic");
    log(`embedded PostgreSQL on port ${server.port}, files in ${shownPath(server.dir)}`);
  }
  const database = connectDatabase(url);
  try {
    await runMigrations(database.db);
    await syncPermissions(database.db);
    await syncStandardForms(database.db);
  } catch (error) {
    await database.pool.end();
    await server?.stop();
    // Nothing has answered yet: on a configured server, this is where an unreachable one shows.
    if (!server && isConnectionFailure(error)) throw databaseStartError(url, error);
    throw error;
  }
  return {
    database,
    embedded: server !== undefined,
    unwatch: () => server?.unwatch(),
    close: async () => {
      await database.pool.end();
      await server?.stop();
    },
    abandon: async () => {
      await server?.stop();
    },
  };
}

/** Failures of connecting (network, timeout, credentials, missing database), not of a migration's SQL. */
function isConnectionFailure(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === "string") return /^(E[A-Z]+|08...|28...|3D000|57P0.)$/.test(code);
  const message = cause instanceof Error ? cause.message : String(cause);
  return /Connection terminated|timeout|connect/i.test(message);
}

/** AUTH_SECRET, or on the embedded default a secret made once and kept beside the data. */
export function resolveAuthSecret(config: Config, embedded: boolean): string {
  if (config.authSecret) return config.authSecret;
  if (!embedded) throw new StartupError("AUTH_SECRET must be set (32+ characters) when DATABASE_URL is set.", "Use the same secret on every app node.");
  const file = path.join(config.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
