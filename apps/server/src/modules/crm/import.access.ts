import { randomUUID } from "node:crypto";
import type { AccessTable, Expected, MatrixFixtures, MatrixRole } from "../../guardrails/access-matrix.ts";
import { userImportProgress } from "../people/import.table.ts";

/**
 * The CRM import and export cells (issue 36.6). Only the CRM admin (the clinic account, and
 * platform admins naming the clinic) imports and exports here; therapists and patients hold no
 * CRM codename (403). Agents' and CRM clients' refusals are in import.routes.test.ts.
 */
const crmAdmins = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: 403,
  otherTherapist: 403,
  clinic: status,
  admin: status,
});

const clinicPart = (fx: MatrixFixtures, role: MatrixRole) => (role === "admin" ? [{ name: "clinicId", value: fx.ids.clinic }] : []);
const clinicQuery = (fx: MatrixFixtures, role: MatrixRole): Record<string, string> => (role === "admin" ? { clinicId: fx.ids.clinic } : {});

/** A one-client file, its email the cell's own. */
const file = (fx: MatrixFixtures) => ({
  name: "file",
  value: `First name,Last name,Email\nMatrix,Client,${fx
    .unique("crm-import")
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "-")}@example.com\n`,
  filename: "clients.csv",
  type: "text/csv",
});

export const crmImportAccess: AccessTable = {
  "POST /api/crm/import/preview": { expect: crmAdmins(200), request: (fx) => ({ multipart: [file(fx)] }) },
  "POST /api/crm/import": {
    expect: crmAdmins(201),
    request: (fx, role) => ({
      multipart: [...clinicPart(fx, role), { name: "mapping", value: JSON.stringify({ firstName: 0, lastName: 1, email: 2 }) }, file(fx)],
    }),
  },
  "GET /api/crm/import/:id/progress": {
    // The caller's own import's progress (made for the cell).
    expect: crmAdmins(200),
    request: async (fx, role) => {
      const id = randomUUID();
      const actorId = role === "anonymous" ? fx.ids.clinic : fx.accountOf(role).id;
      await fx.db.insert(userImportProgress).values({ id, actorId, phase: "writing", done: 1, total: 2 });
      return { params: { id } };
    },
  },
  "GET /api/crm/export/:entity": {
    expect: crmAdmins(200),
    request: (fx, role) => ({ params: { entity: "clients" }, query: { format: "csv", ...clinicQuery(fx, role) } }),
  },
};
