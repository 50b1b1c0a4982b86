// Gives the AI chat widget's rows of `npm run bench` the content of a well-documented clinic: BENCH_AI
// FAQs of the demo clinic (their trigger indexes each, as an admin's would be), besides the demo's
// catalogue, forms and pages, and a conversation of the demo patient with a hundred questions. A few
// statements; nothing is added when the bench FAQs exist already (their questions start with "Bench").
//
// `npm run bench` calls it on the server's database once the demo is seeded. By hand:
//   DATABASE_URL=postgres://... npx tsx apps/server/bench/seed-ai.ts [count]
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";
import { inTransaction, seedFromCommandLine, withSeedClient } from "./seed-connection.ts";

export interface SeededAi {
  documents: number;
  /** The demo clinic's id, for the console's body. */
  clinicId: string;
}

const TOPICS = ["balance", "dizziness", "vertigo", "memory", "attention", "appointments", "games", "payments", "posture", "sleep"];

export async function seedAi(url: string, count = 3_000): Promise<SeededAi> {
  return withSeedClient(url, async (client) => {
    const people = await client.query<{ email: string; id: string }>("select email, id from users where email = any($1)", [
      [DEMO_ACCOUNTS.clinic.email, DEMO_ACCOUNTS.patient.email],
    ]);
    const id = (email: string) => people.rows.find((row) => row.email === email)?.id;
    const [clinic, patient] = [id(DEMO_ACCOUNTS.clinic.email), id(DEMO_ACCOUNTS.patient.email)];
    if (!clinic || !patient) throw new Error("the demo clinic or patient is missing: seed the demo first");
    const existing = await client.query<{ n: number }>("select count(*)::int as n from ai_faqs where question like 'Bench %'");
    if ((existing.rows[0]?.n ?? 0) === 0) {
      await inTransaction(client, async () => {
        await client.query(
          `insert into ai_faqs (clinic_id, language, audience, question, answer)
           select $1, case when g % 2 = 0 then 'en' else 'es' end, 'everyone',
             'Bench question ' || g || ' about ' || ($3::text[])[1 + g % 10],
             'Answer ' || g || ': for ' || ($3::text[])[1 + g % 10] || ' exercises, rest between sets, keep a diary of symptoms, and ask your therapist when anything feels harder than usual. '
               || repeat('More detail on the routine and its progression over the weeks. ', 1 + g % 5)
           from generate_series(1, $2::int) as g`,
          [clinic, count, TOPICS],
        );
        await client.query(
          `with c as (insert into ai_conversations (user_id, clinic_id, title) values ($1, $2, 'Bench conversation') returning id)
           insert into ai_messages (conversation_id, role, content, mode)
           select c.id, case when m % 2 = 1 then 'user' else 'assistant' end, 'Bench message ' || m, case when m % 2 = 0 then 'retrieval' end
           from c, generate_series(1, 200) as m`,
          [patient, clinic],
        );
      });
    }
    // As after any bulk load (seed-activities.ts too): the planner needs the index's statistics, which
    // autovacuum would gather only a minute or so later, during the measurement.
    await client.query("vacuum analyze ai_documents, ai_faqs, ai_usage");
    const documents = await client.query<{ n: number }>("select count(*)::int as n from ai_documents");
    return { documents: documents.rows[0]?.n ?? 0, clinicId: clinic };
  });
}

await seedFromCommandLine(import.meta.url, seedAi);
