import type { AccessTable, Expected, MatrixFixtures, MatrixRole } from "../../guardrails/access-matrix.ts";
import { TEST_PUBLIC_URL } from "../../../test/app.ts";
import { PNG, multipart } from "../../../test/uploads.ts";
import { crmClients } from "./crm.table.ts";

/**
 * The CRM's clients, lists, notes and documents (issue 36.2). The demo clinic holds is_admin
 * (the CRM admin) and platform admins pass every check; therapists and patients hold no CRM
 * codename (403). Admins name the clinic of a clinic-wide create.
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

const clinicQuery = (fx: MatrixFixtures, role: MatrixRole) => (role === "admin" ? { query: { clinicId: fx.ids.clinic } } : {});

/** A client of the demo clinic, made for one cell (rows only). */
async function demoClient(fx: MatrixFixtures): Promise<number> {
  const [row] = await fx.db
    .insert(crmClients)
    .values({ clinicId: fx.ids.clinic, firstName: "Matrix", lastName: fx.unique("Client") })
    .returning({ id: crmClients.id });
  return row?.id as number;
}

async function demoList(fx: MatrixFixtures): Promise<number> {
  return (await fx.api<{ id: number }>("clinic", "POST", "/api/crm/lists", { title: fx.unique("List"), clientIds: [await demoClient(fx)] })).id;
}

async function demoNote(fx: MatrixFixtures): Promise<number> {
  const body = { clientId: await demoClient(fx), name: "Matrix note", dateStart: "2026-06-01T09:00:00Z" };
  return (await fx.api<{ id: number }>("clinic", "POST", "/api/crm/notes", body)).id;
}

const documentForm = (clientId: number) => [
  { name: "name", value: "Matrix document" },
  { name: "clientId", value: String(clientId) },
  { name: "file", value: PNG, filename: "scan.png", type: "image/png" },
];

/** A document of a demo client, uploaded by the clinic. */
async function demoDocument(fx: MatrixFixtures): Promise<number> {
  const { payload, contentType } = multipart(documentForm(await demoClient(fx)));
  const answer = await fx.inject({
    method: "POST",
    url: "/api/crm/documents",
    headers: { cookie: fx.cookieOf("clinic"), origin: TEST_PUBLIC_URL, "content-type": contentType },
    payload,
  });
  if (answer.statusCode !== 201) throw new Error(`demo document: ${answer.statusCode} ${answer.body}`);
  return answer.json().id;
}

const clientBody = (fx: MatrixFixtures) => ({ firstName: "Ana", lastName: fx.unique("Matrix"), consent: true, tags: ["matrix"] });

export const crmClientsAccess: AccessTable = {
  // ---------------------------------------------------------------- clients
  "GET /api/crm/clients": { expect: crmAdmins(200) },
  "POST /api/crm/clients": { expect: crmAdmins(201), request: (fx, role) => ({ ...clinicQuery(fx, role), body: clientBody(fx) }) },
  "GET /api/crm/clients/:id": { expect: crmAdmins(200), request: async (fx) => ({ params: { id: await demoClient(fx) } }) },
  "PUT /api/crm/clients/:id": { expect: crmAdmins(200), request: async (fx) => ({ params: { id: await demoClient(fx) }, body: clientBody(fx) }) },
  "DELETE /api/crm/clients/:id": { expect: crmAdmins(204), request: async (fx) => ({ params: { id: await demoClient(fx) } }) },
  "GET /api/crm/clients/:id/timeline": { expect: crmAdmins(200), request: async (fx) => ({ params: { id: await demoClient(fx) } }) },
  "GET /api/crm/tags": { expect: crmAdmins(200) },

  // ---------------------------------------------------------------- lists
  "GET /api/crm/lists": { expect: crmAdmins(200) },
  "POST /api/crm/lists": { expect: crmAdmins(201), request: (fx, role) => ({ ...clinicQuery(fx, role), body: { title: fx.unique("List") } }) },
  "GET /api/crm/lists/:id": { expect: crmAdmins(200), request: async (fx) => ({ params: { id: await demoList(fx) } }) },
  "PUT /api/crm/lists/:id": {
    expect: crmAdmins(200),
    request: async (fx) => ({ params: { id: await demoList(fx) }, body: { title: fx.unique("Renamed"), description: "Changed." } }),
  },
  "DELETE /api/crm/lists/:id": { expect: crmAdmins(204), request: async (fx) => ({ params: { id: await demoList(fx) } }) },
  "PUT /api/crm/lists/:id/clients": {
    expect: crmAdmins(200),
    request: async (fx) => ({ params: { id: await demoList(fx) }, body: { add: [await demoClient(fx)], remove: [] } }),
  },

  // ---------------------------------------------------------------- notes
  "GET /api/crm/clients/:id/notes": { expect: crmAdmins(200), request: async (fx) => ({ params: { id: await demoClient(fx) } }) },
  "POST /api/crm/notes": {
    expect: crmAdmins(201),
    request: async (fx) => ({ body: { clientId: await demoClient(fx), name: "First call", dateStart: "2026-06-01T09:00:00Z", description: "" } }),
  },
  "PUT /api/crm/notes/:id": {
    expect: crmAdmins(200),
    request: async (fx) => ({ params: { id: await demoNote(fx) }, body: { name: "Changed", dateStart: "2026-06-02T09:00:00Z" } }),
  },
  "DELETE /api/crm/notes/:id": { expect: crmAdmins(204), request: async (fx) => ({ params: { id: await demoNote(fx) } }) },

  // ---------------------------------------------------------------- documents
  "GET /api/crm/documents": { expect: crmAdmins(200), request: async (fx) => ({ query: { clientId: String(await demoClient(fx)) } }) },
  "POST /api/crm/documents": { expect: crmAdmins(201), request: async (fx) => ({ multipart: documentForm(await demoClient(fx)) }) },
  "GET /api/crm/documents/:id/file": { expect: crmAdmins(200), request: async (fx) => ({ params: { id: await demoDocument(fx) } }) },
  "DELETE /api/crm/documents/:id": { expect: crmAdmins(204), request: async (fx) => ({ params: { id: await demoDocument(fx) } }) },
};
