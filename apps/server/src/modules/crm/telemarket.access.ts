import type { AccessTable, Expected, MatrixFixtures, MatrixRole } from "../../guardrails/access-matrix.ts";
import { crmActivities, crmClients, crmInitiativeClients, crmInitiatives } from "./crm.table.ts";

/**
 * The call centre's cells (issue 36.4). The demo clinic is the CRM admin (is_admin) and admins
 * pass every check; therapists and patients hold no CRM codename (403). Each cell makes its own
 * client, call or queue directly in the database, so the cells never share a row.
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

/** A client of the demo clinic who agreed to be called. */
async function client(fx: MatrixFixtures): Promise<number> {
  const [made] = await fx.db
    .insert(crmClients)
    .values({ clinicId: fx.ids.clinic, firstName: "Matrix", lastName: fx.unique("Client"), phone: "+34 600 000 000", consent: true })
    .returning({ id: crmClients.id });
  return made?.id as number;
}

/** A meeting of the demo clinic's, a week ahead. */
async function meeting(fx: MatrixFixtures): Promise<number> {
  const [made] = await fx.db
    .insert(crmActivities)
    .values({
      clinicId: fx.ids.clinic,
      clientId: await client(fx),
      agentId: fx.ids.clinic,
      kind: "meeting",
      at: new Date(Date.now() + 7 * 86_400_000),
      durationMinutes: 30,
      subject: "Matrix meeting",
    })
    .returning({ id: crmActivities.id });
  return made?.id as number;
}

/** An initiative of the demo clinic with one client in it. */
async function initiative(fx: MatrixFixtures): Promise<number> {
  const [made] = await fx.db
    .insert(crmInitiatives)
    .values({ clinicId: fx.ids.clinic, title: fx.unique("Matrix initiative"), salesmanId: fx.ids.clinic })
    .returning({ id: crmInitiatives.id });
  const id = made?.id as number;
  await fx.db.insert(crmInitiativeClients).values({ initiativeId: id, clientId: await client(fx) });
  return id;
}

/** A queue entry the demo clinic holds (its own initiative's one client, claimed). */
async function claimedEntry(fx: MatrixFixtures): Promise<number> {
  const answer = await fx.api<{ entry: { id: number } }>("clinic", "POST", "/api/crm/call-center/next", { initiativeId: await initiative(fx) });
  return answer.entry.id;
}

const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const clinicQuery = (fx: MatrixFixtures, role: MatrixRole): Record<string, string> => (role === "admin" ? { clinicId: fx.ids.clinic } : {});

export const crmTelemarketAccess: AccessTable = {
  "GET /api/crm/activities": { expect: crmAdmins(200) },
  "POST /api/crm/activities": {
    expect: crmAdmins(201),
    request: async (fx) => ({ body: { clientId: await client(fx), kind: "call", at: new Date().toISOString(), durationMinutes: 3, outcome: "answered" } }),
  },
  "PUT /api/crm/activities/:id": {
    expect: crmAdmins(200),
    request: async (fx) => ({ params: { id: await meeting(fx) }, body: { at: inFuture(8), durationMinutes: 45, subject: "Moved" } }),
  },
  "DELETE /api/crm/activities/:id": { expect: crmAdmins(204), request: async (fx) => ({ params: { id: await meeting(fx) } }) },

  "GET /api/crm/call-center/sources": { expect: crmAdmins(200) },
  "POST /api/crm/call-center/next": { expect: crmAdmins(200), request: async (fx) => ({ body: { initiativeId: await initiative(fx) } }) },
  "POST /api/crm/call-center/entries/:id/outcome": {
    expect: crmAdmins(200),
    request: async (fx) => ({ params: { id: await claimedEntry(fx) }, body: { outcome: "no_answer" } }),
  },
  "POST /api/crm/call-center/entries/:id/release": { expect: crmAdmins(204), request: async (fx) => ({ params: { id: await claimedEntry(fx) } }) },

  "GET /api/crm/telemarket/statistics": {
    expect: crmAdmins(200),
    request: (fx, role) => ({ query: { since: "2026-01-01", to: "2026-12-31", ...clinicQuery(fx, role) } }),
  },
};
