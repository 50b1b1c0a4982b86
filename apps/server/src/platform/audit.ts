import { type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { auditEvents } from "../db/schema.ts";
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
        await this.db.insert(auditEvents).values(batch.map((entry) => entry.row));
        for (const entry of batch) entry.done();
      } catch (error) {
        // One bad record must not fail the others it happened to travel with: each alone.
        if (batch.length === 1) (batch[0] as (typeof batch)[number]).done(error);
        else
          for (const entry of batch)
            await this.db
              .insert(auditEvents)
              .values(entry.row)
              .then(() => entry.done(), entry.done);
      }
    }
    this.writing = false;
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

function recordOf(request: FastifyRequest, event: AuditEvent, outcome: "ok" | "refused"): AuditRow {
  return {
    actorId: request.actor?.id ?? null,
    subjectUserId: event.subjectUserId ?? null,
    action: event.action,
    outcome,
    detail: event.detail ?? null,
    ip: request.ip,
  };
}

function record(request: FastifyRequest, event: AuditEvent, outcome: "ok" | "refused"): Promise<void> {
  return auditWriter(request.server.db).write(recordOf(request, event, outcome));
}

/**
 * The audit record of a read that is one statement, written by that statement: `found` is the
 * read's own condition as a query, and the answer is a WITH to put in front of the read
 * (`db.with(...)`). PostgreSQL runs a data-modifying WITH whether or not the read names it, so the
 * record commits with the read, in the same round trip, where `audited` adds an insert (and a
 * commit) after it. The record says `ok` when `found` yields a row, else `refused`: the caller
 * answers 404 then, as `audited` records it.
 */
export type AuditInStatement = (found: SQL) => ReturnType<typeof auditWithOf>;

export function auditInStatement(request: FastifyRequest, event: AuditEvent): AuditInStatement {
  return (found) => auditWithOf(request.server.db, recordOf(request, event, "ok"), found);
}

function auditWithOf(db: Db, row: AuditRow, found: SQL) {
  return db.$with("audit_record", { id: sql<number>`id` }).as(sql`
    insert into audit_events (actor_id, subject_user_id, action, outcome, detail, ip)
    select ${row.actorId}, ${row.subjectUserId}, ${row.action}, case when exists (${found}) then 'ok' else 'refused' end,
      ${row.detail === null || row.detail === undefined ? null : JSON.stringify(row.detail)}::jsonb, ${row.ip}
    returning id`);
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
