import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AccessTable, MatrixFixtures, MatrixRole } from "../../guardrails/access-matrix.ts";
import { PNG } from "../../../test/uploads.ts";

/**
 * Attachments (issue 41): the demo clinic's agents (its account, its therapist, admins) send to
 * its conversations, the demo patient to their own in-app one; the second clinic's staff and
 * patient get 404 (another clinic's conversation), signed out 401.
 */

/**
 * The conversation a cell writes to: the demo patient's in-app one for patients (their writing
 * reopens it, whatever other cells did to it); for agents, a fresh WhatsApp conversation of the
 * demo clinic within the 24-hour window, so no other cell can have closed it.
 */
async function conversationFor(fx: MatrixFixtures, role: MatrixRole): Promise<number> {
  if (role === "patient" || role === "otherPatient") {
    await fx.db.execute(sql`
      insert into chat_conversations (clinic_id, channel, patient_id) values (${fx.ids.clinic}, 'app', ${fx.ids.patient}) on conflict do nothing`);
    const found = await fx.db.execute<{ id: number }>(sql`
      select id from chat_conversations where clinic_id = ${fx.ids.clinic} and channel = 'app' and patient_id = ${fx.ids.patient}`);
    return Number(found.rows[0]?.id);
  }
  const phone = `+3460${randomInt(1_000_000, 9_999_999)}`;
  const made = await fx.db.execute<{ id: number }>(sql`
    insert into chat_conversations (clinic_id, channel, contact_phone, contact_name, last_inbound_at)
      values (${fx.ids.clinic}, 'whatsapp', ${phone}, 'Matrix contact', now()) returning id`);
  return Number(made.rows[0]?.id);
}

export const chatAttachmentsAccess: AccessTable = {
  "POST /api/chat/conversations/:id/attachments": {
    expect: { anonymous: 401, patient: 201, otherPatient: 404, therapist: 201, otherTherapist: 404, clinic: 201, admin: 201 },
    request: async (fx, role) => ({
      params: { id: await conversationFor(fx, role) },
      multipart: [
        { name: "caption", value: "Matrix" },
        { name: "archivo", value: PNG, filename: "matrix.png", type: "image/png" },
      ],
    }),
  },
};
