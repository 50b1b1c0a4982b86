import { sql } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { makeCategory } from "../../test/factories.ts";
import { JSON_MAX_DEPTH, jsonNestsDeeperThan } from "../platform/json-body.ts";

/**
 * Issue 13, point 6: every input is validated, path parameters too. A NUL byte in a user id
 * once reached PostgreSQL and answered 500; a database "invalid input" error is the client's
 * fault and answers 400; an empty body sent as JSON is no body.
 */

/** Statements that make PostgreSQL raise one data exception each (SQLSTATE class 22). */
const DATA_ERRORS = {
  "22P02": sql`select 'not a number'::integer`,
  "22021": sql`select ${"a\u0000b"}::text`,
  "22008": sql`select '2026-02-30'::date`,
  "22003": sql`select 2147483648::integer`,
  // An explicit cast truncates; an assignment refuses.
  "22001": sql.raw("do $$ declare short varchar(2); begin short := 'too long'; end $$"),
  // Not class 22: a server fault, which must stay a 500.
  "42P01": sql`select * from no_such_table_here`,
} as const;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({
    // A test-only route that runs one failing statement, as a service with a missed check would.
    beforeReady: (app) => {
      app
        .withTypeProvider<ZodTypeProvider>()
        .get(
          "/test/data-error/:code",
          { schema: { params: z.object({ code: z.enum(Object.keys(DATA_ERRORS) as [keyof typeof DATA_ERRORS]) }) } },
          async (request) => {
            await app.db.execute(DATA_ERRORS[request.params.code]);
            return { ran: true };
          },
        );
    },
  });
  admin = await t.loginAs("admin");
});

afterAll(async () => {
  await t?.close();
});

describe("a NUL byte in a user-id path parameter", () => {
  // The six calls of issue 13 that answered 500.
  it.each([
    ["GET", "/api/user-patients/%00"],
    ["GET", "/api/clinics/%00"],
    ["GET", "/api/patientAssignActivities/%00"],
    ["GET", "/api/patients-recommendations/%00"],
    ["GET", "/api/assignActivityList/%00/"],
    ["POST", "/api/users/%00/invitation"],
  ] as const)("%s %s answers 400 with the id's error", async (method, url) => {
    const response = await t.app.inject({ method, url, headers: { cookie: admin } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ id: ["Must be a user id (a UUID)."] });
  });

  it("is told apart from a well-formed id that names nobody (404)", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/user-patients/00000000-0000-4000-8000-000000000000", headers: { cookie: admin } });
    expect(response.statusCode).toBe(404);
    const real = await t.app.inject({ method: "GET", url: `/api/user-patients/${t.ids.patient}`, headers: { cookie: admin } });
    expect(real.statusCode).toBe(200);
  });

  it("in a query's user id answers 400 too", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/user-patients/?therapist=%00", headers: { cookie: admin } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ therapist: ["Must be a user id (a UUID)."] });
  });
});

describe("a calendar feed address", () => {
  it("is refused with 400 when it has not the shape of one", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/calendar-feed/%00.ics" });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(["token"]);
  });

  it("names nobody (404) when its user part decodes to anything but a user id, a NUL byte included", async () => {
    // "AA" is the base64url of one NUL byte; the query it reached answered 400 from PostgreSQL.
    const response = await t.app.inject({ method: "GET", url: `/api/calendar-feed/AA.${"A".repeat(32)}.ics` });
    expect(response.statusCode).toBe(404);
  });
});

describe("text fields", () => {
  it("refuse a lone surrogate, which PostgreSQL's json and jsonb refuse (one reached a query through an appointment's name)", async () => {
    const profile = { nombres: "Ana", apellidos: "Ruiz\ud800", identification: "", language: "en" };
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/user-profile/",
      headers: { cookie: admin, "content-type": "application/json" },
      payload: JSON.stringify(profile),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ apellidos: ["Must be valid Unicode text."] });
  });
});

describe("numeric ids", () => {
  it.each(["0", "-1", "1.5", "2147483648", "%00"])("refuses %s as a row id with 400", async (id) => {
    const response = await t.app.inject({ method: "GET", url: `/api/category/${id}`, headers: { cookie: admin } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(["id"]);
  });
});

describe("an empty body sent as JSON", () => {
  const json = { "content-type": "application/json" };

  it("is no body for a DELETE", async () => {
    const category = await makeCategory(t.db);
    const response = await t.app.inject({ method: "DELETE", url: `/api/category/${category.id}`, headers: { cookie: admin, ...json }, payload: "" });
    expect(response.statusCode).toBeLessThan(300);
    const again = await t.app.inject({ method: "GET", url: `/api/category/${category.id}`, headers: { cookie: admin } });
    expect(again.statusCode).toBe(404);
  });

  it("is no body for a POST that takes none", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/calendar-feed/", headers: { cookie: admin, ...json }, payload: "" });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/\/api\/calendar-feed\//);
  });

  it("is a missing body, with the schema's 400, for a call that needs one", async () => {
    const response = await t.app.inject({ method: "PUT", url: "/api/user-profile/", headers: { cookie: admin, ...json }, payload: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).not.toHaveProperty("code");
  });
});

describe("bodies the JSON parser refuses", () => {
  it("answers 400 for malformed JSON and for prototype keys", async () => {
    for (const payload of ['{"nombres":', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}']) {
      const response = await t.app.inject({
        method: "PUT",
        url: "/api/user-profile/",
        headers: { cookie: admin, "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });

  it(`answers 400 for nesting deeper than ${JSON_MAX_DEPTH}, where a deep body once overflowed the stack (500)`, async () => {
    const payload = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const response = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { "content-type": "application/json" }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/nested/);
  });

  it("counts nesting outside strings only", () => {
    expect(jsonNestsDeeperThan("[[[]]]", 3)).toBe(false);
    expect(jsonNestsDeeperThan("[[[[]]]]", 3)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":"${"[".repeat(100)}"}`, 3)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\"${"{".repeat(10)}"}`, 3)).toBe(false);
  });

  it("answers 400 for a multipart form without a boundary", async () => {
    const therapist = await t.loginAs("therapist");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/files/",
      headers: { cookie: therapist, "content-type": "multipart/form-data" },
      payload: "garbage",
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("a database data error that slips past the schemas", () => {
  it.each([
    ["22P02", "A value is not in the form expected."],
    ["22021", "A value holds a character that cannot be stored (such as NUL)."],
    ["22008", "A date or time is out of range."],
    ["22003", "A number is out of range."],
    ["22001", "A value is too long."],
  ] as const)("%s answers 400 { detail }", async (code, detail) => {
    const response = await t.app.inject({ method: "GET", url: `/test/data-error/${code}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it("leaves other database errors a 500, without their text", async () => {
    const response = await t.app.inject({ method: "GET", url: "/test/data-error/42P01" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: "An error occurred", requestId: response.headers["x-request-id"] });
  });
});
