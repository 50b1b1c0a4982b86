import type { AccessTable, MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { makeActivity } from "../../../../test/factories.ts";

/** A text activity of the demo clinic, made for one cell. */
const demoActivity = async (fx: MatrixFixtures) => (await makeActivity(fx.db, { clinicId: fx.ids.clinic })).id;
const input = (fx: MatrixFixtures) => ({ name: fx.unique("Activity"), description: "<p>For the matrix.</p>", type: "text", body: "<p>Read this.</p>" });

/** Staff read the platform's and their clinic's activities and change their clinic's; patients reach activities only through their assignments. */
export const activitiesAccess: AccessTable = {
  "GET /api/activities/": {
    expect: { anonymous: 401, patient: 200, otherPatient: 200, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
  },
  "POST /api/activities/": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 201, otherTherapist: 201, clinic: 201, admin: 201 },
    request: (fx) => ({ body: input(fx) }),
  },
  "GET /api/activity/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 403, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await demoActivity(fx) } }),
  },
  "PUT /api/activity/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 403, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await demoActivity(fx) }, body: input(fx) }),
  },
  "DELETE /api/activity/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 204, otherTherapist: 403, clinic: 204, admin: 204 },
    request: async (fx) => ({ params: { id: await demoActivity(fx) } }),
  },
  "GET /api/activityCategories/": {
    expect: { anonymous: 401, patient: 200, otherPatient: 200, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
  },
  "GET /api/clinic/": {
    // Clinics the caller may name: every one for admins, else the caller's own (none for a patient).
    expect: { anonymous: 401, patient: 200, otherPatient: 200, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
  },
};
