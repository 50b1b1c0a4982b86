import { spawn } from "node:child_process";
import path from "node:path";
import { type Cluster, ClusterError, REPO_ROOT, startCluster } from "./cluster.ts";

/**
 * `npm run cluster`: two app nodes of the built server on one PostgreSQL and one S3-compatible
 * store, behind Caddy on CLUSTER_PORT (default 8000), with the demo data. Ctrl-C (or SIGTERM)
 * stops the proxy, the nodes, the store and the database, in that order.
 *
 * Settings: CLUSTER_PORT; CLUSTER_DIR (default data/cluster: the embedded database, the bucket,
 * the nodes' folders, the Caddyfile); DATABASE_URL (a server of your own instead of the embedded
 * one); any other setting of the server (SMTP_URL, FEATURE_FLAGS, LOG_LEVEL…) reaches both nodes.
 */

const say = (line: string) => console.log(`[cluster] ${line}`);

function fail(message: string): never {
  console.error(`[cluster] error: ${message}`);
  process.exit(1);
}

const portSetting = process.env.CLUSTER_PORT?.trim() || "8000";
const port = Number(portSetting);
if (!/^\d+$/.test(portSetting) || port < 1 || port > 65535) fail(`CLUSTER_PORT must be a port number (1-65535), not "${portSetting}"`);
const dir = path.resolve(process.env.CLUSTER_DIR?.trim() || path.join(REPO_ROOT, "data", "cluster"));

/** The demo seed (`npm run seed:demo`) against the shared database and store: a configured server gets no demo data by itself. */
function seedDemo(env: Record<string, string>): Promise<void> {
  say("adding the demo data (once; later runs find it there)");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "apps/server/src/seed-demo.ts")], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new ClusterError(`the demo seed failed (exit code ${code})`))));
  });
}

const starting = new AbortController();
let cluster: Cluster | undefined;
let stopping = false;

async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping the proxy, the nodes, the store and the database`);
  starting.abort();
  // A start under way stops what it started itself (its promise rejects); a started cluster is stopped here.
  if (cluster) {
    await cluster.stop();
    say("stopped");
    process.exit(0);
  }
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

try {
  cluster = await startCluster({
    dir,
    port,
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
    baseEnv: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    prepare: seedDemo,
    log: say,
    signal: starting.signal,
    onOutput: (part, line) => {
      // Caddy logs every step at info; only its warnings and errors are worth a terminal line, but
      // for the two that say what the generated Caddyfile asks for (no admin endpoint, plain HTTP).
      if (part === "proxy" && (!/"level":"(warn|error|fatal)"/.test(line) || /admin endpoint disabled|automatic HTTPS is completely disabled/.test(line)))
        return;
      if (line.trim()) console.log(`[${part}] ${line}`);
    },
  });
} catch (error) {
  if (stopping) {
    say("stopped");
    process.exit(0);
  }
  if (error instanceof ClusterError) fail(error.message);
  console.error("[cluster] error:", error);
  process.exit(1);
}

if (stopping) {
  // The stop signal came as the last part started.
  await cluster.stop();
  process.exit(0);
}
say(`ready: open ${cluster.url} (the proxy, round robin over both nodes)`);
for (const node of cluster.nodes) say(`  ${node.name}: ${node.url} (pid ${node.pid})`);
say(`  proxy: Caddy, pid ${cluster.proxy.pid}`);
say(`  S3 store: ${cluster.s3.endpoint}, bucket ${cluster.s3.bucket}`);
say(`  database: ${cluster.databaseUrl.replace(/\/\/[^@/]*@/, "//***@")}`);
say("Ctrl-C stops everything.");
for (const part of [...cluster.nodes, cluster.proxy]) {
  void part.exited.then(({ code, signal }) => {
    if (!stopping) say(`${part.name} (pid ${part.pid}) ended (${signal ?? `exit code ${code}`}); the rest keeps running`);
  });
}
