import { type CannedReply, type ChatConversation, type ChatMessage, type ChatMine, GROUP, type Paged } from "@clinic/shared";
import { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initTestI18n } from "../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../lib/test-render.tsx";
import { cannedKey, conversationsPath, sendAttachment, sendNote, sendTemplate, sendText } from "./api.ts";
import { ChatButton } from "./bar/ChatButton.tsx";
import { MessagesCard } from "./bar/MessagesCard.tsx";
import { matchingReplies } from "./conversation/CannedReplies.tsx";
import { Composer } from "./conversation/Composer.tsx";
import { variablesOf } from "./conversation/TemplateDialog.tsx";
import { chatText, listTime, sendsOnEnter, shortcutTyped, windowClosed } from "./format.ts";
import { InboxPage } from "./inbox/InboxPage.tsx";
import { CONVERSATIONS_KEY, conversationKey, MINE_KEY, messagesKey, UNREAD_KEY } from "./keys.ts";
import { PatientChatPage, patientTarget } from "./patient/PatientChatPage.tsx";

/** The messaging chat's screens rendered to HTML with their data in the query cache; its calls with a mocked fetch. */
const i18n = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(i18n);
  await initTestI18n(spanish, "es");
});
afterEach(() => vi.unstubAllGlobals());

const flags = { clinic: true, chat_whatsapp: true };
const agent = testSession({ group: GROUP.clinic, flags });
// A real patient's session holds is_patient among its codenames (their group's default permissions).
const patient = testSession({ group: GROUP.patient, codenames: ["is_patient"], flags });
const clinicId = "c1";
const hour = 3_600_000;

const conversation = (id: number, values: Partial<ChatConversation> = {}): ChatConversation => ({
  id,
  clinicId,
  channel: "whatsapp",
  status: "open",
  patient: { id: "p1", name: "Lucía Gómez" },
  contactName: "Lucía Gómez",
  contactPhone: "+34600123456",
  assignee: { id: "u2", name: "Beto Ruiz" },
  lastMessageAt: "2026-03-02T10:00:00.000Z",
  lastMessagePreview: "Can I move my appointment?",
  lastDirection: "in",
  unread: 2,
  windowClosesAt: new Date(Date.now() + 5 * hour).toISOString(),
  ...values,
});

const message = (id: number, values: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 7,
  direction: "out",
  kind: "text",
  body: `Message ${id}`,
  attachment: null,
  template: null,
  author: { id: "u1", name: "Ana Ruiz" },
  status: "sent",
  failureReason: null,
  createdAt: "2026-03-02T09:00:00.000Z",
  ...values,
});

const history: ChatMessage[] = [
  message(10, { direction: "in", author: null, body: "Can I move my appointment?" }),
  message(11, { body: "Queued one", status: "queued" }),
  message(12, { body: "Delivered one", status: "delivered" }),
  message(13, { body: "Read one", status: "read" }),
  message(14, { body: "Failed one", status: "failed", failureReason: "Message undeliverable (131026)" }),
  message(15, { direction: "note", body: "She prefers mornings" }),
  message(16, {
    kind: "image",
    body: "",
    attachment: { id: "8f9c4f3e-1b7a-4d25-9f5e-0c1d2e3f4a5b", url: "/api/uploads/x1", name: "scan.png", mime: "image/png", size: 10 },
  }),
  message(17, {
    kind: "audio",
    body: "",
    attachment: { id: "9f9c4f3e-1b7a-4d25-9f5e-0c1d2e3f4a5b", url: "/api/uploads/x2", name: "voice.ogg", mime: "audio/ogg", size: 10 },
  }),
];
const canned: CannedReply[] = [
  { id: 1, clinicId, shortcut: "hours", body: "We are open 9 to 5." },
  { id: 2, clinicId, shortcut: "address", body: "Calle Mayor 1." },
];
const page = (rows: ChatConversation[]): Paged<ChatConversation> => ({ data: rows, page: 1, total: rows.length });
const infinite = (data: ChatMessage[], hasMore = false) => ({ pages: [{ data, hasMore }], pageParams: [null] });

