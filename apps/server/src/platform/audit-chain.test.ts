import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { makeClinic, type MadeClinic } from "../../test/factories.ts";
import { auditEvents } from "../db/schema.ts";
import {
  AUDIT_BATCH_VERSION,
  AUDIT_CHAIN_VERSION,
  auditCanonicalForm,
  auditRecordHash,
  type BatchHead,
  batchCanonicalForm,
  type ChainedRecord,
  RECORD_COLUMNS,
  runAuditVerify,
  verifyAuditTrail,
} from "./audit-chain.ts";
import { sealPendingAuditRecords } from "./audit-sequencer.ts";

interface Link {
  id: string;
  seq: number;
  batch: number;
  prevHash: string | null;
  hash: string;
}

/** The whole sealed chain as stored, in chain order. */
async function chainOf(t: TestApp): Promise<Link[]> {
  const rows = await t.db.execute<{ id: string; seq: string; batch: string; prev_hash: string | null; hash: string }>(
    sql`select e.id::text, e.seq::text, e.batch_id::text as batch, e.prev_hash, e.hash from audit_events e where e.seq is not null order by e.seq`,
  );
  return rows.rows.map((row) => ({ id: row.id, seq: Number(row.seq), batch: Number(row.batch), prevHash: row.prev_hash, hash: row.hash }));
}

/** The last batch's number. */
async function lastBatch(t: TestApp): Promise<{ id: number; firstSeq: number; lastSeq: number }> {
  const [row] = (
    await t.db.execute<{ id: string; first_seq: string; last_seq: string }>(
      sql`select b.id::text, b.first_seq::text, b.last_seq::text from audit_batches b order by b.id desc limit 1`,
    )
  ).rows;
  return { id: Number(row?.id), firstSeq: Number(row?.first_seq), lastSeq: Number(row?.last_seq) };
}

/**
 * What someone owning the tables can do (and the app, through its guards, cannot): switch the
 * triggers off, change the trail behind the chain's back, switch them on again.
 */
