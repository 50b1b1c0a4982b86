import { EVENT_MESSAGES, type RegistrationState, registrationNumber } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, HttpError } from "../../platform/errors.ts";
import type { PaymentOutcome } from "../../platform/payments/index.ts";
import type { PaymentEvent } from "../../platform/payments/port.ts";
import { type InvoiceFacts, issueEventCreditNote, issueEventInvoice } from "./event-invoices.ts";
import type { EventDeps } from "./events-scope.ts";
import { mailRegistration } from "./registration-mails.ts";
import { registrationToken, ticketPath } from "./tickets.ts";
import { endRegistration, lockEvent } from "./waiting-list.ts";

/**
 * A registration's money (issue 37.3): a priced ticket is paid by transfer (staff confirm it)
 * or through Stripe (the webhook confirms it); each payment and refund is a row of the
 * `event_payments` ledger with its invoice or credit note in the clinic's series. Every move is
 * one conditional UPDATE on the state (or the refunded total) it leaves, so a second click, a
 * replayed webhook or a retried job changes nothing. An unpaid registration expires at the end
 * of its hold, by its own job or by the sweep, and gives its place back exactly once.
 */

export const EXPIRE_QUEUE = "events.expire-registration";
export const SWEEP_QUEUE = "events.expire-sweep";
/** Refunds money that arrived for a registration that had expired and whose place was gone. */
export const LATE_REFUND_QUEUE = "events.refund-late-payment";

type Provider = "manual" | "stripe";

interface MoneyRow {
  id: number;
  event_id: number;
  clinic_id: string;
  state: RegistrationState;
  name: string;
  email: string;
  language: string;
  currency: string;
  amount_cents: number;
  paid_cents: number;
  refunded_cents: number;
  provider: Provider | null;
  provider_ref: string | null;
  payment_reference: string | null;
  expires_at: string | Date | null;
  title_en: string;
  title_es: string;
  ticket_en: string;
  ticket_es: string;
}

const MONEY_COLUMNS = sql`r.id, r.event_id, e.clinic_id, r.state, r.name, r.email, r.language, r.currency, r.amount_cents, r.paid_cents,
  r.refunded_cents, r.provider, r.provider_ref, r.payment_reference, r.expires_at, e.title_en, e.title_es, t.name_en as ticket_en, t.name_es as ticket_es`;

/** A registration's money and what its invoices print, in one statement; `where` over `event_registrations r`. */
async function moneyOf(db: Db, where: SQL, lock = false): Promise<MoneyRow | null> {
  const result = await db.execute<MoneyRow & Record<string, unknown>>(sql`
    select ${MONEY_COLUMNS}
    from event_registrations r join event_events e on e.id = r.event_id join event_ticket_types t on t.id = r.ticket_type_id
    where ${where} ${lock ? sql`for update of r` : sql``}`);
  const row = result.rows[0];
  return row ? { ...row, id: Number(row.id), event_id: Number(row.event_id) } : null;
}

const factsOf = (row: MoneyRow): InvoiceFacts => ({
  id: row.id,
  clinicId: row.clinic_id,
  name: row.name,
  email: row.email,
  language: row.language,
  currency: row.currency,
  title: { en: row.title_en, es: row.title_es },
  ticket: { en: row.ticket_en, es: row.ticket_es },
});

/** What a registration still owes. */
const dueOf = (row: Pick<MoneyRow, "amount_cents" | "paid_cents">) => row.amount_cents - row.paid_cents;

// ---------------------------------------------------------------- expiry

/** Queues the job that expires an unpaid registration at `expiresAt` (once, whichever node runs it), inside `tx`. */
export async function scheduleExpiry(tx: Db, deps: EventDeps, registrationId: number, expiresAt: Date): Promise<void> {
  await deps.jobs.send(EXPIRE_QUEUE, { registrationId }, { tx, startAfter: expiresAt, singletonKey: `event-expire-${registrationId}` });
}

