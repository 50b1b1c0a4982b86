import {
  EVENT_MESSAGES,
  type EventQuestion,
  type Paged,
  type PublicRegistration,
  type RegistrationDetail,
  type RegistrationInput,
  type RegistrationRow,
  type RegistrationState,
  type RegistrationsQuery,
  registrationIdOfNumber,
  registrationNumber,
} from "@clinic/shared";
import type { FastifyBaseLogger } from "fastify";
import { and, asc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Actor, managedBy } from "../../platform/access.ts";
import { badRequest, conflict, type FieldErrors, HttpError, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { formatWhen } from "../clinic/appointments/notifications.ts";
import { containsPattern, pageOf, pageWindow } from "../../platform/paging.ts";
import { type EventDeps, managedEvent } from "./events-scope.ts";
import { eventRegistrations, eventTicketTypes } from "./events.table.ts";
import { FACTS_COLUMNS, FACTS_JOINS, factsOf, mailRegistration, type RegistrationMailKind, ticketQrDataUrl } from "./registration-mails.ts";
import { refundInFull, scheduleExpiry, startCheckout } from "./registration-payments.ts";
import { registrationToken, verifyTicketCode } from "./tickets.ts";
import { linkTokenHash } from "../../platform/private-links.ts";
import { endRegistration } from "./waiting-list.ts";

/**
 * Registrations (issue 37.2): a guest registering on the public page (or staff adding one), the
 * registrant's private link, the staff's list and detail, cancelling (staff, or the registrant
 * within the event's window), check-in at the door and sending the email again.
 */

/** A guest on the public page (`log` hears of a payment page that could not be opened), or staff adding someone. */
type RegisterTarget = { slug: string; userId: string | null; log?: FastifyBaseLogger } | { eventId: number; actor: Actor };

type LockedEvent = {
  id: number;
  clinic_id: string;
  state: string;
  started: boolean;
  room: number;
  hold_hours: number;
  starts_at: string | Date;
  currency: string;
  questions: EventQuestion[];
};

type TicketRead = { next_id: string; ticket_id: number | null; price_cents: number; ticket_room: number | null; on_sale: boolean };

/** The event's questions' answers as they are kept: unknown ids dropped; field errors for what is missing or not an option. */
export function checkedAnswers(
  questions: readonly EventQuestion[],
  given: Record<string, string | boolean>,
): { answers: Record<string, string | boolean>; errors: FieldErrors } {
  const answers: Record<string, string | boolean> = {};
  const errors: FieldErrors = {};
  for (const question of questions) {
    const value = given[question.id];
    const field = `answers.${question.id}`;
    if (question.kind === "checkbox") {
      if (typeof value === "boolean") answers[question.id] = value;
      if (question.required && value !== true) errors[field] = [EVENT_MESSAGES.answerRequired];
      continue;
    }
    const text = typeof value === "string" ? value.trim() : "";
    if (text === "") {
      if (question.required) errors[field] = [EVENT_MESSAGES.answerRequired];
      continue;
    }
    if (question.kind === "choice" && !question.options.includes(text)) errors[field] = [EVENT_MESSAGES.answerChoice];
    else answers[question.id] = text;
  }
  return { answers, errors };
}

/**
 * Registers someone in one transaction. The event's row is locked first, so the registrations
 * of one event queue on it: each then reads the places as the one before left them, and takes
 * its id (arrival order, the waiting list's order) only once it holds the lock. With room in
 * the event and the ticket it takes a place (confirmed, or held until paid); without, it
 * waits. The row is written once, its link's hash with it. Answers the id, the link's secret
 * and, for Stripe, the payment page (opened after the commit).
 */
export async function register(
  deps: EventDeps,
  target: RegisterTarget,
  input: RegistrationInput,
): Promise<{ id: number; token: string; redirectUrl: string | null }> {
  const made = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const where =
      "slug" in target
        ? sql`e.slug = ${target.slug} and e.state = 'published'`
        : sql`e.id = ${target.eventId} and ${managedBy(target.actor, sql`e.clinic_id`)}`;
    const locked = await tx.execute<LockedEvent>(sql`
      select e.id, e.clinic_id, e.state, e.starts_at <= now() as started, e.capacity - e.taken as room, e.hold_hours, e.starts_at, e.currency, e.questions
      from event_events e where ${where} for update`);
    const event = locked.rows[0];
    if (!event) throw notFound();
    if (event.state === "cancelled") throw conflict(EVENT_MESSAGES.notPublished);
    if (event.started) throw conflict(EVENT_MESSAGES.eventOver);
    // After the lock: the ticket's places as the previous registration left them, and the id in arrival order.
    const read = await tx.execute<TicketRead>(sql`
      select nextval(pg_get_serial_sequence('event_registrations', 'id'))::text as next_id, t.id as ticket_id, coalesce(t.price_cents, 0) as price_cents,
        t.capacity - t.taken as ticket_room,
        coalesce((t.sales_start is null or t.sales_start <= now()) and (t.sales_end is null or t.sales_end > now()), false) as on_sale
      from (select 1) one left join event_ticket_types t on t.id = ${input.ticketTypeId} and t.event_id = ${event.id}`);
    const ticket = read.rows[0] as TicketRead;
    if (ticket.ticket_id === null) throw badRequest({ ticketTypeId: [EVENT_MESSAGES.ticketTypeUnknown] });
    if (!ticket.on_sale) throw conflict(EVENT_MESSAGES.notOnSale);
    const { answers, errors } = checkedAnswers(event.questions, input.answers ?? {});
    const priced = ticket.price_cents > 0;
    if (priced && !input.provider) errors.provider = [EVENT_MESSAGES.providerNeeded];
    else if (priced && input.provider && !deps.providers[input.provider]) errors.provider = [EVENT_MESSAGES.providerOff];
    if (Object.keys(errors).length > 0) throw badRequest(errors);

    const id = Number(ticket.next_id);
    const token = registrationToken(deps.linkKey, id);
    const room = event.room > 0 && (ticket.ticket_room === null || ticket.ticket_room > 0);
    const state: RegistrationState = !room ? "waiting" : priced ? "pending_payment" : "confirmed";
    const startsAt = new Date(event.starts_at);
    const expiresAt = state === "pending_payment" ? new Date(Math.min(Date.now() + event.hold_hours * 3_600_000, startsAt.getTime())) : null;
    const provider = priced ? (input.provider ?? null) : null;
    try {
      await tx.execute(sql`
        with made as (
          insert into event_registrations (id, event_id, ticket_type_id, clinic_id, name, email, language, answers, state, amount_cents, currency,
            provider, payment_reference, token, user_id, expires_at, confirmed_at)
          values (${id}, ${event.id}, ${ticket.ticket_id}, ${event.clinic_id}, ${input.name}, ${input.email}, ${input.language ?? "en"},
            ${JSON.stringify(answers)}::jsonb, ${state}, ${ticket.price_cents}, ${event.currency}, ${provider},
            ${provider === "manual" ? registrationNumber(id) : null}, ${linkTokenHash(token)}, ${"actor" in target ? null : target.userId},
            ${expiresAt}, ${state === "confirmed" ? sql`now()` : null})
          returning id, state),
        ticket_taken as (update event_ticket_types set taken = taken + 1 where id = ${ticket.ticket_id} and exists (select 1 from made where state <> 'waiting')),
        event_taken as (update event_events set taken = taken + 1, updated_at = now() where id = ${event.id} and exists (select 1 from made where state <> 'waiting'))
        select id from made`);
    } catch (error) {
      if (isUniqueViolation(error, "event_registrations_email_unique")) throw conflict(EVENT_MESSAGES.alreadyRegistered);
      throw error;
    }
    if (expiresAt) await scheduleExpiry(tx, deps, id, expiresAt);
    await mailRegistration(tx, deps, id, state === "waiting" ? "waiting" : state === "pending_payment" ? "payment_due" : "confirmed");
    return { id, token, state, provider };
  });
  let redirectUrl: string | null = null;
  if (made.state === "pending_payment" && made.provider === "stripe" && "slug" in target) {
    try {
      redirectUrl = await startCheckout(deps, made.id);
    } catch (error) {
      // The place is held and the payment email carries the private link: the guest lands on their
      // ticket, whose "Pay now" asks the provider again, rather than on an error after registering.
      if (!(error instanceof HttpError && error.statusCode === 502)) throw error;
      target.log?.warn({ err: error, registrationId: made.id }, "the payment page of a new event registration could not be opened");
    }
  }
  return { id: made.id, token: made.token, redirectUrl };
}

