import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { countStatements, describeStatements, isIdentityStatement, statementsBeyondIdentity } from "../../../test/statements.ts";
import { seedDemoHistory } from "../../demo-history.ts";
import { seedDemoChat } from "./chat-demo.ts";

/**
 * Round trips of the chat's reads (issue 41): the inbox page, a conversation, a page of its
 * history and the unread count are one statement each, however many conversations and messages;
 * sending a message (the hot write) is one transaction of a fixed number, then one read.
 */

let t: TestApp;
let clinic: string;
let patient: string;
let conversationId = 0;

const call = (cookie: string, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: TEST_PUBLIC_URL }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,chat_whatsapp" } });
  await seedDemoHistory(t.db);
  await seedDemoChat(t.db);
  clinic = await t.loginAs("clinic");
  patient = await t.loginAs("patient");
  conversationId = (await call(patient, "POST", "/api/chat/me")).json().id;
  for (let index = 0; index < 30; index++)
    await call(index % 2 ? clinic : patient, "POST", `/api/chat/conversations/${conversationId}/messages`, { body: `Message ${index}` });
});
afterAll(async () => t?.close());

describe("the chat's round trips", () => {
  it.each([
    ["clinic", "/api/chat/conversations?rowsPerPage=5"],
    ["clinic", "/api/chat/conversations?filter=closed&q=invoice"],
    ["clinic", "/api/chat/conversations/:id"],
    ["clinic", "/api/chat/conversations/:id/messages?limit=10"],
    ["patient", "/api/chat/conversations/:id/messages"],
    ["patient", "/api/chat/unread"],
    ["clinic", "/api/chat/unread"],
  ] as const)("as %s, GET %s is one statement", async (who, url) => {
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () =>
        call(who === "clinic" ? clinic : patient, "GET", url.replace(":id", String(conversationId))),
      );
      expect(seen.own.length, describeStatements(seen.statements)).toBe(1);
    }
  });

  it("a message is one transaction of four statements (the conversation locked, then one for the message, its conversation, read marker and event), the audit record and one read, however long the history", async () => {
    const seen = await countStatements(t.database.pool, () => call(patient, "POST", `/api/chat/conversations/${conversationId}/messages`, { body: "Counted" }));
    expect(seen.result.statusCode, seen.result.body).toBe(201);
    const own = seen.statements.filter((text) => !isIdentityStatement(text) && !/from "feature_flags"/.test(text));
    expect(own.length, describeStatements(seen.statements)).toBe(6);
  });
});
