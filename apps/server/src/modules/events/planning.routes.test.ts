import type { ChecklistTemplateView, EventCosts, EventCostView, EventTasks, EventTaskView } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { makePatient, makeTherapist } from "../../../test/factories.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { type FormPart, multipart, PNG } from "../../../test/uploads.ts";
import { uploads } from "../../platform/uploads.table.ts";
import { makeEvent } from "./events.fixture.ts";
import { eventChecklistTemplates, eventCosts, eventPayments, eventRegistrations, eventTasks } from "./events.table.ts";

/**
 * Costs and checklists of events (issue 37.4–37.5) through the API: who may call each route,
 * another clinic's rows answering 404, bad input answered 400 with nothing written, receipts
 * kept privately and replaced, templates turned into dated tasks.
 */

let t: TestApp;
let r: RoleCalls;
const cookies = new Map<Who, string>();

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
  r = await signInRoles(t);
  cookies.set("clinic", await t.loginAs("clinic"));
  cookies.set("otherClinic", await t.login(r.other.clinic.email, r.other.clinic.password));
});
afterAll(async () => t?.close());

const demoEvent = async (options: Parameters<typeof makeEvent>[2] = {}) => (await makeEvent(t.db, t.ids.clinic, options)).id;
const otherEvent = async () => (await makeEvent(t.db, r.other.clinic.id)).id;
const count = async (table: typeof eventCosts | typeof eventTasks | typeof eventChecklistTemplates) =>
  Number((await t.db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n);

function sendForm(who: Who, url: string, parts: FormPart[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({ method: "POST", url, headers: { cookie: cookies.get(who) ?? "", origin: TEST_PUBLIC_URL, "content-type": contentType }, payload });
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const line = { category: "venue", supplier: "Hall", description: "Room 2", plannedCents: 30_000, actualCents: null, paid: false };

describe("who may call the costs and checklists", () => {
  it("lets the clinic and admins in, refuses therapists and patients (403), the signed-out (401) and another clinic (404)", async () => {
    const eventId = await demoEvent();
    for (const path of [`/api/events/events/${eventId}/costs`, `/api/events/events/${eventId}/tasks`, `/api/events/events/${eventId}/staff?rowsPerPage=20`]) {
      expect((await r.send("clinic", "GET", path)).statusCode, path).toBe(200);
      expect((await r.send("admin", "GET", path)).statusCode, path).toBe(200);
      expect((await r.send("therapist", "GET", path)).statusCode, path).toBe(403);
      expect((await r.send("patient", "GET", path)).statusCode, path).toBe(403);
      expect((await r.send(null, "GET", path)).statusCode, path).toBe(401);
      expect((await r.send("otherClinic", "GET", path)).statusCode, path).toBe(404);
    }
    for (const path of ["/api/events/checklist-templates"]) {
      expect((await r.send("therapist", "GET", path)).statusCode).toBe(403);
      expect((await r.send("patient", "GET", path)).statusCode).toBe(403);
      expect((await r.send(null, "GET", path)).statusCode).toBe(401);
    }
  });

  it("answers 404 with the module off", async () => {
    const off = await createTestApp({ env: { FEATURE_FLAGS: "clinic" } });
    try {
      const cookie = await off.loginAs("clinic");
      const answer = await off.app.inject({ method: "GET", url: "/api/events/checklist-templates", headers: { cookie } });
      expect(answer.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe("costs", () => {
  it("adds, changes and deletes lines, and answers totals, income and the balance", async () => {
    const eventId = await demoEvent({ tickets: [{ priceCents: 2500 }] });
    const added = await r.send("clinic", "POST", `/api/events/events/${eventId}/costs`, line);
    expect(added.statusCode).toBe(201);
    const venue = added.json() as EventCostView;
    expect(venue).toMatchObject({ category: "venue", supplier: "Hall", plannedCents: 30_000, actualCents: null, paid: false, receipt: null });
    const catering = (await r.send("admin", "POST", `/api/events/events/${eventId}/costs`, { ...line, category: "catering", plannedCents: 8000 })).json();
    const changed = await r.send("clinic", "PUT", `/api/events/costs/${catering.id}`, {
      ...line,
      category: "catering",
      plannedCents: 8000,
      actualCents: 9500,
      paid: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ actualCents: 9500, paid: true });

    // Income: two payments of 25.00 and a refund of 10.00.
    const [ticket] = await t.db.execute<{ id: number }>(sql`select id from event_ticket_types where event_id = ${eventId}`).then((res) => res.rows);
    const registrations = await t.db
      .insert(eventRegistrations)
      .values(
        [1, 2].map((n) => ({
          eventId,
          ticketTypeId: Number(ticket?.id),
          clinicId: t.ids.clinic,
          name: `Guest ${n}`,
          email: `guest${n}-${eventId}@example.com`,
          state: "confirmed",
          amountCents: 2500,
          paidCents: 2500,
          currency: "EUR",
          token: `${eventId}-${n}`.padEnd(64, "0"),
        })),
      )
      .returning({ id: eventRegistrations.id });
    await t.db.insert(eventPayments).values([
      { registrationId: registrations[0]?.id as number, eventId, kind: "payment", amountCents: 2500, provider: "manual" },
      { registrationId: registrations[1]?.id as number, eventId, kind: "payment", amountCents: 2500, provider: "manual" },
      { registrationId: registrations[1]?.id as number, eventId, kind: "refund", amountCents: 1000, provider: "manual" },
    ]);

    const budget = (await r.send("clinic", "GET", `/api/events/events/${eventId}/costs`)).json() as EventCosts;
    expect(budget.currency).toBe("EUR");
    expect(budget.costs.map((cost) => cost.category)).toEqual(["venue", "catering"]);
    expect(budget.totals).toEqual({ plannedCents: 38_000, actualCents: 9500, paidCents: 9500, unpaidCents: 30_000 });
    expect(budget.costsCents).toBe(39_500);
    expect(budget.incomeCents).toBe(4000);
    expect(budget.balanceCents).toBe(4000 - 39_500);

    expect((await r.send("clinic", "DELETE", `/api/events/costs/${venue.id}`)).statusCode).toBe(204);
    const after = (await r.send("clinic", "GET", `/api/events/events/${eventId}/costs`)).json() as EventCosts;
    expect(after.costs).toHaveLength(1);
    expect(after.balanceCents).toBe(4000 - 9500);
  });

  it("refuses another clinic's event and line (404) and writes nothing", async () => {
    const eventId = await otherEvent();
    const before = await count(eventCosts);
    expect((await r.send("clinic", "POST", `/api/events/events/${eventId}/costs`, line)).statusCode).toBe(404);
    const [cost] = await t.db.insert(eventCosts).values({ eventId, category: "venue", plannedCents: 100 }).returning({ id: eventCosts.id });
    expect((await r.send("clinic", "PUT", `/api/events/costs/${cost?.id}`, { ...line, plannedCents: 1 })).statusCode).toBe(404);
    expect((await r.send("clinic", "DELETE", `/api/events/costs/${cost?.id}`)).statusCode).toBe(404);
    const [kept] = await t.db
      .select()
      .from(eventCosts)
      .where(eq(eventCosts.id, cost?.id as number));
    expect(kept?.plannedCents).toBe(100);
    expect(await count(eventCosts)).toBe(before + 1);
  });

  it.each([
    ["a negative planned amount", { ...line, plannedCents: -1 }, "plannedCents"],
    ["a negative actual amount", { ...line, actualCents: -500 }, "actualCents"],
    ["an unknown category", { ...line, category: "parking" }, "category"],
    ["an amount in decimals", { ...line, plannedCents: 10.5 }, "plannedCents"],
    ["an unknown field", { ...line, currency: "USD" }, "currency"],
  ])("refuses %s (400) and writes nothing", async (_, body, field) => {
    const eventId = await demoEvent();
    const before = await count(eventCosts);
    const answer = await r.send("clinic", "POST", `/api/events/events/${eventId}/costs`, body);
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json())).toContain(field);
    expect(await count(eventCosts)).toBe(before);
  });
});

describe("receipts", () => {
  it("keep a private file, replace it on a new upload, and download only for the event's staff", async () => {
    const eventId = await demoEvent();
    const cost = (await r.send("clinic", "POST", `/api/events/events/${eventId}/costs`, line)).json() as EventCostView;
    const url = `/api/events/costs/${cost.id}/receipt`;
    expect((await r.send("clinic", "GET", url)).statusCode).toBe(404);

    const first = await sendForm("clinic", url, [{ name: "file", value: PNG, filename: "ticket.png", type: "image/png" }]);
    expect(first.statusCode).toBe(200);
    expect(first.json().receipt).toMatchObject({ name: "ticket.png", mime: "image/png", size: PNG.length, url });
    const [firstLink] = await t.db.select({ id: eventCosts.receiptUploadId }).from(eventCosts).where(eq(eventCosts.id, cost.id));

    const second = await sendForm("clinic", url, [{ name: "file", value: PDF, filename: "invoice.pdf", type: "application/pdf" }]);
    expect(second.statusCode).toBe(200);
    expect(second.json().receipt).toMatchObject({ name: "invoice.pdf", mime: "application/pdf" });
    // The old upload is gone with its row.
    expect(
      await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, firstLink?.id as string)),
    ).toHaveLength(0);

    const download = await r.send("clinic", "GET", url);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toContain("invoice.pdf");
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await r.send("admin", "GET", url)).statusCode).toBe(200);
    expect((await r.send("otherClinic", "GET", url)).statusCode).toBe(404);
    expect((await r.send("therapist", "GET", url)).statusCode).toBe(403);
    expect((await r.send("patient", "GET", url)).statusCode).toBe(403);
    expect((await r.send(null, "GET", url)).statusCode).toBe(401);

    // Another clinic can neither replace nor remove it.
    expect((await sendForm("otherClinic", url, [{ name: "file", value: PNG, filename: "x.png", type: "image/png" }])).statusCode).toBe(404);
    expect((await r.send("otherClinic", "DELETE", url)).statusCode).toBe(404);
    expect((await r.send("clinic", "GET", url)).headers["content-type"]).toBe("application/pdf");

    expect((await r.send("clinic", "DELETE", url)).statusCode).toBe(204);
    expect((await r.send("clinic", "GET", url)).statusCode).toBe(404);
    expect((await r.send("clinic", "DELETE", url)).statusCode).toBe(404);
  });

  it("refuses a file that is not a PDF or a picture, or no file (400), keeping what was there", async () => {
    const eventId = await demoEvent();
    const cost = (await r.send("clinic", "POST", `/api/events/events/${eventId}/costs`, line)).json() as EventCostView;
    const url = `/api/events/costs/${cost.id}/receipt`;
    const before = await t.db.select({ n: sql<number>`count(*)` }).from(uploads);
    const text = await sendForm("clinic", url, [{ name: "file", value: Buffer.from("just text"), filename: "a.txt", type: "text/plain" }]);
    expect(text.statusCode).toBe(400);
    expect(text.json().file).toBeDefined();
    const lying = await sendForm("clinic", url, [{ name: "file", value: PNG, filename: "a.pdf", type: "application/pdf" }]);
    expect(lying.statusCode).toBe(400);
    const none = await sendForm("clinic", url, [{ name: "note", value: "hello" }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ file: ["Choose the receipt file."], note: ["Unknown field."] });
    expect(await t.db.select({ n: sql<number>`count(*)` }).from(uploads)).toEqual(before);
  });

  it("goes with its line", async () => {
    const eventId = await demoEvent();
    const cost = (await r.send("clinic", "POST", `/api/events/events/${eventId}/costs`, line)).json() as EventCostView;
    await sendForm("clinic", `/api/events/costs/${cost.id}/receipt`, [{ name: "file", value: PNG, filename: "r.png", type: "image/png" }]);
    const [link] = await t.db.select({ id: eventCosts.receiptUploadId }).from(eventCosts).where(eq(eventCosts.id, cost.id));
    expect(link?.id).toBeTruthy();
    expect((await r.send("clinic", "DELETE", `/api/events/costs/${cost.id}`)).statusCode).toBe(204);
    expect(
      await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, link?.id as string)),
    ).toHaveLength(0);
  });

  it("goes with its event", async () => {
    const eventId = await demoEvent();
    const cost = (await r.send("clinic", "POST", `/api/events/events/${eventId}/costs`, line)).json() as EventCostView;
    await sendForm("clinic", `/api/events/costs/${cost.id}/receipt`, [{ name: "file", value: PNG, filename: "r.png", type: "image/png" }]);
    const [link] = await t.db.select({ id: eventCosts.receiptUploadId }).from(eventCosts).where(eq(eventCosts.id, cost.id));
    expect(link?.id).toBeTruthy();
    expect((await r.send("clinic", "DELETE", `/api/events/events/${eventId}`)).statusCode).toBe(204);
    expect(
      await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, link?.id as string)),
    ).toHaveLength(0);
  });
});

