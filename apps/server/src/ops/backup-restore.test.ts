import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { databaseUrl, uniqueSuffix, withAdminClient } from "../../test/databases.ts";
import { imageForm, postUpload } from "../../test/uploads.ts";
import { LocalDiskStore } from "../platform/uploads.ts";
import { ident, publicTables, writeBackup } from "./backup.ts";
import { type BackupManifest, MANIFEST_NAME } from "./backup-manifest.ts";
import { RestoreRefused, restoreArchive, verifyArchive } from "./restore.ts";

let t: TestApp;
let work: string;
let archive: string;
let manifest: BackupManifest;
const { baseUrl, prefix } = inject("testDatabase");

/** A database with nothing in it (not the migrated template): what a restore starts from. */
async function emptyDatabase(): Promise<string> {
  const name = `${prefix}restore_${uniqueSuffix()}`;
  await withAdminClient(baseUrl, (client) => client.query(`create database "${name}"`));
  return databaseUrl(baseUrl, name);
}

/** Every table's rows, as one checksum per table (order-independent) and its count. */
function tableChecksums(url: string): Promise<Record<string, string>> {
  return withAdminClient(url, async (client) => {
    const sums: Record<string, string> = {};
    for (const { name } of await publicTables(client)) {
      const result = await client.query<{ sum: string; rows: string }>(
        `select md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as sum, count(*)::text as rows from public.${ident(name)} x`,
      );
      sums[name] = `${result.rows[0]?.rows}:${result.rows[0]?.sum}`;
    }
    return sums;
  });
}

function tableCount(url: string): Promise<number> {
  return withAdminClient(url, async (client) =>
    Number((await client.query("select count(*) from pg_tables where schemaname in ('public', 'drizzle', 'pgboss')")).rows[0].count),
  );
}

/** Every stored file of a local store: key → sha256. */
function storedChecksums(root: string): Record<string, string> {
  const sums: Record<string, string> = {};
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === ".staging") continue;
      if (statSync(full).isDirectory()) walk(full);
      else sums[path.relative(root, full)] = createHash("sha256").update(readFileSync(full)).digest("hex");
    }
  };
  walk(root);
  return sums;
}

/** The archive again with its manifest changed (the members as they are): what a hand-edited or newer archive looks like. */
async function withManifest(change: (manifest: Record<string, unknown>) => void): Promise<string> {
  const extract = tar.extract();
  const pack = tar.pack();
  const out = path.join(work, `changed-${uniqueSuffix()}.tar`);
  const done = new Promise<void>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pack.on("data", (chunk) => chunks.push(chunk as Buffer));
    pack.on("end", () => writeFile(out, Buffer.concat(chunks)).then(resolve, reject));
  });
  const source = await readFile(archive);
  extract.end(source);
  for await (const entry of extract) {
    const parts: Buffer[] = [];
    for await (const chunk of entry) parts.push(chunk as Buffer);
    let body = Buffer.concat(parts);
    if (entry.header.name === MANIFEST_NAME) {
      const parsed = JSON.parse(body.toString("utf8"));
      change(parsed);
      body = Buffer.from(JSON.stringify(parsed));
    }
    pack.entry({ name: entry.header.name }, body);
  }
  pack.finalize();
  await done;
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  work = await mkdtemp(path.join(os.tmpdir(), "backup-test-"));
  const admin = await t.loginAs("admin");
  for (const name of ["Balance board", "Gaze card"]) expect((await postUpload(t, admin, imageForm(name, `${name}.png`))).statusCode).toBe(201);
  // A job due tomorrow: still pending when the archive is written.
  const [queue] = (await t.database.pool.query<{ name: string }>("select name from pgboss.queue order by name limit 1")).rows;
  await t.app.jobs.send(queue?.name as string, { kept: "across the restore" }, { startAfter: new Date(Date.now() + 86_400_000) });
  archive = path.join(work, "archive.tar");
  ({ manifest } = await writeBackup({ databaseUrl: t.database.url, store: t.app.uploads, file: archive }));
});

afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("writes one archive whose manifest counts every table's rows and names every stored file with its checksum", async () => {
    expect(existsSync(`${archive}.partial`)).toBe(false);
    const users = manifest.tables.find((table) => table.name === "users");
    const counted = await t.database.pool.query<{ count: string }>("select count(*) from users");
    expect(users?.rows).toBe(Number(counted.rows[0]?.count));
    expect(manifest.migrations.length).toBeGreaterThan(40);
    expect(manifest.uploads).toHaveLength(Object.keys(storedChecksums(t.config.uploads.dir)).length);
    expect(manifest.uploads.length).toBeGreaterThanOrEqual(2);
    expect(manifest.jobs.pending).toBeGreaterThanOrEqual(1);
    expect(await verifyArchive(archive)).toEqual(manifest);
  });

  it("restores into an empty database and store: every table and every stored file the same, the pending job and the sequences back", async () => {
    const url = await emptyDatabase();
    const dir = path.join(work, `uploads-${uniqueSuffix()}`);
    const result = await restoreArchive({ file: archive, databaseUrl: url, store: new LocalDiskStore(dir) });
    expect(result.upgradedBy).toBe(0);
    expect(await tableChecksums(url)).toEqual(await tableChecksums(t.database.url));
    expect(storedChecksums(dir)).toEqual(storedChecksums(t.config.uploads.dir));
    await withAdminClient(url, async (client) => {
      const job = await client.query("select data from pgboss.job where data->>'kept' = 'across the restore'");
      expect(job.rows).toHaveLength(1);
      const sequences = await client.query<{ name: string; value: string }>(
        "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' and last_value is not null order by 1",
      );
      expect(sequences.rows).toEqual(manifest.sequences);
    });
  });

  it("refuses a database or store that already holds something, and replaces it with --force", async () => {
    const url = await emptyDatabase();
    const dir = path.join(work, `uploads-${uniqueSuffix()}`);
    await restoreArchive({ file: archive, databaseUrl: url, store: new LocalDiskStore(dir) });
    await withAdminClient(url, (client) => client.query("delete from messages; update users set nombres = 'Changed'"));
    const changed = await tableChecksums(url);
    await expect(restoreArchive({ file: archive, databaseUrl: url, store: new LocalDiskStore(dir) })).rejects.toThrow(/already holds .* table\(s\).*--force/);
    expect(await tableChecksums(url)).toEqual(changed);
    const emptyDb = await emptyDatabase();
    await expect(restoreArchive({ file: archive, databaseUrl: emptyDb, store: new LocalDiskStore(dir) })).rejects.toThrow(/store already holds files/);
    expect(await tableCount(emptyDb)).toBe(0);

    await restoreArchive({ file: archive, databaseUrl: url, store: new LocalDiskStore(dir), force: true });
    expect(await tableChecksums(url)).toEqual(await tableChecksums(t.database.url));
    expect(storedChecksums(dir)).toEqual(storedChecksums(t.config.uploads.dir));
  });

  it("refuses a truncated, corrupt, foreign or newer archive before writing anything", async () => {
    const whole = await readFile(archive);
    const truncated = path.join(work, "truncated.tar");
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const corrupt = path.join(work, "corrupt.tar");
    const flipped = Buffer.from(whole);
    // Inside the first member's data (past its 512-byte header): the tar stays readable, the checksum does not hold.
    flipped[700] = (flipped[700] as number) ^ 0xff;
    await writeFile(corrupt, flipped);
    const foreign = path.join(work, "foreign.tar");
    await writeFile(foreign, Buffer.from("this is not an archive at all"));
    const newerMigration = await withManifest((raw) => {
      (raw.migrations as { tag: string; when: number }[]).push({ tag: "0999_from_the_future", when: 9_000_000_000_000 });
    });
    const newerFormat = await withManifest((raw) => {
      raw.formatVersion = 2;
    });
    const cases: [string, RegExp][] = [
      [truncated, /damaged or cut short|has no manifest/],
      [corrupt, /fails its checksum/],
      [foreign, /damaged or cut short|has no manifest/],
      [newerMigration, /newer version of the app: its database has migration 0999_from_the_future/],
      [newerFormat, /newer version of the app \(archive format 2\)/],
      [path.join(work, "absent.tar"), /no archive at/],
    ];
    const url = await emptyDatabase();
    const dir = path.join(work, `uploads-${uniqueSuffix()}`);
    for (const [file, message] of cases) {
      const attempt = restoreArchive({ file, databaseUrl: url, store: new LocalDiskStore(dir) });
      await expect(attempt, file).rejects.toBeInstanceOf(RestoreRefused);
      await expect(restoreArchive({ file, databaseUrl: url, store: new LocalDiskStore(dir) }), file).rejects.toThrow(message);
    }
    expect(await tableCount(url)).toBe(0);
    expect(storedChecksums(dir)).toEqual({});
  });
});
