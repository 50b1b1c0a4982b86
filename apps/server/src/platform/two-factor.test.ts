import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../demo-accounts.ts";
import { cookieHeaderOf, createTestApp, readUser, type TestApp } from "../../test/app.ts";
import { totpNow } from "../../test/totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, cookie: string | undefined, payload: unknown, remoteAddress = "10.200.0.1") =>
  t.app.inject({ method: "POST", url, headers: cookie ? { cookie } : {}, payload: payload as object, remoteAddress });

describe("TOTP second factor", () => {
  it("is refused to patients", async () => {
    const cookie = await t.loginAs("patient");
    const response = await post("/api/auth/two-factor/enable", cookie, { password: DEMO_ACCOUNTS.patient.password });
    expect(response.statusCode).toBe(403);
    expect((await readUser(t.db, t.ids.patient)).twoFactorEnabled).toBe(false);
  });

  it("needs the password to start", async () => {
    const cookie = await t.loginAs("therapist");
    const response = await post("/api/auth/two-factor/enable", cookie, { password: "wrong-password" });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect((await readUser(t.db, t.ids.therapist)).twoFactorEnabled).toBe(false);
  });

  it("is switched on by staff with a code, then asked for at every sign-in", async () => {
    const cookie = await t.loginAs("therapist");
    const enable = await post("/api/auth/two-factor/enable", cookie, { password: DEMO_ACCOUNTS.therapist.password });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(backupCodes.length).toBeGreaterThan(0);
    // Not on until a code from the app confirms it.
    expect((await readUser(t.db, t.ids.therapist)).twoFactorEnabled).toBe(false);

    const confirm = await post("/api/auth/two-factor/verify-totp", cookie, { code: totpNow(totpURI) });
    expect(confirm.statusCode).toBe(200);
    expect((await readUser(t.db, t.ids.therapist)).twoFactorEnabled).toBe(true);

    // Password alone no longer gives a session.
    const first = await t.signIn(DEMO_ACCOUNTS.therapist.email, DEMO_ACCOUNTS.therapist.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieHeaderOf(first);
    expect(pending).not.toMatch(/clinic\.session_token=[^;]+/);
    const noSession = await t.app.inject({ method: "GET", url: "/api/get-user-profile/", headers: { cookie: pending } });
    expect(noSession.statusCode).toBe(401);

    const wrong = await post("/api/auth/two-factor/verify-totp", pending, { code: "000000" === totpNow(totpURI) ? "111111" : "000000" });
    expect(wrong.statusCode).toBe(401);

    const right = await post("/api/auth/two-factor/verify-totp", pending, { code: totpNow(totpURI) });
    expect(right.statusCode).toBe(200);
    const session = cookieHeaderOf(right);
    const profile = await t.app.inject({ method: "GET", url: "/api/get-user-profile/", headers: { cookie: session } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().userData.twoFactorEnabled).toBe(true);
  });
});
