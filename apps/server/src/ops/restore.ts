import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, gunzipSync } from "node:zlib";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { from as copyFrom } from "pg-copy-streams";
import tar from "tar-stream";
import { migrationsFolder, runMigrations } from "../db/migrate.ts";
import { migrationJournal } from "../platform/health.ts";
import type { BlobStore } from "../platform/uploads.ts";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackedUpJobs,
  type BackupManifest,
  backupManifestSchema,
  JOBS_NAME,
  MANIFEST_NAME,
} from "./backup-manifest.ts";
import { ident, publicTables } from "./backup.ts";

/** A restore that must not start: said before anything is written. */
export class RestoreRefused extends Error {}

/** Where a restore puts the uploads: the app's store, which can also say whether it holds anything and empty itself. */
export interface RestoreStore extends BlobStore {
  hasAnyObject(): Promise<boolean>;
  removeAll(): Promise<void>;
}

export interface RestoreOptions {
  file: string;
  databaseUrl: string;
  store: RestoreStore;
  /** Replace what the database and the store hold instead of refusing them. */
  force?: boolean;
  log?: (line: string) => void;
}

interface Member {
  name: string;
  size: number;
  stream: Readable;
}

/** The archive's members in order; each must be read to its end (or drained) before the next. */
async function* membersOf(file: string): AsyncGenerator<Member> {
  const extract = tar.extract();
  const source = createReadStream(file);
  source.on("error", (error) => extract.destroy(error));
  source.pipe(extract);
  for await (const entry of extract) {
    yield { name: entry.header.name, size: entry.header.size ?? 0, stream: entry as unknown as Readable };
    entry.resume();
  }
}

function sha256Of(stream: Readable): Promise<{ sha256: string; bytes: number; body?: Buffer }> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    let bytes = 0;
    stream.on("data", (chunk: Buffer) => {
      hash.update(chunk);
      bytes += chunk.length;
    });
    stream.on("error", reject);
    stream.on("end", () => resolve({ sha256: hash.digest("hex"), bytes }));
  });
}

/** Hashes what passes and, at its end, fails the stream if it is not what the manifest says (the file changed since it was checked). */
function checked(expected: { sha256: string; bytes: number }, name: string): Transform {
  const hash = createHash("sha256");
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      done(bytes === expected.bytes && hash.digest("hex") === expected.sha256 ? null : new RestoreRefused(`${name} changed since the archive was checked`));
    },
  });
}

/**
 * Reads the whole archive and answers its manifest once every member matches it: the refusals a
 * restore owes before writing anything (a damaged or cut-short file, an archive of a newer version
 * of the app, members missing, added or changed).
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new RestoreRefused(`There is no archive at ${file}.`);
  const seen = new Map<string, { sha256: string; bytes: number }>();
  let manifestText: string | undefined;
  try {
    for await (const member of membersOf(file)) {
      if (member.name === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        for await (const chunk of member.stream) chunks.push(chunk as Buffer);
        manifestText = Buffer.concat(chunks).toString("utf8");
      } else {
        seen.set(member.name, await sha256Of(member.stream));
      }
    }
  } catch (error) {
    throw new RestoreRefused(`The archive is damaged or cut short (${error instanceof Error ? error.message : String(error)}): nothing was restored.`);
  }
  if (manifestText === undefined) throw new RestoreRefused("The archive has no manifest: it is cut short, or not a backup of this app. Nothing was restored.");
  let raw: { format?: unknown; formatVersion?: unknown };
  try {
    raw = JSON.parse(manifestText);
  } catch {
    throw new RestoreRefused("The archive's manifest is damaged: nothing was restored.");
  }
  if (raw.format !== BACKUP_FORMAT) throw new RestoreRefused("This file is not a backup of this app: nothing was restored.");
  if (typeof raw.formatVersion === "number" && raw.formatVersion > BACKUP_FORMAT_VERSION)
    throw new RestoreRefused(
      `The archive was written by a newer version of the app (archive format ${raw.formatVersion}): restore it with that version or a later one.`,
    );
  const parsed = backupManifestSchema.safeParse(raw);
  if (!parsed.success) throw new RestoreRefused("The archive's manifest is damaged: nothing was restored.");
  const manifest = parsed.data;

  const known = migrationJournal();
  const unknown = manifest.migrations.find((migration, index) => known[index]?.when !== migration.when);
  if (unknown)
    throw new RestoreRefused(
      `The archive comes from a newer version of the app: its database has migration ${unknown.tag}, which this version does not have. Restore it with that version or a later one.`,
    );

  const listed = [...manifest.tables, manifest.jobs, ...manifest.uploads];
  for (const entry of listed) {
    const actual = seen.get(entry.file);
    if (!actual) throw new RestoreRefused(`The archive lacks ${entry.file}, which its manifest lists: nothing was restored.`);
    if (actual.bytes !== entry.bytes || actual.sha256 !== entry.sha256)
      throw new RestoreRefused(`${entry.file} fails its checksum: the archive is damaged. Nothing was restored.`);
  }
  const extra = [...seen.keys()].find((name) => !listed.some((entry) => entry.file === name));
  if (extra) throw new RestoreRefused(`The archive holds ${extra}, which its manifest does not list: nothing was restored.`);
  const keyShape = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}$/;
  const badKey = manifest.uploads.find((upload) => !keyShape.test(upload.key) || upload.file !== `uploads/${upload.key}`);
  if (badKey) throw new RestoreRefused(`The archive names a stored file of an unknown shape (${badKey.file}): nothing was restored.`);
  return manifest;
}

/** The tables the database already has in the schemas a restore writes. */
async function existingTables(client: pg.ClientBase): Promise<number> {
  const result = await client.query<{ count: string }>(`
    select count(*)::text as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'drizzle', 'pgboss') and c.relkind in ('r', 'p')`);
  return Number(result.rows[0]?.count ?? 0);
}

