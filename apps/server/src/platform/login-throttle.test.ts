import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeaderOf, createTestApp, type TestApp } from "../../test/app.ts";
import { makeClinicAccount, makeUser } from "../../test/factories.ts";
import { totpNow } from "../../test/totp.ts";
import { rateLimits } from "../db/schema.ts";

const WRONG = "Wrong-password-2026";
let t: TestApp;
let addressCount = 0;
/** A client address no other test uses, so each test starts from clean counts. */
const freshAddress = () => `198.51.100.${++addressCount}`;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_ACCOUNT_MAX_FAILURES: "5", LOGIN_ADDRESS_MAX_FAILURES: "100", LOGIN_LOCK_MINUTES: "15" } });
});
afterAll(() => t?.close());

describe("sign-in throttling counts failures, not people", () => {
  it("lets twelve users sign in from one address within a minute", async () => {
    const address = freshAddress();
    const people = await Promise.all(Array.from({ length: 12 }, () => makeUser(t.db)));
    for (const person of people) {
      const response = await t.signIn(person.email, person.password, { remoteAddress: address });
      expect(response.statusCode, person.email).toBe(200);
    }
  });

  it("locks an account after five wrong passwords, with the time left, but not the other accounts of that address", async () => {
    const address = freshAddress();
    const [victim, colleague] = [await makeUser(t.db), await makeUser(t.db)];
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await t.signIn(victim.email, WRONG, { remoteAddress: address })).statusCode, `attempt ${attempt}`).toBe(401);
    }
    const locked = await t.signIn(victim.email, victim.password, { remoteAddress: address });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["set-cookie"]).toBeUndefined();
    const retryAfter = Number(locked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.json()).toMatchObject({
      code: "SIGN_IN_LOCKED",
      retryAfter,
      detail: "Too many failed sign-in attempts for this account. Try again in 15 minutes.",
    });
    // The lock is the account's, wherever the next try comes from, and it spares the colleague.
    expect((await t.signIn(victim.email.toUpperCase(), victim.password, { remoteAddress: freshAddress() })).statusCode).toBe(429);
    expect((await t.signIn(colleague.email, colleague.password, { remoteAddress: address })).statusCode).toBe(200);
  });

  it("ends the lock when its time is up", async () => {
    const person = await makeUser(t.db);
    for (let attempt = 1; attempt <= 5; attempt++) await t.signIn(person.email, WRONG);
    expect((await t.signIn(person.email, person.password)).statusCode).toBe(429);
    // As if the fifteen minutes had passed: the row's expiry moved into the past.
    await t.db
      .update(rateLimits)
      .set({ lastRequest: sql`${rateLimits.lastRequest} - 15 * 60 * 1000` })
      .where(like(rateLimits.key, `%:${person.email}`));
    expect((await t.signIn(person.email, person.password)).statusCode).toBe(200);
  });

  it("forgets an account's failures once its owner signs in", async () => {
    const address = freshAddress();
    const person = await makeUser(t.db);
    for (let round = 1; round <= 2; round++) {
      for (let attempt = 1; attempt <= 4; attempt++) {
        expect((await t.signIn(person.email, WRONG, { remoteAddress: address })).statusCode, `round ${round}, attempt ${attempt}`).toBe(401);
      }
      expect((await t.signIn(person.email, person.password, { remoteAddress: address })).statusCode, `round ${round}`).toBe(200);
    }
  });

  it("counts unknown emails like known ones, so a lock tells nothing about who has an account", async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 5; attempt++) expect((await t.signIn("nobody-here@test.example", WRONG, { remoteAddress: address })).statusCode).toBe(401);
    expect((await t.signIn("nobody-here@test.example", WRONG, { remoteAddress: address })).statusCode).toBe(429);
  });

  it("lets no more than five guesses through when they arrive at once", async () => {
    const person = await makeUser(t.db);
    const address = freshAddress();
    const statuses = await Promise.all(Array.from({ length: 9 }, () => t.signIn(person.email, WRONG, { remoteAddress: address }).then((r) => r.statusCode)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });
});

