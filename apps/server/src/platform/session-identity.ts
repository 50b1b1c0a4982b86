import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";
import type { BetterAuthOptions } from "better-auth";
import type pg from "pg";
import { ACTOR_COLUMNS, type Actor, type ActorRow, actorOf, TABLE_VERSIONS_COLUMN } from "./access.ts";
import type { Auth } from "./auth.ts";
import type { IdentityCache } from "./identity-cache.ts";

/**
 * The request path's reading of better-auth's session cookie and table. better-auth still
 * creates, signs, refreshes when asked and revokes sessions; its getSession is general code (a
 * Fetch Request per call, the HMAC key imported per call, then a second query for our actor),
 * so every API call resolves its identity here instead: the signature checked with a key made
 * once, then ONE statement for the session, the user, their groups and permissions, which also
 * slides the expiry when it is due. A node answers it from memory for a few seconds between
 * reads (identity-cache.ts), dropped at once by any change to a session, a user, their groups,
 * permissions or paid periods, on any node, so the next request sees a revocation. Whatever is rare and subtle (an unknown or
 * expired token, whose cookies better-auth clears) is left to better-auth (`slow`).
 */
export type Identity =
  /** No session cookie, or one whose signature fails: better-auth answers no session and clears nothing. */
  | { kind: "anonymous" }
  /** better-auth's getSession decides (an unknown or expired token, a stale cookie-cache cookie). */
  | { kind: "slow" }
  /** A live session past SESSION_MAX_HOURS, or of a deactivated user: its row is to be deleted. */
  | { kind: "ended"; token: string }
  | { kind: "signed-in"; actor: Actor; setCookie: string | null };

/**
 * better-call's parseCookies (what better-auth's getSignedCookie reads): `name=value` pairs split
 * on `;`, the first of a name wins, quotes dropped, values URL-decoded when they hold `%`.
 */
export function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  let index = 0;
  while (index < header.length) {
    const eqIdx = header.indexOf("=", index);
    if (eqIdx === -1) break;
    let endIdx = header.indexOf(";", index);
    if (endIdx === -1) endIdx = header.length;
    else if (endIdx < eqIdx) {
      index = header.lastIndexOf(";", eqIdx - 1) + 1;
      continue;
    }
    const key = header.slice(index, eqIdx).trim();
    if (!cookies.has(key)) {
      let value = header.slice(eqIdx + 1, endIdx).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      cookies.set(key, tryDecode(value));
    }
    index = endIdx + 1;
  }
  return cookies;
}

function tryDecode(text: string): string {
  try {
    return text.includes("%") ? decodeURIComponent(text) : text;
  } catch {
    return text;
  }
}

/**
 * better-call's signed-cookie check: `<value>.<base64 HMAC-SHA256>`, a 44-character signature
 * ending in "=", decoded as atob does. Answers the value, or null when the signature fails.
 */
export function verifySignedValue(signed: string | undefined, key: KeyObject): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.substring(0, dot);
  const signature = signed.substring(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  let given: Buffer;
  try {
    given = Buffer.from(atob(signature), "latin1");
  } catch {
    return null;
  }
  const expected = createHmac("sha256", key).update(value, "utf8").digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/** better-call's signed cookie value: `<value>.<base64 signature>`, URL-encoded. */
export function signCookieValue(value: string, key: KeyObject): string {
  return encodeURIComponent(`${value}.${createHmac("sha256", key).update(value, "utf8").digest("base64")}`);
}

interface CookieAttributes {
  maxAge?: number;
  domain?: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  partitioned?: boolean;
}

/** better-call's serializeCookieValue after resolveCookie, for a fixed name and attributes: what follows the value. */
export function cookieAttributesSuffix(name: string, attributes: CookieAttributes): string {
  const lower = name.toLowerCase();
  const options = { ...attributes };
  if (lower.startsWith("__host-")) {
    options.secure = true;
    options.path = "/";
    options.domain = undefined;
  } else if (lower.startsWith("__secure-")) options.secure = true;
  if (options.partitioned === true || options.sameSite?.toLowerCase() === "none") options.secure = true;
  let suffix = "";
  if (typeof options.maxAge === "number" && options.maxAge >= 0) suffix += `; Max-Age=${Math.floor(options.maxAge)}`;
  if (options.domain) suffix += `; Domain=${options.domain}`;
  if (options.path) suffix += `; Path=${options.path}`;
  if (options.httpOnly) suffix += "; HttpOnly";
  if (options.secure) suffix += "; Secure";
  if (options.sameSite) suffix += `; SameSite=${options.sameSite.charAt(0).toUpperCase() + options.sameSite.slice(1)}`;
  if (options.partitioned) suffix += "; Partitioned";
  return suffix;
}

function secondsSetting(...values: number[]): void {
  for (const value of values) {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`A session duration must be whole seconds, not ${value}`);
  }
}

