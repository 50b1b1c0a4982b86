// Gives the lists of issue 34 something to show in `npm run bench`: messages the demo clinic sent
// to its patients (delivered, each with its recipients) and the demo patient's notifications of
// them, half read. Two `insert ... select generate_series` statements; nothing is added when the
// demo clinic has sent that many already (a reused database).
//
// `npm run bench` calls it on the server's database once the demo is seeded. By hand:
//   DATABASE_URL=postgres://... npx tsx apps/server/bench/seed-lists.ts [count]
import { inTransaction, seedFromCommandLine, withSeedClient } from "./seed-connection.ts";
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";

export interface SeededLists {
  /** Messages the demo clinic has sent, and the demo patient's notifications, after seeding. */
  messages: number;
  notifications: number;
  inserted: number;
}

export async function seedLists(url: string, count = 200): Promise<SeededLists> {
  return withSeedClient(url, async (client) => {
    const people = await client.query<{ email: string; id: string }>("select email, id from users where email = any($1)", [
      [DEMO_ACCOUNTS.clinic.email, DEMO_ACCOUNTS.patient.email],
    ]);
    const clinicId = people.rows.find((row) => row.email === DEMO_ACCOUNTS.clinic.email)?.id;
    const patientId = people.rows.find((row) => row.email === DEMO_ACCOUNTS.patient.email)?.id;
    if (!clinicId || !patientId) throw new Error("the demo clinic and patient are missing: seed the demo first");
    const sent = async () => Number((await client.query<{ n: string }>("select count(*) as n from messages where sent_by = $1", [clinicId])).rows[0]?.n);
    const before = await sent();
    const missing = Math.max(0, count - before);
    if (missing > 0) {
      await inTransaction(client, async () => {
        // One a day back from yesterday, to every active patient of the clinic.
        await client.query(
          `with made as (
           insert into messages (subject, body, roles, email, state, send_at, sent_at, sent_by, created_at)
           select 'Clinic news ' || g, '<p>Opening hours and news, issue ' || g || '.</p>', array['patient'], true, 'sent',
             now() - g * interval '1 day', now() - g * interval '1 day', $1, now() - g * interval '1 day'
           from generate_series(1, $2::int) as g
           returning id, sent_at)
         insert into message_recipients (message_id, user_id, notified_at)
         select made.id, u.id, made.sent_at from made join users u on u.clinic_id = $1 and u.is_active
           and exists (select 1 from user_groups ug where ug.user_id = u.id and ug.group_id = 1)`,
          [clinicId, missing],
        );
        await client.query(
          `update messages m set recipients = (select count(*)::int from message_recipients r where r.message_id = m.id)
         where m.sent_by = $1 and m.recipients is null`,
          [clinicId],
        );
        await client.query(
          `insert into notifications (user_id, kind, subject, message, sent_by, created_at, read_at)
         select $1, 'message', 'Clinic news ' || g, 'Opening hours and news, issue ' || g || '.', $2, now() - g * interval '1 day',
           case when g % 2 = 0 then now() - g * interval '1 day' + interval '1 hour' end
         from generate_series(1, $3::int) as g`,
          [patientId, clinicId, missing],
        );
      });
    }
    const notifications = Number((await client.query<{ n: string }>("select count(*) as n from notifications where user_id = $1", [patientId])).rows[0]?.n);
    return { messages: await sent(), notifications, inserted: missing };
  });
}

await seedFromCommandLine(import.meta.url, seedLists);
