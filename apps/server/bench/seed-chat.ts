// Gives the chat rows of `npm run bench` the inbox of a busy clinic: BENCH_CHAT conversations of
// the demo clinic on WhatsApp (twenty messages each, a third unread, some closed, some assigned)
// and two hundred messages in the demo patient's in-app conversation, so the inbox, the history
// and the unread count read real tables. A few statements; nothing is added when the bench
// conversations exist already (their contacts' numbers start with +1999).
//
// `npm run bench` calls it on the server's database once the demo is seeded. By hand:
//   DATABASE_URL=postgres://... npx tsx apps/server/bench/seed-chat.ts [count]
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";
import { inTransaction, seedFromCommandLine, withSeedClient } from "./seed-connection.ts";

export interface SeededChat {
  conversations: number;
  messages: number;
  /** The demo patient's in-app conversation, for the history's row. */
  patientConversationId: number;
}

const PHONE_PREFIX = "+1999";

export async function seedChat(url: string, count = 2_000): Promise<SeededChat> {
  return withSeedClient(url, async (client) => {
    const people = await client.query<{ email: string; id: string }>("select email, id from users where email = any($1)", [
      [DEMO_ACCOUNTS.clinic.email, DEMO_ACCOUNTS.therapist.email, DEMO_ACCOUNTS.patient.email],
    ]);
    const id = (email: string) => people.rows.find((row) => row.email === email)?.id;
    const [clinic, therapist, patient] = [id(DEMO_ACCOUNTS.clinic.email), id(DEMO_ACCOUNTS.therapist.email), id(DEMO_ACCOUNTS.patient.email)];
    if (!clinic || !therapist || !patient) throw new Error("the demo clinic, therapist or patient is missing: seed the demo first");
    const existing = await client.query<{ n: number }>("select count(*)::int as n from chat_conversations where contact_phone like $1", [`${PHONE_PREFIX}%`]);
    if ((existing.rows[0]?.n ?? 0) === 0) {
      await inTransaction(client, async () => {
        await client.query(
          `with made as (
             insert into chat_conversations (clinic_id, channel, status, contact_phone, contact_name, assignee_id, last_message_at,
               last_message_preview, last_direction, last_inbound_at, created_at)
             select $1, 'whatsapp', case when g % 7 = 0 then 'closed' else 'open' end, '${PHONE_PREFIX}' || lpad(g::text, 7, '0'),
               'Contact ' || lpad(g::text, 5, '0'), case when g % 4 = 0 then $2 end, now() - g * interval '7 minutes',
               'Message 20 of contact ' || g, case when g % 3 = 0 then 'in' else 'out' end, now() - g * interval '7 minutes' - interval '1 minute',
               now() - g * interval '7 minutes' - interval '2 days'
             from generate_series(1, $3::int) as g
             returning id, last_message_at)
           insert into chat_messages (conversation_id, direction, body, author_id, external_id, status, status_at, created_at)
           select made.id, case when m % 2 = 1 then 'in' else 'out' end, 'Message ' || m || ' of contact ' || made.id,
             case when m % 2 = 0 then $2 end, 'wamid.bench.' || made.id || '.' || m, 'read', made.last_message_at, made.last_message_at - (20 - m) * interval '3 minutes'
           from made, generate_series(1, 20) as m`,
          [clinic, therapist, count],
        );
        await client.query(
          `update chat_conversations c set last_inbound_id = (select max(m.id) from chat_messages m where m.conversation_id = c.id and m.direction = 'in')
           where c.contact_phone like '${PHONE_PREFIX}%'`,
        );
        // The staff have read two conversations of three up to their last message.
        await client.query(
          `insert into chat_reads (conversation_id, user_id, last_read_id)
           select c.id, u.id, (select max(m.id) from chat_messages m where m.conversation_id = c.id)
           from chat_conversations c cross join unnest($2::text[]) as u(id)
           where c.contact_phone like '${PHONE_PREFIX}%' and c.id % 3 <> 0 and c.clinic_id = $1`,
          [clinic, [clinic, therapist]],
        );
        const conversation = await client.query<{ id: number }>(
          `insert into chat_conversations (clinic_id, channel, patient_id) values ($1, 'app', $2)
           on conflict (clinic_id, patient_id) where channel = 'app' do update set updated_at = now() returning id`,
          [clinic, patient],
        );
        await client.query(
          `insert into chat_messages (conversation_id, direction, body, author_id, status, created_at)
           select $1, case when m % 2 = 1 then 'in' else 'out' end, 'Bench message ' || m, case when m % 2 = 1 then $2 else $3 end, 'read',
             now() - (200 - m) * interval '10 minutes'
           from generate_series(1, 200) as m`,
          [conversation.rows[0]?.id, patient, therapist],
        );
        await client.query(
          "update chat_conversations set last_inbound_id = (select max(id) from chat_messages where conversation_id = $1 and direction = 'in') where id = $1",
          [conversation.rows[0]?.id],
        );
      });
    }
    const counts = await client.query<{ conversations: number; messages: number; mine: number }>(
      `select (select count(*)::int from chat_conversations) as conversations, (select count(*)::int from chat_messages) as messages,
        (select id from chat_conversations where channel = 'app' and patient_id = $1 and clinic_id = $2) as mine`,
      [patient, clinic],
    );
    const row = counts.rows[0];
    return { conversations: row?.conversations ?? 0, messages: row?.messages ?? 0, patientConversationId: Number(row?.mine) };
  });
}

await seedFromCommandLine(import.meta.url, seedChat);
