import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { E2E_AUTH_SECRET } from "./e2e-secret.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const port = Number(process.env.E2E_PORT ?? 8123);
// E2E_BASE_URL runs the specs against a server already running (say the Vite dev server while
// working on screens); otherwise a production build is started on a fresh database.
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://localhost:${port}`;
// Card payments go to a local fake of Stripe's API (apps/server/test/stripe-fake.ts): nothing leaves the machine.
const stripeFakePort = Number(process.env.E2E_STRIPE_PORT ?? port + 1);
const stripe = { secretKey: "sk_test_e2e_only", webhookSecret: "whsec_e2e_only_secret" };
// WhatsApp goes to a local fake of Meta's Graph API (apps/server/test/graph-fake.ts), which also
// posts the signed webhooks chat.spec.ts asks it for.
const graphFakePort = Number(process.env.E2E_GRAPH_PORT ?? port + 2);
const whatsapp = { appSecret: "e2e-only-app-secret", verifyToken: "e2e-only-verify-token", accessToken: "e2e-only-access-token" };
// The AI chat widget's model is a local fake OpenAI-compatible server (apps/server/test/openai-fake.ts):
// ai.spec.ts configures it as the clinic's provider in /ai/app, as an admin would.
const openAiFakePort = Number(process.env.E2E_OPENAI_PORT ?? port + 3);
// A fresh embedded database per run: the demo data is created on its first start.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "clinic-e2e-"));

export default defineConfig({
  testDir: ".",
  outputDir: path.join(root, "test-results"),
  // One server and one database: specs change shared rows, so they run one at a time.
  workers: 1,
  fullyParallel: false,
  // In CI one retry, reported as flaky: on a slow machine a browser context once took over the
  // test's 60 s to tear down after the test itself had passed (roles.spec.ts, therapist).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    // As a user who asked for less motion: screens appear without fades, so no step waits for
    // one (shell.spec.ts walks the shell with motion too).
    reducedMotion: "reduce",
    // Each test's fresh context would install the service worker and precache the whole build
    // (8 MB): only offline.spec.ts, which tests it, lets it run.
    serviceWorkers: "block",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined, viewport: { width: 1366, height: 800 } } }],
  webServer: external
    ? undefined
    : [
        {
          command: "npx tsx apps/server/test/stripe-fake.ts",
          cwd: root,
          url: `http://127.0.0.1:${stripeFakePort}/`,
          timeout: 30_000,
          reuseExistingServer: false,
          env: {
            STRIPE_FAKE_PORT: String(stripeFakePort),
            STRIPE_SECRET_KEY: stripe.secretKey,
            STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
            STRIPE_FAKE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/billing/stripe/webhook`,
          },
        },
        {
          command: "npx tsx apps/server/test/graph-fake.ts",
          cwd: root,
          url: `http://127.0.0.1:${graphFakePort}/`,
          timeout: 30_000,
          reuseExistingServer: false,
          env: {
            GRAPH_FAKE_PORT: String(graphFakePort),
            WHATSAPP_APP_SECRET: whatsapp.appSecret,
            WHATSAPP_ACCESS_TOKEN: whatsapp.accessToken,
            GRAPH_FAKE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/chat/whatsapp/webhook`,
          },
        },
        {
          command: "npx tsx apps/server/test/openai-fake.ts",
          cwd: root,
          url: `http://127.0.0.1:${openAiFakePort}/`,
          timeout: 30_000,
          reuseExistingServer: false,
          env: { OPENAI_FAKE_PORT: String(openAiFakePort) },
        },
        {
          command: "node apps/server/dist/main.js",
          cwd: root,
          url: `${baseURL}/accounts/login/`,
          timeout: 120_000,
          reuseExistingServer: false,
          gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
          env: {
            PORT: String(port),
            HOST: "127.0.0.1",
            PUBLIC_URL: baseURL,
            DATA_DIR: dataDir,
            AUTH_SECRET: E2E_AUTH_SECRET,
            LOG_LEVEL: "warn",
            // Only failures count; specs that type wrong passwords on purpose must not lock the address.
            LOGIN_ADDRESS_MAX_FAILURES: "1000",
            FEATURE_FLAGS: "clinic",
            // Both ways to pay, so the walkthrough can order by transfer and by card.
            PAYMENT_PROVIDER: "manual,stripe",
            STRIPE_SECRET_KEY: stripe.secretKey,
            STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
            STRIPE_API_URL: `http://127.0.0.1:${stripeFakePort}`,
            WHATSAPP_APP_SECRET: whatsapp.appSecret,
            WHATSAPP_VERIFY_TOKEN: whatsapp.verifyToken,
            WHATSAPP_ACCESS_TOKEN: whatsapp.accessToken,
            WHATSAPP_GRAPH_URL: `http://127.0.0.1:${graphFakePort}`,
            // Background jobs (a WhatsApp send among them) start within half a second, not two.
            JOBS_POLL_SECONDS: "0.5",
          },
        },
      ],
});
