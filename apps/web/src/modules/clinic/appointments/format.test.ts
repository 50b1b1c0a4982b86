import { type Appointment, SCHEDULE_MESSAGES } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import en from "./locales/en.json";
import es from "./locales/es.json";
import {
  draftOf,
  durationFor,
  fieldMessage,
  isOpen,
  localInstant,
  localParts,
  placeableFields,
  scheduleTimeOptions,
  slotsByDay,
  startTimeOptions,
  timeLabel,
  toCalendarEvent,
  visibleHours,
} from "./format.ts";
import { timeZoneOptions } from "../../../lib/zoned-time.ts";

const appointment = (change: Partial<Appointment> = {}): Appointment => ({
  id: 7,
  name: "Vestibular check",
  description: "First visit",
  start: "2030-03-04T09:00:00.000Z",
  end: "2030-03-04T09:30:00.000Z",
  duration: 30,
  appointmentType: 1,
  status: "accepted",
  denialReason: null,
  timeZone: "Europe/Madrid",
  serviceId: 3,
  serviceName: "Assessment",
  seriesId: null,
  provider: { id: "t1", name: "Marta Ruiz" },
  patient: { id: "p1", name: "Jon Arce" },
  createdBy: "t1",
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
  ...change,
});

const staff = { patient: false, canMove: true, showProvider: false, requestedLabel: "requested", now: Date.parse("2030-01-01T00:00:00Z") };

describe("time options", () => {
  it("go in 15-minute steps through the day; schedules end with 23:59", () => {
    const starts = startTimeOptions();
    expect(starts).toHaveLength(96);
    expect(starts.slice(0, 3)).toEqual(["00:00", "00:15", "00:30"]);
    expect(starts.at(-1)).toBe("23:45");
    const schedule = scheduleTimeOptions();
    expect(schedule).toHaveLength(97);
    expect(schedule.at(-1)).toBe("23:59");
  });

  it("are labelled hh:mm am/pm", () => {
    expect(timeLabel("00:00")).toBe("12:00 am");
    expect(timeLabel("09:15")).toBe("09:15 am");
    expect(timeLabel("13:45")).toBe("01:45 pm");
    expect(timeLabel("23:59")).toBe("11:59 pm");
  });
});

describe("local dates and times", () => {
  it("round-trip a local day and time through an ISO instant", () => {
    const iso = localInstant("2030-03-04", "09:15");
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    expect(localParts(iso)).toEqual({ date: "2030-03-04", time: "09:15" });
  });

  it("fit a selection to the offered durations", () => {
    expect(durationFor(15)).toBe(15);
    expect(durationFor(30)).toBe(30);
    expect(durationFor(50)).toBe(45);
    expect(durationFor(90)).toBe(60);
    expect(durationFor(24 * 60)).toBe(60);
    expect(durationFor(5)).toBe(15);
  });

  it("offer the known time zones with UTC and the current one", () => {
    const zones = timeZoneOptions("Mars/Olympus");
    expect(zones).toContain("UTC");
    expect(zones).toContain("Mars/Olympus");
    expect(zones).toContain("Europe/Madrid");
  });
});

describe("slotsByDay", () => {
  it("groups free slots by local day, in time order", () => {
    const slot = (start: string) => ({ start, end: new Date(Date.parse(start) + 15 * 60_000).toISOString() });
    const a = localInstant("2030-03-05", "10:00");
    const b = localInstant("2030-03-04", "16:00");
    const c = localInstant("2030-03-04", "09:00");
    const days = slotsByDay([slot(a), slot(b), slot(c)]);
    expect(days.map((day) => day.date)).toEqual(["2030-03-04", "2030-03-05"]);
    expect(days[0]?.slots.map((s) => s.start)).toEqual([c, b]);
  });
});

