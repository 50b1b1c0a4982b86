import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { NONCE_PLACEHOLDER } from "./security-headers.ts";
import { SHELL_CACHE } from "./web-app.ts";

/** A shell as Vite writes it (nonce placeholders on the meta and the script), padded past the compression threshold. */
const shellOf = (entry: string) =>
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}" /><script type="module" crossorigin src="/assets/${entry}.js" nonce="${NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;

async function builtApp(files: Record<string, string>): Promise<{ dist: string; t: TestApp }> {
  const dist = await mkdtemp(path.join(os.tmpdir(), "clinic-test-web-dist-"));
  await mkdir(path.join(dist, "assets"));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dist, name), text);
  return { dist, t: await createTestApp({ seed: false, webDist: dist }) };
}

describe("the web app's pages", () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    ({ dist, t } = await builtApp({ "index.html": shellOf("index-Ab12Cd34"), "login.html": shellOf("login-Ef56Gh78") }));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("send the sign-in page's own shell for /accounts/login/, with or without a query, and its nonce", async () => {
    for (const url of ["/accounts/login/", "/accounts/login/?next=%2Fmanager%2Fadmin%2Fconfig", "/accounts/login"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe(SHELL_CACHE);
      expect(response.body, url).toContain('src="/assets/login-Ef56Gh78.js"');
      expect(response.body, url).not.toContain("index-Ab12Cd34");
      expect(response.body, url).not.toContain(NONCE_PLACEHOLDER);
      // The shell carries this answer's style nonce (emotion's style tags read it from the meta).
      const nonce = /style-src[^;]*'nonce-([0-9a-f]{32})'/.exec(String(response.headers["content-security-policy"]))?.[1];
      expect(nonce, url).toBeDefined();
      expect(response.body, url).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
    }
  });

  it("send the app's shell for every other page", async () => {
    for (const url of ["/", "/manager/admin/dashboard", "/manager/patient", "/accounts/logout/", "/accounts/login/extra", "/index.html"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('src="/assets/index-Ab12Cd34.js"');
      expect(response.body, url).not.toContain(NONCE_PLACEHOLDER);
    }
  });

  it("compress the sign-in shell as it does the app's", async () => {
    const response = await get("/accounts/login/", { "accept-encoding": "gzip" });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(response.rawPayload).toString()).toContain("login-Ef56Gh78");
  });

  it("never send login.html as a file, with its placeholder", async () => {
    const response = await get("/login.html");
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(NONCE_PLACEHOLDER);
  });
});

describe("a build without the sign-in entry", () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    ({ dist, t } = await builtApp({ "index.html": shellOf("index-Ab12Cd34") }));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("signs in inside the app's shell", async () => {
    const response = await t.app.inject({ method: "GET", url: "/accounts/login/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('src="/assets/index-Ab12Cd34.js"');
  });
});
