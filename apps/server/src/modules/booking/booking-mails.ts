import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { type Mailer, type OutgoingMail, queueMail } from "../../platform/mail.ts";
import { calendarInvite } from "../clinic/appointments/ical.ts";
import { formatWhen } from "../clinic/appointments/notifications.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { bookingLocations, bookingServices, bookingUnitHolds, bookingVariations, bookings } from "./booking.table.ts";
import { linkToken } from "../../platform/private-links.ts";

/**
 * The booking app's emails (issue 35), written in the transaction of the change through the
 * platform's mail queue, each with its .ics invite (the appointments' iCalendar code): to the
 * client in their language, and to the provider on a booking, a change or a cancellation. Jobs
 * (pg-boss) send the reminder before the visit and the request to rate it after; each claims its
 * booking row first, so a repeated or concurrent run sends nothing more; another lets a guest's
 * unconfirmed time go.
 */

export type BookingEvent = "confirm" | "confirmed" | "changed" | "cancelled" | "reminder" | "rate";

const REMINDER_QUEUE = "booking.reminder";
const RATE_QUEUE = "booking.rate";
const EXPIRY_QUEUE = "booking.expiry";
/** The client's page of one booking (manage, confirm, rate), reached by its private link. */
export const MANAGE_PAGE = "/schedule/app/my-booking";
const STAFF_PAGE = "/schedule/app/booking";
/** The client is asked to rate the visit this long after it ends. */
const RATE_AFTER_MS = 60 * 60_000;

export interface BookingMailDeps {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  publicUrl: string;
  /** Derives the private links' secrets (app.deriveKey("booking-links")). */
  linkKey: Buffer;
  reminderHours: number;
}

/** The private links' secrets of booking `id`: derived, never stored (only their hashes are), so a later email can carry them again. */
export function linkTokens(key: Buffer, id: number): { manage: string; confirm: string } {
  return { manage: linkToken(key, "booking-manage", id), confirm: linkToken(key, "booking-confirm", id) };
}

export function manageUrl(deps: Pick<BookingMailDeps, "publicUrl" | "linkKey">, id: number): string {
  return new URL(`${MANAGE_PAGE}/${linkTokens(deps.linkKey, id).manage}`, deps.publicUrl).toString();
}

interface Snapshot {
  id: number;
  status: string;
  service: string;
  variation: string;
  location: string;
  address: string;
  start: Date;
  end: Date;
  timeZone: string;
  locationZone: string;
  language: string;
  appointmentType: number;
  sequence: number;
  clientName: string;
  clientEmail: string;
  clientUserId: string | null;
  provider: { id: string; name: string; email: string; language: string };
}

async function snapshotOf(db: Db, id: number): Promise<Snapshot | null> {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      service: bookingServices.name,
      variation: bookingVariations.name,
      location: bookingLocations.name,
      address: bookingLocations.address,
      start: bookings.startsAt,
      end: bookings.endsAt,
      timeZone: bookings.timeZone,
      locationZone: bookingLocations.timeZone,
      language: bookings.language,
      appointmentType: bookings.appointmentType,
      sequence: bookings.sequence,
      clientName: bookings.clientName,
      clientEmail: bookings.clientEmail,
      clientUserId: bookings.clientUserId,
      providerId: users.id,
      providerName: personName(users),
      providerEmail: users.email,
      providerLanguage: users.language,
    })
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .innerJoin(bookingVariations, eq(bookingVariations.id, bookings.variationId))
    .innerJoin(bookingLocations, eq(bookingLocations.id, bookings.locationId))
    .innerJoin(users, eq(users.id, bookings.providerId))
    .where(eq(bookings.id, id));
  if (!row) return null;
  const { providerId, providerName, providerEmail, providerLanguage, ...rest } = row;
  return { ...rest, provider: { id: providerId, name: providerName, email: providerEmail, language: providerLanguage } };
}

interface Texts {
  subject: string;
  lines: string[];
}

