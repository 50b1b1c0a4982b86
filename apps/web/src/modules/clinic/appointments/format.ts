import {
  APPOINTMENT_DURATIONS,
  type Appointment,
  type AppointmentStatus,
  DATE_FORMAT,
  DEFAULT_APPOINTMENT_DURATION,
  SCHEDULE_TIME_STEP_MINUTES,
  type Slot,
  scheduleMessageKey,
} from "@clinic/shared";
import dayjs from "dayjs";

/** Times alone, as the date-time format of spec §9 shows them ("09:30 am"). */
export const TIME_FORMAT = "hh:mm a";
/** The last option of a schedule's time lists: the end of the day (spec §9). */
export const END_OF_DAY = "23:59";

const pad = (value: number) => String(value).padStart(2, "0");

/** An instant as the viewer's local time, `hh:mm a`. */
export const formatTime = (iso: string | Date) => dayjs(iso).format(TIME_FORMAT);

/** A wall-clock "HH:MM" of a schedule as `hh:mm a` (on a fixed day: no daylight-saving gap moves it). */
export const timeLabel = (value: string) => dayjs(`2000-01-03T${value}`).format(TIME_FORMAT);

/** The start times of a day on the schedule step: 00:00, 00:15 … 23:45. */
export function startTimeOptions(step = SCHEDULE_TIME_STEP_MINUTES): string[] {
  const options: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += step) options.push(`${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`);
  return options;
}

/** A schedule's rule and exception times: every step of the day, then 23:59 as its end. */
export const scheduleTimeOptions = (step = SCHEDULE_TIME_STEP_MINUTES) => [...startTimeOptions(step), END_OF_DAY];

/** The instant of a local day and wall-clock time of the viewer ("2026-05-04", "09:15"), in ISO 8601 UTC. */
export const localInstant = (date: string, time: string) => dayjs(`${date}T${time}`).toISOString();

/** The viewer's local day and "HH:MM" of an instant. */
export const localParts = (iso: string | Date) => ({ date: dayjs(iso).format(DATE_FORMAT), time: dayjs(iso).format("HH:mm") });

/** The offered duration nearest below `minutes` (a calendar selection of 90 minutes books 60). */
export function durationFor(minutes: number): (typeof APPOINTMENT_DURATIONS)[number] {
  const fitting = APPOINTMENT_DURATIONS.filter((duration) => duration <= minutes);
  return fitting.length ? fitting[fitting.length - 1] : DEFAULT_APPOINTMENT_DURATION;
}

/** Free slots by the viewer's local day, days and slots in time order. */
export function slotsByDay(slots: readonly Slot[]): { date: string; slots: Slot[] }[] {
  const days = new Map<string, Slot[]>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const date = dayjs(slot.start).format(DATE_FORMAT);
    days.set(date, [...(days.get(date) ?? []), slot]);
  }
  return [...days].map(([date, daySlots]) => ({ date, slots: daySlots }));
}

/** The chip colour of each state. */
export const STATUS_COLOR: Record<AppointmentStatus, "warning" | "success" | "error"> = { requested: "warning", accepted: "success", denied: "error" };

/** An appointment may still be changed or cancelled: it is held (not denied) and has not started. */
export const isOpen = (appointment: Pick<Appointment, "status" | "start">, now = Date.now()) =>
  appointment.status !== "denied" && Date.parse(appointment.start) > now;

export interface CalendarViewer {
  /** Patients see their therapist's name, staff the patient's. */
  patient: boolean;
  /** Staff who may move appointments (change_apointment). */
  canMove: boolean;
  /** Everyone's appointments are shown (the "All appointments" switch): add the therapist's name. */
  showProvider: boolean;
  /** The translated word that marks a request not answered yet. */
  requestedLabel: string;
  now?: number;
}

export interface AppointmentEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  className: string;
  editable: boolean;
  durationEditable: false;
  extendedProps: { appointment: Appointment };
}

/**
 * An appointment as a calendar event: titled by the other person and its name; a request not
 * answered yet carries its own class (drawn dashed and pale) and says so in its title, for
 * those who do not see the colour. Only open appointments can be dragged, by staff.
 */
export function toCalendarEvent(appointment: Appointment, viewer: CalendarViewer): AppointmentEvent {
  const who = viewer.patient ? appointment.provider.name : appointment.patient.name;
  const parts = [who, appointment.name];
  if (viewer.showProvider && !viewer.patient) parts.push(appointment.provider.name);
  const title = parts.join(" · ") + (appointment.status === "requested" ? ` (${viewer.requestedLabel})` : "");
  return {
    id: String(appointment.id),
    title,
    start: appointment.start,
    end: appointment.end,
    className: `appointment-${appointment.status}`,
    editable: viewer.canMove && isOpen(appointment, viewer.now),
    durationEditable: false,
    extendedProps: { appointment },
  };
}

/**
 * The 400 field errors a form can place: those whose first path segment is one of its fields
 * (the server names nested ones by path, such as `rules.0.end`).
 */
export const placeableFields = (fields: Record<string, string[]>, top: readonly string[]) =>
  Object.keys(fields).filter((key) => top.includes(key.split(".")[0] ?? ""));

/**
 * What a calendar selection proposes for a new appointment: its start and the offered duration
 * that fits; a whole day (the month view) proposes 09:00 of that day.
 */
export function draftOf(start: Date, end: Date, allDay: boolean): { start: Date; duration: number } {
  if (allDay) return { start: dayjs(start).hour(9).minute(0).second(0).millisecond(0).toDate(), duration: DEFAULT_APPOINTMENT_DURATION };
  return { start, duration: durationFor((end.getTime() - start.getTime()) / 60_000) };
}

/** A field message of the schedule or appointment schemas in the interface language; any other as it is. */
export function fieldMessage(t: (key: string) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = scheduleMessageKey(message);
  return key ? t(`appointments.errors.${key}`) : message;
}

/**
 * The hours the week and day views show: 07:00 to 21:00, widened to whole hours around any
 * appointment outside them (one past midnight shows the day to its end).
 */
export function visibleHours(appointments: readonly Pick<Appointment, "start" | "end">[], from = 7, to = 21): { min: string; max: string } {
  let min = from;
  let max = to;
  for (const appointment of appointments) {
    const start = dayjs(appointment.start);
    const end = dayjs(appointment.end);
    min = Math.min(min, start.hour());
    max = Math.max(max, end.isSame(start, "day") ? end.hour() + (end.minute() > 0 ? 1 : 0) : 24);
  }
  return { min: `${pad(min)}:00:00`, max: `${pad(max)}:00:00` };
}
