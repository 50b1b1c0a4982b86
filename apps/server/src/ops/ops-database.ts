import path from "node:path";
import type { Config } from "../config.ts";
import { ensureDatabase, runningEmbeddedUrl, startEmbeddedPostgres } from "../db/embedded.ts";

export interface OpsDatabase {
  /** The app's database: DATABASE_URL, or the embedded one of DATA_DIR. */
  url: string;
  /** An embedded app is running on it right now. */
  inUse: boolean;
  close(): Promise<void>;
}

/**
 * The database a command (`npm run backup`, `npm run restore`) works on: DATABASE_URL; else the
 * embedded server of DATA_DIR, the one a running app started (its port is in postmaster.pid) or,
 * with the app stopped, one started for the command (a first start initialises an empty data
 * folder, which is what a restore wants).
 */
export async function openOpsDatabase(config: Config, log: (line: string) => void): Promise<OpsDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, inUse: false, close: async () => {} };
  const folder = path.join(config.dataDir, "postgres");
  const running = runningEmbeddedUrl(folder);
  if (running) {
    log(`using the embedded PostgreSQL of the app running on ${folder}`);
    return { url: await ensureDatabase(running, "clinic"), inUse: true, close: async () => {} };
  }
  const server = await startEmbeddedPostgres(folder, { log });
  return { url: await ensureDatabase(server.baseUrl, "clinic"), inUse: false, close: () => server.stop() };
}