/** The kind of visit as the client reads it (the web's bookingShared.appointmentTypes). */
const TYPE_NAMES: Record<string, Record<number, string>> = {
  en: { 1: "in person", 2: "by Skype", 3: "by phone", 4: "by FaceTime", 5: "at home", 6: "by Zoom" },
  es: { 1: "presencial", 2: "por Skype", 3: "por teléfono", 4: "por FaceTime", 5: "a domicilio", 6: "por Zoom" },
};
/** Only these are given at the location: the others are calls or visits at home. */
const AT_LOCATION = new Set([1]);

function clientTexts(event: BookingEvent, b: Snapshot, before: Date | null): Texts {
  const when = formatWhen(b.start, b.timeZone);
  const was = before ? formatWhen(before, b.timeZone) : "";
  const es = b.language === "es";
  const what = `${b.service} (${b.variation}, ${TYPE_NAMES[es ? "es" : "en"]?.[b.appointmentType] ?? ""})`;
  switch (event) {
    case "confirm":
      return es
        ? {
            subject: `Confirme su reserva: ${b.service}`,
            lines: [
              `Hola ${b.clientName}:`,
              `Reservamos ${what} con ${b.provider.name} el ${when}.`,
              "Confírmela en la próxima hora con este enlace, o la hora quedará libre:",
            ],
          }
        : {
            subject: `Confirm your booking: ${b.service}`,
            lines: [
              `Hello ${b.clientName},`,
              `We are holding ${what} with ${b.provider.name} on ${when}.`,
              "Confirm it within the hour with this link, or the time is let go:",
            ],
          };
    case "confirmed":
      return es
        ? {
            subject: `Reserva confirmada: ${b.service}, ${when}`,
            lines: [
              `Hola ${b.clientName}:`,
              `Su reserva de ${what} con ${b.provider.name} el ${when} está confirmada.`,
              `${b.location}${b.address ? `, ${b.address}` : ""}.`,
              "Cámbiela o cancélela con este enlace:",
            ],
          }
        : {
            subject: `Booking confirmed: ${b.service}, ${when}`,
            lines: [
              `Hello ${b.clientName},`,
              `Your booking of ${what} with ${b.provider.name} on ${when} is confirmed.`,
              `${b.location}${b.address ? `, ${b.address}` : ""}.`,
              "Change or cancel it with this link:",
            ],
          };
    case "changed":
      return es
        ? {
            subject: `Reserva cambiada: ${b.service}, ${when}`,
            lines: [`Su reserva de ${what} con ${b.provider.name} es ahora el ${when}${was ? ` (antes: ${was})` : ""}.`, "Su enlace:"],
          }
        : {
            subject: `Booking changed: ${b.service}, ${when}`,
            lines: [`Your booking of ${what} with ${b.provider.name} is now on ${when}${was ? ` (was ${was})` : ""}.`, "Your link:"],
          };
    case "cancelled":
      return es
        ? {
            subject: `Reserva cancelada: ${b.service}`,
            lines: [`Su reserva de ${what} con ${b.provider.name} el ${when} se ha cancelado.`, "Puede reservar otra hora aquí:"],
          }
        : {
            subject: `Booking cancelled: ${b.service}`,
            lines: [`Your booking of ${what} with ${b.provider.name} on ${when} has been cancelled.`, "You can book another time here:"],
          };
    case "reminder":
      return es
        ? {
            subject: `Recordatorio: ${b.service}, ${when}`,
            lines: [`Le recordamos su reserva de ${what} con ${b.provider.name} el ${when}.`, "Cámbiela o cancélela con este enlace:"],
          }
        : {
            subject: `Reminder: ${b.service}, ${when}`,
            lines: [`This is a reminder of your booking of ${what} with ${b.provider.name} on ${when}.`, "Change or cancel it with this link:"],
          };
    case "rate":
      return es
        ? {
            subject: `¿Qué tal fue su visita? ${b.service}`,
            lines: [`Gracias por su visita con ${b.provider.name}.`, "Califíquela de 1 a 5 con este enlace (una sola vez):"],
          }
        : {
            subject: `How was your visit? ${b.service}`,
            lines: [`Thank you for your visit with ${b.provider.name}.`, "Rate it from 1 to 5 with this link (once):"],
          };
  }
}

