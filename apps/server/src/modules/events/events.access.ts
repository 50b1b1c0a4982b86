import { type AccessTable, anyone, type Expected, type MatrixFixtures, type MatrixRole } from "../../guardrails/access-matrix.ts";
import { makeEvent } from "./events.fixture.ts";

/**
 * The cells of events and the public event page (issue 37.1). Staff calls need view_event, which
 * the clinic group holds and therapists and patients do not (403); platform admins pass and name
 * the clinic of a new event. The public page is for anyone, signed in or not.
 */

/** The demo clinic and admins; 403 to everyone else signed in. */
const eventStaff = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: 403,
  otherTherapist: 403,
  clinic: status,
  admin: status,
});

/** A published event of the demo clinic, made afresh for the cell that changes or deletes it. */
const demoEvent = (fx: MatrixFixtures) => makeEvent(fx.db, fx.ids.clinic);

/** A valid event, a month ahead, with one free ticket type. */
function eventBody(fx: MatrixFixtures) {
  const startsAt = new Date(Date.now() + 30 * 86_400_000);
  return {
    title: { en: fx.unique("Matrix workshop"), es: "Taller de la matriz" },
    description: { en: "<p>Balance exercises.</p>", es: "" },
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
    timeZone: "Europe/Madrid",
    venue: "Room 2",
    capacity: 10,
    state: "published",
    ticketTypes: [{ name: { en: "Free", es: "Gratis" }, priceCents: 0 }],
  };
}

const adminNamesClinic = (fx: MatrixFixtures, role: MatrixRole) => (role === "admin" ? { query: { clinicId: fx.ids.clinic } } : {});

export const eventsAccess: AccessTable = {
  "GET /api/events/events": { expect: eventStaff(200) },
  "POST /api/events/events": { expect: eventStaff(201), request: (fx, role) => ({ ...adminNamesClinic(fx, role), body: eventBody(fx) }) },
  "GET /api/events/events/:eventId": { expect: eventStaff(200), request: async (fx) => ({ params: { eventId: (await demoEvent(fx)).id } }) },
  "PUT /api/events/events/:eventId": {
    expect: eventStaff(200),
    request: async (fx) => ({ params: { eventId: (await demoEvent(fx)).id }, body: eventBody(fx) }),
  },
  "DELETE /api/events/events/:eventId": { expect: eventStaff(204), request: async (fx) => ({ params: { eventId: (await demoEvent(fx)).id } }) },
  "GET /api/events/public/:slug": { expect: anyone(200), request: async (fx) => ({ params: { slug: (await demoEvent(fx)).slug } }) },
};
