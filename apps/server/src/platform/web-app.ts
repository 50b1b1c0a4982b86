import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { isGamePage } from "@clinic/shared";
import type { FastifyInstance } from "fastify";
import { compressBody } from "./compression.ts";
import { NONCE_PLACEHOLDER } from "./security-headers.ts";

/** Vite names every file under assets/ by a hash of its content: a new build never reuses a name. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** Files kept by name across builds (favicon and the like): worth caching, briefly. */
export const SHORT_CACHE = "public, max-age=300";
/** The HTML shell names the current build's assets, so browsers ask again on every visit. */
export const SHELL_CACHE = "no-cache";

/** The sign-in page's address: it gets login.html, a light entry of its own (apps/web/src/login-main.tsx). */
const SIGN_IN_PATH = /^\/accounts\/login\/?$/;

/**
 * Serves the built web app from `dist`: its files, and for every page URL an HTML shell (the
 * sign-in page's, else the app's), carrying this answer's CSP nonce where Vite left the
 * placeholder. A missing script or image is a plain 404, never the shell: an old tab after a
 * deploy then fails its import cleanly and reloads (apps/web/src/lib/chunk-reload.ts).
 */
export async function registerWebApp(app: FastifyInstance, dist: string): Promise<void> {
  // Read once: a build replaces the whole folder and the server restarts with it.
  const read = async (name: string) => {
    const file = path.join(dist, name);
    return existsSync(file) ? await readFile(file, "utf8") : null;
  };
  const shell = await read("index.html");
  // A build without the sign-in entry (an older one) signs in inside the app's shell.
  const signInShell = (await read("login.html")) ?? shell;
  if (shell !== null) {
    const assets = path.join(dist, "assets") + path.sep;
    const serviceWorker = path.join(dist, "sw.js");
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes file.js.br and file.js.gz beside file.js (apps/web/vite-precompress.ts): sent by
      // Accept-Encoding, with Vary, never compressed again per request. They are no URLs of their own.
      preCompressed: true,
      globIgnore: ["**/*.br", "**/*.gz"],
      // The shells only ever go out with a fresh nonce, from the handler below.
      allowedPath: (pathname) => pathname !== "/index.html" && pathname !== "/login.html",
      // The service worker is asked for again on every check, so a release reaches installed apps at once.
      setHeaders: (reply, filePath) =>
        reply.header("cache-control", filePath.startsWith(assets) ? IMMUTABLE_CACHE : filePath === serviceWorker ? SHELL_CACHE : SHORT_CACHE),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Only page URLs get the app; a missing script or image is a plain 404, never HTML.
    const pathname = request.url.split("?")[0] ?? "";
    const isPage = request.method === "GET" && !pathname.startsWith("/api/") && (pathname === "/index.html" || !/\.[a-z0-9]+$/i.test(pathname));
    if (!isPage || shell === null || signInShell === null) return reply.status(404).send({ detail: "Not found." });
    // Every app route is a client-side route: the shell decides what it shows.
    const page = SIGN_IN_PATH.test(pathname) ? signInShell : shell;
    const nonce = reply.cspNonce;
    if (!nonce) throw new Error(`${pathname} got the API's policy: the shell needs the page policy's nonces`);
    if (isGamePage(pathname)) reply.header("cross-origin-opener-policy", "same-origin").header("cross-origin-embedder-policy", "require-corp");
    return reply
      .header("cache-control", SHELL_CACHE)
      .type("text/html; charset=utf-8")
      .send(compressBody(request, reply, page.replaceAll(NONCE_PLACEHOLDER, nonce.style)));
  });
}
