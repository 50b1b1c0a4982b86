import { sql } from "drizzle-orm";
import { type AccessTable, type Expected, type MatrixFixtures, signedIn, staffOnly } from "../../guardrails/access-matrix.ts";
import { openAppConversation } from "./conversations.service.ts";

/**
 * The inbox and the patient's chat (issue 41). Agents are the demo clinic's staff and admins;
 * the second clinic's therapist gets 404 for the demo clinic's conversations, another patient
 * 404 for the demo patient's; patients never reach the inbox's lists or agents' calls (403).
 */

/** The demo patient's in-app conversation with the demo clinic. */
const appConversation = (fx: MatrixFixtures) => openAppConversation(fx.db, fx.ids.clinic, fx.ids.patient);

/** A WhatsApp conversation of the demo clinic (a contact of its own, per cell). */
async function whatsAppConversation(fx: MatrixFixtures): Promise<number> {
  const phone = `+3460${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const made = await fx.db.execute<{ id: number }>(sql`
    insert into chat_conversations (clinic_id, channel, contact_phone, contact_name, last_inbound_at)
      values (${fx.ids.clinic}, 'whatsapp', ${phone}, ${fx.unique("Contact")}, now()) returning id`);
  return Number(made.rows[0]?.id);
}

/** In scope: the demo clinic's staff, admins and the conversation's patient; out of scope (404): the second clinic's. */
const members = (status: number): Expected => ({ ...signedIn(status), otherPatient: 404, otherTherapist: 404 });
/** Agents of the demo clinic and admins; patients 403; the second clinic's therapist 404. */
const agents = (status: number): Expected => ({ ...staffOnly(status), otherTherapist: 404 });
const patientsOnly = (status: number): Expected => ({ ...signedIn(403), patient: status, otherPatient: status });

export const chatConversationsAccess: AccessTable = {
  "GET /api/chat/conversations": { expect: staffOnly(200) },
  // The second clinic's therapist names a patient not of their clinic: a field error, nothing revealed.
  "POST /api/chat/conversations": { expect: { ...staffOnly(200), otherTherapist: 400 }, request: (fx) => ({ body: { patientId: fx.ids.patient } }) },
  "GET /api/chat/conversations/:id": { expect: members(200), request: async (fx) => ({ params: { id: await appConversation(fx) } }) },
  "GET /api/chat/conversations/:id/messages": { expect: members(200), request: async (fx) => ({ params: { id: await appConversation(fx) } }) },
  "POST /api/chat/conversations/:id/messages": {
    expect: members(201),
    request: async (fx) => ({ params: { id: await appConversation(fx) }, body: { body: "Hello from the matrix" } }),
  },
  "POST /api/chat/conversations/:id/notes": {
    expect: agents(201),
    request: async (fx) => ({ params: { id: await appConversation(fx) }, body: { body: "A note" } }),
  },
  "POST /api/chat/conversations/:id/read": { expect: members(200), request: async (fx) => ({ params: { id: await appConversation(fx) } }) },
  "POST /api/chat/conversations/:id/typing": { expect: members(204), request: async (fx) => ({ params: { id: await appConversation(fx) } }) },
  "PUT /api/chat/conversations/:id/assignee": {
    expect: agents(200),
    request: async (fx) => ({ params: { id: await appConversation(fx) }, body: { assigneeId: null } }),
  },
  "PUT /api/chat/conversations/:id/status": {
    expect: agents(200),
    request: async (fx) => ({ params: { id: await appConversation(fx) }, body: { status: "open" } }),
  },
  "PUT /api/chat/conversations/:id/patient": {
    expect: agents(200),
    request: async (fx) => ({ params: { id: await whatsAppConversation(fx) }, body: { patientId: null } }),
  },
  "GET /api/chat/me": { expect: patientsOnly(200) },
  "POST /api/chat/me": { expect: patientsOnly(200) },
  "GET /api/chat/unread": { expect: signedIn(200) },
  "GET /api/chat/agents": { expect: staffOnly(200), request: (fx) => ({ query: { clinicId: fx.ids.clinic } }) },
};
