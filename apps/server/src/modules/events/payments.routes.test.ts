import { EVENT_MESSAGES, registrationNumber } from "@clinic/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { makeClinic, TEST_PASSWORD } from "../../../test/factories.ts";
import { parsePdf } from "../../../test/pdf.ts";
import { mailMessages } from "../../platform/mail.table.ts";
import { invoices } from "../clinic/billing/billing.table.ts";
import { makeEvent } from "./events.fixture.ts";
import { eventEvents, eventPayments, eventRegistrations, eventTicketTypes } from "./events.table.ts";
import { makeRegistration } from "./registration.fixture.ts";

/**
 * A registration's payments by transfer (issue 37.3): staff confirm it, with one ledger row and
 * one invoice in the clinic's series; refunds in parts with credit notes, never past what was
 * paid; refunded in full the place goes to the waiting list; the invoices download by their
 * registration only.
 */

let t: TestApp;
let linkKey: Buffer;
const cookies: Record<"clinic" | "admin" | "therapist" | "patient" | "otherClinic", string> = {
  clinic: "",
  admin: "",
  therapist: "",
  patient: "",
  otherClinic: "",
};
type Who = keyof typeof cookies | "anonymous";

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
  linkKey = t.app.deriveKey("event-links");
  for (const role of ["clinic", "admin", "therapist", "patient"] as const) cookies[role] = await t.loginAs(role);
  const other = await makeClinic(t.db);
  cookies.otherClinic = await t.login(other.clinic.email, TEST_PASSWORD);
});
afterAll(async () => t?.close());

const call = (who: Who, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who === "anonymous" ? {} : { cookie: cookies[who] }), ...(method === "GET" ? {} : { origin: TEST_PUBLIC_URL }) },
    ...(payload ? { payload } : {}),
  });

/** A priced event of the demo clinic (`capacity` places) and a registration of it in `state`. */
async function registered(options: { state?: "pending_payment" | "confirmed" | "waiting"; capacity?: number; priceCents?: number } = {}) {
  const event = await makeEvent(t.db, t.ids.clinic, { capacity: options.capacity ?? 20, tickets: [{ priceCents: options.priceCents ?? 4000 }] });
  const ticketTypeId = event.ticketTypeIds[0] as number;
  const registration = await makeRegistration(
    t.db,
    linkKey,
    { id: event.id, ticketTypeId },
    { state: options.state ?? "pending_payment", amountCents: options.priceCents ?? 4000 },
  );
  return { event, ticketTypeId, ...registration };
}

const registrationRow = async (id: number) => (await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0];
const ledger = (id: number) => t.db.select().from(eventPayments).where(eq(eventPayments.registrationId, id)).orderBy(eventPayments.id);
const invoicesOf = async (id: number) =>
  (
    await t.db.execute<{
      id: number;
      kind: string;
      number: string;
      total_cents: number;
      credits_invoice_id: number | null;
      seller_key: string;
      source: string;
    }>(sql`
      select i.id, i.kind, i.number, i.total_cents, i.credits_invoice_id, i.seller_key, i.source from invoices i
      where i.id in (select p.invoice_id from event_payments p where p.registration_id = ${id}) order by i.id`)
  ).rows;
const taken = async (eventId: number) => (await t.db.select({ taken: eventEvents.taken }).from(eventEvents).where(eq(eventEvents.id, eventId)))[0]?.taken;

async function confirmed(options: { capacity?: number; priceCents?: number } = {}) {
  const made = await registered({ ...options, state: "pending_payment" });
  const answer = await call("clinic", "POST", `/api/events/registrations/${made.id}/confirm`, { reference: "TRANSFER-77", note: "Arrived today" });
  expect(answer.statusCode, answer.body).toBe(200);
  return made;
}

