import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * The hash chain of `audit_events` (migration 0030, issue 34.1): ONE chain over every record,
 * in the order the sequencer sealed them (platform/audit-sequencer.ts), cut into batches. Each
 * record holds its place (`seq`), its batch, the previous record's hash and the sha256 of its
 * canonical form; each batch (`audit_batches`) holds its first and last place, its last
 * record's hash, the previous batch's head hash and its own head hash over all of these. The
 * canonical forms are written once, here: the sequencer hashes with them, the verifier below
 * recomputes every hash with them and never trusts a stored one.
 */
export const AUDIT_CHAIN_VERSION = "audit_events v2";
export const AUDIT_BATCH_VERSION = "audit_batches v1";

/**
 * One record's stored fields as text, as PostgreSQL renders them: `createdAt` in UTC to the
 * microsecond (`2026-11-26T11:08:26.123456Z`), `detail` in jsonb's normalised text form (keys
 * sorted, fixed spacing). Any field may be null here, since a forged row need not respect the
 * table's constraints.
 */
export type ChainedRecord = {
  id: string;
  seq: string | null;
  batchId: string | null;
  prevHash: string | null;
  hash: string | null;
  createdAt: string | null;
  actorId: string | null;
  subjectUserId: string | null;
  action: string | null;
  outcome: string | null;
  ip: string | null;
  detail: string | null;
};

/** One batch head as stored, its fields as text (`sealedAt` like a record's `createdAt`). */
export type BatchHead = {
  id: string;
  firstSeq: string | null;
  lastSeq: string | null;
  records: string | null;
  lastHash: string | null;
  prevHead: string | null;
  headHash: string | null;
  sealedAt: string | null;
  sealedBy: string | null;
};

/** A timestamp column in the canonical text form. */
export const utcMicros = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The select list that reads an `audit_events` row (alias `e`) as a ChainedRecord. */
export const RECORD_COLUMNS = sql`e.id::text as "id", e.seq::text as "seq", e.batch_id::text as "batchId", e.prev_hash as "prevHash", e.hash,
  ${utcMicros(sql`e.created_at`)} as "createdAt", e.actor_id as "actorId", e.subject_user_id as "subjectUserId",
  e.action, e.outcome, e.ip, e.detail::text as detail`;

/** The select list that reads an `audit_batches` row (alias `b`) as a BatchHead. */
export const BATCH_COLUMNS = sql`b.id::text as "id", b.first_seq::text as "firstSeq", b.last_seq::text as "lastSeq", b.records::text as "records",
  b.last_hash as "lastHash", b.prev_head as "prevHead", b.head_hash as "headHash", ${utcMicros(sql`b.sealed_at`)} as "sealedAt", b.sealed_by as "sealedBy"`;

/** Length-prefixed, so no value can pass for a field boundary; `~` (no length) is NULL. */
function canonicalField(value: string | null): string {
  return value === null ? "~" : `${Buffer.byteLength(value, "utf8")}:${value}`;
}

/** The text that is hashed for a record: the version tag and the record's fields, in this order. */
export function auditCanonicalForm(record: ChainedRecord): string {
  const fields = [
    AUDIT_CHAIN_VERSION,
    record.prevHash,
    record.seq,
    record.batchId,
    record.id,
    record.createdAt,
    record.actorId,
    record.subjectUserId,
    record.action,
    record.outcome,
    record.ip,
    record.detail,
  ];
  return fields.map(canonicalField).join("");
}

export function auditRecordHash(record: ChainedRecord): string {
  return createHash("sha256").update(auditCanonicalForm(record), "utf8").digest("hex");
}

/** The text that is hashed for a batch head: every field but the head hash itself. */
export function batchCanonicalForm(batch: BatchHead): string {
  const fields = [AUDIT_BATCH_VERSION, batch.id, batch.firstSeq, batch.lastSeq, batch.records, batch.lastHash, batch.prevHead, batch.sealedAt, batch.sealedBy];
  return fields.map(canonicalField).join("");
}

export function batchHeadHash(batch: BatchHead): string {
  return createHash("sha256").update(batchCanonicalForm(batch), "utf8").digest("hex");
}

/** What is wrong with a batch head itself: its own hash, its count. Null when it holds. */
export function batchHeadProblem(batch: BatchHead): string | null {
  const first = Number(batch.firstSeq);
  const last = Number(batch.lastSeq);
  if (batch.firstSeq === null || batch.lastSeq === null || !(last >= first) || Number(batch.records) !== last - first + 1)
    return `its head does not add up: records #${batch.firstSeq ?? "?"}–#${batch.lastSeq ?? "?"} counted as ${batch.records ?? "?"}`;
  if (batchHeadHash(batch) !== batch.headHash) return "its head's fields do not match its head hash: the head was changed (or forged)";
  return null;
}

