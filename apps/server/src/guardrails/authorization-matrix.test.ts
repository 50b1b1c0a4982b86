import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BUILT_MODULES } from "@clinic/shared";
import type { FastifyInstance, HTTPMethods, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { createMatrixFixtures, type MatrixSetup } from "../../test/matrix-fixtures.ts";
import { multipart } from "../../test/uploads.ts";
import { type AccessRule, type AccessTable, MATRIX_ROLES, type MatrixRole } from "./access-matrix.ts";

/**
 * The authorisation matrix: every route the app registers × every role, each cell's status
 * declared in the `*.access.ts` file beside the route's module. A route without a declaration,
 * or a declaration whose route is gone, fails the suite.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Every `*.access.ts` under src, merged; a route declared twice is an error. */
async function loadDeclarations(): Promise<Map<string, { rule: AccessRule; file: string }>> {
  const declared = new Map<string, { rule: AccessRule; file: string }>();
  const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".access.ts"));
  for (const file of files.sort()) {
    const exports = (await import(pathToFileURL(path.join(SRC, file)).href)) as Record<string, AccessTable>;
    for (const table of Object.values(exports)) {
      for (const [key, rule] of Object.entries(table)) {
        const previous = declared.get(key);
        if (previous) throw new Error(`${key} is declared in both ${previous.file} and ${file}`);
        declared.set(key, { rule, file });
      }
    }
  }
  return declared;
}

const declarations = await loadDeclarations();

/**
 * Routes as the app registers them, seen through Fastify's `fastify.initialization` channel
 * (published as each instance is made, before any route): the matrix needs no list of its own.
 */
/** Registered only by this test, to show that the collector misses no route; not part of the matrix. */
const PROBE_ROUTE = "/matrix-probe/:id";

async function buildCollectingRoutes(): Promise<{ t: TestApp; routes: Set<string> }> {
  const registered: { method: string; url: string }[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook("onRoute", (route: RouteOptions) => {
      const methods = ([] as HTTPMethods[]).concat(route.method);
      for (const method of methods) registered.push({ method, url: route.url });
    });
  };
  subscribe("fastify.initialization", onInit);
  let t: TestApp;
  try {
    // A route a plugin adds at the last moment, as a module would: the collector must see it.
    // Every module that exists switched on: a switched-off module answers 404 to everyone, which would hide its guards.
    t = await createTestApp({
      // METRICS_TOKEN: /metrics is served, so the matrix proves that no session opens it.
      env: { FEATURE_FLAGS: BUILT_MODULES.join(","), METRICS_TOKEN: "matrix-metrics-token-0123456789" },
      beforeReady: async (app) => {
        await app.register(
          async (plugin) => {
            plugin.post(PROBE_ROUTE, async () => ({}));
          },
          { prefix: "/api" },
        );
      },
    });
  } finally {
    unsubscribe("fastify.initialization", onInit);
  }
  const keys = new Set(registered.map(({ method, url }) => `${method} ${url}`));
  // Fastify answers HEAD for every GET by itself (at both slash forms of a prefix's root): that HEAD is the GET's, declared with it.
  const isGetsHead = (key: string) => key.startsWith("HEAD ") && (keys.has(`GET ${key.slice(5)}`) || keys.has(`GET ${key.slice(5).replace(/\/$/, "")}`));
  const routes = new Set([...keys].filter((key) => !isGetsHead(key)));
  return { t, routes };
}

let t: TestApp;
let routes: Set<string>;
let setup: MatrixSetup;

beforeAll(async () => {
  ({ t, routes } = await buildCollectingRoutes());
  setup = await createMatrixFixtures(t);
});
afterAll(async () => t?.close());

let addressCounter = 0;
/** Each cell from an address of its own, so that no throttling window links one cell to another. */
function nextCellAddress(): string {
  addressCounter += 1;
  return `172.16.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

interface CellResult {
  status: number;
  body: string;
}

async function runCell(key: string, rule: AccessRule, role: MatrixRole): Promise<CellResult> {
  const space = key.indexOf(" ");
  const method = key.slice(0, space) as HTTPMethods;
  const url = key.slice(space + 1);
  const request = (await rule.request?.(setup.fixtures, role)) ?? {};
  let target: string;
  if (request.path !== undefined) {
    target = request.path;
  } else {
    if (url.includes("*")) throw new Error(`${key}: a wildcard route needs a concrete request.path`);
    target = url.replace(/:(\w+)/g, (_, name: string) => {
      const value = request.params?.[name];
      if (value === undefined) throw new Error(`${key}: request.params.${name} is not given`);
      return encodeURIComponent(String(value));
    });
  }
  if (request.query) target += `?${new URLSearchParams(request.query)}`;

  const headers: Record<string, string> = {};
  const cookie = request.cookie !== undefined ? request.cookie : role === "anonymous" ? null : setup.cookies[role];
  if (cookie) headers.cookie = cookie;
  // What a browser on the app's own page sends with every write.
  if (method !== "GET") headers.origin = TEST_PUBLIC_URL;
  let payload: string | Buffer | object | undefined;
  if (request.multipart) {
    const form = multipart(request.multipart);
    headers["content-type"] = form.contentType;
    payload = form.payload;
  } else if (request.body !== undefined) {
    payload = request.body as object;
  }
  const response = await t.app.inject({ method, url: target, headers, payload, remoteAddress: nextCellAddress() });
  return { status: response.statusCode, body: response.body.slice(0, 200) };
}

describe("the authorisation matrix", () => {
  it("sees every route, one a plugin registers under a prefix included", () => {
    expect(routes.has(`POST /api${PROBE_ROUTE}`)).toBe(true);
  });

  it("declares every route the app registers", () => {
    const missing = [...routes].filter((key) => key !== `POST /api${PROBE_ROUTE}` && !declarations.has(key)).sort();
    // A new route: add its statuses per role to the *.access.ts file beside its routes file.
    expect(missing).toEqual([]);
  });

  it("declares no route the app no longer registers", () => {
    const stale = [...declarations.keys()].filter((key) => !routes.has(key)).sort();
    expect(stale).toEqual([]);
  });
});

describe.concurrent("every cell answers its declared status", () => {
  for (const [key, { rule, file }] of [...declarations].sort(([a], [b]) => a.localeCompare(b))) {
    it(`${key} (${file})`, async ({ expect }) => {
      const cells = await Promise.all(MATRIX_ROLES.map(async (role) => [role, await runCell(key, rule, role)] as const));
      const actual = Object.fromEntries(cells.map(([role, cell]) => [role, cell.status]));
      const answers = cells
        .filter(([role, cell]) => cell.status !== rule.expect[role])
        .map(([role, cell]) => `${role}: ${cell.status} ${cell.body}`)
        .join("\n");
      expect(actual, answers).toEqual(rule.expect);
    });
  }
});
