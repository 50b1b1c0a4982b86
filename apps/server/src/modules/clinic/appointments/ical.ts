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

/** One event of an invite or a feed, whatever booked it (an appointment, a booking of the booking app). */
export interface CalendarEvent {
  /** Stable for ever: calendar programs match updates and cancellations by it. */
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url: string;
  status: "confirmed" | "tentative" | "cancelled";
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
}

const STATUS = { confirmed: ICalEventStatus.CONFIRMED, tentative: ICalEventStatus.TENTATIVE, cancelled: ICalEventStatus.CANCELLED } as const;

function addCalendarEvent(calendar: ReturnType<typeof ical>, event: CalendarEvent) {
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    start: event.start,
    end: event.end,
    stamp: new Date(),
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: event.url,
    status: STATUS[event.status],
    organizer: event.organizer,
    attendees: event.attendees,
  });
}

/** An invite for one email: METHOD:REQUEST for a new or changed event, CANCEL when it is off. */
export function calendarInvite(event: CalendarEvent, cancelled: boolean): string {
  const calendar = ical({ prodId: PRODUCT, method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  addCalendarEvent(calendar, cancelled ? { ...event, status: "cancelled" } : event);
  return calendar.toString();
}

function appointmentEvent(entry: CalendarEntry, host: string, link: string, cancelled: boolean): CalendarEvent {
  const type = APPOINTMENT_TYPES[entry.appointmentType as keyof typeof APPOINTMENT_TYPES] ?? "";
  return {
    uid: appointmentUid(entry.id, host),
    sequence: entry.sequence,
    start: entry.startsAt,
    end: entry.endsAt,
    summary: `${entry.name} (${entry.provider.name} · ${entry.patient.name})`,
    description: `${entry.description}\n\n${type}\n${link}`,
    location: type,
    url: link,
    status: cancelled || entry.status === "denied" ? "cancelled" : entry.status === "requested" ? "tentative" : "confirmed",
    organizer: { name: entry.provider.name, email: entry.provider.email },
    attendees: [{ name: entry.patient.name, email: entry.patient.email }],
  };
}

/** An appointment's invite: METHOD:REQUEST for a new or changed appointment, CANCEL when it is off. */
export function inviteIcs(entry: CalendarEntry, host: string, link: string, cancelled: boolean): string {
  return calendarInvite(appointmentEvent(entry, host, link, cancelled), cancelled);
}

/**
 * A user's subscription feed: every appointment they hold, and the other modules' events of
 * theirs (`others`: the CRM's meetings), refreshed by the calendar program.
 */
export function feedIcs(entries: readonly CalendarEntry[], host: string, link: string, name: string, others: readonly CalendarEvent[] = []): string {
  const calendar = ical({ prodId: PRODUCT, method: ICalCalendarMethod.PUBLISH, name, ttl: 60 * 60 });
  for (const entry of entries) addCalendarEvent(calendar, appointmentEvent(entry, host, link, false));
  for (const event of others) addCalendarEvent(calendar, event);
  return calendar.toString();
}
