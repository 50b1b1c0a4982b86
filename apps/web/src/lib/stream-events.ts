import { ApiError, apiErrorOf } from "./api.ts";

// Apart from api.ts, whose chunk the sign-in page loads too (held to 150 kB gzip): only the screens that stream load this.

/** The longest event a stream may send (characters): past it the stream is garbage, not an answer. */
const MAX_STREAM_EVENT = 1_000_000;

/**
 * A call that answers server-sent events (text/event-stream), as the AI widget's ask: POSTs
 * `body` as JSON with the same session cookie and ApiError contract as `api` (a refusal before
 * the stream, 400/404/429, is its JSON error), then yields each event's `data:` payload parsed
 * as JSON. A payload that is not JSON is skipped: the caller sees the stream end without its
 * last event and says so. Aborting `signal` stops the call and the reading (an AbortError).
 */
export async function* streamEvents<T = unknown>(path: string, body: unknown, signal?: AbortSignal): AsyncGenerator<T, void, undefined> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "text/event-stream, application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, { detail: "The server could not be reached." });
  }
  if (!response.ok) throw await apiErrorOf(response);
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  const parse = (payload: string): { ok: true; value: T } | { ok: false } => {
    try {
      return { ok: true, value: JSON.parse(payload) as T };
    } catch {
      return { ok: false };
    }
  };
  // One line of the stream (without its end): `data:` lines gather, a blank line ends the event (the SSE format).
  function* line(text: string): Generator<T> {
    if (text === "") {
      if (data.length > 0) {
        const event = parse(data.join("\n"));
        data = [];
        if (event.ok) yield event.value;
      }
    } else if (text.startsWith("data:")) data.push(text.slice(text.startsWith("data: ") ? 6 : 5));
    // Comments (":"), event:, id: and retry: lines carry nothing the app uses.
  }
  const reader = response.body?.getReader();
  if (!reader) {
    for (const one of `${await response.text()}\n\n`.split(/\r\n|\r|\n/)) yield* line(one);
    return;
  }
  let finished = false;
  // A fetch stops its body's reading when aborted; a body that does not (a stream made by hand) is cancelled here.
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener("abort", stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason ?? new DOMException("The ask was stopped.", "AbortError");
      buffer += decoder.decode(value, { stream: !done });
      // A "\r" last in a chunk may be half of a "\r\n": it waits for the next one.
      const lines = buffer.split(done ? /\r\n|\r|\n/ : /\r\n|\r(?!$)|\n/);
      buffer = done ? "" : (lines.pop() ?? "");
      for (const one of lines) yield* line(one);
      if (done) break;
      if (buffer.length + data.reduce((sum, part) => sum + part.length, 0) > MAX_STREAM_EVENT) throw new Error("The stream sent an event too long to read.");
    }
    finished = true;
    // A last event the server did not close with a blank line still counts.
    yield* line("");
  } finally {
    // The reader stopped early (the caller broke off, or the stream was garbage): the server may stop writing.
    signal?.removeEventListener("abort", stop);
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
