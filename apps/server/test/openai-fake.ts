import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isEntryPoint } from "./entry-point.ts";

/**
 * A small local stand-in for an OpenAI-compatible API (what Ollama, vLLM, llama.cpp and OpenAI
 * itself answer) on 127.0.0.1, for the AI chat's provider port (modules/ai/ai-provider.ts): chat
 * completions, streamed or not, embeddings and the model list. It records every request for
 * assertions and misbehaves on demand (`mode`), so tests cover the failures real providers have.
 *
 * Its answers are deterministic, so tests and the end-to-end specs can assert on them:
 *  - chat: `reply` when set; otherwise made from the request (see `defaultReply`);
 *  - embeddings: a hashed bag of words (see `fakeEmbedding`);
 *  - usage: tokens counted as whitespace-separated words.
 *
 * Run as a process (`npx tsx apps/server/test/openai-fake.ts`, port from OPENAI_FAKE_PORT) it
 * also answers control routes for the end-to-end specs: POST /_fake/mode `{ mode }`, POST
 * /_fake/reply `{ reply }` (null: the default), GET /_fake/requests, POST /_fake/reset.
 */

export const FAKE_CHAT_MODEL = "fake-chat";
export const FAKE_EMBEDDING_MODEL = "fake-embed";
export const FAKE_EMBEDDING_DIMENSIONS = 64;

/** The answer when the request holds no numbered sources. */
export const FAKE_NO_SOURCE_REPLY = "I could not find this in your clinic's content.";

/**
 * ok: answers normally; error500: HTTP 500 with an error body; hang: never answers (not even
 * headers); stall: a streamed chat sends its headers and one delta, then nothing (other calls
 * send their headers and half a body); garbage: 200 text/event-stream whose lines are not SSE
 * or not JSON (other calls: 200 with a body that is not JSON).
 */
export const OPENAI_FAKE_MODES = ["ok", "error500", "hang", "stall", "garbage"] as const;
export type OpenAiFakeMode = (typeof OPENAI_FAKE_MODES)[number];

export interface OpenAiFakeRequest {
  method: string;
  /** Without the query string: `/v1/chat/completions`. */
  path: string;
  authorization: string | undefined;
  /** The `api-key` header (Azure's way to send a key). */
  apiKey: string | undefined;
  /** The JSON body as parsed; `{ raw }` when it is not JSON; `{}` when empty. */
  body: Record<string, unknown>;
}

export interface OpenAiFake {
  /** http://127.0.0.1:<port>/v1: a provider's base URL. */
  url: string;
  requests: OpenAiFakeRequest[];
  mode: OpenAiFakeMode;
  /** The chat answer; null (the default): `defaultReply` of the request. */
  reply: string | null;
  /** false: a stream never carries usage, even when asked (as servers that ignore stream_options). Default true. */
  streamUsage: boolean;
  close(): Promise<void>;
}

export interface OpenAiFakeOptions {
  /** 0 (the default): any free port. */
  port?: number;
  /** When set, a request must carry it (as `Authorization: Bearer` or `api-key`) or gets a 401 as OpenAI's. Unset: no key needed, as a local server. */
  apiKey?: string;
}

interface ChatMessage {
  role: string;
  content: string;
}

/** Counts tokens as words: deterministic and close enough for usage figures. */
export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** Lower-case words with accents stripped: "Ejercício, BALANCE!" → ["ejercicio", "balance"]. */
export const fakeWords = (text: string): string[] =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** FNV-1a, 32 bits: a stable, well-spread hash of a word. */
function hashWord(word: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(word, "utf8")) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The fake's embedding of a text: each word (see `fakeWords`) adds 1 to dimension hash(word) mod
 * 64, then the vector is L2-normalised (all zeros for a text without words). Texts sharing words
 * are close, so retrieval tests can reason about which passage wins.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of fakeWords(text)) vector[hashWord(word) % FAKE_EMBEDDING_DIMENSIONS] += 1;
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/** A message's text: a string, or the text parts of a content array. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === "object" && typeof (part as { text?: unknown }).text === "string" ? (part as { text: string }).text : ""))
      .join("");
  }
  return "";
}

function messagesOf(body: Record<string, unknown>): ChatMessage[] {
  if (!Array.isArray(body.messages)) return [];
  return body.messages.map((message) => ({
    role: String((message as { role?: unknown })?.role ?? ""),
    content: textOf((message as { content?: unknown })?.content),
  }));
}

/**
 * The chat answer when `reply` is null, deterministic so the specs can assert on it:
 *
 * It looks for source 1 in the system messages and the last user message (in that order): a line
 * starting with `[1]` (the prompt's numbered source list, `[1] Title: …`). Source 1's text is the
 * lines after that line, up to the next line starting with `[<n>]` or the end of the message (a
 * leading `Text:`/`Content:`/`Excerpt:` label dropped); when there are none, the rest of the `[1]`
 * line itself. Its first sentence runs to the first `.`, `!` or `?` followed by a space or the end
 * (the mark kept), else to the end of its first line. The answer is then
 * `According to [1], <first sentence>` — else FAKE_NO_SOURCE_REPLY.
 */
