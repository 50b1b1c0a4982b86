import type { AccessTable, MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { assignRecommendation, makeRecommendation } from "../../../../test/factories.ts";

const demoRecommendation = async (fx: MatrixFixtures) => (await makeRecommendation(fx.db, { clinicId: fx.ids.clinic })).id;

/**
 * Staff who treat the demo patient give and take back its recommendations; the patient reads its
 * own. A patient outside the caller's scope is not found (404); patients are refused staff calls (403).
 */
export const recommendationAssignmentsAccess: AccessTable = {
  "GET /api/assignListRecommendations/": {
    // The caller's own assignable list: every holder of change_recommendation or change_assignactivity.
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
  },
  "GET /api/patients-recommendations/:id": {
    expect: { anonymous: 401, patient: 200, otherPatient: 404, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: (fx) => ({ params: { id: fx.ids.patient } }),
  },
  "POST /api/patients-recommendations/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: fx.ids.patient }, body: { recommendations: [await demoRecommendation(fx)] } }),
  },
  "PUT /api/patient/:idUser/": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 204, otherTherapist: 404, clinic: 204, admin: 204 },
    request: async (fx) => {
      const recommendationId = await demoRecommendation(fx);
      await assignRecommendation(fx.db, { recommendationId, patientId: fx.ids.patient, assignedBy: fx.ids.therapist });
      return { params: { idUser: fx.ids.patient }, query: { idRecommendation: String(recommendationId) } };
    },
  },
};
