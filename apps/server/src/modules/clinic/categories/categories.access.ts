import type { AccessTable, MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { makeCategory } from "../../../../test/factories.ts";

/** A category of the demo clinic, made for one cell (a cell that changes or deletes it touches no other's). */
const demoCategory = async (fx: MatrixFixtures) => (await makeCategory(fx.db, { clinicId: fx.ids.clinic })).id;
const input = (fx: MatrixFixtures) => ({ name: fx.unique("Category"), description: "<p>For the matrix.</p>" });

/**
 * Staff with an activity or recommendation permission read the platform's and their own clinic's
 * categories and change their own clinic's; patients hold view_activity, pass the guard and see none.
 */
export const categoriesAccess: AccessTable = {
  "GET /api/categories/": {
    expect: { anonymous: 401, patient: 200, otherPatient: 200, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
  },
  "PUT /api/categories/": {
    // Creating adds to the caller's own clinic, so the other clinic's therapist may too.
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 201, otherTherapist: 201, clinic: 201, admin: 201 },
    request: (fx) => ({ body: input(fx) }),
  },
  "GET /api/category/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 403, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await demoCategory(fx) } }),
  },
  "POST /api/category/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 403, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await demoCategory(fx) }, body: input(fx) }),
  },
  "DELETE /api/category/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 204, otherTherapist: 403, clinic: 204, admin: 204 },
    request: async (fx) => ({ params: { id: await demoCategory(fx) } }),
  },
};
