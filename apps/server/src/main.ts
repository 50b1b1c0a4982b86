import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { resolveAuthSecret, startDatabase } from "./db/start.ts";
import { DEMO_ACCOUNTS, seedDemo } from "./seed-demo-data.ts";

const config = loadConfig();
const log = (line: string) => console.log(`[server] ${line}`);
const started = await startDatabase(config, log);
// Demo accounts only ever on the embedded default; a real server gets them by `npm run seed:demo`.
if (started.embedded && (await seedDemo(started.database.db))) {
  log(
    `demo accounts created: ${Object.values(DEMO_ACCOUNTS)
      .map((account) => account.email)
      .join(", ")}`,
  );
}
const app = await buildApp({ config, database: started.database, authSecret: resolveAuthSecret(config, started.embedded), logger: true });

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  await app.close();
  await started.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
log(`listening on ${config.publicUrl}`);
