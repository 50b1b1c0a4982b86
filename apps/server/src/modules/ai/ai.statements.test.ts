import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { countStatements, describeStatements, isIdentityStatement, statementsBeyondIdentity } from "../../../test/statements.ts";
import { seedDemoHistory } from "../../demo-history.ts";
import { seedDemoAi } from "./ai-demo.ts";

/**
 * The AI chat widget's demo and round trips (issue 42): seeded once, lived in (conversations
 * answered from the demo's content, rated, counted); each read is one statement however many
 * conversations there are, and a question in retrieval-only mode is four (the settings, limits
 * and history; the question stored; retrieval; the answer stored).
 */

let t: TestApp;
let admin: string;
let patient: string;
let conversationId = 0;

const call = (cookie: string, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: TEST_PUBLIC_URL }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,widget_chat_ai" } });
  await seedDemoHistory(t.db);
  expect(await seedDemoAi(t.db)).toBe(true);
  expect(await seedDemoAi(t.db)).toBe(false);
  admin = await t.loginAs("admin");
  patient = await t.loginAs("patient");
  conversationId = (await call(patient, "GET", "/api/ai/conversations")).json()[0].id;
});
afterAll(async () => t?.close());

describe("the demo", () => {
  it("answers from the demo's content, with ratings, usage and an emergency", async () => {
    const logs = (await call(admin, "GET", `/api/ai/logs?clinic=${t.ids.clinic}`)).json();
    expect(logs.total).toBe(8);
    expect(logs.data.some((row: { up: number }) => row.up > 0)).toBe(true);
    expect(logs.data.some((row: { down: number }) => row.down > 0)).toBe(true);
    const first = (await call(patient, "GET", `/api/ai/conversations/${conversationId}`)).json();
    expect(first.messages.length).toBeGreaterThanOrEqual(2);
    const balance = logs.data.find((row: { title: string }) => row.title.startsWith("How often should I do my balance"));
    const read = (await call(admin, "GET", `/api/ai/logs/${balance.id}`)).json();
    expect(read.messages[1].sources[0]).toMatchObject({ kind: "faq", title: "How often should I do my balance exercises?" });
    const usage = (await call(admin, "GET", `/api/ai/usage?clinic=${t.ids.clinic}`)).json();
    expect(usage.totals.questions).toBe(9);
    const settings = (await call(admin, "GET", `/api/ai/settings?clinic=${t.ids.clinic}`)).json();
    expect(settings).toMatchObject({ provider: null, emergencyPhone: "+34 910 000 001" });
    expect(settings.index.documents.faq).toBeGreaterThanOrEqual(9);
  });
});

describe("the assistant's round trips", () => {
  it.each([
    ["patient", "/api/ai/conversations"],
    ["patient", "/api/ai/conversations/:id"],
    ["admin", "/api/ai/logs?clinic=:clinic"],
    ["admin", "/api/ai/logs/:id"],
    ["admin", "/api/ai/usage?clinic=:clinic"],
    ["admin", "/api/ai/faqs?clinic=:clinic"],
  ] as const)("as %s, GET %s is one read", async (who, url) => {
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () =>
        call(who === "admin" ? admin : patient, "GET", url.replace(":id", String(conversationId)).replace(":clinic", t.ids.clinic)),
      );
      // Besides the read: an admin's named clinic is checked (is it a clinic?), and reading a user's conversation is audited.
      const extra = (url.includes("clinic=") ? 1 : 0) + (url === "/api/ai/logs/:id" ? 1 : 0);
      expect(seen.own.length - extra, describeStatements(seen.statements)).toBe(1);
    }
  });

  it("a question in retrieval-only mode is four statements, however long the conversation", async () => {
    for (const question of ["How often should I do my balance exercises?", "And on weekends?"]) {
      const seen = await countStatements(t.database.pool, () => call(patient, "POST", "/api/ai/ask", { question, conversationId }));
      expect(seen.result.statusCode, seen.result.body).toBe(200);
      const own = seen.statements.filter((text) => !isIdentityStatement(text) && !/from "feature_flags"/.test(text));
      expect(own.length, describeStatements(seen.statements)).toBe(4);
    }
  });
});
