import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { API_POLICY, NONCE_PLACEHOLDER, PERMISSIONS_POLICY } from "./security-headers.ts";

let dist: string;
let t: TestApp;
beforeAll(async () => {
  // What `vite build` leaves: the shell with the nonce placeholder, hashed assets, a public file.
  dist = await mkdtemp(path.join(os.tmpdir(), "clinic-test-web-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(
    path.join(dist, "index.html"),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}" /><script type="module" crossorigin src="/assets/index-Ab12Cd34.js" nonce="${NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`,
  );
  await writeFile(path.join(dist, "assets", "index-Ab12Cd34.js"), "console.log('app');");
  await writeFile(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers["content-security-policy"] ?? "");
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name as string, values]),
  );
}

/** The headers every answer carries, whatever its policy. */
function expectCommonHeaders(response: LightMyRequestResponse, what: string) {
  expect(response.headers["x-content-type-options"], what).toBe("nosniff");
  expect(response.headers["x-frame-options"], what).toBe("DENY");
  expect(response.headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(response.headers["permissions-policy"], what).toBe(PERMISSIONS_POLICY);
  expect(response.headers["cross-origin-opener-policy"], what).toBe("same-origin");
  expect(response.headers["strict-transport-security"], what).toBeUndefined();
}

/** An API answer is never rendered: its policy allows nothing at all. */
function expectApiHeaders(response: LightMyRequestResponse, what: string) {
  expectCommonHeaders(response, what);
  expect(response.headers["content-security-policy"], what).toBe(API_POLICY);
  expect(directives(response).get("default-src"), what).toEqual(["'none'"]);
  expect(directives(response).get("frame-ancestors"), what).toEqual(["'none'"]);
}

function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  expectCommonHeaders(response, what);
  const csp = directives(response);
  expect(csp.get("default-src"), what).toEqual(["'self'"]);
  expect(csp.get("script-src")?.[0], what).toBe("'self'");
  expect(
    csp
      .get("script-src")
      ?.slice(1)
      .every((value) => /^'nonce-[0-9a-f]{32}'$/.test(value)),
    what,
  ).toBe(true);
  expect(csp.get("script-src-attr"), what).toEqual(["'none'"]);
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(csp.get("base-uri"), what).toEqual(["'self'"]);
  expect(String(response.headers["content-security-policy"]), what).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  // Over plain http, upgrading requests would break a LAN install.
  expect(csp.has("upgrade-insecure-requests"), what).toBe(false);
  expect(response.headers["permissions-policy"], what).toMatch(/camera=\(self\)/);
  expect(response.headers["permissions-policy"], what).toMatch(/xr-spatial-tracking=\(self\)/);
}

describe("security headers", () => {
  it("are on a page, with this answer's style nonce written into the shell", async () => {
    const first = await get("/accounts/login/");
    expect(first.statusCode).toBe(200);
    expectSecurityHeaders(first, "page");
    const nonce = directives(first)
      .get("style-src")
      ?.find((value) => value.startsWith("'nonce-"))
      ?.slice("'nonce-".length, -1);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(first.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
    expect(first.body).not.toContain(NONCE_PLACEHOLDER);
    // A nonce serves one answer only.
    const second = await get("/accounts/login/");
    expect(second.body).not.toContain(`nonce="${nonce}"`);
    // The shell asked for by its file name gets a nonce too, never the placeholder.
    const byName = await get("/index.html");
    expect(byName.statusCode).toBe(200);
    expect(byName.body).not.toContain(NONCE_PLACEHOLDER);
  });

  it("are on an asset, a missing asset and the API docs, with the page policy", async () => {
    const answers: [string, LightMyRequestResponse, number][] = [
      ["asset", await get("/assets/index-Ab12Cd34.js"), 200],
      ["missing asset", await get("/assets/index-Old99999.js"), 404],
      ["API docs", await get("/api/docs"), 200],
    ];
    for (const [what, response, status] of answers) {
      expect(response.statusCode, what).toBe(status);
      expectSecurityHeaders(response, what);
    }
  });

  it("are on an API answer, a 404, a refusal and a validation error, with a policy that allows nothing", async () => {
    const cookie = await t.loginAs("therapist");
    const answers: [string, LightMyRequestResponse, number][] = [
      ["API answer", await get("/api/get-user-profile/", { cookie }), 200],
      ["kept list", await get("/api/recommendations/", { cookie }), 200],
      ["API 401", await get("/api/get-user-profile/"), 401],
      ["API 404", await get("/api/no-such-endpoint"), 404],
      ["cross-site refusal", await t.signIn("a@b.example", "whatever-pass", { headers: { origin: "https://evil.example" } }), 403],
      ["validation error", await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: "x" } }), 400],
    ];
    for (const [what, response, status] of answers) {
      expect(response.statusCode, what).toBe(status);
      expectApiHeaders(response, what);
    }
  });

  it("allow inline styles on Swagger UI's pages only, never inline scripts", async () => {
    const page = directives(await get("/accounts/login/"));
    expect(page.get("style-src")?.[0]).toBe("'self'");
    expect(
      page
        .get("style-src")
        ?.slice(1)
        .every((value) => value.startsWith("'nonce-")),
    ).toBe(true);
    const docs = directives(await get("/api/docs"));
    expect(docs.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(docs.get("script-src")?.[0]).toBe("'self'");
    expect(docs.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("keep game pages cross-origin isolated", async () => {
    const response = await get("/manager/patient/play/12");
    expectSecurityHeaders(response, "game page");
    expect(response.headers["cross-origin-embedder-policy"]).toBe("require-corp");
    // The game page frames uploaded bundles from its own /bundles/ path (their own policy and sandbox).
    expect(directives(response).get("frame-src")).toEqual(["'self'", "https://www.youtube-nocookie.com", "https://player.vimeo.com"]);
  });

  describe("behind an https PUBLIC_URL", () => {
    let secure: TestApp;
    beforeAll(async () => {
      secure = await createTestApp({ seed: false, webDist: dist, env: { PUBLIC_URL: "https://clinic.example" } });
    });
    afterAll(() => secure?.close());

    it("add HSTS and upgrade insecure requests", async () => {
      for (const url of ["/accounts/login/", "/manager/admin/dashboard"]) {
        const response = await secure.app.inject({ method: "GET", url });
        expect(response.headers["strict-transport-security"], url).toBe("max-age=31536000");
        expect(directives(response).has("upgrade-insecure-requests"), url).toBe(true);
      }
    });
  });
});

describe("caching that survives a deploy", () => {
  it("asks browsers to check the HTML shell on every visit", async () => {
    for (const url of ["/", "/accounts/login/", "/manager/admin/dashboard", "/manager/patient/play/12", "/index.html"]) {
      const response = await get(url);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("keeps hashed assets for a year and other files briefly", async () => {
    expect((await get("/assets/index-Ab12Cd34.js")).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await get("/favicon.svg")).headers["cache-control"]).toBe("public, max-age=300");
  });

  it("answers a chunk of an older build with a plain 404, never the shell", async () => {
    const response = await get("/assets/index-Old99999.js");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
  });
});
