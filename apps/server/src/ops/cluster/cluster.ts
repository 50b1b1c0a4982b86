import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { type EmbeddedServer, ensureDatabase, freePort, startEmbeddedPostgres } from "../../db/embedded.ts";

/**
 * Two app nodes on one PostgreSQL server and one S3-compatible store, behind Caddy (issue 40.4):
 * what `npm run cluster` runs and what the two-node kill test starts. Every part is a real
 * server: PostgreSQL (DATABASE_URL, else the app's embedded one run here as a server of its own),
 * s3rver (an S3-compatible server from npm; MinIO or Garage in production), two processes of the
 * built server, and Caddy from the distribution's packages as the reverse proxy.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");
export const DEFAULT_SERVER_ENTRY = path.join(REPO_ROOT, "apps/server/dist/main.js");
const BUCKET = "clinic-uploads";
/** s3rver takes any key pair; these are what it documents. */
const S3_KEY = "S3RVER";

/** An expected failure (a port in use, Caddy missing, a part that did not start): said in one line, without a stack. */
export class ClusterError extends Error {}

export interface ClusterOptions {
  /** The cluster's own folder: the embedded database, the store's bucket, each node's DATA_DIR, the Caddyfile. */
  dir: string;
  /** The proxy's port (CLUSTER_PORT); it must be free, or nothing starts. */
  port: number;
  /** A configured PostgreSQL server for both nodes; unset, an embedded one runs under `dir`. */
  databaseUrl?: string;
  /** The bundled server both nodes run (`apps/server/dist/main.js`, as `npm start` runs it). */
  serverEntry?: string;
  /** The environment the nodes start from (PATH, HOME, the operator's own settings); the cluster's settings override it. */
  baseEnv?: Record<string, string | undefined>;
  /** More settings for both nodes (SMTP_URL, LOG_LEVEL, JOBS_POLL_SECONDS…), over the cluster's defaults. */
  nodeEnv?: Record<string, string>;
  /** Runs once, against the shared database and store, before the nodes start (the demo seed). */
  prepare?: (env: Record<string, string>) => Promise<void>;
  /** The proxy's binary; default `caddy` from PATH. */
  caddy?: string;
  /** What starts and stops, line by line. */
  log?: (line: string) => void;
  /** Each node's and the proxy's output lines, as they come. */
  onOutput?: (part: string, line: string) => void;
  /** A stop asked for while starting: the parts started so far are stopped and the start rejects. */
  signal?: AbortSignal;
}

/** A child process of the cluster: a node or the proxy. */
export interface ClusterProcess {
  name: string;
  pid: number;
  child: ChildProcess;
  /** Its last output lines (stdout and stderr interleaved). */
  output(): string;
  running(): boolean;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (an orderly stop), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface ClusterNode extends ClusterProcess {
  port: number;
  url: string;
  dataDir: string;
}

export interface Cluster {
  /** The proxy's address: what browsers and clients use (also each node's PUBLIC_URL). */
  url: string;
  port: number;
  nodes: [ClusterNode, ClusterNode];
  proxy: ClusterProcess;
  /** The shared database's URL, as the nodes get it. */
  databaseUrl: string;
  /** The S3-compatible store's address and bucket. */
  s3: { endpoint: string; bucket: string };
  /** The settings both nodes share (database, secret, store, public address): for a seed or a backup run against the cluster. */
  sharedEnv: Record<string, string>;
  /** Stops everything, in order: the proxy, the nodes, the store, the embedded database. */
  stop(): Promise<void>;
}

/** Refuses a taken proxy port before anything starts, with what to do. */
export async function assertPortFree(port: number, host = "127.0.0.1"): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
  if (!free) throw new ClusterError(`port ${port} is in use: stop what holds it or set CLUSTER_PORT`);
}

/** The proxy's binary, or a message naming the package to install. */
export function findCaddy(binary = "caddy"): string {
  try {
    execFileSync(binary, ["version"], { stdio: "pipe", timeout: 10_000 });
    return binary;
  } catch {
    throw new ClusterError(`Caddy (the reverse proxy) was not found as "${binary}": install it from the distribution's packages (apt-get install caddy)`);
  }
}

