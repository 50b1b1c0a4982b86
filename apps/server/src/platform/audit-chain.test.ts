import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { makeClinic, type MadeClinic } from "../../test/factories.ts";
import { auditEvents } from "../db/schema.ts";
import { migrationsFolder } from "../db/migrate.ts";
import { AUDIT_CHAIN_VERSION, auditCanonicalForm, type ChainedRecord, runAuditVerify, verifyAuditTrail } from "./audit-chain.ts";

interface Link {
  id: string;
  day: string;
  seq: number;
  prevHash: string | null;
  hash: string;
}

/** One day's chain as stored, in chain order. */
async function chainOf(t: TestApp, day?: string): Promise<Link[]> {
  const rows = await t.db.execute<{ id: string; day: string; seq: string; prev_hash: string | null; hash: string }>(
    sql`select id::text, to_char(chain_day, 'YYYY-MM-DD') as day, chain_seq::text as seq, prev_hash, hash from audit_events
        where chain_day = coalesce(${day ?? null}::date, (select chain_day from audit_events where action = 'patient.read' order by id desc limit 1))
        order by chain_seq`,
  );
  return rows.rows.map((row) => ({ id: row.id, day: row.day, seq: Number(row.seq), prevHash: row.prev_hash, hash: row.hash }));
}

/**
 * What someone owning the tables can do (and the app, through its guards, cannot): switch the
 * triggers off, change the trail behind the chain's back, switch them on again.
 */
