import type { Appointment, ScheduleInput, Service, ServiceSlots } from "@clinic/shared";
import { and, count, eq, like, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { makeClinic, makeTherapist, type MadeClinic } from "../../../../test/factories.ts";
import { caller } from "../../../../test/people.ts";
import { mailMessages } from "../../../platform/mail.table.ts";
import { appointments, schedules, services } from "./appointments.table.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Open every day, all day, in UTC, on 30-minute slots: any future half hour can be booked. */
const alwaysOpen: ScheduleInput = {
  name: "Always open",
  description: "Every day",
  duration: 30,
  appointmentTypes: [1, 6],
  timeZone: "UTC",
  rules: [{ day: "all", start: "00:00", end: "23:59" }],
  exceptions: [],
};

/** A half-hour start `days` ahead at `hour`:00 UTC. */
function at(days: number, hour: number, minute = 0): string {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(hour, minute, 0, 0);
  return date.toISOString();
}

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event)) };
}

let t: TestApp;
let call: ReturnType<typeof caller>;
let therapist: string;
let patient: string;
let patient2: string;
let clinic: string;
let admin: string;
let other: MadeClinic;
let otherTherapist: string;
let otherPatient: string;
let service: Service;

async function mailsTo(email: string, kind: string) {
  return t.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.to, email), eq(mailMessages.kind, kind)));
}

async function request(cookie: string, start: string, extra: Record<string, unknown> = {}) {
  return call("POST", "/api/appointment/", cookie, {
    name: "Check-up",
    description: "Dizziness follow-up",
    start,
    appointmentType: 1,
    serviceId: service.id,
    ...extra,
  });
}