// ---------------------------------------------------------------- the private link

type PublicRow = Parameters<typeof factsOf>[0] & {
  paid_cents: number;
  invoices: PublicRegistration["invoices"];
};

/** The registration whose link's secret is `token`; 404 for an unknown or forged one. */
export async function registrationIdOfToken(db: Db, token: string): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`select r.id from event_registrations r where r.token = ${linkTokenHash(token)}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return Number(row.id);
}

/** When the registrant may no longer cancel by their link; null once the time is past or the state cannot be cancelled. */
export function cancelUntilOf(state: RegistrationState, startsAt: Date, cancelHours: number, now = Date.now()): Date | null {
  if (state !== "pending_payment" && state !== "confirmed" && state !== "waiting") return null;
  const until = new Date(startsAt.getTime() - cancelHours * 3_600_000);
  return until.getTime() > now ? until : null;
}

/** What the registrant's link shows, in one statement (`where` names the registration). */
async function publicView(deps: EventDeps, where: SQL): Promise<PublicRegistration> {
  const result = await deps.db.execute<PublicRow>(sql`
    select ${FACTS_COLUMNS},
      coalesce((select json_agg(json_build_object('id', i.id, 'number', i.number, 'kind', i.kind) order by i.id)
        from event_payments p join invoices i on i.id = p.invoice_id where p.registration_id = r.id), '[]'::json) as invoices
    from event_registrations r ${FACTS_JOINS} where ${where}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  const facts = factsOf(row);
  const admits = facts.state === "confirmed" || facts.state === "checked_in";
  const cancelUntil = cancelUntilOf(facts.state, facts.event.startsAt, facts.event.cancelHours);
  return {
    number: facts.number,
    name: facts.name,
    email: facts.email,
    state: facts.state,
    event: {
      slug: facts.event.slug,
      title: facts.event.title,
      startsAt: facts.event.startsAt.toISOString(),
      endsAt: facts.event.endsAt.toISOString(),
      timeZone: facts.event.timeZone,
      venue: facts.event.venue,
      onlineUrl: facts.event.onlineUrl,
      clinicName: facts.event.clinicName,
    },
    ticketType: { name: facts.ticketName },
    amountCents: facts.amountCents,
    paidCents: facts.paidCents,
    refundedCents: facts.refundedCents,
    currency: facts.currency,
    provider: facts.provider,
    instructions: facts.state === "pending_payment" && facts.provider === "manual" ? deps.bankDetails : null,
    expiresAt: facts.state === "pending_payment" && facts.expiresAt ? facts.expiresAt.toISOString() : null,
    waitingPosition: facts.waitingPosition,
    qrDataUrl: admits ? await ticketQrDataUrl(deps.linkKey, facts.id) : null,
    cancelUntil: cancelUntil ? cancelUntil.toISOString() : null,
    invoices: row.invoices,
  };
}