describe("checklist templates", () => {
  it("lists the built-ins first, then the clinic's own; never another clinic's", async () => {
    const mine = await r.send("clinic", "POST", "/api/events/checklist-templates", {
      name: "Group session",
      tasks: [{ title: "Call the group", daysBefore: 3 }],
    });
    expect(mine.statusCode).toBe(201);
    const theirs = await r.send("otherClinic", "POST", "/api/events/checklist-templates", { name: "Theirs", tasks: [{ title: "Secret", daysBefore: 1 }] });
    expect(theirs.statusCode).toBe(201);
    const list = (await r.send("clinic", "GET", "/api/events/checklist-templates")).json() as ChecklistTemplateView[];
    expect(list.slice(0, 2).map((template) => template.key)).toEqual(["workshop", "course"]);
    expect(list.slice(0, 2).every((template) => template.builtIn && template.clinic === null)).toBe(true);
    expect(list.map((template) => template.name)).toContain("Group session");
    expect(list.map((template) => template.name)).not.toContain("Theirs");
    expect(list.find((template) => template.name === "Group session")?.clinic?.id).toBe(t.ids.clinic);
    // Admins: every clinic's, or one named.
    const all = (await r.send("admin", "GET", "/api/events/checklist-templates")).json() as ChecklistTemplateView[];
    expect(all.map((template) => template.name)).toEqual(expect.arrayContaining(["Group session", "Theirs"]));
    const named = (await r.send("admin", "GET", `/api/events/checklist-templates?clinicId=${t.ids.clinic}`)).json() as ChecklistTemplateView[];
    expect(named.map((template) => template.name)).not.toContain("Theirs");
    // Another clinic's template: 404 to change or delete.
    expect(
      (await r.send("clinic", "PUT", `/api/events/checklist-templates/${theirs.json().id}`, { name: "Mine now", tasks: [{ title: "x", daysBefore: 1 }] }))
        .statusCode,
    ).toBe(404);
    expect((await r.send("clinic", "DELETE", `/api/events/checklist-templates/${theirs.json().id}`)).statusCode).toBe(404);
  });

  it("keeps the built-ins read-only (409), even for admins", async () => {
    const list = (await r.send("clinic", "GET", "/api/events/checklist-templates")).json() as ChecklistTemplateView[];
    const workshop = list.find((template) => template.key === "workshop") as ChecklistTemplateView;
    for (const who of ["clinic", "admin"] as const) {
      const changed = await r.send(who, "PUT", `/api/events/checklist-templates/${workshop.id}`, { name: "Mine", tasks: [{ title: "x", daysBefore: 1 }] });
      expect(changed.statusCode).toBe(409);
      expect((await r.send(who, "DELETE", `/api/events/checklist-templates/${workshop.id}`)).statusCode).toBe(409);
    }
    const [row] = await t.db.select().from(eventChecklistTemplates).where(eq(eventChecklistTemplates.id, workshop.id));
    expect(row?.name).toBe("Workshop");
    expect(row?.tasks).toHaveLength(7);
  });

  it("changes and deletes the clinic's own; admins create for a named clinic", async () => {
    const made = (await r.send("clinic", "POST", "/api/events/checklist-templates", { name: "Course B", tasks: [{ title: "A", daysBefore: 5 }] })).json();
    const changed = await r.send("clinic", "PUT", `/api/events/checklist-templates/${made.id}`, {
      name: "Course C",
      tasks: [
        { title: "A", daysBefore: 5 },
        { title: "B", daysBefore: 0 },
      ],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: "Course C",
      tasks: [
        { title: "A", daysBefore: 5 },
        { title: "B", daysBefore: 0 },
      ],
      builtIn: false,
    });
    expect((await r.send("clinic", "DELETE", `/api/events/checklist-templates/${made.id}`)).statusCode).toBe(204);

    const before = await count(eventChecklistTemplates);
    const unnamed = await r.send("admin", "POST", "/api/events/checklist-templates", { name: "Admin's", tasks: [{ title: "A", daysBefore: 1 }] });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toHaveProperty("clinicId");
    const named = await r.send("admin", "POST", `/api/events/checklist-templates?clinicId=${r.other.clinic.id}`, {
      name: "Admin's",
      tasks: [{ title: "A", daysBefore: 1 }],
    });
    expect(named.statusCode).toBe(201);
    expect(named.json().clinic.id).toBe(r.other.clinic.id);
    expect(await count(eventChecklistTemplates)).toBe(before + 1);
  });

  it.each([
    ["no tasks", { name: "Empty", tasks: [] }, "tasks"],
    ["no name", { name: "  ", tasks: [{ title: "A", daysBefore: 1 }] }, "name"],
    ["a negative day", { name: "Odd", tasks: [{ title: "A", daysBefore: -2 }] }, "tasks.0.daysBefore"],
    ["more than 50 tasks", { name: "Long", tasks: Array.from({ length: 51 }, (_, i) => ({ title: `T${i}`, daysBefore: 1 })) }, "tasks"],
  ])("refuses a template with %s (400) and writes nothing", async (_, body, field) => {
    const before = await count(eventChecklistTemplates);
    const answer = await r.send("clinic", "POST", "/api/events/checklist-templates", body);
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json())).toContain(field);
    expect(await count(eventChecklistTemplates)).toBe(before);
  });
});

