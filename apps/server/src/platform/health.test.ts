import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { isDatabaseUnavailable } from "../db/client.ts";
import { latestMigration } from "./health.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("GET /api/health/live", () => {
  it("answers 200 { status: ok } with no session, and the same with a session cookie", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/health/live" });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ status: "ok" });
    expect(anonymous.headers["cache-control"]).toBe("no-store");
    const cookie = await t.loginAs("patient");
    const signedIn = await t.app.inject({ method: "GET", url: "/api/health/live", headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["set-cookie"]).toBeUndefined();
  });
});

describe("GET /api/health/ready", () => {
  it("answers 200 when the database answers and holds every migration of this build", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "ok", migrations: "current" });
  });

  it("answers 503 naming the missing migration when the database lacks the newest one, and 200 once it is back", async () => {
    const latest = latestMigration();
    const [row] = (
      await t.db.execute<{ id: number; hash: string; created_at: string }>(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${latest.when} returning id, hash, created_at::text`,
      )
    ).rows;
    expect(row).toBeDefined();
    try {
      const response = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("5");
      expect(response.json()).toMatchObject({ status: "unavailable", database: "ok", migrations: "pending" });
      expect(response.json().detail).toContain(latest.tag);
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at}::bigint)`);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(200);
  });
});

describe("the health endpoints in the OpenAPI document", () => {
  it("are listed with their response schemas (200, and 503 for readiness)", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, { schema: { properties: object } }> }> } }>;
    };
    const live = document.paths["/api/health/live"]?.get;
    const ready = document.paths["/api/health/ready"]?.get;
    expect(Object.keys(live?.responses ?? {})).toEqual(["200"]);
    expect(Object.keys(ready?.responses ?? {}).sort()).toEqual(["200", "503"]);
    expect(Object.keys(ready?.responses["503"].content?.["application/json"].schema.properties ?? {}).sort()).toEqual([
      "database",
      "detail",
      "migrations",
      "status",
    ]);
  });
});

describe("isDatabaseUnavailable", () => {
  it("knows an outage however pg, pg-pool or Drizzle wrap it, and tells it from a query the database refused", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], "all addresses failed"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: Object.assign(new Error("crash"), { code: "57P02" }) }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("invalid input syntax"), { code: "22P02" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Something else"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
