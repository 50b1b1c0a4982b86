import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { AuditTrailStatus, SystemCheck, SystemCheckName, SystemCheckReason, SystemCheckReport, TestEmailOutcome } from "@clinic/shared";
import { sql } from "drizzle-orm";
import serverPackage from "../../package.json" with { type: "json" };
import type { Db } from "../db/client.ts";
import { auditTrailStatus } from "./audit-verifications.ts";
import { HttpError } from "./errors.ts";
import { migrationJournal, withTimeout } from "./health.ts";
import { lastBackups } from "../ops/backup.job.ts";
import { jobCounts, type JobQueue } from "./jobs.ts";
import type { Mailer, MailTransport } from "./mail.ts";
import { type BlobStore, newProbeKey } from "./uploads.ts";

/**
 * The admins' system check (§2 `test`): every dependency probed at once, each with its own time
 * limit, so one that hangs shows red ("timed out") instead of holding the page. What is probed
 * is passed in, so a test can hand a check a failing or silent dependency without any switch
 * in production code.
 */
export interface SystemCheckDeps {
  db: Db;
  jobs: Pick<JobQueue, "isRunning">;
  /** JOBS_WORKER of this node, and JOBS_OVERDUE_MINUTES. */
  jobSettings: { worker: boolean; overdueMinutes: number };
  store: BlobStore;
  /** Where the store keeps bytes, for the reader: "disk" and its folder, or "s3" and its bucket. */
  storage: { backend: "disk" | "s3"; location: string };
  mail: { transport: MailTransport | null; smtpHost: string | null };
  commit: string | undefined;
  /** BACKUP_CRON (null: off) and BACKUP_KEEP, shown with the last backup. */
  backups: { cron: string | null; keep: number };
  /** Per check; 5 s by default, like the readiness probe's. */
  timeoutMs?: number;
}

type Figures = SystemCheck["figures"];
/** What a check finds: green with figures, or red with a reason. */
type Finding = { ok: true; figures: Figures; detail?: string } | { ok: false; reason: SystemCheckReason; figures: Figures; detail?: string };

const DEFAULT_TIMEOUT_MS = 5_000;

