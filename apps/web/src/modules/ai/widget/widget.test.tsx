import {
  AI_ASSISTANT_TEXTS,
  AI_LIMITS,
  AI_MESSAGES,
  type AiConversationSummary,
  type AiMessage,
  type AiSource,
  type AiStreamEvent,
  GROUP,
} from "@clinic/shared";
import { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api.ts";
import { streamEvents } from "../../../lib/stream-events.ts";
import { describeFailure } from "../../../lib/notices.tsx";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { conversationTitle, Welcome } from "./AiChatPanel.tsx";
import { linkTarget } from "./AnswerMarkdown.tsx";
import { aiMessageText, conversationsKey, deleteAllConversations, deleteConversation, dropConversation, nextFeedback, refusalOf, sendFeedback } from "./api.ts";
import { askQuestion } from "./ask.ts";
import { type ChatAction, type ChatState, chatReducer, EMPTY_CHAT, streamEventOf } from "./chat-state.ts";
import { COUNTER_FROM, Composer, sendable, sendsOnEnter } from "./Composer.tsx";
import { AiChatLauncher } from "./launcher/AiChatLauncher.tsx";
import { announcementOf, MessageList } from "./MessageList.tsx";
import { PanelHeader } from "./PanelHeader.tsx";

/**
 * The AI widget without a browser (the web tests render to HTML): the ask's stream through a
 * mocked fetch into the conversation's reducer, and what each state renders.
 */
const i18n = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(i18n);
  await initTestI18n(spanish, "es");
});
afterEach(() => vi.unstubAllGlobals());

const flags = { clinic: true, widget_chat_ai: true };
const patient = testSession({ group: GROUP.patient, codenames: ["is_patient"], flags });
const staff = testSession({ group: GROUP.clinic, flags });

const message = (id: number, values: Partial<AiMessage> = {}): AiMessage => ({
  id,
  role: "assistant",
  content: `Answer ${id}`,
  mode: "model",
  sources: [],
  notice: null,
  feedback: null,
  createdAt: "2026-03-02T10:00:00.000Z",
  ...values,
});
const question = (id: number, content: string) => message(id, { role: "user", content, mode: null });

const sources: AiSource[] = [
  { kind: "activity", id: 3, title: "Balance game", url: "/manager/patient/activities/3", excerpt: "Stand on one foot." },
  { kind: "page", id: 9, title: "Our clinic", url: "https://clinic.example/p/about", excerpt: "Who we are." },
  { kind: "faq", id: 4, title: "How long is a session?", url: null, excerpt: "A session lasts 45 minutes." },
];

/** A text/event-stream answer, written in chunks cut anywhere (mid-line, mid-character), as a network delivers it. */
function sse(lines: string, cuts = 7): Response {
  const bytes = new TextEncoder().encode(lines);
  const size = Math.max(1, Math.ceil(bytes.length / cuts));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
}
const eventsOf = (events: unknown[]) => events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("");
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Asks through the real stream reader and reducer; every state the panel would have rendered, in order. */
async function ask(answer: Response, text: string, from: ChatState = EMPTY_CHAT) {
  const fetch = vi.fn(async () => answer);
  vi.stubGlobal("fetch", fetch);
  let state = from;
  const states: ChatState[] = [];
  const dispatch = (action: ChatAction) => {
    state = chatReducer(state, action);
    states.push(state);
  };
  const outcome = await askQuestion(
    { question: text, ...(from.conversationId ? { conversationId: from.conversationId } : {}) },
    dispatch,
    new AbortController().signal,
  );
  const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  return { outcome, states, state, call: { path, method: init.method, body: JSON.parse(String(init.body)) } };
}

const renderList = (state: ChatState, language = i18n) =>
  renderHtml(<MessageList entries={state.entries} streaming={state.streaming} feedbackFor={() => ({ busy: false, onPress: () => undefined })} />, {
    i18n: language,
    session: patient,
  });

