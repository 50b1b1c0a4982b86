import { PassThrough } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * Answers a request with server-sent events (`text/event-stream`): `run` emits events as JSON
 * `data:` lines and the answer ends when it returns. Its signal aborts when the client goes away,
 * so work on its behalf (a model's stream) stops. Compression passes event streams through
 * unbuffered (platform/compression.ts); `X-Accel-Buffering: no` asks proxies to do the same.
 */
export function sendEventStream<E>(reply: FastifyReply, run: (emit: (event: E) => void, signal: AbortSignal) => Promise<void>): FastifyReply {
  const stream = new PassThrough();
  const gone = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  const emit = (event: E) => {
    if (!stream.writableEnded) stream.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  run(emit, gone.signal)
    .catch((error: unknown) => reply.log.error({ err: error }, "event stream"))
    .finally(() => stream.end());
  return reply.header("content-type", "text/event-stream; charset=utf-8").header("cache-control", "no-store").header("x-accel-buffering", "no").send(stream);
}
