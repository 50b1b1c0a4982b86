import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// In development the API runs on PORT (8000) and Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { "/api": `http://localhost:${process.env.PORT ?? 8000}` } },
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 1500 },
});
