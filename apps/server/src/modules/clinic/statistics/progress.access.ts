import { type AccessTable, signedIn } from "../../../guardrails/access-matrix.ts";

/** The patient's own card: each patient their own (the demo clinic's and the other clinic's), staff 403. */
export const progressAccess: AccessTable = {
  "GET /api/statistics/me": { expect: { ...signedIn(403), patient: 200, otherPatient: 200 } },
};
