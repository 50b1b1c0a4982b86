import { PassThrough } from "node:stream";
import { AI_MESSAGES, AI_SAFETY_RULES, type AiSettingsInput, type AiStreamEvent } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { assignActivity, makeActivity } from "../../../test/factories.ts";
import { FAKE_CHAT_MODEL, FAKE_EMBEDDING_MODEL, type OpenAiFake, startOpenAiFake } from "../../../test/openai-fake.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";

/**
 * The AI chat widget through its API (issue 42): retrieval-only mode, answers from a model (the
 * local fake OpenAI-compatible server), sources limited to what the asker may see, the emergency
 * guard, rate limits, a provider that fails, stalls or streams garbage, and the API key never in
 * an answer or a log line.
 */

const API_KEY = "sk-test-secret-key-0123456789";
let t: TestApp;
let r: RoleCalls;
let fake: OpenAiFake;
const logs = new PassThrough();
let logText = "";
logs.on("data", (chunk: Buffer) => {
  logText += chunk.toString("utf8");
});

beforeAll(async () => {
  fake = await startOpenAiFake();
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,widget_chat_ai", LOG_LEVEL: "info" }, logStream: logs });
  r = await signInRoles(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.mode = "ok";
  fake.reply = null;
});

const settings = (clinicId: string | null, changes: Partial<AiSettingsInput> = {}): AiSettingsInput => ({
  clinicId,
  provider: null,
  allowPatientData: false,
  systemPrompt: "",
  sources: ["activity", "recommendation", "form", "page", "faq"],
  perUserPerHour: 30,
  perClinicPerDay: 1000,
  maxAnswerTokens: 600,
  timeoutSeconds: 30,
  emergencyPhone: "",
  inputCentsPerMillion: 250,
  outputCentsPerMillion: 1000,
  ...changes,
});

async function save(input: AiSettingsInput): Promise<LightMyRequestResponse> {
  const saved = await r.send("admin", "PUT", "/api/ai/settings", input);
  expect(saved.statusCode, saved.body).toBe(200);
  return saved;
}

const withModel = (clinicId: string, changes: Partial<AiSettingsInput> = {}) =>
  settings(clinicId, { provider: { baseUrl: fake.url, model: FAKE_CHAT_MODEL, embeddingModel: "", apiKey: API_KEY }, ...changes });

async function faq(clinicId: string | null, question: string, answer: string, language: "en" | "es" = "en", audience: "everyone" | "staff" = "everyone") {
  const made = await r.send("admin", "POST", "/api/ai/faqs", { clinicId, language, audience, question, answer });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id as number;
}

/** The events of a streamed answer. */
function eventsOf(response: LightMyRequestResponse): AiStreamEvent[] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toContain("text/event-stream");
  return response.body
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => JSON.parse(block.slice("data: ".length)) as AiStreamEvent);
}

async function ask(who: Who, question: string, conversationId?: number) {
  const response = await r.send(who, "POST", "/api/ai/ask", conversationId ? { question, conversationId } : { question });
  const events = eventsOf(response);
  const end = events.at(-1);
  if (!end || (end.type !== "done" && end.type !== "error")) throw new Error(`No end event: ${response.body}`);
  const sources = events.find((event) => event.type === "sources");
  const start = events.find((event) => event.type === "start");
  return {
    events,
    end,
    answer: end.type === "done" ? end.answer : end.answer,
    sources: sources?.type === "sources" ? sources.sources : [],
    conversationId: start?.type === "start" ? start.conversationId : null,
    text: events.flatMap((event) => (event.type === "delta" ? [event.text] : [])).join(""),
  };
}

const setLanguage = (who: string, language: "en" | "es") => t.db.execute(sql`update users set language = ${language} where id = ${who}`);
const count = async (query: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: number }>(query)).rows[0]?.n);