const started = (id = 11): AiStreamEvent => ({ type: "start", conversationId: 5, question: question(id, "How do I train balance?"), mode: "model" });

describe("the assistant's button", () => {
  it("is in the shell for signed-in patients and staff while the module is on, with an accessible name", () => {
    for (const session of [patient, staff]) {
      const html = renderHtml(<AiChatLauncher session={session} />, { i18n, session });
      expect(html).toContain('aria-label="Ask the assistant"');
      expect(html).toContain('aria-expanded="false"');
    }
    expect(renderHtml(<AiChatLauncher session={patient} />, { i18n: spanish, session: patient })).toContain('aria-label="Preguntar al asistente"');
    const off = testSession({ group: GROUP.patient, codenames: ["is_patient"], flags: { clinic: true } });
    expect(renderHtml(<AiChatLauncher session={off} />, { i18n, session: off })).toBe("");
  });
});

describe("an answer", () => {
  it("streams in live, then shows the stored answer with its sources as links", async () => {
    const answer = message(12, { content: "Do the **balance** game daily [1].", sources });
    const { outcome, states, state, call } = await ask(
      sse(
        `: keep-alive\n\n${eventsOf([
          started(),
          { type: "sources", sources },
          { type: "delta", text: "Do the **bal" },
          { type: "delta", text: "ance** game daily [1]." },
          { type: "done", answer },
        ])}`,
      ),
      "How do I train balance?",
    );
    expect(call).toEqual({ path: "/api/ai/ask", method: "POST", body: { question: "How do I train balance?" } });
    expect(outcome).toEqual({ kind: "answered" });

    // The question shows at once, before the server has answered.
    expect(textOf(renderList(states[0] as ChatState))).toContain("How do I train balance?");
    // Mid-stream: the text so far, as Markdown, marked busy, no thumbs yet.
    const live = states.find((one) => one.entries.some((entry) => entry.kind === "live" && entry.content === "Do the **bal")) as ChatState;
    expect(live.streaming).toBe(true);
    const liveHtml = renderList(live);
    expect(textOf(liveHtml)).toContain("Do the **bal");
    expect(liveHtml).toContain('aria-busy="true"');
    expect(liveHtml).not.toContain('aria-label="Helpful"');

    // Done: the stored answer, its sources numbered, each a link (in the app, or a new tab), a FAQ opening in place.
    expect(state.streaming).toBe(false);
    expect(state.conversationId).toBe(5);
    expect(state.entries.map((entry) => entry.kind)).toEqual(["message", "message"]);
    const html = renderList(state);
    const text = textOf(html);
    expect(html).toContain("<strong>balance</strong>");
    expect(text).toContain("Sources");
    expect(html).toMatch(/<a[^>]*href="\/manager\/patient\/activities\/3"[^>]*>.*Balance game/);
    expect(html).toMatch(/<a[^>]*href="https:\/\/clinic.example\/p\/about"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/);
    expect(text).toContain("opens in a new tab");
    expect(html).toMatch(/<details[^>]*><summary>.*How long is a session\?.*<\/summary>.*A session lasts 45 minutes\./);
    expect(text).toContain("Activity");
    expect(text).toContain("FAQ");
    expect(html).toContain('aria-label="Helpful"');
    expect(announcementOf(state.entries, i18n.t)).toBe("The assistant answered: Do the balance game daily [1].");

    // The next question continues the conversation.
    const next = await ask(
      sse(
        eventsOf([
          { ...started(13), question: question(13, "And after?") },
          { type: "done", answer: message(14) },
        ]),
      ),
      "And after?",
      state,
    );
    expect(next.call.body).toEqual({ conversationId: 5, question: "And after?" });
    expect(next.state.entries).toHaveLength(4);
  });

  it("says when no model wrote it, and shows an emergency answer as an error", async () => {
    const said = AI_ASSISTANT_TEXTS.en.retrieval.replace("{passages}", "**[1] Hours**");
    const retrieval = renderList({
      ...EMPTY_CHAT,
      entries: [{ kind: "message", key: "a", message: message(1, { mode: "retrieval", content: said, notice: "noModel" }) }],
    });
    // The answer says it (the server wrote it in the user's language), once.
    expect(textOf(retrieval).split("No AI model is configured")).toHaveLength(2);
    const emergency = renderList({
      ...EMPTY_CHAT,
      entries: [{ kind: "message", key: "a", message: message(2, { mode: "emergency", content: "Call 112 now." }) }],
    });
    expect(emergency).toMatch(/MuiAlert-colorError[^>]*role="alert"|role="alert"[^>]*MuiAlert-colorError/);
    expect(textOf(emergency)).toContain("Call 112 now.");
    const cut = renderList({ ...EMPTY_CHAT, entries: [{ kind: "message", key: "a", message: message(3, { notice: "truncated" }) }] }, spanish);
    expect(textOf(cut)).toContain("La respuesta se cortó al llegar a su longitud máxima.");
  });
});

