import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressAsset } from "../../../web/vite-precompress.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { imageForm, PNG, postUpload } from "../../test/uploads.ts";
import { COMPRESS_THRESHOLD } from "./compression.ts";
import { NONCE_PLACEHOLDER } from "./security-headers.ts";
import { IMMUTABLE_CACHE, SHELL_CACHE } from "./web-app.ts";

/** What Chrome sends. */
const BROWSER = "gzip, deflate, br, zstd";
const ASSET = "/assets/index-Ab12Cd34.js";
/** Under the build's 1 kB floor: no compressed copies. */
const SMALL_ASSET = "/assets/small-Ef56Gh78.js";
const smallSource = "export const small = 1;\n";
const assetSource = `export const rows = [${Array.from({ length: 300 }, (_, i) => `{ id: ${i}, name: "activity ${i}" }`).join(", ")}];\n`;
const streamedText = `name,score\n${Array.from({ length: 400 }, (_, i) => `patient ${i},${i % 7}`).join("\n")}\n`;

let dist: string;
let t: TestApp;
beforeAll(async () => {
  // A built web app as `vite build` leaves it: the shell, and a hashed script with its
  // precompressed copies, made by the build plugin's own function.
  dist = await mkdtemp(path.join(os.tmpdir(), "clinic-test-web-dist-"));
  await mkdir(path.join(dist, "assets"));
  const shell = `<!doctype html><html><head><meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}" /><script type="module" src="${ASSET}" nonce="${NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
  await writeFile(path.join(dist, "index.html"), shell);
  const { br, gz } = await compressAsset(Buffer.from(assetSource));
  await writeFile(path.join(dist, ASSET), assetSource);
  await writeFile(path.join(dist, `${ASSET}.br`), br);
  await writeFile(path.join(dist, `${ASSET}.gz`), gz);
  await writeFile(path.join(dist, SMALL_ASSET), smallSource);
  t = await createTestApp({
    webDist: dist,
    beforeReady: (app) => {
      // A streamed text download (as CSV exports are), with the validators a stored file carries.
      app.get("/api/test-only/streamed.csv", (_request, reply) =>
        reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("etag", '"abc123"')
          .header("accept-ranges", "bytes")
          .send(Readable.from([streamedText])),
      );
    },
  });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? "")
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes("accept-encoding");

/** The body as the browser reads it, after undoing the Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  switch (response.headers["content-encoding"]) {
    case undefined:
      return raw.toString();
    case "br":
      return zlib.brotliDecompressSync(raw).toString();
    case "gzip":
      return zlib.gunzipSync(raw).toString();
    default:
      throw new Error(`unexpected content-encoding ${response.headers["content-encoding"]}`);
  }
}

describe("built assets, precompressed at build time", () => {
  it("go as brotli to a client that takes brotli, with Vary and the immutable cache kept", async () => {
    for (const accept of ["br", BROWSER]) {
      const response = await get(ASSET, { "accept-encoding": accept });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers["content-encoding"], accept).toBe("br");
      expect(zlib.brotliDecompressSync(response.rawPayload).toString(), accept).toBe(assetSource);
      expect(varies(response), accept).toBe(true);
      expect(response.headers["content-type"], accept).toMatch(/^text\/javascript|^application\/javascript/);
      expect(response.headers["cache-control"], accept).toBe(IMMUTABLE_CACHE);
      expect(response.headers["x-content-type-options"], accept).toBe("nosniff");
    }
  });

  it("go as gzip to a client that takes only gzip", async () => {
    const response = await get(ASSET, { "accept-encoding": "gzip" });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(assetSource);
    expect(varies(response)).toBe(true);
    expect(response.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
  });

  it("go as they are without Accept-Encoding, still varying on it", async () => {
    for (const headers of [{}, { "accept-encoding": "identity" }] as Record<string, string>[]) {
      const response = await get(ASSET, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.body).toBe(assetSource);
      expect(Number(response.headers["content-length"])).toBe(Buffer.byteLength(assetSource));
      expect(varies(response)).toBe(true);
      expect(response.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
    }
  });

  it("under the threshold go as they are, with their length, never compressed per request", async () => {
    const response = await get(SMALL_ASSET, { "accept-encoding": BROWSER });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe(smallSource);
    expect(Number(response.headers["content-length"])).toBe(Buffer.byteLength(smallSource));
    expect(response.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
  });

  it("have no URLs of their own for the compressed copies", async () => {
    for (const url of [`${ASSET}.br`, `${ASSET}.gz`]) {
      const response = await get(url, { "accept-encoding": BROWSER });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe("the HTML shell", () => {
  it("is compressed per answer, its nonce the CSP's", async () => {
    const response = await get("/manager/admin/dashboard", { "accept-encoding": "gzip" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(varies(response)).toBe(true);
    expect(response.headers["cache-control"]).toBe(SHELL_CACHE);
    const html = decoded(response);
    const nonce = /nonce="([0-9a-f]{32})"/.exec(html)?.[1];
    expect(nonce).toBeDefined();
    expect(html).not.toContain(NONCE_PLACEHOLDER);
    expect(String(response.headers["content-security-policy"])).toContain(`'nonce-${nonce}'`);
    const plain = await get("/manager/admin/dashboard");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain('<div id="root"></div>');
  });
});

describe("API answers", () => {
  it("over the threshold come back compressed, with Vary, and keep the security headers", async () => {
    const plain = await get("/api/docs/json");
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const gzip = await get("/api/docs/json", { "accept-encoding": "gzip" });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(varies(gzip)).toBe(true);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(decoded(gzip))).toEqual(plain.json());
    // Every other header as without compression (the CSP's nonce and the request id are new on each answer; a big answer streams in chunks).
    const others = (response: LightMyRequestResponse) => {
      const {
        "content-encoding": _encoding,
        "content-length": _length,
        "transfer-encoding": _chunked,
        vary: _vary,
        date: _date,
        "x-request-id": _requestId,
        ...rest
      } = response.headers;
      return { ...rest, "content-security-policy": String(rest["content-security-policy"]).replace(/'nonce-[0-9a-f]+'/g, "'nonce'") };
    };
    expect(others(gzip)).toEqual(others(plain));
    expect(gzip.headers["content-security-policy"]).toBeDefined();
    // A browser offers them all: gzip is the cheapest to make (see compression.ts).
    const browser = await get("/api/docs/json", { "accept-encoding": BROWSER });
    expect(browser.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decoded(browser))).toEqual(plain.json());
    // Brotli for a client that takes nothing else.
    const br = await get("/api/docs/json", { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(decoded(br))).toEqual(plain.json());
  });

  it("under the threshold go as they are", async () => {
    const response = await get("/api/health/live", { "accept-encoding": BROWSER });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toBeTypeOf("object");
  });

  it("that are errors keep their JSON body and status", async () => {
    const missing = await get("/api/no-such-thing/", { "accept-encoding": BROWSER });
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(decoded(missing))).toEqual({ detail: "Not found." });
    const anonymous = await get("/api/uploads/", { "accept-encoding": BROWSER });
    expect(anonymous.statusCode).toBe(401);
    expect(JSON.parse(decoded(anonymous))).toHaveProperty("detail");
    const cookie = await t.loginAs("therapist");
    const bad = await postUpload(t, cookie, [{ name: "archivo_tipo", value: "image" }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ archivo: ["Choose a file to upload."] });
  });

  it("streamed are compressed as they stream, with a weak ETag and no byte ranges offered", async () => {
    const response = await get("/api/test-only/streamed.csv", { "accept-encoding": "gzip" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(decoded(response)).toBe(streamedText);
    expect(response.headers.etag).toBe('W/"abc123"');
    expect(response.headers["accept-ranges"]).toBeUndefined();
    const plain = await get("/api/test-only/streamed.csv");
    expect(plain.body).toBe(streamedText);
    expect(plain.headers.etag).toBe('"abc123"');
    expect(plain.headers["accept-ranges"]).toBe("bytes");
  });
});

describe("a stored file's download", () => {
  it("streams its bytes untouched, whole or by range", async () => {
    const cookie = await t.loginAs("therapist");
    const upload = await postUpload(t, cookie, imageForm("Picture"));
    expect(upload.statusCode).toBe(201);
    const { url } = upload.json();
    const whole = await get(url, { cookie, "accept-encoding": BROWSER });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-encoding"]).toBeUndefined();
    expect(whole.rawPayload.equals(PNG)).toBe(true);
    expect(Number(whole.headers["content-length"])).toBe(PNG.length);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    const part = await get(url, { cookie, "accept-encoding": BROWSER, range: "bytes=0-7" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-encoding"]).toBeUndefined();
    expect(part.rawPayload.equals(PNG.subarray(0, 8))).toBe(true);
  });
});
