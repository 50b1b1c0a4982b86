import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { BUILT_MODULES } from "@clinic/shared";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { DATA_ERROR_MESSAGES } from "../platform/errors.ts";
import type { DemoRole } from "../seed-demo-data.ts";
import { casesFor, HOSTILE_RAW_BODIES, type JsonSchema, type Operation, operationsOf, type SweepCase } from "./hostile-inputs.ts";

/**
 * The bad-input sweep (issue 13): every operation of the OpenAPI document, called by every
 * role with hostile paths, queries and bodies, must answer without a 5xx and without hanging,
 * and the app must serve normally afterwards. A route of a new module joins by being in the
 * document; one hidden from it must be listed in HIDDEN_ROUTES below, or this file fails.
 */

/**
 * Every route the app registers, as Fastify saw it (the document lists only the visible ones),
 * through the `fastify.initialization` channel Fastify publishes before any route is added.
 */
const registered: RouteOptions[] = [];

/**
 * Routes kept out of the OpenAPI document on purpose, each with its reason. A new entry needs
 * a reason as good; one that takes input also needs hostile calls of its own below, as
 * better-auth's catch-all has (AUTH_CATCH_ALL_PATHS).
 */
const HIDDEN_ROUTES: Record<string, string> = {
  // better-auth's own endpoints: only the five the web app calls are declared (session.ts).
  "/api/auth/*": "better-auth catch-all",
  // The document itself and its browser UI (@fastify/swagger-ui).
  "/api/docs": "API docs UI",
  "/api/docs/": "API docs UI",
  "/api/docs/static/index.html": "API docs UI",
  "/api/docs/static/swagger-initializer.js": "API docs UI",
  "/api/docs/json": "the OpenAPI document",
  "/api/docs/yaml": "the OpenAPI document",
  "/api/docs/static/*": "API docs UI assets",
};

/** Better-auth paths the catch-all serves, some real, some not. */
const AUTH_CATCH_ALL_PATHS = [
  "/api/auth/sign-up/email",
  "/api/auth/get-session",
  "/api/auth/update-user",
  "/api/auth/reset-password",
  "/api/auth/%00",
  "/api/auth/..%2F..%2F",
];

type Role = "anonymous" | Exclude<DemoRole, "patient2">;
const ROLES: Role[] = ["anonymous", "patient", "therapist", "clinic", "admin"];
const BATCH = 8;
/** Generous: any call still unanswered after this is hung, not slow. */
const HANG_MS = 20_000;

interface Failure {
  role: Role;
  call: string;
  label: string;
  outcome: string;
}

let t: TestApp;
const cookies = new Map<Role, string>();
let address = 0;
/** A fresh client address per call, so hostile sign-ins never throttle the sweep itself. */
function nextAddress(): string {
  address += 1;
  return `172.${16 + ((address >> 16) & 15)}.${(address >> 8) & 255}.${address & 255}`;
}

function detailOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { detail?: unknown };
    return typeof parsed.detail === "string" ? parsed.detail : "";
  } catch {
    return "";
  }
}

