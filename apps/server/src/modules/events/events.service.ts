import {
  EVENT_MESSAGES,
  type EventDetail,
  type EventQuestion,
  type EventRow,
  type EventState,
  type EventsQuery,
  type EventValues,
  type Paged,
  type PaymentProviderName,
  type PublicEvent,
  type TicketTypeView,
} from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { type Actor, managedBy } from "../../platform/access.ts";
import { badRequest, conflict, type FieldErrors, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { containsPattern, pageWindow } from "../../platform/paging.ts";
import { sanitizeForEveryone } from "../../platform/rich-text.ts";
import type { BlobStore } from "../../platform/uploads.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { dropReceipts } from "./costs.service.ts";
import type { EventDeps } from "./events-scope.ts";
import { eventEvents, eventTicketTypes } from "./events.table.ts";
import { promoteWaiting } from "./waiting-list.ts";

/**
 * Events, their ticket types and questions, and the public event page (issue 37.1). An event
 * belongs to a clinic; its slug names its public page for good (a new title keeps it, so links
 * already shared keep working). Places are counted in `taken` by the registrations' service:
 * here they only bound what staff may change (no capacity below the places taken, no ticket
 * type with registrations removed).
 */

/** The clinic's name as the booking app and the CRM show it: the clinic account's person name. */
const clinicName = personName(alias(users, "c"));

/** A timestamp read through db.execute or json_agg (a Date or a string, by path) as ISO 8601 UTC. */
const iso = (value: unknown): string => new Date(value as string).toISOString();
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));

// ---------------------------------------------------------------- slug

const SLUG_MAX = 80;
/** How many numbered slugs (`-2` … `-100`) one statement looks at before a random tail. */
const SLUG_TRIES = 100;

/** The public page's address from the English title: lower-case ASCII words joined by `-`, whole words up to ~80 characters. */
export function slugOf(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const longer = slug ? `${slug}-${word}` : word;
    if (longer.length > SLUG_MAX) break;
    slug = longer;
  }
  return slug || words[0]?.slice(0, SLUG_MAX) || "event";
}

/** The first of `base`, `base-2`, `base-3`… no event holds (an index lookup each, one statement). */
async function freeSlug(tx: Db, base: string): Promise<string> {
  const candidates = [base, ...Array.from({ length: SLUG_TRIES - 1 }, (_, index) => `${base}-${index + 2}`)];
  const result = await tx.execute<{ slug: string }>(sql`select slug from event_events where slug = any(${sql.param(candidates)}::text[])`);
  const taken = new Set(result.rows.map((row) => row.slug));
  return candidates.find((slug) => !taken.has(slug)) ?? `${base}-${Math.random().toString(36).slice(2, 8)}`;
}

// ---------------------------------------------------------------- reads

type Row = Record<string, unknown>;
type TicketJson = {
  id: number;
  nameEn: string;
  nameEs: string;
  priceCents: number;
  capacity: number | null;
  taken: number;
  salesStart: string | null;
  salesEnd: string | null;
};

const TICKET_TYPES = sql`coalesce((
    select json_agg(json_build_object('id', t.id, 'nameEn', t.name_en, 'nameEs', t.name_es, 'priceCents', t.price_cents, 'capacity', t.capacity,
      'taken', t.taken, 'salesStart', t.sales_start, 'salesEnd', t.sales_end) order by t.position, t.id)
    from event_ticket_types t where t.event_id = e.id), '[]'::json)`;

const ticketView = (ticket: TicketJson): TicketTypeView => ({
  id: Number(ticket.id),
  name: { en: ticket.nameEn, es: ticket.nameEs },
  priceCents: Number(ticket.priceCents),
  capacity: ticket.capacity === null ? null : Number(ticket.capacity),
  taken: Number(ticket.taken),
  salesStart: isoOrNull(ticket.salesStart),
  salesEnd: isoOrNull(ticket.salesEnd),
});

