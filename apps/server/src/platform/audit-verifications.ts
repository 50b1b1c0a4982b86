import type { AuditTrailStatus } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type AuditVerification, describeBreak, verifyAuditTrail } from "./audit-chain.ts";
import { auditVerifiedDays } from "./audit-verifications.table.ts";
import type { JobQueue } from "./jobs.ts";

/**
 * The verification's results kept (issue 33.2), so the system check can say how the audit
 * trail stands without walking it: the daily job verifies the days not verified yet up to
 * yesterday; `npm run audit:verify` and an admin's "verify now" store what they find too.
 * Intact days are not walked again by the job (that would read the whole table every night):
 * a full `npm run audit:verify` re-checks them all.
 */

export const AUDIT_VERIFY_QUEUE = "audit.verify";
/** Every night shortly after midnight UTC, when yesterday's chain is complete. */
const AUDIT_VERIFY_CRON = "20 0 * * *";

export type VerificationSource = "job" | "cli" | "admin";

const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const nextDay = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isoMillis = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Stores a verification's verdict per day: every day of `range` (days without records count as
 * intact, with none), or, without a range, the days the verification met. One statement.
 */
export async function storeVerification(
  db: Db,
  result: AuditVerification,
  source: VerificationSource,
  range?: { from: string; through: string },
): Promise<number> {
  const problems = new Map<string, string>();
  for (const found of result.breaks) if (isDay(found.day) && !problems.has(found.day)) problems.set(found.day, describeBreak(found));
  const days = new Set([...Object.keys(result.counts), ...problems.keys()]);
  if (range) for (let day = range.from; day <= range.through; day = nextDay(day)) days.add(day);
  if (days.size === 0) return 0;
  const rows = [...days].sort().map((day) => ({
    day,
    intact: !problems.has(day),
    records: result.counts[day] ?? 0,
    problem: problems.get(day) ?? null,
    source,
  }));
  await db
    .insert(auditVerifiedDays)
    .values(rows)
    .onConflictDoUpdate({
      target: auditVerifiedDays.day,
      set: {
        intact: sql`excluded.intact`,
        records: sql`excluded.records`,
        problem: sql`excluded.problem`,
        source: sql`excluded.source`,
        checkedAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    });
  return rows.length;
}

/**
 * The first day still to verify: the earliest one verified before it ended (it may have had
 * batches sealed since), else the day after the last one verified, else the day of the first batch.
 */
async function firstDayToVerify(db: Db): Promise<string | null> {
  const result = await db.execute<{ day: string | null }>(sql`
    select to_char(coalesce(
      (select min(day) from audit_verified_days where checked_at < (day + 1)::timestamp at time zone 'UTC'),
      (select max(day) + 1 from audit_verified_days),
      (select (min(sealed_at) at time zone 'UTC')::date from audit_batches)
    ), 'YYYY-MM-DD') as day`);
  return result.rows[0]?.day ?? null;
}

/** Verifies the days not verified yet, through `through` (yesterday for the job, today for an admin), and stores the verdicts. */
export async function verifyPendingDays(db: Db, source: VerificationSource, through: string): Promise<{ days: number; broken: number }> {
  const from = await firstDayToVerify(db);
  if (!from || from > through) return { days: 0, broken: 0 };
  const result = await verifyAuditTrail(db, { from, through });
  const days = await storeVerification(db, result, source, { from, through });
  return { days, broken: result.breaks.length };
}

/** Yesterday (UTC): the last complete day. */
export const yesterday = (now = new Date()) => utcDay(new Date(now.getTime() - 86_400_000));
export const today = (now = new Date()) => utcDay(now);

/**
 * How the audit trail stands, from the stored verdicts and the sequencer's state (what stops
 * it; the records waiting, along the index of unsealed records): one statement.
 */
export async function auditTrailStatus(db: Db): Promise<AuditTrailStatus> {
  const result = await db.execute<{
    last_day: string | null;
    broken: number;
    first_broken: string | null;
    problem: string | null;
    checked_at: string | null;
    seal_problem: string | null;
    seal_since: string | null;
    unsealed: number;
    oldest_unsealed: string | null;
  }>(sql`
    select v.*, s.problem as seal_problem, ${isoMillis(sql`s.problem_since`)} as seal_since,
           (select count(*)::int from audit_events where seq is null) as unsealed,
           ${isoMillis(sql`(select min(created_at) from audit_events where seq is null)`)} as oldest_unsealed
    from (
      select to_char(max(day), 'YYYY-MM-DD') as last_day,
             (count(*) filter (where not intact))::int as broken,
             to_char(min(day) filter (where not intact), 'YYYY-MM-DD') as first_broken,
             (select problem from audit_verified_days where not intact order by day limit 1) as problem,
             ${isoMillis(sql`max(checked_at)`)} as checked_at
      from audit_verified_days
    ) as v
    left join audit_sequencer_state s on s.id = 1`);
  const row = result.rows[0];
  const lastDay = row?.last_day ?? null;
  const broken = Number(row?.broken ?? 0);
  return {
    lastDay,
    intact: lastDay === null ? null : broken === 0,
    brokenDays: broken,
    firstBrokenDay: row?.first_broken ?? null,
    problem: row?.problem ?? null,
    checkedAt: row?.checked_at ?? null,
    sealing: {
      problem: row?.seal_problem ?? null,
      since: row?.seal_since ?? null,
      unsealed: Number(row?.unsealed ?? 0),
      oldestUnsealedAt: row?.oldest_unsealed ?? null,
    },
  };
}

/** The nightly verification: a job per night, worked by one node. */
export function registerAuditVerification(db: Db, jobs: JobQueue): void {
  jobs.handle(AUDIT_VERIFY_QUEUE, async () => {
    await verifyPendingDays(db, "job", yesterday());
  });
  jobs.every(AUDIT_VERIFY_QUEUE, AUDIT_VERIFY_CRON);
}