async function book(cookie: string, start: string, extra: Record<string, unknown> = {}) {
  return call("POST", "/api/appointment/", cookie, {
    name: "Session",
    description: "Vestibular therapy",
    start,
    duration: 30,
    appointmentType: 1,
    patientId: t.ids.patient,
    ...extra,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  [therapist, patient, patient2, clinic, admin] = await Promise.all([
    t.loginAs("therapist"),
    t.loginAs("patient"),
    t.loginAs("patient2"),
    t.loginAs("clinic"),
    t.loginAs("admin"),
  ]);
  other = await makeClinic(t.db);
  [otherTherapist, otherPatient] = await Promise.all([
    t.login(other.therapist.email, other.therapist.password),
    t.login(other.patient.email, other.patient.password),
  ]);
  const schedule = await call("POST", "/api/schedules/", therapist, alwaysOpen);
  expect(schedule.statusCode).toBe(201);
  const created = await call("POST", "/api/create-service/", therapist, {
    name: "Vestibular session",
    description: "Thirty minutes",
    scheduleId: schedule.json().id,
  });
  expect(created.statusCode).toBe(201);
  service = created.json();
});

afterAll(async () => {
  await t?.close();
});

describe("schedules", () => {
  it("are created, read, replaced and listed by their therapist", async () => {
    const input: ScheduleInput = {
      name: "Mornings",
      description: "Weekday mornings, Madrid",
      appointmentTypes: [6, 1, 1],
      timeZone: "Europe/Madrid",
      rules: [
        { day: "week", start: "09:00", end: "13:00" },
        { day: "6", start: "10:00", end: "12:00" },
      ],
      exceptions: [
        { date: "2030-12-25", closed: true },
        { date: "2030-12-24", closed: false, start: "09:00", end: "11:00" },
      ],
    };
    const created = await call("POST", "/api/schedules/", therapist, input);
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ duration: 15, appointmentTypes: [1, 6], timeZone: "Europe/Madrid", rules: input.rules });
    expect(body.exceptions).toEqual([
      { date: "2030-12-24", closed: false, start: "09:00", end: "11:00" },
      { date: "2030-12-25", closed: true, start: null, end: null },
    ]);
    const replaced = await call("PUT", `/api/schedules/${body.id}`, therapist, { ...input, duration: 45, exceptions: [] });
    expect(replaced.json()).toMatchObject({ duration: 45, exceptions: [] });
    expect((await call("GET", `/api/schedules/${body.id}`, therapist)).json().duration).toBe(45);
    const list = (await call("GET", "/api/schedules/", therapist)).json() as { id: number }[];
    expect(list.map((row) => row.id)).toContain(body.id);
    expect((await call("DELETE", `/api/schedules/${body.id}`, therapist)).statusCode).toBe(204);
  });

  it("refuse bad input with field errors and write nothing", async () => {
    const [before] = await t.db.select({ n: count() }).from(schedules);
    const cases: [Partial<ScheduleInput>, string][] = [
      [{ rules: [{ day: "1", start: "13:00", end: "09:00" }] }, "rules.0.end"],
      [{ rules: [{ day: "1", start: "09:10", end: "10:00" }] }, "rules.0.start"],
      [{ rules: [{ day: "8" as "1", start: "09:00", end: "10:00" }] }, "rules.0.day"],
      [{ rules: [] }, "rules"],
      [{ duration: 20 as 15 }, "duration"],
      [{ appointmentTypes: [7 as 1] }, "appointmentTypes.0"],
      [{ appointmentTypes: [] }, "appointmentTypes"],
      [{ timeZone: "Mars/Olympus" }, "timeZone"],
      [{ name: "  " }, "name"],
      [{ description: "" }, "description"],
      [{ exceptions: [{ date: "2030-02-30", closed: true }] }, "exceptions.0.date"],
      [{ exceptions: [{ date: "2030-03-01", closed: false, start: "12:00", end: "11:00" }] }, "exceptions.0.end"],
      [
        {
          exceptions: [
            { date: "2030-03-01", closed: true },
            { date: "2030-03-01", closed: true },
          ],
        },
        "exceptions.1.date",
      ],
    ];
    for (const [change, field] of cases) {
      const response = await call("POST", "/api/schedules/", therapist, { ...alwaysOpen, ...change });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json()), field).toContain(field);
    }
    const [after] = await t.db.select({ n: count() }).from(schedules);
    expect(after?.n).toBe(before?.n);
  });

  it("belong to their therapist: others are refused, patients cannot keep one", async () => {
    const [own] = (await call("GET", "/api/schedules/", therapist)).json() as { id: number }[];
    expect((await call("GET", `/api/schedules/${own?.id}`, otherTherapist)).statusCode).toBe(403);
    expect((await call("PUT", `/api/schedules/${own?.id}`, otherTherapist, alwaysOpen)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/schedules/${own?.id}`, otherTherapist)).statusCode).toBe(403);
    expect((await call("GET", "/api/schedules/", otherTherapist)).json()).toEqual([]);
    expect((await call("POST", "/api/schedules/", patient, alwaysOpen)).statusCode).toBe(403);
    expect((await call("GET", "/api/schedules/", undefined)).statusCode).toBe(401);
    expect((await call("GET", `/api/schedules/${own?.id}`, clinic)).statusCode).toBe(200);
    expect((await call("GET", "/api/schedules/999999", therapist)).statusCode).toBe(404);
  });

  it("cannot be deleted while a service uses it", async () => {
    const response = await call("DELETE", `/api/schedules/${service.scheduleId}`, therapist);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toContain("Vestibular session");
  });
});

describe("services", () => {
  it("are created with the spec's fields, updated, listed and deleted", async () => {
    const created = await call("POST", "/api/create-service/", therapist, { name: "Balance check", description: "A short check" });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ scheduleId: null, providerName: "Tomás Herrera" });
    const updated = await call("PUT", `/api/delete-update-service/${id}`, therapist, {
      name: "Balance test",
      description: "Longer",
      scheduleId: service.scheduleId,
    });
    expect(updated.json()).toMatchObject({ name: "Balance test", scheduleId: service.scheduleId, scheduleName: "Always open" });
    const mine = (await call("GET", "/api/user-services/", therapist)).json() as Service[];
    expect(mine.map((row) => row.name)).toEqual(expect.arrayContaining(["Balance test", "Vestibular session"]));
    expect((await call("DELETE", `/api/delete-update-service/${id}`, therapist)).statusCode).toBe(204);
    expect((await call("GET", `/api/schedule-service/${id}`, therapist)).statusCode).toBe(404);
  });

  it("require a name and a description, and one of the therapist's own schedules", async () => {
    const [before] = await t.db.select({ n: count() }).from(services);
    const missing = await call("POST", "/api/create-service/", therapist, { name: "", description: "" });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(expect.arrayContaining(["name", "description"]));
    const foreign = await call("POST", "/api/create-service/", otherTherapist, { name: "Mine", description: "Not mine", scheduleId: service.scheduleId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().scheduleId).toBeDefined();
    const [after] = await t.db.select({ n: count() }).from(services);
    expect(after?.n).toBe(before?.n);
  });

  it("are bookable by the therapist's patients only", async () => {
    const mine = (await call("GET", "/api/patient-services/", patient)).json() as Service[];
    expect(mine.map((row) => row.id)).toContain(service.id);
    expect((await call("GET", "/api/patient-services/", otherPatient)).json()).toEqual([]);
    expect((await call("GET", `/api/schedule-service/${service.id}`, otherPatient)).statusCode).toBe(403);
    expect((await call("PUT", `/api/delete-update-service/${service.id}`, otherTherapist, { name: "x", description: "y" })).statusCode).toBe(403);
    expect((await call("POST", "/api/create-service/", patient, { name: "x", description: "y" })).statusCode).toBe(403);
  });

  it("answer their free slots from the schedule", async () => {
    const from = at(3, 0).slice(0, 10);
    const response = await call("GET", `/api/schedule-service/${service.id}?from=${from}&to=${from}`, patient);
    expect(response.statusCode).toBe(200);
    const body = response.json() as ServiceSlots;
    expect(body.schedule?.name).toBe("Always open");
    expect(body.slots).toHaveLength(48);
    expect(body.slots[0]).toEqual({ start: `${from}T00:00:00.000Z`, end: `${from}T00:30:00.000Z` });
    expect((await call("GET", `/api/schedule-service/${service.id}?from=2030-01-01&to=2030-04-01`, patient)).statusCode).toBe(400);
    expect((await call("GET", `/api/schedule-service/${service.id}?from=2030-02-01&to=2030-01-01`, patient)).statusCode).toBe(400);
  });
});

describe("a patient's request", () => {
  it("holds a free slot, writes to the therapist with an invite, and shows as requested", async () => {
    const start = at(2, 10);
    const response = await request(patient, start);
    expect(response.statusCode).toBe(201);
    const created = response.json() as Appointment;
    expect(created).toMatchObject({
      status: "requested",
      start,
      duration: 30,
      timeZone: "UTC",
      serviceName: "Vestibular session",
      patient: { name: "Pablo Díaz" },
      provider: { name: "Tomás Herrera" },
    });
    const day = start.slice(0, 10);
    const slots = (await call("GET", `/api/schedule-service/${service.id}?from=${day}&to=${day}`, patient)).json() as ServiceSlots;
    expect(slots.slots.map((slot) => slot.start)).not.toContain(start);
    const [mail] = await mailsTo("therapist@example.com", "appointment.requested");
    expect(mail?.subject).toBe("New appointment request: Check-up");
    const ics = mail?.attachments?.[0];
    expect(ics?.contentType).toContain("method=REQUEST");
    const { calendar, events } = parseCalendar(ics?.content ?? "");
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(events[0]?.uid).toBe(`appointment-${created.id}@localhost`);
    expect(events[0]?.startDate.toJSDate().toISOString()).toBe(start);
    expect(events[0]?.endDate.toJSDate().toISOString()).toBe(new Date(Date.parse(start) + 30 * 60_000).toISOString());
    const mine = (await call("GET", "/api/request-appointments/", patient)).json();
    expect(mine.data.map((row: Appointment) => row.id)).toContain(created.id);
    const waiting = (await call("GET", "/api/request-appointments/", therapist)).json();
    expect(waiting.data.map((row: Appointment) => row.id)).toContain(created.id);
  });

  it("is refused with field errors for bad input, and writes nothing", async () => {
    const [before] = await t.db.select({ n: count() }).from(appointments);
    const cases: [Record<string, unknown>, string][] = [
      [{ start: at(-1, 10) }, "start"],
      [{ start: at(2, 10, 10) }, "start"],
      [{ start: "tomorrow" }, "start"],
      [{ duration: 20 }, "duration"],
      [{ appointmentType: 9 }, "appointmentType"],
      [{ appointmentType: 2 }, "appointmentType"],
      [{ patientId: t.ids.patient2 }, "patientId"],
      [{ serviceId: null }, "serviceId"],
      [{ name: "" }, "name"],
      [{ description: " " }, "description"],
    ];
    for (const [change, field] of cases) {
      const response = await request(patient, at(2, 14), change);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json()), field).toContain(field);
    }
    const [after] = await t.db.select({ n: count() }).from(appointments);
    expect(after?.n).toBe(before?.n);
  });

  it("for one slot asked twice at once: exactly one booking, and one 409 saying the time is no longer free, every time", async () => {
    // Twenty races on twenty slots, the second request sent after 0 to 19 database round trips
    // of its own: so the loser meets the winner at every step, either at the free-slot check
    // (the winner's row already there) or at the exclusion constraint. Both answer the same 409.
    for (let race = 0; race < 20; race += 1) {
      const start = at(20 + Math.floor(race / 10), 8 + (race % 10));
      const [first, second] = race % 2 === 0 ? [patient, patient2] : [patient2, patient];
      const late = async () => {
        for (let trip = 0; trip < race; trip += 1) await t.db.execute(sql`select 1`);
        return request(second, start);
      };
      const answers = await Promise.all([request(first, start), late()]);
      expect(answers.map((answer) => answer.statusCode).sort(), `race ${race}`).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json(), `race ${race}`).toEqual({ detail: "This time is no longer free: the therapist has another appointment then." });
      const rows = await t.db
        .select()
        .from(appointments)
        .where(eq(appointments.startsAt, new Date(start)));
      expect(rows, `race ${race}`).toHaveLength(1);
    }
  });

  it("answers 409, not 400, to a second patient asking for a slot already requested", async () => {
    const start = at(4, 9);
    expect((await request(patient, start)).statusCode).toBe(201);
    const second = await request(patient2, start);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: "This time is no longer free: the therapist has another appointment then." });
    // A time that is no slot of the schedule stays bad input.
    const between = await request(patient2, at(4, 9, 10));
    expect(between.statusCode).toBe(400);
    expect(between.json().start).toEqual(["This time is not one of the free slots of the schedule."]);
  });

  it("is answered by the therapist: accepted (the patient is told, with an invite), or denied with a reason the patient reads", async () => {
    const accepted = (await request(patient, at(5, 11))).json() as Appointment;
    expect((await call("PUT", `/api/accepted-appointment/${accepted.id}`, patient)).statusCode).toBe(403);
    expect((await call("PUT", `/api/accepted-appointment/${accepted.id}`, otherTherapist)).statusCode).toBe(403);
    const answer = await call("PUT", `/api/accepted-appointment/${accepted.id}`, therapist);
    expect(answer.json().status).toBe("accepted");
    expect((await call("PUT", `/api/accepted-appointment/${accepted.id}`, therapist)).statusCode).toBe(409);
    const [mail] = await mailsTo("patient1@example.com", "appointment.accepted");
    expect(mail?.subject).toBe("Appointment accepted: Check-up");
    const { events } = parseCalendar(mail?.attachments?.[0]?.content ?? "");
    expect(events[0]?.component.getFirstPropertyValue("status")).toBe("CONFIRMED");

    const denied = (await request(patient2, at(5, 12))).json() as Appointment;
    const noReason = await call("PUT", `/api/denied-appointment/${denied.id}`, therapist, { reason: " " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().reason).toBeDefined();
    const refused = await call("PUT", `/api/denied-appointment/${denied.id}`, therapist, { reason: "I am away that day." });
    expect(refused.json()).toMatchObject({ status: "denied", denialReason: "I am away that day." });
    const [spanish] = await mailsTo("patient2@example.com", "appointment.denied");
    expect(spanish?.subject).toBe("Solicitud de cita rechazada: Check-up");
    expect(spanish?.text).toContain("Motivo: I am away that day.");
    expect(parseCalendar(spanish?.attachments?.[0]?.content ?? "").calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    const seen = (await call("GET", "/api/request-appointments/", patient2)).json().data as Appointment[];
    expect(seen.find((row) => row.id === denied.id)).toMatchObject({ status: "denied", denialReason: "I am away that day." });
    // A denied request frees its time.
    expect((await request(patient, at(5, 12))).statusCode).toBe(201);
  });

  it("can be cancelled by its patient, not by another", async () => {
    const mine = (await request(patient, at(6, 15))).json() as Appointment;
    expect((await call("DELETE", `/api/appointment-detail/${mine.id}`, patient2)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/appointment-detail/${mine.id}`, otherPatient)).statusCode).toBe(403);
    expect((await call("PUT", `/api/appointment-detail/${mine.id}`, patient, { start: at(6, 16) })).statusCode).toBe(403);
    expect((await call("DELETE", `/api/appointment-detail/${mine.id}`, patient)).statusCode).toBe(204);
    const [mail] = await mailsTo("therapist@example.com", "appointment.cancelled");
    expect(mail?.subject).toBe("Appointment cancelled: Check-up");
    expect((await call("GET", `/api/appointment-detail/${mine.id}`, patient)).statusCode).toBe(404);
  });
});

