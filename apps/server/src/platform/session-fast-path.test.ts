import { createHmac, createSecretKey } from "node:crypto";
import { GROUP } from "@clinic/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sessionTokenOf, TEST_AUTH_SECRET, type TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";
import { countStatements, describeStatements } from "../../test/statements.ts";
import { permissions, sessions, userGroups, userPermissions } from "../db/schema.ts";
import { requireActor, requirePermission } from "./access.ts";
import { parseCookieHeader, signCookieValue, verifySignedValue } from "./session-identity.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A route guarded by one codename, to see group and permission changes land.
    beforeReady: (app) => {
      app.get("/api/test-only/needs-view-activity", { preValidation: [requirePermission("view_activity")] }, async (request) => ({
        id: requireActor(request).id,
      }));
    },
  });
});
afterAll(() => t?.close());

const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const profile = (cookie: string) => get("/api/user-profile/", cookie);
const guarded = (cookie: string) => get("/api/test-only/needs-view-activity", cookie);

async function sessionRow(cookie: string) {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.token, sessionTokenOf(cookie)));
  return row;
}

/** The sign-in's own Set-Cookie line for the session token, as better-auth wrote it. */
async function signInLine(email: string, password: string): Promise<{ cookie: string; line: string }> {
  const response = await t.signIn(email, password);
  expect(response.statusCode).toBe(200);
  const line = [response.headers["set-cookie"]].flat().find((value) => value?.startsWith("clinic.session_token="));
  if (!line) throw new Error("sign-in set no session cookie");
  return { cookie: line.split(";")[0], line };
}

