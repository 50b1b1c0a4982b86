import { randomInt } from "node:crypto";
import { type AccessTable, adminOnly, anyone, type Expected, type MatrixFixtures, staffOnly } from "../../../guardrails/access-matrix.ts";
import { makeChatTemplate, makeWhatsAppConversation, makeWhatsAppNumber } from "./whatsapp.fixture.ts";

/**
 * The cells of the chat's WhatsApp routes (issue 41.3). The matrix runs without WhatsApp
 * configured, so the webhook answers 404 to everyone (whatsapp-webhook.test.ts covers it
 * configured). Templates: the clinic's account and admins manage them, therapists read them;
 * numbers: admins manage them, a clinic's account reads its own. Another clinic's objects: 404.
 */

/** The clinic's account and admins; every other role 403, signed out 401. */
const clinicAndAdmin = (status: number): Expected => ({ ...adminOnly(status), clinic: status });

const templateOfDemo = async (fx: MatrixFixtures) => (await makeChatTemplate(fx.db, fx.ids.clinic)).id;
const numberOfDemo = (fx: MatrixFixtures) => makeWhatsAppNumber(fx.db, fx.ids.clinic);
const digits = () => String(randomInt(10 ** 9, 10 ** 12));

export const whatsAppAccess: AccessTable = {
  "GET /api/chat/whatsapp/webhook": {
    expect: anyone(404),
    request: () => ({ query: { "hub.mode": "subscribe", "hub.verify_token": "matrix-token", "hub.challenge": "123" } }),
  },
  "POST /api/chat/whatsapp/webhook": { expect: anyone(404), request: () => ({ body: { object: "whatsapp_business_account", entry: [] } }) },

  "GET /api/chat/templates": { expect: staffOnly(200), request: (fx) => ({ query: { clinicId: fx.ids.clinic } }) },
  "POST /api/chat/templates": {
    expect: clinicAndAdmin(201),
    request: (fx, role) => ({
      body: { name: `matrix_${digits()}`, language: "en", body: "Hello {{1}}", ...(role === "admin" ? { clinicId: fx.ids.clinic } : {}) },
    }),
  },
  "PUT /api/chat/templates/:id": {
    expect: clinicAndAdmin(200),
    request: async (fx) => ({ params: { id: await templateOfDemo(fx) }, body: { name: `matrix_${digits()}`, language: "es", body: "Hola {{1}}" } }),
  },
  "DELETE /api/chat/templates/:id": { expect: clinicAndAdmin(204), request: async (fx) => ({ params: { id: await templateOfDemo(fx) } }) },

  "GET /api/chat/whatsapp-numbers": { expect: clinicAndAdmin(200) },
  "POST /api/chat/whatsapp-numbers": {
    expect: adminOnly(201),
    request: (fx) => ({ body: { id: digits(), clinicId: fx.ids.clinic, displayPhone: "+1 555 000 1111", label: "Matrix" } }),
  },
  "PUT /api/chat/whatsapp-numbers/:id": {
    expect: adminOnly(200),
    request: async (fx) => ({ params: { id: await numberOfDemo(fx) }, body: { clinicId: fx.ids.clinic, displayPhone: "+1 555 000 2222", label: "Matrix" } }),
  },
  "DELETE /api/chat/whatsapp-numbers/:id": { expect: adminOnly(204), request: async (fx) => ({ params: { id: await numberOfDemo(fx) } }) },

  // Therapists are agents too; the second clinic's therapist does not see the demo clinic's conversation.
  "POST /api/chat/conversations/:id/template": {
    expect: { ...staffOnly(201), otherTherapist: 404 },
    request: async (fx) => {
      const number = await numberOfDemo(fx);
      const conversation = await makeWhatsAppConversation(fx.db, { clinicId: fx.ids.clinic, waNumberId: number, lastInboundAt: null });
      const template = await makeChatTemplate(fx.db, fx.ids.clinic);
      return { params: { id: conversation.id }, body: { templateId: template.id, variables: ["Ana", "Monday"] } };
    },
  },
};