/**
 * Expires a registration whose hold ran out unpaid: only from pending_payment and only past
 * `expires_at`, in the transaction that frees its place (endRegistration), so the job run twice,
 * after a restart, or together with the sweep frees it once. Its payment page is closed after the
 * commit; a payment that still lands is handled by the webhook (applyEventPayment).
 */
export async function expireRegistration(deps: EventDeps, registrationId: number): Promise<boolean> {
  const found = await deps.db.execute<{ state: RegistrationState; provider: Provider | null; provider_ref: string | null }>(sql`
    select state, provider, provider_ref from event_registrations
    where id = ${registrationId} and state in ('pending_payment', 'expired') and expires_at <= now()`);
  const row = found.rows[0];
  if (!row) return false;
  let expired = false;
  if (row.state === "pending_payment") {
    expired = await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      if (!(await endRegistration(tx, deps, registrationId, ["pending_payment"], "expired"))) return false;
      await mailRegistration(tx, deps, registrationId, "expired");
      return true;
    });
  }
  // Also on a retry after this call failed: closing a closed session is a no-op at the provider.
  if (row.provider && row.provider_ref) await deps.providers[row.provider]?.cancelCheckout(row.provider_ref);
  return expired;
}

// ---------------------------------------------------------------- payment

/**
 * Records the payment of a pending registration in `tx`: pending_payment → confirmed with what it
 * owed, a ledger row with its invoice, and the ticket email. False, changing nothing, when it was
 * not pending (a second confirmation, a replayed webhook).
 */
async function applyPayment(
  tx: Db,
  deps: EventDeps,
  registrationId: number,
  payment: { provider: Provider; reference: string; note: string; by: string | null },
): Promise<boolean> {
  // While pending nothing is paid (payments are whole), so what it owes is its amount.
  const moved = await tx.execute<MoneyRow & Record<string, unknown>>(sql`
    with moved as (
      update event_registrations set state = 'confirmed', paid_cents = amount_cents, payment_reference = ${payment.reference || null},
        confirmed_at = now(), updated_at = now()
      where id = ${registrationId} and state = 'pending_payment'
      returning *)
    select ${MONEY_COLUMNS}
    from moved r join event_events e on e.id = r.event_id join event_ticket_types t on t.id = r.ticket_type_id`);
  const row = moved.rows[0];
  if (!row) return false;
  await recordPayment(tx, deps, { ...row, id: Number(row.id), event_id: Number(row.event_id) }, row.amount_cents, payment);
  await mailRegistration(tx, deps, registrationId, "confirmed");
  return true;
}

/** The ledger row of a payment taken, with its invoice. */
async function recordPayment(
  tx: Db,
  deps: EventDeps,
  row: MoneyRow,
  amountCents: number,
  payment: { provider: Provider; reference: string; note: string; by: string | null },
): Promise<void> {
  if (amountCents <= 0) return;
  const invoice = await issueEventInvoice(tx, deps.billing, factsOf(row), amountCents);
  await tx.execute(sql`
    insert into event_payments (registration_id, event_id, kind, amount_cents, provider, reference, note, invoice_id, by)
    values (${row.id}, ${row.event_id}, 'payment', ${amountCents}, ${payment.provider}, ${payment.reference}, ${payment.note}, ${invoice.id}, ${payment.by})`);
}

/** Staff record a transfer that arrived: pending_payment → confirmed (409 otherwise), and the payment page, if any, is closed. */
export async function confirmPayment(deps: EventDeps, registrationId: number, input: { reference: string; note: string }, by: string): Promise<void> {
  const paid = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const before = await moneyOf(tx, sql`r.id = ${registrationId}`, true);
    if (before?.state !== "pending_payment") throw conflict(EVENT_MESSAGES.notPending);
    await applyPayment(tx, deps, registrationId, { provider: "manual", reference: input.reference, note: input.note, by });
    return before;
  });
  // Paid by transfer after all: a card page left open must not take the money a second time. The
  // confirmation has committed, so a provider that cannot be reached now does not undo it: the
  // page still closes by itself when the hold would have ended.
  if (paid.provider && paid.provider_ref) await deps.providers[paid.provider]?.cancelCheckout(paid.provider_ref).catch(() => undefined);
}

