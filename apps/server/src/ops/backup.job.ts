import { desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import path from "node:path";
import type { Db } from "../db/client.ts";
import type { BlobStore } from "../platform/uploads.ts";
import { backupFileName, pruneBackups, writeBackup } from "./backup.ts";
import { backupRuns } from "./backup-runs.table.ts";

export const BACKUP_QUEUE = "backups";
/** A large clinic's archive takes a while: a run is not taken for dead (and started again elsewhere) before this. */
const BACKUP_RUN_SECONDS = 6 * 60 * 60;

export interface BackupTarget {
  db: Db;
  databaseUrl: string;
  store: BlobStore;
  dir: string;
  commit?: string | undefined;
  log?: (line: string) => void;
}

/**
 * One backup recorded in backup_runs (what the system check shows): the row is written first,
 * then the archive, then its size, or the error that stopped it.
 */
export async function recordedBackup(target: BackupTarget, trigger: "schedule" | "command", file = path.join(target.dir, backupFileName(new Date()))) {
  const [run] = await target.db
    .insert(backupRuns)
    .values({ file: path.basename(file), trigger })
    .returning({ id: backupRuns.id });
  const id = run?.id as string;
  try {
    const result = await writeBackup({ databaseUrl: target.databaseUrl, store: target.store, file, commit: target.commit, log: target.log });
    await target.db.update(backupRuns).set({ bytes: result.bytes, finishedAt: sql`now()` }).where(eq(backupRuns.id, id));
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await target.db
      .update(backupRuns)
      .set({ error: message.slice(0, 2000), finishedAt: sql`now()` })
      .where(eq(backupRuns.id, id));
    throw error;
  }
}

/**
 * Scheduled backups (BACKUP_CRON, UTC): a pg-boss schedule, so each slot runs on one node
 * whichever nodes are up; then the newest BACKUP_KEEP archives of BACKUP_DIR stay.
 */
export function registerScheduledBackups(app: FastifyInstance, target: Omit<BackupTarget, "log">): void {
  const { cron, keep } = app.config.backups;
  if (!cron) return;
  app.jobs.handle(
    BACKUP_QUEUE,
    async () => {
      const log = (line: string) => app.log.info(line);
      await recordedBackup({ ...target, log }, "schedule");
      const removed = await pruneBackups(target.dir, keep);
      if (removed.length > 0) log(`backups removed (BACKUP_KEEP=${keep}): ${removed.join(", ")}`);
    },
    // A failed backup is tried once more; the next slot comes anyway.
    { retryLimit: 1, expireInSeconds: BACKUP_RUN_SECONDS },
  );
  app.jobs.every(BACKUP_QUEUE, cron);
}

/** The last backup that finished, and the last run if it failed after it (the system check's figures). */
export async function lastBackups(db: Db) {
  const [lastGood] = await db
    .select({ file: backupRuns.file, bytes: backupRuns.bytes, finishedAt: backupRuns.finishedAt })
    .from(backupRuns)
    .where(sql`${backupRuns.error} is null and ${backupRuns.finishedAt} is not null`)
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  const [lastRun] = await db
    .select({ error: backupRuns.error, startedAt: backupRuns.startedAt })
    .from(backupRuns)
    .where(sql`${backupRuns.finishedAt} is not null`)
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return { lastGood: lastGood ?? null, lastFailure: lastRun?.error ? lastRun : null };
}
