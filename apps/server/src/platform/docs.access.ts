import { type AccessTable, anyone } from "../guardrails/access-matrix.ts";

/** The OpenAPI document and its viewer (@fastify/swagger-ui) are public, like the spec they describe. */
export const docsAccess: AccessTable = {
  // Also answers at /api/docs/ (the same route, both slash forms).
  "GET /api/docs": { expect: anyone(200) },
  "GET /api/docs/json": { expect: anyone(200) },
  "GET /api/docs/yaml": { expect: anyone(200) },
  // Sends the browser to the viewer at /api/docs/.
  "GET /api/docs/static/index.html": { expect: anyone(302) },
  "GET /api/docs/static/swagger-initializer.js": { expect: anyone(200) },
  "GET /api/docs/static/*": { expect: anyone(200), request: () => ({ path: "/api/docs/static/swagger-ui.css" }) },
};