describe("tasks", () => {
  it("adds, marks done and undone, reorders and deletes tasks, owned by the clinic's staff", async () => {
    const eventId = await demoEvent();
    const therapist = await makeTherapist(t.db, t.ids.clinic, { nombres: "Tomás", apellidos: "Ruiz" });
    const first = await r.send("clinic", "POST", `/api/events/events/${eventId}/tasks`, { title: "Book the room", ownerId: therapist.id, dueOn: "2020-01-10" });
    expect(first.statusCode).toBe(201);
    const task = first.json() as EventTaskView;
    expect(task).toMatchObject({
      title: "Book the room",
      owner: { id: therapist.id, name: "Tomás Ruiz" },
      dueOn: "2020-01-10",
      done: false,
      overdue: true,
      position: 0,
    });
    const second = (
      await r.send("clinic", "POST", `/api/events/events/${eventId}/tasks`, { title: "Print the list", ownerId: t.ids.clinic })
    ).json() as EventTaskView;
    expect(second.position).toBe(1);
    expect(second.overdue).toBe(false);

    const done = await r.send("admin", "PUT", `/api/events/tasks/${task.id}`, { done: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ done: true, overdue: false, doneBy: { id: t.ids.admin }, title: "Book the room", owner: { id: therapist.id } });
    expect(done.json().doneAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Done again keeps who did it first.
    expect((await r.send("clinic", "PUT", `/api/events/tasks/${task.id}`, { done: true })).json().doneBy.id).toBe(t.ids.admin);
    const undone = (await r.send("clinic", "PUT", `/api/events/tasks/${task.id}`, { done: false })).json() as EventTaskView;
    expect(undone).toMatchObject({ done: false, doneAt: null, doneBy: null, overdue: true });
    const moved = (await r.send("clinic", "PUT", `/api/events/tasks/${task.id}`, { position: 5, ownerId: null, dueOn: null })).json() as EventTaskView;
    expect(moved).toMatchObject({ position: 5, owner: null, dueOn: null, overdue: false });

    const list = (await r.send("clinic", "GET", `/api/events/events/${eventId}/tasks`)).json() as EventTasks;
    expect(list.timeZone).toBe("Europe/Madrid");
    expect(list.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(list.tasks.map((one) => one.title)).toEqual(["Print the list", "Book the room"]);
    expect((await r.send("clinic", "DELETE", `/api/events/tasks/${second.id}`)).statusCode).toBe(204);
    expect(((await r.send("clinic", "GET", `/api/events/events/${eventId}/tasks`)).json() as EventTasks).tasks).toHaveLength(1);
  });

  it("refuses an owner who is not the event's clinic's staff (400 ownerId) and writes nothing", async () => {
    const eventId = await demoEvent();
    const patient = await makePatient(t.db, t.ids.clinic);
    const before = await count(eventTasks);
    for (const ownerId of [r.other.therapist.id, r.other.clinic.id, patient.id, t.ids.admin]) {
      const answer = await r.send("clinic", "POST", `/api/events/events/${eventId}/tasks`, { title: "Call", ownerId });
      expect(answer.statusCode, ownerId).toBe(400);
      expect(answer.json()).toEqual({ ownerId: ["Choose a staff member of the event's clinic."] });
    }
    expect(await count(eventTasks)).toBe(before);
    const task = (await r.send("clinic", "POST", `/api/events/events/${eventId}/tasks`, { title: "Call", ownerId: t.ids.therapist })).json() as EventTaskView;
    const refused = await r.send("clinic", "PUT", `/api/events/tasks/${task.id}`, { ownerId: r.other.therapist.id, title: "Changed" });
    expect(refused.statusCode).toBe(400);
    const [row] = await t.db.select().from(eventTasks).where(eq(eventTasks.id, task.id));
    expect(row).toMatchObject({ ownerId: t.ids.therapist, title: "Call" });
  });

  it.each([
    ["no title", { title: " " }, "title"],
    ["an impossible day", { title: "A", dueOn: "2026-02-30" }, "dueOn"],
    ["an owner that is no id", { title: "A", ownerId: "nobody" }, "ownerId"],
  ])("refuses a task with %s (400) and writes nothing", async (_, body, field) => {
    const eventId = await demoEvent();
    const before = await count(eventTasks);
    const answer = await r.send("clinic", "POST", `/api/events/events/${eventId}/tasks`, body);
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json())).toContain(field);
    expect(await count(eventTasks)).toBe(before);
  });

  it("refuses an empty change (400) and another clinic's event or task (404)", async () => {
    const eventId = await demoEvent();
    const task = (await r.send("clinic", "POST", `/api/events/events/${eventId}/tasks`, { title: "A" })).json() as EventTaskView;
    expect((await r.send("clinic", "PUT", `/api/events/tasks/${task.id}`, {})).statusCode).toBe(400);
    expect((await r.send("otherClinic", "PUT", `/api/events/tasks/${task.id}`, { done: true })).statusCode).toBe(404);
    expect((await r.send("otherClinic", "DELETE", `/api/events/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await r.send("otherClinic", "POST", `/api/events/events/${eventId}/tasks`, { title: "B" })).statusCode).toBe(404);
    const [row] = await t.db.select().from(eventTasks).where(eq(eventTasks.id, task.id));
    expect(row?.doneAt).toBeNull();
  });

  it("come from a template: one per task, due its days before the start day in the event's zone, after those there", async () => {
    // 23:30 UTC on 1 June is 01:30 on 2 June in Madrid: the start day is the 2nd.
    const eventId = await demoEvent({ startsAt: new Date("2030-06-01T23:30:00Z") });
    await r.send("clinic", "POST", `/api/events/events/${eventId}/tasks`, { title: "Already there" });
    const templates = (await r.send("clinic", "GET", "/api/events/checklist-templates")).json() as ChecklistTemplateView[];
    const workshop = templates.find((template) => template.key === "workshop") as ChecklistTemplateView;
    const answer = await r.send("clinic", "POST", `/api/events/events/${eventId}/tasks/from-template`, { templateId: workshop.id });
    expect(answer.statusCode).toBe(201);
    const list = answer.json() as EventTasks;
    expect(list.tasks).toHaveLength(1 + workshop.tasks.length);
    expect(list.tasks[0]?.title).toBe("Already there");
    expect(list.tasks.slice(1).map((task) => task.title)).toEqual(workshop.tasks.map((task) => task.title));
    expect(list.tasks[1]).toMatchObject({ title: "Book the room", dueOn: "2030-05-03", owner: null, position: 1 });
    expect(list.tasks.at(-1)).toMatchObject({ title: "Set up the room", dueOn: "2030-06-02" });
  });

  it("write a built-in's tasks in the user's language", async () => {
    const eventId = await demoEvent({ startsAt: new Date("2030-06-01T08:00:00Z") });
    const templates = (await r.send("clinic", "GET", "/api/events/checklist-templates")).json() as ChecklistTemplateView[];
    const course = templates.find((template) => template.key === "course") as ChecklistTemplateView;
    const spanish = await makeTherapist(t.db, t.ids.clinic, { language: "es" });
    // A therapist holds no view_event: this one is given the codename of their own.
    await t.db.execute(sql`insert into user_permissions (user_id, permission_id) select ${spanish.id}, id from permissions where codename = 'view_event'`);
    const cookie = await t.login(spanish.email, spanish.password);
    const answer = await t.app.inject({
      method: "POST",
      url: `/api/events/events/${eventId}/tasks/from-template`,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      payload: { templateId: course.id },
    });
    expect(answer.statusCode).toBe(201);
    const titles = (answer.json() as EventTasks).tasks.map((task) => task.title);
    expect(titles[0]).toBe("Acordar el temario");
    expect(titles.at(-1)).toBe("Preparar los certificados de asistencia");
    expect(titles).toHaveLength(course.tasks.length);
  });

  it("refuses another clinic's template (400 templateId) and writes nothing", async () => {
    const eventId = await demoEvent();
    const theirs = (
      await r.send("otherClinic", "POST", "/api/events/checklist-templates", { name: "Theirs", tasks: [{ title: "Secret", daysBefore: 1 }] })
    ).json();
    const before = await count(eventTasks);
    for (const templateId of [theirs.id, 2_000_000_000]) {
      const answer = await r.send("clinic", "POST", `/api/events/events/${eventId}/tasks/from-template`, { templateId });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toHaveProperty("templateId");
    }
    expect(await count(eventTasks)).toBe(before);
    expect((await r.send("otherClinic", "POST", `/api/events/events/${eventId}/tasks/from-template`, { templateId: theirs.id })).statusCode).toBe(404);
  });
});

describe("the owners' picker", () => {
  it("lists the clinic's staff by name or email, never patients or another clinic's", async () => {
    const eventId = await demoEvent();
    const helper = await makeTherapist(t.db, t.ids.clinic, { nombres: "Zoe", apellidos: "Picker" });
    const all = (await r.send("clinic", "GET", `/api/events/events/${eventId}/staff?rowsPerPage=100`)).json();
    const ids = all.data.map((row: { id: string }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([t.ids.clinic, t.ids.therapist, helper.id]));
    expect(ids).not.toContain(t.ids.patient);
    expect(ids).not.toContain(r.other.therapist.id);
    expect(all.total).toBe(all.data.length);
    const found = (await r.send("clinic", "GET", `/api/events/events/${eventId}/staff?q=picker`)).json();
    expect(found.data).toEqual([{ id: helper.id, name: "Zoe Picker", email: helper.email }]);
    expect(found.total).toBe(1);
    const none = (await r.send("admin", "GET", `/api/events/events/${eventId}/staff?q=nobody-at-all`)).json();
    expect(none).toEqual({ data: [], page: 1, total: 0 });
  });
});
