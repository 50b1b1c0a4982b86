import type { OutgoingHttpHeaders } from "node:http";
import type { FastifyReply } from "fastify";

/**
 * Answers a request with server-sent events (`text/event-stream`): `run` emits events as JSON
 * `data:` lines and the answer ends when it returns. Its signal aborts when the client goes away,
 * so work on its behalf (a model's stream) stops.
 *
 * The reply is taken over (hijacked) and written directly: Fastify's stream handling takes a
 * client that leaves before the first byte for a failed stream and tries to answer it with a
 * 500, which users closing the widget mid-answer do all the time. The headers the app's
 * onRequest hooks set (security headers, request id) go out with the stream's own; nothing is
 * compressed (event streams must not be buffered), and `X-Accel-Buffering: no` asks proxies
 * not to buffer either.
 */
export function sendEventStream<E>(reply: FastifyReply, run: (emit: (event: E) => void, signal: AbortSignal) => Promise<void>): FastifyReply {
  reply.hijack();
  const response = reply.raw;
  const gone = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) gone.abort();
  });
  response.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    "x-accel-buffering": "no",
  });
  const open = () => !response.writableEnded && !response.destroyed;
  const emit = (event: E) => {
    if (open()) response.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  run(emit, gone.signal)
    .catch((error: unknown) => reply.log.error({ err: error }, "event stream"))
    .finally(() => {
      if (open()) response.end();
    });
  return reply;
}
