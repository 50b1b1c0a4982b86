import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("the OpenAPI document", () => {
  it("is served at /api/docs/json and lists every endpoint with its methods", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBeTruthy();
    const methodsOf = (path: string) => Object.keys(document.paths[path] ?? {}).sort();
    expect(methodsOf("/api/get-user-profile/")).toEqual(["get"]);
    expect(methodsOf("/api/user-profile/")).toEqual(["get", "put"]);
    expect(methodsOf("/api/user-profile/password")).toEqual(["post"]);
    expect(methodsOf("/api/language/{userId}")).toEqual(["post"]);
    expect(methodsOf("/api/usuario/user")).toEqual(["get"]);
    expect(methodsOf("/api/flags/")).toEqual(["get"]);
    expect(methodsOf("/api/flags/{flag}")).toEqual(["put"]);
  });

  it("documents request schemas from the shared zod schemas", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const put = document.paths["/api/user-profile/"].put;
    const schema = put.requestBody.content["application/json"].schema;
    expect(Object.keys(schema.properties).sort()).toEqual(["apellidos", "identification", "language", "nombres"]);
    const query = document.paths["/api/usuario/user"].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(query).toEqual(expect.arrayContaining(["permission_codename_include", "permission_codename_exclude", "page", "rowsPerPage"]));
  });

  it("lists the sign-in calls the web app makes, and keeps the auth library's catch-all route out", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(
      Object.keys(document.paths)
        .filter((path) => path.startsWith("/api/auth"))
        .sort(),
    ).toEqual([
      "/api/auth/sign-in/email",
      "/api/auth/sign-out",
      "/api/auth/two-factor/disable",
      "/api/auth/two-factor/enable",
      "/api/auth/two-factor/verify-totp",
    ]);
  });
});

describe("unknown addresses", () => {
  it("answer 404 JSON under /api/", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/no-such-endpoint" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Not found." });
  });

  it("answer 404 for pages when the web app is not built", async () => {
    const response = await t.app.inject({ method: "GET", url: "/manager/admin/dashboard" });
    expect(response.statusCode).toBe(404);
  });
});

describe("pages of the built web app", () => {
  let web: TestApp;
  beforeAll(async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), "clinic-test-web-dist-"));
    await writeFile(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
    web = await createTestApp({ webDist: dist });
  });
  afterAll(() => web?.close());

  it("serve the app, cross-origin isolated only where a game runs (fine timers for reaction times)", async () => {
    for (const url of ["/manager/patient/play/12", "/manager/admin/games/reactor-simple"]) {
      const response = await web.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(response.headers["cross-origin-embedder-policy"], url).toBe("require-corp");
    }
    for (const url of ["/manager/admin/dashboard", "/manager/admin/games", "/manager/patient"]) {
      const response = await web.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain("<title>app</title>");
      expect(response.headers["cross-origin-embedder-policy"], url).toBeUndefined();
    }
  });
});
