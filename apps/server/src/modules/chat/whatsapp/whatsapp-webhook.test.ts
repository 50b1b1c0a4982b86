import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { makeClinic, makePatient } from "../../../../test/factories.ts";
import {
  type GraphFake,
  incomingMedia,
  incomingText,
  signWebhook,
  startGraphFake,
  statusUpdate,
  WHATSAPP_TEST_ENV,
  webhookPayload,
} from "../../../../test/graph-fake.ts";
import { users } from "../../../db/schema.ts";
import { uploads } from "../../../platform/uploads.table.ts";
import { chatConversations, chatMessages } from "../chat.table.ts";
import { MEDIA_UNAVAILABLE } from "./webhook.service.ts";
import { makeWhatsAppConversation, makeWhatsAppNumber } from "./whatsapp.fixture.ts";

/**
 * WhatsApp's webhook (issue 41.3) against the app configured for WhatsApp, its media fetched from
 * the local fake Graph API: the handshake, the signature over the raw body, the business number,
 * incoming messages stored once by their wamid, and the delivery states of ours.
 */

let t: TestApp;
let graph: GraphFake;
let numberId: string;

const WEBHOOK = "/api/chat/whatsapp/webhook";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4d60000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(60, 1)]);

function post(payload: unknown, signature?: string | null) {
  const signed = signWebhook(payload, WHATSAPP_TEST_ENV.WHATSAPP_APP_SECRET);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["x-hub-signature-256"] = signature ?? signed.signature;
  return t.app.inject({ method: "POST", url: WEBHOOK, headers, payload: signed.body });
}

const messageCount = async () => Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from chat_messages`)).rows[0]?.n);
const conversationCount = async () => Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from chat_conversations`)).rows[0]?.n);
const byWamid = async (wamid: string) => (await t.db.select().from(chatMessages).where(eq(chatMessages.externalId, wamid)))[0];

let wamidCounter = 0;
const wamid = () => `wamid.test-${++wamidCounter}`;

