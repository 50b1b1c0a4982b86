import type { AccessTable, Expected } from "../../guardrails/access-matrix.ts";

/** The audit screen: admins (everything) and clinic accounts (their own people's records); never therapists or patients. */
const auditReaders: Expected = { anonymous: 401, patient: 403, otherPatient: 403, therapist: 403, otherTherapist: 403, clinic: 200, admin: 200 };

export const auditAccess: AccessTable = {
  "GET /api/audit/": { expect: auditReaders },
  "GET /api/audit/export": { expect: auditReaders, request: () => ({ query: { format: "csv" } }) },
  // The demo patient's access log: the patient and admins and the patient's clinic read it; anyone else gets 404 (nothing told).
  "GET /api/audit/access-log": {
    expect: { anonymous: 401, patient: 200, otherPatient: 404, therapist: 404, otherTherapist: 404, clinic: 200, admin: 200 },
    request: (fx) => ({ query: { patient: fx.ids.patient } }),
  },
};
