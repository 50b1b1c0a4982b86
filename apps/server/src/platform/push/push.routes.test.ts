import { PUSH_MESSAGES } from "@clinic/shared";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appNode, createTestApp, type TestApp } from "../../../test/app.ts";
import { makePatient } from "../../../test/factories.ts";
import { browserKeys } from "../../../test/push-fake.ts";
import { caller } from "../../../test/people.ts";
import { dailyExercisePushes, pushSubscriptions, pushVapidKeys } from "./push.table.ts";

/**
 * The push routes in production's settings (PUSH_ALLOW_LOCAL_ENDPOINTS off): subscribing,
 * re-subscribing, listing and removing one's own devices, the refusals, the daily exercises
 * setting, and the VAPID key pair made once for every node and restart.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
const cookies: Record<"patient" | "patient2" | "therapist", string> = { patient: "", patient2: "", therapist: "" };
const extraApps: FastifyInstance[] = [];
let serial = 0;

const subscription = (endpoint = `https://push.example.com/send/${++serial}`) => {
  const { p256dh, auth } = browserKeys();
  return { endpoint, expirationTime: null, keys: { p256dh, auth } };
};
const rowsOf = async (endpoint: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
const subscriptionCount = async () => (await t.db.select({ n: count() }).from(pushSubscriptions))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  for (const role of ["patient", "patient2", "therapist"] as const) cookies[role] = await t.loginAs(role);
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t?.close();
});

describe("POST /api/push/subscriptions", () => {
  it("subscribes the caller's device (201), with a label from its browser and none of its keys in the answer", async () => {
    const body = subscription();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: {
        cookie: cookies.patient,
        "user-agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      },
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ endpoint: body.endpoint, deviceLabel: "Chrome on Android", lastSuccessAt: null });
    expect(response.body).not.toContain(body.keys.p256dh);
    const [row] = await rowsOf(body.endpoint);
    expect(row).toMatchObject({ userId: t.ids.patient, p256dh: body.keys.p256dh, auth: body.keys.auth });
  });

  it("updates the device subscribed again (200, one row, new keys), and moves it to whoever subscribed it last", async () => {
    const first = subscription();
    expect((await call("POST", "/api/push/subscriptions", cookies.patient, first)).statusCode).toBe(201);
    const again = { ...subscription(first.endpoint) };
    const response = await call("POST", "/api/push/subscriptions", cookies.patient, again);
    expect(response.statusCode).toBe(200);
    let rows = await rowsOf(first.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: t.ids.patient, p256dh: again.keys.p256dh });

    // The shared device, now signed in as another patient.
    expect((await call("POST", "/api/push/subscriptions", cookies.patient2, again)).statusCode).toBe(200);
    rows = await rowsOf(first.endpoint);
    expect(rows.map((row) => row.userId)).toEqual([t.ids.patient2]);
    const listed = (await call("GET", "/api/push/subscriptions", cookies.patient)).json().data as { endpoint: string }[];
    expect(listed.map((device) => device.endpoint)).not.toContain(first.endpoint);
  });

  it.each([
    ["javascript:", "javascript:alert(1)", PUSH_MESSAGES.endpoint],
    ["data:", "data:text/plain,push", PUSH_MESSAGES.endpoint],
    ["ftp:", "ftp://push.example.com/x", PUSH_MESSAGES.endpoint],
    ["http: to a public host", "http://push.example.com/x", PUSH_MESSAGES.endpoint],
    ["http: to this machine, not allowed here", "http://127.0.0.1:9/push", PUSH_MESSAGES.localEndpoint],
    ["https: to an IP address", "https://10.0.0.8/push", PUSH_MESSAGES.localEndpoint],
    ["https: to a local name", "https://metadata.internal/push", PUSH_MESSAGES.localEndpoint],
    ["credentials in the address", "https://user:secret@push.example.com/x", PUSH_MESSAGES.endpoint],
    ["not an address", "push.example.com/x", PUSH_MESSAGES.endpoint],
    ["over 2048 characters", `https://push.example.com/${"a".repeat(2048)}`, PUSH_MESSAGES.endpointLength],
  ])("refuses an endpoint that is %s (400, nothing written)", async (_, endpoint, message) => {
    const before = await subscriptionCount();
    const response = await call("POST", "/api/push/subscriptions", cookies.patient, subscription(endpoint));
    expect(response.statusCode).toBe(400);
    expect(response.json().endpoint).toContain(message);
    expect(await subscriptionCount()).toBe(before);
  });

  it("refuses keys that are not a browser's (400 per key, nothing written)", async () => {
    const before = await subscriptionCount();
    const good = subscription();
    const cases = [
      { keys: { p256dh: "short", auth: good.keys.auth }, field: "keys.p256dh", message: PUSH_MESSAGES.p256dh },
      { keys: { p256dh: `${good.keys.p256dh}${"A".repeat(4000)}`, auth: good.keys.auth }, field: "keys.p256dh", message: PUSH_MESSAGES.p256dh },
      { keys: { p256dh: good.keys.p256dh, auth: "a+b/c==" }, field: "keys.auth", message: PUSH_MESSAGES.auth },
      { keys: { p256dh: good.keys.p256dh, auth: "x".repeat(5000) }, field: "keys.auth", message: PUSH_MESSAGES.auth },
    ];
    for (const { keys, field, message } of cases) {
      const response = await call("POST", "/api/push/subscriptions", cookies.patient, { ...good, keys });
      expect(response.statusCode).toBe(400);
      expect(response.json()[field]).toContain(message);
    }
    expect((await call("POST", "/api/push/subscriptions", cookies.patient, { endpoint: good.endpoint })).statusCode).toBe(400);
    expect(await subscriptionCount()).toBe(before);
  });

  it("answers 401 signed out", async () => {
    expect((await call("POST", "/api/push/subscriptions", undefined, subscription())).statusCode).toBe(401);
  });
});

describe("DELETE /api/push/subscriptions", () => {
  it("removes the caller's own device; another user's is not found and stays", async () => {
    const own = subscription();
    const theirs = subscription();
    await call("POST", "/api/push/subscriptions", cookies.patient, own);
    await call("POST", "/api/push/subscriptions", cookies.patient2, theirs);

    const refused = await call("DELETE", "/api/push/subscriptions", cookies.patient, { endpoint: theirs.endpoint });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(PUSH_MESSAGES.notSubscribed);
    expect(await rowsOf(theirs.endpoint)).toHaveLength(1);
    expect((await call("DELETE", "/api/push/subscriptions", cookies.therapist, { endpoint: theirs.endpoint })).statusCode).toBe(404);

    expect((await call("DELETE", "/api/push/subscriptions", cookies.patient, { endpoint: own.endpoint })).statusCode).toBe(204);
    expect(await rowsOf(own.endpoint)).toHaveLength(0);
    // Again: nothing left to remove.
    expect((await call("DELETE", "/api/push/subscriptions", cookies.patient, { endpoint: own.endpoint })).statusCode).toBe(404);
  });

  it("refuses a body that names no endpoint (400) and a caller signed out (401)", async () => {
    expect((await call("DELETE", "/api/push/subscriptions", cookies.patient, {})).statusCode).toBe(400);
    expect((await call("DELETE", "/api/push/subscriptions", cookies.patient, { endpoint: "javascript:alert(1)" })).statusCode).toBe(400);
    expect((await call("DELETE", "/api/push/subscriptions", undefined, { endpoint: "https://push.example.com/x" })).statusCode).toBe(401);
  });
});

describe("GET /api/push/subscriptions", () => {
  it("lists the caller's devices only", async () => {
    const fresh = await t.login(...(await freshPatient()));
    const mine = [subscription(), subscription()];
    for (const body of mine) await call("POST", "/api/push/subscriptions", fresh, body);
    await call("POST", "/api/push/subscriptions", cookies.patient2, subscription());
    const response = await call("GET", "/api/push/subscriptions", fresh);
    expect(response.statusCode).toBe(200);
    expect((response.json().data as { endpoint: string }[]).map((device) => device.endpoint).sort()).toEqual(mine.map((body) => body.endpoint).sort());
  });
});

/** A patient of the demo clinic with nothing of their own yet: email and password, to sign in. */
async function freshPatient(): Promise<[string, string]> {
  const made = await makePatient(t.db, t.ids.clinic, [t.ids.therapist]);
  return [made.email, made.password];
}