function messageOf(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  // Drizzle wraps the driver's error as "Failed query: …"; the cause says what went wrong.
  if (cause instanceof Error && cause.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** `known`: figures that hold before the probe answers (which backend, which host), kept on a red check too. */
async function timed(name: SystemCheckName, timeoutMs: number, probe: () => Promise<Finding>, known: Figures = {}): Promise<SystemCheck> {
  const started = performance.now();
  let finding: Finding;
  try {
    finding = await withTimeout(probe(), timeoutMs);
  } catch (error) {
    const timedOut = (error as { code?: string }).code === "ETIMEDOUT" && (error as Error).message.startsWith("no answer within");
    finding = timedOut
      ? { ok: false, reason: "timedOut", figures: { ...known, timeoutSeconds: timeoutMs / 1000 }, detail: (error as Error).message }
      : { ok: false, reason: "error", figures: known, detail: messageOf(error) };
  }
  return {
    name,
    ok: finding.ok,
    reason: finding.ok ? null : finding.reason,
    detail: finding.detail ?? null,
    figures: { ...known, ...finding.figures },
    ms: Math.max(0, Math.round(performance.now() - started)),
  };
}

async function checkDatabase(db: Db): Promise<Finding> {
  const result = await db.execute<{ version: string; database: string }>(
    sql`select current_setting('server_version') as version, current_database() as database`,
  );
  // drizzle() keeps the pg pool it was given as `$client` (absent from the Db type).
  const pool = (db as unknown as { $client?: { totalCount?: number; idleCount?: number; waitingCount?: number; options?: { max?: number } } }).$client ?? {};
  return {
    ok: true,
    figures: {
      serverVersion: result.rows[0]?.version ?? null,
      database: result.rows[0]?.database ?? null,
      poolSize: pool.options?.max ?? null,
      poolOpen: pool.totalCount ?? null,
      poolIdle: pool.idleCount ?? null,
      poolWaiting: pool.waitingCount ?? null,
    },
  };
}

/** Drizzle applies, in order, each journal entry newer than the newest `created_at` it recorded. */
async function checkMigrations(db: Db): Promise<Finding> {
  const journal = migrationJournal();
  let applied = 0;
  let newest = 0;
  try {
    const result = await db.execute<{ applied: string; newest: string | null }>(
      sql`select count(*) as applied, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    applied = Number(result.rows[0]?.applied ?? 0);
    newest = Number(result.rows[0]?.newest ?? 0);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    // No migrations table or schema: nothing was ever applied, so every migration is pending.
    if (code !== "42P01" && code !== "3F000") throw error;
  }
  const latest = journal[journal.length - 1];
  const pending = journal.filter((entry) => entry.when > newest).map((entry) => entry.tag);
  const figures: Figures = { applied, shipped: journal.length, latest: latest?.tag ?? null, pending: pending.length };
  if (pending.length > 0) return { ok: false, reason: "pendingMigrations", figures, detail: pending.join(", ") };
  if (latest && newest > latest.when) {
    return { ok: false, reason: "unknownMigrations", figures, detail: `The newest migration applied is dated ${new Date(newest).toISOString()}.` };
  }
  return { ok: true, figures };
}

async function checkJobs(deps: SystemCheckDeps): Promise<Finding> {
  const counts = await jobCounts(deps.db);
  const figures: Figures = { ...counts };
  if (!deps.jobs.isRunning()) return { ok: false, reason: "queueStopped", figures };
  if (counts.oldestDueSeconds !== null && counts.oldestDueSeconds > deps.jobSettings.overdueMinutes * 60) {
    return { ok: false, reason: "jobsOverdue", figures };
  }
  return { ok: true, figures };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Writes a small object under the reserved probe prefix, reads it back, compares, deletes it. */
async function checkStorage(deps: SystemCheckDeps): Promise<Finding> {
  const key = newProbeKey();
  const written = Buffer.from(`system check ${new Date().toISOString()} ${key}\n`);
  const figures: Figures = { bytes: written.length };
  await mkdir(deps.store.stagingDir, { recursive: true });
  const temp = path.join(deps.store.stagingDir, `${path.basename(key)}.probe`);
  await writeFile(temp, written);
  let stored = false;
  try {
    await deps.store.put(key, temp, written.length, "text/plain");
    stored = true;
    const read = await readAll(await deps.store.read(key));
    if (!read.equals(written))
      return { ok: false, reason: "mismatch", figures, detail: `Wrote ${written.length} bytes, read back ${read.length} different ones.` };
    await deps.store.remove(key);
    stored = false;
    return { ok: true, figures };
  } finally {
    await rm(temp, { force: true });
    if (stored) await deps.store.remove(key).catch(() => {});
  }
}

async function checkMail(mail: SystemCheckDeps["mail"]): Promise<Finding> {
  await mail.transport?.verify?.();
  return { ok: true, figures: {} };
}

/** A size as people read it (the same units in English and Spanish). */
function readableSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** The last backup that finished and its size; red when the latest run failed (issue 40.1). */
async function checkBackups(deps: SystemCheckDeps): Promise<Finding> {
  const { lastGood, lastFailure } = await lastBackups(deps.db);
  const figures: Figures = {
    lastBackupAt: lastGood?.finishedAt?.toISOString() ?? null,
    lastBackupSize: lastGood?.bytes == null ? null : readableSize(lastGood.bytes),
    lastBackupFile: lastGood?.file ?? null,
  };
  if (lastFailure) return { ok: false, reason: "backupFailed", figures, detail: lastFailure.error ?? undefined };
  return { ok: true, figures };
}

async function checkVersions(deps: SystemCheckDeps): Promise<Finding> {
  // The database's own check reports an outage: here a missing version is only unknown.
  const postgres = await deps.db
    .execute<{ version: string }>(sql`select current_setting('server_version') as version`)
    .then((result) => result.rows[0]?.version ?? null)
    .catch(() => null);
  return { ok: true, figures: { app: serverPackage.version, node: process.version, postgres, commit: deps.commit ?? null } };
}

/** Nothing stored, or the database does not answer: the page then says it was never verified. */
const UNVERIFIED: AuditTrailStatus = {
  lastDay: null,
  intact: null,
  brokenDays: 0,
  firstBrokenDay: null,
  problem: null,
  checkedAt: null,
  sealing: { problem: null, since: null, unsealed: 0, oldestUnsealedAt: null },
};

export async function runSystemChecks(deps: SystemCheckDeps): Promise<SystemCheckReport> {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // The audit trail's stored verdicts (issue 33.2); the database's own check says when it is down.
  const auditTrail = withTimeout(auditTrailStatus(deps.db), timeoutMs).catch(() => UNVERIFIED);
  const checks = await Promise.all([
    timed("database", timeoutMs, () => checkDatabase(deps.db)),
    timed("migrations", timeoutMs, () => checkMigrations(deps.db)),
    timed("jobs", timeoutMs, () => checkJobs(deps), { overdueAfterMinutes: deps.jobSettings.overdueMinutes, worker: deps.jobSettings.worker }),
    timed("storage", timeoutMs, () => checkStorage(deps), { ...deps.storage }),
    timed("mail", timeoutMs, () => checkMail(deps.mail), {
      transport: deps.mail.transport ? "smtp" : "outbox",
      host: deps.mail.smtpHost,
      from: deps.mail.transport?.from ?? null,
    }),
    timed("backups", timeoutMs, () => checkBackups(deps), { schedule: deps.backups.cron ?? "off", keep: deps.backups.keep }),
    timed("versions", timeoutMs, () => checkVersions(deps)),
  ]);
  return { ok: checks.every((check) => check.ok), checkedAt: new Date().toISOString(), checks, auditTrail: await auditTrail };
}

const TEST_MAIL = {
  en: {
    subject: "Test email from the therapy platform",
    text: "This is a test email sent from the platform's system check. If you can read it, email delivery works.",
  },
  es: {
    subject: "Correo de prueba de la plataforma de terapia",
    text: "Este es un correo de prueba enviado desde la comprobación del sistema de la plataforma. Si puede leerlo, el envío de correo funciona.",
  },
} as const;

/**
 * Sends the test email the way every email goes (SMTP now, or the outbox), in the admin's
 * language. An SMTP server that refuses it answers 502 with its words: the admin asked
 * precisely whether mail gets through.
 */
export async function sendTestEmail(mailer: Mailer, to: string, language: string): Promise<TestEmailOutcome> {
  const text = language === "es" ? TEST_MAIL.es : TEST_MAIL.en;
  const outcome = await mailer.send({ to, subject: text.subject, text: text.text, kind: "system-check" });
  if (outcome.status === "failed") throw new HttpError(502, { detail: `The mail server did not accept the message: ${outcome.error ?? "no reason given"}` });
  return { id: outcome.id, to, status: outcome.status };
}
