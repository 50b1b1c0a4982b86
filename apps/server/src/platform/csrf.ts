import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The CRM's one-click unsubscribe (RFC 8058): a mail provider POSTs it from its own servers or
 * pages, whatever Origin they send. It needs no session (the link's signed token is the key and
 * it only ever unsubscribes the address it was sent to), so another site sending it gains
 * nothing. Exactly this path, nothing under it.
 */
const CROSS_SITE_ALLOWED = /^\/api\/crm\/unsubscribe\/[^/?#]+(?:\?.*)?$/;

/** The refusal of a request a page of another site made: said as such, never as a missing permission. */
export const CROSS_SITE_CODE = "CROSS_SITE_REQUEST";
export const crossSiteRefused = (origin: string | undefined) =>
  new HttpError(403, {
    detail: `Cross-site request refused: it was sent from ${origin && origin !== "null" ? origin : "a page of another site"}, not from this site's own address. Open the app at its own address (or add that address to TRUSTED_ORIGINS).`,
    code: CROSS_SITE_CODE,
  });

/** `scheme://host[:port]` of an address, normalised as browsers write Origin; null when it is not one. */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origin the request was sent to: its scheme and Host, as Fastify reads them (behind
 * TRUST_PROXY, X-Forwarded-Proto and X-Forwarded-Host). A page served at that same address is
 * same-origin, whichever name or address it was reached by (localhost, 127.0.0.1, the LAN
 * address): a page of another site cannot make a browser send our Host with its own Origin.
 */
export function ownOrigin(request: FastifyRequest): string | null {
  return request.host ? originOf(`${request.protocol}://${request.host}`) : null;
}

/**
 * Cross-site request protection for every state-changing call, better-auth's included (it gets
 * the same rule through `trustedOrigins`). Browsers send `Origin` (and `Sec-Fetch-Site`) on such
 * requests, so a page on another site is refused here; the session cookie is also SameSite=Lax.
 * Clients that send none of these headers are not browsers and cannot ride a victim's cookie.
 * `trustedOrigins` (PUBLIC_URL's, TRUSTED_ORIGINS) are the addresses a browser may show for this
 * site when the Host the server sees differs (a proxy that rewrites it).
 */
export function registerCsrfProtection(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  const trusted = new Set(trustedOrigins.map((origin) => originOf(origin)).filter((origin) => origin !== null));
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.method === "POST" && CROSS_SITE_ALLOWED.test(request.url)) return;
    // Without Origin, a Referer still names the page that sent the request (Django reads it too).
    const referer = request.headers.referer;
    const origin = request.headers.origin ?? (referer === undefined ? undefined : (originOf(referer) ?? "null"));
    const site = request.headers["sec-fetch-site"];
    // A sibling subdomain is another site's page as far as our data goes, unless named as trusted.
    if (site === "cross-site" || (site === "same-site" && !(origin && trusted.has(origin)))) throw crossSiteRefused(origin);
    if (origin === undefined) return;
    if (origin === "null" || !(trusted.has(origin) || origin === ownOrigin(request))) throw crossSiteRefused(origin);
  });
}
