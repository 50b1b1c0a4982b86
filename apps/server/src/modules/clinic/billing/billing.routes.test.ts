import { and, count, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { DETAILS, giveBillingDetails } from "../../../../test/billing.ts";
import { parsePdf } from "../../../../test/pdf.ts";
import { holdMembership, type MadeUser, makeClinic, makeClinicAccount, makeMembership, makePatient } from "../../../../test/factories.ts";
import { mailMessages } from "../../../platform/mail.table.ts";
import { assignedMemberships } from "../memberships/memberships.table.ts";
import { today } from "../memberships/seats.ts";
import { billingDetails, invoices, orders } from "./billing.table.ts";
import { addDays } from "./gating.ts";
import { periodEnd } from "./pricing.ts";
import { RENEWALS_QUEUE } from "./renewals.ts";

type Method = "GET" | "PUT" | "POST" | "PATCH" | "DELETE";

let t: TestApp;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ env: { BILLING_TAX_RATE: "21", BILLING_BANK_DETAILS: "IBAN ES00 0000 0000 0000 0000 0000 at Test Bank" } });
  cookies.set("admin", await t.loginAs("admin"));
});
afterAll(async () => t?.close());

async function cookieOf(user: MadeUser): Promise<string> {
  const known = cookies.get(user.id);
  if (known) return known;
  const cookie = await t.login(user.email, user.password);
  cookies.set(user.id, cookie);
  return cookie;
}

async function send(who: MadeUser | "admin" | null, method: Method, url: string, payload?: unknown): Promise<InjectResponse> {
  const headers: Record<string, string> = {};
  if (who) headers.cookie = who === "admin" ? (cookies.get("admin") as string) : await cookieOf(who);
  if (method !== "GET") headers.origin = TEST_PUBLIC_URL;
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
const mailsTo = (email: string, kind: string) =>
  t.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.to, email), eq(mailMessages.kind, kind)));

/** A clinic account with billing details and a platform plan on sale (49.90 a month, 2.50 a patient). */
async function buyingClinic() {
  const clinic = await makeClinicAccount(t.db);
  await giveBillingDetails(t.db, clinic.id);
  const plan = await makeMembership(t.db, { value: "49.90", valueAnnual: "499.00", valuePatient: "2.50", months: 1 });
  return { clinic, plan };
}

describe("billing details", () => {
  it("are saved by their owner, field errors name every missing field, and nothing is written on a refusal", async () => {
    const clinic = await makeClinicAccount(t.db);
    const bad = await send(clinic, "PUT", "/api/billing/details", { legalName: "", taxId: "B1" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(["legalName", "address", "city", "postalCode", "country"]));
    expect(await t.db.select().from(billingDetails).where(eq(billingDetails.userId, clinic.id))).toEqual([]);
    const saved = await send(clinic, "PUT", "/api/billing/details", DETAILS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ userId: clinic.id, details: DETAILS });
    expect((await send(clinic, "GET", "/api/billing/details")).json().details.legalName).toBe(DETAILS.legalName);
    // Another clinic cannot read them; an admin can.
    const other = await makeClinicAccount(t.db);
    expect((await send(other, "GET", `/api/billing/details?user=${clinic.id}`)).statusCode).toBe(404);
    expect((await send("admin", "GET", `/api/billing/details?user=${clinic.id}`)).json().details.taxId).toBe(DETAILS.taxId);
  });
});

describe("the membership page and prices", () => {
  it("offers public platform plans priced by the server: base, patients × months, tax, total", async () => {
    const { clinic, plan } = await buyingClinic();
    const hidden = await makeMembership(t.db, { public: false });
    await makePatient(t.db, clinic.id);
    await makePatient(t.db, clinic.id);
    const response = await send(clinic, "GET", "/api/billing/membership");
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    expect(overview).toMatchObject({
      holder: { id: clinic.id, kind: "clinic" },
      state: "trial",
      billingDetailsComplete: true,
      providers: ["manual"],
      pending: null,
    });
    const ids = overview.offers.map((offer: { id: number }) => offer.id);
    expect(ids).toContain(plan.id);
    expect(ids).not.toContain(hidden.id);
    const offer = (await send(clinic, "GET", `/api/billing/plans/${plan.id}`)).json();
    const [period, annual] = offer.quotes;
    // 49.90 + 2 patients × 1 month × 2.50 = 54.90; 21 % tax = 11.53 (half up); total 66.43.
    expect(period).toMatchObject({
      billing: "period",
      months: 1,
      netCents: 5490,
      taxRateBp: 2100,
      taxCents: 1153,
      totalCents: 6643,
      currency: "EUR",
      from: today(),
    });
    // A year: 499.00 + 2 × 12 × 2.50 = 559.00, tax 117.39.
    expect(annual).toMatchObject({ billing: "annual", months: 12, netCents: 55900, taxCents: 11739, totalCents: 67639 });
    expect((await send(clinic, "GET", `/api/billing/plans/${hidden.id}`)).statusCode).toBe(404);
  });
});

