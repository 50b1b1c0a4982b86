import type { FastifyRequest } from "fastify";
import { auditEvents } from "../db/schema.ts";
import { HttpError } from "./errors.ts";

export interface AuditEvent {
  /** What was done, as `<resource>.<verb>` (e.g. `user.language.update`). */
  action: string;
  /** The person whose data it was, when it was one person's. */
  subjectUserId?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * One statement: the database chains the record as it inserts it (migration 0013), holding
 * the day's chain lock until the write commits. So it runs on its own, never inside a long
 * transaction, which would make every other audit write of the day wait for it.
 */
async function record(request: FastifyRequest, event: AuditEvent, outcome: "ok" | "refused"): Promise<void> {
  await request.server.db.insert(auditEvents).values({
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
