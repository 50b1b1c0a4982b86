import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connectDatabase } from "../src/db/client.ts";
import { type EmbeddedServer, startEmbeddedPostgres } from "../src/db/embedded.ts";
import { runMigrations } from "../src/db/migrate.ts";
import { syncStandardForms } from "../src/modules/clinic/forms/standard-forms.ts";
import { syncPermissions } from "../src/platform/bootstrap.ts";
import { installJobSchema } from "../src/platform/jobs.ts";
import { databaseUrl, dropDatabasesWithPrefix, uniqueSuffix, withAdminClient } from "./databases.ts";

/**
 * One PostgreSQL for the whole run: `TEST_DATABASE_URL` when set, otherwise an embedded
 * server in a fresh temporary folder. A template database is migrated once; every test
 * file copies it into a database of its own (test/app.ts), so files run in parallel.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prefix = `clinic_test_${uniqueSuffix()}_`;
  const template = `${prefix}template`;
  let server: EmbeddedServer | undefined;
  let tempDir: string | undefined;
  let baseUrl = process.env.TEST_DATABASE_URL;

  const teardown = async () => {
    try {
      if (baseUrl) await dropDatabasesWithPrefix(baseUrl, prefix);
    } finally {
      await server?.stop();
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
    }
  };

  try {
    if (!baseUrl) {
      tempDir = await mkdtemp(path.join(os.tmpdir(), "clinic-test-pg-"));
      // Run as root, PostgreSQL runs as the `postgres` user, which must reach its data folder.
      await chmod(tempDir, 0o755);
      server = await startEmbeddedPostgres(path.join(tempDir, "postgres"));
      baseUrl = server.baseUrl;
    }
    const serverUrl = baseUrl;
    await withAdminClient(serverUrl, (client) => client.query(`create database "${template}"`));
    const database = connectDatabase(databaseUrl(serverUrl, template), 2);
    try {
      await runMigrations(database.db);
      await syncPermissions(database.db);
      await syncStandardForms(database.db);
      await installJobSchema(databaseUrl(serverUrl, template));
    } finally {
      // No session may stay on the template, or PostgreSQL refuses to copy it.
      await database.pool.end();
    }
    await withAdminClient(serverUrl, (client) => client.query(`alter database "${template}" is_template true`));
    project.provide("testDatabase", { baseUrl: serverUrl, template, prefix });
  } catch (error) {
    await teardown().catch(() => {});
    throw error;
  }
  return teardown;
}
