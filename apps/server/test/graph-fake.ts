import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isEntryPoint } from "./entry-point.ts";

/**
 * A small local stand-in for the WhatsApp Cloud API (Meta's Graph API) on 127.0.0.1, for the
 * calls the chat's graph client makes (WHATSAPP_GRAPH_URL points it here): sending messages,
 * uploading media, reading an incoming media's url and its bytes. It records every request for
 * assertions, answers message ids `wamid.fake-<n>`, and fails on demand (`failNext`). Helpers
 * build and sign the webhooks WhatsApp would post, so tests send them as Meta does.
 *
 * Run as a process (`npx tsx apps/server/test/graph-fake.ts`, see the end of the file) it also
 * answers control routes under /_fake/ for the end-to-end specs: post an incoming message or a
 * delivery state to the app's webhook, signed, and list the sends received.
 */

/** The environment of a test app configured for WhatsApp (add WHATSAPP_GRAPH_URL: the fake's url). */
export const WHATSAPP_TEST_ENV = {
  FEATURE_FLAGS: "clinic,chat_whatsapp",
  WHATSAPP_APP_SECRET: "test-app-secret-0123456789",
  WHATSAPP_VERIFY_TOKEN: "test-verify-token-0123",
  WHATSAPP_ACCESS_TOKEN: "test-access-token-0123",
} as const;

export interface GraphFakeRequest {
  method: string;
  /** Without the query string, the version included (`/v21.0/123/messages`). */
  path: string;
  authorization: string | undefined;
  /** A JSON body as parsed; a multipart body's text fields (its file as `{ name, type, size }`). */
  body: Record<string, unknown>;
}

/** One programmed answer: an HTTP status with Graph's error body, or a dropped connection. */
export type GraphFailure = { status: number; code?: number; message?: string } | "drop";

export interface GraphFake {
  /** http://127.0.0.1:<port>, for WHATSAPP_GRAPH_URL. */
  url: string;
  requests: GraphFakeRequest[];
  /** The message sends received (POST …/messages with a `type`), in order. */
  sends(): Record<string, unknown>[];
  /** The message id (`wamid.fake-<n>`) answered for a send of sends(); undefined if it failed. */
  wamidOf(send: Record<string, unknown>): string | undefined;
  /** Media WhatsApp would hold for an incoming message: answers its media id. */
  addMedia(bytes: Buffer, mime: string): string;
  /** Media uploaded by the server (POST …/media), by id. */
  uploaded: Map<string, { bytes: Buffer; mime: string; name: string }>;
  /** The next `count` message sends (or media reads, with `on: "media"`) fail as told. */
  failNext(failure: GraphFailure, count?: number, on?: "messages" | "media"): void;
  close(): Promise<void>;
}

export interface GraphFakeOptions {
  accessToken: string;
  /** 0 (the default): any free port. */
  port?: number;
  /** The /_fake/ control routes (the process entry point's); answers undefined for other paths. */
  control?: (request: IncomingMessage, path: string, body: Record<string, unknown>) => Promise<{ status: number; body: unknown } | undefined>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parseBody(request: IncomingMessage, raw: Buffer): Promise<Record<string, unknown>> {
  const type = request.headers["content-type"] ?? "";
  if (raw.length === 0) return {};
  if (type.startsWith("multipart/form-data")) {
    const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      fields[key] = typeof value === "string" ? value : { name: value.name, type: value.type, size: value.size, bytes: Buffer.from(await value.arrayBuffer()) };
    }
    return fields;
  }
  try {
    return JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
  } catch {
    return { raw: raw.toString("utf8") };
  }
}