export function defaultReply(messages: ChatMessage[]): string {
  const lastUser = [...messages].reverse().find((message) => message.role === "user");
  const places = [...messages.filter((message) => message.role === "system"), ...(lastUser ? [lastUser] : [])];
  for (const { content } of places) {
    const lines = content.split(/\r?\n/);
    const start = lines.findIndex((line) => line.trimStart().startsWith("[1]"));
    if (start < 0) continue;
    const after: string[] = [];
    for (const line of lines.slice(start + 1)) {
      if (/^\s*\[\d+\]/.test(line)) break;
      after.push(line);
    }
    let text = after.join("\n").trim();
    if (!text) text = (lines[start] ?? "").trimStart().slice(3).trim();
    text = text.replace(/^(?:text|content|excerpt)\s*:\s*/i, "");
    const sentence = /^[\s\S]*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text.split(/\r?\n/)[0] ?? "";
    const cleaned = sentence.replace(/\s+/g, " ").trim();
    if (cleaned) return `According to [1], ${cleaned}`;
  }
  return FAKE_NO_SOURCE_REPLY;
}

/** The reply in pieces of three words, each with its trailing space, so the client sees several deltas. */
function pieces(text: string): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += 3) out.push(words.slice(i, i + 3).join(""));
  return out;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { raw };
  } catch {
    return { raw };
  }
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
};

const SSE_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" };

