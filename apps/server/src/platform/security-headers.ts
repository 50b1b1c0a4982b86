import { randomFillSync } from "node:crypto";
import { createRequire } from "node:module";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

/**
 * Browser features no screen uses, switched off for every page and anything it embeds; the
 * VR game asks for spatial tracking, and the events' check-in reads tickets' QR codes with the camera.
 */
export const PERMISSIONS_POLICY = [
  "camera=(self)",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "midi=()",
  "display-capture=()",
  "xr-spatial-tracking=(self)",
].join(", ");

/** Players a video activity embeds (ActivityPlayer.tsx turns YouTube and Vimeo pages into these). */
const VIDEO_PLAYERS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/**
 * The policy of Swagger UI's pages at /api/docs: its bundle writes a <style> tag that cannot take
 * a nonce, so these developer pages (and only they) allow inline styles; scripts stay 'self'.
 */
export function swaggerUiPolicy(header: string): string {
  return header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'");
}

/**
 * The policy of the API's answers (JSON, a calendar file): nothing in them is ever rendered as a
 * page, so they allow nothing and are framed by nothing, as OWASP's REST guidance has it. The
 * page policy, 700 bytes with two fresh nonces, cost a signed-in list call about 5 % of its
 * throughput (docs/performance.md).
 */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** API paths whose answers a browser shows: Swagger UI's pages and uploaded files (their route sets its own sandbox). */
function isDataAnswer(url: string): boolean {
  return url.startsWith("/api/") && !url.startsWith("/api/docs") && !url.startsWith("/api/uploads/");
}

/** The placeholder Vite writes as the nonce of index.html's tags (vite.config.ts `html.cspNonce`). */
export const NONCE_PLACEHOLDER = "__CSP_NONCE__";

/** helmet itself, as @fastify/helmet depends on it: the same version and defaults the plugin would apply. */
type HelmetMiddleware = (
  req: unknown,
  res: { setHeader(name: string, value: string): void; removeHeader(name: string): void },
  next: (error?: unknown) => void,
) => void;
const requireHere = createRequire(import.meta.url);
const helmet = createRequire(requireHere.resolve("@fastify/helmet"))("helmet") as (options: object) => HelmetMiddleware;

// Marks of this answer's nonces in the policy made once at start; a nonce is never these.
const SCRIPT_MARK = "script0nonce0mark";
const STYLE_MARK = "style0nonce0mark";

/**
 * Nonces from a buffer of random bytes filled 256 nonces at a time (as Node's randomUUID caches its
 * entropy): each answer's 16 bytes are still fresh CSPRNG output, used once, without a call into the
 * random generator per answer.
 */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;
function nextNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("hex", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/**
 * Security headers on every answer (pages, assets, API, 404s, errors), set in onRequest so that
 * even a refusal carries them. The Content-Security-Policy allows no inline script; styles come
 * from our files or carry the answer's nonce (emotion writes MUI's styles into nonced <style>
 * tags: apps/web/src/lib/csp-nonce.ts). helmet writes the headers once, at start, with marks
 * where the nonces go; each answer then gets them with its own nonces. (@fastify/helmet rebuilt
 * helmet's whole configuration, parsed every directive and drew two random values on every
 * request: a tenth of a signed-in API call's CPU.)
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith("https://");
  const headers: [string, string][] = [];
  const removed: string[] = [];
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        // No screen is meant to be framed: the upload picker is a popup, previews are pages.
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "script-src": ["'self'", `'nonce-${SCRIPT_MARK}'`],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'", `'nonce-${STYLE_MARK}'`],
        // Pictures are uploads (same origin) or what the editor holds while uploading.
        "img-src": ["'self'", "data:", "blob:"],
        // A video activity may link a file anywhere on the web.
        "media-src": ["'self'", "https:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        // Uploaded game bundles play in a sandboxed frame from /bundles/ (bundles.routes.ts).
        "frame-src": ["'self'", ...VIDEO_PLAYERS],
        "worker-src": ["'self'", "blob:"],
        "manifest-src": ["'self'"],
        // Over plain http (a LAN install) upgrading every request would break the app.
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    // YouTube's embedded player refuses to play without the embedding page's origin.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: "deny" },
    // Game pages get require-corp themselves (web-app.ts); elsewhere it would block the video players.
    crossOriginEmbedderPolicy: false,
  })({}, { setHeader: (name, value) => headers.push([name, String(value)]), removeHeader: (name) => removed.push(name) }, (error) => {
    if (error) throw error;
  });
  headers.push(["permissions-policy", PERMISSIONS_POLICY]);
  const cspIndex = headers.findIndex(([name]) => name.toLowerCase() === "content-security-policy");
  const policy = headers[cspIndex]?.[1] ?? "";
  const [beforeScript, afterScript = ""] = policy.split(SCRIPT_MARK);
  const [betweenNonces, afterStyle] = afterScript.split(STYLE_MARK);
  if (cspIndex < 0 || beforeScript === undefined || betweenNonces === undefined || afterStyle === undefined) {
    throw new Error("The Content-Security-Policy lost its script or style nonce");
  }

  // Set on every request that renders a page before anything reads it; the decoration keeps the reply shape fixed.
  app.decorateReply("cspNonce", null);
  app.addHook("onRequest", (request, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    const data = isDataAnswer(request.url);
    let policy = API_POLICY;
    if (!data) {
      const script = nextNonce();
      const style = nextNonce();
      reply.cspNonce = { script, style };
      policy = `${beforeScript}${script}${betweenNonces}${style}${afterStyle}`;
    }
    for (let index = 0; index < headers.length; index++) {
      const [name, value] = headers[index] as [string, string];
      res.setHeader(name, index === cspIndex ? policy : value);
    }
    done();
  });
}

declare module "fastify" {
  interface FastifyReply {
    /** This answer's Content-Security-Policy nonces (web-app.ts writes the style one into the shell). */
    cspNonce: { script: string; style: string } | null;
  }
}