describe("staff bookings", () => {
  it("book a patient directly, accepted, and refuse an overlap with a 409", async () => {
    const start = at(8, 9);
    const booked = await book(therapist, start);
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ status: "accepted", createdBy: t.ids.therapist });
    const [mail] = await mailsTo("patient1@example.com", "appointment.booked");
    expect(mail?.subject).toBe("New appointment: Session");
    const overlapping = await book(therapist, at(8, 9, 15), { patientId: t.ids.patient2 });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().detail).toContain("no longer free");
    const patientBusy = await book(otherTherapist, start, { patientId: other.patient.id });
    expect(patientBusy.statusCode).toBe(201);
  });

  it("refuse patients outside their care and another clinic's therapist", async () => {
    const foreign = await book(therapist, at(8, 11), { patientId: other.patient.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().patientId).toBeDefined();
    expect((await book(therapist, at(8, 11), { patientId: undefined })).json().patientId).toBeDefined();
    expect((await book(therapist, at(8, 11), { providerId: other.therapist.id })).statusCode).toBe(403);
    expect((await book(clinic, at(8, 11), { providerId: other.therapist.id })).json().providerId).toBeDefined();
  });

  it("are moved (the patient is told; the old time frees), never onto another appointment or into the past", async () => {
    const first = (await book(therapist, at(9, 9))).json() as Appointment;
    const second = (await book(therapist, at(9, 10), { patientId: t.ids.patient2 })).json() as Appointment;
    expect((await call("PUT", `/api/appointment-detail/${first.id}`, therapist, { start: at(9, 10) })).statusCode).toBe(409);
    expect((await call("PUT", `/api/appointment-detail/${first.id}`, therapist, { start: at(-1, 10) })).json().start).toBeDefined();
    expect((await call("PUT", `/api/appointment-detail/${first.id}`, therapist, {})).statusCode).toBe(400);
    const moved = await call("PUT", `/api/appointment-detail/${first.id}`, therapist, { start: at(9, 11), duration: 45 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ start: at(9, 11), end: new Date(Date.parse(at(9, 11)) + 45 * 60_000).toISOString(), duration: 45 });
    const [mail] = await mailsTo("patient1@example.com", "appointment.changed");
    expect(mail?.text).toContain("(was ");
    const { events } = parseCalendar(mail?.attachments?.[0]?.content ?? "");
    expect(events[0]?.sequence).toBe(1);
    expect((await call("PUT", `/api/appointment-detail/${second.id}`, therapist, { start: at(9, 9) })).statusCode).toBe(200);
    expect((await call("PUT", `/api/appointment-detail/${second.id}`, otherTherapist, { start: at(9, 13) })).statusCode).toBe(403);
  });

  it("book a weekly series; deleting with related removes that one and the later ones", async () => {
    const series = await book(therapist, at(10, 16), { repeatWeeks: 4 });
    expect(series.statusCode).toBe(201);
    const { seriesId } = series.json() as Appointment;
    const rows = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.seriesId, seriesId ?? ""));
    expect(rows.map((row) => row.startsAt.getTime() - Date.parse(at(10, 16))).sort((a, b) => a - b)).toEqual([0, 7 * DAY, 14 * DAY, 21 * DAY]);
    const third = rows.find((row) => row.startsAt.getTime() === Date.parse(at(10, 16)) + 14 * DAY);
    expect((await call("DELETE", `/api/appointment-detail/${third?.id}?related=true`, therapist)).statusCode).toBe(204);
    const left = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.seriesId, seriesId ?? ""));
    expect(left).toHaveLength(2);
  });

  it("keep a weekly series at the same local time across a daylight-saving change", async () => {
    // Madrid moves to summer time on 2030-03-31: 09:00 is 08:00Z before and 07:00Z after.
    const series = await book(therapist, "2030-03-25T08:00:00.000Z", { repeatWeeks: 2, timeZone: "Europe/Madrid", patientId: t.ids.patient2 });
    expect(series.statusCode).toBe(201);
    const rows = await t.db.select().from(appointments).where(eq(appointments.seriesId, series.json().seriesId));
    expect(rows.map((row) => row.startsAt.toISOString()).sort()).toEqual(["2030-03-25T08:00:00.000Z", "2030-04-01T07:00:00.000Z"]);
    expect(rows.every((row) => row.timeZone === "Europe/Madrid")).toBe(true);
  });

  it("write a whole series or nothing when one week is taken", async () => {
    await book(therapist, at(12 + 7, 8));
    const [before] = await t.db.select({ n: count() }).from(appointments);
    const series = await book(therapist, at(12, 8), { repeatWeeks: 3, patientId: t.ids.patient2 });
    expect(series.statusCode).toBe(409);
    const [after] = await t.db.select({ n: count() }).from(appointments);
    expect(after?.n).toBe(before?.n);
  });
});

