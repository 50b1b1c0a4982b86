// Gives the CRM's rows of `npm run bench` a clinic's worth of data: BENCH_CRM_CLIENTS clients of
// the demo clinic (beyond the 60 of its lived-in demo, crm-demo.ts), with their "imported"
// timeline lines, and two calls each over the last 30 days by the demo agents, so the clients
// list pages through and the dashboard counts a real table. One `insert ... select
// generate_series` statement; nothing is added when the clinic has that many clients already.
//
// `npm run bench` calls it on the server's database once the demo is seeded. By hand:
//   DATABASE_URL=postgres://... npx tsx apps/server/bench/seed-crm.ts [count]
import { inTransaction, seedFromCommandLine, withSeedClient } from "./seed-connection.ts";
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";
import { DEMO_CRM_ACCOUNTS } from "../src/modules/crm/crm-demo.ts";

export interface SeededCrm {
  clients: number;
  calls: number;
  inserted: number;
}

export async function seedCrm(url: string, count = 10_000): Promise<SeededCrm> {
  return withSeedClient(url, async (client) => {
    const people = await client.query<{ email: string; id: string }>("select email, id from users where email = any($1)", [
      [DEMO_ACCOUNTS.clinic.email, DEMO_CRM_ACCOUNTS.agent.email, DEMO_CRM_ACCOUNTS.agent2.email],
    ]);
    const clinicId = people.rows.find((row) => row.email === DEMO_ACCOUNTS.clinic.email)?.id;
    const agents = people.rows.filter((row) => row.email !== DEMO_ACCOUNTS.clinic.email).map((row) => row.id);
    if (!clinicId || agents.length === 0) throw new Error("the demo clinic and its CRM agents are missing: seed the demo first");
    const counted = async (table: string) =>
      Number((await client.query<{ n: string }>(`select count(*) as n from ${table} where clinic_id = $1`, [clinicId])).rows[0]?.n);
    const before = await counted("crm_clients");
    const missing = Math.max(0, count - before);
    if (missing > 0) {
      await inTransaction(client, async () => {
        const start = before + 1;
        // The clients, their timeline lines and two calls each over the last 30 days (a fifth converted), in one statement.
        await client.query(
          `with made as (
           insert into crm_clients (clinic_id, kind, first_name, last_name, organisation, email, phone, city, consent, consent_at, owner_id, tags, created_at)
           select $1, case when g % 5 = 0 then 'organisation' else 'person' end,
             case when g % 5 = 0 then '' else 'Client' end, case when g % 5 = 0 then '' else 'Bench ' || lpad(g::text, 6, '0') end,
             case when g % 5 = 0 then 'Bench organisation ' || g else '' end,
             'bench.client' || g || '@bench.example', '+34 600 ' || lpad((g % 1000000)::text, 6, '0'), 'Madrid', g % 10 <> 0,
             case when g % 10 <> 0 then now() - (g % 90) * interval '1 day' end,
             ($3::text[])[1 + g % array_length($3::text[], 1)], array[(array['physio', 'school', 'gym', 'clinic'])[1 + g % 4]],
             now() - (g % 90) * interval '1 day'
           from generate_series($2::int, $2::int + $4::int - 1) as g
           returning id, owner_id, created_at),
         lines as (insert into crm_tracking (clinic_id, client_id, kind, summary, at) select $1, id, 'imported', 'Imported from a file', created_at from made)
         insert into crm_activities (clinic_id, client_id, agent_id, kind, at, duration_minutes, outcome)
         select $1, m.id, m.owner_id, 'call', now() - ((m.id * 7 + n) % 720) * interval '1 hour', 3,
           (array['answered', 'no_answer', 'not_interested', 'converted', 'no_answer'])[1 + (m.id + n) % 5]
         from made m cross join generate_series(1, 2) as n`,
          [clinicId, start, agents, missing],
        );
      });
      // Fresh statistics, as autovacuum would give them: the plans measured are the ones a lived-in database gets.
      await client.query("analyze crm_clients, crm_activities, crm_tracking");
    }
    return { clients: await counted("crm_clients"), calls: await counted("crm_activities"), inserted: missing };
  });
}

await seedFromCommandLine(import.meta.url, seedCrm);
