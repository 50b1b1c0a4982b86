import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./vite-precompress.ts";

// In development the API runs on PORT (8000) and Vite proxies /api to it.
export default defineConfig({
  plugins: [react(), precompress()],
  // The server writes each answer's Content-Security-Policy nonce over this placeholder
  // (apps/server/src/platform/web-app.ts); Vite puts it on its tags and in a csp-nonce meta.
  html: { cspNonce: "__CSP_NONCE__" },
  server: { port: 5173, proxy: { "/api": `http://localhost:${process.env.PORT ?? 8000}` } },
  build: {
    outDir: "dist",
    sourcemap: true,
    // apps/web/scripts/bundle-budget.ts reads what each page loads from the manifest.
    manifest: true,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs first, in one request instead of a dozen small ones.
            { name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/ },
            // three.js (Optimizer VR) on its own: with the game engines it made a 660 kB chunk.
            { name: "three", test: /[\\/]node_modules[\\/]three[\\/]/, maxSize: 400_000 },
          ],
        },
      },
    },
  },
});
