// `npm run bench -- --soak` (issue 40.6): simulated staff and patients of the demo clinic on the
// two-node cluster (apps/server/src/ops/cluster/cluster.ts: two processes of the built server,
// one PostgreSQL, an s3rver store, Caddy in front), for minutes, through the proxy. Each user is a
// loop with think time: signed in once (and now and then out and back in), it reads its lists,
// and writes what a user of its kind writes: therapists assign games and book appointments (a
// taken slot answers 409, an expected answer), patients store game results as the game page does
// and buy in the demo shop. Each node's memory is read from its /metrics every 15 s.
//
//   --users N     simulated users (default 200), a fifth of them therapists
//   --minutes M   minutes of load (default 5)
//   --report FILE the markdown file whose soak section the report replaces (default docs/performance.md)
//
// The report (stdout and the file) has the error rate, p50/p99 per kind of call and the memory
// per node by minute; no timing is asserted. Ctrl-C, the end and a failure all stop the cluster.
import { randomUUID } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildById, type SessionResult } from "@clinic/games";
import { FAMILY_ENGINES } from "@clinic/games/browser";
import { createEngine, idealPlayer, type RunResult, runEngine, sessionOf } from "@clinic/games/testing";
import { type Cluster, ClusterError, REPO_ROOT, startCluster } from "../src/ops/cluster/cluster.ts";
import { freePort, runNode } from "./processes.ts";
import { checkoutVariantIds, type SoakPeople, type SoakPerson, seedSoakPeople } from "./soak-people.ts";
import { type MemorySample, memoryOf, SoakTally, soakHeading, soakReport, writeSoakSection } from "./soak-report.ts";
import { seedShop } from "./seed-shop.ts";

/** Both nodes serve /metrics to this bearer token only; the soak reads each node directly with it. */
const METRICS_TOKEN = "soak-metrics-token-2026-two-nodes-memory-over-time";
const FEATURE_FLAGS = "clinic,statistics,virtual_shop,schedule";
const STAFF_SHARE = 0.2;
const THINK_MS = { min: 1_000, max: 3_000 };
const MEMORY_EVERY_MS = 15_000;
/** A call not answered within this is a network error (and the user moves on). */
const CALL_TIMEOUT_MS = 30_000;
/** Products patients buy: seedShop's checkout items, a million in stock each. */
const CHECKOUT_PRODUCTS = 20;

const log = (line: string) => process.stderr.write(`[soak] ${line}\n`);

interface SoakSettings {
  users: number;
  minutes: number;
  reportFile: string;
}

function readArgs(args: string[]): SoakSettings {
  const value = (name: string): string | undefined => {
    const index = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
    if (index === -1) return undefined;
    const arg = args[index] as string;
    return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[index + 1];
  };
  const count = (name: string, fallback: number, min: number, max: number) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const number = Number(raw);
    if (!Number.isInteger(number) || number < min || number > max) throw new Error(`${name} takes a whole number from ${min} to ${max}, not "${raw}"`);
    return number;
  };
  return {
    users: count("--users", 200, 2, 5_000),
    minutes: count("--minutes", 5, 1, 24 * 60),
    reportFile: path.resolve(value("--report") ?? path.join(REPO_ROOT, "docs/performance.md")),
  };
}

const between = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** The session cookies a browser would keep: every Set-Cookie of an answer replaces its name's value. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const cleared = /max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || pair.endsWith("=");
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, pair);
    }
  }
  header(): string {
    return [...this.cookies.values()].join("; ");
  }
  clear(): void {
    this.cookies.clear();
  }
}

/** A finished session of each game build, played once by an ideal player; each result sent gets an id of its own. */
function gameSessions(people: SoakPeople): Map<string, { build: NonNullable<ReturnType<typeof buildById>>; run: RunResult }> {
  const played = new Map<string, { build: NonNullable<ReturnType<typeof buildById>>; run: RunResult }>();
  for (const { buildId } of people.games) {
    const build = buildById(buildId);
    if (!build || played.has(buildId)) continue;
    const engine = createEngine(FAMILY_ENGINES[build.family] as never, build, { seed: 7 });
    played.set(buildId, { build, run: runEngine(engine, { player: idealPlayer(280), size: build.size }) });
  }
  return played;
}

interface World {
  baseUrl: string;
  tally: SoakTally;
  people: SoakPeople;
  /** The game activities staff assign, those whose build the player here can run. */
  games: { activityId: number; buildId: string }[];
  played: ReturnType<typeof gameSessions>;
  variantIds: number[];
  deadline: number;
  signal: AbortSignal;
}

/** One simulated user: a browser's cookies and the calls it makes, each timed and tallied. */
class User {
  readonly jar = new CookieJar();
  signedIn = false;

