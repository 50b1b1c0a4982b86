import { loadConfig } from "../config.ts";
import { createBlobStore, S3Store } from "../platform/uploads.ts";
import { openOpsDatabase } from "./ops-database.ts";
import { RestoreRefused, restoreArchive } from "./restore.ts";

/**
 * `npm run restore -- FILE [--force]`: an archive of `npm run backup` into the database
 * (DATABASE_URL, or the embedded one of DATA_DIR, with the app stopped) and the uploads' store.
 * Both must be empty unless --force. Exit 0 restored, 1 refused or failed, 2 bad arguments.
 */
const args = process.argv.slice(2);
const force = args.includes("--force");
const files = args.filter((arg) => arg !== "--force");
if (files.length !== 1 || files[0]?.startsWith("-")) {
  console.error("usage: npm run restore -- FILE [--force]");
  process.exit(2);
}
const log = (line: string) => console.log(`[restore] ${line}`);
const config = loadConfig();
const store = createBlobStore(config);
let database: Awaited<ReturnType<typeof openOpsDatabase>> | undefined;
try {
  database = await openOpsDatabase(config, log);
  if (database.inUse) throw new RestoreRefused("The app is running on this data folder: stop it first, then restore.");
  const { upgradedBy } = await restoreArchive({ file: files[0] as string, databaseUrl: database.url, store, force, log });
  log(upgradedBy > 0 ? `restored, and brought up to this version (${upgradedBy} migration(s))` : "restored");
} catch (error) {
  console.error(`[restore] ${error instanceof RestoreRefused ? "refused" : "error"}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database?.close();
  if (store instanceof S3Store) store.destroy();
}
