import { createHash } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { loadActor } from "./access.ts";
import { originOf } from "./csrf.ts";

/** OWASP's argon2id profile: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2 = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, unreachable under isolatedModules */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = (digest: string, password: string) => verify(digest, password).catch(() => false);

export const SESSION_COOKIE_PREFIX = "clinic";

/**
 * Password-reset tokens (an invitation's link to choose the first password) are stored
 * hashed: a copy of the verifications table opens no account. The stored form has a prefix of
 * its own, so better-auth's fallback lookup of the plain `reset-password:<token>` never meets a
 * stored hash, and a user's open invitations can be found (and revoked) by that prefix.
 */
export const STORED_RESET_PREFIX = "invitation:";
export async function storedResetIdentifier(identifier: string): Promise<string> {
  return `${STORED_RESET_PREFIX}${createHash("sha256").update(identifier).digest("base64url")}`;
}

/**
 * better-auth owns sign-in, sign-out, sessions (rows in PostgreSQL behind an httpOnly,
 * SameSite=Lax cookie) and the second factor; login-throttle.ts throttles failed sign-ins. Sessions slide: any use after
 * a minute pushes expiry `idleMinutes` ahead; `authenticate` caps the whole lifetime.
 */
export function createAuth(db: Db, config: Config, secret: string) {
  return betterAuth({
    appName: "Therapy platform",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    // Profiles change through PUT /api/user-profile/: validated, audited, and `name` (a clinic's
    // name in lists and invitation emails) kept in step with nombres and apellidos. better-auth's
    // own update-user would write `name` and `image` unchecked and unrecorded.
    disabledPaths: ["/update-user"],
    secret,
    // The request's own origin (session.ts builds its URL from the Host Fastify read, honouring
    // TRUST_PROXY) is trusted, as in csrf.ts: sign-in works at every address the server answers on.
    trustedOrigins: (request) => {
      const own = request ? originOf(request.url) : null;
      return own ? [...config.trustedOrigins, own] : [...config.trustedOrigins];
    },
    telemetry: { enabled: false },
    // Failed sign-ins are worth a warning in production logs; LOG_LEVEL=silent (tests) hushes them.
    logger: { disabled: config.logLevel === "silent", level: config.logLevel === "error" || config.logLevel === "fatal" ? "error" : "warn" },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        twoFactor: schema.twoFactors,
        rateLimit: schema.rateLimits,
      },
    }),
    verification: { storeIdentifier: { default: "plain", overrides: { "reset-password:": { hash: storedResetIdentifier } } } },
    user: {
      additionalFields: {
        nombres: { type: "string", required: false, input: false, defaultValue: "" },
        apellidos: { type: "string", required: false, input: false, defaultValue: "" },
        identification: { type: "string", required: false, input: false, defaultValue: "" },
        language: { type: "string", required: false, input: false, defaultValue: "en" },
        theme: { type: "string", required: false, input: false, defaultValue: "primary" },
        isAdmin: { type: "boolean", required: false, input: false, defaultValue: false },
        isActive: { type: "boolean", required: false, input: false, defaultValue: true },
        clinicId: { type: "string", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Accounts are made by administrators and the seed, never by open sign-up.
      disableSignUp: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      password: {
        hash: hashPassword,
        verify: ({ hash: digest, password }) => verifyPassword(digest, password),
      },
    },
    session: {
      expiresIn: config.session.idleMinutes * 60,
      updateAge: 60,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      // These count every attempt per address, so a clinic's staff behind one router lock each
      // other out; login-throttle.ts counts failures instead (per account and per address).
      customRules: {
        "/sign-in/email": false,
        // Ending one's own session guesses nothing; under steady use from one address the soak saw it refused.
        "/sign-out": false,
        "/two-factor/verify-totp": false,
        "/two-factor/verify-backup-code": false,
      },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
      // Stated, not left to the default, which skips the check under NODE_ENV=test: the API tests
      // then exercise the origin check production runs.
      disableOriginCheck: false,
      database: { generateId: () => crypto.randomUUID(), joins: true },
    },
    hooks: {
      // The second factor is for staff (spec: switched on by staff in their profile).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/two-factor/enable") return;
        const session = await getSessionFromCtx(ctx);
        const actor = session ? await loadActor(db, session.user.id) : null;
        if (actor?.role === "patient") throw new APIError("FORBIDDEN", { message: "Two-step verification is for staff accounts" });
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // A deactivated account keeps its data but cannot sign in.
          before: async (session) => {
            const [user] = await db.select({ isActive: schema.users.isActive }).from(schema.users).where(eq(schema.users.id, session.userId));
            if (!user?.isActive) {
              throw new APIError("FORBIDDEN", { message: "This account is deactivated", code: "ACCOUNT_INACTIVE" });
            }
          },
        },
      },
    },
    plugins: [twoFactor({ issuer: "Therapy platform" })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
