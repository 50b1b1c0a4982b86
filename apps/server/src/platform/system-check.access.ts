import { type AccessTable, adminOnly } from "../guardrails/access-matrix.ts";

/** The system check says how the platform runs (hosts, versions) and sends mail: admins only. */
export const systemCheckAccess: AccessTable = {
  "GET /api/system-check/": { expect: adminOnly(200) },
  "POST /api/system-check/email": { expect: adminOnly(200), request: () => ({ body: { to: "system-check@example.com" } }) },
  "POST /api/system-check/audit-trail/verify": { expect: adminOnly(200) },
};
