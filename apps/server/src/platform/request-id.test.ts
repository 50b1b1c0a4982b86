import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_AUTH_SECRET, createTestApp, type TestApp } from "../../test/app.ts";
import { uniqueSuffix } from "../../test/databases.ts";
import { buildApp } from "../app.ts";
import { connectDatabase, type Database } from "../db/client.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A node on the test database whose JSON log lines are kept, with a route that fails as a bug would. */
interface LoggedNode {
  app: FastifyInstance;
  lines: Record<string, unknown>[];
  close(): Promise<void>;
}

async function loggedNode(t: TestApp, trustProxy: boolean): Promise<LoggedNode> {
  const database: Database = connectDatabase(t.database.url, 2);
  const stream = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  let pending = "";
  stream.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    const complete = pending.split("\n");
    pending = complete.pop() ?? "";
    for (const line of complete) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const app = await buildApp({
    config: { ...t.config, trustProxy, logLevel: "info" },
    database,
    authSecret: TEST_AUTH_SECRET,
    webDist: path.join(os.tmpdir(), "clinic-test-no-web-dist", uniqueSuffix()),
    logger: true,
    logStream: stream,
  });
  app.get("/api/test/broken", async () => {
    throw new Error("a bug, not bad input");
  });
  await app.ready();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await database.pool.end();
    },
  };
}

let t: TestApp;
let direct: LoggedNode;
let proxied: LoggedNode;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  direct = await loggedNode(t, false);
  proxied = await loggedNode(t, true);
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
  await t?.close();
});

describe("X-Request-Id", () => {
  it("is on every answer, a fresh UUID each time, and is the reqId of the request's log lines", async () => {
    const first = await direct.app.inject({ method: "GET", url: "/api/health/live" });
    const second = await direct.app.inject({ method: "GET", url: "/api/health/live" });
    const missing = await direct.app.inject({ method: "GET", url: `/api/nothing-here-${uniqueSuffix()}` });
    const ids = [first, second, missing].map((response) => response.headers["x-request-id"]);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
    expect(missing.statusCode).toBe(404);
    // Fastify logs each request's completion under its id.
    const completed = direct.lines.find((line) => line.reqId === ids[0] && line.msg === "request completed");
    expect(completed).toMatchObject({ reqId: ids[0], res: { statusCode: 200 } });
  });

  it("is in the 500 answer's body and in the error's log line, so a user's reference finds the failure", async () => {
    const response = await direct.app.inject({ method: "GET", url: "/api/test/broken" });
    expect(response.statusCode).toBe(500);
    const id = response.headers["x-request-id"];
    expect(id).toMatch(UUID);
    expect(response.json()).toEqual({ detail: "An error occurred", requestId: id });
    const logged = direct.lines.find((line) => line.reqId === id && line.msg === "unhandled error");
    expect(logged).toMatchObject({ level: 50, err: { message: "a bug, not bad input" } });
  });

  it("sent by a client is replaced without TRUST_PROXY", async () => {
    const response = await direct.app.inject({ method: "GET", url: "/api/health/live", headers: { "x-request-id": "chosen-by-client-42" } });
    expect(response.headers["x-request-id"]).toMatch(UUID);
    expect(direct.lines.some((line) => line.reqId === "chosen-by-client-42")).toBe(false);
  });

  it("sent by the proxy is kept with TRUST_PROXY, in the answer, the log and a 500's body", async () => {
    const given = "edge-7f3a:2026-12-04T02.37_01";
    const response = await proxied.app.inject({ method: "GET", url: "/api/test/broken", headers: { "x-request-id": given } });
    expect(response.headers["x-request-id"]).toBe(given);
    expect(response.json()).toMatchObject({ requestId: given });
    expect(proxied.lines.some((line) => line.reqId === given && line.msg === "unhandled error")).toBe(true);
  });

  it("is replaced even with TRUST_PROXY when malformed: too long, odd characters, or empty", async () => {
    for (const given of ["a".repeat(129), "id with spaces", "id\u00e9", "id;drop", "x/y", ""]) {
      const response = await proxied.app.inject({ method: "GET", url: "/api/health/live", headers: { "x-request-id": given } });
      expect(response.headers["x-request-id"], given).toMatch(UUID);
    }
    const longest = "b".repeat(128);
    const kept = await proxied.app.inject({ method: "GET", url: "/api/health/live", headers: { "x-request-id": longest } });
    expect(kept.headers["x-request-id"]).toBe(longest);
  });
});
