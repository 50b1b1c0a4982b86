import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { DEMO_ACCOUNTS } from "../../demo-accounts.ts";
import { DEMO_EVENTS, DEMO_GUESTS, type DemoEvent, type DemoRegistration } from "./events-demo-data.ts";
import { eventChecklistTemplates, eventCosts, eventEvents, eventPayments, eventRegistrations, eventTasks, eventTicketTypes } from "./events.table.ts";
import { registrationToken } from "./tickets.ts";
import { linkTokenHash } from "../../platform/private-links.ts";

/**
 * The demo clinic's events (issue 37): a past workshop with its check-ins, its costs all paid
 * and a positive balance; an upcoming priced workshop nearly full, with a waiting list, transfers
 * awaited, a card payment and a refund; a free patient-group session; a draft course. Ticket
 * types, questions, registrants, the payments ledger, cost lines and checklists from the built-in
 * templates (some tasks done, one overdue). Seeded once, straight to the tables in one
 * transaction, dated from the anchor day; it shows once an administrator switches events on.
 * The demo's payments carry no invoices: invoices are numbered in the clinic's billing series,
 * which a seed should not advance.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const HELD = new Set(["pending_payment", "confirmed", "checked_in"]);

export interface DemoEventsOptions {
  /** The day the demo counts from (YYYY-MM-DD). */
  anchor: string;
  /** The app's key of the registrants' private links (app.deriveKey("event-links")), so the demo's tickets open. */
  linkKey: Buffer;
  /** The seeding's "now" (tests fix it); no registration is dated after it. */
  now?: Date;
}

const ascii = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");