describe("retrieval-only mode (no model configured)", () => {
  it("answers a Spanish question with the clinic's FAQ as a cited passage, kept in the patient's conversation", async () => {
    await save(settings(t.ids.clinic));
    await faq(
      t.ids.clinic,
      "¿Cada cuánto hago los ejercicios de equilibrio?",
      "Haz los ejercicios de equilibrio dos veces al día, diez minutos cada vez.",
      "es",
    );
    await setLanguage(t.ids.patient, "es");
    const first = await ask("patient", "¿Cada cuánto tengo que hacer los ejercicios de equilibrio?");
    expect(first.end.type).toBe("done");
    expect(first.answer).toMatchObject({ role: "assistant", mode: "retrieval" });
    expect(first.answer?.content).toContain("No hay ningún modelo de IA configurado");
    expect(first.answer?.content).toContain("dos veces al día");
    expect(first.sources.map((source) => source.kind)).toContain("faq");
    expect(first.answer?.sources[0]).toMatchObject({ kind: "faq", url: null, title: "¿Cada cuánto hago los ejercicios de equilibrio?" });

    // The same conversation goes on; the user lists, reads and deletes it.
    const second = await ask("patient", "¿Y cuántos minutos?", first.conversationId ?? undefined);
    expect(second.conversationId).toBe(first.conversationId);
    const mine = (await r.send("patient", "GET", "/api/ai/conversations")).json();
    expect(mine[0]).toMatchObject({ id: first.conversationId, title: "¿Cada cuánto tengo que hacer los ejercicios de equilibrio?" });
    const read = (await r.send("patient", "GET", `/api/ai/conversations/${first.conversationId}`)).json();
    expect(read.messages.map((message: { role: string }) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect((await r.send("otherPatient", "GET", `/api/ai/conversations/${first.conversationId}`)).statusCode).toBe(404);
    expect((await r.send("patient", "DELETE", `/api/ai/conversations/${first.conversationId}`)).statusCode).toBe(204);
    expect((await r.send("patient", "GET", `/api/ai/conversations/${first.conversationId}`)).statusCode).toBe(404);
    await setLanguage(t.ids.patient, "en");
  });

  it("says so when nothing matches", async () => {
    const { answer } = await ask("patient", "zzqx quux");
    expect(answer).toMatchObject({ mode: "retrieval", sources: [] });
    expect(answer?.content).toContain("I found nothing in your clinic's content");
  });
});

describe("what each user may draw on", () => {
  it("a patient gets their clinic's FAQs and their own assignments, never another clinic's content or a staff FAQ", async () => {
    const word = "vestibulocochlear";
    await faq(r.other.clinic.id, `Other clinic ${word} question`, `Other clinic ${word} answer.`);
    await faq(t.ids.clinic, `Staff ${word} procedure`, `Staff-only ${word} steps.`, "en", "staff");
    const ownActivity = await makeActivity(t.db, { clinicId: t.ids.clinic, name: `Assigned ${word} drill`, description: `A ${word} drill.` });
    await makeActivity(t.db, { clinicId: t.ids.clinic, name: `Unassigned ${word} drill`, description: `Another ${word} drill.` });
    await makeActivity(t.db, { clinicId: r.other.clinic.id, name: `Other clinic ${word} drill`, description: `Their ${word} drill.` });
    await assignActivity(t.db, { activityId: ownActivity.id, patientId: t.ids.patient });

    const patient = await ask("patient", `${word}?`);
    expect(patient.sources.map((source) => source.title)).toEqual([`Assigned ${word} drill`]);
    expect(patient.sources[0]?.url).toBe("/manager/patient");

    const otherPatient = await ask("otherPatient", `${word}?`);
    expect(otherPatient.sources.map((source) => source.title)).toEqual([`Other clinic ${word} question`]);

    const therapist = await ask("therapist", `${word}?`);
    const seen = therapist.sources.map((source) => source.title).sort();
    expect(seen).toEqual([`Assigned ${word} drill`, `Staff ${word} procedure`, `Unassigned ${word} drill`]);
    expect(therapist.sources.find((source) => source.kind === "activity")?.url).toMatch(/^\/manager\/admin\/activities\/\d+$/);
  });

  it("follows content as it changes: an edited or deleted FAQ is found or gone at once", async () => {
    const id = await faq(t.ids.clinic, "Parking", "There is free parking behind the clinic.");
    expect((await ask("patient", "Where is the parking?")).sources.map((source) => source.id)).toContain(id);
    const changed = await r.send("admin", "PUT", `/api/ai/faqs/${id}`, {
      clinicId: t.ids.clinic,
      language: "en",
      audience: "everyone",
      question: "Garage",
      answer: "Use the garage on Elm Street.",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await ask("patient", "Where is the garage?")).sources.map((source) => source.id)).toContain(id);
    expect((await r.send("admin", "DELETE", `/api/ai/faqs/${id}`)).statusCode).toBe(204);
    expect((await ask("patient", "Where is the garage?")).sources.map((source) => source.id)).not.toContain(id);
  });
});

describe("answers from a model", () => {
  it("streams the model's answer citing the FAQ, tells the model the safety rules first, and never shows the key", async () => {
    await save(withModel(t.ids.clinic, { systemPrompt: "Be warm and brief." }));
    await faq(t.ids.clinic, "Opening hours", "The clinic opens from nine to five on weekdays.");
    fake.requests.length = 0;
    const { events, answer, text } = await ask("patient", "When does the clinic open? Write to ana@example.com");
    expect(events.filter((event) => event.type === "delta").length).toBeGreaterThan(1);
    expect(answer).toMatchObject({ mode: "model", notice: null });
    expect(answer?.content).toBe(text);
    expect(answer?.content).toContain("[1]");
    expect(answer?.sources).toEqual([expect.objectContaining({ kind: "faq", title: "Opening hours" })]);

    const call = fake.requests.find((request) => request.path === "/v1/chat/completions");
    expect(call?.authorization).toBe(`Bearer ${API_KEY}`);
    const messages = call?.body.messages as { role: string; content: string }[];
    expect(messages[0]?.role).toBe("system");
    expect(messages[0]?.content.startsWith(AI_SAFETY_RULES)).toBe(true);
    expect(messages[0]?.content).toContain("Never diagnose");
    expect(messages[0]?.content).toContain("Be warm and brief.");
    expect(messages[0]?.content).toContain("[1] Opening hours\nThe clinic opens from nine to five");
    // The fake is on this machine: the question goes as it is.
    expect(messages.at(-1)).toEqual({ role: "user", content: "When does the clinic open? Write to ana@example.com" });
    expect(call?.body.max_tokens).toBe(600);

    const view = await r.send("admin", "GET", `/api/ai/settings?clinic=${t.ids.clinic}`);
    expect(view.json().provider).toEqual({ baseUrl: fake.url, model: FAKE_CHAT_MODEL, embeddingModel: "", hasApiKey: true, hosted: false });
    const stored = await t.db.execute<{ sealed: string }>(sql`select api_key_sealed as sealed from ai_settings where clinic_id = ${t.ids.clinic}`);
    expect(stored.rows[0]?.sealed).not.toContain(API_KEY);

    // Saving without a key keeps it; null removes it.
    const kept = await r.send(
      "admin",
      "PUT",
      "/api/ai/settings",
      settings(t.ids.clinic, { provider: { baseUrl: fake.url, model: FAKE_CHAT_MODEL, embeddingModel: "" } }),
    );
    expect(kept.json().provider.hasApiKey).toBe(true);
    for (const response of [view, kept]) expect(response.body).not.toContain(API_KEY);
    expect(logText).not.toContain(API_KEY);
    expect(logText.length).toBeGreaterThan(0);
  });

  it("a provider that answers 500, streams garbage or stalls: a clear error event, the question kept, the conversation usable", async () => {
    await save(withModel(t.ids.clinic));
    fake.mode = "error500";
    const failed = await ask("patient", "When does the clinic open?");
    expect(failed.end).toMatchObject({ type: "error", code: "providerError", message: AI_MESSAGES.providerError });
    expect(failed.answer).toMatchObject({ mode: "failed", notice: "providerError" });

    fake.mode = "garbage";
    const garbage = await ask("patient", "And on Saturdays?", failed.conversationId ?? undefined);
    expect(garbage.end).toMatchObject({ type: "error", code: "providerError" });

    await t.db.execute(sql`update ai_settings set timeout_seconds = 1 where clinic_id = ${t.ids.clinic}`);
    fake.mode = "stall";
    const stalled = await ask("patient", "And on Sundays?", failed.conversationId ?? undefined);
    expect(stalled.end).toMatchObject({ type: "error", code: "timeout", message: AI_MESSAGES.timeout });

    fake.mode = "ok";
    const recovered = await ask("patient", "When does the clinic open?", failed.conversationId ?? undefined);
    expect(recovered.answer).toMatchObject({ mode: "model" });
    const read = (await r.send("patient", "GET", `/api/ai/conversations/${failed.conversationId}`)).json();
    expect(read.messages.filter((message: { role: string }) => message.role === "user")).toHaveLength(4);
    expect(logText).not.toContain(API_KEY);
  });

  it("counts tokens and estimates the cost per day and per user", async () => {
    const usage = (await r.send("admin", "GET", `/api/ai/usage?clinic=${t.ids.clinic}`)).json();
    expect(usage.totals.questions).toBeGreaterThan(0);
    expect(usage.totals.tokensIn).toBeGreaterThan(0);
    expect(usage.totals.costCents).toBeGreaterThan(0);
    expect(usage.days).toHaveLength(30);
    expect(usage.users.map((user: { userId: string }) => user.userId)).toContain(t.ids.patient);
    const backwards = await r.send("admin", "GET", `/api/ai/usage?clinic=${t.ids.clinic}&since=2026-02-02&to=2026-02-01`);
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json())).toEqual(["to"]);
    const week = (await r.send("admin", "GET", `/api/ai/usage?clinic=${t.ids.clinic}&since=2026-02-01&to=2026-02-07`)).json();
    expect(week.days.map((day: { day: string }) => day.day)).toEqual([
      "2026-02-01",
      "2026-02-02",
      "2026-02-03",
      "2026-02-04",
      "2026-02-05",
      "2026-02-06",
      "2026-02-07",
    ]);
  });
});

