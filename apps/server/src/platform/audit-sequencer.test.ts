import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { connectDatabase } from "../db/client.ts";
import { verifyAuditTrail } from "./audit-chain.ts";
import { sealPendingAuditRecords } from "./audit-sequencer.ts";
import { auditTrailStatus } from "./audit-verifications.ts";
import { auditWriter } from "./audit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const seal = (log?: { error(line: string): void; info(line: string): void }) => sealPendingAuditRecords(t.db, { node: "test", log });

/** Seals until nothing is left (a pass seals at most one page). */
async function sealAll(): Promise<void> {
  for (let outcome = await seal(); outcome.status !== "idle"; outcome = await seal()) expect(outcome.status).toBe("sealed");
}

/** The place of each record whose action starts with `prefix`, by id. */
async function placesOf(prefix: string): Promise<{ id: number; seq: number | null }[]> {
  const rows = await t.db.execute<{ id: string; seq: string | null }>(
    sql`select e.id::text, e.seq::text from audit_events e where e.action like ${`${prefix}%`} order by e.id`,
  );
  return rows.rows.map((row) => ({ id: Number(row.id), seq: row.seq === null ? null : Number(row.seq) }));
}

/** Switches the triggers off around a change, as someone owning the tables could. */
async function asOwner(...statements: SQL[]): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger user`);
    await tx.execute(sql`alter table audit_batches disable trigger user`);
    for (const statement of statements) await tx.execute(statement);
    await tx.execute(sql`alter table audit_events enable trigger user`);
    await tx.execute(sql`alter table audit_batches enable trigger user`);
  });
}

const intact = { breaks: [] };

describe("the audit sequencer", () => {
  it("seals the records written before it (an upgrade leaves them unsealed) in id order, whatever their times", async () => {
    await t.db.execute(sql`insert into audit_events (action, outcome, created_at) values
      ('test.old.a', 'ok', '2026-05-02 23:59:59.999999+00'),
      ('test.old.b', 'refused', '2026-05-02 08:00:00+00'),
      ('test.old.c', 'ok', '2026-05-01 12:00:00.5+00')`);
    await sealAll();
    const places = await placesOf("test.old.");
    expect(places.map((place) => place.seq)).toEqual([...places.map((place) => place.seq)].sort((a, b) => Number(a) - Number(b)));
    expect(places.every((place) => place.seq !== null)).toBe(true);
    expect(await verifyAuditTrail(t.db)).toMatchObject(intact);
  });

  it("seals records committed out of id order in the order they committed, into one chain that verifies", async () => {
    const early = await t.database.pool.connect();
    try {
      await early.query("begin");
      const lower = (await early.query<{ id: string }>("insert into audit_events (action, outcome) values ('test.order.lower', 'ok') returning id::text"))
        .rows[0];
      await auditWriter(t.db).write({ action: "test.order.higher", outcome: "ok" });
      // The lower id is not committed yet: the pass cannot see it, and seals the higher one alone.
      expect(await seal()).toMatchObject({ status: "sealed", records: 1 });
      await early.query("commit");
      expect(await seal()).toMatchObject({ status: "sealed", records: 1 });
      const [low, high] = await placesOf("test.order.");
      expect(low?.id).toBe(Number(lower?.id));
      expect(low?.id).toBeLessThan(Number(high?.id));
      expect(low?.seq).toBe(Number(high?.seq) + 1);
    } finally {
      early.release();
    }
    expect(await verifyAuditTrail(t.db)).toMatchObject({ ...intact, unsealed: { count: 0 } });
  });

  it("killed in the middle of a pass leaves nothing behind; the next pass seals every record exactly once", async () => {
    for (let i = 0; i < 3; i++) await auditWriter(t.db).write({ action: `test.killed.${i}`, outcome: "ok" });
    // Another transaction holds the next batch number, so the pass waits after its update: killed there.
    const [{ next } = { next: "1" }] = (await t.db.execute<{ next: string }>(sql`select (coalesce(max(id), 0) + 1)::text as next from audit_batches`)).rows;
    const blocker = await t.database.pool.connect();
    const doomed = connectDatabase(t.database.url, 1);
    // Its connection dies under it: that is the point, not an error of the test.
    doomed.pool.on("connect", (client) => client.on("error", () => {}));
    try {
      await blocker.query("begin");
      await blocker.query("insert into audit_batches values ($1, 0, 0, 1, 'x', null, 'x', now(), 'blocker')", [next]);
      const pass = sealPendingAuditRecords(doomed.db, { node: "doomed" });
      const waiting = sql`select pid from pg_stat_activity where wait_event_type = 'Lock' and query like '%insert into audit_batches (id,%'`;
      await expect.poll(async () => (await t.db.execute(waiting)).rows.length, { timeout: 10_000 }).toBe(1);
      // The pass has updated its records and waits to write its head.
      await t.db.execute(sql`select pg_terminate_backend(pid) from (${waiting}) as w`);
      await expect(pass).rejects.toThrow();
      await blocker.query("rollback");
    } finally {
      blocker.release();
      await doomed.pool.end();
    }
    expect((await placesOf("test.killed.")).map((place) => place.seq)).toEqual([null, null, null]);

    expect(await seal()).toMatchObject({ status: "sealed", batch: Number(next), records: 3 });
    const places = await placesOf("test.killed.");
    expect(new Set(places.map((place) => place.seq)).size).toBe(3);
    expect(places.every((place) => place.seq !== null)).toBe(true);
    expect(await verifyAuditTrail(t.db)).toMatchObject(intact);
  });

  it("with two nodes writing and sealing at once, keeps one chain in which every record is sealed once", async () => {
    const second = connectDatabase(t.database.url, 4);
    try {
      const node = async (db: typeof t.db, name: string) => {
        for (let round = 0; round < 8; round++) {
          await Promise.all(Array.from({ length: 6 }, (_, i) => auditWriter(db).write({ action: `test.nodes.${name}.${round}.${i}`, outcome: "ok" })));
          const outcome = await sealPendingAuditRecords(db, { node: name });
          expect(["sealed", "busy", "idle"]).toContain(outcome.status);
        }
      };
      await Promise.all([node(t.db, "a"), node(second.db, "b")]);
    } finally {
      await second.pool.end();
    }
    await sealAll();
    const places = await placesOf("test.nodes.");
    expect(places).toHaveLength(2 * 8 * 6);
    expect(places.every((place) => place.seq !== null)).toBe(true);
    expect(new Set(places.map((place) => place.seq)).size).toBe(places.length);
    const [{ sealed, distinct } = { sealed: 0, distinct: 0 }] = (
      await t.db.execute<{ sealed: number; distinct: number }>(
        sql`select count(*)::int as sealed, count(distinct seq)::int as distinct from audit_events where seq is not null`,
      )
    ).rows;
    expect(distinct).toBe(sealed);
    expect(await verifyAuditTrail(t.db)).toMatchObject({ ...intact, unsealed: { count: 0 } });
  });

  const problems: [string, () => Promise<SQL[]>, RegExp][] = [
    [
      "the last sealed record deleted (a gap at the chain's end)",
      async () => [sql`delete from audit_events where seq = (select max(last_seq) from audit_batches)`],
      /record #\d+, the last of batch #\d+, is missing \(deleted\)/,
    ],
    [
      "the last sealed record changed",
      async () => [sql`update audit_events set hash = repeat('0', 64) where seq = (select max(last_seq) from audit_batches)`],
      /does not carry the hash its batch recorded/,
    ],
    [
      "a record sealed beyond the last batch",
      async () => [
        sql`insert into audit_events (action, outcome, seq, batch_id, hash) values ('test.forged', 'ok', (select max(last_seq) + 5 from audit_batches), 1, 'x')`,
      ],
      /is sealed beyond the last batch's end/,
    ],
    [
      "an unsealed record that already carries seal fields",
      async () => [sql`insert into audit_events (action, outcome, hash) values ('test.forged', 'ok', 'x')`],
      /not sealed yet but already carries seal fields/,
    ],
  ];
  it.each(problems)("stops at %s: seals nothing, says so once, shows it on the system check, and resumes once it is gone", async (_, tamper, problem) => {
    await auditWriter(t.db).write({ action: "test.gap.before", outcome: "ok" });
    await sealAll();
    await t.db.execute(sql`drop table if exists audit_events_kept`);
    await t.db.execute(sql`create table audit_events_kept as table audit_events`);
    await asOwner(...(await tamper()));
    await auditWriter(t.db).write({ action: "test.gap.waiting", outcome: "ok" });

    const lines = { error: [] as string[], info: [] as string[] };
    const log = { error: (line: string) => lines.error.push(line), info: (line: string) => lines.info.push(line) };
    const refused = await seal(log);
    expect(refused).toEqual({ status: "refused", problem: expect.stringMatching(problem) });
    // Later passes keep refusing, without saying it again.
    expect(await seal(log)).toEqual(refused);
    expect(lines.error).toEqual([expect.stringMatching(/^audit sequencer stopped, nothing sealed: /)]);
    expect(lines.error[0]).toMatch(problem);
    const [waiting] = (
      await t.db.execute<{ seq: string | null }>(sql`select e.seq::text from audit_events e where e.action = 'test.gap.waiting' order by e.id desc limit 1`)
    ).rows;
    expect(waiting?.seq).toBeNull();

    const status = await auditTrailStatus(t.db);
    expect(status.sealing).toEqual({
      problem: expect.stringMatching(problem),
      since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      unsealed: expect.any(Number),
      oldestUnsealedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(status.sealing.unsealed).toBeGreaterThanOrEqual(1);
    const admin = await t.loginAs("admin");
    const report = await t.app.inject({ method: "GET", url: "/api/system-check/", headers: { cookie: admin } });
    expect(report.json().auditTrail.sealing.problem).toMatch(problem);

    // Put back as it was: the next pass seals the waiting record and clears the alert.
    await asOwner(
      sql`delete from audit_events where id not in (select id from audit_events_kept) and action <> 'test.gap.waiting'`,
      sql`insert into audit_events select * from audit_events_kept k where not exists (select 1 from audit_events e where e.id = k.id)`,
      sql`update audit_events e set hash = k.hash from audit_events_kept k where e.id = k.id and e.hash is distinct from k.hash`,
    );
    expect(await seal(log)).toMatchObject({ status: "sealed", records: 1 });
    expect(lines.info).toEqual(["audit sequencer: the problem is gone, sealing again"]);
    expect((await auditTrailStatus(t.db)).sealing).toEqual({ problem: null, since: null, unsealed: 0, oldestUnsealedAt: null });
    expect(await verifyAuditTrail(t.db)).toMatchObject({ ...intact, unsealed: { count: 0 } });
  });
});

describe("the sequencer's timer", () => {
  let timed: TestApp;
  afterAll(async () => timed?.close());

  it("seals a record within its delay on its own", async () => {
    timed = await createTestApp({ seed: false, env: { AUDIT_SEAL_DELAY_MS: "50" } });
    await auditWriter(timed.db).write({ action: "test.timer", outcome: "ok" });
    const sealed = async () =>
      (await timed.db.execute<{ seq: string | null }>(sql`select seq::text from audit_events where action = 'test.timer'`)).rows[0]?.seq ?? null;
    await expect.poll(sealed, { timeout: 10_000 }).not.toBeNull();
    expect(await verifyAuditTrail(timed.db)).toMatchObject(intact);
  });
});