/** The first thing wrong with a batch, or with a record outside every batch. */
export interface ChainBreak {
  /** The UTC day the batch was sealed (for a record outside every batch, the day it was written). */
  day: string;
  /** The batch number; null for a record outside every batch. */
  batch: number | null;
  /** The broken record; null when the break is the batch's own (its head, or records missing). */
  id: string | null;
  /** The record's place in the chain (1-based), or the first missing place. */
  seq: number | null;
  problem: string;
}

export interface AuditVerification {
  records: number;
  batches: number;
  /** The UTC days whose batches were walked (or, with a range, the days of the range that had batches). */
  days: number;
  /** The first break of each broken batch, in chain order; empty when everything walked is intact. */
  breaks: ChainBreak[];
  /**
   * The head hash of each intact day's last batch. Kept somewhere else, it shows later whether
   * the whole chain up to there was rewritten, which no check inside the database can.
   */
  ends: Record<string, string>;
  /** The records walked per day of sealing (a day's batches without records count 0). */
  counts: Record<string, number>;
  /** Records written but not sealed yet: not part of any chain yet, and not broken for it. */
  unsealed: { count: number; oldestAt: string | null };
}

const PAGE = 2000;

function missing(from: number, to: number): string {
  return from === to ? `record #${from} is missing` : `records #${from}–#${to} are missing`;
}

/** Reads rows in pages along an index, one at a time. */
class Cursor<T> {
  private rows: T[] = [];
  private at = 0;
  private done = false;
  private last: T | null = null;

  constructor(private readonly fetch: (after: T | null) => Promise<T[]>) {}

  async peek(): Promise<T | undefined> {
    if (this.at >= this.rows.length && !this.done) {
      this.rows = await this.fetch(this.last);
      this.at = 0;
      if (this.rows.length < PAGE) this.done = true;
    }
    return this.rows[this.at];
  }

  async next(): Promise<T | undefined> {
    const row = await this.peek();
    if (row !== undefined) {
      this.at += 1;
      this.last = row;
    }
    return row;
  }
}

/** `YYYY-MM-DD` of a day that exists (Date alone would take 2026-02-30 for 2026-03-02). */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const dayOf = (timestamp: string | null) => timestamp?.slice(0, 10) ?? "?";

/** Place first, then batch, then link, then content: a deletion shows at the record after it, an edit at the record itself. */
function recordProblem(record: ChainedRecord, expected: number, batch: BatchHead, prevHash: string | null, prevId: string | null): string | null {
  const seq = Number(record.seq);
  if (seq > expected) return `${missing(expected, seq - 1)} before it (deleted)`;
  if (seq !== expected) return `it is out of place: #${seq} where #${expected} was due`;
  if (record.batchId !== batch.id) return `it names batch ${record.batchId ?? "none"}, but its place lies in batch #${batch.id}`;
  if (record.prevHash !== prevHash) {
    if (prevId === null && prevHash === null) return "the chain's first record links to no earlier record, but this one does";
    return `it does not link to the record before it (#${expected - 1}${prevId ? `, id ${prevId}` : ""}): a record was removed or slipped in there`;
  }
  if (auditRecordHash(record) !== record.hash) return "its fields do not match its hash: it was changed (or forged) after it was sealed";
  return null;
}

/**
 * Checks the sealed chain: every batch and every record, or only the batches sealed on one UTC
 * day (`YYYY-MM-DD`) or from `from` through `through` (both included), whose first batch must
 * link to the batch before it. One repeatable-read snapshot, so records sealed meanwhile
 * neither count nor look like forgeries; reads in pages along the indexes. Each batch is
 * checked on its own (starting from the previous head as stored), so one break is reported at
 * its batch and does not spill over the later ones.
 */