export async function startGraphFake(options: GraphFakeOptions): Promise<GraphFake> {
  const requests: GraphFakeRequest[] = [];
  const media = new Map<string, { bytes: Buffer; mime: string }>();
  const uploaded = new Map<string, { bytes: Buffer; mime: string; name: string }>();
  const failures: Record<"messages" | "media", GraphFailure[]> = { messages: [], media: [] };
  /** The message id answered for each send's body. */
  const answered = new WeakMap<Record<string, unknown>, string>();
  let counter = 0;
  let url = "";

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  /** Answers a programmed failure, if one is due; true when it did. */
  const failed = (on: "messages" | "media", response: ServerResponse): boolean => {
    const failure = failures[on].shift();
    if (!failure) return false;
    if (failure === "drop") {
      response.socket?.destroy();
      return true;
    }
    json(response, failure.status, {
      error: {
        message: failure.message ?? "(#131000) Something went wrong",
        type: "OAuthException",
        code: failure.code ?? 131000,
        error_subcode: 2494010,
        fbtrace_id: "fake",
      },
    });
    return true;
  };

  const server = createServer(async (request, response) => {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const raw = await readBody(request);
    const body = await parseBody(request, raw);
    if (options.control) {
      const answer = await options.control(request, path, body).catch((error: unknown) => ({ status: 500, body: { error: String(error) } }));
      if (answer) return json(response, answer.status, answer.body);
    }
    requests.push({ method: request.method ?? "GET", path, authorization: request.headers.authorization, body });
    if (request.headers.authorization !== `Bearer ${options.accessToken}`) {
      return json(response, 401, { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
    }
    const parts = path.split("/").filter(Boolean);
    // GET /download/<media id>: the bytes (the url a media read answers).
    if (request.method === "GET" && parts[0] === "download" && parts[1]) {
      const found = media.get(parts[1]);
      if (!found) return json(response, 404, { error: { message: "Unknown media", code: 100 } });
      response.writeHead(200, { "content-type": found.mime, "content-length": found.bytes.length });
      return response.end(found.bytes);
    }
    // GET /<version>/<media id>: where the media is.
    if (request.method === "GET" && parts.length === 2 && parts[1]) {
      if (failed("media", response)) return;
      const found = media.get(parts[1]);
      if (!found) return json(response, 404, { error: { message: "Unsupported get request.", code: 100 } });
      return json(response, 200, {
        url: `${url}/download/${parts[1]}`,
        mime_type: found.mime,
        file_size: found.bytes.length,
        id: parts[1],
        messaging_product: "whatsapp",
      });
    }
    // POST /<version>/<phone number id>/media: an upload.
    if (request.method === "POST" && parts.length === 3 && parts[2] === "media") {
      const file = body.file as { name: string; type: string; bytes: Buffer } | undefined;
      if (!file || body.messaging_product !== "whatsapp")
        return json(response, 400, { error: { message: "(#100) The parameter file is required.", code: 100 } });
      counter += 1;
      const id = `upload-${counter}`;
      uploaded.set(id, { bytes: file.bytes, mime: String(body.type ?? file.type), name: file.name });
      return json(response, 200, { id });
    }
    // POST /<version>/<phone number id>/messages: a send, or marking a message read.
    if (request.method === "POST" && parts.length === 3 && parts[2] === "messages") {
      if (body.status === "read") return json(response, 200, { success: true });
      if (failed("messages", response)) return;
      counter += 1;
      const wamid = `wamid.fake-${counter}`;
      answered.set(body, wamid);
      return json(response, 200, {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: wamid }],
      });
    }
    json(response, 404, { error: { message: "Unknown path components", code: 2500 } });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    sends: () => requests.filter((request) => request.path.endsWith("/messages") && request.body.type !== undefined).map((request) => request.body),
    wamidOf: (send) => answered.get(send),
    addMedia(bytes, mime) {
      counter += 1;
      const id = `media-${counter}`;
      media.set(id, { bytes, mime });
      return id;
    },
    uploaded,
    failNext(failure, count = 1, on = "messages") {
      for (let i = 0; i < count; i++) failures[on].push(failure);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------- webhooks as WhatsApp posts them

/** A webhook's exact body and its X-Hub-Signature-256 header, signed with `appSecret`. */
export function signWebhook(payload: unknown, appSecret: string): { body: string; signature: string } {
  const body = JSON.stringify(payload);
  return { body, signature: `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}` };
}

/** Unix seconds, as WhatsApp writes them. */
export const waTime = (date: Date = new Date()): string => String(Math.floor(date.getTime() / 1000));

/** One `messages` change for a business number, around `value` (messages, statuses, contacts). */
export function webhookPayload(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: { messaging_product: "whatsapp", metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId }, ...value },
          },
        ],
      },
    ],
  };
}

/** A contact's text message. */
export function incomingText(phoneNumberId: string, input: { from: string; name?: string; id: string; text: string; at?: Date }) {
  return webhookPayload(phoneNumberId, {
    contacts: [{ profile: { name: input.name ?? "" }, wa_id: input.from }],
    messages: [{ from: input.from, id: input.id, timestamp: waTime(input.at), type: "text", text: { body: input.text } }],
  });
}