describe("toCalendarEvent", () => {
  it("titles an event by the patient for staff and by the therapist for patients", () => {
    expect(toCalendarEvent(appointment(), staff).title).toBe("Jon Arce · Vestibular check");
    expect(toCalendarEvent(appointment(), { ...staff, patient: true, canMove: false }).title).toBe("Marta Ruiz · Vestibular check");
    expect(toCalendarEvent(appointment(), { ...staff, showProvider: true }).title).toBe("Jon Arce · Vestibular check · Marta Ruiz");
  });

  it("marks requests in class and title", () => {
    const event = toCalendarEvent(appointment({ status: "requested" }), staff);
    expect(event.className).toBe("appointment-requested");
    expect(event.title).toBe("Jon Arce · Vestibular check (requested)");
    expect(toCalendarEvent(appointment(), staff).className).toBe("appointment-accepted");
  });

  it("lets staff drag only open appointments, never their length", () => {
    expect(toCalendarEvent(appointment(), staff)).toMatchObject({ id: "7", editable: true, durationEditable: false });
    expect(toCalendarEvent(appointment(), { ...staff, canMove: false }).editable).toBe(false);
    expect(toCalendarEvent(appointment({ start: "2029-12-31T09:00:00.000Z" }), staff).editable).toBe(false);
    expect(toCalendarEvent(appointment({ status: "denied" }), staff).editable).toBe(false);
    expect(toCalendarEvent(appointment(), staff).extendedProps.appointment.id).toBe(7);
  });

  it("knows what is still open", () => {
    expect(isOpen(appointment(), staff.now)).toBe(true);
    expect(isOpen(appointment({ status: "denied" }), staff.now)).toBe(false);
  });
});

describe("placeableFields", () => {
  it("keeps field errors of the form's fields, nested ones included", () => {
    const fields = { name: ["Required."], "rules.0.end": ["The end must be after the start."], detail: ["x"], other: ["y"] };
    expect(placeableFields(fields, ["name", "rules"])).toEqual(["name", "rules.0.end"]);
  });
});

describe("draftOf", () => {
  it("proposes the selected time and a fitting duration, or 09:00 of a whole day", () => {
    const start = new Date(2030, 2, 4, 10, 15);
    expect(draftOf(start, new Date(2030, 2, 4, 10, 45), false)).toEqual({ start, duration: 30 });
    const day = draftOf(new Date(2030, 2, 4), new Date(2030, 2, 5), true);
    expect(localParts(day.start)).toEqual({ date: "2030-03-04", time: "09:00" });
    expect(day.duration).toBe(15);
  });
});

describe("fieldMessage", () => {
  const t = (key: string) => `<${key}>`;
  it("translates the shared schemas' messages and leaves others as they are", () => {
    expect(fieldMessage(t, "The end must be after the start.")).toBe("<appointments.errors.endAfterStart>");
    expect(fieldMessage(t, "Times go in steps of 15 minutes (or 23:59).")).toBe("<appointments.errors.timeStep>");
    expect(fieldMessage(t, "Required.")).toBe("Required.");
    expect(fieldMessage(t, undefined)).toBeUndefined();
  });

  it("has a translation in both languages for every message the schemas write", () => {
    for (const locale of [en, es]) {
      for (const key of Object.keys(SCHEDULE_MESSAGES)) expect(locale.appointments.errors, key).toHaveProperty(key);
    }
  });
});

describe("visibleHours", () => {
  it("shows the working day, widened to whole hours around appointments outside it", () => {
    expect(visibleHours([])).toEqual({ min: "07:00:00", max: "21:00:00" });
    const early = { start: localInstant("2030-03-04", "06:15"), end: localInstant("2030-03-04", "06:45") };
    const late = { start: localInstant("2030-03-04", "21:30"), end: localInstant("2030-03-04", "22:15") };
    expect(visibleHours([early, late])).toEqual({ min: "06:00:00", max: "23:00:00" });
    const overnight = { start: localInstant("2030-03-04", "23:45"), end: localInstant("2030-03-05", "00:15") };
    expect(visibleHours([overnight]).max).toBe("24:00:00");
  });
});
