// The baseline of `npm run bench`: a bare Fastify hello-world, run by plain `node` (its
// built-in type stripping) exactly as the production server runs, so the ratio against it
// measures our code rather than the machine.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));

async function stop() {
  await app.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? "127.0.0.1" });
