import { type AccessTable, anyone } from "../guardrails/access-matrix.ts";

/**
 * Prometheus' scrape (served when METRICS_TOKEN is set, as the matrix sets it): only the bearer
 * token opens it, so every role's session, an admin's included, gets 401.
 */
export const metricsAccess: AccessTable = {
  "GET /metrics": { expect: anyone(401) },
};
