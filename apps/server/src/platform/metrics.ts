import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../db/client.ts";
import { HttpError, notFound } from "./errors.ts";

/**
 * Prometheus metrics (issue 40.2), one registry per app: tests build many apps in one process,
 * and prom-client's global registry would mix their figures and refuse a second registration.
 * Counters bumped from services (mail, game results) find the app's metrics through its Db, the
 * way other per-database state hangs on the Db (vitest.config.ts).
 */
export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<"method" | "route" | "status">;
  httpDuration: Histogram<"method" | "route" | "status">;
  mailSent: Counter;
  mailFailed: Counter;
  gameResultsStored: Counter;
  poolInUse: Gauge;
  poolIdle: Gauge;
  poolWaiting: Gauge;
  jobsWaiting: Gauge<"queue">;
  jobsFailed: Gauge<"queue">;
  jobsOldestDueSeconds: Gauge<"queue">;
  auditUnsealed: Gauge;
}

/** Every metric name the app exports besides prom-client's defaults; the dashboard test checks its queries against it. */
export const METRIC_NAMES = {
  httpRequests: "clinic_http_requests_total",
  httpDuration: "clinic_http_request_duration_seconds",
  mailSent: "clinic_mail_sent_total",
  mailFailed: "clinic_mail_failed_total",
  gameResultsStored: "clinic_game_results_stored_total",
  poolInUse: "clinic_db_pool_in_use_connections",
  poolIdle: "clinic_db_pool_idle_connections",
  poolWaiting: "clinic_db_pool_waiting_clients",
  jobsWaiting: "clinic_jobs_waiting",
  jobsFailed: "clinic_jobs_failed",
  jobsOldestDueSeconds: "clinic_jobs_oldest_due_seconds",
  auditUnsealed: "clinic_audit_unsealed_records",
} as const;

/** The route label of a request Fastify matched no route for (404s of random paths): one series, not one per URL. */
export const UNMATCHED_ROUTE = "unmatched";

const metricsByDb = new WeakMap<Db, AppMetrics>();

/** The metrics of the app that owns `db`; undefined for a Db no app registered (scripts, a transaction's handle). */
export function metricsOf(db: Db): AppMetrics | undefined {
  return metricsByDb.get(db);
}

let processRegistry: Registry | null = null;