const listOrder = (when: EventsQuery["when"], prefix: string): SQL =>
  when === "upcoming"
    ? sql.raw(`${prefix}starts_at asc, ${prefix}id asc`)
    : when === "past"
      ? sql.raw(`${prefix}ends_at desc, ${prefix}id desc`)
      : sql.raw(`${prefix}starts_at desc, ${prefix}id desc`);

/**
 * A page of the events the actor manages, in one statement: the page is cut first (its total a
 * window count over the filtered events), then only its rows are joined to their clinic and
 * counted (waiting, checked in).
 */
export async function listEvents(db: Db, actor: Actor, query: EventsQuery): Promise<Paged<EventRow>> {
  const { limit, offset } = pageWindow(query);
  const filters: SQL[] = [managedBy(actor, sql`e.clinic_id`)];
  if (actor.isAdmin && query.clinicId) filters.push(sql`e.clinic_id = ${query.clinicId}`);
  if (query.when === "upcoming") filters.push(sql`e.ends_at >= now()`);
  if (query.when === "past") filters.push(sql`e.ends_at < now()`);
  if (query.state) filters.push(sql`e.state = ${query.state}`);
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    filters.push(sql`(e.title_en ilike ${pattern} or e.title_es ilike ${pattern})`);
  }
  const result = await db.execute<Row>(sql`
    select p.*, ${clinicName} as clinic_name, n.waiting, n.checked_in
    from (
      select e.id, e.slug, e.title_en, e.title_es, e.starts_at, e.ends_at, e.time_zone, e.venue, e.state, e.capacity, e.taken, e.clinic_id,
        count(*) over ()::int as total_rows
      from event_events e
      where ${sql.join(filters, sql` and `)}
      order by ${listOrder(query.when, "e.")}
      limit ${limit} offset ${offset}
    ) p
    join users c on c.id = p.clinic_id
    cross join lateral (
      select count(*) filter (where r.state = 'waiting')::int as waiting, count(*) filter (where r.state = 'checked_in')::int as checked_in
      from event_registrations r where r.event_id = p.id
    ) n
    order by ${listOrder(query.when, "p.")}`);
  const rows = result.rows;
  return {
    page: query.page,
    total: rows.length > 0 ? Number(rows[0]?.total_rows) : 0,
    data: rows.map((row) => ({ ...rowOf(row), waiting: Number(row.waiting), checkedIn: Number(row.checked_in) })),
  };
}

function rowOf(row: Row): Omit<EventRow, "waiting" | "checkedIn"> {
  return {
    id: Number(row.id),
    slug: String(row.slug),
    title: { en: String(row.title_en), es: String(row.title_es) },
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    timeZone: String(row.time_zone),
    venue: String(row.venue),
    state: row.state as EventState,
    capacity: Number(row.capacity),
    taken: Number(row.taken),
    clinic: { id: String(row.clinic_id), name: String(row.clinic_name) },
  };
}