describe("the daily exercises push setting", () => {
  it("is off until the patient sets a time, in their time zone; null switches it off", async () => {
    const cookie = await t.login(...(await freshPatient()));
    expect((await call("GET", "/api/push/daily-exercises", cookie)).json()).toEqual({ time: null, timeZone: "UTC" });
    const set = await call("PUT", "/api/push/daily-exercises", cookie, { time: "18:30", timeZone: "America/Mexico_City" });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ time: "18:30", timeZone: "America/Mexico_City" });
    expect((await call("GET", "/api/push/daily-exercises", cookie)).json()).toEqual({ time: "18:30", timeZone: "America/Mexico_City" });
    expect((await call("PUT", "/api/push/daily-exercises", cookie, { time: null, timeZone: "America/Mexico_City" })).json().time).toBeNull();
  });

  it("refuses a time or zone that is not one (400, nothing written)", async () => {
    const before = (await t.db.select({ n: count() }).from(dailyExercisePushes))[0]?.n;
    for (const body of [
      { time: "25:00", timeZone: "Europe/Madrid" },
      { time: "6pm", timeZone: "Europe/Madrid" },
      { time: "18:00", timeZone: "Mars/Olympus" },
      { time: "18:00" },
    ]) {
      const response = await call("PUT", "/api/push/daily-exercises", cookies.patient2, body);
      expect(response.statusCode).toBe(400);
    }
    expect((await call("PUT", "/api/push/daily-exercises", cookies.patient2, { time: "25:00", timeZone: "UTC" })).json().time).toContain(PUSH_MESSAGES.time);
    expect((await t.db.select({ n: count() }).from(dailyExercisePushes))[0]?.n).toBe(before);
  });

  it("is a patient's: staff are refused (403)", async () => {
    expect((await call("GET", "/api/push/daily-exercises", cookies.therapist)).statusCode).toBe(403);
    expect((await call("PUT", "/api/push/daily-exercises", cookies.therapist, { time: "08:00", timeZone: "UTC" })).statusCode).toBe(403);
  });
});

