import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip, gzipSync } from "node:zlib";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import tar from "tar-stream";
import serverPackage from "../../package.json" with { type: "json" };
import { migrationJournal } from "../platform/health.ts";
import type { BlobStore } from "../platform/uploads.ts";
import {
  BACKUP_FILE_PATTERN,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackedUpJobs,
  type BackupManifest,
  backupFileName,
  JOBS_NAME,
  MANIFEST_NAME,
} from "./backup-manifest.ts";

export interface BackupOptions {
  /** The database to back up (a URL any client can connect with). */
  databaseUrl: string;
  /** Where the uploads' bytes are: the app's store, local disk or S3. */
  store: BlobStore;
  /** The archive to write; it appears only once complete (written as `<file>.partial`, then renamed). */
  file: string;
  commit?: string | undefined;
  log?: (line: string) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/** A quoted identifier: table and column names come from the catalogue, never from input. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Counts and hashes the bytes passing through. */
function hashing(): Transform & { digest(): { sha256: string; bytes: number } } {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(stream, { digest: () => ({ sha256: hash.digest("hex"), bytes }) });
}

/**
 * Writes one consistent archive: every table of the `public` schema read with COPY inside one
 * REPEATABLE READ, READ ONLY transaction (one snapshot, as pg_dump takes it, so a change and the
 * job it enqueued are both in or both out), the job queue's pending jobs from the same snapshot,
 * then the bytes of every upload that snapshot names (stored bytes never change under a key, so
 * reading them after the snapshot reads what it named). The database's structure is not dumped:
 * it is the migrations' (the manifest lists those applied), which a restore replays.
 */
export async function writeBackup(options: BackupOptions): Promise<BackupResult> {
  const log = options.log ?? (() => {});
  const work = await mkdtemp(path.join(os.tmpdir(), "backup-"));
  const partial = `${options.file}.partial`;
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: "clinic-backup" });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const serverVersion = (await client.query<{ server_version: string }>("show server_version")).rows[0]?.server_version ?? "";
    const journal = new Map(migrationJournal().map((entry) => [entry.when, entry.tag]));
    const applied = await client.query<{ when: string }>("select created_at::text as when from drizzle.__drizzle_migrations order by created_at");
    const migrations = applied.rows.map((row) => ({ when: Number(row.when), tag: journal.get(Number(row.when)) ?? "unknown" }));

    const tables: BackupManifest["tables"] = [];
    for (const { name, columns } of await publicTables(client)) {
      const file = `database/${name}.copy.gz`;
      const temp = path.join(work, `${tables.length}.gz`);
      const counted = hashing();
      const source = client.query(copyTo(`copy public.${ident(name)} (${columns.map(ident).join(", ")}) to stdout`));
      await pipeline(source, createGzip(), counted, createWriteStream(temp));
      tables.push({ name, columns, rows: source.rowCount ?? 0, file, ...counted.digest() });
    }
    // A sequence never used has no last_value: the restored one starts afresh as well.
    const sequences = await client.query<{ name: string; value: string }>(
      "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' and last_value is not null order by 1",
    );
    const jobs = await pendingJobs(client);
    const jobsGz = gzipSync(JSON.stringify(jobs));
    const stored = await storedObjects(client);
    await client.query("commit");
    log(`database read: ${tables.length} tables, ${tables.reduce((sum, table) => sum + table.rows, 0)} rows, ${jobs.jobs.length} pending jobs`);

    await mkdir(path.dirname(path.resolve(options.file)), { recursive: true });
    const pack = tar.pack();
    const written = pipeline(pack, createWriteStream(partial));
    const add = async (name: string, size: number, source: NodeJS.ReadableStream | Buffer) => {
      if (Buffer.isBuffer(source)) {
        await new Promise<void>((resolve, reject) => pack.entry({ name, size }, source, (error) => (error ? reject(error) : resolve())));
        return;
      }
      const entry = pack.entry({ name, size });
      await pipeline(source, entry);
    };
    for (const [index, table] of tables.entries()) await add(table.file, table.bytes, createReadStream(path.join(work, `${index}.gz`)));
    await add(JOBS_NAME, jobsGz.length, jobsGz);
    const uploads: BackupManifest["uploads"] = [];
    const missingUploads: string[] = [];
    for (const object of stored) {
      let source: NodeJS.ReadableStream;
      try {
        source = await options.store.read(object.key);
      } catch (error) {
        // Deleted after the snapshot (or lost before it): the archive says so rather than failing.
        if (isMissing(error)) {
          missingUploads.push(object.key);
          continue;
        }
        throw error;
      }
      const counted = hashing();
      const file = `uploads/${object.key}`;
      await add(file, object.size, source.pipe(counted));
      uploads.push({ key: object.key, mime: object.mime, file, ...counted.digest() });
    }
    if (missingUploads.length > 0) log(`${missingUploads.length} stored file(s) the database names were already gone: listed in the manifest`);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      app: { version: serverPackage.version, commit: options.commit ?? null },
      postgres: { serverVersion },
      migrations,
      tables,
      sequences: sequences.rows.map((row) => ({ name: row.name, value: row.value })),
      jobs: {
        file: JOBS_NAME,
        queues: jobs.queues.length,
        pending: jobs.jobs.length,
        bytes: jobsGz.length,
        sha256: createHash("sha256").update(jobsGz).digest("hex"),
      },
      uploads,
      missingUploads,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await add(MANIFEST_NAME, manifestBytes.length, manifestBytes);
    pack.finalize();
    await written;
    await rename(partial, options.file);
    const { size } = await stat(options.file);
    log(`backup written: ${options.file} (${size} bytes, ${uploads.length} stored files)`);
    return { file: options.file, bytes: size, manifest };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

