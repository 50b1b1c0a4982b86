import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { DELIVER_QUEUE } from "./messages.service.ts";

/**
 * Round trips of the messages sent list and the notifications list (issue 34): one statement
 * each, the page with its total. Neither is a kept answer: a sent message's delivery counts move
 * as its emails go out (the mail outbox, written by every email queued anywhere), and the
 * notifications by every notify and every read mark; a version row for those tables would make
 * all their writers wait for each other's commits. The audit record a notifications read leaves
 * comes on top and is not counted.
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
    ["clinic", "/api/messages/?rowsPerPage=10", 3],
    ["admin", "/api/messages/?rowsPerPage=10&state=sent", 3],
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
});