describe("one statement resolves a request's identity", () => {
  it("GET /api/user-profile/ runs exactly one SQL statement", async () => {
    const cookie = await t.loginAs("therapist");
    const { result, count, statements } = await countStatements(t.database.pool, () => profile(cookie));
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({ email: expect.any(String) });
    expect(count, describeStatements(statements)).toBe(1);
  });

  it("a request whose sliding refresh is due runs the read and then the slide, once per updateAge", async () => {
    const cookie = await t.loginAs("clinic");
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '50 minutes'` })
      .where(eq(sessions.token, sessionTokenOf(cookie)));
    const { result, count, statements } = await countStatements(t.database.pool, () => profile(cookie));
    expect(result.statusCode).toBe(200);
    expect(result.headers["set-cookie"]).toBeDefined();
    expect(count, describeStatements(statements)).toBe(2);
    expect(statements[1]).toMatch(/^update sessions set expires_at/);
    // Slid: the next request reads only.
    const next = await countStatements(t.database.pool, () => profile(cookie));
    expect(next.result.headers["set-cookie"]).toBeUndefined();
    expect(next.count, describeStatements(next.statements)).toBe(1);
  });
});

describe("changes land on the very next request", () => {
  it("a session deleted (revoked) or signed out is anonymous next", async () => {
    const user = await makeUser(t.db);
    const first = await t.login(user.email, user.password);
    const second = await t.login(user.email, user.password);
    expect((await profile(first)).statusCode).toBe(200);
    expect((await profile(second)).statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.token, sessionTokenOf(first)));
    expect((await profile(first)).statusCode).toBe(401);
    const signOut = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie: second } });
    expect(signOut.statusCode).toBe(200);
    expect((await profile(second)).statusCode).toBe(401);
  });

  it("a user deactivated through the admin API loses access at once and the session row goes", async () => {
    const user = await makeUser(t.db, { groups: [GROUP.therapist] });
    const cookie = await t.login(user.email, user.password);
    expect((await profile(cookie)).statusCode).toBe(200);
    const admin = await t.loginAs("admin");
    const deactivate = await t.app.inject({ method: "PUT", url: `/api/users/${user.id}/active`, headers: { cookie: admin }, payload: { isActive: false } });
    expect(deactivate.statusCode).toBe(200);
    expect((await profile(cookie)).statusCode).toBe(401);
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it("a user deactivated in the database is anonymous next and the session row is deleted", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    expect((await profile(cookie)).statusCode).toBe(200);
    await t.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    expect((await profile(cookie)).statusCode).toBe(401);
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it("removing the group that grants a permission refuses the next request", async () => {
    const user = await makeUser(t.db, { groups: [GROUP.therapist] });
    const cookie = await t.login(user.email, user.password);
    expect((await guarded(cookie)).statusCode).toBe(200);
    await t.db.delete(userGroups).where(and(eq(userGroups.userId, user.id), eq(userGroups.groupId, GROUP.therapist)));
    expect((await guarded(cookie)).statusCode).toBe(403);
  });

  it("a permission granted to or taken from the user lands on the next request", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    expect((await guarded(cookie)).statusCode).toBe(403);
    const [permission] = await t.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.codename, "view_activity"));
    await t.db.insert(userPermissions).values({ userId: user.id, permissionId: permission.id });
    expect((await guarded(cookie)).statusCode).toBe(200);
    await t.db.delete(userPermissions).where(eq(userPermissions.userId, user.id));
    expect((await guarded(cookie)).statusCode).toBe(403);
  });
});

describe("cookies and sessions that do not sign anyone in", () => {
  it("a tampered signature, or one made with another secret, is anonymous", async () => {
    const cookie = await t.loginAs("therapist");
    const token = sessionTokenOf(cookie);
    const pair = cookie.split("; ").find((part) => part.startsWith("clinic.session_token=")) ?? "";
    const value = decodeURIComponent(pair.slice("clinic.session_token=".length));
    const signature = value.slice(value.lastIndexOf(".") + 1);
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    expect((await profile(`clinic.session_token=${encodeURIComponent(`${token}.${flipped}`)}`)).statusCode).toBe(401);
    const otherKey = createSecretKey(Buffer.from("another-secret-of-at-least-32-characters!"));
    expect((await profile(`clinic.session_token=${signCookieValue(token, otherKey)}`)).statusCode).toBe(401);
    expect((await profile(`clinic.session_token=${token}`)).statusCode).toBe(401);
    // The session itself is untouched: the genuine cookie still works.
    expect((await profile(cookie)).statusCode).toBe(200);
  });

  it("an expired session is anonymous, its row is deleted and its cookie cleared", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.token, sessionTokenOf(cookie)));
    const response = await profile(cookie);
    expect(response.statusCode).toBe(401);
    expect([response.headers["set-cookie"]].flat()).toContainEqual(expect.stringMatching(/^clinic\.session_token=;.*Max-Age=0/));
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it("a session past SESSION_MAX_HOURS is anonymous and deleted, however recently used", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(hours => ${t.config.session.maxHours}, mins => 1)`, expiresAt: sql`now() + interval '59 minutes'` })
      .where(eq(sessions.token, sessionTokenOf(cookie)));
    const response = await profile(cookie);
    expect(response.statusCode).toBe(401);
    expect(await sessionRow(cookie)).toBeUndefined();
  });
});