describe("GET /api/push/key", () => {
  it("answers the one VAPID public key, made on the first start and the same after a restart and on another node", async () => {
    const first = await call("GET", "/api/push/key", cookies.patient);
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json() as { publicKey: string };
    // An uncompressed P-256 point, base64url: what browsers take as applicationServerKey.
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);

    const [stored] = await t.db.select().from(pushVapidKeys);
    // The private key is sealed: the database alone does not give it.
    expect(stored?.privateKeySealed).toMatch(/^v1\./);

    const other = await appNode(t, false);
    extraApps.push(other);
    const again = await other.inject({ method: "GET", url: "/api/push/key", headers: { cookie: cookies.patient } });
    expect(again.json()).toEqual({ publicKey });
    expect(await t.db.select().from(pushVapidKeys)).toHaveLength(1);
    expect((await call("GET", "/api/push/key")).statusCode).toBe(401);
  });
});

describe("POST /api/push/test", () => {
  it("queues one test push per device of the caller", async () => {
    const cookie = await t.login(...(await freshPatient()));
    expect((await call("POST", "/api/push/test", cookie)).json()).toEqual({ queued: 0 });
    await call("POST", "/api/push/subscriptions", cookie, subscription());
    await call("POST", "/api/push/subscriptions", cookie, subscription());
    expect((await call("POST", "/api/push/test", cookie)).json()).toEqual({ queued: 2 });
  });
});
