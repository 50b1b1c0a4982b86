import { eq } from "drizzle-orm";
import { loginSchema, totpCodeSchema, twoFactorPasswordSchema } from "@clinic/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Config } from "../config.ts";
import { sessions } from "../db/schema.ts";
import { type Actor, loadActor } from "./access.ts";
import type { Auth } from "./auth.ts";

/** A web Request for better-auth, carrying the client address Fastify worked out. */
export function toWebRequest(request: FastifyRequest, body?: unknown): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === "x-forwarded-for") continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : value);
  }
  // Only Fastify's own reading (which honours TRUST_PROXY) may name the client to the limiter.
  headers.set("x-forwarded-for", request.ip);
  const url = `${request.protocol}://${request.headers.host ?? "localhost"}${request.url}`;
  const hasBody = body !== undefined && request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? (typeof body === "string" ? body : JSON.stringify(body)) : undefined,
  });
}

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

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await auth.handler(toWebRequest(request, request.body));
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

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/") || request.url.startsWith("/api/auth/")) return;
    if (!request.headers.cookie) return;
    const { headers, response } = await auth.api.getSession({
      headers: toWebRequest(request).headers,
      returnHeaders: true,
    });
    forwardCookies(reply, headers);
    if (!response) return;
    if (Date.now() - new Date(response.session.createdAt).getTime() > maxAgeMs) {
      await app.db.delete(sessions).where(eq(sessions.token, response.session.token));
      return;
    }
    const actor = await loadActor(app.db, response.user.id);
    // A deactivated account loses access at once, not when its session runs out.
    if (!actor?.isActive) {
      await app.db.delete(sessions).where(eq(sessions.token, response.session.token));
      return;
    }
    request.actor = actor;
  });
}

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor | null;
  }
}
