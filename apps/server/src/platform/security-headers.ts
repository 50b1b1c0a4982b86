import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

/**
 * Browser features no screen uses, switched off for every page and anything it embeds; the
 * VR game asks for spatial tracking. Check-in or chat will add `camera=(self)` when they come.
 */
export const PERMISSIONS_POLICY = [
  "camera=()",
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

/** The placeholder Vite writes as the nonce of index.html's tags (vite.config.ts `html.cspNonce`). */
export const NONCE_PLACEHOLDER = "__CSP_NONCE__";

/**
 * Security headers on every answer (pages, assets, API, 404s, errors) through @fastify/helmet,
 * set in onRequest so that even a refusal carries them. The Content-Security-Policy allows no
 * inline script; styles come from our files or carry the answer's nonce (emotion writes MUI's
 * styles into nonced <style> tags: apps/web/src/lib/csp-nonce.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith("https://");
  await app.register(fastifyHelmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        // No screen is meant to be framed: the upload picker is a popup, previews are pages.
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "script-src": ["'self'"],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'"],
        // Pictures are uploads (same origin) or what the editor holds while uploading.
        "img-src": ["'self'", "data:", "blob:"],
        // A video activity may link a file anywhere on the web.
        "media-src": ["'self'", "https:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "frame-src": VIDEO_PLAYERS,
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
    // Game pages get require-corp themselves (app.ts); elsewhere it would block the video players.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
}
