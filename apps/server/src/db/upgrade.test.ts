import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cookieHeaderOf, TEST_AUTH_SECRET, TEST_ENV } from "../../test/app.ts";
import { databaseUrl, uniqueSuffix, withAdminClient } from "../../test/databases.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { syncStandardForms } from "../modules/clinic/forms/standard-forms.ts";
import { ident } from "../ops/backup.ts";
import { type RestoreResult, restoreArchive } from "../ops/restore.ts";
import { syncPermissions } from "../platform/bootstrap.ts";
import { migrationJournal } from "../platform/health.ts";
import { LocalDiskStore } from "../platform/uploads.ts";
import { DEMO_ACCOUNTS } from "../seed-demo-data.ts";
import { connectDatabase, type Database } from "./client.ts";

/**
 * The upgrade path (issue 40.3): an archive of an earlier release, kept in the repository, is
 * restored and brought up to this build. test/fixtures/release-0040.tar was written by
 * `npm run backup` from the demo data of commit b11ac3d^ (the booking app's release, migrations
 * up to 0040_booking_appointment_types) after its first `npm start`. Restoring replays the
 * archive's 41 migrations, loads its rows, then applies every later one of this build under
 * the migration lock (runMigrations), as an app node does when it starts on an older database.
 */
const FIXTURE = path.resolve(import.meta.dirname, "../../test/fixtures/release-0040.tar");
const { baseUrl, prefix } = inject("testDatabase");

let url: string;
let uploadsDir: string;
let result: RestoreResult;
let database: Database;
let app: FastifyInstance;

/** Every archived table's key column values, read from the archive itself (COPY text, first column by name `id` when there is one). */
async function archivedIds(): Promise<Map<string, string[]>> {
  const ids = new Map<string, string[]>();
  const extract = tar.extract();
  createReadStream(FIXTURE).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const table = result.manifest.tables.find((candidate) => candidate.file === entry.header.name);
    const column = table?.columns.indexOf("id") ?? -1;
    if (!table || column < 0) continue;
    const lines = gunzipSync(Buffer.concat(chunks)).toString("utf8").split("\n").filter(Boolean);
    ids.set(
      table.name,
      lines.map((line) => line.split("\t")[column] as string),
    );
  }
  return ids;
}

beforeAll(async () => {
  const name = `${prefix}upgrade_${uniqueSuffix()}`;
  await withAdminClient(baseUrl, (client) => client.query(`create database "${name}"`));
  url = databaseUrl(baseUrl, name);
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), "upgrade-uploads-"));
  result = await restoreArchive({ file: FIXTURE, databaseUrl: url, store: new LocalDiskStore(uploadsDir) });
  database = connectDatabase(url, 4);
  // What a node does after migrating, before it serves (db/start.ts).
  await syncPermissions(database.db);
  await syncStandardForms(database.db);
  app = await buildApp({
    config: loadConfig({ ...TEST_ENV, DATABASE_URL: url, UPLOADS_DIR: uploadsDir }),
    database,
    authSecret: TEST_AUTH_SECRET,
    webDist: path.join(os.tmpdir(), "clinic-test-no-web-dist", uniqueSuffix()),
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.pool.end();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

describe("upgrade from an earlier release", () => {
  it("applies every migration of this build that the release lacked", async () => {
    const journal = migrationJournal();
    expect(result.manifest.migrations.at(-1)?.tag).toBe("0040_booking_appointment_types");
    expect(result.upgradedBy).toBe(journal.length - 41);
    const applied = await database.pool.query<{ when: string }>("select created_at::text as when from drizzle.__drizzle_migrations order by created_at");
    expect(applied.rows.map((row) => Number(row.when))).toEqual(journal.map((entry) => entry.when));
    const ready = await app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.json()).toMatchObject({ status: "ok", migrations: "current" });
  });

  it("loses no row: every archived table has at least its rows, and every archived id is still there", async () => {
    const ids = await archivedIds();
    expect(ids.size).toBeGreaterThan(30);
    for (const table of result.manifest.tables) {
      const count = await database.pool.query<{ count: string }>(`select count(*)::text as count from public.${ident(table.name)}`);
      expect(Number(count.rows[0]?.count), table.name).toBeGreaterThanOrEqual(table.rows);
      const archived = ids.get(table.name);
      if (!archived?.length) continue;
      const found = await database.pool.query<{ missing: string }>(
        `select count(*)::text as missing from unnest($1::text[]) as archived(id) where not exists (select 1 from public.${ident(table.name)} t where t.id::text = archived.id)`,
        [archived],
      );
      expect(Number(found.rows[0]?.missing), `${table.name}: archived ids gone`).toBe(0);
    }
    expect(result.manifest.uploads.length).toBeGreaterThan(0);
  });

  it("serves the release's demo accounts and their data on this build", async () => {
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: DEMO_ACCOUNTS.therapist.email, password: DEMO_ACCOUNTS.therapist.password },
    });
    expect(signIn.statusCode).toBe(200);
    const categories = await app.inject({ method: "GET", url: "/api/categories/", headers: { cookie: cookieHeaderOf(signIn) } });
    expect(categories.statusCode, categories.body).toBe(200);
    expect((categories.json() as { total: number }).total).toBeGreaterThan(0);
  });
});