/** Seeds the demo clinic's events once; false when there is no demo clinic or they are there already. */
export async function seedDemoEvents(db: Db, options: DemoEventsOptions): Promise<boolean> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [DEMO_ACCOUNTS.clinic.email, DEMO_ACCOUNTS.therapist.email]));
  const clinic = people.find((row) => row.email === DEMO_ACCOUNTS.clinic.email)?.id;
  if (!clinic) return false;
  const clinicId: string = clinic;
  const therapistId: string = people.find((row) => row.email === DEMO_ACCOUNTS.therapist.email)?.id ?? clinic;
  const slugs = DEMO_EVENTS.map((event) => event.slug);
  const seeded = await db.select({ id: eventEvents.id }).from(eventEvents).where(inArray(eventEvents.slug, slugs));
  if (seeded.length > 0) return false;
  const templates = await db
    .select({ key: eventChecklistTemplates.key, tasks: eventChecklistTemplates.tasks })
    .from(eventChecklistTemplates)
    .where(inArray(eventChecklistTemplates.key, ["workshop", "course"]));

  const anchor = Date.parse(`${options.anchor}T00:00:00Z`);
  const latest = (options.now ?? new Date()).getTime() - 5 * 60_000;
  /** `days` from the anchor at `hour` UTC, never after the seeding itself. */
  const at = (days: number, hour: number) => new Date(Math.min(anchor + days * DAY + hour * HOUR, latest));
  const future = (days: number, hour: number) => new Date(anchor + days * DAY + hour * HOUR);
  const dayOf = (days: number) => new Date(anchor + days * DAY).toISOString().slice(0, 10);
  let guest = 0;

  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      for (const demo of DEMO_EVENTS) await seedEvent(tx, demo);
    });
  } catch (error) {
    // Another process seeded them meanwhile (the slugs are unique): that is the demo, once.
    if ((error as { code?: string }).code === "23505") return false;
    throw error;
  }
  return true;

  async function seedEvent(tx: Db, demo: DemoEvent): Promise<void> {
    const startsAt = future(demo.startsOn, demo.hour);
    const endsAt = new Date(startsAt.getTime() + demo.hours * HOUR);
    const holders = demo.registrations.filter((row) => HELD.has(row.state));
    const [event] = await tx
      .insert(eventEvents)
      .values({
        clinicId,
        slug: demo.slug,
        titleEn: demo.title.en,
        titleEs: demo.title.es,
        descriptionEn: demo.description.en,
        descriptionEs: demo.description.es,
        startsAt,
        endsAt,
        timeZone: "Europe/Madrid",
        venue: demo.venue,
        onlineUrl: demo.onlineUrl,
        capacity: demo.capacity,
        taken: holders.length,
        state: demo.state,
        currency: "EUR",
        questions: demo.questions,
        createdBy: clinicId,
        createdAt: at(demo.createdOn, 9),
        updatedAt: at(demo.createdOn, 9),
      })
      .returning({ id: eventEvents.id });
    if (!event) throw new Error(`The demo event ${demo.slug} was not written`);
    const tickets = await tx
      .insert(eventTicketTypes)
      .values(
        demo.tickets.map((ticket, position) => ({
          eventId: event.id,
          nameEn: ticket.name.en,
          nameEs: ticket.name.es,
          priceCents: ticket.priceCents,
          capacity: ticket.capacity,
          taken: holders.filter((row) => row.ticket === position).length,
          salesEnd: ticket.salesEndOn === undefined ? null : future(ticket.salesEndOn, 22),
          position,
        })),
      )
      .returning({ id: eventTicketTypes.id });
    if (demo.registrations.length > 0)
      await seedRegistrations(
        tx,
        demo,
        event.id,
        startsAt,
        tickets.map((row) => row.id),
      );
    if (demo.costs.length > 0)
      await tx.insert(eventCosts).values(demo.costs.map((cost) => ({ eventId: event.id, ...cost, createdAt: at(demo.createdOn, 10) })));
    if (demo.checklist) {
      const { template, doneUntil, notDone } = demo.checklist;
      const tasks = templates.find((row) => row.key === template)?.tasks ?? [];
      await tx.insert(eventTasks).values(
        tasks.map((task, position) => {
          const dueOn = demo.startsOn - task.daysBefore;
          const done = dueOn <= doneUntil && !notDone.includes(task.title);
          return {
            eventId: event.id,
            title: task.title,
            ownerId: position % 2 === 0 ? clinicId : therapistId,
            dueOn: dayOf(dueOn),
            doneAt: done ? at(dueOn - 1, 15) : null,
            doneBy: done ? (position % 2 === 0 ? clinicId : therapistId) : null,
            position,
          };
        }),
      );
    }
  }

  async function seedRegistrations(tx: Db, demo: DemoEvent, eventId: number, startsAt: Date, ticketIds: number[]): Promise<void> {
    const made = demo.registrations.map((row, index) => {
      const name = DEMO_GUESTS[guest++ % DEMO_GUESTS.length] as string;
      const price = demo.tickets[row.ticket]?.priceCents ?? 0;
      return { row, index, name, price, made: at(row.madeOn, 9 + (index % 9)) };
    });
    const inserted = await tx
      .insert(eventRegistrations)
      .values(
        made.map(({ row, name, price, made: createdAt, index }) => {
          const paid = row.paidOn !== undefined && price > 0;
          const confirmedAt = price === 0 ? (row.state === "waiting" ? null : createdAt) : paid ? at(row.paidOn as number, 12) : null;
          return {
            eventId,
            ticketTypeId: ticketIds[row.ticket] as number,
            clinicId,
            name,
            email: `${ascii(name)}@example.com`,
            language: row.language ?? "es",
            answers: row.answers ?? {},
            state: row.state,
            amountCents: price,
            paidCents: paid ? price : 0,
            refundedCents: row.state === "refunded" ? price : 0,
            currency: "EUR",
            provider: price > 0 ? (row.provider ?? "manual") : null,
            providerRef: price > 0 && row.provider === "stripe" ? `cs_demo_${eventId}_${index}` : null,
            // Replaced below by the link's hash, which is derived from the id.
            token: `demo-${eventId}-${index}`,
            expiresAt: row.state === "pending_payment" ? new Date(Math.min(createdAt.getTime() + 48 * HOUR, startsAt.getTime())) : null,
            confirmedAt,
            checkedInAt: row.state === "checked_in" ? new Date(startsAt.getTime() - (10 + (index % 20)) * 60_000) : null,
            checkedInBy: row.state === "checked_in" ? clinicId : null,
            cancelledAt: row.endedOn === undefined ? null : at(row.endedOn, 18),
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: eventRegistrations.id });
    const ids = inserted.map((row) => row.id);
    const tokens = ids.map((id) => linkTokenHash(registrationToken(options.linkKey, id)));
    const references = ids.map((id, index) => ((made[index]?.price ?? 0) > 0 ? `ER-${String(id).padStart(6, "0")}` : null));
    await tx.execute(sql`
      update event_registrations r set token = v.token, payment_reference = v.reference
      from unnest(${sql.param(ids)}::int[], ${sql.param(tokens)}::text[], ${sql.param(references)}::text[]) as v(id, token, reference)
      where r.id = v.id`);
    const ledger = made.flatMap(({ row, price }, index) => ledgerOf(row, price, ids[index] as number, eventId));
    if (ledger.length > 0) await tx.insert(eventPayments).values(ledger);
  }

  function ledgerOf(row: DemoRegistration, price: number, registrationId: number, eventId: number) {
    if (row.paidOn === undefined || price === 0) return [];
    const stripe = row.provider === "stripe";
    const number = `ER-${String(registrationId).padStart(6, "0")}`;
    const payment = {
      registrationId,
      eventId,
      kind: "payment",
      amountCents: price,
      provider: stripe ? "stripe" : "manual",
      reference: stripe ? `pi_demo_${registrationId}` : `Transferencia ${number}`,
      note: "",
      by: stripe ? null : clinicId,
      at: at(row.paidOn, 12),
    };
    if (row.state !== "refunded" || row.endedOn === undefined) return [payment];
    const refund = {
      ...payment,
      kind: "refund",
      reference: stripe ? `re_demo_${registrationId}` : payment.reference,
      note: "Cannot attend: refunded in full",
      by: clinicId,
      at: at(row.endedOn, 18),
    };
    return [payment, refund];
  }
}