const inboxCache = (open: ChatConversation): [unknown[], unknown][] => [
  [
    [...CONVERSATIONS_KEY, "all", "", 50],
    page([open, conversation(8, { channel: "app", contactName: "Marco Díaz", unread: 0, assignee: null, windowClosesAt: null })]),
  ],
  [[...conversationKey(open.id)], open],
  [[...messagesKey(open.id)], infinite(history, true)],
  [cannedKey(clinicId), canned],
  [["chat-agents", clinicId], [{ id: "u2", name: "Beto Ruiz" }]],
];
const renderInbox = (open: ChatConversation) =>
  renderHtml(<InboxPage />, {
    i18n,
    session: agent,
    cache: inboxCache(open),
    url: `/chat-whatsapp/app/${open.id}`,
    path: "/chat-whatsapp/app/:conversationId",
  });

describe("the inbox", () => {
  it("lists the conversations as a list, with channel, preview, unread count and assignee", () => {
    const html = renderInbox(conversation(7));
    const text = textOf(html);
    expect(html).toMatch(/<ul[^>]*aria-label="Conversations by last activity"/);
    expect(text).toContain("Marco Díaz");
    expect(text).toContain("Can I move my appointment?");
    expect(text).toContain("Assigned to Beto Ruiz");
    expect(text).toContain("Unassigned");
    expect(text).toContain("2 unread");
    expect(html).toContain("<title>WhatsApp</title>");
    expect(html).toContain("<title>In the app</title>");
    for (const filter of ["Mine", "Unassigned", "All", "Closed"]) expect(text).toContain(filter);
  });

  it("shows the open conversation: its header, a live log of bubbles with their ticks, the note apart, attachments", () => {
    const html = renderInbox(conversation(7));
    const text = textOf(html);
    expect(text).toContain("+34600123456");
    expect(text).toContain("Patient: Lucía Gómez");
    expect(text).toContain("Assign to me");
    expect(text).toContain("Close");
    expect(html).toMatch(/role="log"[^>]*aria-live="polite"|aria-live="polite"[^>]*role="log"/);
    for (const status of ["Queued", "Delivered", "Read", "Not delivered"]) expect(html).toContain(`<title>${status}</title>`);
    expect(text).toContain("Not delivered: Message undeliverable (131026)");
    expect(text).toContain("Internal note — not sent");
    expect(text).toContain("She prefers mornings");
    expect(html).toContain('src="/api/uploads/x1"');
    expect(html).toMatch(/<audio[^>]*controls[^>]*src="\/api\/uploads\/x2"|<audio[^>]*src="\/api\/uploads\/x2"[^>]*controls/);
    expect(text).toContain("Load earlier messages");
    // The composer, open: reply or note, attach, canned replies, send.
    expect(text).toContain("Write a message");
    expect(html).toContain('aria-label="Attach an image, PDF or audio"');
    expect(html).toContain('aria-label="Canned replies"');
    expect(html).toContain('aria-label="Send"');
    expect(text).not.toContain("Send a template");
  });

  it("offers a template once a WhatsApp conversation's 24-hour window has closed, and no free text", () => {
    for (const windowClosesAt of [new Date(Date.now() - hour).toISOString(), null]) {
      const text = textOf(renderInbox(conversation(7, { windowClosesAt })));
      expect(text).toContain("WhatsApp allows only an approved template now");
      expect(text).toContain("Send a template");
      expect(text).not.toContain("Write a message");
    }
  });

  it("asks to reopen a closed conversation before replying", () => {
    const text = textOf(renderInbox(conversation(7, { status: "closed" })));
    expect(text).toContain("This conversation is closed: reopen it to reply.");
    expect(text).toContain("Reopen");
  });

  it("speaks Spanish", () => {
    const html = renderHtml(<InboxPage />, {
      i18n: spanish,
      session: agent,
      cache: inboxCache(conversation(7)),
      url: "/chat-whatsapp/app/7",
      path: "/chat-whatsapp/app/:conversationId",
    });
    const text = textOf(html);
    expect(text).toContain("Nota interna — no se envía");
    expect(text).toContain("Asignármela");
    expect(text).toContain("Sin asignar");
  });
});

