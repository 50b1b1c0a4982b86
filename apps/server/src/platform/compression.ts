import zlib from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from "fastify";

/** Smaller answers go as they are: under about a packet, compressing saves no round trip and costs CPU. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Encodings for answers made per request, preferred in this order when a client accepts several
 * (browsers offer gzip, deflate, br and zstd). Server CPU per answer of an 8.6 kB list page, one
 * synchronous call, under autocannon on the 2-core dev machine: none 80 µs, gzip ~200-270,
 * zstd ~200-260 (and more than gzip through a stream), brotli at quality 4 ~280-310 for 6 % fewer
 * bytes; brotli at its default quality 11 takes ~14 ms. So gzip, and brotli at quality 4 only for
 * a client that takes nothing else. Built files need none of this: they are precompressed
 * (brotli 11, gzip 9) and @fastify/static picks them.
 */
const DYNAMIC_ENCODINGS = ["gzip", "br", "identity"] as const;
type DynamicEncoding = (typeof DYNAMIC_ENCODINGS)[number];

const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Text-like types only. Unlike the plugin's default, no `application/octet-stream`: stored files
 * answered with it (and images, PDFs, media, which mime-db marks incompressible) are usually
 * compressed already. Server-sent events are never buffered into a compressor.
 */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/](?:json|xml)(?:;|$)|^application\/(?:javascript|wasm)(?:;|$)|^image\/svg\+xml(?:;|$)/u;

/**
 * Compresses API answers (and any other route's) above the threshold by `Accept-Encoding`.
 * Register before the routes: the plugin hooks each route as it is added. An answer that already
 * carries a Content-Encoding (a precompressed built file) passes through untouched, and so do
 * partial (206) answers.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    // Buffered answers up to 64 kB are compressed in one synchronous call. The plugin's default on
    // 2 cores streams from 8 kB, so most list pages, and a stream costs far more CPU: the 8.6 kB page
    // above took ~590 µs per answer with gzip streamed against ~220 in one call. 64 kB is the
    // plugin's own ceiling: ~500 µs of gzip at worst.
    syncThreshold: 64 * 1024,
    encodings: [...DYNAMIC_ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    customTypes: COMPRESSIBLE_TYPES,
    globalCompression: true,
    // Request bodies stay as sent, as before: nothing here takes compressed uploads, and inflating one can blow up a small body.
    globalDecompression: false,
  });
  // A root onSend runs before any route's, so before the plugin's compressor.
  app.addHook("onSend", bufferSmallStreams);
  // Added after the plugin's, so that this onSend runs after its compressor on every route.
  app.addHook("onRoute", (route) => {
    route.onSend = [...(route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]), markEncodedRepresentation];
  });
}

/**
 * The plugin's threshold looks at buffered answers only: a small file streamed with its length
 * known (a built script under 1 kB, which the build leaves without compressed copies) would be
 * compressed on every request, into chunks no smaller. Read such a stream whole first, so that
 * the threshold applies to it too and it goes as it is, with its length.
 */
const bufferSmallStreams: onSendHookHandler = async (_request, reply, payload) => {
  if (payload === null || typeof payload !== "object" || typeof (payload as { pipe?: unknown }).pipe !== "function") return payload;
  const length = Number(reply.getHeader("content-length") ?? Number.NaN);
  if (!(length < COMPRESS_THRESHOLD) || reply.hasHeader("content-encoding")) return payload;
  const chunks: Buffer[] = [];
  for await (const chunk of payload as AsyncIterable<Buffer | string>) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
};

/**
 * An answer compressed on the fly is another representation of the resource: its ETag is no
 * longer byte-exact (weak, as nginx does it) and byte ranges, which count unencoded bytes, are
 * not offered on it (a Range request gets the identity bytes as 206).
 */
const markEncodedRepresentation: onSendHookHandler = (_request, reply, payload, done) => {
  const encoding = reply.getHeader("content-encoding");
  if (encoding !== undefined && encoding !== "identity") {
    const etag = reply.getHeader("etag");
    if (typeof etag === "string" && etag.startsWith('"')) reply.header("etag", `W/${etag}`);
    reply.removeHeader("accept-ranges");
  }
  done(null, payload);
};

const COMPRESS: Record<Exclude<DynamicEncoding, "identity">, (body: Buffer) => Buffer> = {
  gzip: (body) => zlib.gzipSync(body),
  br: (body) => zlib.brotliCompressSync(body, BROTLI_OPTIONS),
};

/** Adds Accept-Encoding to Vary, keeping what is there. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader("vary");
  const value = Array.isArray(current) ? current.join(", ") : current === undefined ? "" : String(current);
  const tokens = value
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.includes("accept-encoding") || tokens.includes("*")) return;
  reply.header("vary", value ? `${value}, accept-encoding` : "accept-encoding");
}

/**
 * The same choice as the plugin's, for an answer the plugin does not see: the HTML shell, sent by
 * the not-found handler (a route's hooks do not run there) with a nonce of its own each time, so
 * it cannot be made in advance.
 */
export function compressBody(request: FastifyRequest, reply: FastifyReply, body: string): string | Buffer {
  const bytes = Buffer.from(body);
  if (bytes.length < COMPRESS_THRESHOLD) return body;
  varyOnAcceptEncoding(reply);
  const header = request.headers["accept-encoding"];
  // As the plugin does: `*` and x-gzip stand for gzip.
  const encoding = header ? negotiate(header.toLowerCase().replace(/\*|x-gzip/g, "gzip"), [...DYNAMIC_ENCODINGS]) : null;
  if (encoding === null || encoding === "identity") return body;
  reply.header("content-encoding", encoding);
  return COMPRESS[encoding](bytes);
}
