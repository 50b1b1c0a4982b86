import { sql } from "drizzle-orm";
import type { AccessTable, Expected, MatrixFixtures } from "../../guardrails/access-matrix.ts";

/**
 * Canned replies (issue 41): every agent manages their own clinic's (admins name the clinic);
 * patients get 403, signed out 401. The second clinic's therapist lists and creates its own
 * clinic's (200, 201) but a demo clinic's reply is 404 to them.
 */

const agents = (status: number, otherTherapist = status): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: status,
  otherTherapist,
  clinic: status,
  admin: status,
});

/** A canned reply of the demo clinic, made for one cell. */
async function demoReply(fx: MatrixFixtures): Promise<number> {
  const made = await fx.db.execute<{ id: number }>(sql`
    insert into chat_canned_replies (clinic_id, shortcut, body) values (${fx.ids.clinic}, ${fx.unique("m")}, 'Matrix reply') returning id`);
  return Number(made.rows[0]?.id);
}

export const cannedRepliesAccess: AccessTable = {
  "GET /api/chat/canned-replies": { expect: agents(200), request: (fx) => ({ query: { clinicId: fx.ids.clinic } }) },
  "POST /api/chat/canned-replies": {
    expect: agents(201),
    request: (fx) => ({ body: { shortcut: fx.unique("m"), body: "Matrix reply", clinicId: fx.ids.clinic } }),
  },
  "PUT /api/chat/canned-replies/:id": {
    expect: agents(200, 404),
    request: async (fx) => ({ params: { id: await demoReply(fx) }, body: { shortcut: fx.unique("m"), body: "Changed" } }),
  },
  "DELETE /api/chat/canned-replies/:id": { expect: agents(204, 404), request: async (fx) => ({ params: { id: await demoReply(fx) } }) },
};
