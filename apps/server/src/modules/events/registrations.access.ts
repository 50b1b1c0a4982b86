import { type AccessTable, anyone, type Expected, type MatrixFixtures } from "../../guardrails/access-matrix.ts";
import { deriveKey } from "../../platform/keys.ts";
import { TEST_AUTH_SECRET, TEST_PUBLIC_URL } from "../../../test/app.ts";
import { makeEvent } from "./events.fixture.ts";
import { makeRegistration } from "./registration.fixture.ts";
import { ticketCode } from "./tickets.ts";

/**
 * The cells of registrations and check-in (issue 37.2–37.3). Staff calls need view_event, which
 * the clinic group holds and therapists and patients do not (403); platform admins pass. The
 * public calls are for anyone, signed in or not: registering on a published event's page, and
 * the registrant's private link (its secret is the key). Every cell makes its own event or
 * registration, as cells run concurrently and some end what they are given.
 */

const eventStaff = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: 403,
  otherTherapist: 403,
  clinic: status,
  admin: status,
});

const linkKey = deriveKey(TEST_AUTH_SECRET, "event-links");

const guest = (fx: MatrixFixtures) => ({ name: "Matrix guest", email: `${fx.unique("guest")}@example.com`.toLowerCase() });

/** A free event of the demo clinic with a confirmed registration (a cell's own). */
async function confirmed(fx: MatrixFixtures) {
  const event = await makeEvent(fx.db, fx.ids.clinic);
  const registration = await makeRegistration(
    fx.db,
    linkKey,
    { id: event.id, ticketTypeId: event.ticketTypeIds[0] as number },
    {
      state: "confirmed",
      amountCents: 0,
    },
  );
  return { event, registration };
}

/** A registration made the way a guest makes one, on the public page (its token from the answer). */
async function registered(fx: MatrixFixtures): Promise<string> {
  const event = await makeEvent(fx.db, fx.ids.clinic);
  const answer = await fx.inject({
    method: "POST",
    url: `/api/events/public/${event.slug}/registrations`,
    headers: { origin: TEST_PUBLIC_URL },
    payload: { ticketTypeId: event.ticketTypeIds[0], ...guest(fx) },
  });
  if (answer.statusCode !== 201) throw new Error(`registration: ${answer.statusCode} ${answer.body}`);
  return answer.json().token;
}

export const eventRegistrationsAccess: AccessTable = {
  // ---------------------------------------------------------------- public
  "POST /api/events/public/:slug/registrations": {
    expect: anyone(201),
    request: async (fx) => {
      const event = await makeEvent(fx.db, fx.ids.clinic);
      return { params: { slug: event.slug }, body: { ticketTypeId: event.ticketTypeIds[0], ...guest(fx) } };
    },
  },
  "GET /api/events/public/registrations/:token": { expect: anyone(200), request: async (fx) => ({ params: { token: await registered(fx) } }) },
  "POST /api/events/public/registrations/:token/cancel": { expect: anyone(200), request: async (fx) => ({ params: { token: await registered(fx) } }) },
  "GET /api/events/public/registrations/:token/calendar.ics": {
    expect: anyone(200),
    request: async (fx) => ({ params: { token: await registered(fx) } }),
  },

  // ---------------------------------------------------------------- staff
  "GET /api/events/events/:eventId/registrations": {
    expect: eventStaff(200),
    request: async (fx) => ({ params: { eventId: (await confirmed(fx)).event.id } }),
  },
  "POST /api/events/events/:eventId/registrations": {
    expect: eventStaff(201),
    request: async (fx) => {
      const event = await makeEvent(fx.db, fx.ids.clinic);
      return { params: { eventId: event.id }, body: { ticketTypeId: event.ticketTypeIds[0], ...guest(fx) } };
    },
  },
  "GET /api/events/registrations/:registrationId": {
    expect: eventStaff(200),
    request: async (fx) => ({ params: { registrationId: (await confirmed(fx)).registration.id } }),
  },
  "POST /api/events/registrations/:registrationId/cancel": {
    expect: eventStaff(200),
    request: async (fx) => ({ params: { registrationId: (await confirmed(fx)).registration.id }, body: { note: "Matrix", refund: false } }),
  },
  "POST /api/events/registrations/:registrationId/check-in": {
    expect: eventStaff(200),
    request: async (fx) => ({ params: { registrationId: (await confirmed(fx)).registration.id } }),
  },
  "POST /api/events/events/:eventId/check-in": {
    expect: eventStaff(200),
    request: async (fx) => {
      const { event, registration } = await confirmed(fx);
      return { params: { eventId: event.id }, body: { code: ticketCode(linkKey, registration.id) } };
    },
  },
  "POST /api/events/registrations/:registrationId/resend": {
    expect: eventStaff(204),
    request: async (fx) => ({ params: { registrationId: (await confirmed(fx)).registration.id } }),
  },
};
