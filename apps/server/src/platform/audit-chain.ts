import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * The hash chain of `audit_events` (migration 0013): one chain per UTC day; each record holds
 * the previous record's hash and the sha256 of its canonical form. The database writes the
 * chain (the `audit_events_chain` trigger, in SQL); this file checks it, recomputing every
 * hash here from the stored fields and never trusting a stored hash. The canonical form is
 * therefore written twice, in `audit_event_hash()` of the migration and in `auditRecordHash`
 * below: the tests fail when the two disagree.
 */
export const AUDIT_CHAIN_VERSION = "audit_events v1";

/**
 * One record's stored fields as text, as PostgreSQL renders them: `createdAt` in UTC to the
 * microsecond (`2026-11-26T11:08:26.123456Z`), `detail` in jsonb's normalised text form. Any
 * field may be null here, since a forged row need not respect the table's constraints.
 */
export type ChainedRecord = {
  id: string;
  chainDay: string | null;
  chainSeq: string | null;
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

/** Length-prefixed, so no value can pass for a field boundary; `~` (no length) is NULL. */
function canonicalField(value: string | null): string {
  return value === null ? "~" : `${Buffer.byteLength(value, "utf8")}:${value}`;
}

/** The text that is hashed: the version tag and the record's fields, in this order. */
export function auditCanonicalForm(record: ChainedRecord): string {
  const fields = [
    AUDIT_CHAIN_VERSION,
    record.prevHash,
    record.chainDay,
    record.chainSeq,
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

/** The first thing wrong with one day's chain. */
export interface ChainBreak {
  day: string;
  /** The broken record; null when the break is records missing from the chain's end. */
  id: string | null;
  /** Its place in the chain (1-based). */
  seq: number | null;
  problem: string;
}

export interface AuditVerification {
  records: number;
  days: number;
  /** The first break of each broken chain, by day; empty when every chain is intact. */
  breaks: ChainBreak[];
  /**
   * The last hash of each intact chain, by day. Kept somewhere else, it shows later whether
   * the whole day was rewritten, which no check inside the database can.
   */
  ends: Record<string, string>;
  /** The records walked on each day (a day's head without records counts 0). */
  counts: Record<string, number>;
}

const PAGE = 2000;

interface Head {
  lastSeq: number;
  lastHash: string;
}

function missing(from: number, to: number): string {
  return from === to ? `record #${from} is missing` : `records #${from}–#${to} are missing`;
}

/** The walk through one day's chain, record by record in chain order. */
class ChainWalk {
  lastSeq = 0;
  lastHash: string | null = null;
  lastId: string | null = null;
  broken: ChainBreak | null = null;

  constructor(
    readonly day: string,
    readonly head: Head | undefined,
  ) {}

  visit(record: ChainedRecord): void {
    if (this.broken) return;
    const seq = Number(record.chainSeq);
    const problem = this.problemOf(record, seq);
    if (problem) {
      this.broken = { day: this.day, id: record.id, seq, problem };
      return;
    }
    this.lastSeq = seq;
    this.lastHash = record.hash;
    this.lastId = record.id;
  }

  /** Place first, then link, then content: a deletion shows at the record after it, an edit at the record itself. */
  private problemOf(record: ChainedRecord, seq: number): string | null {
    const expected = this.lastSeq + 1;
    if (seq > expected) return `${missing(expected, seq - 1)} before it (deleted)`;
    if (seq !== expected) return `it is out of place: #${seq} where #${expected} was due`;
    if (record.prevHash !== this.lastHash) {
      if (this.lastId === null) return "the first record of a day links to no earlier record, but this one does";
      return `it does not link to the record before it (#${this.lastSeq}, id ${this.lastId}): a record was removed or slipped in there`;
    }
    if (auditRecordHash(record) !== record.hash) return "its fields do not match its hash: it was changed (or forged) after it was written";
    if (this.head && seq > this.head.lastSeq) return `it lies beyond the chain's recorded end (#${this.head.lastSeq}): it was added without the chain trigger`;
    return null;
  }

  /** The chain against its head row: records deleted from the end leave no later hash to notice. */
  finish(): ChainBreak | null {
    if (this.broken) return this.broken;
    const day = this.day;
    const next = this.lastSeq + 1;
    if (!this.head) return { day, id: null, seq: next, problem: "the day's chain has no head row in audit_chain_heads (deleted)" };
    if (this.head.lastSeq > this.lastSeq) return { day, id: null, seq: next, problem: `${missing(next, this.head.lastSeq)} at the end of the chain (deleted)` };
    if (this.head.lastHash !== this.lastHash)
      return { day, id: this.lastId, seq: this.lastSeq, problem: "it is not the last record the chain's head recorded: it was replaced" };
    return null;
  }
}

/** `YYYY-MM-DD` of a day that exists (Date alone would take 2026-02-30 for 2026-03-02). */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Checks every day's chain, or one day's (`YYYY-MM-DD`), or the days from `from` through
 * `through` (both included), in one read-only snapshot, so that records written meanwhile
 * neither count nor look like forgeries. Reads in pages along the chain index, never the whole
 * table at once.
 */
export async function verifyAuditTrail(db: Db, options: { day?: string; from?: string; through?: string } = {}): Promise<AuditVerification> {
  const { day } = options;
  const from = day ?? options.from;
  const through = day ?? options.through;
  for (const value of [from, through]) if (value !== undefined && !isDay(value)) throw new Error(`Not a day (YYYY-MM-DD): ${value}`);
  const onDay = (column: SQL) =>
    sql`${from === undefined ? sql`true` : sql`${column} >= ${from}::date`} and ${through === undefined ? sql`true` : sql`${column} <= ${through}::date`}`;

  return db.transaction(
    async (tx) => {
      const headRows = await tx.execute<{ day: string; last_seq: string; last_hash: string }>(
        sql`select to_char(chain_day, 'YYYY-MM-DD') as day, last_seq::text, last_hash from audit_chain_heads where ${onDay(sql`chain_day`)}`,
      );
      const heads = new Map(headRows.rows.map((row) => [row.day, { lastSeq: Number(row.last_seq), lastHash: row.last_hash }]));
      const breaks: ChainBreak[] = [];
      const walked = new Set<string>();
      const ends: Record<string, string> = {};
      const counts: Record<string, number> = {};
      let records = 0;

      // A row without a place in any chain (its NOT NULLs dropped by hand) is not on the walk below.
      const [placeless] = (
        await tx.execute<{ id: string; day: string | null }>(
          sql`select id::text, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from audit_events
              where (chain_day is null or chain_seq is null) and ${onDay(sql`(created_at at time zone 'UTC')::date`)} order by id limit 1`,
        )
      ).rows;
      if (placeless)
        breaks.push({ day: placeless.day ?? "?", id: placeless.id, seq: null, problem: "it has no place in any chain (chain_day or chain_seq is empty)" });

      // Typed by hand: TypeScript would narrow it to its initial null inside the loop below.
      let walk = null as ChainWalk | null;
      const close = () => {
        if (!walk) return;
        const found = walk.finish();
        if (found) breaks.push(found);
        else if (walk.lastHash) ends[walk.day] = walk.lastHash;
      };
      let after: { day: string; seq: string } | null = null;
      for (;;) {
        const page: { rows: ChainedRecord[] } = await tx.execute<ChainedRecord>(sql`
          select id::text as "id", to_char(chain_day, 'YYYY-MM-DD') as "chainDay", chain_seq::text as "chainSeq",
                 prev_hash as "prevHash", hash,
                 to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt",
                 actor_id as "actorId", subject_user_id as "subjectUserId", action, outcome, ip, detail::text as detail
          from audit_events
          where ${onDay(sql`chain_day`)}
            and ${after ? sql`(chain_day, chain_seq) > (${after.day}::date, ${after.seq}::bigint)` : sql`chain_day is not null and chain_seq is not null`}
          order by chain_day, chain_seq
          limit ${PAGE}`);
        for (const record of page.rows) {
          const recordDay = record.chainDay as string;
          if (walk?.day !== recordDay) {
            close();
            walk = new ChainWalk(recordDay, heads.get(recordDay));
            walked.add(recordDay);
          }
          walk.visit(record);
          records += 1;
          counts[recordDay] = (counts[recordDay] ?? 0) + 1;
        }
        const last = page.rows.at(-1);
        if (!last || page.rows.length < PAGE) break;
        after = { day: last.chainDay as string, seq: last.chainSeq as string };
      }
      close();

      for (const [headDay, head] of heads) {
        counts[headDay] ??= 0;
        if (!walked.has(headDay)) breaks.push({ day: headDay, id: null, seq: 1, problem: `all ${head.lastSeq} records of the day are missing (deleted)` });
      }
      breaks.sort((a, b) => a.day.localeCompare(b.day));
      return { records, days: new Set([...walked, ...heads.keys()]).size, breaks, ends, counts };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export function describeBreak(found: ChainBreak): string {
  const where = found.id === null ? `chain of ${found.day}` : `record ${found.id} (${found.day}, #${found.seq})`;
  return `${where}: ${found.problem}`;
}

const USAGE = "usage: npm run audit:verify [-- --day YYYY-MM-DD]";

/**
 * `npm run audit:verify`, once connected: checks the chains and says so in one line when
 * intact; otherwise names the first broken record of each broken chain. Answers the exit
 * code: 0 intact, 1 broken, 2 wrong arguments.
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
    const arg = args[i];
    const value = arg === "--day" ? args[++i] : arg.startsWith("--day=") ? arg.slice("--day=".length) : undefined;
    if (value === undefined || !isDay(value)) {
      out.error(arg === "--day" || arg.startsWith("--day=") ? `Not a day (YYYY-MM-DD): ${value ?? ""}\n${USAGE}` : `Unknown argument: ${arg}\n${USAGE}`);
      return 2;
    }
    day = value;
  }
  const result = await verifyAuditTrail(db, { day });
  await store?.(result);
  const scope = day === undefined ? `${result.days} daily chain${result.days === 1 ? "" : "s"}` : `the chain of ${day}`;
  if (result.breaks.length === 0) {
    const end = day !== undefined && result.ends[day] ? `, ending in ${result.ends[day]}` : "";
    out.log(`audit trail intact: ${result.records} record${result.records === 1 ? "" : "s"} in ${scope}${end}`);
    return 0;
  }
  for (const found of result.breaks) out.error(`broken: ${describeBreak(found)}`);
  const [first] = result.breaks;
  out.log(
    `audit trail BROKEN: ${result.breaks.length} of ${result.days} daily chain${result.days === 1 ? "" : "s"}; first broken: ${describeBreak(first as ChainBreak)}`,
  );
  return 1;
}
