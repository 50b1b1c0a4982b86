import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  call,
  cleanUpServers,
  isAlive,
  postmasterPidOf,
  type ServerProcess,
  signIn,
  startServer,
  stopServer,
  tailOf,
  tempDataDir,
  waitFor,
  waitUntilReady,
} from "../../test/server-process.ts";
import { freePort } from "../db/embedded.ts";
import { DEMO_ACCOUNTS } from "../seed-demo-data.ts";

/**
 * Guardrail (issue 13, point 7): the real server killed with SIGKILL while clients write, 6
 * times over. After every restart each write the server acknowledged (201 with an id) is there,
 * unchanged. The embedded PostgreSQL outlives its killed app; the next start takes its folder
 * over. Every third cycle PostgreSQL is killed too, so that its crash recovery runs. Writes in
 * flight at the kill were never acknowledged and may or may not exist.
 */

/** Four kills of the app alone and two of the app and PostgreSQL (cycles 3 and 6), each followed by a start that checks every write so far. */
const CYCLES = 6;
const WRITERS = 4;
/** Acknowledged writes per cycle before the kill; the writers keep writing until the kill lands. */
const WRITES_BEFORE_KILL = 12;

afterAll(async () => {
  await cleanUpServers();
}, 60_000);

/** The embedded database's port, from the line the server prints once it runs. */
function databasePortOf(server: ServerProcess): number {
  const match = server.output().match(/embedded PostgreSQL on port (\d+)/);
  if (!match) throw new Error(`the server did not say where its database is; its output:\n${tailOf(server)}`);
  return Number(match[1]);
}

/** Every acknowledged write, read back from the database itself: missing or changed ones. */
async function lostWrites(databasePort: number, acknowledged: Map<number, string>): Promise<string[]> {
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${databasePort}/clinic`, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const found = await client.query<{ id: number; name: string }>("select id, name from recommendations where id = any($1::int[])", [
      [...acknowledged.keys()],
    ]);
    const stored = new Map(found.rows.map((row) => [row.id, row.name]));
    return [...acknowledged].filter(([id, name]) => stored.get(id) !== name).map(([id, name]) => `#${id} ${name} (stored: ${stored.get(id) ?? "nothing"})`);
  } finally {
    await client.end();
  }
}

describe("restart under write load", () => {
  it(`keeps every acknowledged write across ${CYCLES} SIGKILLs of the server`, async () => {
    const dataDir = tempDataDir();
    const clusterDir = path.join(dataDir, "postgres");
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port) };
    const acknowledged = new Map<number, string>();
    const unexpected: string[] = [];
    let cookie: string | undefined;

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const server = await startServer(env);
      await waitUntilReady(server, port, cycle === 1 ? 180_000 : 90_000);
      const lost = await lostWrites(databasePortOf(server), acknowledged);
      expect(lost, `writes lost by cycle ${cycle}`).toEqual([]);
      // Sessions live in the database and the signing secret in DATA_DIR: one sign-in serves every cycle.
      cookie ??= await signIn(port, DEMO_ACCOUNTS.therapist.email, DEMO_ACCOUNTS.therapist.password);
      const session = cookie;

      let thisCycle = 0;
      const writer = async (index: number) => {
        for (let n = 0; server.running(); n++) {
          const name = `load c${cycle} w${index} n${n}`;
          let response: Awaited<ReturnType<typeof call>>;
          try {
            response = await call(port, "POST", "/api/recommendations/", { cookie: session, body: { name, description: "Written under load" } });
          } catch {
            return; // killed mid-call: this write was never acknowledged
          }
          if (response.status !== 201) {
            unexpected.push(`${name}: ${response.status} ${JSON.stringify(response.body)}`);
            return;
          }
          acknowledged.set((response.body as { id: number }).id, name);
          thisCycle += 1;
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
      await waitFor(
        `${WRITES_BEFORE_KILL} acknowledged writes in cycle ${cycle}`,
        async () => (thisCycle >= WRITES_BEFORE_KILL || unexpected.length > 0 ? true : undefined),
        {
          server,
          timeoutMs: 60_000,
        },
      );
      const postmaster = postmasterPidOf(clusterDir);
      server.child.kill("SIGKILL");
      if (cycle % 3 === 0 && postmaster && isAlive(postmaster)) process.kill(postmaster, "SIGKILL");
      await server.exited;
      await Promise.all(writers);
      expect(unexpected, `answers other than 201 in cycle ${cycle}`).toEqual([]);
    }

    const last = await startServer(env);
    await waitUntilReady(last, port, 90_000);
    expect(await lostWrites(databasePortOf(last), acknowledged)).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(CYCLES * WRITES_BEFORE_KILL);
    await stopServer(last);
    expect((await last.exited).code).toBe(0);
  }, 900_000);
});