export const publicRegistrationOfToken = (deps: EventDeps, token: string) => publicView(deps, sql`r.token = ${linkTokenHash(token)}`);
export const publicRegistrationOfId = (deps: EventDeps, id: number) => publicView(deps, sql`r.id = ${id}`);

// ---------------------------------------------------------------- staff reads

const waitingPosition = sql<number | null>`case when ${eventRegistrations.state} = 'waiting' then (
  select count(*)::int from event_registrations w where w.event_id = ${eventRegistrations.eventId} and w.state = 'waiting' and w.id <= ${eventRegistrations.id}) end`;

const rowColumns = {
  id: eventRegistrations.id,
  name: eventRegistrations.name,
  email: eventRegistrations.email,
  ticketTypeId: eventTicketTypes.id,
  ticketEn: eventTicketTypes.nameEn,
  ticketEs: eventTicketTypes.nameEs,
  state: eventRegistrations.state,
  amountCents: eventRegistrations.amountCents,
  paidCents: eventRegistrations.paidCents,
  refundedCents: eventRegistrations.refundedCents,
  currency: eventRegistrations.currency,
  provider: eventRegistrations.provider,
  waitingPosition,
  createdAt: eventRegistrations.createdAt,
  checkedInAt: eventRegistrations.checkedInAt,
};

