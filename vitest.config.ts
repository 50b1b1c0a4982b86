import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * One run, three projects. Server tests share one PostgreSQL (apps/server/test/global-setup.ts)
 * and each test file gets a database of its own, so files run in parallel.
 *
 * In every project files share a worker's loaded modules (`isolate: false`) rather than
 * importing them again each: the import of the whole server was about 40 % of the server
 * project's time, MUI's about 65 % of the web one's. Every server file still builds its own
 * app on its own database, and nothing keeps state in a module between apps (per-database
 * state hangs on a WeakMap of the Db).
 *
 * At least two workers: vitest's default is one fewer than the cores, so a 2-core CI machine
 * ran every file one after another, and the files that wait on processes of their own (the
 * server started, killed and restarted in startup, recovery and restart-under-load) held the
 * only worker while the CPU idled.
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "shared",
          include: ["packages/**/src/**/*.test.ts"],
          environment: "node",
          isolate: false,
          // The game engines' property tests play whole sessions: a few seconds of CPU each, which
          // a busy 2-core machine stretched past vitest's default 5 s. No assertion measures time.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          environment: "node",
          isolate: false,
          globalSetup: ["apps/server/test/global-setup.ts"],
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
          setupFiles: ["apps/web/src/lib/test-preload.ts"],
          environment: "node",
          isolate: false,
          testTimeout: 30_000,
        },
      },
    ],
  },
});