/**
 * Round robin over both nodes. Active checks take a node out while its readiness is not 200
 * (starting, stopping, its database out of reach); passive ones as soon as a request to it
 * fails. A request that could not reach a node (refused: it was killed) is tried on the other
 * within lb_try_duration; one the node had already received is not resent (it may have written),
 * so its client sees a 502 and was never told the write happened. Websockets pass through as is.
 */
export function caddyfile(options: { port: number; host: string; upstreams: number[] }): string {
  return `# Written by the cluster script (apps/server/src/ops/cluster/cluster.ts) for this run.
{
	admin off
	auto_https off
}

:${options.port} {
	bind ${options.host}
	reverse_proxy ${options.upstreams.map((port) => `127.0.0.1:${port}`).join(" ")} {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 100ms
		health_uri /api/health/ready
		health_interval 1s
		health_timeout 2s
		health_status 200
		fail_duration 10s
		max_fails 1
	}
}
`;
}

const OUTPUT_LINES_KEPT = 300;

/** Parts still running; ended with this process however it exits (their own process groups would keep them alive). */
const spawned = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of spawned) child.kill("SIGKILL");
});

function spawnPart(
  name: string,
  command: string,
  args: string[],
  options: { env: Record<string, string | undefined>; cwd: string; onOutput?: (part: string, line: string) => void },
): ClusterProcess {
  // A process group of its own: Ctrl-C in the terminal reaches the cluster script alone, which
  // then stops the parts in order (the proxy before the nodes, the nodes before the database).
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  spawned.add(child);
  child.once("exit", () => spawned.delete(child));
  const lines: string[] = [];
  let partial = "";
  const take = (chunk: Buffer) => {
    const text = partial + chunk.toString("utf8");
    const complete = text.split("\n");
    partial = complete.pop() ?? "";
    for (const line of complete) {
      lines.push(line);
      options.onOutput?.(name, line);
    }
    if (lines.length > OUTPUT_LINES_KEPT) lines.splice(0, lines.length - OUTPUT_LINES_KEPT);
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  // A binary that cannot be run at all is reported by `exited` (code null) and its output.
  child.on("error", (error) => lines.push(`could not start ${command}: ${error.message}`));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("close", (code, signal) => resolve({ code, signal }));
  });
  const running = () => child.exitCode === null && child.signalCode === null && child.pid !== undefined;
  return {
    name,
    pid: child.pid ?? 0,
    child,
    output: () => [...lines, partial].join("\n"),
    running,
    exited,
    async stop(graceMs = 30_000) {
      if (!running()) return;
      child.kill("SIGTERM");
      const outcome = await Promise.race([exited, sleep(graceMs).then(() => null)]);
      if (!outcome) {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}

/** The last lines a part printed, for a failure message. */
function tail(part: ClusterProcess, count = 20): string {
  return part.output().split("\n").slice(-count).join("\n");
}

/** Polls `url` until it answers 200; fails early when `part` ends, naming its output. */
async function waitForReady(url: string, part: ClusterProcess, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (signal?.aborted) throw new ClusterError("stopped while starting");
    if (!part.running()) throw new ClusterError(`${part.name} ended while starting; its last lines:\n${tail(part)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new ClusterError(`${part.name} was not ready within ${timeoutMs / 1000} s; its last lines:\n${tail(part)}`);
    await sleep(250);
  }
}

/** The session secret both nodes share, kept in the cluster's folder so sessions survive a restart of the cluster. */
function sharedSecret(dir: string): string {
  const file = path.join(dir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const host = "127.0.0.1";
  // Both refusals come before anything starts.
  await assertPortFree(options.port, host);
  const caddy = findCaddy(options.caddy);
  const serverEntry = options.serverEntry ?? DEFAULT_SERVER_ENTRY;
  if (!existsSync(serverEntry)) throw new ClusterError(`the built server ${serverEntry} is missing: run npm run build first`);

  const dir = path.resolve(options.dir);
  mkdirSync(dir, { recursive: true });
  log(`starting in ${dir}`);
  // As root the embedded PostgreSQL runs as `postgres`, which must pass through this folder.
  if (process.getuid?.() === 0) chmodSync(dir, 0o755);

  /** What is running so far, stopped in reverse order when the start fails. */
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch((error: unknown) => log(`while stopping: ${String(error)}`));
  };
  const checkAborted = () => {
    if (options.signal?.aborted) throw new ClusterError("stopped while starting");
  };

  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const embedded: EmbeddedServer = await startEmbeddedPostgres(path.join(dir, "postgres"), { log });
      stops.push(async () => {
        await embedded.stop();
        log("PostgreSQL stopped");
      });
      databaseUrl = await ensureDatabase(embedded.baseUrl, "clinic");
      log(`PostgreSQL (embedded, pid ${embedded.pid()}) on port ${embedded.port}, files in ${embedded.dir}`);
    }
    checkAborted();

    // @ts-expect-error s3rver ships no types
    const { default: S3rver } = await import("s3rver");
    const s3Dir = path.join(dir, "s3");
    mkdirSync(s3Dir, { recursive: true });
    const s3 = new S3rver({ address: host, port: await freePort(), silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
    const { port: s3Port } = (await s3.run()) as { port: number };
    stops.push(async () => {
      await s3.close();
      log("S3 store stopped");
    });
    const s3Endpoint = `http://${host}:${s3Port}`;
    log(`S3-compatible store (s3rver) on ${s3Endpoint}, bucket ${BUCKET}`);
    checkAborted();

    const url = `http://${host}:${options.port}`;
    const sharedEnv: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      EMBEDDED_POSTGRES: "false",
      AUTH_SECRET: sharedSecret(dir),
      PUBLIC_URL: url,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
    };
    if (options.prepare) {
      await options.prepare({ ...sharedEnv });
      checkAborted();
    }

    const baseEnv = options.baseEnv ?? { PATH: process.env.PATH, HOME: process.env.HOME ?? os.tmpdir() };
    const started: ClusterNode[] = [];
    for (const name of ["a", "b"]) {
      const port = await freePort();
      const dataDir = path.join(dir, `node-${name}`);
      mkdirSync(dataDir, { recursive: true });
      const env = {
        ...baseEnv,
        // Behind the proxy, which sets X-Forwarded-For; every node works the job queues, polled often.
        TRUST_PROXY: "true",
        JOBS_WORKER: "true",
        JOBS_POLL_SECONDS: "1",
        ...options.nodeEnv,
        ...sharedEnv,
        HOST: host,
        PORT: String(port),
        DATA_DIR: dataDir,
      };
      const part = spawnPart(`node ${name}`, process.execPath, [serverEntry], { env, cwd: REPO_ROOT, onOutput: options.onOutput });
      const node: ClusterNode = { ...part, port, url: `http://${host}:${port}`, dataDir };
      stops.push(async () => {
        await node.stop();
        log(`node ${name} stopped`);
      });
      started.push(node);
    }
    const nodes = started as [ClusterNode, ClusterNode];
    // Started together: each runs the migrations under PostgreSQL's advisory lock, the second finds them done.
    await Promise.all(nodes.map((node) => waitForReady(`${node.url}/api/health/ready`, node, 180_000, options.signal)));
    for (const node of nodes) log(`${node.name} (pid ${node.pid}) on ${node.url}, data in ${node.dataDir}`);

    const caddyDir = path.join(dir, "caddy");
    mkdirSync(caddyDir, { recursive: true });
    const config = path.join(caddyDir, "Caddyfile");
    writeFileSync(config, caddyfile({ port: options.port, host, upstreams: nodes.map((node) => node.port) }));
    const proxy = spawnPart("proxy", caddy, ["run", "--adapter", "caddyfile", "--config", config], {
      // Caddy's own state (certificates, autosaved config) in the cluster's folder, not the user's home.
      env: { PATH: process.env.PATH, HOME: caddyDir, XDG_CONFIG_HOME: caddyDir, XDG_DATA_HOME: caddyDir },
      cwd: caddyDir,
      onOutput: options.onOutput,
    });
    stops.push(async () => {
      await proxy.stop(10_000);
      log("proxy stopped");
    });
    await waitForReady(`${url}/api/health/ready`, proxy, 30_000, options.signal);
    log(`proxy (Caddy, pid ${proxy.pid}) on ${url}, config ${config}`);

    return {
      url,
      port: options.port,
      nodes,
      proxy,
      databaseUrl,
      s3: { endpoint: s3Endpoint, bucket: BUCKET },
      sharedEnv,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