describe("who may confirm and refund", () => {
  it("lets the clinic and admins confirm; refuses therapists and patients (403), anyone signed out (401) and another clinic (404), writing nothing", async () => {
    for (const [who, status] of [
      ["anonymous", 401],
      ["therapist", 403],
      ["patient", 403],
      ["otherClinic", 404],
    ] as const) {
      const { id } = await registered();
      const answer = await call(who, "POST", `/api/events/registrations/${id}/confirm`, { reference: "X" });
      expect(answer.statusCode, `${who}: ${answer.body}`).toBe(status);
      expect((await registrationRow(id))?.state).toBe("pending_payment");
      expect(await ledger(id)).toHaveLength(0);
    }
    for (const who of ["clinic", "admin"] as const) {
      const { id } = await registered();
      const answer = await call(who, "POST", `/api/events/registrations/${id}/confirm`, { reference: "X" });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ id, state: "confirmed", paidCents: 4000 });
    }
  });

  it("lets the clinic and admins refund; refuses the others the same way, writing nothing", async () => {
    for (const [who, status] of [
      ["anonymous", 401],
      ["therapist", 403],
      ["patient", 403],
      ["otherClinic", 404],
      ["clinic", 200],
      ["admin", 200],
    ] as const) {
      const { id } = await confirmed();
      const answer = await call(who, "POST", `/api/events/registrations/${id}/refund`, { amountCents: 1000, reason: "Matrix" });
      expect(answer.statusCode, `${who}: ${answer.body}`).toBe(status);
      expect((await registrationRow(id))?.refundedCents).toBe(status === 200 ? 1000 : 0);
    }
  });

  it("answers 404 for a registration that does not exist", async () => {
    expect((await call("clinic", "POST", "/api/events/registrations/2147483000/confirm", {})).statusCode).toBe(404);
    expect((await call("clinic", "POST", "/api/events/registrations/2147483000/refund", { amountCents: 1, reason: "x" })).statusCode).toBe(404);
  });
});

