import path from "node:path";
import { loadConfig } from "./config.ts";
import { connectDatabase } from "./db/client.ts";
import { type EmbeddedServer, startEmbeddedPostgres } from "./db/embedded.ts";
import { runAuditVerify } from "./platform/audit-chain.ts";
import { storeVerification } from "./platform/audit-verifications.ts";

/**
 * `npm run audit:verify [-- --day YYYY-MM-DD]`: checks the audit trail's hash chain (every
 * sealed record and batch head, or the batches sealed on one UTC day) on
 * DATABASE_URL, or on the embedded database under DATA_DIR (with the app stopped, since
 * one data folder serves one PostgreSQL). It neither migrates nor seeds; it writes only its
 * verdict per day (audit_verified_days), which the system check page shows.
 * Exit code 0 intact, 1 broken, 2 wrong arguments or no database to check.
 */
const config = loadConfig();
let server: EmbeddedServer | undefined;
let code = 2;
try {
  let url = config.databaseUrl;
  if (!url) {
    server = await startEmbeddedPostgres(path.join(config.dataDir, "postgres"));
    const embedded = new URL(server.baseUrl);
    embedded.pathname = "/clinic";
    url = embedded.toString();
  }
  const database = connectDatabase(url, 1);
  try {
    code = await runAuditVerify(database.db, process.argv.slice(2), console, async (result) => {
      try {
        await storeVerification(database.db, result, "cli");
      } catch (error) {
        const pgCode = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
        // A database older than migration 0029 has nowhere to keep the verdict: the check itself still stands.
        if (pgCode !== "42P01") throw error;
        console.error("The verdict was not stored: start the app once so that it migrates.");
      }
    });
  } finally {
    await database.pool.end();
  }
} catch (error) {
  const pgCode = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  // Undefined table or column: the database predates migration 0030 (the sealed chain).
  if (pgCode === "42P01" || pgCode === "42703") console.error("This database has no sealed audit chain yet: start the app once so that it migrates.");
  else {
    console.error(`Could not check the audit trail: ${error instanceof Error ? error.message : String(error)}`);
    // Start-up errors of the embedded server (db/startup-error.ts) say what to do.
    const hint = (error as { hint?: unknown }).hint;
    if (typeof hint === "string") console.error(hint);
  }
} finally {
  await server?.stop();
}
process.exitCode = code;
