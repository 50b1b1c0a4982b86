import { loadConfig } from "./config.ts";
import { startDatabase } from "./db/start.ts";
import { seedDemo } from "./seed-demo-data.ts";

/** `npm run seed:demo`: the explicit way to put demo accounts on a configured server. */
const started = await startDatabase(loadConfig(), (line) => console.log(line));
const created = await seedDemo(started.database.db);
console.log(created ? "Demo accounts created." : "Demo accounts already exist.");
await started.close();
