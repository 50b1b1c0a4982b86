import { CHAT_MESSAGES, type ChatConversation, type ChatMessage, REALTIME_PATH, type RealtimeMessage } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createTestApp, secondNode, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";

/**
 * The inbox and the patient's chat by role (issue 41): a patient and the clinic write to each
 * other, read ticks follow reading, notes never reach the patient, assignment and status, the
 * 24-hour WhatsApp window, other clinics' and other patients' conversations refused, and live
 * delivery across two app nodes.
 */

let t: TestApp;
let r: RoleCalls;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,chat_whatsapp" } });
  r = await signInRoles(t);
});
afterAll(async () => t?.close());

const count = async (table: string) => Number((await t.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n);

async function patientConversation(): Promise<ChatConversation> {
  const made = await r.send("patient", "POST", "/api/chat/me");
  expect(made.statusCode, made.body).toBe(200);
  return made.json();
}

async function whatsAppConversation(lastInboundHoursAgo: number | null): Promise<number> {
  const phone = `+3460${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const inbound = lastInboundHoursAgo === null ? null : new Date(Date.now() - lastInboundHoursAgo * 3_600_000).toISOString();
  const made = await t.db.execute<{ id: number }>(sql`
    insert into chat_conversations (clinic_id, channel, contact_phone, contact_name, last_inbound_at)
      values (${t.ids.clinic}, 'whatsapp', ${phone}, 'Lucía', ${inbound}) returning id`);
  return Number(made.rows[0]?.id);
}

describe("the patient's chat and the inbox", () => {
  it("a patient writes, the clinic sees it unread, replies, and each side's reading ticks the other's messages", async () => {
    const mine = (await r.send("patient", "GET", "/api/chat/me")).json();
    expect(mine.clinicName).toBeTruthy();
    const conversation = await patientConversation();
    expect((await r.send("patient", "POST", "/api/chat/me")).json().id).toBe(conversation.id);

    const sent = await r.send("patient", "POST", `/api/chat/conversations/${conversation.id}/messages`, { body: "  I feel dizzy after the exercises  " });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ direction: "in", body: "I feel dizzy after the exercises", status: "sent", kind: "text" });

    const inbox = (await r.send("clinic", "GET", "/api/chat/conversations?filter=unassigned")).json();
    const row = inbox.data.find((item: ChatConversation) => item.id === conversation.id);
    expect(row).toMatchObject({ unread: 1, channel: "app", lastDirection: "in", lastMessagePreview: "I feel dizzy after the exercises" });
    expect((await r.send("therapist", "GET", "/api/chat/unread")).json().unread).toBeGreaterThanOrEqual(1);

    const reply = await r.send("therapist", "POST", `/api/chat/conversations/${conversation.id}/messages`, { body: "Rest for a day, then half the time." });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ direction: "out", status: "sent" });
    expect((await r.send("patient", "GET", "/api/chat/unread")).json().unread).toBe(1);

    // The clinic reads: the patient's message shows read; the patient reads: the reply shows read.
    await r.send("clinic", "POST", `/api/chat/conversations/${conversation.id}/read`);
    const afterClinicRead = (await r.send("patient", "GET", `/api/chat/conversations/${conversation.id}/messages`)).json().data as ChatMessage[];
    expect(afterClinicRead.find((m) => m.direction === "in")?.status).toBe("read");
    expect(afterClinicRead.find((m) => m.direction === "out")?.status).toBe("sent");
    const read = await r.send("patient", "POST", `/api/chat/conversations/${conversation.id}/read`);
    expect(read.json()).toEqual({ unread: 0 });
    const history = (await r.send("clinic", "GET", `/api/chat/conversations/${conversation.id}/messages`)).json();
    expect(history.data.map((m: ChatMessage) => [m.direction, m.status])).toEqual([
      ["in", "read"],
      ["out", "read"],
    ]);
  });

  it("notes are for agents only; the history pages back with `before`", async () => {
    const conversation = await patientConversation();
    const note = await r.send("therapist", "POST", `/api/chat/conversations/${conversation.id}/notes`, { body: "Check her blood pressure next visit" });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json()).toMatchObject({ direction: "note" });
    expect((await r.send("patient", "POST", `/api/chat/conversations/${conversation.id}/notes`, { body: "x" })).statusCode).toBe(403);
    const seenByPatient = (await r.send("patient", "GET", `/api/chat/conversations/${conversation.id}/messages?limit=100`)).json().data as ChatMessage[];
    expect(seenByPatient.some((m) => m.direction === "note")).toBe(false);
    const seenByStaff = (await r.send("clinic", "GET", `/api/chat/conversations/${conversation.id}/messages?limit=100`)).json().data as ChatMessage[];
    expect(seenByStaff.some((m) => m.body === "Check her blood pressure next visit")).toBe(true);

    const last = seenByStaff.at(-1) as ChatMessage;
    const older = (await r.send("clinic", "GET", `/api/chat/conversations/${conversation.id}/messages?before=${last.id}&limit=1`)).json();
    expect(older.data).toHaveLength(1);
    expect(older.data[0].id).toBeLessThan(last.id);
    expect(older.hasMore).toBe(true);
  });

  it("assigns to the clinic's staff only, filters by assignee, closes and reopens; a patient writing reopens", async () => {
    const conversation = await patientConversation();
    const assigned = await r.send("clinic", "PUT", `/api/chat/conversations/${conversation.id}/assignee`, { assigneeId: t.ids.therapist });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().assignee.id).toBe(t.ids.therapist);
    const mine = (await r.send("therapist", "GET", "/api/chat/conversations?filter=mine")).json();
    expect(mine.data.map((c: ChatConversation) => c.id)).toContain(conversation.id);
    expect((await r.send("clinic", "GET", "/api/chat/conversations?filter=mine")).json().data.map((c: ChatConversation) => c.id)).not.toContain(
      conversation.id,
    );

    const foreign = await r.send("clinic", "PUT", `/api/chat/conversations/${conversation.id}/assignee`, { assigneeId: r.other.therapist.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ assigneeId: [CHAT_MESSAGES.notAgent] });
    expect((await r.send("therapist", "GET", `/api/chat/conversations/${conversation.id}`)).json().assignee.id).toBe(t.ids.therapist);

    expect((await r.send("therapist", "PUT", `/api/chat/conversations/${conversation.id}/status`, { status: "closed" })).json().status).toBe("closed");
    const closedList = (await r.send("clinic", "GET", "/api/chat/conversations?filter=closed")).json();
    expect(closedList.data.map((c: ChatConversation) => c.id)).toContain(conversation.id);
    const refused = await r.send("therapist", "POST", `/api/chat/conversations/${conversation.id}/messages`, { body: "Anything else?" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(CHAT_MESSAGES.closed);
    await r.send("patient", "POST", `/api/chat/conversations/${conversation.id}/messages`, { body: "One more question" });
    expect((await r.send("clinic", "GET", `/api/chat/conversations/${conversation.id}`)).json().status).toBe("open");
  });

  it("searches the inbox by name and text", async () => {
    const conversation = await patientConversation();
    await r.send("patient", "POST", `/api/chat/conversations/${conversation.id}/messages`, { body: "zebra-crossing question" });
    const found = (await r.send("clinic", "GET", "/api/chat/conversations?q=zebra-cross")).json();
    expect(found.data.map((c: ChatConversation) => c.id)).toEqual([conversation.id]);
    expect((await r.send("clinic", "GET", "/api/chat/conversations?q=nothing-like-this")).json()).toMatchObject({ data: [], total: 0 });
  });

  it("staff open a conversation with their own patients only", async () => {
    const opened = await r.send("therapist", "POST", "/api/chat/conversations", { patientId: t.ids.patient });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ channel: "app", patient: { id: t.ids.patient } });
    const foreign = await r.send("therapist", "POST", "/api/chat/conversations", { patientId: r.other.patient.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ patientId: [CHAT_MESSAGES.patientUnknown] });
  });
});

describe("refusals", () => {
  it("another clinic's staff and another patient get 404; patients 403 on the inbox; signed out 401; nothing written", async () => {
    const conversation = await patientConversation();
    const before = await count("chat_messages");
    for (const who of ["otherClinic", "otherTherapist", "otherPatient"] as const) {
      expect((await r.send(who, "GET", `/api/chat/conversations/${conversation.id}`)).statusCode).toBe(404);
      expect((await r.send(who, "POST", `/api/chat/conversations/${conversation.id}/messages`, { body: "hi" })).statusCode).toBe(404);
    }
    expect((await r.send("otherClinic", "PUT", `/api/chat/conversations/${conversation.id}/status`, { status: "closed" })).statusCode).toBe(404);
    expect((await r.send("patient", "GET", "/api/chat/conversations")).statusCode).toBe(403);
    expect((await r.send("patient", "PUT", `/api/chat/conversations/${conversation.id}/assignee`, { assigneeId: null })).statusCode).toBe(403);
    expect((await r.send(null, "GET", "/api/chat/unread")).statusCode).toBe(401);
    expect((await r.send("clinic", "GET", "/api/chat/me")).statusCode).toBe(403);
    expect(await count("chat_messages")).toBe(before);
    const otherList = (await r.send("otherClinic", "GET", "/api/chat/conversations")).json();
    expect(otherList.data.map((c: ChatConversation) => c.id)).not.toContain(conversation.id);
  });

  it("bad input is 400 with the field, nothing written", async () => {
    const conversation = await patientConversation();
    const before = await count("chat_messages");
    for (const body of [{}, { body: "   " }, { body: "x".repeat(4097) }, { body: "a\u0000b" }, { body: "ok", extra: 1 }]) {
      const answer = await r.send("patient", "POST", `/api/chat/conversations/${conversation.id}/messages`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await r.send("clinic", "GET", "/api/chat/conversations?filter=everything")).statusCode).toBe(400);
    expect((await r.send("clinic", "GET", "/api/chat/conversations/abc")).statusCode).toBe(400);
    expect(await count("chat_messages")).toBe(before);
  });

  it("a switched-off module answers 404", async () => {
    await r.send("admin", "PUT", "/api/flags/chat_whatsapp", { enabled: false });
    try {
      expect((await r.send("clinic", "GET", "/api/chat/conversations")).statusCode).toBe(404);
      expect((await r.send("patient", "GET", "/api/chat/me")).statusCode).toBe(404);
    } finally {
      await r.send("admin", "PUT", "/api/flags/chat_whatsapp", { enabled: true });
    }
  });
});

describe("the WhatsApp window", () => {
  it("free text inside 24 hours of the contact's last message is queued; outside, 409 with the reason and nothing written", async () => {
    const open = await whatsAppConversation(2);
    const sent = await r.send("therapist", "POST", `/api/chat/conversations/${open}/messages`, { body: "We have a slot on Monday" });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().status).toBe("queued");
    expect((await r.send("therapist", "GET", `/api/chat/conversations/${open}`)).json().windowClosesAt).not.toBeNull();

    for (const hours of [25, null]) {
      const closed = await whatsAppConversation(hours);
      const before = await count("chat_messages");
      const refused = await r.send("therapist", "POST", `/api/chat/conversations/${closed}/messages`, { body: "Hello again" });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(CHAT_MESSAGES.windowClosed);
      expect(await count("chat_messages")).toBe(before);
      // Notes stay possible: they are never sent.
      expect((await r.send("therapist", "POST", `/api/chat/conversations/${closed}/notes`, { body: "Call her instead" })).statusCode).toBe(201);
    }
  });

  it("typing is for in-app conversations", async () => {
    const whatsApp = await whatsAppConversation(1);
    const refused = await r.send("therapist", "POST", `/api/chat/conversations/${whatsApp}/typing`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(CHAT_MESSAGES.notApp);
  });
});

describe("live across two app nodes", () => {
  it("an agent's socket on node B hears the patient's message and typing written through node A; another clinic's does not", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const b = await secondNode(t);
    try {
      const url = (await b.app.listen({ port: 0, host: "127.0.0.1" })).replace(/^http/, "ws") + REALTIME_PATH;
      const listen = (cookie: string) => {
        const socket = new WebSocket(url, { headers: { cookie, origin: new URL(url).origin.replace(/^ws/, "http") } });
        const chat: RealtimeMessage[] = [];
        const waiters: (() => void)[] = [];
        socket.on("message", (data) => {
          const message = JSON.parse(String(data)) as RealtimeMessage;
          if (message.type === "notifications") return;
          chat.push(message);
          for (const waiter of waiters.splice(0)) waiter();
        });
        const until = async (check: (messages: RealtimeMessage[]) => boolean) => {
          while (!check(chat)) await new Promise<void>((resolve) => waiters.push(resolve));
        };
        return { socket, chat, until, opened: new Promise((resolve) => socket.once("open", resolve)) };
      };
      const clinicCookie = await t.loginAs("clinic");
      const otherCookie = await t.login(r.other.clinic.email, r.other.clinic.password);
      const agent = listen(clinicCookie);
      const stranger = listen(otherCookie);
      await Promise.all([agent.opened, stranger.opened]);

      const conversation = await patientConversation();
      await r.send("patient", "POST", `/api/chat/conversations/${conversation.id}/typing`);
      await r.send("patient", "POST", `/api/chat/conversations/${conversation.id}/messages`, { body: "Are you there?" });
      await agent.until((messages) => messages.some((m) => m.type === "chat" && m.conversationId === conversation.id));
      expect(agent.chat).toContainEqual({ type: "chat.typing", conversationId: conversation.id, name: expect.any(String) });
      expect(agent.chat).toContainEqual({ type: "chat", event: "message", conversationId: conversation.id });

      // The stranger's socket got nothing of it: a marker event of their own clinic arrives first.
      const theirs = await t.db.execute<{ id: number }>(sql`
        insert into chat_conversations (clinic_id, channel, patient_id) values (${r.other.clinic.id}, 'app', ${r.other.patient.id}) returning id`);
      const theirId = Number(theirs.rows[0]?.id);
      await r.send("otherPatient", "POST", `/api/chat/conversations/${theirId}/messages`, { body: "Hello" });
      await stranger.until((messages) => messages.some((m) => m.type === "chat" && m.conversationId === theirId));
      expect(stranger.chat.every((m) => m.type === "notifications" || m.conversationId === theirId)).toBe(true);
      agent.socket.close();
      stranger.socket.close();
    } finally {
      await b.close();
    }
  });
});
