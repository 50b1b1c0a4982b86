import { type AiFaq, type AiLogConversation, type AiLogRow, type AiMessage, type AiSettings, type AiUsage, aiFaqInputSchema, type Paged } from "@clinic/shared";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { exportButtonsOf, renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { AiAdminPage } from "./AiAdminPage.tsx";
import { aiAdminText, createFaq, faqsKey, formatCost, LOGS_PATH, LOGS_RESOURCE, saveSettings, settingsKey, usageKey } from "./api.ts";
import { consoleReducer, IDLE_CONSOLE } from "./console.ts";
import { FaqsTab } from "./FaqsTab.tsx";
import { faqValues } from "./FaqDialog.tsx";
import { LogConversationView } from "./LogDialog.tsx";
import { LogsTab } from "./LogsTab.tsx";
import { SettingsTab } from "./SettingsTab.tsx";
import { clinicOf, tabOf } from "./scope.ts";
import { placeSettingsErrors, type SettingsValues, settingsBody, settingsResolver, settingsValues } from "./settings-form.ts";
import { UsageFigures } from "./UsageTab.tsx";

/** The AI chat's administration rendered to HTML with its data in the query cache; its calls with a mocked fetch. */
const i18n = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(i18n);
  await initTestI18n(spanish, "es");
});
afterEach(() => vi.unstubAllGlobals());

const admin = testSession({ isAdmin: true, flags: { clinic: true, widget_chat_ai: true } });
const clinic = "0b9c7a4e-8d2f-4c1a-9e3b-5f6a7b8c9d0e";
const texts = { wholeNumber: "Write a whole number.", price: "Write a price." };

const settings = (values: Partial<AiSettings> = {}): AiSettings => ({
  clinicId: clinic,
  provider: { baseUrl: "https://api.openai.com/v1", model: "gpt-4o-mini", embeddingModel: "text-embedding-3-small", hasApiKey: true, hosted: true },
  allowPatientData: false,
  systemPrompt: "Be warm and brief.",
  sources: ["activity", "faq", "page"],
  perUserPerHour: 30,
  perClinicPerDay: 1000,
  maxAnswerTokens: 600,
  timeoutSeconds: 30,
  emergencyPhone: "+34 900 100 200",
  inputCentsPerMillion: 15,
  outputCentsPerMillion: 60,
  index: { documents: { activity: 12, faq: 3, page: 4 }, embedded: 17 },
  updatedAt: "2026-03-02T10:00:00.000Z",
  ...values,
});

const answer = (id: number, values: Partial<AiMessage> = {}): AiMessage => ({
  id,
  role: "assistant",
  content: "Do the balance exercises twice a day [1].",
  mode: "model",
  sources: [{ kind: "activity", id: 4, title: "Balance board", url: "/activities/4", excerpt: "Twice a day" }],
  notice: null,
  feedback: null,
  createdAt: "2026-03-02T10:00:05.000Z",
  ...values,
});

const requestsOf = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map((call) => {
    const [path, init] = call as unknown as [string, RequestInit];
    return { path, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined };
  });

