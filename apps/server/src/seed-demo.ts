import { deriveKey } from "./platform/keys.ts";
import { loadConfig } from "./config.ts";
import { resolveAuthSecret, startDatabase } from "./db/start.ts";
import { seedDemoHistory } from "./demo-history.ts";
import { seedDemoBooking } from "./modules/booking/booking-demo.ts";
import { seedDemoBundle } from "./modules/clinic/files/bundle-demo.ts";
import { seedDemoCrm } from "./modules/crm/crm-demo.ts";
import { seedDemoEvents } from "./modules/events/events-demo.ts";
import { seedDemoCms } from "./modules/cms/cms-demo.ts";
import { seedDemoAi } from "./modules/ai/ai-demo.ts";
import { seedDemoChat } from "./modules/chat/chat-demo.ts";
import { seedDemoInsurance } from "./modules/quoters/insurance/insurance-demo.ts";
import { today } from "./modules/clinic/memberships/seats.ts";
import { seedDemoShopPictures } from "./modules/shop/shop-demo.ts";
import { seedDemoProductQuotes } from "./modules/quoters/products/product-quotes-demo.ts";
import { seedDemo } from "./seed-demo-data.ts";

/** `npm run seed:demo`: the explicit way to put demo accounts on a configured server. */
const config = loadConfig();
const started = await startDatabase(config, (line) => console.log(line));
const created = await seedDemo(started.database.db, config.billing);
console.log(created ? "Demo accounts created." : "Demo accounts already exist.");
console.log((await seedDemoBundle(started.database.db, config)) ? "Demo game bundle added." : "Demo game bundle already there (or not shipped).");
console.log(`Demo shop pictures added: ${await seedDemoShopPictures(started.database.db, config)}.`);
console.log((await seedDemoHistory(started.database.db)) ? "Demo history added." : "Demo history already there.");
// The private links' key comes from AUTH_SECRET, as the server derives it.
const authSecret = resolveAuthSecret(config, !config.databaseUrl);
const linkKey = deriveKey(authSecret, "booking-links");
console.log((await seedDemoBooking(started.database.db, { anchor: today(), linkKey })) ? "Demo bookings added." : "Demo bookings already there.");
console.log((await seedDemoCrm(started.database.db, { anchor: today() })) ? "Demo CRM added." : "Demo CRM already there.");
const eventLinks = deriveKey(authSecret, "event-links");
console.log((await seedDemoEvents(started.database.db, { anchor: today(), linkKey: eventLinks })) ? "Demo events added." : "Demo events already there.");
console.log((await seedDemoCms(started.database.db, { anchor: today() })) ? "Demo website added." : "Demo website already there.");
console.log((await seedDemoChat(started.database.db)) ? "Demo chat added." : "Demo chat already there.");
console.log((await seedDemoAi(started.database.db)) ? "Demo AI assistant added." : "Demo AI assistant already there.");
const quoteLinks = deriveKey(authSecret, "product-quote-links");
console.log(
  (await seedDemoProductQuotes(started.database.db, { anchor: today(), linkKey: quoteLinks }))
    ? "Demo product quotes added."
    : "Demo product quotes already there.",
);
const quoterLinks = deriveKey(authSecret, "quoter-links");
console.log(
  (await seedDemoInsurance(started.database.db, { anchor: today(), linkKey: quoterLinks }))
    ? "Demo insurance quoter added."
    : "Demo insurance quoter already there.",
);
await started.close();
