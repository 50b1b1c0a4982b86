import { eq } from "drizzle-orm";
import { loginSchema, totpCodeSchema, twoFactorPasswordSchema } from "@clinic/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type pg from "pg";
import type { z } from "zod";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { sessions } from "../db/schema.ts";
import { type Actor, loadActor } from "./access.ts";
import { type Auth, SESSION_COOKIE_PREFIX } from "./auth.ts";
import { crossSiteRefused, ownOrigin } from "./csrf.ts";
import { type Attempt, LoginThrottle, lockBody, type ThrottledStep } from "./login-throttle.ts";
import { IDENTITY_CHANNEL, IDENTITY_TABLES, IdentityCache } from "./identity-cache.ts";
import { writesOf } from "./paging.ts";
import { createSessionIdentity } from "./session-identity.ts";

/** A web Request for better-auth, carrying the client address Fastify worked out. */
export function toWebRequest(request: FastifyRequest, body?: unknown): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === "x-forwarded-for") continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : value);
  }
  // Only Fastify's own reading (which honours TRUST_PROXY) may name the client to the limiter.
  headers.set("x-forwarded-for", request.ip);
  // Fastify's host honours TRUST_PROXY (X-Forwarded-Host): better-auth trusts this URL's origin.
  const url = `${request.protocol}://${request.host || "localhost"}${request.url}`;
  const hasBody = body !== undefined && request.method !== "GET" && request.method !== "HEAD";
  // better-auth refuses a cookie-bearing call without Origin; csrf.ts has already judged every
  // state-changing request (one without Origin or Referer is no browser's), so better-auth is
  // given the request's own origin and applies the same rule to what browsers send.
  const changesState = !["GET", "HEAD", "OPTIONS"].includes(request.method);
  if (changesState && !headers.has("origin") && !headers.has("referer")) {
    const own = ownOrigin(request);
    if (own) headers.set("origin", own);
  }
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? (typeof body === "string" ? body : JSON.stringify(body)) : undefined,
  });
}

/** better-auth's calls whose failures are counted, by path under /api/auth. */
const THROTTLED: Record<string, ThrottledStep> = {
  "/sign-in/email": "sign-in",
  "/two-factor/verify-totp": "second-factor",
  "/two-factor/verify-backup-code": "second-factor",
};

/**
 * Which throttled call a URL is. Normalised at least as loosely as better-auth's router reads
 * paths (trailing slashes, dot segments, case, escapes), so no spelling of a path reaches it
 * uncounted; a spelling it does not route just gives its reservation back.
 */
function throttledStep(url: string): ThrottledStep | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
  path = path
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "")
    .toLowerCase();
  return path.startsWith("/api/auth/") ? (THROTTLED[path.slice("/api/auth".length)] ?? null) : null;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** better-auth's refusals of a request from a page of another site (its origin check). */
const CROSS_SITE_CODES = new Set(["INVALID_ORIGIN", "MISSING_OR_NULL_ORIGIN", "CROSS_SITE_NAVIGATION_LOGIN_BLOCKED"]);

function forwardCookies(reply: FastifyReply, headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
}

/**
 * Mounts better-auth under /api/auth and resolves `request.actor` for every other API
 * call. A session older than SESSION_MAX_HOURS is ended whatever its recent use.
 */
