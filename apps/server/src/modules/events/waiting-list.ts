import { PLACE_HOLDING_STATES, type RegistrationState } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { EventDeps } from "./events-scope.ts";
import { mailRegistration } from "./registration-mails.ts";
import { scheduleExpiry } from "./registration-payments.ts";

/**
 * The places of an event and its waiting list (issue 37.2). Every change of who holds a place
 * runs under the event row's lock, taken first (registering, ending, moving up), so the
 * registrations of one event queue on it in one order, and each statement after the lock reads
 * what the previous holder committed. The CHECKs on `taken` keep the limit even if that failed.
 */

const HELD = sql.param([...PLACE_HOLDING_STATES]);

/** Locks the event row of `eventId` (or of registration `registrationId`); answers the event's id, null when there is none. */
export async function lockEvent(tx: Db, of: { eventId: number } | { registrationId: number }): Promise<number | null> {
  const result = await tx.execute<{ id: number }>(
    "eventId" in of
      ? sql`select e.id from event_events e where e.id = ${of.eventId} for update`
      : sql`select e.id from event_events e join event_registrations r on r.event_id = e.id where r.id = ${of.registrationId} for update of e`,
  );
  const row = result.rows[0];
  return row ? Number(row.id) : null;
}

/**
 * Moves a registration in one of `from` to an end state in `tx`, frees the place it held (if it
 * held one) and moves the waiting list up; false when it was not in one of `from`. `set` adds
 * assignments to the same UPDATE (`sql\`refunded_cents = paid_cents\``). Call it before
 * touching the registration's row in `tx`: it takes the event's lock first, as every other
 * change of places does, so two of them never wait on each other.
 */
export async function endRegistration(
  tx: Db,
  deps: EventDeps,
  registrationId: number,
  from: readonly RegistrationState[],
  to: "cancelled" | "refunded" | "expired",
  set?: SQL,
): Promise<boolean> {
  const eventId = await lockEvent(tx, { registrationId });
  if (eventId === null) return false;
  // One conditional UPDATE: of two concurrent calls, the second finds the state moved and ends nothing.
  const ended = await tx.execute<{ held: boolean }>(sql`
    with old as (select id, state from event_registrations where id = ${registrationId} for update),
      ended as (
        update event_registrations r set state = ${to}, cancelled_at = now(), expires_at = null, updated_at = now()${set ? sql`, ${set}` : sql``}
        from old where r.id = old.id and old.state = any(${sql.param([...from])}::text[])
        returning r.ticket_type_id, old.state = any(${HELD}::text[]) as held),
      ticket as (update event_ticket_types t set taken = t.taken - 1 from ended where ended.held and t.id = ended.ticket_type_id),
      freed as (update event_events e set taken = e.taken - 1, updated_at = now() from ended where ended.held and e.id = ${eventId})
    select held from ended`);
  const row = ended.rows[0];
  if (!row) return false;
  if (row.held) await promoteWaiting(tx, deps, eventId);
  return true;
}

/**
 * Moves up, in arrival order, as many waiting registrations as there are free places; answers
 * how many moved. The oldest waiting whose ticket type still has room go first: a free ticket
 * is confirmed, a priced one holds its place until paid (`hold_hours`, at most until the start).
 * Nothing moves once the event has started or is cancelled.
 */
export async function promoteWaiting(tx: Db, deps: EventDeps, eventId: number): Promise<number> {
  // The lock first, in its own statement: the next one's snapshot is then taken after it, so it
  // reads the places and the waiting list as the previous holder of the lock left them.
  if ((await lockEvent(tx, { eventId })) === null) return 0;
  // A registration is picked when it is among the first `room` of its ticket type and among
  // the first `room` of the event of those: the same as walking the list in order.
  const moved = await tx.execute<{ id: number; state: string; expires_at: string | Date | null }>(sql`
    with ev as (
        select e.id, greatest(e.capacity - e.taken, 0) as room, e.hold_hours, e.starts_at from event_events e
        where e.id = ${eventId} and e.state <> 'cancelled' and e.starts_at > now()),
      waiting as (
        select r.id, t.capacity - t.taken as type_room, row_number() over (partition by r.ticket_type_id order by r.id) as type_rank
        from event_registrations r join event_ticket_types t on t.id = r.ticket_type_id
        where r.event_id = ${eventId} and r.state = 'waiting'),
      picked as (
        select w.id from waiting w where w.type_room is null or w.type_rank <= w.type_room
        order by w.id limit (select coalesce(max(room), 0) from ev)),
      moved as (
        update event_registrations r set
          state = case when r.amount_cents > 0 then 'pending_payment' else 'confirmed' end,
          confirmed_at = case when r.amount_cents > 0 then null else now() end,
          expires_at = case when r.amount_cents > 0 then least(now() + make_interval(hours => ev.hold_hours), ev.starts_at) end,
          promoted_at = now(), updated_at = now()
        from picked, ev where r.id = picked.id and r.state = 'waiting'
        returning r.id, r.ticket_type_id, r.state, r.expires_at),
      tickets as (
        update event_ticket_types t set taken = t.taken + c.n
        from (select ticket_type_id, count(*)::int as n from moved group by ticket_type_id) c where t.id = c.ticket_type_id),
      counted as (
        update event_events e set taken = e.taken + (select count(*)::int from moved), updated_at = now()
        where e.id = ${eventId} and exists (select 1 from moved))
    select id, state, expires_at from moved order by id`);
  for (const row of moved.rows) {
    const id = Number(row.id);
    if (row.state === "pending_payment" && row.expires_at) {
      await scheduleExpiry(tx, deps, id, new Date(row.expires_at));
      await mailRegistration(tx, deps, id, "payment_due");
    } else {
      await mailRegistration(tx, deps, id, "confirmed");
    }
  }
  return moved.rows.length;
}