describe("a manual payment", () => {
  it("confirms a pending registration once: one ledger row, one invoice in the clinic's series, the ticket emailed", async () => {
    const { id } = await registered();
    const answer = await call("clinic", "POST", `/api/events/registrations/${id}/confirm`, { reference: "TRANSFER-1", note: "Bank statement 12" });
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = answer.json();
    expect(detail).toMatchObject({ id, number: registrationNumber(id), state: "confirmed", paidCents: 4000, refundedCents: 0 });
    expect(detail.confirmedAt).toEqual(expect.any(String));
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({ kind: "payment", amountCents: 4000, provider: "manual", reference: "TRANSFER-1", note: "Bank statement 12" });
    expect(detail.payments[0].by).toMatchObject({ id: t.ids.clinic });
    const rows = await ledger(id);
    expect(rows).toHaveLength(1);
    const issued = await invoicesOf(id);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ kind: "invoice", total_cents: 4000, seller_key: t.ids.clinic, source: "event" });
    expect(issued[0]?.number).toMatch(new RegExp(`^${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(detail.payments[0].invoice).toEqual({ id: issued[0]?.id, number: issued[0]?.number });
    const mails = await t.db
      .select({ kind: mailMessages.kind })
      .from(mailMessages)
      .where(eq(mailMessages.to, (await registrationRow(id))?.email as string));
    expect(mails.map((mail) => mail.kind)).toContain("event.confirmed");

    const again = await call("clinic", "POST", `/api/events/registrations/${id}/confirm`, { reference: "TRANSFER-1" });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(EVENT_MESSAGES.notPending);
    expect(await ledger(id)).toHaveLength(1);
    expect(await invoicesOf(id)).toHaveLength(1);
  });

  it("numbers the clinic's invoices one after another, in its own series", async () => {
    const first = await confirmed();
    const second = await confirmed();
    const [a] = await invoicesOf(first.id);
    const [b] = await invoicesOf(second.id);
    const sequence = (number: string) => Number(number.split("-")[1]);
    expect(sequence(b?.number as string)).toBe(sequence(a?.number as string) + 1);
    const series = await t.db
      .select({ key: invoices.sellerKey })
      .from(invoices)
      .where(eq(invoices.id, b?.id as number));
    expect(series[0]?.key).toBe(t.ids.clinic);
  });

  it("confirms two clicks at once only once", async () => {
    const { id } = await registered();
    const answers = await Promise.all([1, 2].map(() => call("clinic", "POST", `/api/events/registrations/${id}/confirm`, { reference: "T" })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await ledger(id)).toHaveLength(1);
    expect(await invoicesOf(id)).toHaveLength(1);
  });

  it("refuses to confirm what is not waiting for its payment (409)", async () => {
    const { id } = await registered({ state: "confirmed" });
    const answer = await call("clinic", "POST", `/api/events/registrations/${id}/confirm`, {});
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe(EVENT_MESSAGES.notPending);
  });
});

describe("refunds", () => {
  it("refuses a refund above what was paid with 400 and writes nothing", async () => {
    const { id } = await confirmed();
    const invoicesBefore = (await t.db.select({ id: invoices.id }).from(invoices)).length;
    const answer = await call("clinic", "POST", `/api/events/registrations/${id}/refund`, { amountCents: 4001, reason: "Too much" });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ amountCents: [EVENT_MESSAGES.refundTooMuch] });
    expect(await ledger(id)).toHaveLength(1);
    expect((await registrationRow(id))?.refundedCents).toBe(0);
    expect((await t.db.select({ id: invoices.id }).from(invoices)).length).toBe(invoicesBefore);

    // What is left after a part: 1500 refunded, 2501 is more than the 2500 left.
    expect((await call("clinic", "POST", `/api/events/registrations/${id}/refund`, { amountCents: 1500, reason: "Part" })).statusCode).toBe(200);
    const over = await call("clinic", "POST", `/api/events/registrations/${id}/refund`, { amountCents: 2501, reason: "Rest and more" });
    expect(over.statusCode).toBe(400);
    expect((await registrationRow(id))?.refundedCents).toBe(1500);
    expect(await ledger(id)).toHaveLength(2);
  });

  it("refuses to refund an unpaid registration (409)", async () => {
    const { id } = await registered();
    const answer = await call("clinic", "POST", `/api/events/registrations/${id}/refund`, { amountCents: 100, reason: "No" });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe(EVENT_MESSAGES.notRefundable);
    expect(await ledger(id)).toHaveLength(0);
  });

  it("refunds in parts with a credit note each; the full amount ends it as refunded and its place goes to the next one waiting", async () => {
    const { id, event, ticketTypeId } = await confirmed({ capacity: 1 });
    const waiting = await makeRegistration(t.db, linkKey, { id: event.id, ticketTypeId }, { state: "waiting", amountCents: 4000 });
    expect(await taken(event.id)).toBe(1);

    const partial = await call("clinic", "POST", `/api/events/registrations/${id}/refund`, { amountCents: 1000, reason: "Missed the first hour" });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ state: "confirmed", paidCents: 4000, refundedCents: 1000 });
    expect((await registrationRow(waiting.id))?.state).toBe("waiting");

    const rest = await call("clinic", "POST", `/api/events/registrations/${id}/refund`, { amountCents: 3000, reason: "Could not come" });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ state: "refunded", paidCents: 4000, refundedCents: 4000 });
    expect(rest.json().payments.map((payment: { kind: string; amountCents: number }) => [payment.kind, payment.amountCents])).toEqual([
      ["payment", 4000],
      ["refund", 1000],
      ["refund", 3000],
    ]);

    const issued = await invoicesOf(id);
    const invoice = issued.find((row) => row.kind === "invoice");
    expect(issued.filter((row) => row.kind === "credit_note").map((row) => [row.total_cents, row.credits_invoice_id])).toEqual([
      [-1000, invoice?.id],
      [-3000, invoice?.id],
    ]);
    expect(issued.find((row) => row.kind === "credit_note")?.number).toMatch(/^R\d{4}-\d{6}$/);

    // The place went to the one waiting (priced: it now holds it until paid); taken counts it once.
    expect((await registrationRow(waiting.id))?.state).toBe("pending_payment");
    expect(await taken(event.id)).toBe(1);
    const [ticket] = await t.db.select({ taken: eventTicketTypes.taken }).from(eventTicketTypes).where(eq(eventTicketTypes.id, ticketTypeId));
    expect(ticket?.taken).toBe(1);
    const refundedMails = await t.db
      .select({ kind: mailMessages.kind })
      .from(mailMessages)
      .where(and(eq(mailMessages.to, (await registrationRow(id))?.email as string), eq(mailMessages.kind, "event.refunded")));
    expect(refundedMails).toHaveLength(2);

    const after = await call("clinic", "POST", `/api/events/registrations/${id}/refund`, { amountCents: 1, reason: "Again" });
    expect(after.statusCode).toBe(409);
  });
});

describe("invoice PDFs", () => {
  it("download for staff and by the registrant's link; another registration's invoice answers 404", async () => {
    const { id, token } = await confirmed();
    const other = await confirmed();
    const [invoice] = await invoicesOf(id);
    const [othersInvoice] = await invoicesOf(other.id);

    const staff = await call("clinic", "GET", `/api/events/registrations/${id}/invoices/${invoice?.id}/pdf`);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers["content-type"]).toBe("application/pdf");
    expect(staff.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    const text = (await parsePdf(staff.rawPayload)).text;
    expect(text).toContain(invoice?.number);
    expect(text).toContain(registrationNumber(id));
    expect((await call("admin", "GET", `/api/events/registrations/${id}/invoices/${invoice?.id}/pdf`)).statusCode).toBe(200);

    const guest = await call("anonymous", "GET", `/api/events/public/registrations/${token}/invoices/${invoice?.id}/pdf`);
    expect(guest.statusCode).toBe(200);
    expect(guest.rawPayload.subarray(0, 4).toString()).toBe("%PDF");

    expect((await call("clinic", "GET", `/api/events/registrations/${id}/invoices/${othersInvoice?.id}/pdf`)).statusCode).toBe(404);
    expect((await call("anonymous", "GET", `/api/events/public/registrations/${token}/invoices/${othersInvoice?.id}/pdf`)).statusCode).toBe(404);
    const wrongToken = "A".repeat(32);
    expect((await call("anonymous", "GET", `/api/events/public/registrations/${wrongToken}/invoices/${invoice?.id}/pdf`)).statusCode).toBe(404);
    expect((await call("otherClinic", "GET", `/api/events/registrations/${id}/invoices/${invoice?.id}/pdf`)).statusCode).toBe(404);
    expect((await call("therapist", "GET", `/api/events/registrations/${id}/invoices/${invoice?.id}/pdf`)).statusCode).toBe(403);
    expect((await call("patient", "GET", `/api/events/registrations/${id}/invoices/${invoice?.id}/pdf`)).statusCode).toBe(403);
    expect((await call("anonymous", "GET", `/api/events/registrations/${id}/invoices/${invoice?.id}/pdf`)).statusCode).toBe(401);
  });

  it("prints a credit note crediting its invoice, in the registrant's language", async () => {
    const event = await makeEvent(t.db, t.ids.clinic, { tickets: [{ priceCents: 2000 }], title: "Mindfulness course" });
    const made = await makeRegistration(t.db, linkKey, { id: event.id, ticketTypeId: event.ticketTypeIds[0] as number }, { amountCents: 2000, language: "es" });
    expect((await call("clinic", "POST", `/api/events/registrations/${made.id}/confirm`, {})).statusCode).toBe(200);
    expect((await call("clinic", "POST", `/api/events/registrations/${made.id}/refund`, { amountCents: 500, reason: "Parte" })).statusCode).toBe(200);
    const [invoice, note] = await invoicesOf(made.id);
    const pdf = await call("anonymous", "GET", `/api/events/public/registrations/${made.token}/invoices/${note?.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await parsePdf(pdf.rawPayload)).text;
    expect(text).toContain(`Factura rectificativa ${note?.number}`);
    expect(text).toContain(`Rectifica la factura ${invoice?.number}`);
    expect(text).toContain("Inscripción");
  });
});

describe("paying by link", () => {
  it("has nothing to pay by card for a transfer (409) and refuses an unknown link (404)", async () => {
    const { token } = await registered();
    const answer = await call("anonymous", "POST", `/api/events/public/registrations/${token}/pay`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe(EVENT_MESSAGES.notPayable);
    expect((await call("anonymous", "POST", `/api/events/public/registrations/${"B".repeat(32)}/pay`)).statusCode).toBe(404);
  });
});
