import type { FastifyInstance } from "fastify";
import { forbidden } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request protection for every state-changing call. Browsers send `Origin`
 * (and `Sec-Fetch-Site`) on such requests, so a page on another site is refused here; the
 * session cookie is also SameSite=Lax. Clients that send neither header are not browsers
 * and cannot ride a victim's cookie.
 */
export function registerCsrfProtection(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  const trusted = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site" || site === "same-site") throw forbidden("Cross-site request refused.");
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const host = request.headers.host;
    if (origin === "null" || !(trusted.has(origin) || (host && origin === `${request.protocol}://${host}`))) {
      throw forbidden("Cross-site request refused.");
    }
  });
}
