import type { AccessTable } from "../../guardrails/access-matrix.ts";

export const dashboardAccess: AccessTable = {
  // Staff homes, by role; patients have a home of their own elsewhere.
  "GET /api/dashboard/summary": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
  },
};
