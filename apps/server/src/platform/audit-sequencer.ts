import os from "node:os";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditRecordHash, BATCH_COLUMNS, type BatchHead, batchHeadHash, batchHeadProblem, type ChainedRecord, RECORD_COLUMNS } from "./audit-chain.ts";

/**
 * The audit sequencer (issue 34.1): seals committed audit records into the one hash chain, after
 * the fact, so that writing a record takes no lock shared with other requests (a plain INSERT
 * in the request's own path). Every node runs a timer; each tick is one pass in one
 * transaction under a transaction-scoped advisory lock, so one node seals at a time and a node
 * that finds the lock taken skips the tick. A pass seals the records it can see in id order,
 * after the ones sealed before: the chain's order is the order of sealing, so records committed
 * out of id order, or by two nodes at once, still end up in one order that verifies. A pass
 * killed midway leaves nothing behind (one transaction); the next one does it again.
 *
 * Bad input stops it: a gap at the chain's end, a sealed record beyond the last batch, an
 * unsealed record it cannot hash. It then seals nothing, neither skipping nor rewriting, logs
 * one line, and keeps the problem in audit_sequencer_state for the system check; each later
 * pass checks again and resumes once the problem is gone.
 */

/** The advisory lock of the sequencer ('audit seal' in a number; no other lock of the app uses it). */
export const AUDIT_SEAL_LOCK = 7_235_091_534;
/** The most records one pass seals: one statement updates them all. */
export const SEAL_PAGE = 2000;

export type SealOutcome =
  /** Another node holds the lock: it is sealing. */
  | { status: "busy" }
  /** Nothing was waiting. */
  | { status: "idle" }
  | { status: "sealed"; batch: number; records: number; firstSeq: number; lastSeq: number }
  | { status: "refused"; problem: string };

export interface SealLog {
  error(line: string): void;
  info(line: string): void;
}

export interface SealOptions {
  /** Who seals (audit_batches.sealed_by): this node by default. */
  node?: string;
  /** Records per pass (SEAL_PAGE by default). */
  limit?: number;
  /** Where a problem (and the recovery from it) is said, once each: the app's logger. */
  log?: SealLog;
  /** The time the batch is sealed at; by default the database's clock. Tests place batches on past days with it. */
  sealedAt?: Date;
}

const thisNode = () => `${os.hostname()}:${process.pid}`;

type HeadRow = BatchHead & {
  recordFound: boolean;
  recordHash: string | null;
  beyond: string | null;
  storedProblem: string | null;
  now: string;
};

/** What stands in the way of sealing after this head, or null. */
function continuityProblem(head: HeadRow): string | null {
  const batch = head.id === null ? null : head;
  if (batch) {
    const own = batchHeadProblem(batch);
    if (own) return `the last batch, #${batch.id}: ${own}`;
    if (!head.recordFound) return `record #${batch.lastSeq}, the last of batch #${batch.id}, is missing (deleted)`;
    if (head.recordHash !== batch.lastHash)
      return `record #${batch.lastSeq}, the last of batch #${batch.id}, does not carry the hash its batch recorded (changed or replaced)`;
  }
  if (head.beyond !== null) return `record #${head.beyond} is sealed beyond the last batch's end (#${batch?.lastSeq ?? 0}): no batch sealed it`;
  return null;
}

/** Why an unsealed record cannot be sealed as it is, or null. */
function unsealableProblem(record: ChainedRecord): string | null {
  if (record.batchId !== null || record.prevHash !== null || record.hash !== null)
    return `record ${record.id} is not sealed yet but already carries seal fields: it was not written by the app`;
  for (const [field, value] of [
    ["created_at", record.createdAt],
    ["action", record.action],
    ["outcome", record.outcome],
  ] as const)
    if (value === null) return `record ${record.id} cannot be hashed: its ${field} is empty`;
  return null;
}

/**
 * One sealing pass: the records not sealed yet (up to `limit`, in id order) become the next
 * batch. Answers what it did; "busy" when another node holds the lock.
 */