describe("the AI chat's settings", () => {
  const renderSettings = (value: AiSettings, i18nInstance = i18n) =>
    renderHtml(<SettingsTab clinicId={clinic} />, { i18n: i18nInstance, session: admin, cache: [[[...settingsKey(clinic)], value]] });

  it("load into the form: the provider, limits and prices as typed text, the key field empty", () => {
    const values = settingsValues(settings(), "en");
    expect(values.providerOn).toBe(true);
    expect(values.provider).toEqual({ baseUrl: "https://api.openai.com/v1", model: "gpt-4o-mini", embeddingModel: "text-embedding-3-small", apiKey: "" });
    expect(values.perUserPerHour).toBe("30");
    expect(values.inputCentsPerMillion).toBe("0.15");
    expect(settingsValues(settings(), "es").outputCentsPerMillion).toBe("0,60");
    expect(settingsValues(settings({ provider: null }), "en").providerOn).toBe(false);
  });

  it("say a key is saved without ever showing one, warn of a hosted provider, and show the index", () => {
    const html = renderSettings(settings());
    const text = textOf(html);
    expect(text).toContain("A key is saved");
    expect(text).toContain("Remove key");
    expect(text).toContain("A hosted provider");
    expect(text).toContain("Allow patient data to be sent to the provider");
    expect(text).toContain("The safety rules always come first");
    expect(text).toContain("https://api.openai.com/v1 · Ollama: http://127.0.0.1:11434/v1");
    // The key's field is a password field that starts empty: nothing the server sent can fill it.
    const keyInput = html.match(/<input[^>]*data-testid="ai-api-key"[^>]*>/)?.[0] ?? "";
    expect(keyInput).toContain('type="password"');
    expect(keyInput).toContain('autoComplete="new-password"');
    expect(keyInput).not.toMatch(/value="[^"]/);
    for (const kind of ["Activities", "Recommendations", "Forms", "Pages", "FAQs"]) expect(text).toContain(kind);
    expect(text).toContain("Re-index");
    expect(text).toContain("17 of 19 documents have an embedding");
    expect(textOf(renderSettings(settings(), spanish))).toContain("Hay una clave guardada");
  });

  it("explain retrieval-only mode when no model is set, and offer no key to remove", () => {
    const text = textOf(renderSettings(settings({ provider: null, updatedAt: null })));
    expect(text).toContain("retrieval-only mode");
    expect(text).toContain("these are the defaults");
    expect(text).not.toContain("Remove key");
  });

  it("send the API key only when typed, null to remove it, and nothing of it with the key untouched", async () => {
    const values = settingsValues(settings(), "en");
    const untouched = settingsBody(values, clinic, texts).payload;
    expect(untouched.provider).toEqual({ baseUrl: "https://api.openai.com/v1", model: "gpt-4o-mini", embeddingModel: "text-embedding-3-small" });
    expect(untouched.provider && "apiKey" in untouched.provider).toBe(false);
    const typed = settingsBody({ ...values, provider: { ...values.provider, apiKey: "  sk-new  " } }, clinic, texts).payload;
    expect(typed.provider?.apiKey).toBe("sk-new");
    const removed = settingsBody({ ...values, removeKey: true }, clinic, texts).payload;
    expect(removed.provider?.apiKey).toBeNull();
    expect(settingsBody({ ...values, providerOn: false }, clinic, texts).payload.provider).toBeNull();
    expect(untouched).toMatchObject({
      clinicId: clinic,
      perUserPerHour: 30,
      inputCentsPerMillion: 15,
      outputCentsPerMillion: 60,
      sources: ["activity", "page", "faq"],
    });

    const fetch = vi.fn(async () => new Response(JSON.stringify(settings()), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    await saveSettings(untouched);
    await saveSettings(typed);
    await saveSettings(removed);
    const sent = requestsOf(fetch);
    expect(sent.map((one) => [one.path, one.method])).toEqual([
      ["/api/ai/settings", "PUT"],
      ["/api/ai/settings", "PUT"],
      ["/api/ai/settings", "PUT"],
    ]);
    expect(Object.hasOwn(sent[0]?.body.provider, "apiKey")).toBe(false);
    expect(sent[1]?.body.provider.apiKey).toBe("sk-new");
    expect(sent[2]?.body.provider.apiKey).toBeNull();
  });

  it("check the form as the server will: an address, whole numbers, prices", async () => {
    const values: SettingsValues = { ...settingsValues(settings(), "en"), perUserPerHour: "1.5", inputCentsPerMillion: "abc" };
    values.provider = { ...values.provider, baseUrl: "ftp://example.com" };
    const resolver = settingsResolver(clinic, () => texts);
    const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = result.errors as Record<string, unknown> & { provider?: { baseUrl?: { message: string } } };
    expect(errors.provider?.baseUrl?.message).toBe("Write an address that starts with http:// or https://.");
    expect((errors.perUserPerHour as { message: string }).message).toBe("Write a whole number.");
    expect((errors.inputCentsPerMillion as { message: string }).message).toBe("Write a price.");
    expect(aiAdminText(spanish.t, "Write an address that starts with http:// or https://.")).toBe("Escribe una dirección que empiece por http:// o https://.");
  });

  it("put the server's field errors on their fields, and the rest in the form's alert", () => {
    const setError = vi.fn();
    const rest = placeSettingsErrors(setError, {
      "provider.baseUrl": ["Write an address that starts with http:// or https://."],
      "provider.apiKey": ["Too big"],
      perClinicPerDay: ["Too small"],
      "sources.1": ["Invalid option"],
      clinicId: ["This clinic does not exist."],
    });
    expect(setError.mock.calls.map(([field, error]) => [field, error.message])).toEqual([
      ["provider.baseUrl", "Write an address that starts with http:// or https://."],
      ["provider.apiKey", "Too big"],
      ["perClinicPerDay", "Too small"],
      ["sources", "Invalid option"],
    ]);
    expect(rest).toEqual(["This clinic does not exist."]);
  });
});

describe("the FAQs", () => {
  const faq: AiFaq = {
    id: 5,
    clinicId: clinic,
    language: "es",
    audience: "staff",
    question: "¿Cuándo abre la clínica?",
    answer: "De 9 a 17.",
    updatedAt: "2026-03-01T09:00:00.000Z",
  };

  it("list the scope's FAQs with their language and audience", () => {
    const text = textOf(renderHtml(<FaqsTab clinicId={clinic} />, { i18n, session: admin, cache: [[[...faqsKey(clinic)], [faq]]] }));
    expect(text).toContain("Add FAQ");
    expect(text).toContain("¿Cuándo abre la clínica?");
    expect(text).toContain("Spanish");
    expect(text).toContain("Staff only");
  });

  it("add one to the scope (POST /api/ai/faqs)", async () => {
    const values = { ...faqValues(null, clinic, "es"), question: "Where do I park?", answer: "Behind the building." };
    expect(values).toMatchObject({ clinicId: clinic, language: "es", audience: "everyone" });
    expect(aiFaqInputSchema.safeParse(values).success).toBe(true);
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ...faq, id: 6 }), { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    await createFaq(values);
    expect(requestsOf(fetch)).toEqual([{ path: "/api/ai/faqs", method: "POST", body: values }]);
  });
});

