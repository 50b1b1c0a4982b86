import OpenAI, { APIConnectionTimeoutError, APIError } from "openai";

/**
 * The one port to a language model: any OpenAI-compatible endpoint (OpenAI, Azure OpenAI's v1
 * API, Ollama, vLLM, llama.cpp's server), through the official SDK so the wire format, SSE parsing
 * and error classes are the maintained ones. The rest of the module sees only turns in, text and
 * usage out, and AiProviderError, whose message never holds the key or what the provider said (a
 * provider's error text can echo part of the key, or the prompt).
 *
 * Deliberate choices:
 *  - no retries (`maxRetries: 0`): a user is waiting, and the answer fails visibly instead of
 *    tripling the wait; the user asks again;
 *  - one deadline, timeoutMs, for the whole streamed answer, not only its headers: a provider that
 *    starts and then stalls would otherwise hold the request until Node's five-minute body timeout;
 *  - a caller's abort (the user left) ends quietly: it is no failure of the provider.
 */

export interface AiProviderSettings {
  /** The API's base, `/v1` included: https://api.openai.com/v1, http://127.0.0.1:11434/v1. */
  baseUrl: string;
  /** null: none sent (local servers need none). */
  apiKey: string | null;
  model: string;
  embeddingModel: string;
  timeoutMs: number;
  maxTokens: number;
}

export interface ChatTurn {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatUsage {
  tokensIn: number;
  tokensOut: number;
}

/** Text as the model writes it; then one usage, last (the provider's, or an estimate when it sends none). */
export type ChatChunk = { type: "delta"; text: string } | { type: "usage"; usage: ChatUsage };

export type AiProviderErrorCode = "timeout" | "providerError";

/** A provider's failure: only the kind and the HTTP status, safe to show, store and log. */
export class AiProviderError extends Error {
  readonly code: AiProviderErrorCode;
  /** The provider's HTTP status; null when there was none (no connection, timeout, unreadable answer). */
  readonly status: number | null;