/** One event as the staff edit it, with its ticket types and its registrations counted by state: one statement; 404 unless the actor manages it. */
export async function getEvent(db: Db, actor: Actor, eventId: number): Promise<EventDetail> {
  const result = await db.execute<Row>(sql`
    select e.*, ${clinicName} as clinic_name, ${TICKET_TYPES} as ticket_types, n.*
    from event_events e
    join users c on c.id = e.clinic_id
    cross join lateral (
      select count(*) filter (where r.state = 'pending_payment')::int as n_pending,
        count(*) filter (where r.state = 'confirmed')::int as n_confirmed,
        count(*) filter (where r.state = 'checked_in')::int as n_checked_in,
        count(*) filter (where r.state = 'waiting')::int as n_waiting,
        count(*) filter (where r.state in ('cancelled', 'refunded', 'expired'))::int as n_cancelled
      from event_registrations r where r.event_id = e.id
    ) n
    where e.id = ${eventId} and ${managedBy(actor, sql`e.clinic_id`)}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return {
    ...rowOf(row),
    description: { en: String(row.description_en), es: String(row.description_es) },
    onlineUrl: String(row.online_url),
    currency: String(row.currency),
    cancelHours: Number(row.cancel_hours),
    holdHours: Number(row.hold_hours),
    ticketTypes: (row.ticket_types as TicketJson[]).map(ticketView),
    questions: row.questions as EventQuestion[],
    publicPath: `/events/${row.slug}`,
    counts: {
      pending: Number(row.n_pending),
      confirmed: Number(row.n_confirmed),
      checkedIn: Number(row.n_checked_in),
      waiting: Number(row.n_waiting),
      cancelled: Number(row.n_cancelled),
    },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A published event's public page by its slug (404 for a draft, a cancelled or no such event): one statement. */
export async function publicEvent(deps: Pick<EventDeps, "db" | "providers">, slug: string, now = new Date()): Promise<PublicEvent> {
  const result = await deps.db.execute<Row>(sql`
    select e.*, ${clinicName} as clinic_name, ${TICKET_TYPES} as ticket_types
    from event_events e join users c on c.id = e.clinic_id
    where e.slug = ${slug} and e.state = 'published'`);
  const row = result.rows[0];
  if (!row) throw notFound();
  const startsAt = new Date(row.starts_at as string);
  const open = now < startsAt;
  const available = Math.max(0, Number(row.capacity) - Number(row.taken));
  return {
    slug: String(row.slug),
    title: { en: String(row.title_en), es: String(row.title_es) },
    description: { en: String(row.description_en), es: String(row.description_es) },
    startsAt: startsAt.toISOString(),
    endsAt: iso(row.ends_at),
    timeZone: String(row.time_zone),
    venue: String(row.venue),
    onlineUrl: String(row.online_url),
    currency: String(row.currency),
    clinicName: String(row.clinic_name),
    available,
    ticketTypes: (row.ticket_types as TicketJson[]).map((json) => {
      const ticket = ticketView(json);
      const left = ticket.capacity === null ? available : Math.min(available, Math.max(0, ticket.capacity - ticket.taken));
      const started = ticket.salesStart === null || Date.parse(ticket.salesStart) <= now.getTime();
      const notEnded = ticket.salesEnd === null || now.getTime() < Date.parse(ticket.salesEnd);
      return {
        id: ticket.id,
        name: ticket.name,
        priceCents: ticket.priceCents,
        available: left,
        // Whatever its window says, nothing is sold once the event has started.
        onSale: open && started && notEnded,
        salesStart: ticket.salesStart,
        salesEnd: ticket.salesEnd,
      };
    }),
    questions: row.questions as EventQuestion[],
    providers: Object.keys(deps.providers) as PaymentProviderName[],
    cancelHours: Number(row.cancel_hours),
    open,
  };
}

// ---------------------------------------------------------------- writes

/** The columns of an event that staff set, from a valid input (descriptions sanitised for anyone's eyes: the public page shows them). */
function eventColumns(input: EventValues) {
  return {
    titleEn: input.title.en,
    titleEs: input.title.es,
    descriptionEn: sanitizeForEveryone(input.description.en),
    descriptionEs: sanitizeForEveryone(input.description.es),
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    timeZone: input.timeZone,
    venue: input.venue,
    onlineUrl: input.onlineUrl,
    capacity: input.capacity,
    state: input.state,
    currency: input.currency,
    cancelHours: input.cancelHours,
    holdHours: input.holdHours,
    questions: input.questions,
  };
}

/**
 * What the schema cannot see alone: a ticket whose sales would open only once the event has
 * started could never be sold (the schema already refuses sales ending after the start).
 */
function assertSalesWindows(input: EventValues): void {
  const starts = Date.parse(input.startsAt);
  const errors: FieldErrors = {};
  input.ticketTypes.forEach((ticket, index) => {
    if (ticket.salesStart && Date.parse(ticket.salesStart) >= starts) errors[`ticketTypes.${index}.salesStart`] = [EVENT_MESSAGES.salesEndAfterStart];
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

const ticketColumns = (ticket: EventValues["ticketTypes"][number], position: number) => ({
  nameEn: ticket.name.en,
  nameEs: ticket.name.es,
  priceCents: ticket.priceCents,
  capacity: ticket.capacity,
  salesStart: ticket.salesStart ? new Date(ticket.salesStart) : null,
  salesEnd: ticket.salesEnd ? new Date(ticket.salesEnd) : null,
  position,
});

/** How many times a create is tried again when another took the same slug between the look-up and the insert. */
const SLUG_RACES = 3;

/** Adds an event of `clinicId` with its ticket types (in the order given) and questions; answers its id. */
export async function createEvent(db: Db, actor: Actor, clinicId: string, input: EventValues): Promise<number> {
  assertSalesWindows(input);
  const base = slugOf(input.title.en);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const slug = await freeSlug(tx, base);
        const [made] = await tx
          .insert(eventEvents)
          .values({ ...eventColumns(input), clinicId, slug, createdBy: actor.id })
          .returning({ id: eventEvents.id });
        const eventId = (made as { id: number }).id;
        await tx.insert(eventTicketTypes).values(input.ticketTypes.map((ticket, position) => ({ eventId, ...ticketColumns(ticket, position) })));
        return eventId;
      });
    } catch (error) {
      if (attempt < SLUG_RACES && isUniqueViolation(error, "event_events_slug_unique")) continue;
      throw error;
    }
  }
}

type LockedTicket = { id: number; capacity: number | null; taken: number; used: boolean };

/** `{taken}` of a message filled in. */
const withTaken = (message: string, taken: number) => message.replace("{taken}", String(taken));

/**
 * A full update: the event's fields, and its ticket types as the list says (matched by id; one
 * missing is deleted, one without an id added). The event row is locked first, so no
 * registration takes or frees a place while the capacities are checked against the places
 * taken. A capacity that grows moves the waiting list up in the same transaction.
 */
export async function updateEvent(deps: EventDeps, actor: Actor, eventId: number, input: EventValues): Promise<void> {
  assertSalesWindows(input);
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const locked = await tx.execute<{ capacity: number; taken: number; currency: string; registered: boolean }>(sql`
      select e.capacity, e.taken, e.currency, exists (select 1 from event_registrations r where r.event_id = e.id) as registered
      from event_events e where e.id = ${eventId} and ${managedBy(actor, sql`e.clinic_id`)} for update of e`);
    const event = locked.rows[0];
    if (!event) throw notFound();
    // Read after the event's lock: a registration's insert waits on it, so none is missed here.
    const current = (
      await tx.execute<LockedTicket>(sql`
        select t.id, t.capacity, t.taken, exists (select 1 from event_registrations r where r.ticket_type_id = t.id) as used
        from event_ticket_types t where t.event_id = ${eventId} order by t.id for update of t`)
    ).rows.map((ticket) => ({ ...ticket, id: Number(ticket.id), taken: Number(ticket.taken) }));
    const byId = new Map(current.map((ticket) => [ticket.id, ticket]));

    const errors: FieldErrors = {};
    const seen = new Set<number>();
    if (input.capacity < Number(event.taken)) errors.capacity = [withTaken(EVENT_MESSAGES.capacityBelowTaken, Number(event.taken))];
    input.ticketTypes.forEach((ticket, index) => {
      if (ticket.id === undefined) return;
      const known = byId.get(ticket.id);
      if (!known || seen.has(ticket.id)) {
        errors[`ticketTypes.${index}.id`] = [EVENT_MESSAGES.ticketTypeUnknown];
        return;
      }
      seen.add(ticket.id);
      if (ticket.capacity !== null && ticket.capacity < known.taken)
        errors[`ticketTypes.${index}.capacity`] = [withTaken(EVENT_MESSAGES.ticketCapacityBelowTaken, known.taken)];
    });
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const removed = current.filter((ticket) => !seen.has(ticket.id));
    if (removed.some((ticket) => ticket.used)) throw conflict(EVENT_MESSAGES.ticketInUse);
    if (event.registered && input.currency !== event.currency) throw conflict(EVENT_MESSAGES.currencyLocked);

    await tx
      .update(eventEvents)
      .set({ ...eventColumns(input), updatedAt: new Date() })
      .where(sql`${eventEvents.id} = ${eventId}`);
    if (removed.length > 0) await tx.execute(sql`delete from event_ticket_types where id = any(${sql.param(removed.map((ticket) => ticket.id))}::int[])`);
    const kept = input.ticketTypes.flatMap((ticket, position) => (ticket.id === undefined ? [] : [{ id: ticket.id, ...ticketColumns(ticket, position) }]));
    if (kept.length > 0) {
      const column = <T>(pick: (ticket: (typeof kept)[number]) => T) => sql.param(kept.map(pick));
      await tx.execute(sql`
        update event_ticket_types t set name_en = v.name_en, name_es = v.name_es, price_cents = v.price_cents, capacity = v.capacity,
          sales_start = v.sales_start, sales_end = v.sales_end, position = v.position, updated_at = now()
        from unnest(${column((t) => t.id)}::int[], ${column((t) => t.nameEn)}::text[], ${column((t) => t.nameEs)}::text[],
          ${column((t) => t.priceCents)}::int[], ${column((t) => t.capacity)}::int[], ${column((t) => t.salesStart?.toISOString() ?? null)}::timestamptz[],
          ${column((t) => t.salesEnd?.toISOString() ?? null)}::timestamptz[], ${column((t) => t.position)}::int[])
          as v(id, name_en, name_es, price_cents, capacity, sales_start, sales_end, position)
        where t.id = v.id`);
    }
    const added = input.ticketTypes.flatMap((ticket, position) => (ticket.id === undefined ? [{ eventId, ...ticketColumns(ticket, position) }] : []));
    if (added.length > 0) await tx.insert(eventTicketTypes).values(added);

    const grew =
      input.capacity > Number(event.capacity) ||
      input.ticketTypes.some((ticket) => {
        const before = ticket.id === undefined ? undefined : byId.get(ticket.id);
        return before !== undefined && before.capacity !== null && (ticket.capacity === null || ticket.capacity > before.capacity);
      });
    if (grew) await promoteWaiting(tx, deps, eventId);
  });
}

/** Deletes an event without registrations (its ticket types, costs and tasks go with it); 409 once anyone registered. */
/** Deletes an event without registrations; its costs and tasks go with it, and its cost lines' receipts after it. */
export async function deleteEvent(db: Db, store: BlobStore, actor: Actor, eventId: number, log?: FastifyBaseLogger): Promise<void> {
  const receipts = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const locked = await tx.execute(sql`select e.id from event_events e where e.id = ${eventId} and ${managedBy(actor, sql`e.clinic_id`)} for update`);
    if (locked.rows.length === 0) throw notFound();
    const registered = await tx.execute(sql`select 1 from event_registrations r where r.event_id = ${eventId} limit 1`);
    if (registered.rows.length > 0) throw conflict(EVENT_MESSAGES.eventHasRegistrations);
    const gone = await tx.execute<{ receipt_upload_id: string | null }>(
      sql`with costs as (select receipt_upload_id from event_costs where event_id = ${eventId}), deleted as (delete from event_events where id = ${eventId})
        select receipt_upload_id from costs`,
    );
    return gone.rows.map((row) => row.receipt_upload_id);
  });
  await dropReceipts(db, store, receipts, log);
}