describe("sliding expiry, as better-auth slides it", () => {
  const idleMs = () => t.config.session.idleMinutes * 60_000;

  it("a session whose refresh is due gets expires_at moved ahead and the sign-in's very cookie back", async () => {
    const user = await makeUser(t.db);
    const { cookie, line } = await signInLine(user.email, user.password);
    // Slid last two minutes ago: better-auth's updateAge (60 s) has passed.
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() + make_interval(mins => ${t.config.session.idleMinutes - 2})` })
      .where(eq(sessions.token, sessionTokenOf(cookie)));
    const before = await sessionRow(cookie);
    const response = await profile(cookie);
    expect(response.statusCode).toBe(200);
    // Name, signed value and attributes exactly as better-auth's own setSessionCookie writes them.
    expect(response.headers["set-cookie"]).toBe(line);
    expect(line).toMatch(new RegExp(`Max-Age=${t.config.session.idleMinutes * 60};`));
    const after = await sessionRow(cookie);
    expect(after.expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime() + 60_000);
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + idleMs() - 60_000);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
  });

  it("a session slid less than a minute ago gets neither a write nor a cookie", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    const before = await sessionRow(cookie);
    const response = await profile(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["set-cookie"]).toBeUndefined();
    const after = await sessionRow(cookie);
    expect(after.expiresAt).toEqual(before.expiresAt);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it('a valid "don\'t remember me" cookie stops the slide, as in better-auth; a forged one does not', async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    const due = () =>
      t.db
        .update(sessions)
        .set({ expiresAt: sql`now() + make_interval(mins => ${t.config.session.idleMinutes - 2})` })
        .where(eq(sessions.token, sessionTokenOf(cookie)));
    await due();
    const key = createSecretKey(Buffer.from(TEST_AUTH_SECRET));
    const before = await sessionRow(cookie);
    const remembered = await profile(`${cookie}; clinic.dont_remember=${signCookieValue("true", key)}`);
    expect(remembered.statusCode).toBe(200);
    expect(remembered.headers["set-cookie"]).toBeUndefined();
    expect((await sessionRow(cookie)).expiresAt).toEqual(before.expiresAt);
    const forged = await profile(`${cookie}; clinic.dont_remember=true.${"A".repeat(43)}=`);
    expect(forged.statusCode).toBe(200);
    expect(forged.headers["set-cookie"]).toMatch(/^clinic\.session_token=/);
  });
});

describe("better-call's cookie reading, mirrored", () => {
  const key = createSecretKey(Buffer.from(TEST_AUTH_SECRET));

  it("verifies what it signs, and only that", () => {
    const signed = decodeURIComponent(signCookieValue("a-token", key));
    expect(verifySignedValue(signed, key)).toBe("a-token");
    expect(verifySignedValue(signed.replace("a-token", "b-token"), key)).toBeNull();
    expect(verifySignedValue("a-token", key)).toBeNull();
    expect(verifySignedValue(`a-token.${"*".repeat(43)}=`, key)).toBeNull();
    expect(verifySignedValue(undefined, key)).toBeNull();
  });

  it("signs as better-call does: base64 HMAC-SHA256 of the value, URL-encoded", () => {
    const expected = createHmac("sha256", TEST_AUTH_SECRET).update("a-token").digest("base64");
    expect(signCookieValue("a-token", key)).toBe(encodeURIComponent(`a-token.${expected}`));
  });

  it("parses the Cookie header as better-call does: first of a name wins, quotes dropped, values decoded", () => {
    const cookies = parseCookieHeader(' a=1; b="x%3Dy" ; a=2; bad; c=%E0%A4%A');
    expect(cookies.get("a")).toBe("1");
    expect(cookies.get("b")).toBe("x=y");
    expect(cookies.get("c")).toBe("%E0%A4%A");
  });
});

describe("behind an https PUBLIC_URL (secure cookies)", () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ seed: false, env: { PUBLIC_URL: "https://clinic.example" } });
  });
  afterAll(() => secure?.close());

  it("reads the __Secure- cookie in one statement and slides it with better-auth's very attributes", async () => {
    const user = await makeUser(secure.db);
    const response = await secure.signIn(user.email, user.password);
    expect(response.statusCode).toBe(200);
    const line = [response.headers["set-cookie"]].flat().find((value) => value?.startsWith("__Secure-clinic.session_token="));
    if (!line) throw new Error("sign-in set no secure session cookie");
    expect(line).toMatch(/; Secure/);
    const cookie = line.split(";")[0] ?? "";
    const read = () => secure.app.inject({ method: "GET", url: "/api/user-profile/", headers: { cookie } });
    const { result, count, statements } = await countStatements(secure.database.pool, read);
    expect(result.statusCode).toBe(200);
    expect(count, describeStatements(statements)).toBe(1);
    // The same token under the plain name is not this site's cookie any more.
    expect((await secure.app.inject({ method: "GET", url: "/api/user-profile/", headers: { cookie: cookie.replace("__Secure-", "") } })).statusCode).toBe(401);
    const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0] ?? "";
    await secure.db
      .update(sessions)
      .set({ expiresAt: sql`now() + make_interval(mins => ${secure.config.session.idleMinutes - 2})` })
      .where(eq(sessions.token, token));
    expect((await read()).headers["set-cookie"]).toBe(line);
  });
});