export async function sealPendingAuditRecords(db: Db, options: SealOptions = {}): Promise<SealOutcome> {
  const limit = options.limit ?? SEAL_PAGE;
  let said: { level: "error" | "info"; line: string } | null = null;
  const outcome = await db.transaction(async (tx): Promise<SealOutcome> => {
    const [lock] = (await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${AUDIT_SEAL_LOCK}) as locked`)).rows;
    if (!lock?.locked) return { status: "busy" };

    // The chain's end, checked before anything is added to it. The time is read under the
    // lock, so a batch is never sealed earlier than the one before it.
    const [head] = (
      await tx.execute<HeadRow>(sql`
        select l.*,
               exists (select 1 from audit_events e where e.seq = l."lastSeq"::bigint) as "recordFound",
               (select e.hash from audit_events e where e.seq = l."lastSeq"::bigint) as "recordHash",
               (select min(e.seq)::text from audit_events e where e.seq > coalesce(l."lastSeq"::bigint, 0)) as "beyond",
               (select s.problem from audit_sequencer_state s where s.id = 1) as "storedProblem",
               to_char(${options.sealedAt ? sql`${options.sealedAt.toISOString()}::timestamptz` : sql`clock_timestamp()`} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "now"
        from (select 1) as one left join lateral (select ${BATCH_COLUMNS} from audit_batches b order by b.id desc limit 1) as l on true`)
    ).rows as [HeadRow];

    const refuse = async (problem: string): Promise<SealOutcome> => {
      if (head.storedProblem !== problem) {
        await tx.execute(sql`
          insert into audit_sequencer_state as s (id, problem, problem_since, checked_at) values (1, ${problem}, now(), now())
          on conflict (id) do update set problem = excluded.problem, checked_at = now(),
            problem_since = case when s.problem is null then excluded.problem_since else s.problem_since end`);
        said = { level: "error", line: `audit sequencer stopped, nothing sealed: ${problem}` };
      }
      return { status: "refused", problem };
    };
    const recovered = async () => {
      if (head.storedProblem === null) return;
      await tx.execute(sql`update audit_sequencer_state set problem = null, problem_since = null, checked_at = now() where id = 1`);
      said = { level: "info", line: "audit sequencer: the problem is gone, sealing again" };
    };

    const broken = continuityProblem(head);
    if (broken) return refuse(broken);

    const pending = (await tx.execute<ChainedRecord>(sql`select ${RECORD_COLUMNS} from audit_events e where e.seq is null order by e.id limit ${limit}`)).rows;
    for (const record of pending) {
      const problem = unsealableProblem(record);
      if (problem) return refuse(problem);
    }
    await recovered();
    if (pending.length === 0) return { status: "idle" };

    const batch = head.id === null ? 1 : Number(head.id) + 1;
    const firstSeq = head.id === null ? 1 : Number(head.lastSeq) + 1;
    let prevHash = head.id === null ? null : head.lastHash;
    const seals = pending.map((record, index) => {
      const sealed = { ...record, seq: String(firstSeq + index), batchId: String(batch), prevHash };
      const hash = auditRecordHash(sealed);
      prevHash = hash;
      return { id: record.id, seq: sealed.seq, prev_hash: sealed.prevHash, hash };
    });
    const lastSeq = firstSeq + seals.length - 1;
    const updated = await tx.execute(sql`
      update audit_events as e set seq = v.seq, batch_id = ${batch}, prev_hash = v.prev_hash, hash = v.hash
      from jsonb_to_recordset(${JSON.stringify(seals)}::jsonb) as v(id bigint, seq bigint, prev_hash text, hash text)
      where e.id = v.id and e.seq is null`);
    // Under the lock nobody else seals: a shortfall means the table changed under us.
    if (updated.rowCount !== seals.length) throw new Error(`audit sequencer: sealed ${updated.rowCount} of ${seals.length} records; nothing kept`);

    const next: BatchHead = {
      id: String(batch),
      firstSeq: String(firstSeq),
      lastSeq: String(lastSeq),
      records: String(seals.length),
      lastHash: prevHash,
      prevHead: head.id === null ? null : head.headHash,
      headHash: null,
      sealedAt: head.now,
      sealedBy: options.node ?? thisNode(),
    };
    await tx.execute(sql`
      insert into audit_batches (id, first_seq, last_seq, records, last_hash, prev_head, head_hash, sealed_at, sealed_by)
      values (${batch}, ${firstSeq}, ${lastSeq}, ${seals.length}, ${next.lastHash}, ${next.prevHead}, ${batchHeadHash(next)}, ${next.sealedAt}::timestamptz, ${next.sealedBy})`);
    return { status: "sealed", batch, records: seals.length, firstSeq, lastSeq };
  });
  // Said once the pass committed, so a rolled-back pass says nothing it did not do.
  const line = said as { level: "error" | "info"; line: string } | null;
  if (line) options.log?.[line.level](line.line);
  return outcome;
}

export interface AuditSequencer {
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

/**
 * The sequencer's timer on this node: a pass every `delayMs`, at once again while passes find
 * full pages (a backlog, e.g. the records an upgrade left unsealed). A pass that fails (the
 * database away) is logged and tried again on the next tick.
 */
export function startAuditSequencer(db: Db, settings: { delayMs: number; log: SealLog }): AuditSequencer {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let failing = false;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  const tick = () => {
    timer = null;
    running = sealPendingAuditRecords(db, { log: settings.log }).then(
      (outcome) => {
        if (failing) settings.log.info("audit sequencer: sealing again");
        failing = false;
        schedule(outcome.status === "sealed" && outcome.records >= SEAL_PAGE ? 0 : settings.delayMs);
      },
      (error: unknown) => {
        if (!failing) settings.log.error(`audit sequencer: a sealing pass failed, retrying: ${error instanceof Error ? error.message : String(error)}`);
        failing = true;
        schedule(settings.delayMs);
      },
    );
  };
  schedule(settings.delayMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
