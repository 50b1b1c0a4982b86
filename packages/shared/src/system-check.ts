import { z } from "zod";
import { auditTrailStatusSchema } from "./audit.ts";
import { EMAIL_MAX } from "./people.ts";

/**
 * The admins' system check (§2 `test`): each dependency of the platform probed at once, each
 * answered green or red with its reason and a few figures. Reasons are codes, so the screen
 * says them in the reader's language; `detail` carries the dependency's own words (an error
 * message) when there are some.
 */

export const SYSTEM_CHECK_NAMES = ["database", "migrations", "jobs", "storage", "mail", "backups", "versions"] as const;
export type SystemCheckName = (typeof SYSTEM_CHECK_NAMES)[number];

export const SYSTEM_CHECK_REASONS = [
  /** No answer within the check's time limit. */
  "timedOut",
  /** The dependency answered with an error (see `detail`). */
  "error",
  /** The database lacks migrations this build ships (`figures.pending`). */
  "pendingMigrations",
  /** The database holds migrations this build does not know: an older build runs against a newer database. */
  "unknownMigrations",
  /** The job queue of this node is not started (or stopped). */
  "queueStopped",
  /** A job has been due longer than the overdue threshold (`figures.overdueAfterMinutes`): nobody works the queue. */
  "jobsOverdue",
  /** The stored bytes read back differ from those written. */
  "mismatch",
  /** The last backup run failed (`detail` says why); `figures` still name the last one that worked. */
  "backupFailed",
] as const;
export type SystemCheckReason = (typeof SYSTEM_CHECK_REASONS)[number];

/** A figure is a count, a size, a name or a version; null when not known. */
export const systemCheckFigureSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const systemCheckSchema = z.object({
  name: z.enum(SYSTEM_CHECK_NAMES),
  ok: z.boolean(),
  /** Why it is red; null when green. */
  reason: z.enum(SYSTEM_CHECK_REASONS).nullable(),
  /** The dependency's own message, or what was found (never a secret). */
  detail: z.string().nullable(),
  figures: z.record(z.string(), systemCheckFigureSchema),
  /** How long the check took, in milliseconds. */
  ms: z.number().int().min(0),
});
export type SystemCheck = z.infer<typeof systemCheckSchema>;

export const systemCheckReportSchema = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  checks: z.array(systemCheckSchema),
  /** The audit trail's last verification (issue 33.2), read from what the verifications stored. */
  auditTrail: auditTrailStatusSchema,
});
export type SystemCheckReport = z.infer<typeof systemCheckReportSchema>;

/** `POST /api/system-check/email`: where to send the test email. */
export const testEmailSchema = z.object({ to: z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email()) }).strict();
export type TestEmail = z.infer<typeof testEmailSchema>;

/** What became of the test email: kept in the outbox (no SMTP) or accepted by the SMTP server. */
export const testEmailOutcomeSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  status: z.enum(["outbox", "sent"]),
});
export type TestEmailOutcome = z.infer<typeof testEmailOutcomeSchema>;