// ---------------------------------------------------------------- checkout

/** After the registration's transaction commits: opens its provider's payment page (Stripe) and answers its address; null for a manual transfer. */
export async function startCheckout(deps: EventDeps, registrationId: number): Promise<string | null> {
  const row = await moneyOf(deps.db, sql`r.id = ${registrationId}`);
  if (row?.state !== "pending_payment" || row.provider !== "stripe" || dueOf(row) <= 0) return null;
  const provider = deps.providers.stripe;
  if (!provider) return null;
  const page = deps.mailer.link(ticketPath(registrationToken(deps.linkKey, row.id)));
  const number = registrationNumber(row.id);
  let started: Awaited<ReturnType<typeof provider.startCheckout>>;
  try {
    started = await provider.startCheckout({
      orderId: row.id,
      orderNumber: number,
      description: `${row.language === "es" ? row.title_es || row.title_en : row.title_en || row.title_es} · ${number}`,
      totalCents: dueOf(row),
      currency: row.currency,
      customerEmail: row.email,
      successUrl: `${page}?checkout=success`,
      cancelUrl: `${page}?checkout=cancelled`,
      expiresAt: row.expires_at ? new Date(row.expires_at) : new Date(Date.now() + 3_600_000),
      purpose: "event",
    });
  } catch (error) {
    // The registration holds its place until its hold ends: the registrant may try again from their ticket page.
    const reason = error instanceof Error ? error.message : String(error);
    throw new HttpError(502, { detail: `The payment provider could not start the payment, so nothing was charged. Please try again later. (${reason})` });
  }
  // The webhook finds the registration by this reference, else by its id (tagged on the session).
  await deps.db.execute(
    sql`update event_registrations set provider_ref = ${started.providerRef}, updated_at = now() where id = ${row.id} and state = 'pending_payment'`,
  );
  return started.redirectUrl;
}

/** The registrant's "pay" button: a payment page for a pending Stripe registration (a new one, or the open one again); 409 otherwise. */
export async function payByLink(deps: EventDeps, registrationId: number): Promise<{ redirectUrl: string }> {
  const row = await moneyOf(deps.db, sql`r.id = ${registrationId} and r.expires_at > now()`);
  if (row?.state !== "pending_payment" || row.provider !== "stripe" || !deps.providers.stripe || dueOf(row) <= 0) throw conflict(EVENT_MESSAGES.notPayable);
  const redirectUrl = await startCheckout(deps, registrationId);
  // Paid at Stripe a moment ago, its confirmation on the way: nothing is left to pay.
  if (!redirectUrl) throw conflict(EVENT_MESSAGES.notPayable);
  return { redirectUrl };
}

// ---------------------------------------------------------------- refunds

/**
 * Records a refund of `amountCents` in `tx`: the refunded total moves only from the value read
 * before the provider was asked (`before`) and never past what was paid, so two refunds at once,
 * or a refund and the provider's own report of it, record it once. Then its ledger row, its
 * credit note, the email and, once everything paid is refunded, the end of the registration
 * (`refunded`: its place freed and the waiting list moved up). False when it had moved on. The
 * event's row is locked first, as every change of places does (waiting-list.ts), so ending the
 * registration here never waits on a cancel that holds the event and wants this row.
 */