describe("markup in a question or an answer", () => {
  const attack = `<script>alert("x")</script> Hi <img src=x onerror="alert(1)"> [click](javascript:alert(1)) ![t](https://evil.example/t.png)`;

  it("shows as text and makes no element, live or stored", async () => {
    const { state, states } = await ask(
      sse(
        eventsOf([
          { ...started(), question: question(11, attack) },
          { type: "delta", text: attack },
          { type: "done", answer: message(12, { content: attack }) },
        ]),
      ),
      attack,
    );
    for (const one of [states[0] as ChatState, states[2] as ChatState, state]) {
      const html = renderList(one);
      expect(html).not.toMatch(/<script|<img|<[^>]*\sonerror=|href="javascript/i);
      expect(html).toContain("&lt;script&gt;");
    }
    const html = renderList(state);
    // The question as typed and the answer's HTML, both as the text they are; the image as its description only, never fetched.
    expect(html.split("&lt;script&gt;alert(").length - 1).toBe(2);
    expect(html.split("&lt;img src=x onerror=").length - 1).toBe(2);
    expect(html).not.toMatch(/(?:src|href)="[^"]*evil\.example/);
  });

  it("keeps only http(s) and in-app addresses as links", () => {
    expect(linkTarget("/manager/patient/activities/3")).toEqual({ kind: "internal", to: "/manager/patient/activities/3" });
    expect(linkTarget("https://x.example/a")).toEqual({ kind: "external", href: "https://x.example/a" });
    expect(linkTarget("https://app.example/forms/2?x=1", "https://app.example")).toEqual({ kind: "internal", to: "/forms/2?x=1" });
    for (const bad of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,x", "vbscript:x", "mailto:a@b.c", "", null])
      expect(linkTarget(bad)).toBeNull();
  });
});

describe("a failed answer", () => {
  it("shows the error event's message, translated, and the conversation goes on", async () => {
    const { outcome, state } = await ask(
      sse(eventsOf([started(), { type: "delta", text: "Part of" }, { type: "error", code: "timeout", message: AI_MESSAGES.timeout, answer: null }])),
      "How do I train balance?",
    );
    expect(outcome).toEqual({ kind: "answered" });
    expect(state.streaming).toBe(false);
    const html = renderList(state);
    expect(html).toContain('role="alert"');
    expect(textOf(html)).toContain(AI_MESSAGES.timeout);
    expect(textOf(html)).toContain("Part of");
    expect(textOf(renderList(state, spanish))).toContain("El asistente tardó demasiado en responder.");
    expect(announcementOf(state.entries, i18n.t)).toBe(AI_MESSAGES.timeout);

    // The composer is usable again: it sends a typed question, and the next one is answered.
    const composer = renderHtml(
      <Composer value="Try again" onChange={() => undefined} onSend={() => undefined} onStop={() => undefined} streaming={state.streaming} />,
      {
        i18n,
      },
    );
    expect(composer).toMatch(/<button[^>]*aria-label="Send"(?![^>]*disabled)/);
    const next = await ask(
      sse(
        eventsOf([
          { ...started(13), question: question(13, "Try again") },
          { type: "done", answer: message(14) },
        ]),
      ),
      "Try again",
      state,
    );
    expect(next.call.body.conversationId).toBe(5);
    expect(textOf(renderList(next.state))).toContain("Answer 14");
  });

  it("with a stored answer shows it failed, and an unknown code as the provider failing", () => {
    const event = streamEventOf({ type: "error", code: "<b>boom</b>", message: "stack trace", answer: message(12, { content: "", mode: "failed" }) });
    expect(event).toMatchObject({ type: "error", code: "providerError" });
    const state = chatReducer(chatReducer(EMPTY_CHAT, { type: "event", event: started() }), { type: "event", event: event as AiStreamEvent });
    const text = textOf(renderList(state));
    expect(text).toContain(AI_MESSAGES.providerError);
    expect(text).not.toContain("stack trace");
  });

  it("tells a stream of garbage, or one cut short, as interrupted", async () => {
    const garbage = await ask(sse('data: {not json\n\n<html>502 Bad Gateway</html>\ndata: {"type":"delta","text":5}\n\n'), "Hello?");
    expect(garbage.outcome).toEqual({ kind: "interrupted" });
    expect(textOf(renderList(garbage.state))).toContain("Hello?");
    expect(textOf(renderList(garbage.state))).toContain("The answer was interrupted. Please try again.");
    const cut = await ask(sse(eventsOf([started(), { type: "delta", text: "Half an" }])), "Hello?");
    expect(cut.outcome).toEqual({ kind: "interrupted" });
    expect(textOf(renderList(cut.state))).toContain("Half an");
    expect(cut.state.streaming).toBe(false);
  });

  it("is stopped by the user: the text so far stays", async () => {
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        // The stream stays open: only the user's stop ends it.
        stream.enqueue(new TextEncoder().encode(eventsOf([started(), { type: "delta", text: "So far" }])));
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(body, { status: 200 })),
    );
    let state = EMPTY_CHAT;
    const running = askQuestion(
      { question: "Hi" },
      (action) => {
        state = chatReducer(state, action);
        if (action.type === "event" && action.event.type === "delta") controller.abort();
      },
      controller.signal,
    );
    expect(await running).toEqual({ kind: "stopped" });
    expect(state.streaming).toBe(false);
    const text = textOf(renderList(state));
    expect(text).toContain("So far");
    expect(text).toContain("Stopped.");
  });
});

