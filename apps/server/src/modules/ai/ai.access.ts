import { sql } from "drizzle-orm";
import type { AccessTable, Expected, MatrixFixtures } from "../../guardrails/access-matrix.ts";

/**
 * The AI chat widget (issue 42): every signed-in user asks and keeps their own conversations (a
 * conversation or an answer of someone else's is 404, admins included: the widget is personal);
 * `/ai/app` is for admins (spec §6), 403 to everyone else.
 */

const everyone = (status: number): Expected => ({
  anonymous: 401,
  patient: status,
  otherPatient: status,
  therapist: status,
  otherTherapist: status,
  clinic: status,
  admin: status,
});
/** Only the demo patient, whose conversation the cell made. */
const ownerOnly = (status: number): Expected => ({
  anonymous: 401,
  patient: status,
  otherPatient: 404,
  therapist: 404,
  otherTherapist: 404,
  clinic: 404,
  admin: 404,
});
const admins = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: 403,
  otherTherapist: 403,
  clinic: 403,
  admin: status,
});

/** A conversation of the demo patient with one question and one answer; answers the conversation's and the answer's ids. */
async function patientConversation(fx: MatrixFixtures): Promise<{ conversation: number; answer: number }> {
  const made = await fx.db.execute<{ conversation: number; answer: number }>(sql`
    with c as (insert into ai_conversations (user_id, clinic_id, title) values (${fx.ids.patient}, ${fx.ids.clinic}, 'Matrix') returning id),
    q as (insert into ai_messages (conversation_id, role, content) select id, 'user', 'How often?' from c),
    a as (insert into ai_messages (conversation_id, role, content, mode) select id, 'assistant', 'Daily.', 'retrieval' from c returning id)
    select c.id as conversation, a.id as answer from c, a`);
  return made.rows[0] as { conversation: number; answer: number };
}

async function platformFaq(fx: MatrixFixtures): Promise<number> {
  const made = await fx.db.execute<{ id: number }>(
    sql`insert into ai_faqs (language, audience, question, answer) values ('en', 'everyone', ${fx.unique("Matrix question")}, 'Matrix answer.') returning id`,
  );
  return Number(made.rows[0]?.id);
}

const faqBody = (fx: MatrixFixtures) => ({
  clinicId: fx.ids.clinic,
  language: "en",
  audience: "everyone",
  question: fx.unique("When do you open"),
  answer: "At nine.",
});

export const aiAccess: AccessTable = {
  "POST /api/ai/ask": { expect: everyone(200), request: () => ({ body: { question: "How often should I do the exercises?" } }) },
  "GET /api/ai/conversations": { expect: everyone(200) },
  "DELETE /api/ai/conversations": { expect: everyone(204) },
  "GET /api/ai/conversations/:id": { expect: ownerOnly(200), request: async (fx) => ({ params: { id: (await patientConversation(fx)).conversation } }) },
  "DELETE /api/ai/conversations/:id": { expect: ownerOnly(204), request: async (fx) => ({ params: { id: (await patientConversation(fx)).conversation } }) },
  "PUT /api/ai/messages/:id/feedback": {
    expect: ownerOnly(200),
    request: async (fx) => ({ params: { id: (await patientConversation(fx)).answer }, body: { feedback: "up" } }),
  },
  "GET /api/ai/settings": { expect: admins(200), request: (fx) => ({ query: { clinic: fx.ids.clinic } }) },
  "PUT /api/ai/settings": {
    expect: admins(200),
    request: (fx) => ({
      body: {
        clinicId: fx.ids.otherClinic,
        provider: null,
        allowPatientData: false,
        systemPrompt: "",
        sources: ["faq"],
        perUserPerHour: 30,
        perClinicPerDay: 1000,
        maxAnswerTokens: 600,
        timeoutSeconds: 30,
        emergencyPhone: "",
        inputCentsPerMillion: 0,
        outputCentsPerMillion: 0,
      },
    }),
  },
  "POST /api/ai/reindex": { expect: admins(200), request: (fx) => ({ body: { clinicId: fx.ids.clinic } }) },
  "GET /api/ai/faqs": { expect: admins(200) },
  "POST /api/ai/faqs": { expect: admins(201), request: (fx) => ({ body: faqBody(fx) }) },
  "PUT /api/ai/faqs/:id": {
    expect: admins(200),
    request: async (fx) => ({ params: { id: await platformFaq(fx) }, body: { ...faqBody(fx), clinicId: null } }),
  },
  "DELETE /api/ai/faqs/:id": { expect: admins(204), request: async (fx) => ({ params: { id: await platformFaq(fx) } }) },
  "GET /api/ai/logs": { expect: admins(200), request: (fx) => ({ query: { clinic: fx.ids.clinic } }) },
  "GET /api/ai/logs/export": { expect: admins(200), request: (fx) => ({ query: { clinic: fx.ids.clinic, format: "csv" } }) },
  "GET /api/ai/logs/:id": { expect: admins(200), request: async (fx) => ({ params: { id: (await patientConversation(fx)).conversation } }) },
  "GET /api/ai/usage": { expect: admins(200) },
  "POST /api/ai/console": { expect: admins(200), request: (fx) => ({ body: { clinicId: fx.ids.clinic, question: "When do you open?" } }) },
};
