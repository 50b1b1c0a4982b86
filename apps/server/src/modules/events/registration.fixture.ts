import { PLACE_HOLDING_STATES, type RegistrationState } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { registrationToken } from "./tickets.ts";
import { linkTokenHash } from "../../platform/private-links.ts";

/**
 * The payment tests' registrations, written straight to the tables (issue 37.3): a registration
 * in the state a test needs, holding its place (the `taken` counters moved as registering moves
 * them) when its state holds one, with the private link's token the app would derive for it.
 */

export type FixtureRegistration = { id: number; token: string };

let counter = 0;

export async function makeRegistration(
  db: Db,
  linkKey: Buffer,
  event: { id: number; ticketTypeId: number },
  options: {
    state?: RegistrationState;
    amountCents?: number;
    paidCents?: number;
    provider?: "manual" | "stripe" | null;
    currency?: string;
    expiresAt?: Date | null;
    email?: string;
    name?: string;
    language?: "en" | "es";
  } = {},
): Promise<FixtureRegistration> {
  counter += 1;
  const state = options.state ?? "pending_payment";
  const amountCents = options.amountCents ?? 2500;
  const holds = (PLACE_HOLDING_STATES as readonly string[]).includes(state);
  const result = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const next = await tx.execute<{ id: string }>(sql`select nextval(pg_get_serial_sequence('event_registrations', 'id')) as id`);
    const id = Number(next.rows[0]?.id);
    const token = registrationToken(linkKey, id);
    await tx.execute(sql`
      insert into event_registrations (id, event_id, ticket_type_id, clinic_id, name, email, language, state, amount_cents, paid_cents, currency,
        provider, token, expires_at, confirmed_at)
      select ${id}, e.id, ${event.ticketTypeId}, e.clinic_id, ${options.name ?? `Guest ${counter}`},
        ${options.email ?? `guest-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`}, ${options.language ?? "en"}, ${state},
        ${amountCents}, ${options.paidCents ?? (state === "confirmed" || state === "checked_in" ? amountCents : 0)}, ${options.currency ?? "EUR"},
        ${options.provider === undefined ? (amountCents > 0 ? "manual" : null) : options.provider}, ${linkTokenHash(token)},
        ${options.expiresAt === undefined ? (state === "pending_payment" ? new Date(Date.now() + 48 * 3_600_000) : null) : options.expiresAt},
        ${state === "confirmed" || state === "checked_in" ? new Date() : null}
      from event_events e where e.id = ${event.id}`);
    if (holds) {
      await tx.execute(sql`update event_events set taken = taken + 1 where id = ${event.id}`);
      await tx.execute(sql`update event_ticket_types set taken = taken + 1 where id = ${event.ticketTypeId}`);
    }
    return { id, token };
  });
  return result;
}