async function recordRefund(
  tx: Db,
  deps: EventDeps,
  registrationId: number,
  refund: { amountCents: number; before: number; provider: Provider; reference: string; note: string; by: string | null },
  states: readonly RegistrationState[],
): Promise<boolean> {
  await lockEvent(tx, { registrationId });
  const moved = await tx.execute<{ paid_cents: number; refunded_cents: number; state: RegistrationState; invoice_id: number | null }>(sql`
    update event_registrations r set refunded_cents = r.refunded_cents + ${refund.amountCents}, updated_at = now()
    where r.id = ${registrationId} and r.state = any(${sql.param([...states])}::text[]) and r.refunded_cents = ${refund.before}
      and r.refunded_cents + ${refund.amountCents} <= r.paid_cents
    returning r.paid_cents, r.refunded_cents, r.state,
      (select p.invoice_id from event_payments p where p.registration_id = r.id and p.kind = 'payment' order by p.id desc limit 1) as invoice_id`);
  const after = moved.rows[0];
  if (!after) return false;
  const row = (await moneyOf(tx, sql`r.id = ${registrationId}`)) as MoneyRow;
  const note = await issueEventCreditNote(tx, deps.billing, factsOf(row), refund.amountCents, after.invoice_id === null ? null : Number(after.invoice_id));
  await tx.execute(sql`
    insert into event_payments (registration_id, event_id, kind, amount_cents, provider, reference, note, invoice_id, by)
    values (${registrationId}, ${row.event_id}, 'refund', ${refund.amountCents}, ${refund.provider}, ${refund.reference}, ${refund.note}, ${note.id}, ${refund.by})`);
  if (after.refunded_cents >= after.paid_cents && (after.state === "confirmed" || after.state === "checked_in")) {
    await endRegistration(tx, deps, registrationId, ["confirmed", "checked_in"], "refunded");
  }
  await mailRegistration(tx, deps, registrationId, "refunded", { amountCents: refund.amountCents });
  return true;
}

/** Asks the registration's provider to refund; a refused refund throws and nothing is recorded. Answers the provider's reference. */
async function refundAtProvider(deps: EventDeps, row: MoneyRow, amountCents: number, reason: string): Promise<string> {
  const provider = row.provider ? deps.providers[row.provider] : undefined;
  // Manual, or a provider no longer offered: the refund is recorded here and paid back by hand.
  if (!provider) return "";
  const result = await provider.refund({
    orderId: row.id,
    paymentReference: row.payment_reference,
    amountCents,
    currency: row.currency,
    reason,
    purpose: "event",
    // Refunds come in parts: what was refunded before names this one, so a retry repeats it and a next one is new.
    key: `${row.refunded_cents}-${amountCents}`,
  });
  return result.refundRef ?? "";
}

const REFUNDABLE: readonly RegistrationState[] = ["confirmed", "checked_in"];

/**
 * Staff refund part or all of what was paid: 409 unless confirmed or checked in with money paid;
 * 400 above what is left, with nothing written. The provider refunds first, outside the
 * transaction (a refused refund records nothing).
 */
export async function refundRegistration(
  deps: EventDeps,
  registrationId: number,
  input: { amountCents: number; reason: string },
  by: string | null,
): Promise<void> {
  const row = await moneyOf(deps.db, sql`r.id = ${registrationId}`);
  if (!row || !REFUNDABLE.includes(row.state) || row.paid_cents <= 0 || row.refunded_cents >= row.paid_cents) throw conflict(EVENT_MESSAGES.notRefundable);
  if (input.amountCents > row.paid_cents - row.refunded_cents) throw badRequest({ amountCents: [EVENT_MESSAGES.refundTooMuch] });
  const reference = await refundAtProvider(deps, row, input.amountCents, input.reason);
  const recorded = await deps.db.transaction((txRaw) =>
    recordRefund(
      txRaw as unknown as Db,
      deps,
      registrationId,
      { amountCents: input.amountCents, before: row.refunded_cents, provider: row.provider ?? "manual", reference, note: input.reason, by },
      REFUNDABLE,
    ),
  );
  if (!recorded) throw conflict(EVENT_MESSAGES.notRefundable);
}

/**
 * Refunds all that is paid and not yet refunded at its provider, then records it: the ledger row,
 * the credit note, the state `refunded`, the place freed and the waiting list moved up, the email.
 */
export async function refundInFull(deps: EventDeps, registrationId: number, reason: string, by: string | null): Promise<void> {
  const row = await moneyOf(deps.db, sql`r.id = ${registrationId}`);
  if (!row || !REFUNDABLE.includes(row.state) || row.paid_cents - row.refunded_cents <= 0) throw conflict(EVENT_MESSAGES.notRefundable);
  await refundRegistration(deps, registrationId, { amountCents: row.paid_cents - row.refunded_cents, reason }, by);
}

