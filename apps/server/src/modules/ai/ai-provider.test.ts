import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_CHAT_MODEL, FAKE_EMBEDDING_MODEL, fakeEmbedding, type OpenAiFake, startOpenAiFake } from "../../../test/openai-fake.ts";
import { AiProviderError, type AiProviderSettings, type ChatChunk, type ChatTurn, describeProviderError, embedTexts, streamChat } from "./ai-provider.ts";

/** The provider port against a local OpenAI-compatible fake: nothing leaves the machine. */

const API_KEY = "sk-test-Secret0123456789abcdef";

let fake: OpenAiFake;
let keyed: OpenAiFake;

beforeAll(async () => {
  fake = await startOpenAiFake();
  // A fake that wants a key, as OpenAI: it answers 401 with an echo of the key it was given.
  keyed = await startOpenAiFake({ apiKey: API_KEY });
});
afterAll(async () => {
  await fake.close();
  await keyed.close();
});
beforeEach(() => {
  for (const server of [fake, keyed]) {
    server.requests.length = 0;
    server.mode = "ok";
    server.reply = null;
    server.streamUsage = true;
  }
});

const settingsFor = (server: OpenAiFake, changes: Partial<AiProviderSettings> = {}): AiProviderSettings => ({
  baseUrl: server.url,
  apiKey: null,
  model: FAKE_CHAT_MODEL,
  embeddingModel: FAKE_EMBEDDING_MODEL,
  timeoutMs: 5000,
  maxTokens: 321,
  ...changes,
});

const turns: ChatTurn[] = [
  { role: "system", content: "You are the clinic's assistant." },
  { role: "user", content: "How do I do the balance exercise?" },
];

async function collect(generator: AsyncGenerator<ChatChunk>): Promise<ChatChunk[]> {
  const chunks: ChatChunk[] = [];
  for await (const chunk of generator) chunks.push(chunk);
  return chunks;
}

