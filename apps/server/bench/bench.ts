// `npm run bench`: the production build of the server on PostgreSQL, and a bare Fastify
// hello-world beside it, loaded by autocannon with the same settings. The hello-world's
// figure is the machine's ceiling, so the ratio to it is what compares across machines.
//
//   BENCH_DURATION     seconds measured per endpoint (default 10)
//   BENCH_CONNECTIONS  concurrent connections (default 10)
//   BENCH_WARMUP       seconds of unmeasured load before each measurement (default 2; 0 skips)
//   BENCH_DATABASE_URL a PostgreSQL database to use instead of an embedded server in a temp dir;
//                      migrations and the demo seed are applied to it
//   BENCH_ACTIVITIES   activities seeded before the run (default 100000; 0 skips; none are added
//                      when the table already holds that many, as a reused database may)
//   BENCH_APPOINTMENTS appointments of the demo therapist seeded before the run for the free-slot
//                      query (default 10000; 0 skips it; none are added when the therapist already
//                      has that many)
//   BENCH_FRAMES       seconds of game frames taken per build in Chromium (default 5; 0 skips);
//                      CHROMIUM_PATH names the browser (default /usr/bin/chromium)
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { DEMO_ACCOUNTS, type DemoRole } from "../src/demo-accounts.ts";
import { BENCH_ENDPOINTS, type BenchEndpoint } from "./endpoints.ts";
import { type FrameFigures, measureFrames } from "./frames.ts";
import { type Child, firstMatch, freePort, runNode, startNode, stopChild, stopLeftoverPostgres, waitUntilAnswers } from "./processes.ts";
import { seedActivities } from "./seed-activities.ts";
import { seedAppointments } from "./seed-appointments.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");
const serverMain = path.join(repoRoot, "apps/server/dist/main.js");
const seedScript = path.join(repoRoot, "apps/server/dist/seed-demo.js");

function intSetting(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, not "${raw}"`);
  return value;
}

function readSettings() {
  try {
    return {
      duration: intSetting("BENCH_DURATION", 10, 1),
      connections: intSetting("BENCH_CONNECTIONS", 10, 1),
      warmup: intSetting("BENCH_WARMUP", 2, 0),
      activities: intSetting("BENCH_ACTIVITIES", 100_000, 0),
      appointments: intSetting("BENCH_APPOINTMENTS", 10_000, 0),
      frames: intSetting("BENCH_FRAMES", 5, 0),
      databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
const settings = readSettings();

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** The URL without its password, fit to print. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

interface Target {
  method: BenchEndpoint["method"];
  url: string;
  headers: Record<string, string>;
  body?: string;
  check?: BenchEndpoint["check"];
}

interface Measured {
  label: string;
  result: autocannon.Result;
}

/** Signs in as a demo account the way the web app does; answers the Cookie header to send. */
async function signIn(baseUrl: string, role: DemoRole): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS[role];
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (!cookies.some((cookie) => cookie.startsWith("clinic.session_token="))) {
    throw new Error(`sign-in as ${email} set no clinic.session_token cookie (got: ${cookies.map((c) => c.split("=")[0]).join(", ") || "none"})`);
  }
  return cookies.join("; ");
}

/** One request first, so a broken endpoint fails loudly instead of benchmarking its error page. */
async function checkAnswers(label: string, target: Target): Promise<void> {
  const response = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
  const text = await response.text();
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${target.method} ${target.url} answered ${response.status} before the run: ${text.slice(0, 300)}`);
  }
  if (target.check) {
    try {
      log(`${label}: ${target.check(JSON.parse(text))}`);
    } catch (error) {
      throw new Error(`${target.method} ${target.url}: ${error instanceof Error ? error.message : String(error)}; it answered: ${text.slice(0, 300)}`);
    }
  }
}

async function load(target: Target, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: settings.connections,
    duration: seconds,
  });
}

