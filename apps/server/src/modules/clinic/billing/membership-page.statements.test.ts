import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { giveBillingDetails } from "../../../../test/billing.ts";
import { holdMembership, type MadeUser, makeClinicAccount, makeMembership, makePatient } from "../../../../test/factories.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../../test/statements.ts";

/**
 * Round trips of the membership pages (issue 34): "my membership" (the overview and the billing
 * details card) and the clinic's memberships card. The overview was eight reads side by side;
 * it is one statement now, its pending order's detail and invoices included, and a kept answer.
 */
let t: TestApp;
let clinic: MadeUser;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ env: { BILLING_TAX_RATE: "21" } });
  clinic = await makeClinicAccount(t.db);
  await giveBillingDetails(t.db, clinic.id);
  const held = await makeMembership(t.db, { value: "49.90", valueAnnual: "499.00", valuePatient: "2.50", months: 1 });
  await makeMembership(t.db, { value: "19.90", valueAnnual: "199.00", valuePatient: "1.50", months: 1 });
  await holdMembership(t.db, clinic.id, { membershipId: held.id });
  await makePatient(t.db, clinic.id);
  cookie = await t.login(clinic.email, clinic.password);
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

describe("the membership page", () => {
  it("reads the overview in one statement, with or without a pending order, and the billing details in one more", async () => {
    const before = await statementsBeyondIdentity(t.database.pool, () => get("/api/billing/membership"));
    expect(before.own.length, describeStatements(before.statements)).toBe(1);
    expect(before.body).toMatchObject({ pending: null, billingDetailsComplete: true, seats: { patients: { used: 1 } } });
    expect(before.body.offers.length).toBeGreaterThanOrEqual(2);
    // A patient joining the clinic uses a seat: the kept overview is dropped and read anew.
    await makePatient(t.db, clinic.id);
    const joined = await statementsBeyondIdentity(t.database.pool, () => get("/api/billing/membership"));
    expect(joined.own.length, describeStatements(joined.statements)).toBe(1);
    expect(joined.body.seats.patients.used).toBe(2);

    const plan = before.body.offers[0].id;
    const ordered = await t.app.inject({
      method: "POST",
      url: "/api/billing/orders/",
      headers: { cookie, origin: TEST_PUBLIC_URL },
      payload: { membershipId: plan, billing: "period" },
    });
    expect(ordered.statusCode).toBe(201);
    const pending = await statementsBeyondIdentity(t.database.pool, () => get("/api/billing/membership"));
    expect(pending.own.length, describeStatements(pending.statements)).toBe(1);
    // The pending order reads as its own detail call shows it (the overview carries a part of it).
    const detail = (await get(`/api/billing/orders/${ordered.json().id}`)).json();
    expect(pending.body.pending).toMatchObject({ id: detail.id, state: "pending" });
    expect(detail).toMatchObject(pending.body.pending);
    expect(pending.body.offers).toEqual(joined.body.offers);

    // Kept (kept-answers.ts) until a table it reads changes, or the day ends: asked again, it reads nothing.
    const again = await statementsBeyondIdentity(t.database.pool, () => get("/api/billing/membership"));
    expect(again.own, describeStatements(again.statements)).toEqual([]);
    expect(again.body).toEqual(pending.body);

    const details = await statementsBeyondIdentity(t.database.pool, () => get("/api/billing/details"));
    expect(details.own.length, describeStatements(details.statements)).toBe(1);
  });

  it("reads the clinic's memberships card (its period today and both seat counts) in one statement", async () => {
    const seats = await statementsBeyondIdentity(t.database.pool, () => get("/api/membership-seats/"));
    expect(seats.own.length, describeStatements(seats.statements)).toBe(1);
    expect(seats.body).toMatchObject({ clinic: { id: clinic.id }, therapists: { used: 0 }, patients: { used: 2 } });
    expect(seats.body.membership).not.toBeNull();
  });
});