function isMissing(error: unknown): boolean {
  const { code, name } = error as { code?: string; name?: string };
  return code === "ENOENT" || name === "NoSuchKey" || name === "NotFound";
}

/** The `public` schema's tables with their stored columns (generated ones are computed again on restore). */
export async function publicTables(client: pg.ClientBase): Promise<{ name: string; columns: string[] }[]> {
  const result = await client.query<{ name: string; columns: string[] }>(`
    select c.relname::text as name, array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    group by c.relname order by c.relname`);
  return result.rows;
}

/** Every stored object the database names: uploads and the unpacked files of game bundles. */
async function storedObjects(client: pg.ClientBase): Promise<{ key: string; mime: string; size: number }[]> {
  const result = await client.query<{ key: string; mime: string; size: string }>(`
    select storage_key as key, mime, size::text from public.uploads
    union all select storage_key, mime, size::text from public.bundle_entries
    order by 1`);
  return result.rows.map((row) => ({ key: row.key, mime: row.mime, size: Number(row.size) }));
}

/**
 * pg-boss's queues (with the options createQueue takes) and the jobs not yet done: waiting,
 * retrying, or running at the snapshot (those run again after a restore, as after a crash).
 * Kept as data rather than as pg-boss's own tables, whose layout is the package's to change.
 */
async function pendingJobs(client: pg.ClientBase): Promise<BackedUpJobs> {
  const exists = await client.query<{ found: string | null }>("select to_regclass('pgboss.job')::text as found");
  if (!exists.rows[0]?.found) return { queues: [], jobs: [] };
  const queues = await client.query<Record<string, unknown> & { name: string }>(`
    select name, policy, retry_limit, retry_delay, retry_backoff, retry_delay_max, expire_seconds, retention_seconds, deletion_seconds, dead_letter
    from pgboss.queue order by dead_letter nulls first, name`);
  const jobs = await client.query<Record<string, unknown> & { name: string }>(`
    select name, id, priority, data, retry_limit, retry_delay, retry_backoff, retry_delay_max, expire_seconds, singleton_key,
      start_after, dead_letter
    from pgboss.job where state in ('created', 'retry', 'active') order by created_on`);
  const defined = <T extends Record<string, unknown>>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null && item !== undefined));
  return {
    queues: queues.rows.map((row) => ({
      name: row.name,
      options: defined({
        policy: row.policy,
        retryLimit: row.retry_limit,
        retryDelay: row.retry_delay,
        retryBackoff: row.retry_backoff,
        retryDelayMax: row.retry_delay_max,
        expireInSeconds: row.expire_seconds,
        retentionSeconds: row.retention_seconds,
        deleteAfterSeconds: row.deletion_seconds,
        deadLetter: row.dead_letter,
      }),
    })),
    jobs: jobs.rows.map((row) => ({
      name: row.name,
      job: defined({
        id: row.id,
        priority: row.priority,
        data: row.data,
        retryLimit: row.retry_limit,
        retryDelay: row.retry_delay,
        retryBackoff: row.retry_backoff,
        retryDelayMax: row.retry_delay_max,
        expireInSeconds: row.expire_seconds,
        singletonKey: row.singleton_key,
        startAfter: row.start_after instanceof Date ? row.start_after.toISOString() : row.start_after,
        deadLetter: row.dead_letter,
      }),
    })),
  };
}

/** The archives in `dir` written by this app, newest first. */
export async function listBackups(dir: string): Promise<{ name: string; bytes: number }[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const found = await Promise.all(
    names.filter((name) => BACKUP_FILE_PATTERN.test(name)).map(async (name) => ({ name, bytes: (await stat(path.join(dir, name))).size })),
  );
  return found.sort((a, b) => b.name.localeCompare(a.name));
}

/** A half-written archive this old was left by a backup that died (one still running is younger). */
const ABANDONED_PARTIAL_MS = 24 * 60 * 60 * 1000;

/** Keeps the newest `keep` archives in `dir`, and removes what a crashed backup left half-written. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const removed: string[] = [];
  for (const backup of (await listBackups(dir)).slice(keep)) {
    await rm(path.join(dir, backup.name), { force: true });
    removed.push(backup.name);
  }
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith(".tar.partial")) continue;
    const { mtimeMs } = await stat(path.join(dir, name));
    if (Date.now() - mtimeMs > ABANDONED_PARTIAL_MS) await rm(path.join(dir, name), { force: true });
  }
  return removed;
}

export { backupFileName };
