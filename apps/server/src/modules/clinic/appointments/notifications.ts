import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import type { JobQueue } from "../../../platform/jobs.ts";
import type { NotificationKind } from "@clinic/shared";
import { type Mailer, type OutgoingMail, queueMail } from "../../../platform/mail.ts";
import { emailWanted, notify as notifyUsers } from "../../../platform/notifications.ts";
import { queuePushes } from "../../../platform/push/push-delivery.ts";
import { appointments } from "./appointments.table.ts";
import { type CalendarEntry, entryOf, inviteIcs } from "./ical.ts";
import { personName } from "./scope.ts";

/**
 * Emails about appointments (issue 6): on request, booking, acceptance, denial, change and
 * cancellation, written in the transaction of the change (queueMail), and a reminder before
 * the appointment, sent by a pg-boss job that claims the appointment row first, so a repeated
 * or concurrent job sends nothing more. Each carries an .ics invite.
 */

export type AppointmentEvent = "requested" | "booked" | "accepted" | "denied" | "changed" | "cancelled" | "reminder";

export interface Person {
  id: string;
  name: string;
  email: string;
  language: string;
}

export interface AppointmentSnapshot extends Omit<CalendarEntry, "provider" | "patient"> {
  timeZone: string;
  denialReason: string | null;
  provider: Person;
  patient: Person;
}

const REMINDER_QUEUE = "appointment.reminder";
export const APPOINTMENTS_PAGE = "/manager/admin/appointments";

/** "2026-12-01, 09:00 AM (Europe/Madrid)": spec §9's date-time format, in the appointment's zone. */
export function formatWhen(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h12",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}, ${parts.hour}:${parts.minute} ${parts.dayPeriod} (${timeZone})`;
}

interface Texts {
  subject: string;
  lines: string[];
}

function texts(event: AppointmentEvent, a: AppointmentSnapshot, language: string, before: Date | null): Texts {
  const when = formatWhen(a.startsAt, a.timeZone);
  const was = before ? formatWhen(before, a.timeZone) : "";
  const es = language === "es";
  switch (event) {
    case "requested":
      return es
        ? {
            subject: `Nueva solicitud de cita: ${a.name}`,
            lines: [`${a.patient.name} solicita una cita el ${when}.`, "Acéptela o recházela en la aplicación:"],
          }
        : { subject: `New appointment request: ${a.name}`, lines: [`${a.patient.name} asks for an appointment on ${when}.`, "Accept or deny it in the app:"] };
    case "booked":
      return es
        ? { subject: `Nueva cita: ${a.name}`, lines: [`${a.provider.name} ha reservado una cita con usted el ${when}.`] }
        : { subject: `New appointment: ${a.name}`, lines: [`${a.provider.name} booked an appointment with you on ${when}.`] };
    case "accepted":
      return es
        ? { subject: `Cita aceptada: ${a.name}`, lines: [`${a.provider.name} ha aceptado su cita del ${when}.`] }
        : { subject: `Appointment accepted: ${a.name}`, lines: [`${a.provider.name} accepted your appointment on ${when}.`] };
    case "denied":
      return es
        ? {
            subject: `Solicitud de cita rechazada: ${a.name}`,
            lines: [`${a.provider.name} no puede atenderle el ${when}.`, `Motivo: ${a.denialReason ?? ""}`, "Puede solicitar otra hora en la aplicación:"],
          }
        : {
            subject: `Appointment request denied: ${a.name}`,
            lines: [`${a.provider.name} cannot see you on ${when}.`, `Reason: ${a.denialReason ?? ""}`, "You can request another time in the app:"],
          };
    case "changed":
      return es
        ? {
            subject: `Cita cambiada: ${a.name}`,
            lines: [`La cita entre ${a.provider.name} y ${a.patient.name} es ahora el ${when}${was ? ` (antes: ${was})` : ""}.`],
          }
        : {
            subject: `Appointment changed: ${a.name}`,
            lines: [`The appointment of ${a.provider.name} and ${a.patient.name} is now on ${when}${was ? ` (was ${was})` : ""}.`],
          };
    case "cancelled":
      return es
        ? { subject: `Cita cancelada: ${a.name}`, lines: [`La cita entre ${a.provider.name} y ${a.patient.name} del ${when} se ha cancelado.`] }
        : {
            subject: `Appointment cancelled: ${a.name}`,
            lines: [`The appointment of ${a.provider.name} and ${a.patient.name} on ${when} has been cancelled.`],
          };
    case "reminder":
      return es
        ? { subject: `Recordatorio: ${a.name}, ${when}`, lines: [`Le recordamos su cita con ${a.provider.name} el ${when}.`] }
        : { subject: `Reminder: ${a.name}, ${when}`, lines: [`This is a reminder of your appointment with ${a.provider.name} on ${when}.`] };
  }
}