export async function registerSessions(app: FastifyInstance, auth: Auth, config: Config): Promise<void> {
  app.decorateRequest("actor", null);
  const maxAgeMs = config.session.maxHours * 3600_000;

  const throttle = new LoginThrottle(app.db, config.login);
  const pendingCookieNames = [`${SESSION_COOKIE_PREFIX}.two_factor`, `__Secure-${SESSION_COOKIE_PREFIX}.two_factor`];

  /** The account an attempt is at: the email typed, or the user a second-factor code is for. */
  const accountOf = async (step: ThrottledStep, request: FastifyRequest, webRequest: Request): Promise<string | null> => {
    if (step === "sign-in") {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === "string" ? email : null;
    }
    // During sign-in, the signed two_factor cookie names a verification row holding the user id.
    // Its identifier is random, so reading it unsigned names the account reliably; better-auth
    // checks the signature itself.
    const pending = (request.headers.cookie ?? "")
      .split(";")
      .map((part) => part.trim().split("="))
      .find(([name]) => name !== undefined && pendingCookieNames.includes(name));
    const value = pending?.[1] ? safeDecode(pending.slice(1).join("=")) : null;
    if (value) {
      const identifier = value.slice(0, value.lastIndexOf(".") > 0 ? value.lastIndexOf(".") : value.length);
      const row = await (await auth.$context).internalAdapter.findVerificationValue(identifier).catch(() => null);
      if (row?.value) return row.value;
    }
    // Confirming enrolment: the signed-in user.
    const session = await auth.api.getSession({ headers: webRequest.headers }).catch(() => null);
    return session?.user.id ?? null;
  };

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const webRequest = toWebRequest(request, request.body);
    const step = throttledStep(webRequest.url);
    let attempt: Attempt | null = null;
    if (step) {
      attempt = await throttle.begin(step, await accountOf(step, request, webRequest), request.ip);
      if (attempt.lock) {
        return reply.status(429).header("retry-after", String(attempt.lock.retryAfterSeconds)).send(lockBody(step, attempt.lock));
      }
    }
    let response: Response;
    try {
      response = await auth.handler(webRequest);
    } catch (error) {
      if (attempt?.lock === null) await attempt.settle("other");
      throw error;
    }
    if (attempt?.lock === null) await attempt.settle(response.status === 200 ? "success" : response.status === 401 ? "failure" : "other");
    if (response.status === 403) {
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { code?: unknown } | null;
      if (typeof body?.code === "string" && CROSS_SITE_CODES.has(body.code)) throw crossSiteRefused(request.headers.origin);
    }
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
    });
    forwardCookies(reply, response.headers);
    const text = await response.text();
    return reply.send(text.length > 0 ? text : null);
  };

  // The calls the web app makes are declared, so they are validated like every other
  // endpoint and listed in the OpenAPI document; the rest of better-auth stays reachable.
  const tags = ["auth"];
  const documented: { url: string; summary: string; body?: z.ZodType }[] = [
    {
      url: "/api/auth/sign-in/email",
      summary: "Sign in with email and password (429 when throttled; { twoFactorRedirect } when a code is due)",
      body: loginSchema,
    },
    { url: "/api/auth/sign-out", summary: "End the current session" },
    { url: "/api/auth/two-factor/enable", summary: "Start TOTP enrolment (staff): answers the otpauth URI and backup codes", body: twoFactorPasswordSchema },
    { url: "/api/auth/two-factor/verify-totp", summary: "Confirm enrolment, or complete a sign-in, with a TOTP code", body: totpCodeSchema },
    { url: "/api/auth/two-factor/disable", summary: "Switch the second factor off", body: twoFactorPasswordSchema },
  ];
  for (const { url, summary, body } of documented) {
    app.post(url, { schema: { tags, summary, ...(body ? { body } : {}) } }, forward);
  }
  app.route({ method: ["GET", "POST"], url: "/api/auth/*", schema: { hide: true }, handler: forward });

  // The pool behind Drizzle: the identity statement is a named (prepared) one, which Drizzle's execute cannot send.
  const pool = (app.db as Db & { $client: pg.Pool }).$client;
  const writes = writesOf(app.db);
  const cache = new IdentityCache(config.session.keepSeconds * 1000, () => writes?.stamp(IDENTITY_TABLES) ?? "");
  app.pgListener.subscribe(IDENTITY_CHANNEL, cache);
  const identity = await createSessionIdentity(auth, pool, config.session.maxHours, config.session.keepSeconds > 0 ? cache : undefined);
  const endSession = (token: string) => app.db.delete(sessions).where(eq(sessions.token, token));

  /** better-auth's own getSession, for the rare requests session-identity.ts leaves to it. */
  const slowPath = async (request: FastifyRequest, reply: FastifyReply): Promise<Actor | null> => {
    const { headers, response } = await auth.api.getSession({
      headers: toWebRequest(request).headers,
      returnHeaders: true,
    });
    forwardCookies(reply, headers);
    if (!response) return null;
    if (Date.now() - new Date(response.session.createdAt).getTime() > maxAgeMs) {
      await endSession(response.session.token);
      return null;
    }
    const actor = await loadActor(app.db, response.user.id);
    // A deactivated account loses access at once, not when its session runs out.
    if (!actor?.isActive) {
      await endSession(response.session.token);
      return null;
    }
    return actor;
  };

  app.addHook("onRequest", async (request, reply) => {
    // Health probes must answer whatever the database does, cookie or not.
    const url = request.url;
    if (!url.startsWith("/api/") || url.startsWith("/api/auth/") || url.startsWith("/api/health/")) return;
    const cookie = request.headers.cookie;
    if (!cookie) return;
    const found = await identity.resolve(cookie, request.routeOptions.config.keptAnswer === true);
    switch (found.kind) {
      case "signed-in":
        if (found.setCookie) reply.header("set-cookie", found.setCookie);
        request.actor = found.actor;
        return;
      case "ended":
        await endSession(found.token);
        return;
      case "slow":
        request.actor = await slowPath(request, reply);
        return;
      case "anonymous":
        return;
    }
  });
}

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** The route keeps its answers (kept-answers.ts): its caller's identity comes with the table versions. */
    keptAnswer?: boolean;
  }
}