async function measure(label: string, target: Target): Promise<Measured> {
  await checkAnswers(label, target);
  if (settings.warmup > 0) await load(target, settings.warmup);
  log(`measuring ${label} for ${settings.duration} s`);
  return { label, result: await load(target, settings.duration) };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  return [line(rows[0]), widths.map((width) => "-".repeat(width)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

/** autocannon records whole milliseconds: 0 means under one. */
const ms = (value: number) => (value < 1 ? "<1" : value.toFixed(0));

function report(baseline: Measured, measured: Measured[], seeded: { activities: string; appointments: string }): boolean {
  const base = baseline.result.requests.mean;
  const problems = (r: autocannon.Result) => r.non2xx + r.errors + r.timeouts;
  const rows = [["endpoint", "req/s (mean)", "p50 ms", "p99 ms", "vs hello-world", "failed"]];
  for (const { label, result } of [baseline, ...measured]) {
    rows.push([
      label,
      result.requests.mean.toFixed(0),
      ms(result.latency.p50),
      ms(result.latency.p99),
      base > 0 ? `${(result.requests.mean / base).toFixed(3)}` : "n/a",
      String(problems(result)),
    ]);
  }
  console.log("");
  console.log(`Benchmark: ${settings.connections} connections, ${settings.duration} s per endpoint (${settings.warmup} s warm-up first)`);
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}), load generator in the same machine`);
  // Other work on the machine moves both figures; the ratio less so.
  console.log(`Load average before the run: ${loadBefore.map((value) => value.toFixed(2)).join(", ")}`);
  console.log(`Database: ${settings.databaseUrl ? redact(settings.databaseUrl) : "embedded PostgreSQL in a temp dir"}`);
  console.log(`Activities: ${seeded.activities}`);
  console.log(`Appointments: ${seeded.appointments}`);
  console.log("");
  console.log(table(rows));
  console.log("");
  console.log("vs hello-world = the endpoint's req/s divided by the bare Fastify hello-world's, same run.");
  const failed = [baseline, ...measured].filter((m) => problems(m.result) > 0);
  for (const { label, result } of failed) {
    console.log(`FAILED REQUESTS on ${label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; its figures are not valid.`);
  }
  return failed.length === 0;
}

async function run(tempDir: string, children: Child[]): Promise<boolean> {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run \`npm run build -w @clinic/server\` first`);
  const [appPort, helloPort] = [await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${appPort}`;
  const helloUrl = `http://127.0.0.1:${helloPort}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  // Only this harness decides which database and secret the server gets.
  for (const key of ["DATABASE_URL", "AUTH_SECRET", "PUBLIC_URL", "TRUST_PROXY"]) delete env[key];
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(appPort),
    PUBLIC_URL: appUrl,
    DATA_DIR: path.join(tempDir, "data"),
    LOG_LEVEL: "warn",
    // The run signs in once per role, but a throttled sign-in must never be what is measured.
    LOGIN_ADDRESS_MAX_FAILURES: "1000000",
  });
  if (settings.databaseUrl) {
    env.DATABASE_URL = settings.databaseUrl;
    env.AUTH_SECRET = randomBytes(32).toString("hex");
    log(`seeding the demo accounts on ${redact(settings.databaseUrl)}`);
    await runNode("seed", [seedScript], env, repoRoot);
  }

  log(`starting the production server on ${appUrl} and the hello-world on ${helloUrl}`);
  const server = startNode("app", [serverMain], env, repoRoot);
  children.push(server);
  const embeddedPort = firstMatch(server, /embedded PostgreSQL on port (\d+)/);
  const hello = startNode(
    "hello",
    [path.join(here, "hello-server.ts")],
    { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(helloPort) },
    repoRoot,
  );
  children.push(hello);
  await Promise.all([waitUntilAnswers(server, `${appUrl}/api/auth/ok`, 120_000), waitUntilAnswers(hello, `${helloUrl}/`, 30_000)]);
  const activities = await seedBenchActivities(server, embeddedPort);
  const appointments = await seedBenchAppointments(server, embeddedPort);
  const endpoints = BENCH_ENDPOINTS.flatMap((endpoint) => {
    const filled = fillPlaceholders(endpoint.path, appointments.placeholders);
    if (filled === undefined) log(`leaving out ${endpoint.name}: ${endpoint.path}, its seeding was skipped`);
    return filled === undefined ? [] : [{ endpoint, filled }];
  });

  const cookies = new Map<DemoRole, string>();
  for (const role of new Set(endpoints.map(({ endpoint }) => endpoint.role))) {
    if (role !== "anonymous") cookies.set(role, await signIn(appUrl, role));
  }

  const baseline = await measure("hello-world (bare Fastify)", { method: "GET", url: `${helloUrl}/`, headers: {} });
  const measured: Measured[] = [];
  for (const { endpoint, filled } of endpoints) {
    const headers: Record<string, string> = {};
    const cookie = endpoint.role === "anonymous" ? undefined : cookies.get(endpoint.role);
    if (cookie) headers.cookie = cookie;
    // Browsers send Origin on every state-changing call; the CSRF guard checks it.
    if (endpoint.method !== "GET") headers.origin = appUrl;
    if (endpoint.body !== undefined) headers["content-type"] = "application/json";
    const target: Target = {
      method: endpoint.method,
      url: `${appUrl}${filled}`,
      headers,
      body: endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body),
      check: endpoint.check,
    };
    measured.push(await measure(`${endpoint.name}: ${endpoint.method} ${endpoint.path} (${endpoint.role})`, target));
  }
  const ok = report(baseline, measured, { activities, appointments: appointments.line });
  if (settings.frames > 0) {
    const therapist = cookies.get("therapist") ?? (await signIn(appUrl, "therapist"));
    reportFrames(await measureFrames(appUrl, therapist, settings.frames, log));
  }
  return ok;
}

