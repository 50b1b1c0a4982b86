import { adminOnly } from "../../guardrails/access-matrix.ts";
import type { AccessTable } from "../../guardrails/access-matrix.ts";

const range = () => {
  const today = new Date().toISOString().slice(0, 10);
  return { since: today, to: today };
};

/** The statistics app: admins only (the matrix runs with the module switched on; off, every role gets 404, as statistics-app.routes.test.ts shows). */
export const statisticsAppAccess: AccessTable = {
  "GET /api/statistics/platform": { expect: adminOnly(200), request: (fx) => ({ query: { ...range(), clinic: fx.ids.clinic } }) },
  "GET /api/statistics/platform/export": { expect: adminOnly(200), request: () => ({ query: { ...range(), table: "days", format: "csv" } }) },
};