/** The error a promise rejects with (failing the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<AiProviderError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AiProviderError);
  return error as AiProviderError;
}

const deltasOf = (chunks: ChatChunk[]): string[] => chunks.flatMap((chunk) => (chunk.type === "delta" ? [chunk.text] : []));

describe("streamChat", () => {
  it("streams the answer's deltas in order, then the provider's usage", async () => {
    fake.reply = "Stand with your feet together and hold the chair for thirty seconds.";
    const chunks = await collect(streamChat(settingsFor(fake), turns));
    const deltas = deltasOf(chunks);
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join("")).toBe(fake.reply);
    // The fake counts words: 5 + 7 in, 12 out; usage comes once, last.
    expect(chunks.at(-1)).toEqual({ type: "usage", usage: { tokensIn: 12, tokensOut: 12 } });
    expect(chunks.filter((chunk) => chunk.type === "usage")).toHaveLength(1);
  });

  it("sends the turns, the model, the answer limit and asks for usage", async () => {
    await collect(streamChat(settingsFor(fake), turns));
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.body).toMatchObject({
      model: FAKE_CHAT_MODEL,
      messages: turns,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 321,
    });
  });

  it("answers from source 1 by default (the fake's rule the end-to-end specs rely on)", async () => {
    const withSources: ChatTurn[] = [
      {
        role: "system",
        content: "Answer from the sources.\n\n[1] Title: Balance training\nStand on one foot near a wall. Then switch.\n[2] Title: Gaze\nLook at a target.",
      },
      { role: "user", content: "How do I train balance?" },
    ];
    expect(deltasOf(await collect(streamChat(settingsFor(fake), withSources))).join("")).toBe("According to [1], Stand on one foot near a wall.");
    expect(deltasOf(await collect(streamChat(settingsFor(fake), turns))).join("")).toBe("I could not find this in your clinic's content.");
  });

  it("estimates the usage when the provider sends none", async () => {
    fake.streamUsage = false;
    fake.reply = "12345678";
    const chunks = await collect(streamChat(settingsFor(fake), turns));
    const prompt = turns.reduce((sum, turn) => sum + turn.content.length, 0);
    expect(chunks.at(-1)).toEqual({ type: "usage", usage: { tokensIn: Math.ceil(prompt / 4), tokensOut: 2 } });
  });

  it("sends the key as a bearer token, and no Authorization at all without one", async () => {
    await collect(streamChat(settingsFor(keyed, { apiKey: API_KEY }), turns));
    expect(keyed.requests[0]?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(keyed.requests[0]?.apiKey).toBeUndefined();

    await collect(streamChat(settingsFor(fake, { apiKey: null }), turns));
    expect(fake.requests[0]?.authorization).toBeUndefined();
    expect(fake.requests[0]?.apiKey).toBeUndefined();
  });

  it("fails with the status on a refused key, and says nothing of the key", async () => {
    const wrongKey = "sk-test-Wrong9876543210zyxwvu";
    const error = await failure(collect(streamChat(settingsFor(keyed, { apiKey: wrongKey }), turns)));
    expect(error).toMatchObject({ code: "providerError", status: 401 });
    for (const text of [error.message, describeProviderError(error), String(error), JSON.stringify(error)]) {
      expect(text).not.toContain(wrongKey);
      expect(text).not.toContain("Incorrect API key");
    }
    expect(describeProviderError(error)).toBe("ai provider providerError (HTTP 401)");
  });

  it("fails with the status on a server error, without the provider's text", async () => {
    fake.mode = "error500";
    const error = await failure(collect(streamChat(settingsFor(fake, { apiKey: API_KEY }), turns)));
    expect(error).toMatchObject({ code: "providerError", status: 500 });
    expect(error.message).not.toContain("Internal detail");
    expect(error.message).not.toContain(API_KEY);
    expect(describeProviderError(error)).not.toContain(API_KEY);
    // No retry: one request.
    expect(fake.requests).toHaveLength(1);
  });

  it("times out when the provider never answers", async () => {
    fake.mode = "hang";
    const error = await failure(collect(streamChat(settingsFor(fake, { timeoutMs: 300 }), turns)));
    expect(error).toMatchObject({ code: "timeout", status: null });
    expect(describeProviderError(error)).toBe("ai provider timeout");
  });

  it("times out when the provider stalls mid-answer, after what it sent", async () => {
    fake.mode = "stall";
    fake.reply = "First words here and then nothing more.";
    const chunks: ChatChunk[] = [];
    const error = await failure(
      (async () => {
        for await (const chunk of streamChat(settingsFor(fake, { timeoutMs: 300 }), turns)) chunks.push(chunk);
      })(),
    );
    expect(error.code).toBe("timeout");
    expect(deltasOf(chunks)).toEqual(["First words here "]);
  });

  it("fails on a stream that is not OpenAI's SSE", async () => {
    fake.mode = "garbage";
    const error = await failure(collect(streamChat(settingsFor(fake), turns)));
    expect(error).toMatchObject({ code: "providerError", status: null });
  });

  it("fails on a 200 that holds no event at all", async () => {
    // A server that ignores `stream` and answers a plain JSON body.
    const plain = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ hello: "world" }));
    });
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/v1`;
      const error = await failure(collect(streamChat({ ...settingsFor(fake), baseUrl }, turns)));
      expect(error.code).toBe("providerError");
    } finally {
      plain.closeAllConnections();
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });

  it("fails when the provider cannot be reached", async () => {
    const closed = await startOpenAiFake();
    const baseUrl = closed.url;
    await closed.close();
    const error = await failure(collect(streamChat({ ...settingsFor(fake), baseUrl }, turns)));
    expect(error).toMatchObject({ code: "providerError", status: null });
  });

  it("ends quietly when the caller aborts mid-answer", async () => {
    fake.mode = "stall";
    fake.reply = "First words here and then nothing more.";
    const caller = new AbortController();
    const generator = streamChat(settingsFor(fake), turns, caller.signal);
    expect(await generator.next()).toEqual({ done: false, value: { type: "delta", text: "First words here " } });
    const next = generator.next();
    caller.abort();
    expect(await next).toEqual({ done: true, value: undefined });
  });

  it("ends quietly when the caller aborts before the provider answers, or before asking", async () => {
    fake.mode = "hang";
    const caller = new AbortController();
    const generator = streamChat(settingsFor(fake), turns, caller.signal);
    const next = generator.next();
    // Once the request reached the fake.
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    caller.abort();
    expect(await next).toEqual({ done: true, value: undefined });

    expect(await collect(streamChat(settingsFor(fake), turns, AbortSignal.abort()))).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });
});

describe("embedTexts", () => {
  it("answers normalised vectors in the inputs' order, 64 inputs a request at most", async () => {
    const inputs = Array.from({ length: 70 }, (_, i) => `Exercise ${i} for balance and gaze, número ${i % 7}`);
    const vectors = await embedTexts(settingsFor(fake), inputs);
    expect(vectors).toHaveLength(70);
    for (const [i, vector] of vectors.entries()) {
      expect(Math.hypot(...vector)).toBeCloseTo(1, 6);
      const expected = fakeEmbedding(inputs[i] ?? "");
      expect(vector).toHaveLength(expected.length);
      expect(Math.max(...vector.map((value, d) => Math.abs(value - (expected[d] ?? Number.NaN))))).toBeLessThan(1e-9);
    }
    expect(fake.requests.map((request) => (request.body.input as string[]).length)).toEqual([64, 6]);
    expect(fake.requests[0]?.path).toBe("/v1/embeddings");
    expect(fake.requests[0]?.body).toMatchObject({ model: FAKE_EMBEDDING_MODEL, encoding_format: "float" });
  });

  it("normalises what the provider did not", async () => {
    // A provider answering raw vectors: [3, 4] must come back as [0.6, 0.8].
    const raw = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          object: "list",
          // Out of order on purpose: `index` decides.
          data: [
            { object: "embedding", index: 1, embedding: [0, 2] },
            { object: "embedding", index: 0, embedding: [3, 4] },
          ],
          model: "raw",
          usage: { prompt_tokens: 2, total_tokens: 2 },
        }),
      );
    });
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/v1`;
      const vectors = await embedTexts({ ...settingsFor(fake), baseUrl }, ["first", "second"]);
      expect(vectors[0]?.[0]).toBeCloseTo(0.6, 9);
      expect(vectors[0]?.[1]).toBeCloseTo(0.8, 9);
      expect(vectors[1]).toEqual([0, 1]);
    } finally {
      raw.closeAllConnections();
      await new Promise<void>((resolve) => raw.close(() => resolve()));
    }
  });

  it("asks nothing for no input", async () => {
    expect(await embedTexts(settingsFor(fake), [])).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("fails as the chat does: status kept, key and provider text dropped", async () => {
    fake.mode = "error500";
    const error = await failure(embedTexts(settingsFor(fake, { apiKey: API_KEY }), ["a", "b"]));
    expect(error).toMatchObject({ code: "providerError", status: 500 });
    expect(`${error.message} ${describeProviderError(error)}`).not.toContain(API_KEY);

    fake.mode = "stall";
    expect(await failure(embedTexts(settingsFor(fake, { timeoutMs: 300 }), ["a"]))).toMatchObject({ code: "timeout" });

    fake.mode = "garbage";
    expect(await failure(embedTexts(settingsFor(fake), ["a"]))).toMatchObject({ code: "providerError" });
  });

  it("rejects with the caller's abort", async () => {
    const reason = new Error("left");
    await expect(embedTexts(settingsFor(fake), ["a"], AbortSignal.abort(reason))).rejects.toBe(reason);
  });
});

describe("describeProviderError", () => {
  it("names only what is safe to log", () => {
    expect(describeProviderError(new AiProviderError("providerError"))).toBe("ai provider providerError");
    expect(describeProviderError(new TypeError(`fetch failed for ${API_KEY}`))).toBe("ai provider unexpected TypeError");
    expect(describeProviderError("text")).toBe("ai provider unexpected string");
  });
});
