import { randomBytes } from "node:crypto";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles } from "../../../test/roles.ts";
import { type FixtureEvent, makeEvent } from "./events.fixture.ts";
import { eventCosts, eventEvents, eventPayments, eventRegistrations, eventTasks } from "./events.table.ts";
import { eq } from "drizzle-orm";

/**
 * The events module's exports read back (issue 37.6): each file parsed as CSV and as XLSX, its
 * rows, amounts as decimals, headers in the staff's language, the events list's filters, and a
 * value typed as a formula opened as text.
 */

let t: TestApp;
let r: RoleCalls;
let event: FixtureEvent;
let registrationId: number;
const HOSTILE = '=HYPERLINK("http://evil.test","x")';

const csvRows = (body: Buffer | string) => {
  const text = body.toString().replace(/^\uFEFF/, "");
  return Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data;
};
async function xlsxRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as never);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
  r = await signInRoles(t);
  event = await makeEvent(t.db, t.ids.clinic, { title: "Balance course", tickets: [{ priceCents: 4550, name: "Standard" }] });
  await t.db
    .update(eventEvents)
    .set({ questions: [{ id: "diet", label: { en: "Diet", es: "Dieta" }, kind: "text", options: [], required: true }], titleEs: "Curso de equilibrio" })
    .where(eq(eventEvents.id, event.id));
  const [made] = await t.db
    .insert(eventRegistrations)
    .values({
      eventId: event.id,
      ticketTypeId: event.ticketTypeIds[0] as number,
      clinicId: t.ids.clinic,
      name: HOSTILE,
      email: "hostile@example.com",
      answers: { diet: "+vegan" },
      state: "confirmed",
      amountCents: 4550,
      paidCents: 4550,
      refundedCents: 1000,
      currency: "EUR",
      provider: "manual",
      paymentReference: "TR-1",
      token: randomBytes(32).toString("hex"),
      confirmedAt: new Date(),
      createdAt: new Date("2026-03-10T09:15:00Z"),
    })
    .returning({ id: eventRegistrations.id });
  registrationId = made?.id as number;
  await t.db.update(eventEvents).set({ taken: 1 }).where(eq(eventEvents.id, event.id));
  await t.db.insert(eventPayments).values([
    { registrationId, eventId: event.id, kind: "payment", amountCents: 4550, provider: "manual", reference: "TR-1", at: new Date("2026-03-11T10:00:00Z") },
    { registrationId, eventId: event.id, kind: "refund", amountCents: 1000, provider: "manual", note: "Partial", at: new Date("2026-03-12T10:00:00Z") },
  ]);
  await t.db.insert(eventCosts).values([
    { eventId: event.id, category: "venue", supplier: "@Hall", description: "Room", plannedCents: 20000, actualCents: 18000, paid: true },
    { eventId: event.id, category: "catering", supplier: "Café Sol", plannedCents: 5000 },
  ]);
  await t.db.insert(eventTasks).values([
    { eventId: event.id, title: "Book the room", dueOn: "2020-01-10", doneAt: new Date("2020-01-09T10:00:00Z"), doneBy: t.ids.clinic },
    { eventId: event.id, title: "Print the handouts", dueOn: "2020-01-20", ownerId: t.ids.clinic },
  ]);
  // Another clinic's event never shows in the demo clinic's events file.
  await makeEvent(t.db, r.other.clinic.id, { title: "Not ours" });
  await makeEvent(t.db, t.ids.clinic, { title: "Spring draft", state: "draft" });
  await makeEvent(t.db, t.ids.clinic, { title: "Winter talk", startsAt: new Date("2020-02-01T17:00:00Z") });
});
afterAll(() => t?.close());