/**
 * The session (live: not past expires_at, as better-auth's `expiresAt < now`; young: within
 * SESSION_MAX_HOURS; slide_due: session.updateAge passed since the last slide, i.e.
 * expiresAt - expiresIn + updateAge <= now) with its user's actor columns. A plain read: the
 * slide, due once per updateAge, is a statement of its own (slideSql), so the read on every
 * request takes no row lock and plans no update. $1 is the token, $2 the app's clock
 * (better-auth's writes use it too); the durations are settings, written in at start.
 */
function identitySql(expiresInSeconds: number, updateAgeSeconds: number, maxAgeSeconds: number, withVersions: boolean): string {
  secondsSetting(expiresInSeconds, updateAgeSeconds, maxAgeSeconds);
  const now = "$2::timestamptz";
  const oldest = `${now} - interval '${maxAgeSeconds} seconds'`;
  return `select s.expires_at >= ${now} as live, s.created_at >= ${oldest} as young,
    s.expires_at <= ${now} + interval '${expiresInSeconds - updateAgeSeconds} seconds' as slide_due,
    s.expires_at as session_expires_at, s.created_at as session_created_at,
    ${ACTOR_COLUMNS}${withVersions ? `,\n    ${TABLE_VERSIONS_COLUMN}` : ""}
  from sessions s join users u on u.id = s.user_id
  where s.token = $1`;
}

/**
 * Slides a session's expiry as better-auth would, when the read found it due (and the session
 * young, its user active, no "don't remember me" cookie). The condition is checked again here,
 * so of two requests racing, the second writes nothing. $1 is the token, $2 the app's clock.
 */
function slideSql(expiresInSeconds: number, updateAgeSeconds: number): string {
  secondsSetting(expiresInSeconds, updateAgeSeconds);
  const now = "$2::timestamptz";
  return `update sessions set expires_at = ${now} + interval '${expiresInSeconds} seconds', updated_at = ${now}
  where token = $1 and expires_at >= ${now} and expires_at <= ${now} + interval '${expiresInSeconds - updateAgeSeconds} seconds'
  returning expires_at`;
}

type IdentityRow = ActorRow & { live: boolean; young: boolean; slide_due: boolean; session_expires_at: Date; session_created_at: Date };

export interface SessionIdentity {
  /** `withVersions`: also read the table versions kept answers are checked against (Actor.tableVersions). */
  resolve(cookieHeader: string, withVersions?: boolean): Promise<Identity>;
}

/**
 * Reads better-auth's own settings once (cookie names and attributes, secret, expiry), so the
 * cookie read and written here are the ones it signs. Settings that would change getSession's
 * behaviour beyond what this mirrors (cookie cache, deferred or disabled refresh, secondary
 * storage) refuse to start rather than be silently ignored.
 */