describe("a question refused before any answer", () => {
  it("shows a 429's message, translated, and the question is not kept in the conversation", async () => {
    const { outcome, state } = await ask(json(429, { detail: AI_MESSAGES.rateLimitedUser }), "One more?");
    expect(outcome.kind).toBe("refused");
    expect(state.entries).toEqual([]);
    expect(state.streaming).toBe(false);
    const failure = (outcome as { failure: unknown }).failure;
    expect(failure).toBeInstanceOf(ApiError);
    expect(refusalOf(failure, i18n.t, (one) => describeFailure(one, i18n.t))).toBe(AI_MESSAGES.rateLimitedUser);
    expect(refusalOf(failure, spanish.t, (one) => describeFailure(one, spanish.t))).toBe(
      "Has hecho muchas preguntas en la última hora. Espera un poco y vuelve a intentarlo.",
    );
  });

  it("shows a 400's field message, a 404 and a server that cannot be reached as the notices do", async () => {
    const tooLong = await ask(json(400, { question: [AI_MESSAGES.questionTooLong] }), "x".repeat(20_000));
    const describe = (one: unknown) => describeFailure(one, i18n.t);
    expect(refusalOf((tooLong.outcome as { failure: unknown }).failure, spanish.t, describe)).toBe("Una pregunta tiene como máximo 4000 caracteres.");
    const gone = await ask(json(404, { detail: "Not found" }), "Hi");
    expect(refusalOf((gone.outcome as { failure: unknown }).failure, i18n.t, describe)).toMatch(/\(404\)$/);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const outcome = await askQuestion({ question: "Hi" }, () => undefined, new AbortController().signal);
    expect(outcome.kind).toBe("refused");
    expect(refusalOf((outcome as { failure: unknown }).failure, i18n.t, describe)).toBe(i18n.t("errors.status0"));
  });

  it("is caught in the composer first: nothing to send when empty or too long, a counter near the limit", () => {
    expect(sendable("   \n ")).toBe(false);
    expect(sendable("x".repeat(AI_LIMITS.question))).toBe(true);
    expect(sendable("x".repeat(20_000))).toBe(false);
    expect(sendsOnEnter({ key: "Enter", shiftKey: false })).toBe(true);
    expect(sendsOnEnter({ key: "Enter", shiftKey: true })).toBe(false);
    expect(sendsOnEnter({ key: "Enter", shiftKey: false, nativeEvent: { isComposing: true } })).toBe(false);
    const render = (value: string, streaming = false) =>
      renderHtml(<Composer value={value} onChange={() => undefined} onSend={() => undefined} onStop={() => undefined} streaming={streaming} />, { i18n });
    expect(render("")).toMatch(/<button[^>]*disabled[^>]*aria-label="Send"|<button[^>]*aria-label="Send"[^>]*disabled/);
    expect(textOf(render("Hi"))).not.toContain("characters");
    expect(textOf(render("x".repeat(COUNTER_FROM)))).toContain(`${COUNTER_FROM} / 4000 characters`);
    const over = textOf(render("x".repeat(20_000)));
    expect(over).toContain("20000 / 4000 characters");
    expect(over).toContain("A question has at most 4000 characters.");
    expect(render("Hi", true)).toContain('aria-label="Stop the answer"');
    expect(render("Hi", true)).not.toContain('aria-label="Send"');
  });
});

