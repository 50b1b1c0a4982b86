import { CHAT_MESSAGES } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appNode, createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { makeClinic } from "../../../../test/factories.ts";
import { type GraphFake, startGraphFake, WHATSAPP_TEST_ENV } from "../../../../test/graph-fake.ts";
import { multipart, PNG } from "../../../../test/uploads.ts";
import { WHATSAPP_SEND_QUEUE } from "../chat-scope.ts";
import { chatConversations, chatMessages } from "../chat.table.ts";
import { makeChatTemplate, makeWhatsAppConversation, makeWhatsAppNumber } from "./whatsapp.fixture.ts";
import { INTERRUPTED, sendWhatsAppMessage, WHATSAPP_SEND_RETRIES } from "./whatsapp-sender.ts";

/**
 * Outgoing WhatsApp messages (issue 41.3 and 41.4), sent by the queue's job to the local fake
 * Graph API: the 24-hour window (free text refused outside it, templates allowed), one send per
 * message, retries with back-off for temporary failures, the reason of a permanent one, and
 * exactly once across a restart and across two nodes.
 */

let t: TestApp;
let graph: GraphFake;
let numberId: string;
let agent: string;
const nodes: FastifyInstance[] = [];

beforeAll(async () => {
  graph = await startGraphFake({ accessToken: WHATSAPP_TEST_ENV.WHATSAPP_ACCESS_TOKEN });
  t = await createTestApp({ env: { ...WHATSAPP_TEST_ENV, WHATSAPP_GRAPH_URL: graph.url } });
  numberId = await makeWhatsAppNumber(t.db, t.ids.clinic);
  agent = await t.loginAs("clinic");
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await t?.close();
  await graph?.close();
});

const HOUR = 3_600_000;
const conversation = (lastInboundAt: Date | null = new Date()) =>
  makeWhatsAppConversation(t.db, { clinicId: t.ids.clinic, waNumberId: numberId, lastInboundAt });

function write(conversationId: number, body: string, app: FastifyInstance = t.app) {
  return app.inject({
    method: "POST",
    url: `/api/chat/conversations/${conversationId}/messages`,
    headers: { cookie: agent, origin: TEST_PUBLIC_URL },
    payload: { body },
  });
}
function sendTemplateIn(conversationId: number, payload: object) {
  return t.app.inject({
    method: "POST",
    url: `/api/chat/conversations/${conversationId}/template`,
    headers: { cookie: agent, origin: TEST_PUBLIC_URL },
    payload,
  });
}
const messageRow = async (id: number) => (await t.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0];
/** The sends the fake received for our message `id`. */
const sendsOf = (id: number) => graph.sends().filter((send) => send.biz_opaque_callback_data === String(id));
const drain = (app: FastifyInstance = t.app) => app.jobs.drain(WHATSAPP_SEND_QUEUE);
/** The back-off of a retried job, skipped: it is due now. */
const retryNow = () => t.db.execute(sql`update pgboss.job set start_after = now() where name = ${WHATSAPP_SEND_QUEUE} and state = 'retry'`);

/** Waits (polling) until `check` holds; fails after `seconds`. A bound on waiting, not a timed assertion. */
async function eventually(check: () => Promise<boolean>, seconds = 30): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("Condition not reached in time");
}