  constructor(code: AiProviderErrorCode, status: number | null = null) {
    // No `cause`: the SDK's error carries the provider's body, which loggers would print.
    super(
      code === "timeout"
        ? "The AI provider did not answer in time."
        : status === null
          ? "The AI provider could not be reached or sent an unreadable answer."
          : `The AI provider answered with an error (HTTP ${status}).`,
    );
    this.name = "AiProviderError";
    this.code = code;
    this.status = status;
  }
}

/** For logs: the failure's kind and status only, whatever was thrown. */
export function describeProviderError(error: unknown): string {
  if (error instanceof AiProviderError) return error.status === null ? `ai provider ${error.code}` : `ai provider ${error.code} (HTTP ${error.status})`;
  // Anything else is ours, not the provider's; its name is enough to look for it, its message may quote a request.
  return `ai provider unexpected ${error instanceof Error ? error.name : typeof error}`;
}

/** At most this many texts per embeddings request: providers cap a request's inputs (OpenAI at 2048, some local servers far lower). */
const EMBEDDING_BATCH = 64;

const AZURE_HOST = /\.(?:openai\.azure\.com|cognitiveservices\.azure\.com)$/;

const hostOf = (baseUrl: string): string => {
  try {
    return new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return "";
  }
};

function clientFor(settings: AiProviderSettings): OpenAI {
  const apiKey = settings.apiKey || null;
  const azure = AZURE_HOST.test(hostOf(settings.baseUrl));
  return new OpenAI({
    baseURL: settings.baseUrl,
    // The SDK will not start without a credential. With no key, this placeholder's Authorization
    // header is removed below (a null default header), so a local server receives no credential at all.
    apiKey: apiKey ?? "no-key",
    defaultHeaders: apiKey === null ? { Authorization: null } : azure ? { "api-key": apiKey } : {},
    // Set, so the SDK does not pick them up from the environment (OPENAI_ORG_ID…) and send them to any provider.
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 0,
    timeout: Math.max(1, Math.ceil(settings.timeoutMs)),
    // A key must not follow a redirect to another host (fetch drops Authorization there, not api-key).
    fetchOptions: { redirect: "error" },
    // The SDK logs unparsable chunks with their text; our logs go through describeProviderError.
    logLevel: "off",
  });
}

/**
 * OpenAI's reasoning models (o-series, gpt-5) refuse `max_tokens` and take `max_completion_tokens`,
 * which OpenAI and Azure accept for every model; local servers (Ollama, llama.cpp, older vLLM)
 * know only `max_tokens`.
 */
function answerLimit(settings: AiProviderSettings): { max_tokens: number } | { max_completion_tokens: number } {
  const host = hostOf(settings.baseUrl);
  return host === "api.openai.com" || AZURE_HOST.test(host) ? { max_completion_tokens: settings.maxTokens } : { max_tokens: settings.maxTokens };
}

/** What the SDK threw, as an AiProviderError: the status kept, the provider's text dropped. */
function toProviderError(error: unknown): AiProviderError {
  if (error instanceof AiProviderError) return error;
  if (error instanceof APIConnectionTimeoutError) return new AiProviderError("timeout");
  if (error instanceof APIError && typeof error.status === "number") return new AiProviderError("providerError", error.status);
  // No connection, a malformed chunk (SyntaxError), an error event in the stream.
  return new AiProviderError("providerError");
}

/** Tokens as most tokenizers count English on average: a figure for usage and cost when the provider gives none. */
const estimateTokens = (characters: number): number => Math.ceil(characters / 4);

/** A deadline of timeoutMs joined to the caller's signal, telling afterwards which of the two ended a request. */
function deadlineFor(settings: AiProviderSettings, signal: AbortSignal | undefined) {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
  return {
    signal: signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal,
    /** The deadline passed (and the caller had not left first). */
    expired: () => deadline.signal.aborted && !signal?.aborted,
    clear: () => clearTimeout(timer),
  };
}

/**
 * Streams the model's answer to `turns`: deltas as they come, then one usage. Throws
 * AiProviderError ("timeout" past timeoutMs for the whole answer, "providerError" otherwise),
 * possibly after some deltas; returns quietly when `signal` aborts.
 */
export async function* streamChat(settings: AiProviderSettings, turns: ChatTurn[], signal?: AbortSignal): AsyncGenerator<ChatChunk> {
  if (signal?.aborted) return;
  const deadline = deadlineFor(settings, signal);
  let usage: ChatUsage | null = null;
  let answerCharacters = 0;
  let chunks = 0;
  try {
    try {
      const stream = await clientFor(settings).chat.completions.create(
        {
          model: settings.model,
          messages: turns.map(({ role, content }) => ({ role, content })),
          stream: true,
          stream_options: { include_usage: true },
          ...answerLimit(settings),
        },
        { signal: deadline.signal },
      );
      for await (const chunk of stream) {
        chunks += 1;
        // Some servers (vLLM with continuous usage) send usage on every chunk: the last one counts.
        if (chunk.usage) usage = { tokensIn: chunk.usage.prompt_tokens ?? 0, tokensOut: chunk.usage.completion_tokens ?? 0 };
        const text = chunk.choices?.[0]?.delta?.content;
        if (text) {
          answerCharacters += text.length;
          yield { type: "delta", text };
        }
      }
    } catch (error) {
      if (signal?.aborted) return;
      if (deadline.expired()) throw new AiProviderError("timeout");
      throw toProviderError(error);
    }
    // An abort mid-stream ends the SDK's iteration without an error: tell the two aborts apart here.
    if (signal?.aborted) return;
    if (deadline.expired()) throw new AiProviderError("timeout");
    // A 200 whose body held no event (an HTML page, a JSON body): no OpenAI-compatible answer.
    if (chunks === 0) throw new AiProviderError("providerError");
    yield {
      type: "usage",
      usage: usage ?? {
        tokensIn: estimateTokens(turns.reduce((sum, turn) => sum + turn.content.length, 0)),
        tokensOut: estimateTokens(answerCharacters),
      },
    };
  } finally {
    deadline.clear();
  }
}

/**
 * Embeds `inputs` with settings.embeddingModel: one L2-normalised vector per input, in their
 * order, requested 64 at a time, each request within timeoutMs. Throws AiProviderError; when
 * `signal` aborts, rejects with its reason (as fetch does).
 */
export async function embedTexts(settings: AiProviderSettings, inputs: string[], signal?: AbortSignal): Promise<number[][]> {
  if (inputs.length === 0) return [];
  if (!settings.embeddingModel) throw new Error("embedTexts needs an embeddings model.");
  const client = clientFor(settings);
  const vectors: number[][] = [];
  for (let start = 0; start < inputs.length; start += EMBEDDING_BATCH) {
    signal?.throwIfAborted();
    const batch = inputs.slice(start, start + EMBEDDING_BATCH);
    // Every request is covered, body included: the SDK's own timeout stops at the headers.
    const deadline = deadlineFor(settings, signal);
    try {
      // float, not the SDK's default base64: not every local server speaks base64.
      const answer = await client.embeddings.create({ model: settings.embeddingModel, input: batch, encoding_format: "float" }, { signal: deadline.signal });
      vectors.push(...readEmbeddings(answer.data, batch.length));
    } catch (error) {
      signal?.throwIfAborted();
      if (deadline.expired()) throw new AiProviderError("timeout");
      throw toProviderError(error);
    } finally {
      deadline.clear();
    }
  }
  if (vectors.some((vector) => vector.length !== vectors[0]?.length)) throw new AiProviderError("providerError");
  return vectors;
}

/** The answer's vectors in input order (by `index`), normalised; a missing or malformed one is the provider's error. */
function readEmbeddings(data: unknown, expected: number): number[][] {
  if (!Array.isArray(data) || data.length !== expected) throw new AiProviderError("providerError");
  const vectors = new Array<number[]>(expected);
  for (const [position, item] of data.entries()) {
    const { index, embedding } = (item ?? {}) as { index?: unknown; embedding?: unknown };
    const at = typeof index === "number" ? index : position;
    const valid = Array.isArray(embedding) && embedding.length > 0 && embedding.every((value) => typeof value === "number" && Number.isFinite(value));
    if (!valid || !Number.isInteger(at) || at < 0 || at >= expected || vectors[at]) throw new AiProviderError("providerError");
    vectors[at] = normalise(embedding as number[]);
  }
  return vectors;
}

/** Unit length, so a dot product is the cosine similarity; a zero vector stays zero. */
function normalise(vector: number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  return norm === 0 ? vector.slice() : vector.map((value) => value / norm);
}
