import path from "node:path";
import { loadConfig } from "../config.ts";
import { connectDatabase } from "../db/client.ts";
import { createBlobStore, S3Store } from "../platform/uploads.ts";
import { backupFileName, writeBackup } from "./backup.ts";
import { recordedBackup } from "./backup.job.ts";
import { openOpsDatabase } from "./ops-database.ts";

/**
 * `npm run backup [-- --out FILE]`: one consistent archive of the database and the uploads
 * (ops/backup.ts) into BACKUP_DIR (or FILE), while the app runs or not. Recorded in backup_runs
 * when the database has that table, so the system check shows it. Exit 0 written, 1 failed, 2 bad arguments.
 */
const args = process.argv.slice(2);
const outAt = args.indexOf("--out");
const unknown = args.filter((arg, index) => arg !== "--out" && index !== outAt + 1);
if (unknown.length > 0 || (outAt >= 0 && !args[outAt + 1])) {
  console.error("usage: npm run backup [-- --out FILE]");
  process.exit(2);
}
const log = (line: string) => console.log(`[backup] ${line}`);
const config = loadConfig();
const file = path.resolve(outAt >= 0 ? (args[outAt + 1] as string) : path.join(config.backups.dir, backupFileName(new Date())));
const store = createBlobStore(config);
let database: Awaited<ReturnType<typeof openOpsDatabase>> | undefined;
try {
  database = await openOpsDatabase(config, log);
  const connection = connectDatabase(database.url, 1);
  try {
    const recorded = await connection.pool.query("select to_regclass('public.backup_runs')::text as found").then((result) => Boolean(result.rows[0]?.found));
    const target = { db: connection.db, databaseUrl: database.url, store, dir: path.dirname(file), commit: config.commit, log };
    if (recorded) await recordedBackup(target, "command", file);
    else await writeBackup({ ...target, file });
  } finally {
    await connection.pool.end();
  }
} catch (error) {
  console.error(`[backup] error: ${error instanceof Error ? error.message : String(error)}`);
  const hint = (error as { hint?: unknown }).hint;
  if (typeof hint === "string") console.error(`[backup] ${hint}`);
  process.exitCode = 1;
} finally {
  await database?.close();
  if (store instanceof S3Store) store.destroy();
}