describe("the 24-hour window", () => {
  it("refuses free text outside it, writing nothing, and allows an approved template", async () => {
    const closed = await conversation(new Date(Date.now() - 25 * HOUR));
    const refused = await write(closed.id, "Are you coming tomorrow?");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(CHAT_MESSAGES.windowClosed);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.conversationId, closed.id))).toHaveLength(0);

    const template = await makeChatTemplate(t.db, t.ids.clinic, { name: "appointment_reminder", language: "es", body: "Hola {{1}}, tu cita es el {{2}}." });
    const sent = await sendTemplateIn(closed.id, { templateId: template.id, variables: ["Ana", "lunes"] });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      direction: "out",
      kind: "template",
      body: "Hola Ana, tu cita es el lunes.",
      template: { name: "appointment_reminder", language: "es", variables: ["Ana", "lunes"] },
      status: "queued",
    });
    await drain();
    const [send] = sendsOf(sent.json().id);
    expect(send).toMatchObject({
      type: "template",
      to: (closed.contactPhone as string).slice(1),
      template: {
        name: "appointment_reminder",
        language: { code: "es" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ana" },
              { type: "text", text: "lunes" },
            ],
          },
        ],
      },
    });
    expect((await messageRow(sent.json().id))?.status).toBe("sent");
  });

  it("refuses a template of another clinic, the wrong number of values, and an in-app conversation", async () => {
    const open = await conversation();
    const other = await makeClinic(t.db);
    const theirs = await makeChatTemplate(t.db, other.clinic.id);
    const foreign = await sendTemplateIn(open.id, { templateId: theirs.id, variables: ["a", "b"] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().templateId).toEqual([CHAT_MESSAGES.templateUnknown]);

    const ours = await makeChatTemplate(t.db, t.ids.clinic);
    const short = await sendTemplateIn(open.id, { templateId: ours.id, variables: ["a"] });
    expect(short.statusCode).toBe(400);
    expect(short.json().variables).toEqual([CHAT_MESSAGES.templateVariables.replace("{count}", "2")]);

    const [app] = await t.db
      .insert(chatConversations)
      .values({ clinicId: t.ids.clinic, channel: "app", patientId: t.ids.patient })
      .onConflictDoNothing()
      .returning();
    const appId = app?.id ?? (await t.db.select().from(chatConversations).where(eq(chatConversations.patientId, t.ids.patient)))[0]?.id;
    const inApp = await sendTemplateIn(appId as number, { templateId: ours.id, variables: ["a", "b"] });
    expect(inApp.statusCode).toBe(409);
    expect(inApp.json().detail).toBe(CHAT_MESSAGES.notWhatsApp);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.conversationId, open.id))).toHaveLength(0);
  });

  it("fails a queued text when the window closed before it could go", async () => {
    const open = await conversation();
    const written = await write(open.id, "See you soon");
    expect(written.statusCode).toBe(201);
    await t.db
      .update(chatConversations)
      .set({ lastInboundAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(chatConversations.id, open.id));
    await drain();
    expect(await messageRow(written.json().id)).toMatchObject({ status: "failed", failureReason: CHAT_MESSAGES.windowClosed });
    expect(sendsOf(written.json().id)).toHaveLength(0);
  });
});

