import { randomBytes } from "node:crypto";
import pg from "pg";

/** What the global setup hands to every test file (vitest `provide` / `inject`). */
export interface TestDatabaseInfo {
  /** URL of a maintenance database on the test server; per-file databases are made through it. */
  baseUrl: string;
  /** The migrated template every test file copies. */
  template: string;
  /** Every database this run makes starts with it, so teardown finds the ones a crash left. */
  prefix: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

/** Lower-case letters and digits only: safe to quote as an identifier anywhere. */
export function uniqueSuffix(): string {
  return randomBytes(6).toString("hex");
}

export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function assertSafeName(name: string): void {
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`Unsafe database name ${name}`);
}

/** Runs `work` on one short-lived connection to the server's maintenance database. */
export async function withAdminClient<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * `CREATE DATABASE name TEMPLATE template`. PostgreSQL refuses the copy while another session
 * is connected to the template (55006), which only a stray client could cause: retry briefly.
 */
export async function createDatabaseFromTemplate(baseUrl: string, name: string, template: string): Promise<string> {
  assertSafeName(name);
  assertSafeName(template);
  await withAdminClient(baseUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${template}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  return databaseUrl(baseUrl, name);
}

export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  assertSafeName(name);
  await client.query(`alter database "${name}" is_template false`).catch(() => {});
  await client.query(`drop database if exists "${name}" with (force)`);
}

/** Drops every database whose name starts with `prefix` (the run's own, whatever state they are in). */
export async function dropDatabasesWithPrefix(baseUrl: string, prefix: string): Promise<string[]> {
  assertSafeName(prefix);
  return withAdminClient(baseUrl, async (client) => {
    const found = await client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [prefix]);
    const names = found.rows.map((row) => row.datname);
    for (const name of names) await dropDatabase(client, name);
    return names;
  });
}
