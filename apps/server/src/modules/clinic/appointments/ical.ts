import { APPOINTMENT_TYPES } from "@clinic/shared";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/** What an invite or a feed says about one appointment. */
export interface CalendarEntry {
  id: number;
  name: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  appointmentType: number;
  status: "requested" | "accepted" | "denied";
  sequence: number;
  provider: { name: string; email: string };
  patient: { name: string; email: string };
}

/** The fields of an appointment row an entry repeats, with its two people. */
export function entryOf(
  row: { id: number; name: string; description: string; startsAt: Date; endsAt: Date; appointmentType: number; status: string; sequence: number },
  provider: { name: string; email: string },
  patient: { name: string; email: string },
): CalendarEntry {
  const { id, name, description, startsAt, endsAt, appointmentType, sequence } = row;
  return { id, name, description, startsAt, endsAt, appointmentType, sequence, status: row.status as CalendarEntry["status"], provider, patient };
}

const PRODUCT = { company: "Therapy platform", product: "Appointments", language: "EN" } as const;

/** One UID per appointment, for ever: calendar programs match updates and cancellations by it. */
export function appointmentUid(id: number, host: string): string {
  return `appointment-${id}@${host}`;
}

function addEvent(calendar: ReturnType<typeof ical>, entry: CalendarEntry, host: string, link: string, cancelled: boolean) {
  const type = APPOINTMENT_TYPES[entry.appointmentType as keyof typeof APPOINTMENT_TYPES] ?? "";
  calendar.createEvent({
    id: appointmentUid(entry.id, host),
    sequence: entry.sequence,
    start: entry.startsAt,
    end: entry.endsAt,
    stamp: new Date(),
    summary: `${entry.name} (${entry.provider.name} · ${entry.patient.name})`,
    description: `${entry.description}\n\n${type}\n${link}`,
    location: type,
    url: link,
    status:
      cancelled || entry.status === "denied" ? ICalEventStatus.CANCELLED : entry.status === "requested" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    organizer: { name: entry.provider.name, email: entry.provider.email },
    attendees: [{ name: entry.patient.name, email: entry.patient.email }],
  });
}

/** An invite for one email: METHOD:REQUEST for a new or changed appointment, CANCEL when it is off. */
export function inviteIcs(entry: CalendarEntry, host: string, link: string, cancelled: boolean): string {
  const calendar = ical({ prodId: PRODUCT, method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  addEvent(calendar, entry, host, link, cancelled);
  return calendar.toString();
}

/** A user's subscription feed: every appointment they hold, refreshed by the calendar program. */
export function feedIcs(entries: readonly CalendarEntry[], host: string, link: string, name: string): string {
  const calendar = ical({ prodId: PRODUCT, method: ICalCalendarMethod.PUBLISH, name, ttl: 60 * 60 });
  for (const entry of entries) addEvent(calendar, entry, host, link, false);
  return calendar.toString();
}
