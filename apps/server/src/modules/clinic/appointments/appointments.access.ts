import { type AccessTable, type Expected, type MatrixFixtures, type MatrixRole, signedIn, staffOnly } from "../../../guardrails/access-matrix.ts";

/** Open all day every day in UTC on half hours, so any hour the fixtures pick is a free slot. */
const alwaysOpen = (fx: MatrixFixtures) => ({
  name: fx.unique("Schedule"),
  description: "Every day",
  duration: 30,
  appointmentTypes: [1],
  timeZone: "UTC",
  rules: [{ day: "all", start: "00:00", end: "23:59" }],
  exceptions: [],
});

/**
 * Each appointment at an hour of its own, far beyond the demo's, so that no two (the demo
 * therapist's and patient's, booked by concurrent cells) ever overlap.
 */
let hours = 0;
function nextHour(): string {
  const start = new Date(Date.now() + 300 * 86_400_000);
  start.setUTCHours(0, 0, 0, 0);
  hours += 1;
  return new Date(start.getTime() + hours * 3_600_000).toISOString();
}

const scheduleOfTherapist = async (fx: MatrixFixtures) => (await fx.api<{ id: number }>("therapist", "POST", "/api/schedules/", alwaysOpen(fx))).id;
/** A service of the demo therapist that the demo patient can book, made for one cell. */
async function serviceOfTherapist(fx: MatrixFixtures): Promise<number> {
  const scheduleId = await scheduleOfTherapist(fx);
  return (await fx.api<{ id: number }>("therapist", "POST", "/api/create-service/", { name: fx.unique("Service"), description: "Thirty minutes", scheduleId }))
    .id;
}
/** An appointment of the demo therapist with the demo patient, booked by the therapist (accepted). */
const bookedAppointment = async (fx: MatrixFixtures) =>
  (
    await fx.api<{ id: number }>("therapist", "POST", "/api/appointment/", {
      name: "Session",
      description: "Vestibular therapy",
      start: nextHour(),
      duration: 30,
      appointmentType: 1,
      patientId: fx.ids.patient,
    })
  ).id;
/** One bookable service of the demo therapist for the cells that only book from it or read it. */
const sharedServices = new WeakMap<MatrixFixtures, Promise<number>>();
function bookableService(fx: MatrixFixtures): Promise<number> {
  let service = sharedServices.get(fx);
  if (!service) {
    service = serviceOfTherapist(fx);
    sharedServices.set(fx, service);
  }
  return service;
}
/** A request of the demo patient waiting for the demo therapist's answer. */
async function requestedAppointment(fx: MatrixFixtures): Promise<number> {
  const serviceId = await bookableService(fx);
  const body = { name: "Check-up", description: "Follow-up", start: nextHour(), appointmentType: 1, serviceId };
  return (await fx.api<{ id: number }>("patient", "POST", "/api/appointment/", body)).id;
}

/** Staff with change_service, each as provider (or a clinic account for its clinic). */
const staff = staffOnly;
/** One of the demo therapist's rows: the therapist, its clinic account and admins; the other clinic's staff are refused. */
const demoTherapists = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: status,
  otherTherapist: 403,
  clinic: status,
  admin: status,
});

const isPatient = (role: MatrixRole) => role === "patient" || role === "otherPatient";