describe("the conversation logs", () => {
  const row: AiLogRow = {
    id: 9,
    title: "Balance exercises",
    userId: "u7",
    userName: "Lucía Gómez",
    questions: 3,
    up: 2,
    down: 1,
    updatedAt: "2026-03-02T10:00:00.000Z",
  };
  const page: Paged<AiLogRow> = { data: [row], page: 1, total: 1 };

  it("list who asked, how many questions, the thumbs, with their exports", () => {
    const html = renderHtml(<LogsTab clinicId={clinic} />, {
      i18n,
      session: admin,
      cache: [[[LOGS_RESOURCE, LOGS_PATH, `page=1&rowsPerPage=10&clinic=${clinic}`], page]],
    });
    const text = textOf(html);
    for (const shown of ["Balance exercises", "Lucía Gómez", "Last activity", "All conversations"]) expect(text).toContain(shown);
    expect(text).toMatch(/3\s+2\s+1/);
    expect(exportButtonsOf(html, "Export the conversations")).toEqual(["CSV", "XLSX"]);
  });

  it("show a conversation: the question, the answer as safe Markdown with its sources and its rating", () => {
    const log: AiLogConversation = {
      ...row,
      messages: [
        { ...answer(1), role: "user", content: "How often?", mode: null, sources: [] },
        answer(2, { feedback: "up", content: 'Twice a day. <img src=x onerror="alert(1)">' }),
        { ...answer(3, { mode: "failed", notice: "timeout", content: "", sources: [], feedback: "down" }) },
      ],
    };
    const html = renderHtml(<LogConversationView log={log} />, { i18n, session: admin });
    const text = textOf(html);
    expect(text).toContain("How often?");
    expect(text).toContain("Twice a day.");
    expect(html).not.toMatch(/<img|<[^>]*\sonerror=/);
    expect(text).toContain("Balance board");
    expect(text).toContain("Rated helpful");
    expect(text).toContain("Rated not helpful");
    expect(text).toContain("The assistant took too long to answer");
    expect(text).toContain("Lucía Gómez");
  });
});

