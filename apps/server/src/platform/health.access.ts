import type { AccessTable, Expected } from "../guardrails/access-matrix.ts";

const anyone = (status: number): Expected => ({
  anonymous: status,
  patient: status,
  otherPatient: status,
  therapist: status,
  otherTherapist: status,
  clinic: status,
  admin: status,
});

/** Probes of load balancers and service managers, which hold no session: open to all, and they say nothing personal. */
export const healthAccess: AccessTable = {
  "GET /api/health/live": { expect: anyone(200) },
  "GET /api/health/ready": { expect: anyone(200) },
};
