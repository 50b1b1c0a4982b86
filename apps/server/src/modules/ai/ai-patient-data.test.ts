import type { AiSettingsInput, AiStreamEvent } from "@clinic/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { assignActivity, makeActivity } from "../../../test/factories.ts";
import { FAKE_CHAT_MODEL, type OpenAiFake, startOpenAiFake } from "../../../test/openai-fake.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";
import { loadActor } from "../../platform/access.ts";
import { prepareAsk, streamAnswer } from "./ai-answer.ts";
import { type AiDeps, aiDepsOf } from "./ai-scope.ts";

/**
 * No patient data goes to a hosted provider unless the admin allows it (issue 42.5). The fake
 * runs on this machine, which counts as on site: here the answering service takes every address
 * for hosted.
 */

let t: TestApp;
let r: RoleCalls;
let fake: OpenAiFake;
let hosted: AiDeps;

beforeAll(async () => {
  fake = await startOpenAiFake();
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,widget_chat_ai" } });
  r = await signInRoles(t);
  hosted = { ...aiDepsOf(t.app), isLocalEndpoint: () => false };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const settings = (allowPatientData: boolean): AiSettingsInput => ({
  clinicId: t.ids.clinic,
  provider: { baseUrl: fake.url, model: FAKE_CHAT_MODEL, embeddingModel: "", apiKey: "sk-hosted-0123456789" },
  allowPatientData,
  systemPrompt: "",
  sources: ["activity", "recommendation", "form", "page", "faq"],
  perUserPerHour: 30,
  perClinicPerDay: 1000,
  maxAnswerTokens: 600,
  timeoutSeconds: 30,
  emergencyPhone: "",
  inputCentsPerMillion: 0,
  outputCentsPerMillion: 0,
});

/** What the model was sent for one question of the demo patient. */
async function sentFor(question: string) {
  fake.requests.length = 0;
  const actor = await loadActor(t.db, t.ids.patient);
  if (!actor) throw new Error("no demo patient");
  const events: AiStreamEvent[] = [];
  await streamAnswer(hosted, await prepareAsk(hosted, actor, { question }), (event) => events.push(event), new AbortController().signal);
  expect(events.at(-1)?.type).toBe("done");
  const call = fake.requests.find((request) => request.path === "/v1/chat/completions");
  const messages = call?.body.messages as { role: string; content: string }[];
  return { system: messages[0]?.content ?? "", question: messages.at(-1)?.content ?? "" };
}

describe("patient data and a hosted provider", () => {
  it("sends neither the patient's assignments nor their contact details unless the admin allows it", async () => {
    const drill = await makeActivity(t.db, { clinicId: t.ids.clinic, name: "Labyrinthine gaze drill", description: "Labyrinthine gaze steps." });
    await assignActivity(t.db, { activityId: drill.id, patientId: t.ids.patient });
    const faq = await r.send("admin", "POST", "/api/ai/faqs", {
      clinicId: t.ids.clinic,
      language: "en",
      audience: "everyone",
      question: "Labyrinthine exercises at home",
      answer: "Do them seated first.",
    });
    expect(faq.statusCode).toBe(201);

    expect((await r.send("admin", "PUT", "/api/ai/settings", settings(false))).statusCode).toBe(200);
    const held = await sentFor("Labyrinthine drill? Call me on +34 600 123 456 or ana@example.com");
    expect(held.system).toContain("Labyrinthine exercises at home");
    expect(held.system).not.toContain("Labyrinthine gaze drill");
    expect(held.question).toBe("Labyrinthine drill? Call me on [number] or [email]");

    expect((await r.send("admin", "PUT", "/api/ai/settings", settings(true))).statusCode).toBe(200);
    const allowed = await sentFor("Labyrinthine drill? Call me on +34 600 123 456");
    expect(allowed.system).toContain("Labyrinthine gaze drill");
    expect(allowed.question).toBe("Labyrinthine drill? Call me on +34 600 123 456");
  });
});
