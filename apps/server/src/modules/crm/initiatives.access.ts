import type { AccessTable, Expected, MatrixFixtures, MatrixRole } from "../../guardrails/access-matrix.ts";

/**
 * The cells of initiatives and the CRM dashboard (issue 36). The demo clinic is its CRM admin
 * (is_admin and the initiative codenames), and platform admins pass every check; therapists and
 * patients hold no CRM codename (403). Agents and CRM clients are not matrix roles: their cells
 * are in initiatives.routes.test.ts.
 */

/** The demo clinic and admins; 403 to everyone else signed in. */
const crmAdmins = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: 403,
  otherTherapist: 403,
  clinic: status,
  admin: status,
});

/** An initiative of the demo clinic, without clients or salesman (a cell's own). */
const initiative = async (fx: MatrixFixtures) =>
  (await fx.api<{ id: number }>("clinic", "POST", "/api/crm/initiatives", { title: fx.unique("Matrix initiative"), clientIds: [], salesmanId: null })).id;

const body = (fx: MatrixFixtures, role: MatrixRole) => ({
  title: fx.unique("Spring campaign"),
  description: "Call last year's clients.",
  clientIds: [],
  salesmanId: null,
  ...(role === "admin" ? { clinicId: fx.ids.clinic } : {}),
});

export const crmInitiativesAccess: AccessTable = {
  "GET /api/crm/initiatives": { expect: crmAdmins(200) },
  "GET /api/crm/initiatives/by-state": { expect: crmAdmins(200) },
  "GET /api/crm/initiatives/:id": { expect: crmAdmins(200), request: async (fx) => ({ params: { id: await initiative(fx) } }) },
  "POST /api/crm/initiatives": { expect: crmAdmins(201), request: (fx, role) => ({ body: body(fx, role) }) },
  "PUT /api/crm/initiatives/:id": {
    expect: crmAdmins(200),
    request: async (fx, role) => {
      const { clinicId: _named, ...change } = body(fx, role);
      return { params: { id: await initiative(fx) }, body: change };
    },
  },
  "POST /api/crm/initiatives/:id/read": { expect: crmAdmins(200), request: async (fx) => ({ params: { id: await initiative(fx) } }) },
  "DELETE /api/crm/initiatives/:id": { expect: crmAdmins(204), request: async (fx) => ({ params: { id: await initiative(fx) } }) },
  "GET /api/crm/dashboard": { expect: crmAdmins(200), request: (fx, role) => (role === "admin" ? { query: { clinicId: fx.ids.clinic } } : {}) },
};