/** A contact's media message (image, document, audio) naming a media id of the fake. */
export function incomingMedia(
  phoneNumberId: string,
  input: { from: string; id: string; type: string; mediaId: string; mime: string; caption?: string; filename?: string; at?: Date },
) {
  return webhookPayload(phoneNumberId, {
    contacts: [{ profile: { name: "" }, wa_id: input.from }],
    messages: [
      {
        from: input.from,
        id: input.id,
        timestamp: waTime(input.at),
        type: input.type,
        [input.type]: {
          id: input.mediaId,
          mime_type: input.mime,
          sha256: "fake",
          ...(input.caption ? { caption: input.caption } : {}),
          ...(input.filename ? { filename: input.filename } : {}),
        },
      },
    ],
  });
}

/** A delivery state of one of our messages. */
export function statusUpdate(
  phoneNumberId: string,
  input: { wamid: string; status: string; recipient: string; ours?: number; at?: Date; error?: { code: number; title: string; message?: string } },
) {
  return webhookPayload(phoneNumberId, {
    statuses: [
      {
        id: input.wamid,
        status: input.status,
        timestamp: waTime(input.at),
        recipient_id: input.recipient,
        ...(input.ours === undefined ? {} : { biz_opaque_callback_data: String(input.ours) }),
        ...(input.error ? { errors: [{ code: input.error.code, title: input.error.title, message: input.error.message ?? input.error.title }] } : {}),
      },
    ],
  });
}

// ---------------------------------------------------------------- as a process, for the e2e specs

if (isEntryPoint(import.meta.url)) {
  const { WHATSAPP_APP_SECRET, WHATSAPP_ACCESS_TOKEN, GRAPH_FAKE_PORT, GRAPH_FAKE_WEBHOOK_URL } = process.env;
  if (!WHATSAPP_APP_SECRET || !WHATSAPP_ACCESS_TOKEN || !GRAPH_FAKE_WEBHOOK_URL) {
    console.error("graph-fake: set WHATSAPP_APP_SECRET, WHATSAPP_ACCESS_TOKEN and GRAPH_FAKE_WEBHOOK_URL (and optionally GRAPH_FAKE_PORT).");
    process.exit(1);
  }
  const text = (value: unknown): string => (typeof value === "string" ? value : "");
  /** Posts a webhook to the app as Meta does (signed) and answers the app's status and body. */
  const deliver = async (payload: unknown) => {
    const { body, signature } = signWebhook(payload, WHATSAPP_APP_SECRET);
    const answer = await fetch(GRAPH_FAKE_WEBHOOK_URL, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      body,
    });
    const reply = await answer.text();
    let parsed: unknown = reply;
    try {
      parsed = JSON.parse(reply);
    } catch {
      // Not JSON: the text as it came.
    }
    return { status: answer.status, body: { status: answer.status, answer: parsed } };
  };
  let fake: GraphFake | undefined;
  fake = await startGraphFake({
    accessToken: WHATSAPP_ACCESS_TOKEN,
    port: GRAPH_FAKE_PORT ? Number(GRAPH_FAKE_PORT) : 0,
    control: async (request, path, body) => {
      // Playwright's webServer waits for the root to answer.
      if (request.method === "GET" && path === "/") return { status: 200, body: { fake: "graph" } };
      if (!path.startsWith("/_fake/")) return undefined;
      if (request.method === "GET" && path === "/_fake/sends") {
        const sends = fake?.sends() ?? [];
        return { status: 200, body: sends.map((send) => ({ ...send, wamid: fake?.wamidOf(send) ?? null })) };
      }
      if (request.method === "POST" && path === "/_fake/incoming") {
        return deliver(incomingText(text(body.phoneNumberId), { from: text(body.from), name: text(body.name), id: text(body.id), text: text(body.text) }));
      }
      if (request.method === "POST" && path === "/_fake/status") {
        return deliver(statusUpdate(text(body.phoneNumberId), { wamid: text(body.wamid), status: text(body.status), recipient: text(body.recipient) }));
      }
      return { status: 404, body: { error: `no control route ${request.method} ${path}` } };
    },
  });
  console.log(fake.url);
  const running = fake;
  const stop = () => void running.close().finally(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