export const appointmentsAccess: AccessTable = {
  // ---------------------------------------------------------------- services and schedules
  "GET /api/user-services/": { expect: signedIn(200) },
  "GET /api/patient-services/": { expect: signedIn(200) },
  "POST /api/create-service/": { expect: staff(201), request: (fx) => ({ body: { name: fx.unique("Service"), description: "A matrix service" } }) },
  "PUT /api/delete-update-service/:id": {
    expect: demoTherapists(200),
    request: async (fx) => ({ params: { id: await serviceOfTherapist(fx) }, body: { name: fx.unique("Service"), description: "Renamed" } }),
  },
  "DELETE /api/delete-update-service/:id": {
    expect: demoTherapists(204),
    request: async (fx) => ({ params: { id: await serviceOfTherapist(fx) } }),
  },
  "GET /api/schedule-service/:id": {
    // The demo patient books from its therapist's services; the other clinic's people cannot.
    expect: { anonymous: 401, patient: 200, otherPatient: 403, therapist: 200, otherTherapist: 403, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await bookableService(fx) } }),
  },
  "GET /api/schedules/": { expect: signedIn(200) },
  "POST /api/schedules/": { expect: staff(201), request: (fx) => ({ body: alwaysOpen(fx) }) },
  "GET /api/schedules/:id": { expect: demoTherapists(200), request: async (fx) => ({ params: { id: await scheduleOfTherapist(fx) } }) },
  "PUT /api/schedules/:id": {
    expect: demoTherapists(200),
    request: async (fx) => ({ params: { id: await scheduleOfTherapist(fx) }, body: alwaysOpen(fx) }),
  },
  "DELETE /api/schedules/:id": { expect: demoTherapists(204), request: async (fx) => ({ params: { id: await scheduleOfTherapist(fx) } }) },

  // ---------------------------------------------------------------- appointments
  "GET /api/get-calendar-appointments/": { expect: signedIn(200) },
  "GET /api/get-calendar-appointments-by-user/": {
    // The demo patient's appointments. A patient asking for another is refused; staff get the
    // rows in their scope, so the other clinic's therapist gets an empty list, not a refusal.
    expect: { anonymous: 401, patient: 200, otherPatient: 403, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
    request: (fx) => ({ query: { user: fx.ids.patient } }),
  },
  "GET /api/request-appointments/": { expect: signedIn(200) },
  "GET /api/appointment-detail/:id": {
    expect: { anonymous: 401, patient: 200, otherPatient: 403, therapist: 200, otherTherapist: 403, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await bookedAppointment(fx) } }),
  },
  "POST /api/appointment/": {
    // Patients request a free slot of a demo therapist's service; staff book for the demo patient.
    // A service or patient outside the caller's scope is a field error (400), as the form shows it; nothing is written.
    expect: { anonymous: 401, patient: 201, otherPatient: 400, therapist: 201, otherTherapist: 400, clinic: 201, admin: 201 },
    request: async (fx, role) => {
      const common = { name: "Matrix", description: "An appointment", start: nextHour(), appointmentType: 1 };
      if (isPatient(role) || role === "anonymous") return { body: { ...common, serviceId: await bookableService(fx) } };
      return { body: { ...common, duration: 30, patientId: fx.ids.patient } };
    },
  },
  "PUT /api/appointment-detail/:id": {
    // Patients never move an appointment, even their own.
    expect: demoTherapists(200),
    request: async (fx) => ({ params: { id: await bookedAppointment(fx) }, body: { name: "Moved by the matrix" } }),
  },
  "DELETE /api/appointment-detail/:id": {
    // Cancelling: the patient their own too.
    expect: { anonymous: 401, patient: 204, otherPatient: 403, therapist: 204, otherTherapist: 403, clinic: 204, admin: 204 },
    request: async (fx) => ({ params: { id: await bookedAppointment(fx) } }),
  },
  "PUT /api/accepted-appointment/:id": {
    expect: demoTherapists(200),
    request: async (fx) => ({ params: { id: await requestedAppointment(fx) } }),
  },
  "PUT /api/denied-appointment/:id": {
    expect: demoTherapists(200),
    request: async (fx) => ({ params: { id: await requestedAppointment(fx) }, body: { reason: "Fully booked" } }),
  },

  // ---------------------------------------------------------------- calendar feed
  "GET /api/calendar-feed/": { expect: signedIn(200) },
  "POST /api/calendar-feed/": {
    // A new address retires the old one: a throwaway account, so the shared ones keep theirs.
    expect: signedIn(200),
    request: async (fx, role) => ({ cookie: (await fx.freshAccount(role)).cookie || null }),
  },
  "GET /api/calendar-feed/:token": {
    // The address is the credential (for calendar programs, which hold no session): whoever has it reads it.
    expect: { anonymous: 200, patient: 200, otherPatient: 200, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
    request: async (fx) => {
      const { url } = await fx.api<{ url: string }>("therapist", "GET", "/api/calendar-feed/");
      return { params: { token: decodeURIComponent(new URL(url).pathname.split("/").filter(Boolean).at(-1) ?? "") } };
    },
  },
};