type RowRead = {
  id: number;
  name: string;
  email: string;
  ticketTypeId: number;
  ticketEn: string;
  ticketEs: string;
  state: string;
  amountCents: number;
  paidCents: number;
  refundedCents: number;
  currency: string;
  provider: string | null;
  waitingPosition: number | null;
  createdAt: Date;
  checkedInAt: Date | null;
};

const stamp = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function rowOf(row: RowRead): RegistrationRow {
  return {
    id: row.id,
    number: registrationNumber(row.id),
    name: row.name,
    email: row.email,
    ticketType: { id: row.ticketTypeId, name: { en: row.ticketEn, es: row.ticketEs } },
    state: row.state as RegistrationState,
    amountCents: row.amountCents,
    paidCents: row.paidCents,
    refundedCents: row.refundedCents,
    currency: row.currency,
    provider: row.provider as RegistrationRow["provider"],
    waitingPosition: row.waitingPosition === null ? null : Number(row.waitingPosition),
    createdAt: stamp(row.createdAt) as string,
    checkedInAt: stamp(row.checkedInAt),
  };
}

/** An event's registrations in arrival order, in one statement: `q` matches name, email or number. */
export async function listRegistrations(db: Db, actor: Actor, eventId: number, query: RegistrationsQuery): Promise<Paged<RegistrationRow>> {
  const conditions: (SQL | undefined)[] = [eq(eventRegistrations.eventId, eventId), managedBy(actor, eventRegistrations.clinicId)];
  if (query.state) conditions.push(eq(eventRegistrations.state, query.state));
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const number = registrationIdOfNumber(q);
    conditions.push(
      or(
        sql`${eventRegistrations.name} ilike ${pattern}`,
        sql`${eventRegistrations.email} ilike ${pattern}`,
        number === null ? undefined : eq(eventRegistrations.id, number),
      ),
    );
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(
    db,
    actor,
    query,
    { tables: [eventRegistrations, eventTicketTypes], counted: db.select({ one: sql`1` }).from(eventRegistrations).where(where) },
    (pageTotal) =>
      db
        .select({ ...rowColumns, pageTotal })
        .from(eventRegistrations)
        .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventRegistrations.ticketTypeId))
        .where(where)
        .orderBy(asc(eventRegistrations.id))
        .limit(limit)
        .offset(offset),
  );
  // An empty page may be another clinic's event: tell it from an empty list.
  if (page.data.length === 0) await managedEvent(db, actor, eventId);
  return { ...page, data: page.data.map((row) => rowOf(row as RowRead)) };
}

/** One registration as the door and the lists show it, if the actor manages its event. */
export async function registrationRow(db: Db, actor: Actor, id: number): Promise<RegistrationRow> {
  const [row] = await db
    .select(rowColumns)
    .from(eventRegistrations)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventRegistrations.ticketTypeId))
    .where(and(eq(eventRegistrations.id, id), managedBy(actor, eventRegistrations.clinicId)));
  if (!row) throw notFound();
  return rowOf(row as RowRead);
}

type DetailExtra = {
  event_id: number;
  title_en: string;
  title_es: string;
  starts_at: string | Date;
  time_zone: string;
  language: string;
  answers: Record<string, string | boolean>;
  expires_at: string | Date | null;
  confirmed_at: string | Date | null;
  cancelled_at: string | Date | null;
  checked_in_by: { id: string; name: string } | null;
  payments: RegistrationDetail["payments"];
};

