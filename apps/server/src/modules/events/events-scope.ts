import { EVENT_MESSAGES } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { BillingSettings } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { type Actor, clinicForCall, managedBy, requireModule, requirePermission } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import type { Mailer } from "../../platform/mail.ts";
import type { PaymentProviders } from "../../platform/payments/index.ts";

/**
 * What every part of the events module (issue 37) shares: its guards, the scope of an event
 * (staff work their own clinic's events, platform admins every clinic's; another clinic's event
 * answers 404) and the platform pieces its services use.
 */

export const eventsModule = requireModule("event_app");
/** Staff calls: the module on and view_event (the clinic group holds it; admins pass every check). */
export const eventStaff = [eventsModule, requirePermission("view_event")];
/** The public page and a registrant's private link: the module on, no account needed. */
export const eventPublic = [eventsModule];
export const EVENT_TAGS = ["events"];

export interface EventDeps {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  providers: PaymentProviders;
  billing: BillingSettings;
  /** Where a manual payment's transfer goes (BILLING_BANK_DETAILS). */
  bankDetails: string;
  /** Derives the private links' and tickets' secrets (never stored: only the links' hashes are). */
  linkKey: Buffer;
}

export function eventDepsOf(app: FastifyInstance): EventDeps {
  return {
    db: app.db,
    mailer: app.mailer,
    jobs: app.jobs,
    providers: app.payments.providers,
    billing: app.config.billing,
    bankDetails: app.config.billing.bankDetails,
    linkKey: app.deriveKey("event-links"),
  };
}

export type ManagedEvent = { id: number; clinicId: string; state: string; startsAt: Date; currency: string };

/** The event `eventId` if the actor manages it; 404 otherwise (no such event, or another clinic's). */
export async function managedEvent(db: Db, actor: Actor, eventId: number): Promise<ManagedEvent> {
  const result = await db.execute<{ id: number; clinic_id: string; state: string; starts_at: string | Date; currency: string }>(
    sql`select e.id, e.clinic_id, e.state, e.starts_at, e.currency from event_events e where e.id = ${eventId} and ${managedBy(actor, sql`e.clinic_id`)}`,
  );
  const row = result.rows[0];
  if (!row) throw notFound();
  return { id: Number(row.id), clinicId: row.clinic_id, state: row.state, startsAt: new Date(row.starts_at), currency: row.currency };
}

/** The event a child row (`event_registrations`, `event_costs`, `event_tasks`) belongs to, if the actor manages it; 404 otherwise. */
export async function managedEventOf(
  db: Db,
  actor: Actor,
  child: { table: "event_registrations" | "event_costs" | "event_tasks"; id: number },
): Promise<ManagedEvent & { childId: number }> {
  const result = await db.execute<{ id: number; clinic_id: string; state: string; starts_at: string | Date; currency: string }>(sql`
    select e.id, e.clinic_id, e.state, e.starts_at, e.currency from ${sql.identifier(child.table)} c join event_events e on e.id = c.event_id
    where c.id = ${child.id} and ${managedBy(actor, sql`e.clinic_id`)}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return { id: Number(row.id), clinicId: row.clinic_id, state: row.state, startsAt: new Date(row.starts_at), currency: row.currency, childId: child.id };
}

/** The clinic a clinic-wide call (a new event, a new template) works on: staff their own; an admin the one they name. */
export const eventsClinicFor = (db: Db, actor: Actor, named: string | undefined): Promise<string> =>
  clinicForCall(db, actor, named, EVENT_MESSAGES.clinicNeeded);