/** A migrations folder holding only the first `count` migrations of this build: the schema the archive was taken at. */
async function migrationsUpTo(count: number): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "restore-migrations-"));
  const source = migrationsFolder();
  const journal = JSON.parse(await readFile(path.join(source, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const entries = journal.entries.slice(0, count);
  await mkdir(path.join(folder, "meta"));
  await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) await copyFile(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations of this build applied after the archive's own (it came from an earlier version). */
  upgradedBy: number;
}

/**
 * Restores an archive into an empty database and store (or, with `force`, one whose content it
 * replaces): the archive is checked whole first; then, in one transaction, the schema is built
 * by the migrations the archive's database had, every table is loaded with COPY (triggers and
 * foreign keys held off, as pg_restore's --disable-triggers does: the rows were consistent when
 * read) and the sequences set; then this build's later migrations run, as at an upgrade; then the
 * job queue's pending jobs and the stored files are put back.
 */
export async function restoreArchive(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const manifest = await verifyArchive(options.file);
  log(`archive checked: ${manifest.tables.length} tables, ${manifest.uploads.length} stored files, written ${manifest.createdAt}`);
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: "clinic-restore" });
  await client.connect();
  let folder: string | undefined;
  try {
    const tables = await existingTables(client);
    const storeHolds = await options.store.hasAnyObject();
    if (!options.force && (tables > 0 || storeHolds)) {
      throw new RestoreRefused(
        tables > 0
          ? `The database already holds ${tables} table(s): restore only into an empty database, or add --force to replace everything in it.`
          : "The uploads' store already holds files: restore only into an empty one, or add --force to replace what it holds.",
      );
    }
    if (options.force) {
      log("--force: emptying the database and the uploads' store");
      await client.query(
        "drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; drop schema if exists public cascade; create schema public",
      );
      await options.store.removeAll();
    }
    folder = await migrationsUpTo(manifest.migrations.length);
    const db = drizzle(client);
    const members = membersOf(options.file);
    let pending: Member | undefined;
    // Drizzle's migrator commits a transaction of its own, so the schema is built first (one
    // restore or app start at a time, under the lock app starts take), then the rows go in,
    // all or none, in a transaction of ours.
    await client.query("select pg_advisory_lock(724001)");
    try {
      await migrate(db, { migrationsFolder: folder });
    } finally {
      await client.query("select pg_advisory_unlock(724001)");
    }
    const schemaTables = new Map((await publicTables(client)).map((table) => [table.name, table.columns]));
    const strange = manifest.tables.find((table) => !schemaTables.has(table.name));
    if (strange) throw new RestoreRefused(`The archive holds table ${strange.name}, which its migrations do not make: restore it again with --force.`);
    await client.query("begin");
    try {
      try {
        await client.query("set local session_replication_role = replica");
      } catch (error) {
        throw new RestoreRefused(
          `The database user may not hold off triggers while loading (${error instanceof Error ? error.message : String(error)}): restore as a superuser, or GRANT SET ON PARAMETER session_replication_role to this user.`,
        );
      }
      // Migrations insert rows of their own (permissions, built-in groups, templates): the archive holds them as they were.
      await client.query(`truncate ${manifest.tables.map((table) => `public.${ident(table.name)}`).join(", ")}`);
      for (;;) {
        const next = await members.next();
        if (next.done) break;
        if (!next.value.name.startsWith("database/")) {
          pending = next.value;
          break;
        }
        const table = manifest.tables.find((entry) => entry.file === next.value.name);
        if (!table) throw new RestoreRefused(`${next.value.name} is not in the manifest`);
        const target = client.query(copyFrom(`copy public.${ident(table.name)} (${table.columns.map(ident).join(", ")}) from stdin`));
        await pipeline(next.value.stream, checked(table, table.file), createGunzip(), target);
      }
      for (const sequence of manifest.sequences) {
        await client.query("select setval($1::regclass, $2::bigint, true)", [`public.${ident(sequence.name)}`, sequence.value]);
      }
      const counts = await client.query<{ name: string; rows: string }>(
        manifest.tables
          .map((table) => `select '${table.name.replaceAll("'", "''")}' as name, count(*)::text as rows from public.${ident(table.name)}`)
          .join(" union all "),
      );
      for (const row of counts.rows) {
        const expected = manifest.tables.find((table) => table.name === row.name)?.rows;
        if (Number(row.rows) !== expected)
          throw new RestoreRefused(`Table ${row.name} holds ${row.rows} rows after loading, not the ${expected} the archive lists.`);
      }
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    }
    log(`database restored: ${manifest.tables.reduce((sum, table) => sum + table.rows, 0)} rows`);
    const upgradedBy = migrationJournal().length - manifest.migrations.length;
    if (upgradedBy > 0) {
      log(`applying the ${upgradedBy} migration(s) this version has beyond the archive's`);
      await runMigrations(db as never);
    }

    for (let member = pending; member; ) {
      if (member.name === JOBS_NAME) {
        const chunks: Buffer[] = [];
        for await (const chunk of member.stream.pipe(checked(manifest.jobs, JOBS_NAME))) chunks.push(chunk as Buffer);
        await restoreJobs(options.databaseUrl, JSON.parse(gunzipSync(Buffer.concat(chunks)).toString("utf8")) as BackedUpJobs);
        log(`job queue restored: ${manifest.jobs.pending} pending job(s)`);
      } else if (member.name.startsWith("uploads/")) {
        const upload = manifest.uploads.find((entry) => entry.file === member?.name);
        if (!upload) throw new RestoreRefused(`${member.name} is not in the manifest`);
        await mkdir(options.store.stagingDir, { recursive: true });
        const temp = path.join(options.store.stagingDir, `restore-${randomBytes(8).toString("hex")}`);
        try {
          await pipeline(member.stream, checked(upload, upload.file), createWriteStream(temp));
          await options.store.put(upload.key, temp, upload.bytes, upload.mime);
        } finally {
          await rm(temp, { force: true });
        }
      } else {
        member.stream.resume();
      }
      const next = await members.next();
      member = next.done ? undefined : next.value;
    }
    log(`stored files restored: ${manifest.uploads.length}`);
    return { manifest, upgradedBy };
  } finally {
    await client.end().catch(() => {});
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}

/** pg-boss installs its schema at its own version, then gets the queues and their pending jobs back through its API. */
async function restoreJobs(databaseUrl: string, backedUp: BackedUpJobs): Promise<void> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 2, schema: "pgboss", supervise: false, schedule: false });
  await boss.start();
  try {
    for (const queue of backedUp.queues) {
      if (!(await boss.getQueue(queue.name))) await boss.createQueue(queue.name, queue.options);
    }
    for (const name of new Set(backedUp.jobs.map((entry) => entry.name))) {
      await boss.insert(
        name,
        backedUp.jobs.filter((entry) => entry.name === name).map((entry) => entry.job),
      );
    }
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}
