// The floor of `npm run bench`: bare Fastify + pg doing ONE primary-key query per request on
// the app's own database, through a pool of the app's size. No endpoint of ours that reads the
// database can beat it, so an endpoint's req/s over the floor's is the share of the machine's
// database-bound ceiling our code keeps. Run by plain `node` (type stripping), like the app.
import Fastify from "fastify";
import pg from "pg";

const url = process.env.DATABASE_URL;
const email = process.env.FLOOR_EMAIL;
if (!url || !email) throw new Error("floor-server needs DATABASE_URL and FLOOR_EMAIL");

// The same pool size as the app's (connectDatabase in src/db/client.ts).
const pool = new pg.Pool({ connectionString: url, max: 10 });
const found = await pool.query<{ id: string }>("select id from users where email = $1", [email]);
const id = found.rows[0]?.id;
if (!id) throw new Error(`no user ${email} in the database: seed the demo first`);

const app = Fastify({ logger: false });
app.get("/", async (_request, reply) => {
  const { rows } = await pool.query("select id, email, nombres, apellidos from users where id = $1", [id]);
  if (rows.length === 0) return reply.status(404).send();
  return rows[0];
});

async function stop() {
  await app.close();
  await pool.end();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? "127.0.0.1" });