function providerTexts(event: BookingEvent, b: Snapshot, before: Date | null): Texts | null {
  const when = formatWhen(b.start, b.locationZone);
  const was = before ? formatWhen(before, b.locationZone) : "";
  const es = b.provider.language === "es";
  switch (event) {
    case "confirmed":
      return es
        ? { subject: `Nueva reserva: ${b.service}, ${when}`, lines: [`${b.clientName} reservó ${b.service} (${b.variation}) con usted el ${when}.`] }
        : { subject: `New booking: ${b.service}, ${when}`, lines: [`${b.clientName} booked ${b.service} (${b.variation}) with you on ${when}.`] };
    case "changed":
      return es
        ? { subject: `Reserva cambiada: ${b.service}, ${when}`, lines: [`La reserva de ${b.clientName} es ahora el ${when}${was ? ` (antes: ${was})` : ""}.`] }
        : { subject: `Booking changed: ${b.service}, ${when}`, lines: [`${b.clientName}'s booking is now on ${when}${was ? ` (was ${was})` : ""}.`] };
    case "cancelled":
      return es
        ? { subject: `Reserva cancelada: ${b.service}, ${when}`, lines: [`La reserva de ${b.clientName} del ${when} se ha cancelado.`] }
        : { subject: `Booking cancelled: ${b.service}, ${when}`, lines: [`${b.clientName}'s booking on ${when} has been cancelled.`] };
    default:
      return null;
  }
}

