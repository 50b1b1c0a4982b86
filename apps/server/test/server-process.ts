import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

/**
 * The real server as its own process (main.ts, bundled as for `npm start`), for tests of
 * what only a process shows: its exit code and messages, signals, a killed PostgreSQL. Every
 * process and folder made here is registered, and `cleanUpServers()` (in afterAll) ends and
 * removes them whatever state a failed test left them in.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

let bundle: Promise<string> | undefined;
/**
 * main.ts bundled once per test file (until `cleanUpServers()`), as `npm start` runs it (apps/server/build.mjs), into a
 * folder of its own under the ignored dist/ (so the migrations are found from it): transforming
 * the sources afresh in each of many starts would cost seconds each on a busy machine.
 */
export function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const { build } = await import("esbuild");
    mkdirSync(path.join(REPO_ROOT, "apps/server/dist"), { recursive: true });
    const outdir = mkdtempSync(path.join(REPO_ROOT, "apps/server/dist/test-server-"));
    folders.add(outdir);
    await build({
      entryPoints: [path.join(REPO_ROOT, "apps/server/src/main.ts")],
      outdir,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node22",
      logLevel: "warning",
      plugins: [
        {
          name: "external-packages",
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@clinic/") ? undefined : { path: args.path, external: true }));
          },
        },
      ],
    });
    return path.join(outdir, "main.js");
  })();
  return bundle;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** Everything it printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Settles when it has ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
}

const processes = new Set<ServerProcess>();
const folders = new Set<string>();

/** A fresh folder for DATA_DIR; PostgreSQL runs as `postgres` when the tests run as root, so others may enter it. */
export function tempDataDir(prefix = "clinic-proc-"): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  folders.add(dir);
  return dir;
}

/**
 * Starts the server with only the given settings (nothing of the test run's own environment,
 * such as TEST_DATABASE_URL, leaks in): quiet logs, the clinic module, jobs polled often.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [await serverBundle()], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), LOG_LEVEL: "warn", FEATURE_FLAGS: "clinic", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  const server: ServerProcess = {
    child,
    pid: child.pid ?? 0,
    output: () => text,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
  };
  processes.add(server);
  return server;
}

/** The last lines a process printed, for failure messages. */
export function tailOf(server: ServerProcess, lines = 30): string {
  return server.output().split("\n").slice(-lines).join("\n");
}

/** Runs a start that is expected to end by itself (a refused start); its exit and everything it printed. */
export async function runToExit(env: Record<string, string>, timeoutMs = 90_000): Promise<{ code: number | null; output: string }> {
  const server = await startServer(env);
  const outcome = await Promise.race([server.exited, sleep(timeoutMs).then(() => null)]);
  if (!outcome) {
    server.child.kill("SIGKILL");
    throw new Error(`the server did not end within ${timeoutMs / 1000} s; its output:\n${tailOf(server)}`);
  }
  return { code: outcome.code, output: server.output() };
}

/** Polls `check` until it answers a value (not undefined), or fails with `what` and the server's output. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, options: { timeoutMs?: number; server?: ServerProcess } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let last: unknown;
  for (;;) {
    if (options.server && !options.server.running()) {
      throw new Error(`the server ended while waiting for ${what}; its output:\n${tailOf(options.server)}`);
    }
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const output = options.server ? `\nthe server's output:\n${tailOf(options.server)}` : "";
      throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ""}${output}`);
    }
    await sleep(150);
  }
}

/** One HTTP call to the server with a bounded wait; never throws for a status. */
export async function call(
  port: number,
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.body !== undefined ? { "content-type": "application/json" } : {}) },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: response.status, body, headers: response.headers };
}

/** Waits until the server answers readiness with 200. */
export function waitUntilReady(server: ServerProcess, port: number, timeoutMs = 90_000): Promise<true> {
  return waitFor(`readiness of the server on port ${port}`, async () => ((await call(port, "GET", "/api/health/ready")).status === 200 ? true : undefined), {
    timeoutMs,
    server,
  });
}

/** Signs a demo account in; answers its cookie header. */
export async function signIn(port: number, email: string, password: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** The embedded postmaster's pid, from its lock file (undefined when there is none). */
export function postmasterPidOf(clusterDir: string): number | undefined {
  const file = path.join(clusterDir, "postmaster.pid");
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Ends a server: SIGTERM (an orderly stop), SIGKILL if it takes longer than `graceMs`. */
export async function stopServer(server: ServerProcess, graceMs = 20_000): Promise<void> {
  if (!server.running()) return;
  server.child.kill("SIGTERM");
  const outcome = await Promise.race([server.exited, sleep(graceMs).then(() => null)]);
  if (!outcome) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
}

/** Stops a PostgreSQL left running in `clusterDir` (its app was killed): fast shutdown, then SIGKILL. */
export async function stopLeftoverPostgres(clusterDir: string): Promise<void> {
  const pid = postmasterPidOf(clusterDir);
  if (pid === undefined || !isAlive(pid)) return;
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
}

/** afterAll: every server started here ended, every PostgreSQL left in a temporary folder stopped, the folders removed. */
export async function cleanUpServers(): Promise<void> {
  await Promise.all([...processes].map((server) => stopServer(server, 10_000)));
  processes.clear();
  for (const dir of folders) {
    await stopLeftoverPostgres(path.join(dir, "postgres"));
    await stopLeftoverPostgres(path.join(dir, "data", "postgres"));
    rmSync(dir, { recursive: true, force: true });
  }
  folders.clear();
  // The bundle's folder went with the others: a later file in this worker (modules are shared
  // between files, vitest.config.ts) bundles afresh.
  bundle = undefined;
}