async function asOwner(t: TestApp, ...statements: SQL[]): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger user`);
    await tx.execute(sql`alter table audit_chain_heads disable trigger user`);
    for (const statement of statements) await tx.execute(statement);
    await tx.execute(sql`alter table audit_events enable trigger user`);
    await tx.execute(sql`alter table audit_chain_heads enable trigger user`);
  });
}

const intact = { breaks: [] };

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

describe("the canonical form of an audit record", () => {
  const field = fc.option(fc.oneof(fc.string({ unit: "binary" }), fc.constantFrom("", "~", "3:", "1:~", ":", "0:")), { nil: null });
  const record = fc.record<ChainedRecord>({
    id: fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }).map(String),
    chainDay: field,
    chainSeq: field,
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

  it("reads back into exactly the fields it was made of, so two different records never share one", () => {
    fc.assert(
      fc.property(record, (r) => {
        expect(decodeCanonical(auditCanonicalForm(r))).toEqual([
          AUDIT_CHAIN_VERSION,
          r.prevHash,
          r.chainDay,
          r.chainSeq,
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
  });
});

describe("the hash-chained audit trail", () => {
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
  });
  afterAll(async () => t?.close());

  // Each tampering test starts from the intact trail and puts it back afterwards.
  beforeEach(async () => {
    await t.db.execute(sql`drop table if exists audit_events_kept, audit_chain_heads_kept`);
    await t.db.execute(sql`create table audit_events_kept as table audit_events`);
    await t.db.execute(sql`create table audit_chain_heads_kept as table audit_chain_heads`);
  });
  const putBack = async () => {
    await asOwner(
      t,
      sql`delete from audit_events`,
      sql`insert into audit_events select * from audit_events_kept`,
      sql`delete from audit_chain_heads`,
      sql`insert into audit_chain_heads select * from audit_chain_heads_kept`,
    );
    expect(await verifyAuditTrail(t.db)).toMatchObject(intact);
  };

  it("chains the records of real audited calls, refusals included, and the chain verifies intact", async () => {
    const chain = await chainOf(t);
    const reads = await t.db.execute<{ action: string; outcome: string }>(
      sql`select action, outcome from audit_events where chain_day = ${chain[0]?.day}::date order by chain_seq`,
    );
    expect(reads.rows.filter((row) => row.action === "patient.read").map((row) => row.outcome)).toEqual(["ok", "ok", "ok", "ok", "refused", "ok"]);
    expect(chain.map((link) => link.seq)).toEqual(chain.map((_, index) => index + 1));
    expect(chain[0]?.prevHash).toBeNull();
    for (let i = 1; i < chain.length; i++) expect(chain[i]?.prevHash).toBe(chain[i - 1]?.hash);
    for (const link of chain) expect(link.hash).toMatch(/^[0-9a-f]{64}$/);

    const result = await verifyAuditTrail(t.db);
    expect(result).toMatchObject({ breaks: [], days: 1 });
    expect(result.records).toBe(chain.length);
  });

  it("hashes awkward values the same in the database and in the verifier", async () => {
    // The trigger hashes in SQL, the verifier in TypeScript: any disagreement reads as a break.
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

    const days = await t.db.execute<{ action: string; day: string }>(
      sql`select action, to_char(chain_day, 'YYYY-MM-DD') as day from audit_events where action in ('past.whole', 'past.east') order by action`,
    );
    expect(days.rows).toEqual([
      { action: "past.east", day: "2026-02-28" },
      { action: "past.whole", day: "2026-01-10" },
    ]);
    expect(await verifyAuditTrail(t.db)).toMatchObject({ breaks: [], days: 3 });
  });

  it("refuses to change, delete or empty the trail through the app's connection", async () => {
    const [first] = await chainOf(t);
    const refused = (statement: SQL) => expect(t.db.execute(statement)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/is append-only/) } });
    await refused(sql`update audit_events set outcome = 'refused' where id = ${first?.id}`);
    await refused(sql`delete from audit_events where id = ${first?.id}`);
    await refused(sql`truncate audit_events`);
    await refused(sql`update audit_chain_heads set last_hash = 'x'`);
    await refused(sql`delete from audit_chain_heads`);
    expect(await verifyAuditTrail(t.db)).toMatchObject(intact);
  });

  it("keeps one valid chain under 50 concurrent audited writes", async () => {
    const before = (await chainOf(t)).length;
    const responses = await Promise.all(Array.from({ length: 50 }, () => readPatient(t.ids.patient)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const chain = await chainOf(t);
    expect(chain.length).toBe(before + 50);
    expect(chain.map((link) => link.seq)).toEqual(chain.map((_, index) => index + 1));
    expect(await verifyAuditTrail(t.db, { day: chain[0]?.day })).toMatchObject({ breaks: [], days: 1, records: before + 50 });
  });

  const changes: [string, SQL][] = [
    ["its action", sql`action = 'patient.forged'`],
    ["its outcome", sql`outcome = case outcome when 'ok' then 'refused' else 'ok' end`],
    ["its subject", sql`subject_user_id = coalesce(subject_user_id, '') || 'x'`],
    ["its detail", sql`detail = '{"note": "edited"}'`],
    ["its time, by one microsecond", sql`created_at = created_at + interval '1 microsecond'`],
  ];
  it.each(changes)("catches a record whose %s was changed, and names it", async (_, change) => {
    const chain = await chainOf(t);
    const victim = chain[4] as Link;
    await asOwner(t, sql`update audit_events set ${change} where id = ${victim.id}`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([
      { day: victim.day, id: victim.id, seq: victim.seq, problem: expect.stringMatching(/do not match its hash: it was changed/) },
    ]);
    await putBack();
  });

  it("catches a deleted record at the record after it", async () => {
    const chain = await chainOf(t);
    const [victim, next] = chain.slice(2, 4) as [Link, Link];
    await asOwner(t, sql`delete from audit_events where id = ${victim.id}`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([
      { day: next.day, id: next.id, seq: next.seq, problem: `record #${victim.seq} is missing before it (deleted)` },
    ]);
    await putBack();
  });

  it("catches records deleted from the end of a chain, where no later hash covers them", async () => {
    const chain = await chainOf(t);
    const last = chain.at(-1) as Link;
    await asOwner(t, sql`delete from audit_events where chain_day = ${last.day}::date and chain_seq >= ${last.seq - 1}`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([
      { day: last.day, id: null, seq: last.seq - 1, problem: `records #${last.seq - 1}–#${last.seq} are missing at the end of the chain (deleted)` },
    ]);
    await putBack();
  });

  it("catches a forged record added at the end, whether its hash is made up or computed right", async () => {
    const last = (await chainOf(t)).at(-1) as Link;
    const forge = (hash: SQL) =>
      asOwner(
        t,
        sql`insert into audit_events (id, action, outcome, subject_user_id, chain_day, chain_seq, prev_hash, hash)
            values (999999, 'patient.read', 'ok', 'nobody', ${last.day}::date, ${last.seq + 1}, ${last.hash}, ${hash})`,
      );
    await forge(sql`repeat('ab', 32)`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([
      { day: last.day, id: "999999", seq: last.seq + 1, problem: expect.stringMatching(/changed \(or forged\)/) },
    ]);
    await putBack();

    // Whoever knows the recipe can hash a forgery right; the chain's head still ends before it.
    await forge(sql`'x'`);
    await asOwner(t, sql`update audit_events e set hash = audit_event_hash(e) where id = 999999`);
    expect((await verifyAuditTrail(t.db)).breaks).toEqual([
      { day: last.day, id: "999999", seq: last.seq + 1, problem: expect.stringMatching(/beyond the chain's recorded end/) },
    ]);
    await putBack();
  });

  it("catches a forged record slipped into the middle of a chain", async () => {
    const chain = await chainOf(t);
    const [before, after] = chain.slice(2, 4) as [Link, Link];
    await asOwner(
      t,
      // Make room after `before` (in two steps, so the unique chain index never sees two records at one place).
      sql`update audit_events set chain_seq = -(chain_seq + 1) where chain_day = ${before.day}::date and chain_seq > ${before.seq}`,
      sql`update audit_events set chain_seq = -chain_seq where chain_seq < 0`,
      sql`insert into audit_events (id, action, outcome, chain_day, chain_seq, prev_hash, hash)
          values (999998, 'patient.read', 'ok', ${before.day}::date, ${before.seq + 1}, ${before.hash}, 'x')`,
      sql`update audit_events e set hash = audit_event_hash(e) where id = 999998`,
    );
    const { breaks } = await verifyAuditTrail(t.db);
    expect(breaks).toEqual([
      {
        day: after.day,
        id: after.id,
        seq: after.seq + 1,
        problem: `it does not link to the record before it (#${before.seq + 1}, id 999998): a record was removed or slipped in there`,
      },
    ]);
    await putBack();
  });

  describe("npm run audit:verify", () => {
    const capture = () => {
      const lines = { log: [] as string[], error: [] as string[] };
      return { lines, out: { log: (line: string) => lines.log.push(line), error: (line: string) => lines.error.push(line) } };
    };

    it("exits 0 with a one-line summary when intact, for every day or one", async () => {
      const { lines, out } = capture();
      expect(await runAuditVerify(t.db, [], out)).toBe(0);
      expect(lines.log).toEqual([expect.stringMatching(/^audit trail intact: \d+ records in 3 daily chains$/)]);
      expect(await runAuditVerify(t.db, ["--day", "2026-01-10"], out)).toBe(0);
      const [end] = (await chainOf(t, "2026-01-10")).map((link) => link.hash);
      expect(lines.log[1]).toBe(`audit trail intact: 1 record in the chain of 2026-01-10, ending in ${end}`);
      expect(lines.error).toEqual([]);
    });

    it("exits 1 naming the first broken record of each broken chain", async () => {
      const chain = await chainOf(t);
      const victim = chain[1] as Link;
      await asOwner(t, sql`update audit_events set outcome = case outcome when 'ok' then 'refused' else 'ok' end where id = ${victim.id}`);
      const { lines, out } = capture();
      expect(await runAuditVerify(t.db, [], out)).toBe(1);
      const named = `record ${victim.id} (${victim.day}, #2): its fields do not match its hash`;
      expect(lines.error).toEqual([expect.stringContaining(`broken: ${named}`)]);
      expect(lines.log).toEqual([expect.stringContaining(`audit trail BROKEN: 1 of 3 daily chains; first broken: ${named}`)]);
      // The other days' chains are untouched.
      expect(await runAuditVerify(t.db, ["--day=2026-01-10"], out)).toBe(0);
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
      const victim = (await chainOf(t))[0] as Link;
      await asOwner(t, sql`delete from audit_events where id = ${victim.id}`);
      const root = path.resolve(import.meta.dirname, "../../../..");
      const run = promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "apps/server/src/audit-verify.ts")], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: t.database.url, LOG_LEVEL: "silent" },
      });
      await expect(run).rejects.toMatchObject({
        code: 1,
        stdout: expect.stringContaining("audit trail BROKEN"),
        stderr: expect.stringContaining(`${victim.day}`),
      });
      await putBack();
    });
  });
});

