import type { EventDashboard, EventDashboardDay, EventDashboardTicket } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Actor, managedBy } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";

/**
 * An event's dashboard (issue 37.7) in one statement, the scope check inside it (another
 * clinic's event: no row, 404). Income is read from the payments ledger (payments less refunds),
 * never from the registrations' counters, so it is what the invoices and credit notes say.
 * The chart's days are days in the event's own time zone.
 */

/** The chart's longest span: an event announced years ahead still answers a bounded list. */
const MAX_DAYS = 366;

interface DashboardRow {
  id: number;
  capacity: number;
  taken: number;
  currency: string;
  time_zone: string;
  pending: number;
  confirmed: number;
  checked_in: number;
  waiting: number;
  cancelled: number;
  payments: string | number;
  refunds: string | number;
  planned: string | number;
  actual: string | number;
  costs: string | number;
  costs_paid: string | number;
  over_time: EventDashboardDay[] | null;
  tickets: { id: number; name_en: string; name_es: string; price_cents: number; capacity: number | null; taken: number; income: number }[] | null;
}

export async function eventDashboard(db: Db, actor: Actor, eventId: number): Promise<EventDashboard> {
  const result = await db.execute<DashboardRow & Record<string, unknown>>(sql`
    with ev as (
        select e.id, e.capacity, e.taken, e.currency, e.time_zone, e.ends_at from event_events e
        where e.id = ${eventId} and ${managedBy(actor, sql`e.clinic_id`)}),
      regs as (
        select r.id, r.ticket_type_id, r.state,
          (r.created_at at time zone ev.time_zone)::date as made_on,
          case when r.state in ('cancelled', 'refunded', 'expired') then (coalesce(r.cancelled_at, r.updated_at) at time zone ev.time_zone)::date end as ended_on,
          -- Held a place at some time: an end state keeps no mark of it, so these tell (a pending
          -- registration cancelled unpaid cannot be told from a waiting one and counts as never held).
          (r.state in ('pending_payment', 'confirmed', 'checked_in', 'refunded', 'expired')
            or r.confirmed_at is not null or r.promoted_at is not null or r.checked_in_at is not null or r.paid_cents > 0) as held,
          (coalesce(r.promoted_at, r.created_at) at time zone ev.time_zone)::date as held_from
        from event_registrations r join ev on r.event_id = ev.id),
      bounds as (
        select min(regs.made_on) as first,
          greatest(max(regs.made_on), max(regs.ended_on), least((now() at time zone ev.time_zone)::date, (ev.ends_at at time zone ev.time_zone)::date)) as last
        from regs cross join ev group by ev.time_zone, ev.ends_at),
      days as (
        select d::date as day from bounds,
          generate_series(greatest(bounds.first, bounds.last - ${MAX_DAYS - 1}::int)::timestamp, bounds.last::timestamp, interval '1 day') d),
      -- Each registration marks the days it was made, ended, and began and stopped holding a
      -- place; the places held on a day are the running sum of those marks (one pass, not one per day).
      marks as (
        select made_on as day, 1 as made, 0 as ended, 0 as delta from regs
        union all select ended_on, 0, 1, 0 from regs where ended_on is not null
        union all select held_from, 0, 0, 1 from regs where held
        union all select ended_on, 0, 0, -1 from regs where held and ended_on is not null),
      by_day as (select day, sum(made)::int as made, sum(ended)::int as ended, sum(delta)::int as delta from marks group by day),
      per_day as (
        select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(b.made, 0) as registrations, coalesce(b.ended, 0) as cancellations,
          ((select coalesce(sum(earlier.delta), 0) from by_day earlier where earlier.day < (select min(day) from days))
            + sum(coalesce(b.delta, 0)) over (order by days.day))::int as held
        from days left join by_day b on b.day = days.day),
      counts as (
        select count(*) filter (where state = 'pending_payment')::int as pending,
          count(*) filter (where state = 'confirmed')::int as confirmed,
          count(*) filter (where state = 'checked_in')::int as checked_in,
          count(*) filter (where state = 'waiting')::int as waiting,
          count(*) filter (where state in ('cancelled', 'refunded', 'expired'))::int as cancelled
        from regs),
      ledger as (
        select p.kind, p.amount_cents, r.ticket_type_id from event_payments p join event_registrations r on r.id = p.registration_id
        where p.event_id = (select id from ev)),
      money as (
        select coalesce(sum(amount_cents) filter (where kind = 'payment'), 0)::bigint as payments,
          coalesce(sum(amount_cents) filter (where kind = 'refund'), 0)::bigint as refunds
        from ledger),
      costs as (
        select coalesce(sum(c.planned_cents), 0)::bigint as planned, coalesce(sum(c.actual_cents), 0)::bigint as actual,
          coalesce(sum(coalesce(c.actual_cents, c.planned_cents)), 0)::bigint as costs,
          coalesce(sum(coalesce(c.actual_cents, c.planned_cents)) filter (where c.paid), 0)::bigint as costs_paid
        from event_costs c where c.event_id = (select id from ev))
    select ev.id, ev.capacity, ev.taken, ev.currency, ev.time_zone, counts.*, money.*, costs.*,
      (select json_agg(per_day order by per_day.day) from per_day) as over_time,
      (select json_agg(json_build_object('id', t.id, 'name_en', t.name_en, 'name_es', t.name_es, 'price_cents', t.price_cents,
          'capacity', t.capacity, 'taken', t.taken,
          'income', coalesce((select sum(case when l.kind = 'payment' then l.amount_cents else -l.amount_cents end) from ledger l where l.ticket_type_id = t.id), 0))
        order by t.position, t.id)
        from event_ticket_types t where t.event_id = ev.id) as tickets
    from ev cross join counts cross join money cross join costs`);
  const row = result.rows[0];
  if (!row) throw notFound();
  const payments = Number(row.payments);
  const refunds = Number(row.refunds);
  const costs = Number(row.costs);
  const ticketTypes: EventDashboardTicket[] = (row.tickets ?? []).map((ticket) => ({
    id: Number(ticket.id),
    name: { en: ticket.name_en, es: ticket.name_es },
    priceCents: Number(ticket.price_cents),
    capacity: ticket.capacity === null ? null : Number(ticket.capacity),
    taken: Number(ticket.taken),
    incomeCents: Number(ticket.income),
  }));
  return {
    eventId: Number(row.id),
    currency: row.currency,
    timeZone: row.time_zone,
    capacity: Number(row.capacity),
    taken: Number(row.taken),
    pending: row.pending,
    confirmed: row.confirmed,
    checkedIn: row.checked_in,
    waiting: row.waiting,
    cancelled: row.cancelled,
    paymentsCents: payments,
    refundsCents: refunds,
    incomeCents: payments - refunds,
    costsPlannedCents: Number(row.planned),
    costsActualCents: Number(row.actual),
    costsCents: costs,
    costsPaidCents: Number(row.costs_paid),
    balanceCents: payments - refunds - costs,
    overTime: row.over_time ?? [],
    ticketTypes,
  };
}