describe("feedback", () => {
  it("toggles: pressing a thumb sets it, pressing it again takes it back", async () => {
    expect(nextFeedback(null, "up")).toBe("up");
    expect(nextFeedback("up", "up")).toBeNull();
    expect(nextFeedback("up", "down")).toBe("down");
    const fetch = vi.fn(async () => json(200, message(12, { feedback: "up" })));
    vi.stubGlobal("fetch", fetch);
    const updated = await sendFeedback(12, nextFeedback(null, "up"));
    await sendFeedback(12, nextFeedback("up", "up"));
    const calls = fetch.mock.calls.map((one) => {
      const [path, init] = one as unknown as [string, RequestInit];
      return [path, init.method, JSON.parse(String(init.body))];
    });
    expect(calls).toEqual([
      ["/api/ai/messages/12/feedback", "PUT", { feedback: "up" }],
      ["/api/ai/messages/12/feedback", "PUT", { feedback: null }],
    ]);
    const before: ChatState = { ...EMPTY_CHAT, entries: [{ kind: "message", key: "m12", message: message(12) }] };
    expect(renderList(before)).toMatch(/aria-label="Helpful" aria-pressed="false"|aria-pressed="false"[^>]*aria-label="Helpful"/);
    const after = renderList(chatReducer(before, { type: "message", message: updated }));
    expect(after).toMatch(/aria-label="Helpful" aria-pressed="true"|aria-pressed="true"[^>]*aria-label="Helpful"/);
    expect(after).toMatch(/aria-label="Not helpful" aria-pressed="false"|aria-pressed="false"[^>]*aria-label="Not helpful"/);
    expect(after).toContain('role="group" aria-label="Was this answer helpful?"');
  });
});

