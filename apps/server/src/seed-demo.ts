import { loadConfig } from "./config.ts";
import { startDatabase } from "./db/start.ts";
import { seedDemoHistory } from "./demo-history.ts";
import { seedDemo } from "./seed-demo-data.ts";

/** `npm run seed:demo`: the explicit way to put demo accounts on a configured server. */
const started = await startDatabase(loadConfig(), (line) => console.log(line));
const created = await seedDemo(started.database.db);
console.log(created ? "Demo accounts created." : "Demo accounts already exist.");
console.log((await seedDemoHistory(started.database.db)) ? "Demo history added." : "Demo history already there.");
await started.close();
