import type { AccessTable, MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { makeRecommendation } from "../../../../test/factories.ts";

/** A recommendation of the demo clinic, made for one cell. */
const demoRecommendation = async (fx: MatrixFixtures) => (await makeRecommendation(fx.db, { clinicId: fx.ids.clinic })).id;
const input = (fx: MatrixFixtures) => ({ name: fx.unique("Recommendation"), description: "<p>For the matrix.</p>" });

/** As categories: patients pass the view_recommendation guard and read no catalogue row directly. */
export const recommendationsAccess: AccessTable = {
  "GET /api/recommendations/": {
    expect: { anonymous: 401, patient: 200, otherPatient: 200, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
  },
  "POST /api/recommendations/": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 201, otherTherapist: 201, clinic: 201, admin: 201 },
    request: (fx) => ({ body: input(fx) }),
  },
  "GET /api/recommendation/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 403, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await demoRecommendation(fx) } }),
  },
  "PUT /api/recommendation/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 403, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await demoRecommendation(fx) }, body: input(fx) }),
  },
  "DELETE /api/recommendation/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 204, otherTherapist: 403, clinic: 204, admin: 204 },
    request: async (fx) => ({ params: { id: await demoRecommendation(fx) } }),
  },
};