describe("the sender job", () => {
  it("sends a queued text once, naming our message, and stores WhatsApp's id", async () => {
    const open = await conversation();
    const written = await write(open.id, "Your physio session is confirmed.");
    expect(written.json().status).toBe("queued");
    await drain();
    await drain();
    const sends = sendsOf(written.json().id);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      messaging_product: "whatsapp",
      type: "text",
      to: (open.contactPhone as string).slice(1),
      text: { body: "Your physio session is confirmed." },
    });
    const row = await messageRow(written.json().id);
    expect(row?.status).toBe("sent");
    expect(row?.externalId).toMatch(/^wamid\.fake-/);
  });

  it("uploads an attachment's bytes, then sends it by its media id", async () => {
    const open = await conversation();
    const form = multipart([
      { name: "caption", value: "Your exercise sheet" },
      { name: "archivo", value: PNG, filename: "sheet.png", type: "image/png" },
    ]);
    const posted = await t.app.inject({
      method: "POST",
      url: `/api/chat/conversations/${open.id}/attachments`,
      headers: { cookie: agent, origin: TEST_PUBLIC_URL, "content-type": form.contentType },
      payload: form.payload,
    });
    expect(posted.statusCode).toBe(201);
    await drain();
    const [send] = sendsOf(posted.json().id);
    expect(send).toMatchObject({ type: "image", image: { caption: "Your exercise sheet" } });
    const mediaId = (send?.image as { id: string } | undefined)?.id ?? "";
    expect(graph.uploaded.get(mediaId)?.bytes.equals(PNG)).toBe(true);
    expect((await messageRow(posted.json().id))?.status).toBe("sent");
  });

  it("retries a temporary failure with back-off, then sends", async () => {
    const open = await conversation();
    graph.failNext({ status: 500, code: 131000 });
    const written = await write(open.id, "Retry me");
    await drain();
    expect((await messageRow(written.json().id))?.status).toBe("queued");
    await retryNow();
    await drain();
    expect(sendsOf(written.json().id)).toHaveLength(2);
    expect((await messageRow(written.json().id))?.status).toBe("sent");
  });

  it("fails for good on a permanent error, with Graph's reason, and after the last retry", async () => {
    const open = await conversation();
    graph.failNext({ status: 400, code: 131026, message: "(#131026) Message undeliverable" });
    const permanent = await write(open.id, "Not deliverable");
    await drain();
    expect(await messageRow(permanent.json().id)).toMatchObject({ status: "failed", failureReason: "(#131026) Message undeliverable" });
    expect(sendsOf(permanent.json().id)).toHaveLength(1);

    graph.failNext({ status: 429, code: 130429, message: "(#130429) Rate limit hit" }, WHATSAPP_SEND_RETRIES + 1);
    const throttled = await write(open.id, "Throttled");
    await drain();
    for (let attempt = 0; attempt < WHATSAPP_SEND_RETRIES; attempt++) {
      await retryNow();
      await drain();
    }
    expect(await messageRow(throttled.json().id)).toMatchObject({ status: "failed", failureReason: "(#130429) Rate limit hit" });
    expect(sendsOf(throttled.json().id)).toHaveLength(WHATSAPP_SEND_RETRIES + 1);
  });

  it("never resends a message whose earlier attempt was cut off mid-call", async () => {
    const open = await conversation();
    graph.failNext("drop");
    const dropped = await write(open.id, "Dropped connection");
    await drain();
    expect(await messageRow(dropped.json().id)).toMatchObject({ status: "failed", failureReason: INTERRUPTED });
    await retryNow();
    await drain();
    expect(sendsOf(dropped.json().id)).toHaveLength(1);

    // A node died after claiming (sending, committed) and before storing the answer.
    const claimed = await write(open.id, "Claimed then died");
    await t.db.update(chatMessages).set({ status: "sending" }).where(eq(chatMessages.id, claimed.json().id));
    await drain();
    expect(await messageRow(claimed.json().id)).toMatchObject({ status: "failed", failureReason: INTERRUPTED });
    expect(sendsOf(claimed.json().id)).toHaveLength(0);
  });

  it("leaves a message another node is sending alone", async () => {
    const open = await conversation();
    const written = await write(open.id, "Busy elsewhere");
    const client = await t.database.pool.connect();
    try {
      await client.query("begin");
      await client.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`chat.whatsapp-send:${written.json().id}`]);
      const outcome = await sendWhatsAppMessage({ db: t.db, jobs: t.app.jobs, store: t.app.uploads, graph: null }, written.json().id, false);
      expect(outcome).toBe("busy");
    } finally {
      await client.query("rollback");
      client.release();
    }
    expect((await messageRow(written.json().id))?.status).toBe("queued");
    await drain();
    expect(sendsOf(written.json().id)).toHaveLength(1);
  });

  it("fails a message with the reason when WhatsApp is not configured", async () => {
    const open = await conversation();
    const written = await write(open.id, "No WhatsApp here");
    const outcome = await sendWhatsAppMessage({ db: t.db, jobs: t.app.jobs, store: t.app.uploads, graph: null }, written.json().id, false);
    expect(outcome).toBe("failed");
    expect(await messageRow(written.json().id)).toMatchObject({ status: "failed", failureReason: CHAT_MESSAGES.notConfigured });
    await drain();
    expect(sendsOf(written.json().id)).toHaveLength(0);
  });
});

describe("exactly once across nodes", () => {
  it("sends a message queued on a node that stopped before its job ran, once, from a new node", async () => {
    const open = await conversation();
    const first = await appNode(t, false);
    const written = await write(open.id, "Queued before the restart", first);
    expect(written.statusCode).toBe(201);
    await first.close();

    const restarted = await appNode(t, true);
    nodes.push(restarted);
    await eventually(async () => (await messageRow(written.json().id))?.status === "sent");
    expect(sendsOf(written.json().id)).toHaveLength(1);
    await restarted.close();
    nodes.pop();
  });

  it("sends each message once when two nodes drain the queue at the same time", async () => {
    const open = await conversation();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await write(open.id, `Concurrent ${i}`)).json().id);
    const a = await appNode(t, false);
    const b = await appNode(t, false);
    nodes.push(a, b);
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    for (const id of ids) {
      expect(sendsOf(id)).toHaveLength(1);
      expect((await messageRow(id))?.status).toBe("sent");
    }
  });
});