describe("migration 0013 chains the records written before it", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t?.close());

  it("per UTC day, in id order", async () => {
    const text = await readFile(path.join(migrationsFolder(), "0013_audit_chain.sql"), "utf8");
    const backfill = text.split("--> statement-breakpoint").find((statement) => statement.includes("DO $$"));
    expect(backfill).toBeDefined();

    // Rows as they were before the migration: no chain columns filled, times out of id order.
    await asOwner(
      t,
      sql`alter table audit_events alter column chain_day drop not null, alter column chain_seq drop not null, alter column hash drop not null`,
      sql`insert into audit_events (id, action, outcome, detail, created_at) values
            (11, 'a', 'ok', '{"n": 1}', '2026-05-02 23:59:59.999999+00'),
            (12, 'b', 'refused', null, '2026-05-02 08:00:00+00'),
            (13, 'c', 'ok', null, '2026-05-01 12:00:00.5+00'),
            (14, 'd', 'ok', '[]', '2026-05-03 00:30:00+01')`,
      sql.raw(backfill as string),
      sql`alter table audit_events alter column chain_day set not null, alter column chain_seq set not null, alter column hash set not null`,
    );

    const chained = await t.db.execute<{ id: string; day: string; seq: string }>(
      sql`select id::text, to_char(chain_day, 'YYYY-MM-DD') as day, chain_seq::text as seq from audit_events order by id`,
    );
    expect(chained.rows).toEqual([
      { id: "11", day: "2026-05-02", seq: "1" },
      { id: "12", day: "2026-05-02", seq: "2" },
      { id: "13", day: "2026-05-01", seq: "1" },
      { id: "14", day: "2026-05-02", seq: "3" },
    ]);
    expect(await verifyAuditTrail(t.db)).toMatchObject({ records: 4, days: 2, breaks: [] });

    // New records carry on the chains the migration made.
    await t.db.execute(sql`insert into audit_events (action, outcome, created_at) values ('e', 'ok', '2026-05-02 12:00:00+00')`);
    expect(await verifyAuditTrail(t.db, { day: "2026-05-02" })).toMatchObject({ records: 4, days: 1, breaks: [] });
  });
});
