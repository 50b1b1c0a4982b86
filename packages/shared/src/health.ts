import { z } from "zod";

/** `GET /api/health/live`: the process runs and answers; nothing else is checked. */
export const livenessSchema = z.object({ status: z.literal("ok") });
export type Liveness = z.infer<typeof livenessSchema>;

/**
 * `GET /api/health/ready` (200 when ready, 503 when not): whether this node can serve, for load
 * balancers and orchestrators. It names what is wrong, never anything about users or data.
 */
export const readinessSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  /** unreachable: no connection, or no answer in time; error: it answered the check with an error. */
  database: z.enum(["ok", "unreachable", "error"]),
  /** pending: the database lacks a migration this build ships; unknown: not checked (no database). */
  migrations: z.enum(["current", "pending", "unknown"]),
  detail: z.string().optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;