async function asOwner(t: TestApp, ...statements: SQL[]): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger user`);
    await tx.execute(sql`alter table audit_batches disable trigger user`);
    for (const statement of statements) await tx.execute(statement);
    await tx.execute(sql`alter table audit_events enable trigger user`);
    await tx.execute(sql`alter table audit_batches enable trigger user`);
  });
}

/** A forged record's hash, computed right: whoever knows the recipe can. */
async function rightHash(t: TestApp, id: string): Promise<string> {
  const [record] = (await t.db.execute<ChainedRecord>(sql`select ${RECORD_COLUMNS} from audit_events e where e.id = ${id}::bigint`)).rows;
  return auditRecordHash(record as ChainedRecord);
}

const intact = { breaks: [] };
const seal = (t: TestApp) => sealPendingAuditRecords(t.db, { node: "test" });

/** Reads a canonical form back into its fields: '~' is NULL, else a UTF-8 byte length, ':' and that many bytes. */
function decodeCanonical(text: string): (string | null)[] {
  const bytes = Buffer.from(text, "utf8");
  const fields: (string | null)[] = [];
  for (let at = 0; at < bytes.length; ) {
    if (bytes[at] === 0x7e) {
      fields.push(null);
      at += 1;
      continue;
    }
    const colon = bytes.indexOf(0x3a, at);
    const length = Number(bytes.subarray(at, colon).toString("ascii"));
    fields.push(bytes.subarray(colon + 1, colon + 1 + length).toString("utf8"));
    at = colon + 1 + length;
  }
  return fields;
}

describe("the canonical forms of an audit record and of a batch head", () => {
  const field = fc.option(fc.oneof(fc.string({ unit: "binary" }), fc.constantFrom("", "~", "3:", "1:~", ":", "0:")), { nil: null });
  const id = fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }).map(String);

  it("read back into exactly the fields they were made of, so two different records (or heads) never share one", () => {
    const record = fc.record<ChainedRecord>({
      id,
      seq: field,
      batchId: field,
      prevHash: field,
      hash: field,
      createdAt: field,
      actorId: field,
      subjectUserId: field,
      action: field,
      outcome: field,
      ip: field,
      detail: field,
    });
    fc.assert(
      fc.property(record, (r) => {
        expect(decodeCanonical(auditCanonicalForm(r))).toEqual([
          AUDIT_CHAIN_VERSION,
          r.prevHash,
          r.seq,
          r.batchId,
          r.id,
          r.createdAt,
          r.actorId,
          r.subjectUserId,
          r.action,
          r.outcome,
          r.ip,
          r.detail,
        ]);
      }),
    );
    const head = fc.record<BatchHead>({
      id,
      firstSeq: field,
      lastSeq: field,
      records: field,
      lastHash: field,
      prevHead: field,
      headHash: field,
      sealedAt: field,
      sealedBy: field,
    });
    fc.assert(
      fc.property(head, (h) => {
        expect(decodeCanonical(batchCanonicalForm(h))).toEqual([
          AUDIT_BATCH_VERSION,
          h.id,
          h.firstSeq,
          h.lastSeq,
          h.records,
          h.lastHash,
          h.prevHead,
          h.sealedAt,
          h.sealedBy,
        ]);
      }),
    );
  });
});

describe("the sealed audit chain", () => {
  let t: TestApp;
  let other: MadeClinic;
  let therapist: string;
  const readPatient = (id: string) => t.app.inject({ method: "GET", url: `/api/user-patients/${id}`, headers: { cookie: therapist } });

  beforeAll(async () => {
    t = await createTestApp();
    other = await makeClinic(t.db);
    therapist = await t.loginAs("therapist");
    for (let i = 0; i < 4; i++) expect((await readPatient(t.ids.patient)).statusCode).toBe(200);
    // A refusal is a record of the chain like any other.
    expect((await readPatient(other.patient.id)).statusCode).toBe(404);
    expect((await readPatient(t.ids.patient)).statusCode).toBe(200);
    expect(await seal(t)).toMatchObject({ status: "sealed", batch: 1, firstSeq: 1 });
    // A few batches, so that batches have neighbours on both sides.
    for (let i = 0; i < 3; i++) {
      expect((await readPatient(t.ids.patient)).statusCode).toBe(200);
      expect((await readPatient(t.ids.patient)).statusCode).toBe(200);
      expect(await seal(t)).toMatchObject({ status: "sealed", records: 2 });
    }
  });
  afterAll(async () => t?.close());

  // Each tampering test starts from the intact trail and puts it back afterwards.
  beforeEach(async () => {
    await t.db.execute(sql`drop table if exists audit_events_kept, audit_batches_kept`);
    await t.db.execute(sql`create table audit_events_kept as table audit_events`);
    await t.db.execute(sql`create table audit_batches_kept as table audit_batches`);
  });
  const putBack = async () => {
    await asOwner(
      t,
      sql`delete from audit_events`,
      sql`insert into audit_events select * from audit_events_kept`,
      sql`delete from audit_batches`,
      sql`insert into audit_batches select * from audit_batches_kept`,
      sql`delete from audit_sequencer_state`,
    );
    expect(await verifyAuditTrail(t.db)).toMatchObject(intact);
  };

  it("seals the records of real audited calls, refusals included, into one chain of batches that verifies intact", async () => {
    const chain = await chainOf(t);
    const reads = await t.db.execute<{ action: string; outcome: string }>(
      sql`select e.action, e.outcome from audit_events e where e.seq is not null order by e.seq`,
    );
    expect(reads.rows.filter((row) => row.action === "patient.read").map((row) => row.outcome)).toEqual([
      "ok",
      "ok",
      "ok",
      "ok",
      "refused",
      ...Array(7).fill("ok"),
    ]);
    expect(chain.map((link) => link.seq)).toEqual(chain.map((_, index) => index + 1));
    expect(chain[0]?.prevHash).toBeNull();
    for (let i = 1; i < chain.length; i++) expect(chain[i]?.prevHash).toBe(chain[i - 1]?.hash);
    for (const link of chain) expect(link.hash).toMatch(/^[0-9a-f]{64}$/);

    const heads = await t.db.execute<{ id: string; first_seq: string; last_seq: string; last_hash: string; prev_head: string | null; head_hash: string }>(
      sql`select b.id::text, b.first_seq::text, b.last_seq::text, b.last_hash, b.prev_head, b.head_hash from audit_batches b order by b.id`,
    );
    expect(heads.rows.map((row) => row.id)).toEqual(["1", "2", "3", "4"]);
    for (const [index, head] of heads.rows.entries()) {
      expect(head.last_hash).toBe(chain[Number(head.last_seq) - 1]?.hash);
      expect(head.prev_head).toBe(index === 0 ? null : heads.rows[index - 1]?.head_hash);
    }
    expect(heads.rows.at(-1)?.last_seq).toBe(String(chain.length));

    const result = await verifyAuditTrail(t.db);
    expect(result).toMatchObject({ breaks: [], batches: 4, days: 1, unsealed: { count: 0, oldestAt: null } });
    expect(result.records).toBe(chain.length);
  });

  it("writes a record unsealed, as a plain insert, and reports it as not sealed yet rather than broken", async () => {
    expect((await readPatient(t.ids.patient)).statusCode).toBe(200);
    const [written] = await t.db.select().from(auditEvents).where(sql`${auditEvents.seq} is null`);
    expect(written).toMatchObject({ action: "patient.read", seq: null, batchId: null, prevHash: null, hash: null });
    const result = await verifyAuditTrail(t.db);
    expect(result).toMatchObject({ breaks: [], unsealed: { count: 1, oldestAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/) } });
    expect(await seal(t)).toMatchObject({ status: "sealed", batch: 5, records: 1 });
    expect(await seal(t)).toEqual({ status: "idle" });
    expect(await verifyAuditTrail(t.db)).toMatchObject({ breaks: [], unsealed: { count: 0 } });
  });

  it("hashes awkward values the same way at sealing and at verifying", async () => {
    await t.db.insert(auditEvents).values({
      actorId: null,
      subjectUserId: "sujeto-ñandú-𝄞",
      action: "3:x~~:",
      outcome: "ok",
      detail: { "": "", long_key_first: [1, null, 'a"b\\c\n\t'], z: { é: "☃" } },
      ip: "::1",
    });
    await t.db.execute(
      sql`insert into audit_events (action, outcome, detail) values ('raw.numbers', 'ok', '{"b": 1.50, "aa": [1e2, -0.0, 12345678901234567890]}')`,
    );
    // A whole second of no fraction, and a time whose UTC day differs from its local one.
    await t.db.execute(sql`insert into audit_events (action, outcome, created_at) values ('past.whole', 'ok', '2026-01-10 00:00:00+00')`);
    await t.db.execute(sql`insert into audit_events (action, outcome, created_at) values ('past.east', 'ok', '2026-03-01 01:30:00.000001+02')`);
    expect(await seal(t)).toMatchObject({ status: "sealed", records: 4 });
    expect(await verifyAuditTrail(t.db)).toMatchObject(intact);
  });

  it("refuses to change, delete or empty the trail, to write a record sealed, or to seal one twice", async () => {
    const [first] = await chainOf(t);
    const refused = (statement: SQL, message = /is append-only/) =>
      expect(t.db.execute(statement)).rejects.toMatchObject({ cause: { message: expect.stringMatching(message) } });
    await refused(sql`update audit_events set outcome = 'refused' where id = ${first?.id}`);
    await refused(sql`update audit_events set seq = 999, hash = 'x' where id = ${first?.id}`);
    await refused(sql`delete from audit_events where id = ${first?.id}`);
    await refused(sql`truncate audit_events`);
    await refused(sql`update audit_batches set head_hash = 'x'`);
    await refused(sql`delete from audit_batches`);
    await refused(sql`truncate audit_batches`);
    await refused(sql`insert into audit_events (action, outcome, seq, batch_id, hash) values ('x', 'ok', 999, 1, 'x')`, /written unsealed/);
    // The seal itself may not carry a change of content along.
    const [row] = (await t.db.execute<{ id: string }>(sql`insert into audit_events (action, outcome) values ('test.unsealed', 'ok') returning id::text`)).rows;
    await refused(sql`update audit_events set seq = 999, batch_id = 999, hash = 'x', outcome = 'refused' where id = ${row?.id}`);
    expect(await seal(t)).toMatchObject({ status: "sealed", records: 1 });
    expect(await verifyAuditTrail(t.db)).toMatchObject(intact);
  });

  it("keeps one valid chain under 50 concurrent audited writes", async () => {
    const before = (await chainOf(t)).length;
    const responses = await Promise.all(Array.from({ length: 50 }, () => readPatient(t.ids.patient)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(await seal(t)).toMatchObject({ status: "sealed", records: 50 });
    const chain = await chainOf(t);
    expect(chain.length).toBe(before + 50);
    expect(chain.map((link) => link.seq)).toEqual(chain.map((_, index) => index + 1));
    expect(await verifyAuditTrail(t.db)).toMatchObject({ breaks: [], records: before + 50 });
  });

  const changes: [string, SQL][] = [
    ["its action", sql`action = 'patient.forged'`],
    ["its outcome", sql`outcome = case outcome when 'ok' then 'refused' else 'ok' end`],
    ["its subject", sql`subject_user_id = coalesce(subject_user_id, '') || 'x'`],
    ["its detail", sql`detail = '{"note": "edited"}'`],
    ["its time, by one microsecond", sql`created_at = created_at + interval '1 microsecond'`],
  ];
  it.each(changes)("catches a record whose %s was changed, and names it", async (_, change) => {
    const victim = (await chainOf(t))[4] as Link;
    await asOwner(t, sql`update audit_events set ${change} where id = ${victim.id}`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([
      { day: expect.any(String), batch: victim.batch, id: victim.id, seq: victim.seq, problem: expect.stringMatching(/do not match its hash: it was changed/) },
    ]);
    await putBack();
  });

  it("catches a deleted record at the record after it", async () => {
    const [victim, next] = (await chainOf(t)).slice(2, 4) as [Link, Link];
    await asOwner(t, sql`delete from audit_events where id = ${victim.id}`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([
      { day: expect.any(String), batch: next.batch, id: next.id, seq: next.seq, problem: `record #${victim.seq} is missing before it (deleted)` },
    ]);
    await putBack();
  });

  it("catches records deleted from the end of the chain, where no later hash covers them", async () => {
    const last = await lastBatch(t);
    await asOwner(t, sql`delete from audit_events where seq >= ${last.lastSeq - 1}`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([
      {
        day: expect.any(String),
        batch: last.id,
        id: null,
        seq: last.lastSeq - 1,
        problem: `records #${last.lastSeq - 1}–#${last.lastSeq} are missing at the end of the batch (deleted)`,
      },
    ]);
    await putBack();
  });

  it("catches a forged record added at the end, whether its hash is made up or computed right", async () => {
    const [end] = (await chainOf(t)).slice(-1) as [Link];
    const forge = (hash: SQL) =>
      asOwner(
        t,
        sql`insert into audit_events (id, action, outcome, subject_user_id, seq, batch_id, prev_hash, hash)
            values (999999, 'patient.read', 'ok', 'nobody', ${end.seq + 1}, ${end.batch}, ${end.hash}, ${hash})`,
      );
    const beyond = { day: expect.any(String), batch: null, id: "999999", seq: end.seq + 1, problem: expect.stringMatching(/lies beyond the last batch's end/) };
    await forge(sql`repeat('ab', 32)`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([beyond]);
    await putBack();

    // Whoever knows the recipe can hash a forgery right; no batch head covers it.
    await forge(sql`'x'`);
    await asOwner(t, sql`update audit_events set hash = ${await rightHash(t, "999999")} where id = 999999`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([beyond]);
    await putBack();
  });

  it("catches a forged record slipped into the middle of the chain", async () => {
    const [before, after] = (await chainOf(t)).slice(2, 4) as [Link, Link];
    await asOwner(
      t,
      // Make room after `before` (in two steps, so the unique seq index never sees two records at one place).
      sql`update audit_events set seq = -(seq + 1) where seq > ${before.seq}`,
      sql`update audit_events set seq = -seq where seq < 0`,
      sql`insert into audit_events (id, action, outcome, seq, batch_id, prev_hash, hash)
          values (999998, 'patient.read', 'ok', ${before.seq + 1}, ${before.batch}, ${before.hash}, 'x')`,
    );
    await asOwner(t, sql`update audit_events set hash = ${await rightHash(t, "999998")} where id = 999998`);
    expect((await verifyAuditTrail(t.db)).breaks[0]).toEqual({
      day: expect.any(String),
      batch: before.batch,
      id: after.id,
      seq: after.seq + 1,
      problem: `it does not link to the record before it (#${before.seq + 1}, id 999998): a record was removed or slipped in there`,
    });
    await putBack();
  });

  it("catches two records swapped in the chain's order", async () => {
    const [a, b] = (await chainOf(t)).slice(3, 5) as [Link, Link];
    expect(a.batch).toBe(b.batch);
    await asOwner(
      t,
      sql`update audit_events set seq = -seq where id in (${a.id}, ${b.id})`,
      sql`update audit_events set seq = case id when ${a.id}::bigint then ${b.seq}::bigint else ${a.seq}::bigint end where id in (${a.id}, ${b.id})`,
    );
    expect((await verifyAuditTrail(t.db)).breaks[0]).toEqual({
      day: expect.any(String),
      batch: a.batch,
      id: b.id,
      seq: a.seq,
      problem: expect.stringMatching(/does not link to the record before it/),
    });
    await putBack();
  });

  it("catches a batch head changed, or deleted from between its neighbours", async () => {
    await asOwner(t, sql`update audit_batches set sealed_by = 'someone else' where id = 2`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([
      { day: expect.any(String), batch: 2, id: null, seq: null, problem: expect.stringMatching(/head's fields do not match its head hash/) },
    ]);
    await putBack();
    await asOwner(t, sql`delete from audit_batches where id = 3`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([
      { day: expect.any(String), batch: 4, id: null, seq: null, problem: "batch #3 is missing before it (deleted)" },
    ]);
    await putBack();
  });

  it("catches a record carrying seal fields without a place in the chain", async () => {
    await asOwner(t, sql`insert into audit_events (id, action, outcome, hash) values (999997, 'patient.read', 'ok', 'x')`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([
      { day: expect.any(String), batch: null, id: "999997", seq: null, problem: "it has seal fields but no place in the chain (seq is empty)" },
    ]);
    await putBack();
  });

  describe("npm run audit:verify", () => {
    const capture = () => {
      const lines = { log: [] as string[], error: [] as string[] };
      return { lines, out: { log: (line: string) => lines.log.push(line), error: (line: string) => lines.error.push(line) } };
    };

    it("exits 0 with a one-line summary when intact, for the whole chain or one day's batches, and reports records not sealed yet", async () => {
      // A batch sealed on another day.
      await t.db.execute(sql`insert into audit_events (action, outcome) values ('test.old-day', 'ok')`);
      expect(await sealPendingAuditRecords(t.db, { node: "test", sealedAt: new Date("2026-01-10T12:00:00Z") })).toMatchObject({ status: "sealed" });
      await t.db.execute(sql`insert into audit_events (action, outcome) values ('test.waiting', 'ok')`);

      const { lines, out } = capture();
      expect(await runAuditVerify(t.db, [], out)).toBe(0);
      expect(lines.log).toEqual([
        expect.stringMatching(/^audit trail intact: \d+ sealed records in \d+ batches; 1 record not yet sealed, the oldest written at \d{4}-\d{2}-\d{2}T/),
      ]);
      expect(await runAuditVerify(t.db, ["--day", "2026-01-10"], out)).toBe(0);
      const [head] = (await t.db.execute<{ head_hash: string }>(sql`select head_hash from audit_batches where sealed_at < '2026-02-01'`)).rows;
      expect(lines.log[1]).toMatch(
        new RegExp(`^audit trail intact: 1 sealed record in the batches sealed on 2026-01-10, ending in head ${head?.head_hash}; 1 record not yet sealed`),
      );
      expect(lines.error).toEqual([]);
      await seal(t);
    });

    it("exits 1 naming the first broken record", async () => {
      const victim = (await chainOf(t))[1] as Link;
      await asOwner(t, sql`update audit_events set outcome = case outcome when 'ok' then 'refused' else 'ok' end where id = ${victim.id}`);
      const { lines, out } = capture();
      expect(await runAuditVerify(t.db, [], out)).toBe(1);
      const named = `record ${victim.id} (#2, batch #1 sealed ${new Date().toISOString().slice(0, 10)}): its fields do not match its hash`;
      expect(lines.error).toEqual([expect.stringContaining(`broken: ${named}`)]);
      expect(lines.log).toEqual([expect.stringMatching(/^audit trail BROKEN: 1 break in \d+ batches; first broken: /)]);
      expect(lines.log[0]).toContain(named);
      // The batches of another day are untouched, and their link to the batch before them holds.
      expect(await runAuditVerify(t.db, ["--day=2026-01-10"], out)).toBe(0);
      await putBack();

      // One day's batches are checked against the head of the batch before them.
      await asOwner(t, sql`update audit_batches set head_hash = repeat('0', 64) where id = (select id - 1 from audit_batches where sealed_at < '2026-02-01')`);
      const day = capture();
      expect(await runAuditVerify(t.db, ["--day", "2026-01-10"], day.out)).toBe(1);
      expect(day.lines.error).toEqual([expect.stringMatching(/^broken: batch #\d+ \(sealed 2026-01-10\): its head does not link to batch #\d+'s head/)]);
      await putBack();
    });

    it("exits 2 on arguments it does not understand", async () => {
      const { lines, out } = capture();
      expect(await runAuditVerify(t.db, ["--day", "2026-02-30"], out)).toBe(2);
      expect(await runAuditVerify(t.db, ["--day"], out)).toBe(2);
      expect(await runAuditVerify(t.db, ["--all"], out)).toBe(2);
      expect(lines.error).toEqual([
        expect.stringMatching(/^Not a day \(YYYY-MM-DD\): 2026-02-30/),
        expect.stringMatching(/^Not a day/),
        expect.stringMatching(/^Unknown argument: --all/),
      ]);
    });

    it("runs as a command on DATABASE_URL, and its exit code says whether the trail is broken", async () => {
      const [victim, next] = (await chainOf(t)).slice(0, 2) as [Link, Link];
      await asOwner(t, sql`delete from audit_events where id = ${victim.id}`);
      const root = path.resolve(import.meta.dirname, "../../../..");
      const run = promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "apps/server/src/audit-verify.ts")], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: t.database.url, LOG_LEVEL: "silent" },
      });
      await expect(run).rejects.toMatchObject({
        code: 1,
        stdout: expect.stringContaining("audit trail BROKEN"),
        stderr: expect.stringContaining(`record ${next.id} (#2, batch #1`),
      });
      await putBack();
    });
  });
});
