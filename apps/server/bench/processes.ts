import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";

export { freePort } from "../src/db/embedded.ts";

export interface Child {
  name: string;
  process: ChildProcess;
  /** Settles when the process has gone, with how it ended. */
  exited: Promise<string>;
  /** The last lines it printed, for the failure message. */
  tail: string[];
  /** Called with every line it prints from now on. */
  watchers: Set<(line: string) => void>;
}

/** Starts `node <args>` and echoes its output to stderr, each line prefixed with `[name]`. */
export function startNode(name: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Child {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  const tail: string[] = [];
  const watchers = new Set<(line: string) => void>();
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      process.stderr.write(`[${name}] ${line}\n`);
      for (const watcher of watchers) watcher(line);
    });
  }
  const exited = new Promise<string>((resolve) => {
    child.once("error", (error) => resolve(`failed to start: ${error.message}`));
    child.once("exit", (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`));
  });
  return { name, process: child, exited, tail, watchers };
}

/** The first match of `pattern` in what the child prints; watch before it could print it. */
export function firstMatch(child: Child, pattern: RegExp): () => RegExpMatchArray | undefined {
  let found: RegExpMatchArray | undefined;
  const watcher = (line: string) => {
    const match = line.match(pattern);
    if (!match) return;
    found = match;
    child.watchers.delete(watcher);
  };
  child.watchers.add(watcher);
  return () => found;
}

function failure(child: Child, what: string): Error {
  const output = child.tail.length > 0 ? `\nits last output:\n  ${child.tail.join("\n  ")}` : "";
  return new Error(`${child.name} ${what}${output}`);
}

/** Runs a one-shot node script to its end; rejects unless it exits 0. */
export async function runNode(name: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<void> {
  const child = startNode(name, args, env, cwd);
  const outcome = await child.exited;
  if (outcome !== "exit code 0") throw failure(child, `ended with ${outcome}`);
}

/** Polls `url` until any HTTP answer arrives; fails early when the process dies. */
export async function waitUntilAnswers(child: Child, url: string, timeoutMs: number): Promise<void> {
  let ended: string | undefined;
  void child.exited.then((outcome) => {
    ended = outcome;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (ended) throw failure(child, `ended (${ended}) before answering ${url}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await sleep(200);
    }
  }
  throw failure(child, `did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** SIGTERM (the servers shut down cleanly on it), SIGKILL after `graceMs`. */
export async function stopChild(child: Child, graceMs = 20_000): Promise<void> {
  const running = child.process.exitCode === null && child.process.signalCode === null && child.process.pid !== undefined;
  if (!running) return;
  child.process.kill("SIGTERM");
  const outcome = await Promise.race([child.exited, sleep(graceMs).then(() => "timeout")]);
  if (outcome === "timeout") {
    process.stderr.write(`[bench] ${child.name} ignored SIGTERM for ${graceMs / 1000} s: killing it\n`);
    child.process.kill("SIGKILL");
    await child.exited;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The embedded PostgreSQL is a grandchild: a server killed before its own shutdown leaves it
 * running. Its pid file names exactly that process, which gets a fast shutdown (SIGINT).
 */
export async function stopLeftoverPostgres(dataDir: string): Promise<void> {
  const pidFile = `${dataDir}/postmaster.pid`;
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.stderr.write(`[bench] stopping the leftover embedded PostgreSQL (pid ${pid})\n`);
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
  if (alive(pid)) process.kill(pid, "SIGKILL");
}