  constructor(
    readonly world: World,
    readonly person: SoakPerson,
    readonly role: "staff" | "patient",
  ) {}

  /** One call through the proxy; answers the status and body (null when it failed or was not JSON). */
  async call(
    kind: string,
    method: string,
    pathAndQuery: string,
    body?: unknown,
    expected: readonly number[] = [],
  ): Promise<{ status: number; json: unknown } | null> {
    const { baseUrl, tally, signal } = this.world;
    const name = `${kind} (${this.role})`;
    const headers: Record<string, string> = { cookie: this.jar.header() };
    // Browsers send Origin on every state-changing call; the CSRF guard checks it.
    if (method !== "GET") headers.origin = baseUrl;
    if (body !== undefined) headers["content-type"] = "application/json";
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}${pathAndQuery}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.any([signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]),
      });
      const text = await response.text();
      const elapsed = performance.now() - started;
      this.jar.take(response);
      tally.answered(name, response.status, elapsed, expected, () => `${method} ${pathAndQuery.split("?")[0]}: ${text.slice(0, 160)}`);
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        // An HTML page or nothing: the status is what counts.
      }
      return { status: response.status, json };
    } catch (error) {
      // The soak's own stop cuts calls short: not the server's failure.
      if (!signal.aborted) tally.failed(name, `${method} ${pathAndQuery.split("?")[0]}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  async signIn(): Promise<void> {
    this.jar.clear();
    const answer = await this.call("sign-in", "POST", "/api/auth/sign-in/email", { email: this.person.email, password: this.person.password });
    this.signedIn = answer?.status === 200;
  }

  async signOutAndIn(): Promise<void> {
    await this.call("sign-out", "POST", "/api/auth/sign-out", {});
    this.signedIn = false;
    await this.think();
    await this.signIn();
  }

  think(): Promise<void> {
    const left = this.world.deadline - Date.now();
    if (left <= 0 || this.world.signal.aborted) return Promise.resolve();
    return sleep(Math.min(left, between(THINK_MS.min, THINK_MS.max)), undefined, { signal: this.world.signal }).catch(() => {});
  }

  /** Until the deadline: an action, a pause, another. */
  async run(step: () => Promise<void>): Promise<void> {
    // Users arrive over the first think times, not all in the same millisecond.
    await sleep(between(0, THINK_MS.max), undefined, { signal: this.world.signal }).catch(() => {});
    while (Date.now() < this.world.deadline && !this.world.signal.aborted) {
      if (!this.signedIn) await this.signIn();
      else if (Math.random() < 0.02) await this.signOutAndIn();
      else await step();
      await this.think();
    }
  }
}

const weighted = <T>(choices: readonly [number, T][]): T => {
  const total = choices.reduce((sum, [weight]) => sum + weight, 0);
  let left = Math.random() * total;
  for (const [weight, choice] of choices) {
    left -= weight;
    if (left < 0) return choice;
  }
  return (choices.at(-1) as [number, T])[1];
};

/** A therapist: the patient list, the catalogue, the calendar, notifications; assigns games and books visits. */
function staffStep(user: User, patients: SoakPerson[]): () => Promise<void> {
  const { world } = user;
  return async () => {
    const action = weighted<() => Promise<unknown>>([
      [3, () => user.call("patients list", "GET", "/api/user-patients/?rowsPerPage=10")],
      [2, () => user.call("activities list", "GET", "/api/activities/?rowsPerPage=10")],
      [
        2,
        () => {
          const from = new Date();
          const to = new Date(from.getTime() + 14 * 86_400_000);
          return user.call("appointments calendar", "GET", `/api/get-calendar-appointments/?from=${from.toISOString()}&to=${to.toISOString()}`);
        },
      ],
      [2, () => user.call("notifications list", "GET", "/api/notifications/?rowsPerPage=10")],
      [
        2,
        () =>
          user.call("assignment", "POST", `/api/patients-activities/${pick(patients).id}`, {
            activities: [pick(world.games).activityId],
            date: new Date().toLocaleDateString("en-CA"),
            duration: 10,
            description: "Assigned during the soak",
            activate: true,
          }),
      ],
      [
        1,
        () => {
          // A half-hour on a weekday of the next two weeks, 08:00 to 17:30 UTC: a therapist's
          // own bookings collide now and then, and those answer 409.
          const day = new Date();
          day.setUTCDate(day.getUTCDate() + 1 + Math.floor(Math.random() * 14));
          if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
          if (day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 2);
          const slot = Math.floor(Math.random() * 20);
          day.setUTCHours(8 + Math.floor(slot / 2), (slot % 2) * 30, 0, 0);
          return user.call(
            "appointment booking",
            "POST",
            "/api/appointment/",
            {
              name: "Follow-up",
              description: "Booked during the soak",
              start: day.toISOString(),
              duration: 30,
              appointmentType: 1,
              patientId: pick(patients).id,
            },
            [409],
          );
        },
      ],
    ]);
    await action();
  };
}

/** A patient: their assignments (and plays one of the games), appointments, notifications; buys in the shop. */
function patientStep(user: User): () => Promise<void> {
  const { world } = user;
  return async () => {
    const action = weighted<() => Promise<unknown>>([
      [2, () => user.call("assignments list", "GET", `/api/patientAssignActivities/${user.person.id}?rowsPerPage=10`)],
      [
        3,
        async () => {
          // As the game page does: a game of the home's list not yet played, then the session stored with the reply.
          const list = await user.call("assignments list", "GET", `/api/patientAssignActivities/${user.person.id}?done=false&rowsPerPage=10`);
          const rows = ((list?.json as { data?: { id: number; activityId: number; activity: { type: string } }[] } | null)?.data ?? []).filter(
            (row) => row.activity.type === "game",
          );
          const byActivity = new Map(world.games.map((game) => [game.activityId, game.buildId]));
          const playable = rows.filter((row) => world.played.has(byActivity.get(row.activityId) ?? ""));
          if (playable.length === 0) return;
          const row = pick(playable);
          const session = world.played.get(byActivity.get(row.activityId) as string);
          if (!session) return;
          await user.think();
          const game: SessionResult = sessionOf(session.build, session.run, { sessionId: randomUUID() });
          await user.call("game result", "POST", "/api/replyActivity/", { id: row.id, game });
        },
      ],
      [1, () => user.call("appointments list", "GET", "/api/request-appointments/?rowsPerPage=10")],
      [2, () => user.call("notifications list", "GET", "/api/notifications/?rowsPerPage=10")],
      [
        1,
        async () => {
          // As bench/checkout.ts does: an item in the cart, then the checkout (manual payment, collected).
          const storeId = world.people.storeId;
          const put = await user.call("shop cart line", "PUT", `/api/shop/cart/${storeId}/lines`, { variantId: pick(world.variantIds), quantity: 1 });
          if (put?.status !== 200 && put?.status !== 201) return;
          await user.think();
          await user.call("shop checkout", "POST", `/api/shop/cart/${storeId}/checkout`, { provider: "manual", fulfilment: "collect" });
        },
      ],
    ]);
    await action();
  };
}

/** Each node's memory, read from its own /metrics (not through the proxy), every 15 s until stopped. */
async function sampleMemory(cluster: Cluster, startedAt: number, memory: MemorySample[], stop: AbortSignal): Promise<void> {
  for (;;) {
    const at = (Date.now() - startedAt) / 1000;
    await Promise.all(
      cluster.nodes.map(async (node) => {
        try {
          const response = await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(10_000) });
          const figures = response.ok ? memoryOf(await response.text()) : undefined;
          if (figures) memory.push({ at, node: node.name, ...figures });
          else log(`${node.name}: /metrics answered ${response.status} without the memory gauges`);
        } catch (error) {
          log(`${node.name}: /metrics unreachable: ${error instanceof Error ? error.message : String(error)}`);
        }
      }),
    );
    if (stop.aborted) return;
    await sleep(MEMORY_EVERY_MS, undefined, { signal: stop }).catch(() => {});
    // One last sample at the stop itself, so the end of the run is measured.
  }
}

/** The soak; answers the process's exit code. */
export async function runSoak(args: string[]): Promise<number> {
  let settings: SoakSettings;
  try {
    settings = readArgs(args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  const staffCount = Math.max(1, Math.round(settings.users * STAFF_SHARE));
  const patientCount = settings.users - staffCount;
  const loadBefore = os.loadavg();
  const dir = await mkdtemp(path.join(os.tmpdir(), "clinic-soak-"));
  // As root the embedded PostgreSQL runs as `postgres`, who must pass through this folder.
  await chmod(dir, 0o755);

  const stopping = new AbortController();
  let interrupted = false;
  const onSignal = (signal: string) => {
    if (interrupted) {
      log(`${signal} again: leaving now`);
      process.exit(130);
    }
    interrupted = true;
    log(`${signal}: stopping the users, then the cluster`);
    stopping.abort();
  };
  const onInt = () => onSignal("SIGINT");
  const onTerm = () => onSignal("SIGTERM");
  process.on("SIGINT", onInt);
  process.on("SIGTERM", onTerm);

  let cluster: Cluster | undefined;
  let people: SoakPeople | undefined;
  try {
    const baseEnv = { ...process.env };
    // Only the cluster decides the database, the secret and the public address.
    for (const key of ["DATABASE_URL", "AUTH_SECRET", "PUBLIC_URL", "METRICS_TOKEN", "FEATURE_FLAGS"]) delete baseEnv[key];
    const nodeEnv = {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      METRICS_TOKEN,
      FEATURE_FLAGS,
      // Everyone comes from 127.0.0.1: a mistyped password must never lock the others out.
      LOGIN_ADDRESS_MAX_FAILURES: "1000000",
    };
    log(`starting the two-node cluster in ${dir}`);
    cluster = await startCluster({
      dir,
      port: await freePort(),
      baseEnv,
      nodeEnv,
      log,
      signal: stopping.signal,
      onOutput: (part, line) => {
        if (part !== "proxy" && line.trim()) log(`[${part}] ${line.slice(0, 400)}`);
      },
      prepare: async (env) => {
        log("seeding the demo data");
        await runNode("seed", [path.join(REPO_ROOT, "apps/server/dist/seed-demo.js")], { ...baseEnv, ...nodeEnv, ...env }, REPO_ROOT);
        await seedShop(env.DATABASE_URL as string, 0, CHECKOUT_PRODUCTS, log);
        log(`adding ${staffCount} therapists and ${patientCount} patients`);
        // About what a patient plays in the run, so results are stored from the first minute to the last.
        people = await seedSoakPeople(env.DATABASE_URL as string, staffCount, patientCount, 8 * settings.minutes + 2);
      },
    });
    if (!people) throw new Error("the prepare step made no people");
    const variantIds = await checkoutVariantIds(cluster.databaseUrl, people.storeId);
    const played = gameSessions(people);
    const games = people.games.filter((game) => played.has(game.buildId));
    if (games.length === 0) throw new Error(`none of the demo's game builds (${people.games.map((g) => g.buildId).join(", ")}) can be played here`);
    log(`cluster ready at ${cluster.url}; ${games.length} games to assign, ${variantIds.length} products to buy`);

    const tally = new SoakTally();
    const memory: MemorySample[] = [];
    const startedAt = Date.now();
    const world: World = {
      baseUrl: cluster.url,
      tally,
      people,
      games,
      played,
      variantIds,
      deadline: startedAt + settings.minutes * 60_000,
      signal: stopping.signal,
    };
    const samplingDone = new AbortController();
    const sampling = sampleMemory(cluster, startedAt, memory, AbortSignal.any([samplingDone.signal, stopping.signal]));
    const therapists = people.therapists;
    const users = [
      ...therapists.map((person, index) => {
        const user = new User(world, person, "staff");
        const own = (people as SoakPeople).patients.filter((_, patientIndex) => patientIndex % therapists.length === index);
        return user.run(staffStep(user, own.length > 0 ? own : (people as SoakPeople).patients));
      }),
      ...people.patients.map((person) => {
        const user = new User(world, person, "patient");
        return user.run(patientStep(user));
      }),
    ];
    log(`${users.length} users (${therapists.length} therapists, ${people.patients.length} patients) for ${settings.minutes} min`);
    const progress = setInterval(() => {
      const totals = tally.totals();
      log(`${((Date.now() - startedAt) / 60_000).toFixed(1)} min: ${totals.calls} calls, ${totals.serverErrors} × 5xx, ${totals.networkErrors} network errors`);
    }, 30_000);
    await Promise.all(users);
    clearInterval(progress);
    const loadSeconds = (Date.now() - startedAt) / 1000;
    samplingDone.abort();
    await sampling;

    const figures = {
      users: settings.users,
      staff: therapists.length,
      patients: people.patients.length,
      minutes: settings.minutes,
      startedAt: new Date(startedAt),
      loadSeconds,
      loadBefore,
      tally,
      memory,
      nodes: cluster.nodes.map((node) => node.name),
    };
    const report = soakReport(figures);
    console.log(`\n${soakHeading(figures)}\n\n${report.text()}`);
    if (interrupted) {
      log("interrupted: the report is not written to the file");
    } else {
      await writeSoakSection(settings.reportFile, soakHeading(figures), report);
      log(`report written to ${settings.reportFile}`);
    }
    return interrupted ? 130 : 0;
  } catch (error) {
    if (interrupted) return 130;
    console.error(
      `\nSoak failed: ${error instanceof ClusterError || !(error instanceof Error) ? String(error instanceof Error ? error.message : error) : error.stack}`,
    );
    return 1;
  } finally {
    if (cluster) {
      log("stopping the cluster");
      await cluster.stop();
    }
    await rm(dir, { recursive: true, force: true }).catch(() => {});
    process.off("SIGINT", onInt);
    process.off("SIGTERM", onTerm);
  }
}
