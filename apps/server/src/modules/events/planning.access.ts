import type { AccessTable, Expected, MatrixFixtures, MatrixRole } from "../../guardrails/access-matrix.ts";
import { TEST_PUBLIC_URL } from "../../../test/app.ts";
import { PNG, multipart } from "../../../test/uploads.ts";
import { makeEvent } from "./events.fixture.ts";
import { eventChecklistTemplates, eventCosts, eventTasks } from "./events.table.ts";

/**
 * Costs and checklists of events (issue 37.4–37.5). The demo clinic holds view_event and platform
 * admins pass every check; therapists and patients hold no events codename (403). Admins name the
 * clinic of a new template. Each cell makes its own event, line, task or template.
 */
const eventStaffOnly = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: 403,
  otherTherapist: 403,
  clinic: status,
  admin: status,
});

const clinicQuery = (fx: MatrixFixtures, role: MatrixRole) => (role === "admin" ? { query: { clinicId: fx.ids.clinic } } : {});

const demoEvent = async (fx: MatrixFixtures) => (await makeEvent(fx.db, fx.ids.clinic, { title: fx.unique("Matrix event") })).id;

async function demoCost(fx: MatrixFixtures): Promise<number> {
  const [row] = await fx.db
    .insert(eventCosts)
    .values({ eventId: await demoEvent(fx), category: "venue", supplier: "Matrix hall", plannedCents: 10_000 })
    .returning({ id: eventCosts.id });
  return row?.id as number;
}

const receiptForm = () => [{ name: "file", value: PNG, filename: "receipt.png", type: "image/png" }];

/** A line with a receipt uploaded by the clinic. */
async function demoCostWithReceipt(fx: MatrixFixtures): Promise<number> {
  const costId = await demoCost(fx);
  const { payload, contentType } = multipart(receiptForm());
  const answer = await fx.inject({
    method: "POST",
    url: `/api/events/costs/${costId}/receipt`,
    headers: { cookie: fx.cookieOf("clinic"), origin: TEST_PUBLIC_URL, "content-type": contentType },
    payload,
  });
  if (answer.statusCode !== 200) throw new Error(`demo receipt: ${answer.statusCode} ${answer.body}`);
  return costId;
}

async function demoTask(fx: MatrixFixtures): Promise<number> {
  const [row] = await fx.db
    .insert(eventTasks)
    .values({ eventId: await demoEvent(fx), title: "Book the room" })
    .returning({ id: eventTasks.id });
  return row?.id as number;
}

async function demoTemplate(fx: MatrixFixtures): Promise<number> {
  const [row] = await fx.db
    .insert(eventChecklistTemplates)
    .values({ clinicId: fx.ids.clinic, name: fx.unique("Template"), tasks: [{ title: "Book the room", daysBefore: 10 }] })
    .returning({ id: eventChecklistTemplates.id });
  return row?.id as number;
}

const costBody = { category: "catering", supplier: "Matrix catering", description: "Coffee", plannedCents: 12_000, actualCents: null, paid: false };
const templateBody = (fx: MatrixFixtures) => ({ name: fx.unique("Template"), tasks: [{ title: "Order the materials", daysBefore: 14 }] });

export const planningAccess: AccessTable = {
  // ---------------------------------------------------------------- costs
  "GET /api/events/events/:eventId/costs": { expect: eventStaffOnly(200), request: async (fx) => ({ params: { eventId: await demoEvent(fx) } }) },
  "POST /api/events/events/:eventId/costs": {
    expect: eventStaffOnly(201),
    request: async (fx) => ({ params: { eventId: await demoEvent(fx) }, body: costBody }),
  },
  "PUT /api/events/costs/:costId": { expect: eventStaffOnly(200), request: async (fx) => ({ params: { costId: await demoCost(fx) }, body: costBody }) },
  "DELETE /api/events/costs/:costId": { expect: eventStaffOnly(204), request: async (fx) => ({ params: { costId: await demoCost(fx) } }) },
  "POST /api/events/costs/:costId/receipt": {
    expect: eventStaffOnly(200),
    request: async (fx) => ({ params: { costId: await demoCost(fx) }, multipart: receiptForm() }),
  },
  "GET /api/events/costs/:costId/receipt": { expect: eventStaffOnly(200), request: async (fx) => ({ params: { costId: await demoCostWithReceipt(fx) } }) },
  "DELETE /api/events/costs/:costId/receipt": {
    expect: eventStaffOnly(204),
    request: async (fx) => ({ params: { costId: await demoCostWithReceipt(fx) } }),
  },

  // ---------------------------------------------------------------- checklist templates
  "GET /api/events/checklist-templates": { expect: eventStaffOnly(200) },
  "POST /api/events/checklist-templates": {
    expect: eventStaffOnly(201),
    request: (fx, role) => ({ ...clinicQuery(fx, role), body: templateBody(fx) }),
  },
  "PUT /api/events/checklist-templates/:templateId": {
    expect: eventStaffOnly(200),
    request: async (fx) => ({ params: { templateId: await demoTemplate(fx) }, body: templateBody(fx) }),
  },
  "DELETE /api/events/checklist-templates/:templateId": {
    expect: eventStaffOnly(204),
    request: async (fx) => ({ params: { templateId: await demoTemplate(fx) } }),
  },

  // ---------------------------------------------------------------- tasks
  "GET /api/events/events/:eventId/tasks": { expect: eventStaffOnly(200), request: async (fx) => ({ params: { eventId: await demoEvent(fx) } }) },
  "POST /api/events/events/:eventId/tasks": {
    expect: eventStaffOnly(201),
    request: async (fx) => ({ params: { eventId: await demoEvent(fx) }, body: { title: "Confirm the speaker", ownerId: fx.ids.clinic, dueOn: "2026-09-01" } }),
  },
  "POST /api/events/events/:eventId/tasks/from-template": {
    expect: eventStaffOnly(201),
    request: async (fx) => ({ params: { eventId: await demoEvent(fx) }, body: { templateId: await demoTemplate(fx) } }),
  },
  "PUT /api/events/tasks/:taskId": { expect: eventStaffOnly(200), request: async (fx) => ({ params: { taskId: await demoTask(fx) }, body: { done: true } }) },
  "DELETE /api/events/tasks/:taskId": { expect: eventStaffOnly(204), request: async (fx) => ({ params: { taskId: await demoTask(fx) } }) },
  "GET /api/events/events/:eventId/staff": { expect: eventStaffOnly(200), request: async (fx) => ({ params: { eventId: await demoEvent(fx) } }) },
};
