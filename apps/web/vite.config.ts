import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./vite-precompress.ts";
import { moduleTexts } from "./vite-texts.ts";

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/**
 * The sign-in page is an entry of its own (login.html): the server sends it for /accounts/login/
 * (apps/server/src/platform/web-app.ts). The dev and preview servers do the same here; without it
 * they would send index.html, whose route for that path loads the page again, forever.
 */
function signInPage(): Plugin {
  const rewrite = (request: { url?: string }, _response: unknown, next: () => void) => {
    const match = request.url?.match(/^\/accounts\/login\/?(\?.*)?$/);
    if (match) request.url = `/login.html${match[1] ?? ""}`;
    next();
  };
  return {
    name: "clinic:sign-in-page",
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

// In development the API runs on PORT (8000) and Vite proxies /api to it.
export default defineConfig({
  // moduleTexts: each module's texts load with its code, not all of them with the app (vite-texts.ts).
  plugins: [
    signInPage(),
    moduleTexts(),
    react(),
    // The service worker (src/sw.ts, issue 43): the build's file list is written into it. The
    // manifests are static files in public/, one per language; the app registers the worker itself
    // (lib/offline/pwa.ts) to ask before a new version takes over.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,mjs,css,svg,png,webmanifest}"],
        // The pages themselves are never files: the server writes each one's nonce (sw.ts keeps the last one).
        globIgnores: ["**/*.map", "sw.js", "index.html", "login.html"],
        // The largest is pdf.js's worker (1.3 MB), which a patient needs to read a PDF offline.
        maximumFileSizeToCacheInBytes: 2_000_000,
      },
    }),
    precompress(),
  ],
  // The server writes each answer's Content-Security-Policy nonce over this placeholder
  // (apps/server/src/platform/web-app.ts); Vite puts it on its tags and in a csp-nonce meta.
  html: { cspNonce: "__CSP_NONCE__" },
  server: { port: 5173, proxy: { "/api": { target: `http://localhost:${process.env.PORT ?? 8000}`, ws: true } } },
  build: {
    outDir: "dist",
    sourcemap: true,
    // apps/web/scripts/bundle-budget.ts reads what each page loads from the manifest.
    manifest: true,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      input: { index: page("index.html"), login: page("login.html") },
      // The entries' exports are nobody's API: rolldown may reshape them (experimentalInlineCommonChunks).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Common chunks under 6 kB are copied into the chunks that use them instead of being
          // fetched on their own: with every screen, dialog, picker and module's texts split off,
          // a page came to 150 small scripts, and over HTTP/1.1 their requests queued (issue 34:
          // the patient home's largest paint went from 1.8 s to 1.3 s in Lighthouse). It needs
          // preserveEntrySignatures: false (above) and strict execution order (on by default then).
          experimentalInlineCommonChunks: { maxSize: 6_000 },
          groups: [
            // What every page runs first, in one request instead of a dozen small ones; the sign-in
            // page (login.html) shares the first group and never loads the second (router, query
            // cache, i18next).
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "framework", test: /[\\/]node_modules[\\/](react-router|@tanstack|i18next|react-i18next)[\\/]/ },
            // three.js (Optimizer VR) on its own: with the game engines it made a 660 kB chunk.
            { name: "three", test: /[\\/]node_modules[\\/]three[\\/]/, maxSize: 400_000 },
          ],
        },
      },
    },
  },
});