describe("the composer", () => {
  it("shows the reply and note switch to agents only", () => {
    const forAgent = textOf(
      renderHtml(<Composer target={async () => 7} agent={{ canned, windowClosed: false, onTemplate: () => undefined }} />, { i18n, session: agent }),
    );
    expect(forAgent).toContain("Reply");
    expect(forAgent).toContain("Note");
    const forPatient = renderHtml(<Composer target={async () => 7} />, { i18n, session: patient });
    expect(textOf(forPatient)).not.toContain("Note");
    expect(forPatient).not.toContain('aria-label="Canned replies"');
    expect(forPatient).toContain('aria-label="Attach an image, PDF or audio"');
  });

  it("sends on Enter, makes a new line on Shift+Enter, and offers the canned replies of the shortcut typed", () => {
    expect(sendsOnEnter({ key: "Enter", shiftKey: false })).toBe(true);
    expect(sendsOnEnter({ key: "Enter", shiftKey: true })).toBe(false);
    expect(sendsOnEnter({ key: "Enter", shiftKey: false, nativeEvent: { isComposing: true } })).toBe(false);
    expect(sendsOnEnter({ key: "a", shiftKey: false })).toBe(false);
    expect(shortcutTyped("/Ho")).toBe("ho");
    expect(shortcutTyped("/")).toBe("");
    expect(shortcutTyped("see /ho")).toBeNull();
    expect(matchingReplies(canned, "ho").map((reply) => reply.body)).toEqual(["We are open 9 to 5."]);
    expect(matchingReplies(canned, "")).toHaveLength(2);
  });

  it("posts a reply, a note, a template and an attachment to their addresses", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(message(20)), { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    await sendText(7, "Hello");
    await sendNote(7, "Call her back");
    await sendTemplate(7, 3, ["Lucía", "Monday"]);
    const calls = fetch.mock.calls.map((call) => {
      const [path, init] = call as unknown as [string, RequestInit];
      return [path, init.method, JSON.parse(String(init.body))];
    });
    expect(calls).toEqual([
      ["/api/chat/conversations/7/messages", "POST", { body: "Hello" }],
      ["/api/chat/conversations/7/notes", "POST", { body: "Call her back" }],
      ["/api/chat/conversations/7/template", "POST", { templateId: 3, variables: ["Lucía", "Monday"] }],
    ]);

    const sent: { method: string; path: string; form: FormData }[] = [];
    class FakeRequest {
      upload = {};
      status = 201;
      responseText = JSON.stringify(message(21));
      onload: (() => void) | null = null;
      method = "";
      path = "";
      open(method: string, path: string) {
        this.method = method;
        this.path = path;
      }
      setRequestHeader() {}
      getResponseHeader() {
        return null;
      }
      send(form: FormData) {
        sent.push({ method: this.method, path: this.path, form });
        this.onload?.();
      }
    }
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    await sendAttachment(7, new File(["png"], "scan.png", { type: "image/png" }), "My scan");
    expect(sent[0]?.method).toBe("POST");
    expect(sent[0]?.path).toBe("/api/chat/conversations/7/attachments");
    expect(sent[0]?.form.get("caption")).toBe("My scan");
    expect((sent[0]?.form.get("archivo") as File | undefined)?.name).toBe("scan.png");
  });

  it("knows when WhatsApp's window has closed, and what a template asks for", () => {
    const now = Date.parse("2026-03-02T10:00:00.000Z");
    expect(windowClosed({ channel: "whatsapp", windowClosesAt: "2026-03-02T09:59:59.000Z" }, now)).toBe(true);
    expect(windowClosed({ channel: "whatsapp", windowClosesAt: null }, now)).toBe(true);
    expect(windowClosed({ channel: "whatsapp", windowClosesAt: "2026-03-02T12:00:00.000Z" }, now)).toBe(false);
    expect(windowClosed({ channel: "app", windowClosesAt: null }, now)).toBe(false);
    expect(variablesOf({ id: 1, clinicId, name: "reminder", language: "en", body: "Hi {{1}}, see you {{2}}.", variables: 0 })).toBe(2);
  });
});