async function send(role: Role, c: SweepCase, failures: Failure[]): Promise<number | undefined> {
  const cookie = cookies.get(role);
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<"hang">((resolve) => {
    timer = setTimeout(() => resolve("hang"), HANG_MS);
  });
  const call = `${c.method} ${c.url.length > 120 ? `${c.url.slice(0, 120)}…` : c.url}`;
  try {
    const response = await Promise.race([
      t.app.inject({
        method: c.method as "GET",
        url: c.url,
        headers: { ...c.headers, ...(cookie ? { cookie } : {}) },
        payload: c.payload,
        remoteAddress: nextAddress(),
      }),
      hang,
    ]);
    if (response === "hang") {
      failures.push({ role, call, label: c.label, outcome: `no answer in ${HANG_MS} ms` });
      return undefined;
    }
    if (response.statusCode >= 500) failures.push({ role, call, label: c.label, outcome: `${response.statusCode} ${response.body.slice(0, 200)}` });
    // A 400 from PostgreSQL's refusal is no 500, but the value got past the schemas to a query.
    else if (response.statusCode === 400 && DATA_ERROR_MESSAGES.has(detailOf(response.body))) {
      failures.push({ role, call, label: c.label, outcome: `reached the database: ${response.body.slice(0, 200)}` });
    }
    return response.statusCode;
  } catch (error) {
    failures.push({ role, call, label: c.label, outcome: `threw ${String(error).slice(0, 200)}` });
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

async function sweep(role: Role, cases: SweepCase[], failures: Failure[]): Promise<void> {
  for (let i = 0; i < cases.length; i += BATCH) {
    await Promise.all(cases.slice(i, i + BATCH).map((c) => send(role, c, failures)));
  }
}

/** Deletes after the rest, auth calls after those, sign-out last: a hostile call that still does something cannot take the ground from under later ones. */
function rank(operation: Operation): number {
  if (operation.path === "/api/auth/sign-out") return 3;
  if (operation.path.startsWith("/api/auth/")) return 2;
  if (operation.method === "DELETE") return 1;
  return 0;
}

let operations: Operation[] = [];

beforeAll(async () => {
  const onInit = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook("onRoute", (route) => {
      registered.push(route);
    });
  };
  subscribe("fastify.initialization", onInit);
  try {
    // Every module that exists switched on, so hostile input reaches each route's validation.
    t = await createTestApp({ env: { FEATURE_FLAGS: BUILT_MODULES.join(",") } });
  } finally {
    unsubscribe("fastify.initialization", onInit);
  }
  for (const role of ROLES) if (role !== "anonymous") cookies.set(role, await t.loginAs(role));
  operations = operationsOf((t.app.swagger() as Parameters<typeof operationsOf>[0]) ?? { paths: {} }).sort((a, b) => rank(a) - rank(b));
});

afterAll(async () => {
  await t?.close();
});

describe("bad-input sweep over the OpenAPI document", () => {
  it("lists every /api route, or names it as hidden on purpose", () => {
    const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
    const missing: string[] = [];
    for (const route of registered) {
      if (!route.url.startsWith("/api")) continue;
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== "HEAD" && m !== "OPTIONS");
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      for (const method of methods) {
        if (documented.has(`${method} ${path}`) || route.url in HIDDEN_ROUTES) continue;
        missing.push(`${method} ${route.url}`);
      }
    }
    expect(missing).toEqual([]);
    expect(registered.length).toBeGreaterThan(operations.length);
    // An exception whose route is gone would excuse the next route to take its URL.
    const urls = new Set(registered.map((route) => route.url));
    expect(Object.keys(HIDDEN_ROUTES).filter((url) => !urls.has(url))).toEqual([]);
  });

  it("gives every path parameter a schema narrower than any string: a UUID, a bounded integer, a choice or a pattern", () => {
    const loose: string[] = [];
    for (const operation of operations) {
      const declared = new Set(operation.parameters.filter((p) => p.in === "path").map((p) => p.name));
      for (const [, name] of operation.path.matchAll(/\{([^}]+)\}/g)) {
        const schema: JsonSchema = operation.parameters.find((p) => p.in === "path" && p.name === name)?.schema ?? {};
        const narrow =
          schema.format === "uuid" ||
          (schema.type === "integer" && typeof schema.maximum === "number" && typeof schema.minimum === "number" && schema.maximum <= 2_147_483_647) ||
          (schema.enum?.length ?? 0) > 0 ||
          (schema.pattern !== undefined && schema.maxLength !== undefined);
        if (!declared.has(name as string) || !narrow) loose.push(`${operation.method} ${operation.path} {${name}}: ${JSON.stringify(schema)}`);
      }
    }
    expect(loose).toEqual([]);
  });

  it("answers every hostile call of every role without a 5xx or a hang, and still serves afterwards", async () => {
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const ids = { user: t.ids.patient, missingUser: "00000000-0000-4000-8000-000000000000" };
    const failures: Failure[] = [];
    let calls = 0;
    for (const [index, operation] of operations.entries()) {
      const cases = casesFor(operation, ids);
      const everyRole = cases.filter((c) => c.everyRole);
      const shared = cases.filter((c) => !c.everyRole);
      // Every role sends the first every-role case. Guards run before validation, so a role
      // they refuse (401, 403) has no more to learn from hostile input; each role that gets
      // through sends the other every-role cases and its turn of the rest, dealt round so
      // that each hostile value is judged past the guards once.
      const [probe = cases[0], ...rest] = everyRole;
      const through: Role[] = [];
      for (const role of ROLES) {
        // Sign-in answers 401 to wrong credentials, whoever asks: auth calls skip the guard test.
        const status = operation.path.startsWith("/api/auth/") || !probe ? 204 : await send(role, probe, failures);
        calls += 1;
        if (status !== 401 && status !== 403) through.push(role);
      }
      if (through.length === 0) {
        failures.push({
          role: "admin",
          call: `${operation.method} ${operation.path}`,
          label: "guards",
          outcome: "no role gets past the guards: sweep it with one that does",
        });
      }
      const dealt = new Map<Role, SweepCase[]>(through.map((role) => [role, operation.path.startsWith("/api/auth/") ? [...everyRole] : [...rest]]));
      for (const [i, c] of shared.entries()) dealt.get(through[(i + index) % through.length] as Role)?.push(c);
      for (const [role, mine] of dealt) {
        calls += mine.length;
        await sweep(role, mine, failures);
      }
    }
    for (const path of AUTH_CATCH_ALL_PATHS) {
      for (const method of ["GET", "POST"]) {
        const cases = HOSTILE_RAW_BODIES.filter(() => method === "POST").map((body) => ({
          method,
          url: path,
          payload: body.payload,
          headers: { "content-type": body.contentType ?? "application/json" },
          label: `auth catch-all body: ${body.label}`,
        }));
        cases.push({ method, url: `${path}?__proto__[polluted]=1&%00=%00`, label: "auth catch-all query" } as (typeof cases)[number]);
        calls += cases.length;
        await sweep("anonymous", cases, failures);
      }
    }
    console.info(`bad-input sweep: ${calls} calls over ${operations.length} operations`);

    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(1000);
    // Nothing reached Object.prototype (a polluted prototype would grant properties to every object).
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();

    const admin = await t.loginAs("admin");
    const profile = await t.app.inject({ method: "GET", url: "/api/get-user-profile/", headers: { cookie: admin } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().userData.email).toBe("admin@example.com");
  }, 600_000);
});
