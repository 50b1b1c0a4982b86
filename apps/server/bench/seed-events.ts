// Gives the events' rows of `npm run bench` an event the size of a clinic's open day: one
// published event of the demo clinic with BENCH_EVENT_REGISTRATIONS registrations (mostly
// confirmed and paid, some checked in, cancelled and waiting), their payments, ten cost lines and
// a checklist, so the staff's registrations list pages through and the dashboard sums a real
// ledger. A few statements; nothing is added when the bench event exists already.
//
// `npm run bench` calls it on the server's database once the demo is seeded. By hand:
//   DATABASE_URL=postgres://... npx tsx apps/server/bench/seed-events.ts [count]
import { inTransaction, seedFromCommandLine, withSeedClient } from "./seed-connection.ts";
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";

export interface SeededEvents {
  eventId: number;
  slug: string;
  registrations: number;
}

const SLUG = "bench-open-day";

export async function seedEvents(url: string, count = 5_000): Promise<SeededEvents> {
  return withSeedClient(url, async (client) => {
    const clinic = await client.query<{ id: string }>("select id from users where email = $1", [DEMO_ACCOUNTS.clinic.email]);
    const clinicId = clinic.rows[0]?.id;
    if (!clinicId) throw new Error("the demo clinic is missing: seed the demo first");
    const existing = await client.query<{ id: number }>("select id from event_events where slug = $1", [SLUG]);
    if (!existing.rows[0]) {
      await inTransaction(client, async () => {
        // Confirmed places: every registration but the waiting, cancelled and refunded ones (g % 20 in 0..2).
        const held = Array.from({ length: count }, (_, index) => index + 1).filter((g) => g % 20 > 2).length;
        const event = await client.query<{ id: number }>(
          `insert into event_events (clinic_id, slug, title_en, title_es, description_en, description_es, starts_at, ends_at, time_zone, venue,
           capacity, taken, state, currency, created_by)
         values ($1, $2, 'Vestibular open day', 'Jornada de puertas abiertas vestibular', '<p>Talks and balance screening.</p>',
           '<p>Charlas y cribado del equilibrio.</p>', now() + interval '30 days', now() + interval '30 days 6 hours', 'Europe/Madrid',
           'Palacio de Congresos, Madrid', $3, $4, 'published', 'EUR', $1)
         returning id`,
          [clinicId, SLUG, count, held],
        );
        const eventId = event.rows[0]?.id as number;
        const ticket = await client.query<{ id: number }>(
          `insert into event_ticket_types (event_id, name_en, name_es, price_cents, taken, position) values ($1, 'Standard', 'General', 1500, $2, 0) returning id`,
          [eventId, held],
        );
        const ticketId = ticket.rows[0]?.id as number;
        // Tokens are hashes of secrets no one holds: the bench never opens a registrant's link.
        await client.query(
          `with made as (
           insert into event_registrations (event_id, ticket_type_id, clinic_id, name, email, language, state, amount_cents, paid_cents, refunded_cents,
             currency, provider, payment_reference, token, confirmed_at, checked_in_at, cancelled_at, created_at)
           select $1, $2, $3, 'Guest ' || lpad(g::text, 6, '0'), 'bench.guest' || g || '@bench.example', case when g % 3 = 0 then 'es' else 'en' end,
             case g % 20 when 0 then 'waiting' when 1 then 'cancelled' when 2 then 'refunded' when 3 then 'checked_in' else 'confirmed' end,
             1500, case when g % 20 in (0, 1) then 0 else 1500 end, case when g % 20 = 2 then 1500 else 0 end, 'EUR',
             'manual', 'TRF-' || g, encode(sha256(('bench-' || g)::bytea), 'hex'),
             case when g % 20 > 1 then now() - (g % 40) * interval '1 day' end, case when g % 20 = 3 then now() end,
             case when g % 20 in (1, 2) then now() - (g % 10) * interval '1 day' end, now() - (g % 45) * interval '1 day'
           from generate_series(1, $4::int) as g
           returning id, state, paid_cents, refunded_cents, confirmed_at, cancelled_at),
         paid as (
           insert into event_payments (registration_id, event_id, kind, amount_cents, provider, reference, at)
           select id, $1, 'payment', paid_cents, 'manual', 'TRF-' || id, confirmed_at from made where paid_cents > 0)
         insert into event_payments (registration_id, event_id, kind, amount_cents, provider, reference, at)
         select id, $1, 'refund', refunded_cents, 'manual', 'REF-' || id, cancelled_at from made where refunded_cents > 0`,
          [eventId, ticketId, clinicId, count],
        );
        await client.query(
          `insert into event_costs (event_id, category, supplier, description, planned_cents, actual_cents, paid)
         select $1, (array['venue', 'catering', 'speakers', 'materials', 'marketing'])[1 + g % 5], 'Supplier ' || g, 'Cost line ' || g, 50000 + g * 1000,
           case when g % 2 = 0 then 48000 + g * 1000 end, g % 3 = 0
         from generate_series(1, 10) as g`,
          [eventId],
        );
        await client.query(
          `insert into event_tasks (event_id, title, owner_id, due_on, done_at, position)
         select $1, 'Task ' || g, $2, (now() + (g - 20) * interval '1 day')::date, case when g < 12 then now() end, g from generate_series(1, 25) as g`,
          [eventId, clinicId],
        );
      });
      await client.query("analyze event_events, event_ticket_types, event_registrations, event_payments, event_costs, event_tasks");
    }
    const row = await client.query<{ id: number; n: string }>(
      "select e.id, (select count(*) from event_registrations r where r.event_id = e.id) as n from event_events e where e.slug = $1",
      [SLUG],
    );
    return { eventId: Number(row.rows[0]?.id), slug: SLUG, registrations: Number(row.rows[0]?.n) };
  });
}

await seedFromCommandLine(import.meta.url, seedEvents);
