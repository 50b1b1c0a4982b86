import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeaderOf, createTestApp, readUser, sessionTokenOf, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";
import { sessions, users } from "../db/schema.ts";
import { DEMO_ACCOUNTS } from "../seed-demo-data.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const profile = (cookie?: string) => t.app.inject({ method: "GET", url: "/api/get-user-profile/", headers: cookie ? { cookie } : {} });

async function sessionRows(userId: string) {
  return t.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe("sign-in", () => {
  it("answers 200 and an httpOnly SameSite session cookie for good credentials", async () => {
    const response = await t.signIn(DEMO_ACCOUNTS.therapist.email, DEMO_ACCOUNTS.therapist.password);
    expect(response.statusCode).toBe(200);
    const setCookie = [response.headers["set-cookie"]].flat().join("\n");
    const session = setCookie.split("\n").find((line) => line.startsWith("clinic.session_token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    // Served over plain http in tests: a Secure cookie would never come back.
    expect(session).not.toMatch(/;\s*Secure/i);
    expect(response.json().user.email).toBe(DEMO_ACCOUNTS.therapist.email);
  });

  it("opens a session that the API then recognises", async () => {
    const cookie = await t.loginAs("therapist");
    const response = await profile(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userId: t.ids.therapist, isAuthenticated: true, isAdmin: false });
  });

  it("answers 401 JSON and no cookie for a wrong password", async () => {
    const before = (await sessionRows(t.ids.patient)).length;
    const response = await t.signIn(DEMO_ACCOUNTS.patient.email, "Wrong-password-2026");
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.json()).toHaveProperty("message");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect((await sessionRows(t.ids.patient)).length).toBe(before);
  });

  it("answers 401 for an unknown email, like a wrong password", async () => {
    const response = await t.signIn("nobody@example.com", "Whatever-password-1");
    expect(response.statusCode).toBe(401);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses a deactivated user with 403 and opens no session", async () => {
    const user = await makeUser(t.db, { isActive: false });
    const response = await t.signIn(user.email, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.headers["set-cookie"] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^clinic\.session_token=[^;]/)]));
    expect(await sessionRows(user.id)).toEqual([]);
  });

  it("ends the access of a user deactivated while signed in", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    expect((await profile(cookie)).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await profile(cookie)).statusCode).toBe(401);
    expect(await sessionRows(user.id)).toEqual([]);
    // Reactivated, the user must sign in again: the old session is gone for good.
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    expect((await profile(cookie)).statusCode).toBe(401);
  });
});

describe("sign-out", () => {
  it("ends the session: the old cookie then gets 401", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    expect((await profile(cookie)).statusCode).toBe(200);
    const response = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(await sessionRows(user.id)).toEqual([]);
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it("ends only that session", async () => {
    const user = await makeUser(t.db);
    const first = await t.login(user.email, user.password);
    const second = await t.login(user.email, user.password);
    await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie: first } });
    expect((await profile(first)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(200);
  });

  it("is never refused for how many sign-outs one address sends (a clinic's staff behind one router; found by the soak)", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    const remoteAddress = "10.200.0.1";
    // Past the auth library's 300 a minute per address and path.
    for (let count = 0; count < 305; count++) await t.app.inject({ method: "POST", url: "/api/auth/sign-out", remoteAddress });
    const response = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie }, remoteAddress });
    expect(response.statusCode).toBe(200);
    expect(await sessionRows(user.id)).toEqual([]);
  });
});