export async function startOpenAiFake(options: OpenAiFakeOptions = {}): Promise<OpenAiFake> {
  let counter = 0;
  const fake: OpenAiFake = {
    url: "",
    requests: [],
    mode: "ok",
    reply: null,
    streamUsage: true,
    close: async () => undefined,
  };

  /** Answers the modes that refuse any call (error500) or never answer (hang); true when the request is thereby dealt with. */
  const refused = (response: ServerResponse): boolean => {
    if (fake.mode === "error500") {
      // Like OpenAI's own, with text a client must not show or log as is.
      json(response, 500, {
        error: { message: "The server had an error while processing your request. Internal detail 7f3a.", type: "server_error", code: null },
      });
      return true;
    }
    // hang: the socket stays open, unanswered, until the client gives up or close() ends it.
    return fake.mode === "hang";
  };

  const chatCompletions = (body: Record<string, unknown>, response: ServerResponse) => {
    if (refused(response)) return;
    const messages = messagesOf(body);
    const model = typeof body.model === "string" ? body.model : FAKE_CHAT_MODEL;
    const answer = fake.reply ?? defaultReply(messages);
    const usage = {
      prompt_tokens: messages.reduce((sum, message) => sum + countWords(message.content), 0),
      completion_tokens: countWords(answer),
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    counter += 1;
    const id = `chatcmpl-fake-${counter}`;
    const created = Math.floor(Date.now() / 1000);

    if (body.stream !== true) {
      if (fake.mode === "stall") {
        response.writeHead(200, { "content-type": "application/json" });
        response.write('{"id":"');
        return;
      }
      if (fake.mode === "garbage") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end("<html>not json</html>");
        return;
      }
      return json(response, 200, {
        id,
        object: "chat.completion",
        created,
        model,
        choices: [{ index: 0, message: { role: "assistant", content: answer, refusal: null }, logprobs: null, finish_reason: "stop" }],
        usage,
      });
    }

    response.writeHead(200, SSE_HEADERS);
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      id,
      object: "chat.completion.chunk",
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
    const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
    if (fake.mode === "garbage") {
      // A body that is not SSE at all, then an SSE line whose data is not JSON.
      response.write("<html><body>Bad gateway</body></html>\n\n");
      response.end("data: {this is not json\n\n");
      return;
    }
    send(chunk({ role: "assistant", content: "" }, null));
    const parts = pieces(answer);
    if (fake.mode === "stall") {
      // Headers and one delta, then silence with the connection open: a provider stuck mid-answer.
      send(chunk({ content: parts[0] ?? "" }, null));
      return;
    }
    for (const part of parts) send(chunk({ content: part }, null));
    send(chunk({}, "stop"));
    const streamOptions = body.stream_options as { include_usage?: unknown } | undefined;
    if (streamOptions?.include_usage === true && fake.streamUsage) send({ id, object: "chat.completion.chunk", created, model, choices: [], usage });
    response.end("data: [DONE]\n\n");
  };

  const embeddings = (body: Record<string, unknown>, response: ServerResponse) => {
    if (refused(response)) return;
    if (fake.mode === "stall") {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"object":"list","data":[');
      return;
    }
    if (fake.mode === "garbage") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end("<html>not json</html>");
      return;
    }
    const inputs = typeof body.input === "string" ? [body.input] : Array.isArray(body.input) ? body.input.map((input) => String(input)) : null;
    if (!inputs || inputs.length === 0) {
      return json(response, 400, {
        error: { message: "'input' must be a string or an array of strings.", type: "invalid_request_error", param: "input", code: null },
      });
    }
    // The SDK asks for base64 unless told otherwise: answer both as OpenAI does.
    const base64 = body.encoding_format === "base64";
    return json(response, 200, {
      object: "list",
      model: typeof body.model === "string" ? body.model : FAKE_EMBEDDING_MODEL,
      data: inputs.map((input, index) => {
        const vector = fakeEmbedding(input);
        return { object: "embedding", index, embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString("base64") : vector };
      }),
      usage: {
        prompt_tokens: inputs.reduce((sum, input) => sum + countWords(input), 0),
        total_tokens: inputs.reduce((sum, input) => sum + countWords(input), 0),
      },
    });
  };

  /** The /_fake/ control routes of the end-to-end specs; undefined for other paths. */
  const control = (method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } | undefined => {
    // Playwright's webServer waits for the root to answer.
    if (method === "GET" && path === "/") return { status: 200, body: { fake: "openai" } };
    if (!path.startsWith("/_fake/")) return undefined;
    if (method === "GET" && path === "/_fake/requests") {
      // Absent headers as null: JSON would drop an undefined, and a spec asserts their absence.
      return {
        status: 200,
        body: fake.requests.map((recorded) => ({ ...recorded, authorization: recorded.authorization ?? null, apiKey: recorded.apiKey ?? null })),
      };
    }
    if (method === "POST" && path === "/_fake/mode") {
      if (!OPENAI_FAKE_MODES.includes(body.mode as OpenAiFakeMode)) return { status: 400, body: { error: `mode is one of ${OPENAI_FAKE_MODES.join(", ")}` } };
      fake.mode = body.mode as OpenAiFakeMode;
      return { status: 200, body: { mode: fake.mode } };
    }
    if (method === "POST" && path === "/_fake/reply") {
      fake.reply = typeof body.reply === "string" ? body.reply : null;
      return { status: 200, body: { reply: fake.reply } };
    }
    if (method === "POST" && path === "/_fake/reset") {
      fake.requests.length = 0;
      fake.mode = "ok";
      fake.reply = null;
      fake.streamUsage = true;
      return { status: 200, body: { reset: true } };
    }
    return { status: 404, body: { error: `no control route ${method} ${path}` } };
  };

  const server = createServer(async (request, response) => {
    const method = request.method ?? "GET";
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const body = await readJson(request);
    const controlled = control(method, path, body);
    if (controlled) return json(response, controlled.status, controlled.body);

    const header = (name: string): string | undefined => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    };
    const authorization = header("authorization");
    const apiKey = header("api-key");
    fake.requests.push({ method, path, authorization, apiKey, body });

    if (options.apiKey && authorization !== `Bearer ${options.apiKey}` && apiKey !== options.apiKey) {
      // OpenAI echoes part of the key it was given: a client must not pass this text on.
      const given = (authorization ?? apiKey ?? "").replace(/^Bearer /, "");
      return json(response, 401, {
        error: {
          message: `Incorrect API key provided: ${given}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: "invalid_request_error",
          code: "invalid_api_key",
        },
      });
    }
    if (method === "POST" && path === "/v1/chat/completions") return chatCompletions(body, response);
    if (method === "POST" && path === "/v1/embeddings") return embeddings(body, response);
    if (method === "GET" && path === "/v1/models") {
      const created = 1_700_000_000;
      return json(response, 200, {
        object: "list",
        data: [FAKE_CHAT_MODEL, FAKE_EMBEDDING_MODEL].map((id) => ({ id, object: "model", created, owned_by: "openai-fake" })),
      });
    }
    json(response, 404, { error: { message: `Unknown request URL: ${method} ${path}.`, type: "invalid_request_error", code: "unknown_url" } });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      // Hanging and stalled answers keep their sockets open: end them, or close() would wait for ever.
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

// ---------------------------------------------------------------- as a process, for the e2e specs

if (isEntryPoint(import.meta.url)) {
  const { OPENAI_FAKE_PORT } = process.env;
  const fake = await startOpenAiFake({ port: OPENAI_FAKE_PORT ? Number(OPENAI_FAKE_PORT) : 0 });
  console.log(fake.url);
  const stop = () => void fake.close().finally(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