const PERSON = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'name', coalesce(nullif(trim(${alias}.nombres || ' ' || ${alias}.apellidos), ''), ${alias}.email))`);

/** A registration with its answers and money ledger, in one statement besides its row; 404 for another clinic's. */
export async function registrationDetail(db: Db, actor: Actor, id: number): Promise<RegistrationDetail> {
  const row = await registrationRow(db, actor, id);
  const result = await db.execute<DetailExtra>(sql`
    select e.id as event_id, e.title_en, e.title_es, e.starts_at, e.time_zone, r.language, r.answers, r.expires_at, r.confirmed_at, r.cancelled_at,
      (select ${PERSON("u")} from users u where u.id = r.checked_in_by) as checked_in_by,
      coalesce((select json_agg(json_build_object('id', p.id, 'kind', p.kind, 'amountCents', p.amount_cents, 'provider', p.provider,
          'reference', p.reference, 'note', p.note, 'by', case when b.id is null then null else ${PERSON("b")} end,
          'at', to_char(p.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'invoice', case when i.id is null then null else json_build_object('id', i.id, 'number', i.number) end) order by p.at, p.id)
        from event_payments p left join users b on b.id = p.by left join invoices i on i.id = p.invoice_id where p.registration_id = r.id), '[]'::json) as payments
    from event_registrations r join event_events e on e.id = r.event_id where r.id = ${id}`);
  const extra = result.rows[0];
  if (!extra) throw notFound();
  return {
    ...row,
    event: {
      id: Number(extra.event_id),
      title: { en: extra.title_en, es: extra.title_es },
      startsAt: stamp(extra.starts_at) as string,
      timeZone: extra.time_zone,
    },
    language: extra.language,
    answers: extra.answers,
    expiresAt: stamp(extra.expires_at),
    confirmedAt: stamp(extra.confirmed_at),
    cancelledAt: stamp(extra.cancelled_at),
    checkedInBy: extra.checked_in_by,
    payments: extra.payments,
  };
}

// ---------------------------------------------------------------- cancelling

const CANCELLABLE = ["pending_payment", "confirmed", "waiting"] as const satisfies readonly RegistrationState[];
const isCancellable = (state: string) => (CANCELLABLE as readonly string[]).includes(state);

type CancelRead = { id: number; state: RegistrationState; owed: number; starts_at: string | Date; cancel_hours: number };

async function cancelRead(db: Db, where: SQL): Promise<CancelRead> {
  const result = await db.execute<CancelRead>(sql`
    select r.id, r.state, r.paid_cents - r.refunded_cents as owed, e.starts_at, e.cancel_hours
    from event_registrations r join event_events e on e.id = r.event_id where ${where}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return { ...row, id: Number(row.id) };
}

/** Ends the registration as cancelled (its place to the waiting list) and tells the registrant; 409 when it already ended. */
async function cancelAndMail(deps: EventDeps, id: number): Promise<void> {
  const ended = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (!(await endRegistration(tx, deps, id, CANCELLABLE, "cancelled"))) return false;
    await mailRegistration(tx, deps, id, "cancelled");
    return true;
  });
  if (!ended) throw conflict(EVENT_MESSAGES.notCancellable);
}

/** Staff cancel a registration: a paid one is refunded in full when `refund` (ending it as refunded), any other simply cancelled. */
export async function cancelByStaff(deps: EventDeps, actor: Actor, id: number, input: { note: string; refund: boolean }): Promise<"cancelled" | "refunded"> {
  const row = await cancelRead(deps.db, sql`r.id = ${id} and ${managedBy(actor, sql`r.clinic_id`)}`);
  if (!isCancellable(row.state)) throw conflict(EVENT_MESSAGES.notCancellable);
  if (row.owed > 0 && input.refund) {
    await refundInFull(deps, id, input.note || "Registration cancelled", actor.id);
    return "refunded";
  }
  await cancelAndMail(deps, id);
  return "cancelled";
}

/** The registrant cancels by their link, until the event's window closes; what they paid is refunded in full. Answers the id. */
export async function cancelByLink(deps: EventDeps, token: string): Promise<number> {
  const row = await cancelRead(deps.db, sql`r.token = ${linkTokenHash(token)}`);
  if (!isCancellable(row.state)) throw conflict(EVENT_MESSAGES.notCancellable);
  const startsAt = new Date(row.starts_at);
  if (!cancelUntilOf(row.state, startsAt, row.cancel_hours)) throw conflict(EVENT_MESSAGES.cancelWindowClosed);
  if (row.owed > 0) await refundInFull(deps, row.id, "Cancelled by the registrant", null);
  else await cancelAndMail(deps, row.id);
  return row.id;
}

