import type { Db } from "../../db/client.ts";
import { eventEvents, eventTicketTypes } from "./events.table.ts";

/**
 * The event tests' events (issue 37): written straight to the tables, so each part's tests
 * (registrations, costs, checklists, reports) set up what they need without the others' routes.
 */

export type FixtureTicket = { priceCents?: number; capacity?: number | null; salesStart?: Date | null; salesEnd?: Date | null; name?: string };

export type FixtureEvent = { id: number; slug: string; ticketTypeIds: number[] };

let counter = 0;

/** A published event of `clinicId`, two weeks ahead by default, with one free ticket unless `tickets` says otherwise. */
export async function makeEvent(
  db: Db,
  clinicId: string,
  options: {
    capacity?: number;
    state?: "draft" | "published" | "cancelled";
    startsAt?: Date;
    hours?: number;
    tickets?: FixtureTicket[];
    title?: string;
    cancelHours?: number;
    holdHours?: number;
    currency?: string;
  } = {},
): Promise<FixtureEvent> {
  counter += 1;
  const startsAt = options.startsAt ?? new Date(Date.now() + 14 * 86_400_000);
  const title = options.title ?? `Balance workshop ${counter}`;
  const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const [event] = await db
    .insert(eventEvents)
    .values({
      clinicId,
      slug,
      titleEn: title,
      titleEs: `Taller ${counter}`,
      descriptionEn: "<p>Exercises for dizziness and balance.</p>",
      descriptionEs: "<p>Ejercicios para el mareo y el equilibrio.</p>",
      startsAt,
      endsAt: new Date(startsAt.getTime() + (options.hours ?? 2) * 3_600_000),
      timeZone: "Europe/Madrid",
      venue: "Room 2, Calle Mayor 1, Madrid",
      capacity: options.capacity ?? 20,
      state: options.state ?? "published",
      currency: options.currency ?? "EUR",
      cancelHours: options.cancelHours ?? 24,
      holdHours: options.holdHours ?? 48,
    })
    .returning({ id: eventEvents.id, slug: eventEvents.slug });
  if (!event) throw new Error("The event was not written");
  const tickets = options.tickets ?? [{}];
  const rows = await db
    .insert(eventTicketTypes)
    .values(
      tickets.map((ticket, position) => ({
        eventId: event.id,
        nameEn: ticket.name ?? (ticket.priceCents ? "Standard" : "Free"),
        nameEs: ticket.name ?? (ticket.priceCents ? "General" : "Gratis"),
        priceCents: ticket.priceCents ?? 0,
        capacity: ticket.capacity ?? null,
        salesStart: ticket.salesStart ?? null,
        salesEnd: ticket.salesEnd ?? null,
        position,
      })),
    )
    .returning({ id: eventTicketTypes.id });
  return { id: event.id, slug: event.slug, ticketTypeIds: rows.map((row) => row.id) };
}
