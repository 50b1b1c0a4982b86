import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import type { auditEvents } from "../db/schema.ts";
import { HttpError } from "./errors.ts";

export interface AuditEvent {
  /** What was done, as `<resource>.<verb>` (e.g. `user.language.update`). */
  action: string;
  /** The person whose data it was, when it was one person's. */
  subjectUserId?: string | null;
  detail?: Record<string, unknown>;
}

type AuditRow = typeof auditEvents.$inferInsert;

/** More rows than this wait for the next statement, so one insert stays small. */
const MAX_BATCH = 200;

/**
 * Group commit of the audit records. A record is a plain INSERT that takes no lock shared with
 * other requests (the sequencer seals it into the chain later, platform/audit-sequencer.ts);
 * still, under load, the records that arrive while a write is in flight go together in the
 * next one: one statement and one commit (one WAL flush) for all of them, in the order they
 * came, instead of one each. Each call still waits until its own record has committed, so
 * nothing is answered unaudited; alone, a record is written at once, with no added delay.
 */
export class AuditWriter {
  private queue: { row: AuditRow; done: (error?: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  write(row: AuditRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.insert(batch.map((entry) => entry.row));
        for (const entry of batch) entry.done();
      } catch (error) {
        // One bad record must not fail the others it happened to travel with: each alone.
        if (batch.length === 1) (batch[0] as (typeof batch)[number]).done(error);
        else for (const entry of batch) await this.insert([entry.row]).then(() => entry.done(), entry.done);
      }
    }
    this.writing = false;
  }

  /** Rows as columns of arrays: one statement text whatever their number, so it is planned once (db/prepared.ts). */
  private async insert(rows: AuditRow[]): Promise<void> {
    // One parameter per column (sql.param): Drizzle would spread a bare array into a list.
    const column = <T>(pick: (row: AuditRow) => T) => sql.param(rows.map(pick));
    await this.db.execute(sql`
      insert into audit_events (actor_id, subject_user_id, action, outcome, detail, ip)
      select * from unnest(${column((row) => row.actorId ?? null)}::text[], ${column((row) => row.subjectUserId ?? null)}::text[],
        ${column((row) => row.action)}::text[], ${column((row) => row.outcome)}::text[],
        ${column((row) => (row.detail == null ? null : JSON.stringify(row.detail)))}::jsonb[], ${column((row) => row.ip ?? null)}::text[])`);
  }
}

const writers = new WeakMap<Db, AuditWriter>();

/** The one writer of a database (per app node): every audit record of the node goes through it. */
export function auditWriter(db: Db): AuditWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = new AuditWriter(db);
    writers.set(db, writer);
  }
  return writer;
}

function record(request: FastifyRequest, event: AuditEvent, outcome: "ok" | "refused"): Promise<void> {
  return auditWriter(request.server.db).write({
    actorId: request.actor?.id ?? null,
    subjectUserId: event.subjectUserId ?? null,
    action: event.action,
    outcome,
    detail: event.detail ?? null,
    ip: request.ip,
  });
}

/**
 * Runs `work` and leaves an audit record of it: `ok` when it succeeds, `refused` when it is
 * turned away for permission or scope (403, 404). Other failures are errors, not decisions.
 */
export async function audited<T>(request: FastifyRequest, event: AuditEvent, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    await record(request, event, "ok");
    return result;
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 404)) await record(request, event, "refused");
    throw error;
  }
}