export async function verifyAuditTrail(db: Db, options: { day?: string; from?: string; through?: string } = {}): Promise<AuditVerification> {
  const { day } = options;
  const from = day ?? options.from;
  const through = day ?? options.through;
  for (const value of [from, through]) if (value !== undefined && !isDay(value)) throw new Error(`Not a day (YYYY-MM-DD): ${value}`);
  const ranged = from !== undefined || through !== undefined;
  const sealedIn = sql`${from === undefined ? sql`true` : sql`b.sealed_at >= ${from}::date::timestamp at time zone 'UTC'`}
    and ${through === undefined ? sql`true` : sql`b.sealed_at < (${through}::date + 1)::timestamp at time zone 'UTC'`}`;

  return db.transaction(
    async (tx) => {
      const breaks: ChainBreak[] = [];
      const ends: Record<string, string> = {};
      const counts: Record<string, number> = {};
      let records = 0;
      let batchCount = 0;
      const lastHeads = new Map<string, string>();

      // The range's bounds along the chain; the batch before it, whose head the first one links to.
      let lowSeq: string | null = null;
      let highSeq: string | null = null;
      let previous: BatchHead | null = null;
      if (ranged) {
        const [bounds] = (
          await tx.execute<{ first_id: string | null; low: string | null; high: string | null }>(
            sql`select min(b.id)::text as first_id, min(b.first_seq)::text as low, max(b.last_seq)::text as high from audit_batches b where ${sealedIn}`,
          )
        ).rows;
        if (!bounds?.first_id) lowSeq = highSeq = "0";
        else {
          lowSeq = bounds.low;
          highSeq = bounds.high;
          previous =
            (await tx.execute<BatchHead>(sql`select ${BATCH_COLUMNS} from audit_batches b where b.id < ${bounds.first_id}::bigint order by b.id desc limit 1`))
              .rows[0] ?? null;
        }
      }

      const batches = new Cursor<BatchHead>(
        async (after) =>
          (
            await tx.execute<BatchHead>(
              sql`select ${BATCH_COLUMNS} from audit_batches b where ${sealedIn} and ${after ? sql`b.id > ${after.id}::bigint` : sql`true`}
                  order by b.id limit ${PAGE}`,
            )
          ).rows,
      );
      const sealed = new Cursor<ChainedRecord>(
        async (after) =>
          (
            await tx.execute<ChainedRecord>(
              sql`select ${RECORD_COLUMNS} from audit_events e
                  where e.seq is not null and ${after ? sql`e.seq > ${after.seq}::bigint` : sql`true`}
                    and ${lowSeq === null ? sql`true` : sql`e.seq >= ${lowSeq}::bigint and e.seq <= ${highSeq}::bigint`}
                  order by e.seq limit ${PAGE}`,
            )
          ).rows,
      );

      for (let batch = await batches.next(); batch; batch = await batches.next()) {
        batchCount += 1;
        const batchDay = dayOf(batch.sealedAt);
        counts[batchDay] ??= 0;
        const number = Number(batch.id);
        const first = Number(batch.firstSeq);
        const last = Number(batch.lastSeq);
        const at = (problem: string, record?: ChainedRecord, seq?: number): ChainBreak => ({
          day: batchDay,
          batch: number,
          id: record?.id ?? null,
          seq: record ? Number(record.seq) : (seq ?? null),
          problem,
        });

        // The head: its place after the previous batch, its link to it, its own hash.
        let found: ChainBreak | null = null;
        const expectedNumber = previous ? Number(previous.id) + 1 : 1;
        const expectedFirst = previous ? Number(previous.lastSeq) + 1 : 1;
        if (number !== expectedNumber)
          found = at(
            number > expectedNumber
              ? `${expectedNumber === number - 1 ? `batch #${expectedNumber} is` : `batches #${expectedNumber}–#${number - 1} are`} missing before it (deleted)`
              : `it is out of place: batch #${number} where #${expectedNumber} was due`,
          );
        else if (batch.prevHead !== (previous?.headHash ?? null))
          found = at(
            previous
              ? `its head does not link to batch #${previous.id}'s head: a batch was replaced or slipped in there`
              : "the first batch links to an earlier head, but there is none",
          );
        else if (first !== expectedFirst) found = at(`it begins at record #${first} where #${expectedFirst} was due`);
        else {
          const problem = batchHeadProblem(batch);
          if (problem) found = at(problem);
        }

        // Its records, from the previous batch's last hash as stored.
        let prevHash = previous?.lastHash ?? null;
        let prevId: string | null = null;
        let expected = first;
        for (let record = await sealed.peek(); record && Number(record.seq) <= last; record = await sealed.peek()) {
          await sealed.next();
          records += 1;
          counts[batchDay] = (counts[batchDay] ?? 0) + 1;
          if (found) continue;
          const problem = recordProblem(record, expected, batch, prevHash, prevId);
          if (problem) {
            found = at(problem, record);
            continue;
          }
          prevHash = record.hash;
          prevId = record.id;
          expected = Number(record.seq) + 1;
        }
        if (!found && expected <= last) found = at(`${missing(expected, last)} at the end of the batch (deleted)`, undefined, expected);
        if (!found && prevHash !== batch.lastHash)
          found = { ...at("it is not the last record the batch's head recorded: it was replaced"), id: prevId, seq: expected - 1 };
        if (found) breaks.push(found);
        lastHeads.set(batchDay, batch.headHash ?? "");
        previous = batch;
      }

      // A sealed record beyond the last batch's end: sealed by no batch (in a range, none beyond it is read).
      const outside = await sealed.next();
      if (outside)
        breaks.push({
          day: dayOf(outside.createdAt),
          batch: null,
          id: outside.id,
          seq: Number(outside.seq),
          problem: `it is sealed but lies beyond the last batch's end (#${previous?.lastSeq ?? 0}): no batch sealed it`,
        });
      // An unsealed record that carries seal fields: neither written by the app nor sealed by the sequencer.
      if (!ranged) {
        const [halfSealed] = (
          await tx.execute<{ id: string; day: string }>(
            sql`select e.id::text, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') as day from audit_events e
                where e.seq is null and (e.batch_id is not null or e.prev_hash is not null or e.hash is not null) order by e.id limit 1`,
          )
        ).rows;
        if (halfSealed)
          breaks.push({
            day: halfSealed.day,
            batch: null,
            id: halfSealed.id,
            seq: null,
            problem: "it has seal fields but no place in the chain (seq is empty)",
          });
      }

      const [waiting] = (
        await tx.execute<{ count: number; oldest: string | null }>(
          sql`select count(*)::int as count, ${utcMicros(sql`min(e.created_at)`)} as oldest from audit_events e where e.seq is null`,
        )
      ).rows;

      // The last batch of each day whose batches are all intact ends that day.
      const brokenDays = new Set(breaks.map((found) => found.day));
      for (const [headDay, head] of lastHeads) if (!brokenDays.has(headDay)) ends[headDay] = head;

      breaks.sort((a, b) => a.day.localeCompare(b.day) || (a.batch ?? Number.MAX_SAFE_INTEGER) - (b.batch ?? Number.MAX_SAFE_INTEGER));
      return {
        records,
        batches: batchCount,
        days: Object.keys(counts).length,
        breaks,
        ends,
        counts,
        unsealed: { count: Number(waiting?.count ?? 0), oldestAt: waiting?.oldest ?? null },
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export function describeBreak(found: ChainBreak): string {
  const batch = found.batch === null ? "outside every batch" : `batch #${found.batch} sealed ${found.day}`;
  const where =
    found.id === null
      ? found.batch === null
        ? `the chain (${found.day})`
        : `batch #${found.batch} (sealed ${found.day})`
      : `record ${found.id} (#${found.seq}, ${batch})`;
  return `${where}: ${found.problem}`;
}

/** "N records not yet sealed, the oldest written at …", or nothing when every record is sealed. */
export function describeUnsealed(unsealed: AuditVerification["unsealed"]): string | null {
  if (unsealed.count === 0) return null;
  return `${unsealed.count} record${unsealed.count === 1 ? "" : "s"} not yet sealed, the oldest written at ${unsealed.oldestAt ?? "?"}`;
}

const USAGE = "usage: npm run audit:verify [-- --day YYYY-MM-DD]";
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * `npm run audit:verify`, once connected: checks the chain and says so in one line when
 * intact; otherwise names the first broken record of each broken batch, the first one first.
 * Records not sealed yet are reported as such, never as broken. Answers the exit code: 0
 * intact, 1 broken, 2 wrong arguments.
 */
export async function runAuditVerify(
  db: Db,
  args: string[],
  out: { log(line: string): void; error(line: string): void },
  /** Keeps the verdict (audit-verifications.ts), so the system check shows it. */
  store?: (result: AuditVerification) => Promise<void>,
): Promise<number> {
  let day: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const value = arg === "--day" ? args[++i] : arg.startsWith("--day=") ? arg.slice("--day=".length) : undefined;
    if (value === undefined || !isDay(value)) {
      out.error(arg === "--day" || arg.startsWith("--day=") ? `Not a day (YYYY-MM-DD): ${value ?? ""}\n${USAGE}` : `Unknown argument: ${arg}\n${USAGE}`);
      return 2;
    }
    day = value;
  }
  const result = await verifyAuditTrail(db, { day });
  await store?.(result);
  const scope = day === undefined ? plural(result.batches, "batch").replace(/batchs$/, "batches") : `the batches sealed on ${day}`;
  const waiting = describeUnsealed(result.unsealed);
  const tail = waiting ? `; ${waiting}` : "";
  if (result.breaks.length === 0) {
    const end = day !== undefined && result.ends[day] ? `, ending in head ${result.ends[day]}` : "";
    out.log(`audit trail intact: ${plural(result.records, "sealed record")} in ${scope}${end}${tail}`);
    return 0;
  }
  for (const found of result.breaks) out.error(`broken: ${describeBreak(found)}`);
  const [first] = result.breaks;
  out.log(`audit trail BROKEN: ${plural(result.breaks.length, "break")} in ${scope}; first broken: ${describeBreak(first as ChainBreak)}${tail}`);
  return 1;
}