/**
 * A payment that arrived for a registration which had expired and whose place went to someone
 * else: the money is recorded (ledger and invoice, in the webhook's transaction) and this job
 * gives it back through the provider, outside any transaction, then records the refund (credit
 * note, email). The registration stays expired. Run twice, the refund's idempotency key (the
 * refunded total before it) and the conditional UPDATE make it once.
 */
async function refundLatePayment(deps: EventDeps, registrationId: number): Promise<void> {
  const row = await moneyOf(deps.db, sql`r.id = ${registrationId} and r.state = 'expired'`);
  if (!row || row.paid_cents - row.refunded_cents <= 0) return;
  const amountCents = row.paid_cents - row.refunded_cents;
  const note = "Paid after the registration expired and its place was taken.";
  const reference = await refundAtProvider(deps, row, amountCents, note);
  await deps.db.transaction((txRaw) =>
    recordRefund(
      txRaw as unknown as Db,
      deps,
      registrationId,
      { amountCents, before: row.refunded_cents, provider: row.provider ?? "manual", reference, note, by: null },
      ["expired"],
    ),
  );
}

// ---------------------------------------------------------------- the webhook's side

/**
 * Money for a registration that expired meanwhile. Registrations of an event queue on its row
 * (locked here first, as registering does), so the room read is the room there is: with a place
 * free (in the event and its ticket type, and the email not registered again since), the
 * registration takes it back and is confirmed as if paid in time; otherwise the payment is
 * recorded and refunded by a job (the provider is not called inside the webhook's transaction).
 */
async function applyLatePayment(tx: Db, deps: EventDeps, row: MoneyRow, reference: string): Promise<boolean> {
  const room = await tx.execute<{ room: boolean }>(sql`
    select (e.state <> 'cancelled' and e.taken < e.capacity and (t.capacity is null or t.taken < t.capacity)
        and not exists (select 1 from event_registrations o where o.event_id = r.event_id and lower(o.email) = lower(r.email) and o.id <> r.id
          and o.state not in ('cancelled', 'refunded', 'expired'))) as room
    from event_registrations r join event_events e on e.id = r.event_id join event_ticket_types t on t.id = r.ticket_type_id
    where r.id = ${row.id} and r.state = 'expired' and r.paid_cents = 0
    for update of e`);
  const found = room.rows[0];
  if (!found) return false;
  if (found.room) {
    await tx.execute(sql`
      with back as (
        update event_registrations set state = 'pending_payment', cancelled_at = null, updated_at = now() where id = ${row.id} and state = 'expired'
        returning event_id, ticket_type_id),
      ticket as (update event_ticket_types t set taken = t.taken + 1, updated_at = now() from back where t.id = back.ticket_type_id)
      update event_events e set taken = e.taken + 1, updated_at = now() from back where e.id = back.event_id`);
    return applyPayment(tx, deps, row.id, { provider: "stripe", reference, note: "Paid after its hold ended; the place was still free.", by: null });
  }
  const paid = await tx.execute(sql`
    update event_registrations set paid_cents = amount_cents, payment_reference = ${reference}, updated_at = now()
    where id = ${row.id} and state = 'expired' and paid_cents = 0`);
  if ((paid.rowCount ?? 0) === 0) return false;
  await recordPayment(tx, deps, row, row.amount_cents, { provider: "stripe", reference, note: "Paid after the registration expired.", by: null });
  await deps.jobs.send(LATE_REFUND_QUEUE, { registrationId: row.id }, { tx, singletonKey: `event-late-refund-${row.id}` });
  return true;
}

/**
 * The events' side of the payment webhook (billing/webhook.ts hands it the events of purpose
 * "event" and the refunds it does not know, in its transaction, once per event id).
 */