beforeAll(async () => {
  graph = await startGraphFake({ accessToken: WHATSAPP_TEST_ENV.WHATSAPP_ACCESS_TOKEN });
  t = await createTestApp({ env: { ...WHATSAPP_TEST_ENV, WHATSAPP_GRAPH_URL: graph.url } });
  numberId = await makeWhatsAppNumber(t.db, t.ids.clinic);
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

describe("the webhook's verification handshake", () => {
  it("answers hub.challenge as text to the right verify token, 403 to a wrong one", async () => {
    const right = await t.app.inject({
      method: "GET",
      url: `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=${WHATSAPP_TEST_ENV.WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toBe("1158201444");
    expect(right.headers["content-type"]).toMatch(/^text\/plain/);
    const wrong = await t.app.inject({ method: "GET", url: `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=not-the-token&hub.challenge=1` });
    expect(wrong.statusCode).toBe(403);
    const noMode = await t.app.inject({ method: "GET", url: `${WEBHOOK}?hub.verify_token=${WHATSAPP_TEST_ENV.WHATSAPP_VERIFY_TOKEN}&hub.challenge=1` });
    expect(noMode.statusCode).toBe(403);
  });

  it("is not there when WhatsApp is not configured", async () => {
    const bare = await createTestApp({ env: { FEATURE_FLAGS: "clinic,chat_whatsapp" } });
    try {
      const handshake = await bare.app.inject({ method: "GET", url: `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1` });
      expect(handshake.statusCode).toBe(404);
      const notification = await bare.app.inject({ method: "POST", url: WEBHOOK, payload: { object: "whatsapp_business_account", entry: [] } });
      expect(notification.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe("the webhook's signature", () => {
  it("stores a correctly signed message; a bad or missing signature is 400 and stores nothing", async () => {
    const before = await messageCount();
    const payload = incomingText(numberId, { from: "34600111222", name: "Ana", id: wamid(), text: "Hello" });
    const tampered = signWebhook(payload, "another-secret-entirely").signature;
    expect((await post(payload, tampered)).statusCode).toBe(400);
    expect((await post(payload, null)).statusCode).toBe(400);
    expect((await post(payload, "sha256=nothex")).statusCode).toBe(400);
    expect(await messageCount()).toBe(before);

    const good = await post(payload);
    expect(good.statusCode).toBe(200);
    expect(await messageCount()).toBe(before + 1);
  });

  it("refuses a body changed after signing", async () => {
    const payload = incomingText(numberId, { from: "34600111222", id: wamid(), text: "Original" });
    const signed = signWebhook(payload, WHATSAPP_TEST_ENV.WHATSAPP_APP_SECRET);
    const response = await t.app.inject({
      method: "POST",
      url: WEBHOOK,
      headers: { "content-type": "application/json", "x-hub-signature-256": signed.signature },
      payload: signed.body.replace("Original", "Changed!"),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("incoming messages", () => {
  it("refuses a payload naming an unknown phone number id, storing none of it", async () => {
    const before = [await messageCount(), await conversationCount()];
    const known = incomingText(numberId, { from: "34600999000", id: wamid(), text: "Known number" });
    const unknown = incomingText("999999999999", { from: "34600999000", id: wamid(), text: "Unknown number" });
    // One entry for a connected number, one for an unknown one: neither is stored.
    const mixed = { ...known, entry: [...known.entry, ...unknown.entry] };
    const response = await post(mixed);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/not connected/);
    expect([await messageCount(), await conversationCount()]).toEqual(before);
  });

  it("refuses a payload of another shape", async () => {
    expect((await post({ object: "page", entry: [] })).statusCode).toBe(400);
    expect((await post(webhookPayload(numberId, { messages: [{ id: "x", from: "not-a-number", timestamp: "1", type: "text" }] }))).statusCode).toBe(400);
  });

  it("stores a replayed webhook once, in one conversation with the contact", async () => {
    const id = wamid();
    const payload = incomingText(numberId, { from: "34600222333", name: "Bruno", id, text: "Is the clinic open on Saturday?" });
    expect((await post(payload)).statusCode).toBe(200);
    expect((await post(payload)).statusCode).toBe(200);
    const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.externalId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ direction: "in", kind: "text", body: "Is the clinic open on Saturday?", status: "sent" });

    // A second message from the same contact joins the same conversation.
    await post(incomingText(numberId, { from: "34600222333", name: "Bruno", id: wamid(), text: "Thanks" }));
    const conversations = await t.db.select().from(chatConversations).where(eq(chatConversations.contactPhone, "+34600222333"));
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ clinicId: t.ids.clinic, channel: "whatsapp", waNumberId: numberId, contactName: "Bruno", patientId: null });
    expect(conversations[0]?.lastInboundAt).not.toBeNull();
    expect(conversations[0]?.lastMessagePreview).toBe("Thanks");
  });

  it("matches the contact to the clinic's one patient with that phone number", async () => {
    const withPhone = async (id: string, phone: string) => t.db.update(users).set({ phone }).where(eq(users.id, id));
    const patient = await makePatient(t.db, t.ids.clinic);
    await withPhone(patient.id, "+34600333444");
    // The same number at another clinic is not this clinic's patient.
    const other = await makeClinic(t.db);
    await withPhone(other.patient.id, "+34600333444");
    await post(incomingText(numberId, { from: "34600333444", name: "Carla", id: wamid(), text: "Hi" }));
    const [conversation] = await t.db.select().from(chatConversations).where(eq(chatConversations.contactPhone, "+34600333444"));
    expect(conversation?.patientId).toBe(patient.id);

    // Two patients of the clinic with one number: no guess.
    await withPhone((await makePatient(t.db, t.ids.clinic)).id, "+34600444555");
    await withPhone((await makePatient(t.db, t.ids.clinic)).id, "+34600444555");
    await post(incomingText(numberId, { from: "34600444555", id: wamid(), text: "Hi" }));
    const [ambiguous] = await t.db.select().from(chatConversations).where(eq(chatConversations.contactPhone, "+34600444555"));
    expect(ambiguous?.patientId).toBeNull();
  });

  it("keeps an image, a document and an audio through the uploads platform, for the number's clinic", async () => {
    const cases = [
      { type: "image", bytes: PNG, mime: "image/png", caption: "My knee" },
      { type: "document", bytes: PDF, mime: "application/pdf", caption: "Report", filename: "report.pdf" },
      { type: "audio", bytes: OGG, mime: "audio/ogg; codecs=opus" },
    ];
    for (const item of cases) {
      const mediaId = graph.addMedia(item.bytes, item.mime);
      const id = wamid();
      const response = await post(
        incomingMedia(numberId, { from: "34600555666", id, type: item.type, mediaId, mime: item.mime, caption: item.caption, filename: item.filename }),
      );
      expect(response.statusCode).toBe(200);
      const message = await byWamid(id);
      expect(message).toMatchObject({ kind: item.type, body: item.caption ?? "" });
      const [upload] = await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, message?.uploadId as string));
      expect(upload).toMatchObject({ kind: item.type, clinicId: t.ids.clinic, size: item.bytes.length });
    }
    // The media was fetched with the access token.
    const downloads = graph.requests.filter((request) => request.path.startsWith("/download/"));
    expect(downloads.length).toBeGreaterThanOrEqual(3);
    expect(downloads.every((request) => request.authorization === `Bearer ${WHATSAPP_TEST_ENV.WHATSAPP_ACCESS_TOKEN}`)).toBe(true);
  });

  it("stores a media message whose media cannot be fetched as unavailable, and an unsupported kind as its type", async () => {
    const missing = wamid();
    const response = await post(incomingMedia(numberId, { from: "34600666777", id: missing, type: "image", mediaId: "no-such-media", mime: "image/jpeg" }));
    expect(response.statusCode).toBe(200);
    expect(await byWamid(missing)).toMatchObject({ kind: "text", body: MEDIA_UNAVAILABLE, uploadId: null });

    // Bytes that are not what they claim are not kept.
    const fake = graph.addMedia(Buffer.from("not a png at all"), "image/png");
    const lying = wamid();
    await post(incomingMedia(numberId, { from: "34600666777", id: lying, type: "image", mediaId: fake, mime: "image/png" }));
    expect(await byWamid(lying)).toMatchObject({ body: MEDIA_UNAVAILABLE, uploadId: null });

    const sticker = wamid();
    await post(
      webhookPayload(numberId, { messages: [{ from: "34600666777", id: sticker, timestamp: "1700000000", type: "location", location: { latitude: 1 } }] }),
    );
    expect(await byWamid(sticker)).toMatchObject({ kind: "text", body: "[location]" });
  });
});

describe("delivery states of our messages", () => {
  async function sentMessage(externalId: string | null, status = "sent") {
    const conversation = await makeWhatsAppConversation(t.db, { clinicId: t.ids.clinic, waNumberId: numberId });
    const [row] = await t.db
      .insert(chatMessages)
      .values({ conversationId: conversation.id, direction: "out", body: "Your appointment is confirmed", externalId, status })
      .returning();
    return { message: row as typeof chatMessages.$inferSelect, phone: (conversation.contactPhone as string).slice(1) };
  }
  const statusOf = async (id: number) => (await t.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0];

  it("move sent → delivered → read, and a late delivered never undoes read", async () => {
    const id = wamid();
    const { message, phone } = await sentMessage(id);
    for (const status of ["delivered", "read", "delivered", "sent"]) {
      expect((await post(statusUpdate(numberId, { wamid: id, status, recipient: phone }))).statusCode).toBe(200);
    }
    expect((await statusOf(message.id))?.status).toBe("read");
  });

  it("store a failure with WhatsApp's reason", async () => {
    const id = wamid();
    const { message, phone } = await sentMessage(id);
    const error = { code: 131047, title: "Re-engagement message", message: "More than 24 hours have passed since the recipient last replied." };
    await post(statusUpdate(numberId, { wamid: id, status: "failed", recipient: phone, error }));
    expect(await statusOf(message.id)).toMatchObject({ status: "failed", failureReason: error.message });
  });

  it("find a message whose send answer was lost by our id, and ignore an unknown wamid", async () => {
    const { message, phone } = await sentMessage(null, "sending");
    const id = wamid();
    expect((await post(statusUpdate(numberId, { wamid: id, status: "delivered", recipient: phone, ours: message.id }))).statusCode).toBe(200);
    expect(await statusOf(message.id)).toMatchObject({ status: "delivered", externalId: id });

    const unknown = await post(statusUpdate(numberId, { wamid: "wamid.never-ours", status: "read", recipient: phone }));
    expect(unknown.statusCode).toBe(200);
    expect(await byWamid("wamid.never-ours")).toBeUndefined();
  });
});
