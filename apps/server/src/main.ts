import { createServer } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { deriveKey } from "./platform/keys.ts";
import { type Config, loadConfig } from "./config.ts";
import { resolveAuthSecret, type StartedDatabase, startDatabase } from "./db/start.ts";
import { listenError, StartupError } from "./db/startup-error.ts";
import { DEMO_ACCOUNTS, seedDemo } from "./seed-demo-data.ts";

const log = (line: string) => console.log(`[server] ${line}`);
let config: Config | undefined;
let started: StartedDatabase | undefined;
let app: FastifyInstance | undefined;
/** The start (database, demo data, listen) while it runs, and after. */
let starting: Promise<void> | undefined;
let ending = false;

/**
 * Every way this process fails ends here: what was started is stopped and the process exits
 * non-zero, so a service manager sees it. Expected failures (a setting, a port or data folder in
 * use, a database out of reach) are said in two lines, what happened and what to do; anything
 * else is a bug and keeps its stack.
 */
async function exitWith(error: unknown): Promise<void> {
  if (ending) return;
  ending = true;
  const known = (config && listenError(error, config.host, config.port)) ?? error;
  if (known instanceof StartupError) {
    console.error(`[server] error: ${known.message}`);
    if (known.hint) console.error(`[server] ${known.hint}`);
  } else if (error instanceof Error && error.message.startsWith("Invalid environment:")) {
    console.error(`[server] error: ${error.message}`);
  } else {
    console.error("[server] error:", error instanceof Error ? error : String(error));
  }
  // A shutdown that hangs must not keep a failed process alive.
  setTimeout(() => process.exit(1), 20_000).unref();
  started?.unwatch();
  await app?.close().catch(() => {});
  await started?.close().catch(() => {});
  process.exit(1);
}
// A rejected top-level await arrives here too (with PostgreSQL's package, as `undefined`).
process.on("uncaughtException", (error) => void exitWith(error));

/**
 * SIGTERM or SIGINT: an orderly stop. The node stops listening at once (a load balancer sees
 * the port refuse, and a request arriving on a kept-alive connection is answered 503), lets the
 * requests and jobs in flight finish, stops its timers and job workers (Fastify's onClose
 * hooks), and only then ends the pool: no handler is left to find it ended. A start still under
 * way finishes its current step and goes no further. What is still running after
 * SHUTDOWN_GRACE_MS is cut off instead: its clients get no answer, the database connections
 * drop with the process (PostgreSQL rolls back the transactions left open), and it exits 1.
 */