describe("the server's refusals", () => {
  it("are worded in the interface language, values carried over", () => {
    expect(chatText(spanish.t, "This conversation is closed: reopen it to reply.")).toBe("Esta conversación está cerrada: reábrela para responder.");
    expect(chatText(spanish.t, "This template needs 2 values.")).toBe("Esta plantilla necesita 2 valores.");
    expect(chatText(spanish.t, "The file is too large: at most 5 MB.")).toBe("El archivo es demasiado grande: como máximo 5 MB.");
    expect(chatText(spanish.t, "Something else.")).toBe("Something else.");
  });

  it("ask for the list the inbox shows", () => {
    expect(conversationsPath("mine", "lucía")).toBe("/api/chat/conversations?filter=mine&q=luc%C3%ADa&page=1&rowsPerPage=50");
    expect(listTime("2026-03-02T10:00:00.000Z", new Date("2027-01-01T12:00:00.000Z"))).toBe("2026-03-02");
  });
});

describe("the patient's chat", () => {
  const mine = (open: ChatConversation | null): ChatMine => ({ clinicName: "Clínica Sol", conversation: open });
  const theirs = conversation(7, { channel: "app", windowClosesAt: null, unread: 0 });
  const patientHistory = [
    message(30, { direction: "in", author: { id: "u1", name: "Ana Ruiz" }, body: "Hello, can I come earlier?", status: "read" }),
    message(31, { direction: "out", author: { id: "u2", name: "Beto Ruiz" }, body: "Yes, at 9." }),
  ];

  it("shows the conversation with the patient's own messages ticked, and the composer", () => {
    const html = renderHtml(<PatientChatPage />, {
      i18n,
      session: patient,
      cache: [
        [[...MINE_KEY], mine(theirs)],
        [[...messagesKey(7)], infinite(patientHistory)],
      ],
    });
    const text = textOf(html);
    expect(text).toContain("Clínica Sol");
    expect(text).toContain("Hello, can I come earlier?");
    expect(text).toContain("Yes, at 9.");
    expect(html).toContain("<title>Read</title>");
    expect(html).toContain('role="log"');
    expect(text).toContain("Write a message");
    expect(text).not.toContain("Internal note");
  });

  it("invites the first message while there is no conversation", () => {
    const text = textOf(renderHtml(<PatientChatPage />, { i18n, session: patient, cache: [[[...MINE_KEY], mine(null)]] }));
    expect(text).toContain("No messages yet: write your first message to Clínica Sol.");
    expect(text).toContain("Write a message");
  });

  it("opens the conversation with the first message, then writes to it", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(theirs), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const client = new QueryClient();
    expect(await patientTarget(null, client)()).toBe(7);
    expect(await patientTarget(theirs, client)()).toBe(7);
    const calls = fetch.mock.calls.map((call) => {
      const [path, init] = call as unknown as [string, RequestInit];
      return [path, init.method];
    });
    expect(calls).toEqual([["/api/chat/me", "POST"]]);
  });

  it("is a way from the patient's home and the top bar, with the unread count, while the module is on", () => {
    const cache: [unknown[], unknown][] = [[[...UNREAD_KEY], { unread: 3 }]];
    const card = renderHtml(<MessagesCard session={patient} />, { i18n, session: patient, cache });
    expect(textOf(card)).toContain("You have 3 unread messages from your clinic.");
    expect(card).toContain('href="/manager/patient/chat"');
    const button = renderHtml(<ChatButton session={patient} connected />, { i18n, session: patient, cache });
    expect(button).toContain('aria-label="Messages, 3 unread"');
    expect(button).toContain('href="/manager/patient/chat"');
    expect(renderHtml(<ChatButton session={agent} connected />, { i18n, session: agent, cache })).toContain('href="/chat-whatsapp/app"');
    const off = testSession({ group: GROUP.patient, codenames: ["is_patient"], flags: { clinic: true } });
    expect(renderHtml(<ChatButton session={off} connected />, { i18n, session: off, cache })).toBe("");
    expect(renderHtml(<MessagesCard session={off} />, { i18n, session: off, cache })).toBe("");
  });
});
