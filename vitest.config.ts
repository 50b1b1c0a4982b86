import { defineConfig } from "vitest/config";

/**
 * One run, three projects. Server tests share one PostgreSQL (apps/server/test/global-setup.ts)
 * and each test file gets a database of its own, so files run in parallel.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "shared",
          include: ["packages/**/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/server/test/global-setup.ts"],
          // Files share a worker's loaded modules rather than importing the whole server again
          // each (that import was about 40 % of the project's time). Every file still builds
          // its own app on its own database; nothing keeps state in a module between apps.
          isolate: false,
          // Starting PostgreSQL and copying a database are not instant; no assertion measures time.
          hookTimeout: 120_000,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "web",
          // apps/web/*.test.ts: the build's own plugins (vite-precompress.ts).
          include: ["apps/web/src/**/*.test.{ts,tsx}", "apps/web/*.test.ts"],
          environment: "node",
        },
      },
    ],
  },
});
