import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { DELIVER_QUEUE } from "./messages.service.ts";

/**
 * Round trips of the messages sent list and the notifications list (issue 34): one statement
 * each, the page with its total. The sent list is a kept answer: each message carries its
 * delivery counts (migration 0036), so it reads messages, users and groups, all versioned. The
 * notifications are not: they move with every notify and every read mark, and a version row for
 * that table would make all its writers wait for each other's commits. The audit record a
 * notifications read leaves comes on top and is not counted.
 */
let t: TestApp;
let r: RoleCalls;
beforeAll(async () => {
  t = await createTestApp();
  r = await signInRoles(t);
  // Three messages to the clinic's patients, delivered: each patient holds three notifications.
  for (const subject of ["Holiday hours", "New schedule", "Parking"]) {
    const sent = await r.send("clinic", "POST", "/api/messages/", { subject, body: "<p>See you soon.</p>", roles: ["patient"], email: true });
    expect(sent.statusCode, sent.body).toBe(201);
  }
  await t.app.jobs.drain(DELIVER_QUEUE);
});
afterAll(async () => t?.close());

const withoutWrites = (statements: string[]) => statements.filter((text) => !/^\s*(insert|update|delete)\b/i.test(text));

describe("the sent and received lists", () => {
  it.each([
    ["patient", "/api/notifications/?rowsPerPage=10", 3],
    ["patient", "/api/notifications/?rowsPerPage=10&unread=true", 3],
  ] as [Who, string, number][])("as %s, GET %s reads its page and total in one statement", async (who, url, total) => {
    // Twice: the first counts the total, the second may take it from the totals kept by paging.ts.
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", url));
      expect(withoutWrites(seen.own).length, describeStatements(seen.statements)).toBe(1);
      expect(seen.body.total).toBe(total);
      expect(seen.body.data).toHaveLength(total);
    }
  });

  it.each([
    ["clinic", "/api/messages/?rowsPerPage=10", 3],
    ["admin", "/api/messages/?rowsPerPage=10&state=sent", 3],
  ] as [Who, string, number][])("as %s, GET %s reads its page and total in one statement, then keeps it", async (who, url, total) => {
    const first = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", url));
    expect(first.own.length, describeStatements(first.statements)).toBeLessThanOrEqual(1);
    expect(first.body.total).toBe(total);
    const again = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", url));
    expect(again.own, describeStatements(again.statements)).toEqual([]);
    expect(again.body).toEqual(first.body);
  });

  it("shows each message's counts as its recipients and their emails say, and a mail's new state at once", async () => {
    const recount = async () =>
      (
        await t.database.pool.query<{ id: number; delivered: number; sent: number; queued: number; failed: number }>(
          `select m.id,
             (select count(*) from message_recipients r where r.message_id = m.id and r.notified_at is not null)::int as delivered,
             (select count(*) from message_recipients r join mail_messages mm on mm.id = r.mail_id where r.message_id = m.id and mm.status in ('sent', 'outbox'))::int as sent,
             (select count(*) from message_recipients r join mail_messages mm on mm.id = r.mail_id where r.message_id = m.id and mm.status = 'queued')::int as queued,
             (select count(*) from message_recipients r join mail_messages mm on mm.id = r.mail_id where r.message_id = m.id and mm.status = 'failed')::int as failed
           from messages m order by m.id`,
        )
      ).rows;
    const shown = async () => {
      const page = (await r.send("admin", "GET", "/api/messages/?rowsPerPage=10")).json() as {
        data: { id: number; delivered: number; emailsSent: number; emailsQueued: number; emailsFailed: number }[];
      };
      return page.data
        .map((m) => ({ id: m.id, delivered: m.delivered, sent: m.emailsSent, queued: m.emailsQueued, failed: m.emailsFailed }))
        .sort((x, y) => x.id - y.id);
    };
    const raw = await recount();
    expect(raw.every((m) => m.delivered > 0 && m.sent + m.queued === m.delivered)).toBe(true);
    expect(await shown()).toEqual(raw);
    // One email of the first message fails for good: its counts move, and the kept page is dropped.
    const [first] = raw;
    await t.database.pool.query(
      `update mail_messages set status = 'failed', error = 'mailbox full'
       where id = (select r.mail_id from message_recipients r where r.message_id = $1 and r.mail_id is not null order by r.user_id limit 1)`,
      [first?.id],
    );
    const after = await recount();
    expect(after[0]?.failed).toBe(1);
    expect(await shown()).toEqual(after);
  });
});