/** Frame pacing: p95 frame time of each family's build against the bare canvas, same browser and run. */
function reportFrames([baseline, ...builds]: FrameFigures[]) {
  const rows = [["game (demonstration)", "frames", "p50 ms", "p95 ms", "p95 vs bare canvas"]];
  for (const figures of [baseline, ...builds]) {
    rows.push([
      figures.label,
      String(figures.frames),
      figures.p50Ms.toFixed(1),
      figures.p95Ms.toFixed(1),
      baseline.p95Ms > 0 ? (figures.p95Ms / baseline.p95Ms).toFixed(2) : "n/a",
    ]);
  }
  console.log("");
  console.log(`Frame pacing: Chromium (software rendering), ${settings.frames} s per build, frame intervals from requestAnimationFrame timestamps`);
  console.log("");
  console.log(table(rows));
  console.log("");
  console.log("p95 vs bare canvas = the build's p95 frame time divided by a bare canvas page's, same browser and run.");
}

/** The server's database: BENCH_DATABASE_URL, or the embedded one whose port the server printed. */
async function databaseUrl(server: Child, embeddedPort: () => RegExpMatchArray | undefined): Promise<string> {
  if (settings.databaseUrl) return settings.databaseUrl;
  // The line comes before the server answers; its echo may trail the answer by a moment.
  for (let i = 0; i < 50 && !embeddedPort(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  const port = embeddedPort()?.[1];
  if (!port) throw new Error(`${server.name} never printed "embedded PostgreSQL on port N"`);
  // The embedded server's fixed credentials and database name (src/db/embedded.ts, src/db/start.ts).
  return `postgres://postgres:postgres@127.0.0.1:${port}/clinic`;
}

/** Seeds the activities the list endpoints are measured over; answers a line for the report. */
async function seedBenchActivities(server: Child, embeddedPort: () => RegExpMatchArray | undefined): Promise<string> {
  if (settings.activities === 0) return "none seeded (BENCH_ACTIVITIES=0)";
  const url = await databaseUrl(server, embeddedPort);
  log(`seeding ${settings.activities} activities`);
  const seeded = await seedActivities(url, settings.activities, log);
  const share = `${(seeded.searchMatches * 100).toFixed(2)} % of names match the search`;
  if (seeded.inserted === 0) return `${seeded.total} rows, already there (${share})`;
  return `${seeded.total} rows, ${seeded.inserted} seeded in ${seeded.seconds.toFixed(1)} s (${share})`;
}

/** Seeds the demo therapist's appointments for the free-slot query; answers a line for the report and the path placeholders. */
async function seedBenchAppointments(
  server: Child,
  embeddedPort: () => RegExpMatchArray | undefined,
): Promise<{ line: string; placeholders: Record<string, string> }> {
  if (settings.appointments === 0) return { line: "none seeded (BENCH_APPOINTMENTS=0)", placeholders: {} };
  const url = await databaseUrl(server, embeddedPort);
  log(`seeding ${settings.appointments} appointments`);
  const seeded = await seedAppointments(url, settings.appointments, log);
  const share = `${seeded.inRange} of the ${seeded.slotsInRange} weekday slots from ${seeded.from} to ${seeded.to} taken`;
  const made = seeded.inserted === 0 ? "already there" : `${seeded.inserted} seeded in ${seeded.seconds.toFixed(1)} s`;
  return {
    line: `${seeded.total} of the demo therapist, ${made} (${share})`,
    placeholders: { slotService: String(seeded.serviceId), today: seeded.from, "today+27": seeded.to },
  };
}

/** `template` with its `{name}`s replaced; undefined when one has no value. */
function fillPlaceholders(template: string, values: Record<string, string>): string | undefined {
  let missing = false;
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? "");
  });
  return missing ? undefined : filled;
}

const loadBefore = os.loadavg();
const tempDir = await mkdtemp(path.join(os.tmpdir(), "clinic-bench-"));
// As root the embedded PostgreSQL runs as a `postgres` user, who must be able to enter this dir.
await chmod(tempDir, 0o755);
const children: Child[] = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of [...children].reverse()) await stopChild(child);
    await stopLeftoverPostgres(path.join(tempDir, "data", "postgres"));
    await rm(tempDir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  });
}

let ok = false;
try {
  ok = await run(tempDir, children);
} catch (error) {
  console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await cleanUp();
}
process.exit(ok ? 0 : 1);
