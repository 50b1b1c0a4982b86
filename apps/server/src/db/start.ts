import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Config } from "../config.ts";
import { syncPermissions } from "../platform/bootstrap.ts";
import { connectDatabase, type Database } from "./client.ts";
import { type EmbeddedServer, ensureDatabase, startEmbeddedPostgres } from "./embedded.ts";
import { runMigrations } from "./migrate.ts";

export interface StartedDatabase {
  database: Database;
  /** True on the embedded default, where demo data may be created. */
  embedded: boolean;
  close(): Promise<void>;
}

/** The embedded server under DATA_DIR when DATABASE_URL is unset; then migrations and base data. */
export async function startDatabase(config: Config, log: (line: string) => void): Promise<StartedDatabase> {
  let server: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    server = await startEmbeddedPostgres(path.join(config.dataDir, "postgres"));
    url = await ensureDatabase(server.baseUrl, "clinic");
    log(`embedded PostgreSQL on port ${server.port}, files in ${path.resolve(config.dataDir, "postgres")}`);
  }
  const database = connectDatabase(url);
  try {
    await runMigrations(database.db);
    await syncPermissions(database.db);
  } catch (error) {
    await database.pool.end();
    await server?.stop();
    throw error;
  }
  return {
    database,
    embedded: server !== undefined,
    close: async () => {
      await database.pool.end();
      await server?.stop();
    },
  };
}

/** AUTH_SECRET, or on the embedded default a secret made once and kept beside the data. */
export function resolveAuthSecret(config: Config, embedded: boolean): string {
  if (config.authSecret) return config.authSecret;
  if (!embedded) throw new Error("AUTH_SECRET must be set (32+ characters) when DATABASE_URL is set.");
  const file = path.join(config.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