describe("the user's conversations", () => {
  const rows: AiConversationSummary[] = [
    { id: 5, title: "Balance training", updatedAt: "2026-03-02T10:00:00.000Z" },
    { id: 6, title: "Opening hours", updatedAt: "2026-03-01T10:00:00.000Z" },
  ];
  const header = (currentId: number | null, busy = false) =>
    renderHtml(
      <PanelHeader
        titleId="t"
        conversations={rows}
        listFailed={false}
        currentId={currentId}
        busy={busy}
        onNew={() => undefined}
        onOpen={() => undefined}
        onDelete={() => undefined}
        onDeleteAll={() => undefined}
        onClose={() => undefined}
      />,
      { i18n },
    );
  const disabled = (html: string, label: string) =>
    new RegExp(`<button[^>]*disabled[^>]*aria-label="${label}"|<button[^>]*aria-label="${label}"[^>]*disabled`).test(html);

  it("are offered to go back to, in the header and on a new conversation", () => {
    const html = header(5);
    expect(html).toMatch(/<h2[^>]*id="t"/);
    for (const label of ["New conversation", "Your conversations", "Delete this conversation", "Close the assistant"])
      expect(html).toContain(`aria-label="${label}"`);
    expect(disabled(html, "Delete this conversation")).toBe(false);
    expect(disabled(header(null), "Delete this conversation")).toBe(true);
    expect(disabled(header(5, true), "Delete this conversation")).toBe(true);
    const welcome = textOf(renderHtml(<Welcome name="Ana" recent={rows} onOpen={() => undefined} />, { i18n }));
    expect(welcome).toContain("Hi Ana, how can I help?");
    expect(welcome).toContain("Balance training");
    expect(welcome).toContain("does not give medical advice");
  });

  it("are deleted after a question, one or all, and gone from the list and the screen", async () => {
    const entries: ChatState["entries"] = [{ kind: "message", key: "m1", message: question(1, "How do I train balance?") }];
    expect(conversationTitle(5, rows, entries)).toBe("Balance training");
    expect(conversationTitle(7, rows, entries)).toBe("How do I train balance?");
    expect(i18n.t("aiWidget.deleteOne.text", { title: "Balance training" })).toBe(
      "“Balance training” and all its questions and answers will be deleted. This cannot be undone.",
    );
    expect(spanish.t("aiWidget.deleteOne.title")).toBe("¿Eliminar esta conversación?");

    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    await deleteConversation(5);
    await deleteAllConversations();
    expect(fetch.mock.calls.map((one) => [(one as unknown as [string])[0], (one as unknown as [string, RequestInit])[1].method])).toEqual([
      ["/api/ai/conversations/5", "DELETE"],
      ["/api/ai/conversations", "DELETE"],
    ]);
    const client = new QueryClient();
    client.setQueryData(conversationsKey(patient.userId), rows);
    dropConversation(client, patient.userId, 5);
    expect(client.getQueryData(conversationsKey(patient.userId))).toEqual([rows[1]]);
    dropConversation(client, patient.userId, "all");
    expect(client.getQueryData(conversationsKey(patient.userId))).toEqual([]);
    const open: ChatState = { ...EMPTY_CHAT, conversationId: 5, entries };
    expect(chatReducer(open, { type: "reset" })).toMatchObject({ conversationId: null, entries: [] });
  });
});

describe("the stream reader (lib/stream-events.ts)", () => {
  it("reads data lines cut across chunks, CRLF, multi-line data and a last event without its blank line", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => sse(': hi\r\nevent: x\r\ndata: {"a":\r\ndata: 1}\r\n\r\ndata:{"b":"ü"}\n\nid: 3\ndata: {"c":true}', 13)),
    );
    const seen: unknown[] = [];
    for await (const event of streamEvents("/api/ai/ask", { question: "q" })) seen.push(event);
    expect(seen).toEqual([{ a: 1 }, { b: "ü" }, { c: true }]);
  });
});

describe("the texts", () => {
  it("translate every AI_MESSAGES key, in both languages", () => {
    for (const key of Object.keys(AI_MESSAGES)) {
      const english = aiMessageText(i18n.t, key);
      const spanishText = aiMessageText(spanish.t, key);
      expect(english, key).toBe(AI_MESSAGES[key as keyof typeof AI_MESSAGES]);
      expect(spanishText, key).not.toBe(english);
      expect(spanishText, key).not.toContain("aiWidget.");
    }
  });
});