async function stop(signal: string) {
  if (ending) return;
  ending = true;
  const graceMs = config?.shutdownGraceMs ?? 25_000;
  log(`${signal}: stopping; waiting up to ${graceMs} ms for the work in flight`);
  started?.unwatch();
  const cutOff = setTimeout(() => void abandon(graceMs), graceMs);
  await starting?.catch(() => {});
  await app?.close().catch((error: unknown) => console.error("[server] error while closing:", error));
  clearTimeout(cutOff);
  await started?.close();
  log("stopped");
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

/** The grace ran out: end the work in flight without ending the pool under it. */
async function abandon(graceMs: number) {
  console.error(`[server] error: work still in flight ${graceMs} ms after the stop signal (SHUTDOWN_GRACE_MS); ending it unfinished`);
  setTimeout(() => process.exit(1), 10_000).unref();
  app?.server.closeAllConnections();
  // The embedded server must not outlive us; a configured one sees our connections drop at exit.
  await started?.abandon().catch(() => {});
  process.exit(1);
}

/** Fails fast, before a start's slow work, when the port is taken or not ours to open. */
async function checkPortIsFree(host: string, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

config = loadConfig();
const settings = config;
/** The start, step by step; a stop signal during it lets the current step end and skips the rest. */
starting = (async () => {
  const authSecret = resolveAuthSecret(settings, !settings.databaseUrl);
  started = await startDatabase(settings, log, {
    // The embedded server died and would not start again: a fresh process is the way back.
    onLost: (error) => void exitWith(error),
  });
  if (ending) return;
  await checkPortIsFree(settings.host, settings.port);
  const { database, embedded } = started;
  // Demo accounts only ever on the embedded default; a real server gets them by `npm run seed:demo`.
  if (embedded && !ending && (await seedDemo(database.db, settings.billing))) {
    log(
      `demo accounts created: ${Object.values(DEMO_ACCOUNTS)
        .map((account) => account.email)
        .join(", ")}`,
    );
  }
  // The demo's uploaded game bundle, stored as any upload (disk or S3, as configured).
  if (embedded && !ending && (await (await import("./modules/clinic/files/bundle-demo.ts")).seedDemoBundle(database.db, settings)))
    log("demo game bundle added");
  // The demo shop's product pictures, drawn on the first start and stored the same way.
  if (embedded && !ending) {
    const pictures = await (await import("./modules/shop/shop-demo.ts")).seedDemoShopPictures(database.db, settings);
    if (pictures > 0) log(`demo shop pictures added: ${pictures}`);
  }
  // Its lived-in past (demo-history.ts, loaded only here): once, dated from the first start.
  if (embedded && !ending && (await (await import("./demo-history.ts")).seedDemoHistory(database.db))) log("demo history added: five weeks back, two ahead");
  // The booking app's centre, services and visits (issue 35): once, dated from the day it is first seeded.
  if (embedded && !ending) {
    const { seedDemoBooking } = await import("./modules/booking/booking-demo.ts");
    const { today } = await import("./modules/clinic/memberships/seats.ts");
    if (await seedDemoBooking(database.db, { anchor: today(), linkKey: deriveKey(authSecret, "booking-links") }))
      log("demo bookings added: four weeks back, two ahead");
  }
  // The CRM's agents, clients, calls and mass email (issue 36): once, dated from the day it is first seeded.
  if (embedded && !ending) {
    const { seedDemoCrm } = await import("./modules/crm/crm-demo.ts");
    const { today } = await import("./modules/clinic/memberships/seats.ts");
    if (await seedDemoCrm(database.db, { anchor: today() })) log("demo CRM added: agent@example.com, agent2@example.com, crmclient@example.com");
  }
  // The clinic's events, their registrations, costs and checklists (issue 37): once, around the day they are first seeded.
  if (embedded && !ending) {
    const { seedDemoEvents } = await import("./modules/events/events-demo.ts");
    const { today } = await import("./modules/clinic/memberships/seats.ts");
    if (await seedDemoEvents(database.db, { anchor: today(), linkKey: deriveKey(authSecret, "event-links") }))
      log("demo events added: four events around today");
  }
  // The clinic's public website in English and Spanish, its menus and its editor (issue 39): once.
  if (embedded && !ending) {
    const { seedDemoCms } = await import("./modules/cms/cms-demo.ts");
    const { today } = await import("./modules/clinic/memberships/seats.ts");
    if (await seedDemoCms(database.db, { anchor: today() })) log("demo website added: editor@example.com");
  }
  // The product quoter's quotes in every state (issue 38): once, over the months before the day they are first seeded.
  if (embedded && !ending) {
    const { seedDemoProductQuotes } = await import("./modules/quoters/products/product-quotes-demo.ts");
    const { today } = await import("./modules/clinic/memberships/seats.ts");
    if (await seedDemoProductQuotes(database.db, { anchor: today(), linkKey: deriveKey(authSecret, "product-quote-links") }))
      log("demo product quotes added: ten quotes over the last months");
  }
  // The messaging chat's WhatsApp number, templates, canned replies and a lived-in inbox (issue 41): once.
  if (embedded && !ending) {
    const { seedDemoChat } = await import("./modules/chat/chat-demo.ts");
    if (await seedDemoChat(database.db)) log("demo chat added: six conversations in the app and on WhatsApp");
  }
  // The AI chat widget's settings, FAQs and two weeks of questions answered from the demo's content (issue 42): once.
  if (embedded && !ending) {
    const { seedDemoAi } = await import("./modules/ai/ai-demo.ts");
    if (await seedDemoAi(database.db)) log("demo AI assistant added: FAQs and eight conversations");
  }
  // The insurance quoter's agents, products, quotes and policies (issue 38): once, dated from the day it is first seeded.
  if (embedded && !ending) {
    const { seedDemoInsurance } = await import("./modules/quoters/insurance/insurance-demo.ts");
    const { today } = await import("./modules/clinic/memberships/seats.ts");
    if (await seedDemoInsurance(database.db, { anchor: today(), linkKey: deriveKey(authSecret, "quoter-links") }))
      log("demo insurance quoter added: insurance.agent@example.com, insurance.agent2@example.com");
  }
  if (ending) return;
  app = await buildApp({ config: settings, database, authSecret, logger: true });
  if (ending) return;
  await app.listen({ port: settings.port, host: settings.host });
  log(`listening on ${settings.publicUrl}`);
})();
// A failed start ends here (while stopping, the stop signal's path has the last word).
starting.catch((error) => void exitWith(error));