describe("session lifetime", () => {
  it("answers 401 once the idle expiry has passed", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    expect((await profile(cookie)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.token, sessionTokenOf(cookie)));
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it("keeps a session younger than SESSION_MAX_HOURS", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    const minutes = t.config.session.maxHours * 60 - 5;
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(sessions.token, sessionTokenOf(cookie)));
    expect((await profile(cookie)).statusCode).toBe(200);
  });

  it("ends a session older than SESSION_MAX_HOURS however recently used, and deletes its row", async () => {
    const user = await makeUser(t.db);
    const cookie = await t.login(user.email, user.password);
    const token = sessionTokenOf(cookie);
    const minutes = t.config.session.maxHours * 60 + 1;
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})`, updatedAt: sql`now()` })
      .where(eq(sessions.token, token));
    expect((await profile(cookie)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.token, token))).toEqual([]);
  });

  it("answers 401 for a forged or unknown session cookie", async () => {
    expect((await profile("clinic.session_token=forged.token")).statusCode).toBe(401);
    expect((await profile("unrelated=1")).statusCode).toBe(401);
  });
});

describe("cross-site protection", () => {
  const setLanguage = (cookie: string, headers: Record<string, string>, language = "es") =>
    t.app.inject({
      method: "POST",
      url: `/api/language/${t.ids.patient2}`,
      headers: { cookie, ...headers },
      payload: { language },
    });

  it("refuses a state-changing call from another site, by Origin or by Sec-Fetch-Site, and writes nothing", async () => {
    const cookie = await t.loginAs("patient2");
    const before = (await readUser(t.db, t.ids.patient2)).language;
    const target = before === "es" ? "en" : "es";
    const attempts: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: TEST_PUBLIC_URL, "sec-fetch-site": "cross-site" },
    ];
    for (const headers of attempts) {
      const response = await setLanguage(cookie, headers, target);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json(), JSON.stringify(headers)).toMatchObject({
        code: "CROSS_SITE_REQUEST",
        detail: expect.stringMatching(/^Cross-site request refused/),
      });
    }
    expect((await readUser(t.db, t.ids.patient2)).language).toBe(before);
  });

  it("lets the same origin through", async () => {
    const cookie = await t.loginAs("patient2");
    const response = await setLanguage(cookie, { origin: TEST_PUBLIC_URL, "sec-fetch-site": "same-origin" }, "en");
    expect(response.statusCode).toBe(200);
    expect((await readUser(t.db, t.ids.patient2)).language).toBe("en");
  });

  it("refuses a cross-site sign-in and opens no session", async () => {
    const { email, password } = DEMO_ACCOUNTS.clinic;
    const before = (await sessionRows(t.ids.clinic)).length;
    const attempts: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of attempts) {
      const response = await t.signIn(email, password, { headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().code).toBe("CROSS_SITE_REQUEST");
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    expect((await sessionRows(t.ids.clinic)).length).toBe(before);
    const sameOrigin = await t.signIn(email, password, { headers: { origin: TEST_PUBLIC_URL } });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it("refuses a cross-site sign-out, which leaves the session alive", async () => {
    const cookie = await t.loginAs("clinic");
    const response = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie, origin: "https://evil.example" } });
    expect(response.statusCode).toBe(403);
    expect((await profile(cookie)).statusCode).toBe(200);
  });

  it("leaves reads alone", async () => {
    const cookie = await t.loginAs("clinic");
    const response = await t.app.inject({ method: "GET", url: "/api/get-user-profile/", headers: { cookie, origin: "https://evil.example" } });
    expect(response.statusCode).toBe(200);
  });
});

describe("sign-in at any address the server answers on", () => {
  const { email, password } = DEMO_ACCOUNTS.therapist;

  it.each([
    ["127.0.0.1:8000", "http://127.0.0.1:8000"],
    ["192.168.1.20:8000", "http://192.168.1.20:8000"],
    ["clinic.lan", "http://clinic.lan"],
    ["[::1]:8000", "http://[::1]:8000"],
  ])("lets a page served at %s sign in from its own origin", async (host, origin) => {
    const response = await t.signIn(email, password, { headers: { host, origin, "sec-fetch-site": "same-origin", cookie: "seen=1" } });
    expect(response.statusCode).toBe(200);
    const cookie = cookieHeaderOf(response);
    expect((await profile(cookie)).statusCode).toBe(200);
    // A state-changing call of our own API from that page passes too.
    const signOut = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { host, origin, cookie } });
    expect(signOut.statusCode).toBe(200);
  });

  it("refuses an origin that is neither the request's own nor trusted, saying it is a cross-site request", async () => {
    const response = await t.signIn(email, password, { headers: { host: "127.0.0.1:8000", origin: "http://192.168.1.20:8000" } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "CROSS_SITE_REQUEST", detail: expect.stringContaining("http://192.168.1.20:8000") });
    expect(response.json().detail).not.toMatch(/permission/i);
  });

  it("reads the Referer when no Origin is sent, for our routes and better-auth's alike", async () => {
    const response = await t.signIn(email, password, { headers: { cookie: "seen=1", referer: "https://evil.example/login" } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "CROSS_SITE_REQUEST" });
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  describe("with TRUSTED_ORIGINS and TRUST_PROXY", () => {
    let proxied: TestApp;
    let direct: TestApp;
    beforeAll(async () => {
      proxied = await createTestApp({ seed: true, env: { TRUST_PROXY: "true", TRUSTED_ORIGINS: "https://portal.example, http://10.0.0.5:8080/" } });
      direct = await createTestApp({ seed: true });
    });
    afterAll(async () => {
      await proxied?.close();
      await direct?.close();
    });

    it("trusts every origin of TRUSTED_ORIGINS besides PUBLIC_URL's", async () => {
      for (const origin of ["https://portal.example", "http://10.0.0.5:8080", TEST_PUBLIC_URL]) {
        const response = await proxied.signIn(email, password, { headers: { host: "app.internal:8000", origin, cookie: "seen=1" } });
        expect(response.statusCode, origin).toBe(200);
      }
      const refused = await direct.signIn(email, password, { headers: { host: "app.internal:8000", origin: "https://portal.example", cookie: "seen=1" } });
      expect(refused.statusCode).toBe(403);
    });

    it("reads the request's own origin from X-Forwarded-Host and -Proto only behind TRUST_PROXY", async () => {
      const headers = {
        host: "app.internal:8000",
        "x-forwarded-host": "clinic.example",
        "x-forwarded-proto": "https",
        origin: "https://clinic.example",
        cookie: "seen=1",
      };
      expect((await proxied.signIn(email, password, { headers })).statusCode).toBe(200);
      const spoofed = await direct.signIn(email, password, { headers });
      expect(spoofed.statusCode).toBe(403);
      expect(spoofed.json().code).toBe("CROSS_SITE_REQUEST");
    });
  });
});

describe("sign-in input", () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp();
  });
  afterAll(async () => t2?.close());

  it("answers 400 with field errors for a malformed email or missing password, and creates no session", async () => {
    const response = await t2.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: "not-an-email" } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(["email", "password"]);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });
});