describe("the usage", () => {
  const usage: AiUsage = {
    since: "2026-02-01",
    to: "2026-02-02",
    days: [
      { day: "2026-02-01", questions: 4, tokensIn: 12_345, tokensOut: 2_000, costCents: 0.3052 },
      { day: "2026-02-02", questions: 1, tokensIn: 800, tokensOut: 100, costCents: 0.018 },
    ],
    users: [{ userId: "u7", userName: "Lucía Gómez", questions: 5, tokensIn: 13_145, tokensOut: 2_100, costCents: 0.3232 }],
    totals: { questions: 5, tokensIn: 13_145, tokensOut: 2_100, costCents: 0.3232 },
  };

  it("show the totals, the days and the users with token counts and estimated costs", () => {
    const text = textOf(renderHtml(<UsageFigures usage={usage} />, { i18n, session: admin }));
    for (const shown of ["13,145", "2,100", "12,345", "$0.0032", "$0.00018", "Lucía Gómez", "Estimated cost", "2026-02-02"]) expect(text).toContain(shown);
    expect(textOf(renderHtml(<UsageFigures usage={usage} />, { i18n: spanish, session: admin }))).toContain("Coste estimado");
  });

  it("write costs below a cent with the figures they have", () => {
    expect(formatCost(1.2, "en")).toBe("$0.012");
    expect(formatCost(0, "en")).toBe("$0.00");
    expect(formatCost(125, "en")).toBe("$1.25");
    expect(formatCost(50, "en")).toBe("$0.50");
    expect(formatCost(0.035, "en")).toBe("$0.00035");
    expect(formatCost(1.2, "es")).toMatch(/^0,012\s?US\$$/);
  });

  it("is shown on the page for the scope and range in its address", () => {
    const html = renderHtml(<AiAdminPage />, {
      i18n,
      session: admin,
      url: `/ai/app?clinic=${clinic}&tab=usage&since=2026-02-01&to=2026-02-02`,
      cache: [[[...usageKey(clinic, "2026-02-01", "2026-02-02")], usage]],
    });
    expect(html).toMatch(/<button[^>]*aria-selected="true"[^>]*>Usage/);
    expect(html).toMatch(/<input[^>]*value="clinic"[^>]*checked=""|<input[^>]*checked=""[^>]*value="clinic"/);
    expect(textOf(html)).toContain("$0.0032");
  });
});

describe("the screen", () => {
  it("starts on the platform's settings, its tabs in the address", () => {
    const html = renderHtml(<AiAdminPage />, { i18n, session: admin, url: "/ai/app", cache: [[[...settingsKey(null)], settings({ clinicId: null })]] });
    const text = textOf(html);
    expect(text).toContain("Platform (users of no clinic)");
    for (const tab of ["Settings", "FAQs", "Conversations", "Usage", "Test console"]) expect(text).toContain(tab);
    expect(html).toMatch(/<input[^>]*value="platform"[^>]*checked=""|<input[^>]*checked=""[^>]*value="platform"/);
    expect(text).toContain("A key is saved");
    expect(tabOf("console")).toBe("console");
    expect(tabOf("nonsense")).toBe("settings");
    expect(clinicOf(clinic)).toBe(clinic);
    expect(clinicOf("42")).toBeNull();
  });
});

describe("the test console", () => {
  it("builds the answer from the stream, with no start event (nothing is stored)", () => {
    let state = consoleReducer(IDLE_CONSOLE, { type: "ask", question: "When do you open?" });
    const events = [
      { type: "sources", sources: [{ kind: "faq", id: 2, title: "Opening hours", url: null, excerpt: "9 to 5" }] },
      { type: "delta", text: "From 9 " },
      { type: "delta", text: "to 5 [1]." },
    ];
    for (const payload of events) state = consoleReducer(state, { type: "event", payload });
    expect(state).toMatchObject({ status: "writing", mode: "model", content: "From 9 to 5 [1]." });
    expect(state.sources.map((source) => source.title)).toEqual(["Opening hours"]);
    state = consoleReducer(state, { type: "event", payload: { type: "done", answer: answer(0, { content: "From 9 to 5 [1].", sources: [] }) } });
    expect(state).toMatchObject({ status: "done", mode: "model", content: "From 9 to 5 [1]." });
    expect(state.sources).toHaveLength(1);

    const failed = consoleReducer(consoleReducer(IDLE_CONSOLE, { type: "ask", question: "q" }), {
      type: "event",
      payload: { type: "error", code: "timeout", message: "", answer: null },
    });
    expect(failed).toMatchObject({ status: "done", mode: "failed", notice: "timeout" });
    const cut = consoleReducer(consoleReducer(IDLE_CONSOLE, { type: "ask", question: "q" }), { type: "interrupted" });
    expect(cut.status).toBe("interrupted");
  });
});
