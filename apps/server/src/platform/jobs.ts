import { sql } from "drizzle-orm";
import { fromDrizzle, PgBoss, type SendOptions } from "pg-boss";
import type { Db } from "../db/client.ts";

/**
 * Background jobs in pg-boss (ARCHITECTURE.md): queues live in the app's own PostgreSQL, so a
 * restart loses nothing and several app nodes share the work (a job is fetched by one node at
 * a time, with SKIP LOCKED). Features declare their queues with `handle()` while the app is
 * built, and enqueue with `send()`, preferably inside the transaction that made the job
 * necessary, so the job exists exactly when the change does.
 */

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

interface QueueDefinition {
  handler: JobHandler<never>;
  retryLimit: number;
  /** How long one run may take before pg-boss takes it for dead and retries it (its default: 15 minutes). */
  expireInSeconds: number | undefined;
}

export interface JobQueue {
  /** Declares a queue and what runs its jobs (before the app is ready). */
  handle<T extends object>(name: string, handler: JobHandler<T>, options?: { retryLimit?: number; expireInSeconds?: number }): void;
  /**
   * Runs `name` on a cron schedule (UTC). pg-boss keeps schedules in the database and each
   * slot is sent once whichever nodes' clocks see it (only nodes that work run the clock).
   */
  every(name: string, cron: string): void;
  /** Enqueues a job; with `tx`, inside that Drizzle transaction (it commits or rolls back with it). */
  send(name: string, data: object, options?: Omit<SendOptions, "db"> & { tx?: Db }): Promise<string | null>;
  /** Enqueues many jobs of one queue in one statement (a mass mailing), each due at its own `startAfter` (default now). */
  sendMany(name: string, jobs: readonly { data: object; startAfter?: Date }[], options?: { tx?: Db }): Promise<void>;
  /** Runs every job of `name` that is due now, here, and answers how many ran (tests and maintenance). */
  drain(name: string): Promise<number>;
  /** Creates the declared queues and, when this node works, starts its workers. */
  start(): Promise<void>;
  /** Stops fetching, then waits up to `graceMs` for the jobs running here before it closes its connections. */
  stop(graceMs?: number): Promise<void>;
  /** Started and not stopped: this node can enqueue (and, with `worker`, works its queues). */
  isRunning(): boolean;
}

/** A failed job is retried after 30 s, then twice as long each time, at most an hour apart. */
const RETRY_BACKOFF = { retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 } as const;

export interface JobSettings {
  /** Run workers on this node (false: only enqueue; another node, or `drain`, runs the jobs). */
  worker: boolean;
  /** Seconds between polls of an idle queue. */
  pollingSeconds: number;
}

export async function createJobQueue(connectionString: string, settings: JobSettings, onError: (error: Error) => void): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString,
    max: 3,
    schema: "pgboss",
    application_name: "clinic-jobs",
    supervise: settings.worker,
    schedule: settings.worker,
  });
  boss.on("error", onError);
  // Installs or upgrades pg-boss's schema; several nodes starting at once wait on its own lock.
  await boss.start();
  const queues = new Map<string, QueueDefinition>();
  const schedules = new Map<string, string>();
  let running = false;

  async function run(name: string, job: { id: string; data: unknown; retryCount: number }) {
    const definition = queues.get(name);
    if (!definition) throw new Error(`No handler for the job queue ${name}`);
    await definition.handler(job.data as never, { id: job.id, retryCount: job.retryCount });
  }

  return {
    handle(name, handler, options = {}) {
      queues.set(name, { handler: handler as JobHandler<never>, retryLimit: options.retryLimit ?? 5, expireInSeconds: options.expireInSeconds });
    },
    every(name, cron) {
      schedules.set(name, cron);
    },
    async send(name, data, options = {}) {
      const { tx, ...rest } = options;
      return boss.send(name, data, { ...rest, ...(tx ? { db: fromDrizzle(tx, sql) } : {}) });
    },
    async sendMany(name, jobs, options = {}) {
      if (jobs.length === 0) return;
      // insert() takes the queue's retry settings per job, so they are given as send() gets them from the queue.
      const retryLimit = queues.get(name)?.retryLimit ?? 5;
      await boss.insert(
        name,
        jobs.map((job) => ({ data: job.data, startAfter: job.startAfter, retryLimit, ...RETRY_BACKOFF })),
        options.tx ? { db: fromDrizzle(options.tx, sql) } : {},
      );
    },
    async drain(name) {
      let count = 0;
      for (;;) {
        const jobs = await boss.fetch<object>(name, { batchSize: 10 });
        if (jobs.length === 0) return count;
        for (const job of jobs) {
          try {
            await run(name, job);
            await boss.complete(name, job.id);
          } catch (error) {
            await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
          count += 1;
        }
      }
    },
    async start() {
      for (const [name, definition] of queues) {
        const expiry = definition.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {};
        await boss.createQueue(name, { retryLimit: definition.retryLimit, ...RETRY_BACKOFF, ...expiry });
        if (settings.worker) {
          // One job per fetch: a failure retries that job alone.
          await boss.work(name, { pollingIntervalSeconds: settings.pollingSeconds, batchSize: 1 }, async (jobs) => {
            for (const job of jobs) await run(name, job);
          });
        }
      }
      for (const [name, cron] of schedules) await boss.schedule(name, cron, {}, { tz: "UTC" });
      running = true;
    },
    async stop(graceMs = 10_000) {
      running = false;
      await boss.stop({ graceful: true, timeout: graceMs });
    },
    isRunning: () => running,
  };
}

/** Installs pg-boss's schema in a database and leaves (test templates get it once, not per copy). */
export async function installJobSchema(connectionString: string): Promise<void> {
  const boss = new PgBoss({ connectionString, max: 1, schema: "pgboss", supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

export interface JobCounts {
  /** Waiting to run: due now or later (retries included). */
  queued: number;
  active: number;
  /** Failed for good and still kept (pg-boss deletes finished jobs after their retention): a rolling count. */
  failed: number;
  /** Seconds the oldest job that is due now has waited past its start time; null when none is due. */
  oldestDueSeconds: number | null;
}

/**
 * Live counts over every queue, read from pg-boss's job table (its cached per-queue counts are
 * only refreshed by a supervising node, which a node with JOBS_WORKER=false is not).
 */
export async function jobCounts(db: Db): Promise<JobCounts> {
  const result = await db.execute<{ queued: string; active: string; failed: string; oldest_due_seconds: number | null }>(sql`
    select
      count(*) filter (where state in ('created', 'retry')) as queued,
      count(*) filter (where state = 'active') as active,
      count(*) filter (where state = 'failed') as failed,
      floor(extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now() and not blocked)))::int
        as oldest_due_seconds
    from pgboss.job`);
  const row = result.rows[0];
  return {
    queued: Number(row?.queued ?? 0),
    active: Number(row?.active ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestDueSeconds: row?.oldest_due_seconds ?? null,
  };
}