describe("calendars", () => {
  it("show each user their own, and everyone's in the clinic with change_all_appointments", async () => {
    const own = (await call("GET", "/api/get-calendar-appointments/", therapist)).json() as Appointment[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((row) => row.provider.name === "Tomás Herrera" && row.status !== "denied")).toBe(true);
    expect((await call("GET", "/api/get-calendar-appointments/?all=true", therapist)).statusCode).toBe(403);
    const clinicWide = (await call("GET", "/api/get-calendar-appointments/?all=true", clinic)).json() as Appointment[];
    expect(clinicWide.map((row) => row.id).sort()).toEqual(own.map((row) => row.id).sort());
    const everyone = (await call("GET", "/api/get-calendar-appointments/?all=true", admin)).json() as Appointment[];
    expect(everyone.some((row) => row.provider.id === other.therapist.id)).toBe(true);
    const patients = (await call("GET", "/api/get-calendar-appointments/", patient)).json() as Appointment[];
    expect(patients.every((row) => row.patient.id === t.ids.patient)).toBe(true);
    const window = (await call("GET", `/api/get-calendar-appointments/?from=${at(8, 0)}&to=${at(9, 0)}`, therapist)).json() as Appointment[];
    expect(window.every((row) => row.start >= at(7, 23) && row.start < at(9, 0))).toBe(true);
    expect((await call("GET", "/api/get-calendar-appointments/", undefined)).statusCode).toBe(401);
  });

  it("list one patient's appointments for their staff only", async () => {
    const list = await call("GET", `/api/get-calendar-appointments-by-user/?user=${t.ids.patient2}`, therapist);
    expect(list.statusCode).toBe(200);
    expect((list.json() as Appointment[]).some((row) => row.status === "denied")).toBe(true);
    expect((await call("GET", `/api/get-calendar-appointments-by-user/?user=${t.ids.patient2}`, otherTherapist)).json()).toEqual([]);
    expect((await call("GET", `/api/get-calendar-appointments-by-user/?user=${t.ids.patient2}`, patient)).statusCode).toBe(403);
    expect((await call("GET", "/api/get-calendar-appointments-by-user/", therapist)).statusCode).toBe(400);
    const [first] = (await call("GET", "/api/get-calendar-appointments/", therapist)).json() as Appointment[];
    expect((await call("GET", `/api/appointment-detail/${first?.id}`, otherTherapist)).statusCode).toBe(403);
    expect((await call("GET", `/api/appointment-detail/${first?.id}`, clinic)).statusCode).toBe(200);
  });

  it("is refused to a patient for another patient's appointment, and to everyone when the module is off", async () => {
    const [theirs] = (await call("GET", "/api/get-calendar-appointments/", patient2)).json() as Appointment[];
    expect((await call("GET", `/api/appointment-detail/${theirs?.id}`, patient)).statusCode).toBe(403);
    await call("PUT", "/api/flags/clinic", admin, { enabled: false });
    try {
      expect((await call("GET", "/api/get-calendar-appointments/", therapist)).statusCode).toBe(404);
    } finally {
      await call("PUT", "/api/flags/clinic", admin, { enabled: true });
    }
  });
});

