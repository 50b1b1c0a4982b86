import type { AccessTable, Expected } from "../../guardrails/access-matrix.ts";
import { makeEvent } from "./events.fixture.ts";

/**
 * The events module's dashboard, exports and door list (issue 37.6–37.7). The demo clinic holds
 * view_event and platform admins pass every check; therapists and patients hold no events
 * codename (403). Another clinic's event answers 404 (reports.routes.test.ts).
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

export const eventReportsAccess: AccessTable = {
  "GET /api/events/events/:eventId/dashboard": {
    expect: eventStaff(200),
    request: async (fx) => ({ params: { eventId: (await makeEvent(fx.db, fx.ids.clinic)).id } }),
  },
  "GET /api/events/exports/events": {
    expect: eventStaff(200),
    request: (fx, role) => ({ query: { format: "csv", ...(role === "admin" ? { clinicId: fx.ids.clinic } : {}) } }),
  },
  "GET /api/events/events/:eventId/exports/:entity": {
    expect: eventStaff(200),
    request: async (fx) => ({ params: { eventId: (await makeEvent(fx.db, fx.ids.clinic)).id, entity: "registrations" }, query: { format: "xlsx" } }),
  },
  "GET /api/events/events/:eventId/door-list.pdf": {
    expect: eventStaff(200),
    request: async (fx) => ({ params: { eventId: (await makeEvent(fx.db, fx.ids.clinic)).id } }),
  },
};