const get = async (url: string, who: "clinic" | "admin" = "clinic") => {
  const response = await r.send(who, "GET", url);
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe("one event's exports", () => {
  it("writes the registrations with their answers, amounts as decimals and a formula kept as text", async () => {
    const response = await get(`/api/events/events/${event.id}/exports/registrations?format=csv&language=en`);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(new RegExp(`attachment; filename="event-registrations-${event.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    const [header, row, more] = csvRows(response.rawPayload);
    expect(header).toEqual([
      "Number",
      "Name",
      "Email",
      "Language",
      "Ticket type",
      "State",
      "Amount",
      "Paid",
      "Refunded",
      "Currency",
      "Payment method",
      "Payment reference",
      "Registered",
      "Checked in at",
      "Cancelled at",
      "Diet",
    ]);
    expect(row).toEqual([
      `ER-${String(registrationId).padStart(6, "0")}`,
      `'${HOSTILE}`,
      "hostile@example.com",
      "en",
      "Standard",
      "confirmed",
      "45.5",
      "45.5",
      "10",
      "EUR",
      "bank transfer",
      "TR-1",
      "2026-03-10 10:15",
      "",
      "",
      "'+vegan",
    ]);
    expect(more).toBeUndefined();
  });

  it("writes the same registrations as XLSX, in Spanish, amounts as numbers", async () => {
    const response = await get(`/api/events/events/${event.id}/exports/registrations?format=xlsx&language=es`);
    expect(response.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers["content-disposition"]).toContain(`evento-inscripciones-${event.id}-`);
    const [header, row] = await xlsxRows(response.rawPayload);
    expect(header?.slice(0, 3)).toEqual(["Número", "Nombre", "Correo electrónico"]);
    expect(header?.at(-1)).toBe("Dieta");
    expect(row?.[1]).toBe(`'${HOSTILE}`);
    expect(row?.[5]).toBe("confirmada");
    expect(row?.slice(6, 9)).toEqual([45.5, 45.5, 10]);
  });

  it("writes the payments ledger, refunds negative so the column sums to the income", async () => {
    const rows = csvRows((await get(`/api/events/events/${event.id}/exports/payments?format=csv&language=en`)).rawPayload);
    expect(rows[0]).toEqual(["Date", "Kind", "Registration", "Name", "Amount", "Currency", "Payment method", "Payment reference", "Note", "Invoice", "By"]);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[3], row[4], row[7], row[8]])).toEqual([
      ["2026-03-11 11:00", "payment", `'${HOSTILE}`, "45.5", "TR-1", ""],
      ["2026-03-12 11:00", "refund", `'${HOSTILE}`, "-10", "", "Partial"],
    ]);
    const xlsx = await xlsxRows((await get(`/api/events/events/${event.id}/exports/payments?format=xlsx`)).rawPayload);
    expect(xlsx.slice(1).map((row) => row[4])).toEqual([45.5, -10]);
  });

  it("writes the costs, planned and actual, paid or not", async () => {
    const rows = csvRows((await get(`/api/events/events/${event.id}/exports/costs?format=csv&language=en`)).rawPayload);
    expect(rows).toEqual([
      ["Category", "Supplier", "Description", "Planned", "Actual", "Paid", "Currency", "Receipt"],
      ["venue", "'@Hall", "Room", "200", "180", "yes", "EUR", "no"],
      ["catering", "Café Sol", "", "50", "", "no", "EUR", "no"],
    ]);
    const xlsx = await xlsxRows((await get(`/api/events/events/${event.id}/exports/costs?format=xlsx&language=es`)).rawPayload);
    expect(xlsx[0]?.[0]).toBe("Categoría");
    expect(xlsx[1]).toEqual(["local", "'@Hall", "Room", 200, 180, "sí", "EUR", "no"]);
  });

  it("writes the checklist with owners, due days and what is overdue", async () => {
    const rows = csvRows((await get(`/api/events/events/${event.id}/exports/checklists?format=csv&language=en`)).rawPayload);
    expect(rows[0]).toEqual(["Task", "Owner", "Due", "Done", "Done at", "Done by", "Overdue"]);
    expect(rows[1]).toEqual(["Book the room", "", "2020-01-10", "yes", "2020-01-09 11:00", expect.stringMatching(/\S/), "no"]);
    expect(rows[2]).toEqual(["Print the handouts", expect.stringMatching(/\S/), "2020-01-20", "no", "", "", "yes"]);
  });
});

describe("the events list's export", () => {
  it("holds the clinic's events in the list's filters, with income, costs and balance", async () => {
    const rows = csvRows((await get("/api/events/exports/events?format=csv&language=en&when=all")).rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(["Title", "State", "Starts"]);
    const titles = rows.slice(1).map((row) => row[0]);
    expect(titles).toEqual(expect.arrayContaining(["Balance course", "Spring draft", "Winter talk"]));
    expect(titles).not.toContain("Not ours");
    const course = rows.find((row) => row[0] === "Balance course");
    // Income 45.50 − 10.00; costs 180 actual + 50 planned; balance the difference.
    expect(course?.slice(11, 15)).toEqual(["35.5", "230", "-194.5", "EUR"]);
    expect(course?.[8]).toBe("1");

    const upcoming = csvRows((await get("/api/events/exports/events?format=csv&when=upcoming")).rawPayload).map((row) => row[0]);
    expect(upcoming).not.toContain("Winter talk");
    const past = csvRows((await get("/api/events/exports/events?format=csv&when=past")).rawPayload).map((row) => row[0]);
    expect(past.slice(1)).toEqual(["Winter talk"]);
    const drafts = csvRows((await get("/api/events/exports/events?format=csv&when=all&state=draft&q=spring")).rawPayload).map((row) => row[0]);
    expect(drafts.slice(1)).toEqual(["Spring draft"]);
    const spanish = await xlsxRows((await get("/api/events/exports/events?format=xlsx&language=es&when=all&q=balance")).rawPayload);
    expect(spanish.map((row) => row[0])).toEqual(["Título", "Curso de equilibrio"]);
  });

  it("gives a platform admin every clinic's events, or the one named", async () => {
    const all = csvRows((await get("/api/events/exports/events?format=csv&when=all", "admin")).rawPayload).map((row) => row[0]);
    expect(all).toEqual(expect.arrayContaining(["Balance course", "Not ours"]));
    const other = csvRows((await get(`/api/events/exports/events?format=csv&when=all&clinicId=${r.other.clinic.id}`, "admin")).rawPayload).map((row) => row[0]);
    expect(other.slice(1)).toEqual(["Not ours"]);
  });

  it("refuses a file past the row limit with 400 and a way out", async () => {
    const small = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app", EXPORT_MAX_ROWS: "1" } });
    try {
      await makeEvent(small.db, small.ids.clinic, { title: "One" });
      await makeEvent(small.db, small.ids.clinic, { title: "Two" });
      const cookie = await small.loginAs("clinic");
      const response = await small.app.inject({ method: "GET", url: "/api/events/exports/events?format=csv", headers: { cookie } });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/more than 1 rows/);
    } finally {
      await small.close();
    }
  });
});
