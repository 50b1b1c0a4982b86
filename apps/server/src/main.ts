import { createServer } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { type Config, loadConfig } from "./config.ts";
import { resolveAuthSecret, type StartedDatabase, startDatabase } from "./db/start.ts";
import { listenError, StartupError } from "./db/startup-error.ts";
import { DEMO_ACCOUNTS, seedDemo } from "./seed-demo-data.ts";

const log = (line: string) => console.log(`[server] ${line}`);
let config: Config | undefined;
let started: StartedDatabase | undefined;
let app: FastifyInstance | undefined;
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

async function stop(signal: string) {
  if (ending) return;
  ending = true;
  log(`${signal}: stopping`);
  started?.unwatch();
  await app?.close();
  await started?.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

/** Fails fast, before a start's slow work, when the port is taken or not ours to open. */
async function checkPortIsFree(host: string, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

config = loadConfig();
const authSecret = resolveAuthSecret(config, !config.databaseUrl);
started = await startDatabase(config, log, {
  // The embedded server died and would not start again: a fresh process is the way back.
  onLost: (error) => void exitWith(error),
});
await checkPortIsFree(config.host, config.port);
// Demo accounts only ever on the embedded default; a real server gets them by `npm run seed:demo`.
if (started.embedded && (await seedDemo(started.database.db, config.billing))) {
  log(
    `demo accounts created: ${Object.values(DEMO_ACCOUNTS)
      .map((account) => account.email)
      .join(", ")}`,
  );
}
// The demo's uploaded game bundle, stored as any upload (disk or S3, as configured).
if (started.embedded && (await (await import("./modules/clinic/files/bundle-demo.ts")).seedDemoBundle(started.database.db, config)))
  log("demo game bundle added");
// The demo shop's product pictures, drawn on the first start and stored the same way.
if (started.embedded) {
  const pictures = await (await import("./modules/shop/shop-demo.ts")).seedDemoShopPictures(started.database.db, config);
  if (pictures > 0) log(`demo shop pictures added: ${pictures}`);
}
// Its lived-in past (demo-history.ts, loaded only here): once, dated from the first start.
if (started.embedded && (await (await import("./demo-history.ts")).seedDemoHistory(started.database.db))) log("demo history added: five weeks back, two ahead");
app = await buildApp({ config, database: started.database, authSecret, logger: true });

await app.listen({ port: config.port, host: config.host });
log(`listening on ${config.publicUrl}`);