describe("ordering and paying by bank transfer", () => {
  it("refuses checkout without billing details, naming the fields, and writes nothing", async () => {
    const clinic = await makeClinicAccount(t.db);
    const plan = await makeMembership(t.db);
    const before = await orderCount();
    const response = await send(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "period" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      legalName: ["Required before checkout."],
      taxId: ["Required before checkout."],
      country: ["Required before checkout."],
    });
    expect(await orderCount()).toBe(before);
  });

  it("refuses a price sent by the client, a hidden plan, and a second pending order for the same plan", async () => {
    const { clinic, plan } = await buyingClinic();
    const hidden = await makeMembership(t.db, { public: false });
    const before = await orderCount();
    const priced = await send(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "period", totalCents: 1 });
    expect(priced.statusCode).toBe(400);
    const byCard = await send(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "period", provider: "stripe" });
    expect(byCard.statusCode).toBe(400);
    expect(byCard.json()).toEqual({ provider: ["This way to pay is not offered."] });
    const hiddenOrder = await send(clinic, "POST", "/api/billing/orders/", { membershipId: hidden.id, billing: "period" });
    expect(hiddenOrder.statusCode).toBe(400);
    expect(hiddenOrder.json()).toEqual({ membershipId: ["This plan cannot be bought."] });
    expect(await orderCount()).toBe(before);
    expect((await send(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "period" })).statusCode).toBe(201);
    const again = await send(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "annual" });
    expect(again.statusCode).toBe(409);
    expect(await orderCount()).toBe(before + 1);
  });

  it("goes pending → paid: the admin confirms, the membership starts, the invoice is numbered and mailed with its PDF", async () => {
    const { clinic, plan } = await buyingClinic();
    const created = await send(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "period" });
    expect(created.statusCode).toBe(201);
    const order = created.json();
    expect(order).toMatchObject({ state: "pending", provider: "manual", totalCents: 6038, netCents: 4990, taxCents: 1048, plan: plan.plan, checkoutUrl: null });
    expect(order.instructions).toContain("IBAN ES00");
    expect(order.can).toEqual({ confirm: false, cancel: true, refund: false });
    expect(await mailsTo(clinic.email, "billing.order")).toHaveLength(1);

    // The buyer cannot mark its own order paid.
    expect((await send(clinic, "POST", `/api/billing/orders/${order.id}/confirm`, { reference: "X" })).statusCode).toBe(403);
    const paid = await send("admin", "POST", `/api/billing/orders/${order.id}/confirm`, { reference: "TRANSFER-778" });
    expect(paid.statusCode).toBe(200);
    const detail = paid.json();
    expect(detail).toMatchObject({ state: "paid", paymentReference: "TRANSFER-778", periodFrom: today(), periodTo: periodEnd(today(), 1) });
    const [invoice] = detail.invoices;
    expect(invoice.number).toMatch(new RegExp(`^${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(invoice).toMatchObject({ kind: "invoice", totalCents: 6038, buyer: { legalName: DETAILS.legalName } });
    const [held] = await t.db.select().from(assignedMemberships).where(eq(assignedMemberships.userId, clinic.id));
    expect(held).toMatchObject({ membershipId: plan.id, fromDate: today(), toDate: detail.periodTo });
    const [mail] = await mailsTo(clinic.email, "billing.paid");
    expect(mail?.attachments?.[0]).toMatchObject({ filename: `${invoice.number}.pdf`, contentType: "application/pdf" });

    // A second confirmation changes nothing.
    expect((await send("admin", "POST", `/api/billing/orders/${order.id}/confirm`, { reference: "AGAIN" })).statusCode).toBe(409);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);

    // The PDF, read back.
    const pdf = await send(clinic, "GET", `/api/billing/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const { text } = await parsePdf(pdf.rawPayload);
    expect(text).toContain(invoice.number);
    expect(text).toContain("60.38");
    // Another clinic sees neither the order nor the invoice.
    const other = await makeClinicAccount(t.db);
    expect((await send(other, "GET", `/api/billing/orders/${order.id}`)).statusCode).toBe(404);
    expect((await send(other, "GET", `/api/billing/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
  });

  it("a renewal paid before the end starts the day after the current period", async () => {
    const { clinic, plan } = await buyingClinic();
    await holdMembership(t.db, clinic.id, { membershipId: plan.id, fromDate: addDays(today(), -20), toDate: addDays(today(), 10) });
    const order = (await send(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "annual" })).json();
    expect(order.periodFrom).toBe(addDays(today(), 11));
    const paid = (await send("admin", "POST", `/api/billing/orders/${order.id}/confirm`, { reference: "R-1" })).json();
    expect(paid.periodFrom).toBe(addDays(today(), 11));
    expect(paid.periodTo).toBe(periodEnd(addDays(today(), 11), 12));
  });

  it("cancels a pending order for its buyer, and refunds a paid one with a credit note that ends the membership", async () => {
    const { clinic, plan } = await buyingClinic();
    const first = (await send(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "period" })).json();
    const cancelled = await send(clinic, "POST", `/api/billing/orders/${first.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ state: "cancelled", can: { cancel: false } });
    const second = (await send(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "period" })).json();
    await send("admin", "POST", `/api/billing/orders/${second.id}/confirm`, { reference: "T-2" });
    expect((await send(clinic, "POST", `/api/billing/orders/${second.id}/refund`, { reason: "mine" })).statusCode).toBe(403);
    const refunded = await send("admin", "POST", `/api/billing/orders/${second.id}/refund`, { reason: "Duplicate payment" });
    expect(refunded.statusCode).toBe(200);
    const body = refunded.json();
    expect(body.state).toBe("refunded");
    const credit = body.invoices.find((invoice: { kind: string }) => invoice.kind === "credit_note");
    expect(credit.number).toMatch(/^R\d{4}-\d{6}$/);
    expect(credit.totalCents).toBe(-6038);
    expect(credit.creditsNumber).toBe(body.invoiceNumber);
    const [held] = await t.db.select().from(assignedMemberships).where(eq(assignedMemberships.userId, clinic.id));
    expect(held?.toDate).toBe(today());
    expect((await send("admin", "POST", `/api/billing/orders/${second.id}/refund`, { reason: "again" })).statusCode).toBe(409);
  });

  it("numbers 20 payments made at once with 20 consecutive invoice numbers", async () => {
    const orderIds: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const { clinic, plan } = await buyingClinic();
      orderIds.push((await send(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "period" })).json().id);
    }
    const answers = await Promise.all(orderIds.map((id) => send("admin", "POST", `/api/billing/orders/${id}/confirm`, { reference: `BULK-${id}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(orderIds.map(() => 200));
    const numbers = answers.map((answer) => answer.json().invoices[0].number as string);
    const sequences = numbers.map((number) => Number(number.split("-")[1])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    const first = sequences[0] as number;
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => first + index));
  });
});

describe("paid periods never overlap (issue 33)", () => {
  const periodsOf = (userId: string) =>
    t.db
      .select({ from: assignedMemberships.fromDate, to: assignedMemberships.toDate })
      .from(assignedMemberships)
      .where(eq(assignedMemberships.userId, userId))
      .orderBy(assignedMemberships.fromDate);
  /** Each period starts the day after the one before ends: no day paid twice, none left out. */
  const expectConsecutive = (periods: { from: string; to: string }[]) => {
    for (let index = 1; index < periods.length; index += 1) expect(periods[index]?.from).toBe(addDays(periods[index - 1]?.to as string, 1));
  };
  const pay = async (buyer: MadeUser, membershipId: number, billing: "period" | "annual", seller: MadeUser | "admin" = "admin") => {
    const order = await send(buyer, "POST", "/api/billing/orders/", { membershipId, billing });
    expect(order.statusCode).toBe(201);
    const paid = await send(seller, "POST", `/api/billing/orders/${order.json().id}/confirm`, { reference: `P-${order.json().id}` });
    expect(paid.statusCode).toBe(200);
    return { ordered: order.json(), paid: paid.json() };
  };

  it("starts a payment after a paid period that has not started yet, quoted and paid alike", async () => {
    const { clinic, plan } = await buyingClinic();
    // December runs; January is already paid (an assignment that starts after today).
    await holdMembership(t.db, clinic.id, { membershipId: plan.id, fromDate: addDays(today(), -20), toDate: addDays(today(), 10) });
    await holdMembership(t.db, clinic.id, { membershipId: plan.id, fromDate: addDays(today(), 11), toDate: addDays(today(), 41) });
    const year = await pay(clinic, plan.id, "annual");
    expect(year.ordered.periodFrom).toBe(addDays(today(), 42));
    expect(year.paid).toMatchObject({ periodFrom: addDays(today(), 42), periodTo: periodEnd(addDays(today(), 42), 12) });
    // Paying once more, through the API alone: after the year, which has not started either.
    const again = await pay(clinic, plan.id, "period");
    expect(again.paid.periodFrom).toBe(addDays(year.paid.periodTo, 1));
    const periods = await periodsOf(clinic.id);
    expect(periods).toHaveLength(4);
    expectConsecutive(periods);
  });

  it("gives three confirmations of one buyer made at once three consecutive periods", async () => {
    const { clinic, plan } = await buyingClinic();
    const others = [await makeMembership(t.db, { months: 3 }), await makeMembership(t.db, { months: 1 })];
    const orderIds: number[] = [];
    // One pending order per plan: three plans.
    for (const membershipId of [plan.id, ...others.map((other) => other.id)]) {
      orderIds.push((await send(clinic, "POST", "/api/billing/orders/", { membershipId, billing: "period" })).json().id);
    }
    const answers = await Promise.all(orderIds.map((id) => send("admin", "POST", `/api/billing/orders/${id}/confirm`, { reference: `AT-ONCE-${id}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const periods = await periodsOf(clinic.id);
    expect(periods).toHaveLength(3);
    expect(periods[0]?.from).toBe(today());
    expectConsecutive(periods);
    // The orders say the same periods as the memberships they gave.
    const orderPeriods = answers.map((answer) => ({ from: answer.json().periodFrom, to: answer.json().periodTo })).sort((a, b) => a.from.localeCompare(b.from));
    expect(orderPeriods).toEqual(periods);
  });

  it("shows a clinic that renewed early as active until the renewal's end, with no reminders", async () => {
    const { clinic, plan } = await buyingClinic();
    // Three days left: expiring, and due the 3-day reminder, until the clinic pays the next year.
    const running = await holdMembership(t.db, clinic.id, { membershipId: plan.id, fromDate: addDays(today(), -27), toDate: addDays(today(), 3) });
    expect((await send(clinic, "GET", "/api/billing/membership")).json().state).toBe("expiring");
    const { paid } = await pay(clinic, plan.id, "annual");
    expect(paid.periodFrom).toBe(addDays(today(), 4));

    const overview = (await send(clinic, "GET", "/api/billing/membership")).json();
    expect(overview).toMatchObject({
      state: "active",
      accessUntil: paid.periodTo,
      current: { assignmentId: running.id, to: addDays(today(), 3) },
      next: { plan: plan.plan, from: paid.periodFrom, to: paid.periodTo },
    });
    // The session's end date is the renewal's.
    expect((await send(clinic, "GET", "/api/get-user-profile/")).json().orderData).toEqual({
      isActivated: true,
      endsOn: paid.periodTo,
      graceUntil: null,
      trial: false,
    });
    await t.app.jobs.send(RENEWALS_QUEUE, {});
    await t.app.jobs.drain(RENEWALS_QUEUE);
    expect(await mailsTo(clinic.email, "billing.expiring")).toHaveLength(0);
    expect(await mailsTo(clinic.email, "billing.expired")).toHaveLength(0);
  });

  it("keeps access by what has started: a period paid only ahead, after a break, opens nothing yet", async () => {
    const clinic = await makeClinicAccount(t.db);
    await t.db.execute(sql`update users set created_at = now() - interval '400 days' where id = ${clinic.id}`);
    await holdMembership(t.db, clinic.id, { fromDate: addDays(today(), -100), toDate: addDays(today(), -20) });
    await holdMembership(t.db, clinic.id, { fromDate: addDays(today(), 5), toDate: addDays(today(), 60) });
    expect((await send(clinic, "GET", "/api/activities/")).statusCode).toBe(402);
    expect((await send(clinic, "GET", "/api/get-user-profile/")).json().orderData).toMatchObject({ isActivated: false, endsOn: addDays(today(), -20) });
    expect((await send(clinic, "GET", "/api/billing/membership")).json()).toMatchObject({
      state: "expired",
      next: { from: addDays(today(), 5), to: addDays(today(), 60) },
    });
  });

  it("renews a patient's clinic plan after the period it has paid ahead", async () => {
    const clinic = await makeClinicAccount(t.db);
    await giveBillingDetails(t.db, clinic.id, { legalName: "Clínica Sur S.L." });
    await holdMembership(t.db, clinic.id);
    const patient = await makePatient(t.db, clinic.id);
    await giveBillingDetails(t.db, patient.id, { legalName: "Lucía Gómez", taxId: "87654321X" });
    const own = await makeMembership(t.db, { clinicId: clinic.id, value: "0", valueAnnual: "0", valuePatient: "60.00", months: 3 });
    await holdMembership(t.db, patient.id, { membershipId: own.id, fromDate: addDays(today(), -80), toDate: addDays(today(), 5) });
    // The next quarter, paid ahead (not started); then another, paid the same way.
    const first = await pay(patient, own.id, "period", clinic);
    expect(first.paid.periodFrom).toBe(addDays(today(), 6));
    const second = await pay(patient, own.id, "period", clinic);
    expect(second.ordered.periodFrom).toBe(addDays(first.paid.periodTo, 1));
    expect(second.paid).toMatchObject({ periodFrom: addDays(first.paid.periodTo, 1), periodTo: periodEnd(addDays(first.paid.periodTo, 1), 3) });
    expectConsecutive(await periodsOf(patient.id));
    expect((await send(patient, "GET", "/api/billing/membership")).json()).toMatchObject({
      state: "active",
      accessUntil: second.paid.periodTo,
      current: { membershipId: own.id, to: addDays(today(), 5) },
      next: { from: first.paid.periodFrom, to: first.paid.periodTo },
    });
  });
});

describe("payment history", () => {
  it("shows a clinic its orders and an admin everyone's, filtered, with sums and an export", async () => {
    const { clinic, plan } = await buyingClinic();
    const order = (await send(clinic, "POST", "/api/billing/orders/", { membershipId: plan.id, billing: "period" })).json();
    await send("admin", "POST", `/api/billing/orders/${order.id}/confirm`, { reference: "H-1" });
    const own = (await send(clinic, "GET", "/api/billing/orders/?rowsPerPage=10")).json();
    expect(own).toMatchObject({ total: 1, sums: { currency: "EUR", paidCents: 6038, pendingCents: 0 } });
    expect(own.data[0]).toMatchObject({ id: order.id, state: "paid", number: order.number });
    // A page past the end still says how many orders and how much the filter holds.
    expect((await send(clinic, "GET", "/api/billing/orders/?rowsPerPage=10&page=3")).json()).toMatchObject({
      data: [],
      page: 3,
      total: 1,
      sums: { paidCents: 6038 },
    });
    const other = await makeClinicAccount(t.db);
    expect((await send(other, "GET", "/api/billing/orders/?rowsPerPage=10")).json().total).toBe(0);
    const filtered = (await send("admin", "GET", `/api/billing/orders/?clinic=${clinic.id}&state=paid&since=${today()}&to=${today()}`)).json();
    expect(filtered.data.map((row: { id: number }) => row.id)).toEqual([order.id]);
    expect((await send("admin", "GET", `/api/billing/orders/?clinic=${clinic.id}&state=pending`)).json().total).toBe(0);
    expect((await send("admin", "GET", `/api/billing/orders/?since=${today()}&to=${addDays(today(), -1)}`)).statusCode).toBe(400);
    const csv = await send("admin", "GET", `/api/billing/orders/export?format=csv&clinic=${clinic.id}`);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain(order.number);
    expect(csv.body).toContain("60.38");
    const xlsx = await send(clinic, "GET", "/api/billing/orders/export?format=xlsx");
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    const therapistClinic = await makeClinic(t.db);
    expect((await send(therapistClinic.therapist, "GET", "/api/billing/orders/")).statusCode).toBe(403);
  });
});

describe("patients buy their clinic's own plans", () => {
  it("through the same orders: the clinic confirms, the patient holds it, the clinic's own series numbers it", async () => {
    const clinic = await makeClinicAccount(t.db);
    await giveBillingDetails(t.db, clinic.id, { legalName: "Clínica Norte S.L." });
    await holdMembership(t.db, clinic.id);
    const patient = await makePatient(t.db, clinic.id);
    await giveBillingDetails(t.db, patient.id, { legalName: "Pablo Díaz", taxId: "12345678Z" });
    const own = await makeMembership(t.db, { clinicId: clinic.id, value: "0", valueAnnual: "0", valuePatient: "120.00", months: 3 });
    const platform = await makeMembership(t.db);
    const overview = (await send(patient, "GET", "/api/billing/membership")).json();
    expect(overview.offers.map((offer: { id: number }) => offer.id)).toEqual([own.id]);
    expect(overview.offers[0].quotes).toHaveLength(1);
    expect((await send(patient, "POST", "/api/billing/orders/", { membershipId: platform.id, billing: "period" })).statusCode).toBe(400);
    const order = (await send(patient, "POST", "/api/billing/orders/", { membershipId: own.id, billing: "period" })).json();
    // 120.00 + 21 % = 145.20
    expect(order).toMatchObject({ totalCents: 14520, state: "pending" });
    expect(order.can.confirm).toBe(false);
    // The selling clinic sees it and confirms it; the platform's admin could too.
    const seen = (await send(clinic, "GET", `/api/billing/orders/${order.id}`)).json();
    expect(seen.can).toEqual({ confirm: true, cancel: true, refund: false });
    const paid = (await send(clinic, "POST", `/api/billing/orders/${order.id}/confirm`, { reference: "DESK-1" })).json();
    expect(paid.state).toBe("paid");
    expect(paid.invoices[0].seller.name).toBe("Clínica Norte S.L.");
    expect(paid.invoices[0].number).toBe(`${new Date().getUTCFullYear()}-000001`);
    const after = (await send(patient, "GET", "/api/billing/membership")).json();
    expect(after).toMatchObject({ state: "active", current: { membershipId: own.id } });
    // Another clinic's staff cannot see it.
    const other = await makeClinicAccount(t.db);
    expect((await send(other, "GET", `/api/billing/orders/${order.id}`)).statusCode).toBe(404);
  });
});

describe("activated-order gating", () => {
  async function clinicEnded(daysAgo: number | null, ageDays = 400) {
    const clinic = await makeClinicAccount(t.db);
    await t.db.execute(sql`update users set created_at = now() - make_interval(days => ${ageDays}) where id = ${clinic.id}`);
    if (daysAgo !== null) await holdMembership(t.db, clinic.id, { fromDate: addDays(today(), -100), toDate: addDays(today(), -daysAgo) });
    const patient = await makePatient(t.db, clinic.id);
    return { clinic, patient };
  }

  it("lets a clinic work while paid, warns during grace, and refuses care work with 402 after it", async () => {
    const active = await clinicEnded(-30);
    expect((await send(active.clinic, "GET", "/api/activities/")).statusCode).toBe(200);
    expect((await send(active.clinic, "GET", "/api/get-user-profile/")).json().orderData).toMatchObject({ isActivated: true, graceUntil: null });

    const grace = await clinicEnded(3);
    expect((await send(grace.clinic, "GET", "/api/activities/")).statusCode).toBe(200);
    expect((await send(grace.clinic, "GET", "/api/get-user-profile/")).json().orderData).toEqual({
      isActivated: true,
      endsOn: addDays(today(), -3),
      graceUntil: addDays(today(), 4),
      trial: false,
    });

    const lapsed = await clinicEnded(10);
    const refused = await send(lapsed.clinic, "GET", "/api/activities/");
    expect(refused.statusCode).toBe(402);
    expect(refused.json().detail).toContain("Renew it under Management → My membership");
    expect((await send(lapsed.patient, "GET", `/api/patientAssignActivities/${lapsed.patient.id}`)).statusCode).toBe(402);
    expect((await send(lapsed.clinic, "GET", "/api/get-user-profile/")).json().orderData.isActivated).toBe(false);
    // What renewing needs stays open.
    expect((await send(lapsed.clinic, "GET", "/api/billing/membership")).json().state).toBe("expired");
    expect((await send(lapsed.clinic, "GET", "/api/billing/orders/")).statusCode).toBe(200);
    // Admins are exempt.
    expect((await send("admin", "GET", "/api/activities/")).statusCode).toBe(200);
  });

  it("gives a new clinic its trial, and refuses an old clinic that never held a membership", async () => {
    const fresh = await clinicEnded(null, 0);
    expect((await send(fresh.clinic, "GET", "/api/activities/")).statusCode).toBe(200);
    expect((await send(fresh.clinic, "GET", "/api/get-user-profile/")).json().orderData).toMatchObject({ isActivated: true, trial: true });
    const old = await clinicEnded(null, 60);
    expect((await send(old.clinic, "GET", "/api/activities/")).statusCode).toBe(402);
  });
});