describe("safety", () => {
  it("answers an emergency with the emergency number and the clinic's phone, without asking the model", async () => {
    await save(withModel(t.ids.clinic, { emergencyPhone: "+34 910 000 111" }));
    fake.requests.length = 0;
    const { answer } = await ask("patient", "I have chest pain and cannot breathe");
    expect(answer).toMatchObject({ mode: "emergency" });
    expect(answer?.content).toContain("+34 910 000 111");
    expect(answer?.content).toContain("112");
    expect(fake.requests).toHaveLength(0);
  });

  it("limits questions per user per hour and per clinic per day, with a clear 429 and nothing stored", async () => {
    await save(settings(t.ids.clinic, { perUserPerHour: 1000, perClinicPerDay: 1000 }));
    const asked = await count(sql`select count(*)::int as n from ai_usage where user_id = ${r.other.therapist.id}`);
    await save(settings(r.other.clinic.id, { perUserPerHour: asked + 1 }));
    await ask("otherTherapist", "One question");
    const before = await count(sql`select count(*)::int as n from ai_messages`);
    const refused = await r.send("otherTherapist", "POST", "/api/ai/ask", { question: "Another" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ detail: AI_MESSAGES.rateLimitedUser, code: "rateLimitedUser" });
    expect(await count(sql`select count(*)::int as n from ai_messages`)).toBe(before);

    const clinicDay = await count(sql`select count(*)::int as n from ai_usage where clinic_id = ${r.other.clinic.id}`);
    await save(settings(r.other.clinic.id, { perClinicPerDay: clinicDay }));
    const clinicRefused = await r.send("otherPatient", "POST", "/api/ai/ask", { question: "Hello" });
    expect(clinicRefused.statusCode).toBe(429);
    expect(clinicRefused.json().detail).toBe(AI_MESSAGES.rateLimitedClinic);
  });

  it("refuses an empty or over-long question and someone else's conversation, writing nothing", async () => {
    const before = await count(sql`select count(*)::int as n from ai_messages`);
    expect((await r.send("patient", "POST", "/api/ai/ask", { question: "   " })).statusCode).toBe(400);
    const long = await r.send("patient", "POST", "/api/ai/ask", { question: "a".repeat(20_000) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toContain("question");
    const theirs = await ask("therapist", "Hello there");
    expect((await r.send("patient", "POST", "/api/ai/ask", { question: "Hi", conversationId: theirs.conversationId })).statusCode).toBe(404);
    expect(await count(sql`select count(*)::int as n from ai_messages`)).toBe(before + 2);
  });

  it("keeps HTML in a question as text", async () => {
    const { conversationId } = await ask("patient", "<script>alert(1)</script><img src=x onerror=alert(2)>");
    const read = (await r.send("patient", "GET", `/api/ai/conversations/${conversationId}`)).json();
    expect(read.messages[0].content).toBe("<script>alert(1)</script><img src=x onerror=alert(2)>");
  });
});

describe("the admins' screens", () => {
  it("lists conversations with their feedback, reads one, exports them, and tests in the console without storing", async () => {
    await save(settings(t.ids.clinic));
    const { answer, conversationId } = await ask("patient", "Opening hours?");
    const rated = await r.send("patient", "PUT", `/api/ai/messages/${answer?.id}/feedback`, { feedback: "down" });
    expect(rated.json().feedback).toBe("down");
    expect((await r.send("therapist", "PUT", `/api/ai/messages/${answer?.id}/feedback`, { feedback: "up" })).statusCode).toBe(404);

    const logs = (await r.send("admin", "GET", `/api/ai/logs?clinic=${t.ids.clinic}&feedback=down`)).json();
    expect(logs.data.map((row: { id: number }) => row.id)).toContain(conversationId);
    expect(logs.data.find((row: { id: number }) => row.id === conversationId)).toMatchObject({ down: 1, questions: 1, userId: t.ids.patient });
    const read = (await r.send("admin", "GET", `/api/ai/logs/${conversationId}`)).json();
    expect(read.messages).toHaveLength(2);
    const audit = await count(sql`select count(*)::int as n from audit_events where action = 'ai.conversation.read' and subject_user_id = ${t.ids.patient}`);
    expect(audit).toBeGreaterThan(0);

    const exported = await r.send("admin", "GET", `/api/ai/logs/export?clinic=${t.ids.clinic}&format=csv`);
    expect(exported.headers["content-disposition"]).toContain("assistant-conversations-");
    expect(exported.body).toContain("Opening hours?");

    const conversations = await count(sql`select count(*)::int as n from ai_conversations`);
    const consoled = eventsOf(await r.send("admin", "POST", "/api/ai/console", { clinicId: t.ids.clinic, question: "Opening hours?" }));
    expect(consoled.at(-1)).toMatchObject({ type: "done", answer: { mode: "retrieval" } });
    expect(await count(sql`select count(*)::int as n from ai_conversations`)).toBe(conversations);
  });

  it("names only clinics that exist, and keeps each FAQ in its scope", async () => {
    expect((await r.send("admin", "GET", `/api/ai/settings?clinic=${t.ids.patient}`)).statusCode).toBe(404);
    const id = await faq(null, "Platform question", "Platform answer.");
    const moved = await r.send("admin", "PUT", `/api/ai/faqs/${id}`, {
      clinicId: t.ids.clinic,
      language: "en",
      audience: "everyone",
      question: "Q",
      answer: "A",
    });
    expect(moved.statusCode).toBe(404);
    const bad = await r.send("admin", "PUT", "/api/ai/settings", {
      ...settings(t.ids.clinic),
      provider: { baseUrl: "ftp://x", model: "m", embeddingModel: "" },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("embeddings", () => {
  it("the job embeds the scope's documents and retrieval finds by meaning as well as by words", async () => {
    await save(settings(t.ids.clinic, { provider: { baseUrl: fake.url, model: FAKE_CHAT_MODEL, embeddingModel: FAKE_EMBEDDING_MODEL, apiKey: null } }));
    await faq(t.ids.clinic, "Dizziness diary", "Write down each dizzy spell in the diary.");
    expect(await t.app.jobs.drain("ai.embed")).toBeGreaterThan(0);
    const state = (await r.send("admin", "GET", `/api/ai/settings?clinic=${t.ids.clinic}`)).json().index;
    expect(state.embedded).toBeGreaterThan(0);
    const call = fake.requests.find((request) => request.path === "/v1/embeddings");
    expect(call?.authorization).toBeUndefined();
    const { answer } = await ask("therapist", "dizzy diary");
    expect(answer?.sources.map((source) => source.title)).toContain("Dizziness diary");
  });
});