export async function createSessionIdentity(auth: Auth, pool: pg.Pool, maxHours: number, cache?: IdentityCache): Promise<SessionIdentity> {
  const context = await auth.$context;
  // Read as the general options type: today's configuration leaves these unset.
  const options: BetterAuthOptions = context.options;
  const session = options.session;
  if (session?.cookieCache?.enabled || session?.deferSessionRefresh || session?.disableSessionRefresh || options.secondaryStorage) {
    throw new Error("session-identity.ts mirrors better-auth's getSession without cookie cache, deferred refresh or secondary storage: extend it first");
  }
  const key = createSecretKey(Buffer.from(context.secret, "utf8"));
  const { sessionToken, sessionData, dontRememberToken } = context.authCookies;
  const { expiresIn, updateAge } = context.sessionConfig;
  const refreshSuffix = cookieAttributesSuffix(sessionToken.name, { ...sessionToken.attributes, maxAge: expiresIn });
  // A named statement is parsed and planned once per connection.
  const query = { name: "session-identity", text: identitySql(expiresIn, updateAge, maxHours * 3600, false) };
  const queryWithVersions = { name: "session-identity-versions", text: identitySql(expiresIn, updateAge, maxHours * 3600, true) };
  const slide = { name: "session-slide", text: slideSql(expiresIn, updateAge) };
  const versionsQuery = { name: "table-versions", text: `select ${TABLE_VERSIONS_COLUMN}` };
  const maxAgeMs = maxHours * 3_600_000;
  const slideDueMs = (expiresIn - updateAge) * 1000;

  return {
    async resolve(cookieHeader, withVersions = false) {
      const cookies = parseCookieHeader(cookieHeader);
      // A cookie-cache cookie with the cache off is one better-auth clears: let it.
      for (const name of cookies.keys()) if (name.startsWith(sessionData.name)) return { kind: "slow" };
      const signed = cookies.get(sessionToken.name);
      const refresh = verifySignedValue(cookies.get(dontRememberToken.name), key) === null;
      const clock = Date.now();
      // Kept under the signed value, so a kept session costs no signature check either. The same
      // tests as identitySql's, against the same clock.
      const kept = signed !== undefined ? cache?.get(signed, clock) : undefined;
      if (kept && kept.expiresAt >= clock && kept.createdAt >= clock - maxAgeMs && !(refresh && kept.expiresAt <= clock + slideDueMs)) {
        // A copy: code may hang per-request facts on its actor (page-cache.ts). A route that keeps
        // answers still reads the table versions afresh: a short statement of its own.
        if (!withVersions) return { kind: "signed-in", actor: { ...kept.actor }, setCookie: null };
        const versions = await pool.query<{ table_versions: string | null }>(versionsQuery);
        return { kind: "signed-in", actor: { ...kept.actor, tableVersions: versions.rows[0]?.table_versions ?? undefined }, setCookie: null };
      }
      const token = verifySignedValue(signed, key);
      if (!token) return { kind: "anonymous" };
      const begun = cache?.begin();
      const now = new Date(clock).toISOString();
      const result = await pool.query<IdentityRow>({ ...(withVersions ? queryWithVersions : query), values: [token, now] });
      const row = result.rows[0];
      if (!row?.live) return { kind: "slow" };
      if (!row.young || !row.is_active) return { kind: "ended", token };
      const slid = refresh && row.slide_due && (await pool.query({ ...slide, values: [token, now] })).rowCount === 1;
      const actor = actorOf(row);
      if (slid && signed) cache?.drop(signed);
      if (cache && begun && signed !== undefined && !slid) {
        const { tableVersions: _versions, ...kept } = actor;
        cache.keep(signed, begun, {
          actor: kept,
          expiresAt: new Date(row.session_expires_at).getTime(),
          createdAt: new Date(row.session_created_at).getTime(),
          keptAt: clock,
        });
      }
      return {
        kind: "signed-in",
        actor,
        setCookie: slid ? `${sessionToken.name}=${signCookieValue(token, key)}${refreshSuffix}` : null,
      };
    },
  };
}