/** Who hears of an event: the other side of whoever caused it (reminders go to the patient). */
function recipientsOf(event: AppointmentEvent, a: AppointmentSnapshot, actorId: string | null): Person[] {
  switch (event) {
    case "requested":
      return [a.provider];
    case "booked":
    case "accepted":
    case "denied":
    case "reminder":
      return [a.patient];
    case "changed":
    case "cancelled":
      return [a.provider, a.patient].filter((person) => person.id !== actorId);
  }
}

export interface MailContext {
  /** The site's address, for links and for the invites' UIDs. */
  publicUrl: string;
}

/** The emails an event sends, each with its .ics invite (a cancelling one when the appointment is off). */
export function appointmentMails(
  event: AppointmentEvent,
  a: AppointmentSnapshot,
  actorId: string | null,
  context: MailContext,
  before: Date | null = null,
): OutgoingMail[] {
  const link = new URL(APPOINTMENTS_PAGE, context.publicUrl).toString();
  const host = new URL(context.publicUrl).hostname;
  const cancelled = event === "cancelled" || event === "denied";
  const ics = inviteIcs(a, host, link, cancelled);
  return recipientsOf(event, a, actorId).map((person) => {
    const { subject, lines } = texts(event, a, person.language, before);
    return {
      to: person.email,
      userId: person.id,
      subject,
      text: [...lines, link].join("\n\n"),
      kind: `appointment.${event}`,
      attachments: [
        {
          filename: cancelled ? "cancel.ics" : "invite.ics",
          contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "REQUEST"}`,
          content: ics,
        },
      ],
    };
  });
}

/** Everything an email needs about one appointment, or null when it is gone. */
export async function snapshotOf(db: Db, id: number): Promise<AppointmentSnapshot | null> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  if (!row) return null;
  const people = await db
    .select({ id: users.id, email: users.email, language: users.language, name: personName(users) })
    .from(users)
    .where(sql`${users.id} in (${row.providerId}, ${row.patientId})`);
  const person = (id: string): Person => {
    const found = people.find((candidate) => candidate.id === id);
    return { id, name: found?.name || found?.email || "", email: found?.email ?? "", language: found?.language ?? "en" };
  };
  return {
    ...entryOf(row, person(row.providerId), person(row.patientId)),
    timeZone: row.timeZone,
    denialReason: row.denialReason,
    provider: person(row.providerId),
    patient: person(row.patientId),
  };
}

/** The in-app notification of each event (issue 19); the reminder is an email only. */
const NOTIFICATION_KIND: Record<AppointmentEvent, NotificationKind | null> = {
  requested: "appointmentRequested",
  booked: "appointmentBooked",
  accepted: "appointmentAccepted",
  denied: "appointmentDenied",
  changed: "appointmentChanged",
  cancelled: "appointmentCancelled",
  reminder: null,
};

/**
 * Writes the notifications and emails of `event` about appointment `id`, inside the caller's
 * transaction. The email (with its invite) goes to those who keep this kind by email (the
 * default); the in-app notification to every recipient.
 */
export async function notify(tx: Db, deps: NotifyDeps, event: AppointmentEvent, id: number, actorId: string | null, before: Date | null = null): Promise<void> {
  const snapshot = await snapshotOf(tx, id);
  if (!snapshot) return;
  const kind = NOTIFICATION_KIND[event];
  let mails = appointmentMails(event, snapshot, actorId, deps, before);
  if (kind) {
    const recipients = recipientsOf(event, snapshot, actorId).map((person) => person.id);
    const params = {
      name: snapshot.name,
      patient: snapshot.patient.name,
      provider: snapshot.provider.name,
      when: formatWhen(snapshot.startsAt, snapshot.timeZone),
      reason: snapshot.denialReason ?? "",
    };
    await notifyUsers(tx, deps, recipients, { kind, params, link: APPOINTMENTS_PAGE, sentBy: actorId, ownEmail: true });
    const wanted = await emailWanted(tx, recipients, kind);
    mails = mails.filter((mail) => mail.userId && wanted.has(mail.userId));
  }
  if (mails.length > 0) await queueMail(tx, deps.mailer, deps.jobs, mails);
  if (event === "reminder") await pushReminder(tx, deps, id, snapshot);
}

/**
 * The reminder also goes to the patient's push devices (issue 43.4), as its email does whatever
 * the choices; kept by the push service until the appointment starts, and no longer.
 */
async function pushReminder(tx: Db, deps: NotifyDeps, id: number, snapshot: AppointmentSnapshot, now = Date.now()): Promise<void> {
  const { subject, lines } = texts("reminder", snapshot, snapshot.patient.language, null);
  const ttlSeconds = Math.max(60, Math.floor((snapshot.startsAt.getTime() - now) / 1000));
  await queuePushes(tx, deps.jobs, [
    {
      userId: snapshot.patient.id,
      payload: { title: subject, body: lines.join(" "), link: APPOINTMENTS_PAGE, tag: `appointmentReminder:${id}` },
      ttlSeconds,
      urgency: "high",
    },
  ]);
}

export interface NotifyDeps extends MailContext {
  mailer: Mailer;
  jobs: JobQueue;
  reminderHours: number;
}

/** Enqueues the reminder of an accepted appointment (in `tx`): due `reminderHours` before it, or now if that has passed. */
export async function scheduleReminder(tx: Db, deps: NotifyDeps, appointment: { id: number; startsAt: Date }, now = Date.now()): Promise<void> {
  if (appointment.startsAt.getTime() <= now) return;
  const due = Math.max(now, appointment.startsAt.getTime() - deps.reminderHours * 3_600_000);
  const start = appointment.startsAt.toISOString();
  await deps.jobs.send(REMINDER_QUEUE, { id: appointment.id, start }, { tx, startAfter: new Date(due), singletonKey: `${appointment.id}:${start}` });
}

/**
 * The reminder worker. It claims the appointment (`reminder_sent_for` := its start) in the same
 * transaction that writes the email, and only when the appointment is still accepted, still
 * upcoming and still at the start the job was made for; a second run of the job, a run on
 * another node, or a job for a start since moved finds nothing to claim and sends nothing.
 */
export function registerReminders(db: Db, deps: NotifyDeps): void {
  deps.jobs.handle<{ id: number; start: string }>(REMINDER_QUEUE, async ({ id, start }) => {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(appointments)
        .set({ reminderSentFor: sql`${appointments.startsAt}` })
        .where(
          and(
            eq(appointments.id, id),
            eq(appointments.startsAt, new Date(start)),
            eq(appointments.status, "accepted"),
            gt(appointments.startsAt, sql`now()`),
            sql`${appointments.reminderSentFor} is distinct from ${appointments.startsAt}`,
          ),
        )
        .returning({ id: appointments.id });
      if (claimed.length > 0) await notify(tx, deps, "reminder", id, null);
    });
  });
}