describe("the address ceiling", () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await createTestApp({ env: { LOGIN_ADDRESS_MAX_FAILURES: "6" } });
  });
  afterAll(() => tight?.close());

  it("locks an address after its ceiling of failures across accounts, and only that address", async () => {
    const address = "203.0.113.9";
    const people = await Promise.all(Array.from({ length: 4 }, () => makeUser(tight.db)));
    // Two failures each at three accounts: no account is locked, the address is.
    for (const person of people.slice(0, 3)) {
      for (let attempt = 1; attempt <= 2; attempt++) expect((await tight.signIn(person.email, WRONG, { remoteAddress: address })).statusCode).toBe(401);
    }
    const locked = await tight.signIn(people[3].email, people[3].password, { remoteAddress: address });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toBe("Too many failed sign-in attempts from this network address. Try again in 15 minutes.");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await tight.signIn(people[3].email, people[3].password, { remoteAddress: "203.0.113.10" })).statusCode).toBe(200);
  });

  it("does not count successes toward it", async () => {
    const address = "203.0.113.20";
    const person = await makeUser(tight.db);
    for (let attempt = 1; attempt <= 10; attempt++)
      expect((await tight.signIn(person.email, person.password, { remoteAddress: address })).statusCode).toBe(200);
  });
});

describe("second-factor codes", () => {
  const verify = (cookie: string, code: string, remoteAddress: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/two-factor/verify-totp", headers: { cookie }, payload: { code }, remoteAddress });

  async function staffWithTotp() {
    const person = await makeClinicAccount(t.db);
    const cookie = await t.login(person.email, person.password);
    const enable = await t.app.inject({ method: "POST", url: "/api/auth/two-factor/enable", headers: { cookie }, payload: { password: person.password } });
    const { totpURI } = enable.json() as { totpURI: string };
    expect((await verify(cookie, totpNow(totpURI), freshAddress())).statusCode).toBe(200);
    return { ...person, totpURI };
  }
  const wrongCode = (uri: string) => (totpNow(uri) === "000000" ? "111111" : "000000");

  it("locks the second factor of an account after five wrong codes, even across sign-ins", async () => {
    const person = await staffWithTotp();
    const address = freshAddress();
    const pending = cookieHeaderOf(await t.signIn(person.email, person.password, { remoteAddress: address }));
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await verify(pending, wrongCode(person.totpURI), address)).statusCode, `attempt ${attempt}`).toBe(401);
    }
    const locked = await verify(pending, totpNow(person.totpURI), address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toBe("Too many wrong verification codes for this account. Try again in 15 minutes.");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    // The password is right, so it still passes; the code stays locked on a new challenge.
    const again = await t.signIn(person.email, person.password, { remoteAddress: freshAddress() });
    expect(again.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await verify(cookieHeaderOf(again), totpNow(person.totpURI), freshAddress())).statusCode).toBe(429);
  });

  it("answers a malformed two-factor cookie as a failed attempt, never a server error", async () => {
    const response = await verify("clinic.two_factor=%E0%A4%A; other=1", "123456", freshAddress());
    expect(response.statusCode).toBe(401);
  });

  it("forgets wrong codes once a right one is given", async () => {
    const person = await staffWithTotp();
    for (let round = 1; round <= 2; round++) {
      const address = freshAddress();
      const pending = cookieHeaderOf(await t.signIn(person.email, person.password, { remoteAddress: address }));
      for (let attempt = 1; attempt <= 3; attempt++) expect((await verify(pending, wrongCode(person.totpURI), address)).statusCode).toBe(401);
      expect((await verify(pending, totpNow(person.totpURI), address)).statusCode, `round ${round}`).toBe(200);
    }
  });
});