describe("calendar feeds", () => {
  it("give each user a private address that calendar programs read, and a new one retires the old", async () => {
    const { url } = (await call("GET", "/api/calendar-feed/", patient)).json() as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:8000\/api\/calendar-feed\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{32}\.ics$/);
    const path = new URL(url).pathname;
    const feed = await call("GET", path, undefined);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    const { calendar, events } = parseCalendar(feed.body);
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const mine = (await call("GET", "/api/get-calendar-appointments/", patient)).json() as Appointment[];
    expect(events.map((event) => event.uid).sort()).toEqual(expect.arrayContaining(mine.map((row) => `appointment-${row.id}@localhost`)));
    expect(events.every((event) => event.startDate.toJSDate().getTime() > 0)).toBe(true);

    const renewed = (await call("POST", "/api/calendar-feed/", patient)).json() as { url: string };
    expect(renewed.url).not.toBe(url);
    expect((await call("GET", path, undefined)).statusCode).toBe(404);
    expect((await call("GET", new URL(renewed.url).pathname, undefined)).statusCode).toBe(200);
    const forged = path.replace(/\.([A-Za-z0-9_-]{32})\.ics$/, `.${"A".repeat(32)}.ics`);
    expect((await call("GET", forged, undefined)).statusCode).toBe(404);
    const [therapistMails] = await t.db.select({ n: count() }).from(mailMessages).where(like(mailMessages.kind, "appointment.%"));
    expect(therapistMails?.n).toBeGreaterThan(0);
  });

  it("need a signed-in user to learn the address", async () => {
    expect((await call("GET", "/api/calendar-feed/", undefined)).statusCode).toBe(401);
  });
});

describe("another clinic's therapist", () => {
  it("sees none of this clinic's services or schedules", async () => {
    const extra = await makeTherapist(t.db, other.clinic.id);
    const cookie = await t.login(extra.email, extra.password);
    expect((await call("GET", "/api/user-services/", cookie)).json()).toEqual([]);
    expect((await call("GET", `/api/schedule-service/${service.id}`, cookie)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/delete-update-service/${service.id}`, cookie)).statusCode).toBe(403);
  });
});