/** The emails of `event` about a booking: the client's with their link, the provider's with the staff page, each with an invite where it changes a calendar. */
export function bookingMails(
  event: BookingEvent,
  b: Snapshot,
  deps: Pick<BookingMailDeps, "publicUrl" | "linkKey">,
  before: Date | null,
  slug: string,
): OutgoingMail[] {
  const tokens = linkTokens(deps.linkKey, b.id);
  const manage = new URL(`${MANAGE_PAGE}/${tokens.manage}`, deps.publicUrl).toString();
  const clientLink =
    event === "confirm"
      ? `${manage}?confirm=${tokens.confirm}`
      : event === "cancelled"
        ? new URL(`/schedule/app/booking/${slug}`, deps.publicUrl).toString()
        : event === "rate"
          ? `${manage}#rate`
          : manage;
  const staffLink = new URL(STAFF_PAGE, deps.publicUrl).toString();
  const cancelled = event === "cancelled";
  const withInvite = event === "confirmed" || event === "changed" || cancelled;
  const invite = (link: string) =>
    calendarInvite(
      {
        uid: `booking-${b.id}@${new URL(deps.publicUrl).hostname}`,
        sequence: b.sequence,
        start: b.start,
        end: b.end,
        summary: `${b.service} (${b.variation}) · ${b.provider.name}`,
        description: `${b.clientName}\n${link}`,
        location: AT_LOCATION.has(b.appointmentType) ? [b.location, b.address].filter(Boolean).join(", ") : (TYPE_NAMES.en?.[b.appointmentType] ?? ""),
        url: link,
        status: "confirmed",
        organizer: { name: b.provider.name, email: b.provider.email },
        attendees: [{ name: b.clientName, email: b.clientEmail }],
      },
      cancelled,
    );
  const attachments = (link: string) =>
    withInvite
      ? [
          {
            filename: cancelled ? "cancel.ics" : "invite.ics",
            contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "REQUEST"}`,
            content: invite(link),
          },
        ]
      : [];
  const client = clientTexts(event, b, before);
  const mails: OutgoingMail[] = [
    {
      to: b.clientEmail,
      userId: b.clientUserId,
      subject: client.subject,
      text: [...client.lines, clientLink].join("\n\n"),
      kind: `booking.${event}`,
      attachments: attachments(manage),
    },
  ];
  const provider = providerTexts(event, b, before);
  if (provider)
    mails.push({
      to: b.provider.email,
      userId: b.provider.id,
      subject: provider.subject,
      text: [...provider.lines, staffLink].join("\n\n"),
      kind: `booking.${event}`,
      attachments: attachments(staffLink),
    });
  return mails;
}

/** Writes the emails of `event` about booking `id` inside the caller's transaction. */
export async function sendBookingMails(tx: Db, deps: BookingMailDeps, event: BookingEvent, id: number, before: Date | null = null): Promise<void> {
  const snapshot = await snapshotOf(tx, id);
  if (!snapshot) return;
  const [service] = await tx
    .select({ slug: bookingServices.slug })
    .from(bookingServices)
    .innerJoin(bookings, eq(bookings.serviceId, bookingServices.id))
    .where(eq(bookings.id, id));
  await queueMail(tx, deps.mailer, deps.jobs, bookingMails(event, snapshot, deps, before, service?.slug ?? ""));
}

/**
 * The jobs a confirmed booking at `start` needs (in `tx`): its reminder, due `reminderHours`
 * before it (or now), and the request to rate it an hour after it ends. Each is keyed by the
 * booking and its start, so moving it makes new ones and the old ones find nothing to claim.
 */
export async function scheduleBookingJobs(tx: Db, deps: BookingMailDeps, booking: { id: number; start: Date; end: Date }, now = Date.now()): Promise<void> {
  const start = booking.start.toISOString();
  if (booking.start.getTime() > now) {
    const due = Math.max(now, booking.start.getTime() - deps.reminderHours * 3_600_000);
    await deps.jobs.send(REMINDER_QUEUE, { id: booking.id, start }, { tx, startAfter: new Date(due), singletonKey: `${booking.id}:${start}` });
  }
  await deps.jobs.send(
    RATE_QUEUE,
    { id: booking.id, start },
    { tx, startAfter: new Date(booking.end.getTime() + RATE_AFTER_MS), singletonKey: `${booking.id}:${start}` },
  );
}

/** The job that lets a guest's unconfirmed time go at `confirmBy`. */
export async function scheduleExpiry(tx: Db, deps: BookingMailDeps, booking: { id: number; confirmBy: Date }): Promise<void> {
  await deps.jobs.send(EXPIRY_QUEUE, { id: booking.id }, { tx, startAfter: booking.confirmBy, singletonKey: String(booking.id) });
}

/** Lets pending bookings past their confirmation time go: cancelled, their units freed. Answers how many. */
export async function expirePending(tx: Db, ids: number[] | null, now = new Date()): Promise<number> {
  const expired = await tx
    .update(bookings)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(bookings.status, "pending"), lt(bookings.confirmBy, now), ids === null ? undefined : inArray(bookings.id, ids.length > 0 ? ids : [-1])))
    .returning({ id: bookings.id });
  if (expired.length > 0)
    await tx.delete(bookingUnitHolds).where(
      inArray(
        bookingUnitHolds.bookingId,
        expired.map((row) => row.id),
      ),
    );
  return expired.length;
}

/** The workers of the reminder, the rating request and the expiry; each claims its row first (exactly once across runs and nodes). */
export function registerBookingJobs(deps: BookingMailDeps): void {
  const { db, jobs } = deps;
  jobs.handle<{ id: number; start: string }>(REMINDER_QUEUE, async ({ id, start }) => {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(bookings)
        .set({ reminderSentFor: sql`${bookings.startsAt}` })
        .where(
          and(
            eq(bookings.id, id),
            eq(bookings.startsAt, new Date(start)),
            eq(bookings.status, "confirmed"),
            gt(bookings.startsAt, sql`now()`),
            sql`${bookings.reminderSentFor} is distinct from ${bookings.startsAt}`,
          ),
        )
        .returning({ id: bookings.id });
      if (claimed.length > 0) await sendBookingMails(tx, deps, "reminder", id);
    });
  });
  jobs.handle<{ id: number; start: string }>(RATE_QUEUE, async ({ id, start }) => {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(bookings)
        .set({ ratingAskedAt: sql`now()` })
        .where(
          and(
            eq(bookings.id, id),
            eq(bookings.startsAt, new Date(start)),
            inArray(bookings.status, ["confirmed", "completed"]),
            lt(bookings.endsAt, sql`now()`),
            isNull(bookings.ratingAskedAt),
            sql`not exists (select 1 from booking_ratings r where r.booking_id = ${bookings.id})`,
          ),
        )
        .returning({ id: bookings.id });
      if (claimed.length > 0) await sendBookingMails(tx, deps, "rate", id);
    });
  });
  jobs.handle<{ id: number }>(EXPIRY_QUEUE, async ({ id }) => {
    await db.transaction((tx) => expirePending(tx, [id]));
  });
}