/**
 * prom-client's process metrics (memory, CPU, event loop lag, handles: what the soak charts per
 * node), collected once per process: they describe the process, not an app, and each collection
 * starts an event loop monitor and a garbage collection observer that never stop.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(): AppMetrics {
  const own = new Registry();
  const labelNames = ["method", "route", "status"] as const;
  const registers = [own];
  const metrics = {
    registry: own,
    httpRequests: new Counter({ name: METRIC_NAMES.httpRequests, help: "Requests answered, by method, route pattern and status code.", labelNames, registers }),
    httpDuration: new Histogram({
      name: METRIC_NAMES.httpDuration,
      help: "Time to answer a request, by method, route pattern and status code.",
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    mailSent: new Counter({ name: METRIC_NAMES.mailSent, help: "Emails this node handed to the SMTP server.", registers }),
    mailFailed: new Counter({
      name: METRIC_NAMES.mailFailed,
      help: "Emails this node gave up on (the SMTP server refused them or never answered).",
      registers,
    }),
    gameResultsStored: new Counter({ name: METRIC_NAMES.gameResultsStored, help: "Played game sessions this node stored.", registers }),
    poolInUse: new Gauge({ name: METRIC_NAMES.poolInUse, help: "Database connections of this node's pool running a query or transaction.", registers }),
    poolIdle: new Gauge({ name: METRIC_NAMES.poolIdle, help: "Database connections of this node's pool open and idle.", registers }),
    poolWaiting: new Gauge({ name: METRIC_NAMES.poolWaiting, help: "Queries of this node waiting for a free database connection.", registers }),
    jobsWaiting: new Gauge({
      name: METRIC_NAMES.jobsWaiting,
      help: "Jobs waiting to run (created or to retry), per queue; shared by every node.",
      labelNames: ["queue"],
      registers,
    }),
    jobsFailed: new Gauge({
      name: METRIC_NAMES.jobsFailed,
      help: "Failed jobs still kept by the queue, per queue; shared by every node.",
      labelNames: ["queue"],
      registers,
    }),
    jobsOldestDueSeconds: new Gauge({
      name: METRIC_NAMES.jobsOldestDueSeconds,
      help: "Seconds the oldest due job has waited past its start time, per queue (0: none due).",
      labelNames: ["queue"],
      registers,
    }),
    auditUnsealed: new Gauge({ name: METRIC_NAMES.auditUnsealed, help: "Audit records committed but not yet sealed into the chain.", registers }),
  };
  // What a scrape serves: the app's own metrics and the process's (the same metric objects, not copies).
  return { ...metrics, registry: Registry.merge([processMetrics(), own]) };
}

interface QueueRow {
  queue: string;
  waiting: number;
  failed: number;
  oldest_due_seconds: number | null;
}

/** Reads the shared figures (job queues, audit backlog) in one statement and sets their gauges. */
export async function readSharedFigures(db: Db, metrics: AppMetrics): Promise<void> {
  const result = await db.execute<{ unsealed: number; queues: QueueRow[] }>(sql`
    select
      (select count(*) from audit_events where seq is null)::int as unsealed,
      coalesce((
        select json_agg(row_to_json(q) order by q.queue)
        from (
          select queue.name as queue,
                 count(job.id) filter (where job.state in ('created', 'retry'))::int as waiting,
                 count(job.id) filter (where job.state = 'failed')::int as failed,
                 floor(extract(epoch from now() - min(job.start_after)
                   filter (where job.state in ('created', 'retry') and job.start_after <= now() and not job.blocked)))::int as oldest_due_seconds
          from pgboss.queue queue
          left join pgboss.job job on job.name = queue.name
          group by queue.name
        ) q
      ), '[]'::json) as queues`);
  const row = result.rows[0];
  metrics.auditUnsealed.set(Number(row?.unsealed ?? 0));
  // A queue dropped since the last scrape must not keep its last figures.
  metrics.jobsWaiting.reset();
  metrics.jobsFailed.reset();
  metrics.jobsOldestDueSeconds.reset();
  for (const queue of row?.queues ?? []) {
    metrics.jobsWaiting.set({ queue: queue.queue }, queue.waiting);
    metrics.jobsFailed.set({ queue: queue.queue }, queue.failed);
    metrics.jobsOldestDueSeconds.set({ queue: queue.queue }, queue.oldest_due_seconds ?? 0);
  }
}

function readPool(pool: pg.Pool, metrics: AppMetrics): void {
  metrics.poolInUse.set(pool.totalCount - pool.idleCount);
  metrics.poolIdle.set(pool.idleCount);
  metrics.poolWaiting.set(pool.waitingCount);
}

/** Compares the digests, so neither the token's length nor its first differing byte shows in the time taken. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? "");
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

function requestLabels(request: FastifyRequest, reply: FastifyReply) {
  return { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(reply.statusCode) };
}

/**
 * Times every answer, and serves `/metrics` when METRICS_TOKEN is set (unset: not served, a
 * plain 404 even where the web app is served). Call before the routes are added: the hook then
 * sees each of them.
 */
export function registerMetrics(app: FastifyInstance, pool: pg.Pool): AppMetrics {
  const metrics = createMetrics();
  metricsByDb.set(app.db, metrics);
  app.addHook("onResponse", async (request, reply) => {
    const labels = requestLabels(request, reply);
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  const token = app.config.metrics.token;
  // Registered either way: unmatched, the path would fall to the web app's shell (a 200 page).
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw notFound();
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new HttpError(401, { detail: "Authentication credentials were not provided." });
    }
    readPool(pool, metrics);
    await readSharedFigures(app.db, metrics);
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return metrics;
}