export async function applyEventPayment(tx: Db, deps: EventDeps, event: PaymentEvent): Promise<{ outcome: PaymentOutcome; orderId: number | null }> {
  if (event.kind === "ignored") return { outcome: "ignored", orderId: null };
  // The event's row first, then the registration's (the order of waiting-list.ts).
  const target = await tx.execute<{ id: number }>(
    event.kind === "refunded"
      ? sql`select id from event_registrations where payment_reference = ${event.paymentReference} limit 1`
      : sql`select id from event_registrations where provider = 'stripe' and (provider_ref = ${event.providerRef} or id = ${event.orderId ?? -1})
          order by (provider_ref = ${event.providerRef}) desc nulls last limit 1`,
  );
  const registrationId = target.rows[0] ? Number(target.rows[0].id) : null;
  if (registrationId === null) return { outcome: "unknown order", orderId: null };
  await lockEvent(tx, { registrationId });
  const row = await moneyOf(tx, sql`r.id = ${registrationId}`, true);
  if (!row) return { outcome: "unknown order", orderId: null };
  if (event.kind === "refunded") {
    // The charge's refunded total so far: only what is not recorded yet is new (our own refunds are, by then).
    const added = Math.min(event.amountCents, row.paid_cents) - row.refunded_cents;
    if (added <= 0) return { outcome: "already applied", orderId: row.id };
    const done = await recordRefund(
      tx,
      deps,
      row.id,
      { amountCents: added, before: row.refunded_cents, provider: "stripe", reference: event.eventId, note: "Refunded at the payment provider.", by: null },
      ["confirmed", "checked_in", "cancelled", "expired", "refunded"],
    );
    return { outcome: done ? "applied" : "already applied", orderId: row.id };
  }
  if (event.kind === "expired") {
    // Only the registration's own page, and only once its hold is over: a card page lives at most
    // a day while a hold may be longer, and the registrant may open a new page from their ticket.
    const heldUntil = row.expires_at ? new Date(row.expires_at).getTime() : 0;
    if (row.state !== "pending_payment" || row.provider_ref !== event.providerRef) return { outcome: "already applied", orderId: row.id };
    if (heldUntil > Date.now()) return { outcome: "ignored", orderId: row.id };
    const done = await endRegistration(tx, deps, row.id, ["pending_payment"], "expired");
    if (done) await mailRegistration(tx, deps, row.id, "expired");
    return { outcome: done ? "applied" : "already applied", orderId: row.id };
  }
  const reference = event.paymentReference ?? event.providerRef;
  if (row.state === "expired" && row.paid_cents === 0) {
    if (event.amountCents !== row.amount_cents || event.currency !== row.currency) return { outcome: "amount mismatch", orderId: row.id };
    return { outcome: (await applyLatePayment(tx, deps, row, reference)) ? "applied" : "already applied", orderId: row.id };
  }
  if (row.state !== "pending_payment") return { outcome: "already applied", orderId: row.id };
  if (event.amountCents !== dueOf(row) || event.currency !== row.currency) return { outcome: "amount mismatch", orderId: row.id };
  const done = await applyPayment(tx, deps, row.id, { provider: "stripe", reference, note: "Paid at the payment provider.", by: null });
  return { outcome: done ? "applied" : "already applied", orderId: row.id };
}

/** Each registration's own job expires it on time; the sweep catches any whose job was lost (a restored backup, a purged queue). */
export function registerPaymentJobs(deps: EventDeps): void {
  deps.jobs.handle<{ registrationId: number }>(EXPIRE_QUEUE, async ({ registrationId }) => {
    await expireRegistration(deps, registrationId);
  });
  deps.jobs.handle(SWEEP_QUEUE, async () => {
    const due = await deps.db.execute<{ id: number }>(
      sql`select id from event_registrations where state = 'pending_payment' and expires_at <= now() order by expires_at limit 500`,
    );
    for (const row of due.rows) await expireRegistration(deps, Number(row.id));
  });
  deps.jobs.every(SWEEP_QUEUE, "*/15 * * * *");
  deps.jobs.handle<{ registrationId: number }>(LATE_REFUND_QUEUE, async ({ registrationId }) => {
    await refundLatePayment(deps, registrationId);
  });
}
