import { patientStatisticsSchema } from "@clinic/shared";
import { connectDatabase } from "./db/client.ts";
import { loadActor } from "./platform/access.ts";
import { patientStatistics } from "./modules/clinic/statistics/statistics.service.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
const { db, pool } = connectDatabase("postgres://postgres@127.0.0.1:5432/statsprof", 4);
const ids = (await pool.query("select id, email from users where email = any($1)", [[DEMO_ACCOUNTS.patient.email, DEMO_ACCOUNTS.therapist.email]])).rows;
const patient = ids.find((r) => r.email === DEMO_ACCOUNTS.patient.email).id;
const therapist = await loadActor(db, ids.find((r) => r.email === DEMO_ACCOUNTS.therapist.email).id);
const query = { user: patient, since: "2026-08-30", to: "2026-11-27" };
const time = async (label: string, fn: () => Promise<unknown> | unknown, n = 40) => {
  const t: number[] = [];
  for (let i = 0; i < n; i++) { const s = performance.now(); await fn(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b); console.log(label.padEnd(30), "p50", t[n >> 1].toFixed(1), "p95", t[Math.floor(n * 0.95)].toFixed(1));
};
let result: unknown;
await time("service total", async () => { result = await patientStatistics(db, therapist!, query as never); });
await time("zod parse response", () => patientStatisticsSchema.parse(result));
await time("JSON.stringify", () => JSON.stringify(result));
console.log("bytes", JSON.stringify(result).length);
await pool.end();
const { db: db2, pool: pool2 } = connectDatabase("postgres://postgres@127.0.0.1:5432/statsprof", 1);
const captured: { text: string; values: unknown[] }[] = [];
pool2.on("acquire", (client) => { const orig = client.query; (client as any).query = (...a: any[]) => { if (typeof a[0] === "object" && a[0]?.text) captured.push({ text: a[0].text, values: a[0].values ?? a[1] }); else if (typeof a[0] === "string") captured.push({ text: a[0], values: a[1] }); return (orig as any).apply(client, a); }; });
await patientStatistics(db2, therapist!, query as never);
const big = captured[captured.length - 1];
const plan = await pool2.query(`explain (analyze, buffers, timing) ${big.text}`, big.values as never);
console.log(plan.rows.map((r: any) => r["QUERY PLAN"]).join("\n"));
await pool2.end();
