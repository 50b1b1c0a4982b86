import { REALTIME_PATH, type RealtimeMessage } from "@clinic/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createTestApp, secondNode, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { makeActivity, makePatient } from "../../test/factories.ts";
import { LISTENER_NAME } from "./pg-listener.ts";
import { SESSION_ENDED_CODE } from "./realtime.ts";

/**
 * Live delivery across app nodes (issue 19): node A and node B are two whole apps on one
 * database, as behind a load balancer. A browser's socket on B hears of what A wrote.
 */

let a: TestApp;
let b: Awaited<ReturnType<typeof secondNode>>;
let nodeB: FastifyInstance;
let urlB: string;

beforeAll(async () => {
  a = await createTestApp();
  await a.app.listen({ port: 0, host: "127.0.0.1" });
  b = await secondNode(a);
  nodeB = b.app;
  const address = await nodeB.listen({ port: 0, host: "127.0.0.1" });
  urlB = address.replace(/^http/, "ws") + REALTIME_PATH;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** A socket's messages as a queue: `next()` waits for the following one. */
function openSocket(url: string, headers: Record<string, string>) {
  const socket = new WebSocket(url, { headers });
  const received: RealtimeMessage[] = [];
  const waiting: ((message: RealtimeMessage) => void)[] = [];
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as RealtimeMessage;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else received.push(message);
  });
  const next = () => {
    const queued = received.shift();
    return queued ? Promise.resolve(queued) : new Promise<RealtimeMessage>((resolve) => waiting.push(resolve));
  };
  return { socket, next };
}

/** The HTTP status a refused handshake answered. */
function refusal(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("open", () => {
      socket.close();
      reject(new Error("The socket was accepted"));
    });
    socket.on("error", () => {});
  });
}

async function assignOnNodeA(patientId: string): Promise<void> {
  const activity = await makeActivity(a.db, { clinicId: a.ids.clinic });
  const response = await a.app.inject({
    method: "POST",
    url: `/api/patients-activities/${patientId}`,
    headers: { cookie: await a.loginAs("therapist"), origin: TEST_PUBLIC_URL },
    payload: { activities: [activity.id], date: new Date().toLocaleDateString("en-CA"), duration: 10 },
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe("the realtime socket", () => {
  it("on node B receives the unread count when node A writes a notification for its user", async () => {
    const patient = await makePatient(a.db, a.ids.clinic, [a.ids.therapist]);
    const cookie = await a.login(patient.email, patient.password);
    const { socket, next } = openSocket(urlB, { cookie, origin: TEST_PUBLIC_URL });
    // On connecting: the count as it is.
    expect(await next()).toEqual({ type: "notifications", unread: 0 });
    await assignOnNodeA(patient.id);
    expect(await next()).toEqual({ type: "notifications", unread: 1 });

    // Read on node A (another tab): node B's socket hears the count fall.
    const read = await a.app.inject({ method: "POST", url: "/api/notifications/read-all", headers: { cookie, origin: TEST_PUBLIC_URL } });
    expect(read.statusCode).toBe(200);
    expect(await next()).toEqual({ type: "notifications", unread: 0 });
    socket.close();
  });

  it("tells a user only of their own notifications", async () => {
    const watcher = await makePatient(a.db, a.ids.clinic, [a.ids.therapist]);
    const other = await makePatient(a.db, a.ids.clinic, [a.ids.therapist]);
    const { socket, next } = openSocket(urlB, { cookie: await a.login(watcher.email, watcher.password) });
    expect(await next()).toEqual({ type: "notifications", unread: 0 });
    await assignOnNodeA(other.id);
    await assignOnNodeA(watcher.id);
    // The first message after connecting is the watcher's own, not the other patient's.
    expect(await next()).toEqual({ type: "notifications", unread: 1 });
    socket.close();
  });

  it("is refused without a session (401) and from another site's page (403)", async () => {
    expect(await refusal(urlB, {})).toBe(401);
    const cookie = await a.loginAs("patient");
    expect(await refusal(urlB, { cookie: "clinic.session_token=forged.value" })).toBe(401);
    expect(await refusal(urlB, { cookie, origin: "https://evil.example" })).toBe(403);
    // A plain GET is no socket.
    const plain = await nodeB.inject({ method: "GET", url: REALTIME_PATH, headers: { cookie } });
    expect(plain.statusCode).toBe(426);
    expect((await nodeB.inject({ method: "GET", url: REALTIME_PATH })).statusCode).toBe(401);
  });

  it("is closed once its session ends (signed out on another node)", async () => {
    const patient = await makePatient(a.db, a.ids.clinic, [a.ids.therapist]);
    const cookie = await a.login(patient.email, patient.password);
    const { socket, next } = openSocket(urlB, { cookie });
    expect(await next()).toEqual({ type: "notifications", unread: 0 });
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    // Still signed in: the sweep leaves it open.
    await nodeB.realtimeSweep();
    await assignOnNodeA(patient.id);
    expect(await next()).toEqual({ type: "notifications", unread: 1 });
    const out = await a.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie, origin: TEST_PUBLIC_URL } });
    expect(out.statusCode).toBe(200);
    await nodeB.realtimeSweep();
    expect(await closed).toBe(SESSION_ENDED_CODE);
  });

  it("keeps delivering after the node's listening connection is lost (it reconnects)", async () => {
    const patient = await makePatient(a.db, a.ids.clinic, [a.ids.therapist]);
    const { socket, next } = openSocket(urlB, { cookie: await a.login(patient.email, patient.password) });
    expect(await next()).toEqual({ type: "notifications", unread: 0 });
    // Both nodes' listeners are cut off, as by a database failover.
    const killed = await a.database.pool.query(
      "select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1 and datname = current_database()",
      [LISTENER_NAME],
    );
    expect(killed.rowCount).toBe(2);
    // Back again: a reconnected listener announces the count to every socket of its node.
    expect(await next()).toEqual({ type: "notifications", unread: 0 });
    await assignOnNodeA(patient.id);
    expect(await next()).toEqual({ type: "notifications", unread: 1 });
    socket.close();
  });
});
