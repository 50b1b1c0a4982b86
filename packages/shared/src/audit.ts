import { z } from "zod";
import { isRealDate } from "./memberships.ts";
import { pagedSchema, pageQuerySchema, storableText, userId } from "./schemas.ts";

/**
 * The audit trail made readable (issue 33.2): the audit screen (admins everything, a clinic
 * the records of its own people), each patient's "who has looked at my record", and the last
 * result of the hash chain's verification on the system check.
 */

/** The refusals of an audit query; the screens translate them by key (`audit.errors.<key>`). */
export const AUDIT_MESSAGES = {
  date: "Enter a date as YYYY-MM-DD.",
  toBeforeSince: "The end date must not be before the start date.",
  rangeTooLong: "Choose a range of at most one year (366 days).",
  unknownUser: "No user has this id.",
} as const;

/** The longest date range one query may span, so no query reads years of records. */
export const AUDIT_MAX_RANGE_DAYS = 366;
/** How far back a person's access log reaches. */
export const ACCESS_LOG_DAYS = 90;

export const AUDIT_OUTCOMES = ["ok", "refused"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
export const AUDIT_ROLES = ["admin", "clinic", "therapist", "patient"] as const;

const dayQuery = z.string().refine(isRealDate, AUDIT_MESSAGES.date).optional();
const trimmed = (max: number) =>
  storableText(max)
    .transform((value) => value.trim())
    .optional();

const daysBetween = (since: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000;

const auditFilterFields = {
  /** Who did it (a user id). */
  actor: userId().optional(),
  /** The person concerned (a user id). */
  subject: userId().optional(),
  /** An action, or the start of one: `patient.statistics` matches `patient.statistics.read` and `.export`. */
  action: trimmed(100),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  /** UTC days, both included. */
  since: dayQuery,
  to: dayQuery,
};

type Range = { since?: string; to?: string };
/** The end before the start, or a range over a year: 400 on `to`. */
function checkRange(query: Range, context: z.RefinementCtx) {
  if (!query.since || !query.to || !isRealDate(query.since) || !isRealDate(query.to)) return;
  if (query.to < query.since) context.addIssue({ code: "custom", path: ["to"], message: AUDIT_MESSAGES.toBeforeSince });
  else if (daysBetween(query.since, query.to) + 1 > AUDIT_MAX_RANGE_DAYS)
    context.addIssue({ code: "custom", path: ["to"], message: AUDIT_MESSAGES.rangeTooLong });
}

/** `GET /api/audit/`: newest first. An actor or subject that names nobody is a 400 on its field (the service checks). */
export const auditQuerySchema = pageQuerySchema.extend(auditFilterFields).superRefine(checkRange);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** `GET /api/audit/export`: the same filters, every matching record, as CSV or XLSX. */
export const auditExportQuerySchema = z.object({ ...auditFilterFields, format: z.enum(["csv", "xlsx"]) }).superRefine(checkRange);
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;
export type AuditFilters = Omit<AuditQuery, "page" | "rowsPerPage">;

const roleSchema = z.enum(AUDIT_ROLES);

/** One record as the audit screen shows it; `actor` null: a technical job (no one signed in). */
export const auditRecordSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** The name and role are null when the account no longer exists. */
  actor: z.object({ id: z.string(), name: z.string().nullable(), role: roleSchema.nullable() }).nullable(),
  subject: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
export const auditPageSchema = pagedSchema(auditRecordSchema);

/** `GET /api/audit/access-log`: the caller's own log, or (admins, a clinic for its people) `patient`'s. */
export const accessLogQuerySchema = pageQuerySchema.extend({ patient: userId().optional() });
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

/** One access of someone else to a person's data: who (name and role), when and what. */
export const accessLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actor: z.object({ name: z.string().nullable(), role: roleSchema.nullable() }),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;
export const accessLogPageSchema = pagedSchema(accessLogEntrySchema);

/**
 * The hash chain's last verification (system check): the last day verified (a day: the UTC day
 * its batches were sealed), whether every verified day is intact, how many are broken and the
 * first problem found. `lastDay` null: never verified yet.
 */
export const auditTrailStatusSchema = z.object({
  lastDay: z.string().nullable(),
  intact: z.boolean().nullable(),
  brokenDays: z.number().int(),
  firstBrokenDay: z.string().nullable(),
  problem: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /**
   * The sequencer that seals new records into the chain (issue 34.1): what stopped it, since
   * when (null: it seals), and the records waiting to be sealed, the oldest written when.
   */
  sealing: z.object({
    problem: z.string().nullable(),
    since: z.string().nullable(),
    unsealed: z.number().int(),
    oldestUnsealedAt: z.string().nullable(),
  }),
});
export type AuditTrailStatus = z.infer<typeof auditTrailStatusSchema>;
