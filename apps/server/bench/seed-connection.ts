// What the bench seeders (seed-cms.ts, seed-crm.ts, ...) share: one connection to the server's
// database for the whole seeding, their writes in one transaction, and the command line they run
// from by hand (`DATABASE_URL=postgres://... npx tsx apps/server/bench/seed-<name>.ts [count]`).
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** Runs `seed` on one connection to `url`, which is closed whatever happens. */
export async function withSeedClient<T>(url: string, seed: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await seed(client);
  } finally {
    await client.end();
  }
}

/** Runs `write` between begin and commit; a failure rolls it all back, so a seeder never leaves half its rows. */
export async function inTransaction<T>(client: pg.Client, write: () => Promise<T>): Promise<T> {
  await client.query("begin");
  try {
    const result = await write();
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  }
}

/**
 * When the module at `moduleUrl` is the script node was asked to run, seeds DATABASE_URL with the
 * count given as the first argument (the seeder's own default without one) and prints the outcome.
 */
export async function seedFromCommandLine(moduleUrl: string, seed: (url: string, count: number | undefined) => Promise<unknown>): Promise<void> {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("Set DATABASE_URL to the server's database.");
  console.log(await seed(url, process.argv[2] === undefined ? undefined : Number(process.argv[2])));
}