// ---------------------------------------------------------------- the door

type CheckInRead = { state: RegistrationState; event_id: number; checked_in_at: string | Date | null; time_zone: string; done: boolean };

/** What a refused check-in answers, by the registration's state. */
function refusalOf(row: CheckInRead): HttpError | null {
  switch (row.state) {
    case "cancelled":
    case "refunded":
    case "expired":
      return conflict(EVENT_MESSAGES.ticketCancelled);
    case "pending_payment":
      return conflict(EVENT_MESSAGES.ticketUnpaid);
    case "waiting":
      return conflict(EVENT_MESSAGES.ticketWaiting);
    case "checked_in": {
      const at = new Date(row.checked_in_at ?? Date.now());
      return new HttpError(409, { detail: EVENT_MESSAGES.alreadyCheckedIn.replace("{at}", formatWhen(at, row.time_zone)), at: at.toISOString() });
    }
    default:
      return null;
  }
}

/**
 * Checks a registrant in, by the code the door scanned (of `eventId`) or by id (the door's
 * search), with the same rules: only a confirmed registration is let in, by one conditional
 * UPDATE, so two scanners of one ticket let it in once. A refusal writes nothing.
 */
export async function checkIn(deps: EventDeps, actor: Actor, target: { eventId: number; code: string } | { registrationId: number }): Promise<RegistrationRow> {
  let id: number;
  const scanned = "code" in target;
  if (scanned) {
    await managedEvent(deps.db, actor, target.eventId);
    const named = verifyTicketCode(deps.linkKey, target.code);
    if (named === null) throw badRequest({ code: [EVENT_MESSAGES.ticketUnknown] });
    id = named;
  } else {
    id = target.registrationId;
  }
  const ofEvent = scanned ? sql`and t.event_id = ${target.eventId}` : sql``;
  // A lost race (another scanner let them in first) reads again and answers alreadyCheckedIn.
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await deps.db.execute<CheckInRead>(sql`
      with t as (
          select r.id, r.event_id, r.state, r.checked_in_at, e.time_zone from event_registrations r join event_events e on e.id = r.event_id
          where r.id = ${id} and ${managedBy(actor, sql`r.clinic_id`)}),
        done as (
          update event_registrations r set state = 'checked_in', checked_in_at = now(), checked_in_by = ${actor.id}, updated_at = now()
          from t where r.id = t.id and r.state = 'confirmed' ${ofEvent} returning r.id)
      select t.state, t.event_id, t.checked_in_at, t.time_zone, exists (select 1 from done) as done from t`);
    const row = result.rows[0];
    if (!row) {
      if (scanned) throw conflict(EVENT_MESSAGES.otherEvent);
      throw notFound();
    }
    if (scanned && Number(row.event_id) !== target.eventId) throw conflict(EVENT_MESSAGES.otherEvent);
    if (row.done) return registrationRow(deps.db, actor, id);
    const refusal = refusalOf(row);
    if (refusal) throw refusal;
  }
  // Unreachable in practice: the second read finds the registration checked in by the other scanner.
  throw refusalOf({ state: "checked_in", event_id: 0, checked_in_at: null, time_zone: "UTC", done: false }) as HttpError;
}

// ---------------------------------------------------------------- the email again

const MAIL_OF_STATE: Record<RegistrationState, RegistrationMailKind> = {
  confirmed: "confirmed",
  checked_in: "confirmed",
  pending_payment: "payment_due",
  waiting: "waiting",
  cancelled: "cancelled",
  refunded: "refunded",
  expired: "expired",
};

/** Queues again the email that matches the registration's state (the ticket, how to pay, the waiting place…). */
export async function resendMail(deps: EventDeps, actor: Actor, id: number): Promise<RegistrationMailKind> {
  const row = await registrationRow(deps.db, actor, id);
  const kind = MAIL_OF_STATE[row.state];
  await deps.db.transaction((tx) => mailRegistration(tx as unknown as Db, deps, id, kind));
  return kind;
}
