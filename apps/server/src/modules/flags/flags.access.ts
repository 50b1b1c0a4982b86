import type { AccessTable } from "../../guardrails/access-matrix.ts";

export const flagsAccess: AccessTable = {
  "GET /api/flags/": {
    expect: { anonymous: 401, patient: 200, otherPatient: 200, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
  },
  "PUT /api/flags/:flag": {
    // Switches the clinic module on, which it already is: the admin's cell changes nothing for the others.
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 403, otherTherapist: 403, clinic: 403, admin: 200 },
    request: () => ({ params: { flag: "clinic" }, body: { enabled: true } }),
  },
};
