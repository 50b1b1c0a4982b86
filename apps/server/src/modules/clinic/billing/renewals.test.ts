import { and, eq } from "drizzle-orm";
import path from "node:path";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../app.ts";
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from "../../../../test/app.ts";
import { makeOrder } from "../../../../test/billing.ts";
import { holdMembership, makeClinicAccount, makePatient, makeMembership } from "../../../../test/factories.ts";
import { mailMessages } from "../../../platform/mail.table.ts";
import { today } from "../memberships/seats.ts";
import { orders } from "./billing.table.ts";
import { addDays } from "./gating.ts";
import { RENEWALS_QUEUE } from "./renewals.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const mailsTo = (email: string, kind: string) =>
  t.db
    .select({ subject: mailMessages.subject, text: mailMessages.text })
    .from(mailMessages)
    .where(and(eq(mailMessages.to, email), eq(mailMessages.kind, kind)));

async function sweep(app = t.app): Promise<void> {
  await app.jobs.send(RENEWALS_QUEUE, {});
  await app.jobs.drain(RENEWALS_QUEUE);
}

describe("renewal jobs", () => {
  it("remind 14 and 3 days before the end and tell of the expiry, each once across sweeps and a restart", async () => {
    const in14 = await makeClinicAccount(t.db);
    const in3 = await makeClinicAccount(t.db);
    const ended = await makeClinicAccount(t.db);
    const renewed = await makeClinicAccount(t.db);
    const patient = await makePatient(t.db, in3.id);
    await holdMembership(t.db, in14.id, { fromDate: addDays(today(), -20), toDate: addDays(today(), 14) });
    await holdMembership(t.db, in3.id, { fromDate: addDays(today(), -20), toDate: addDays(today(), 3) });
    await holdMembership(t.db, ended.id, { fromDate: addDays(today(), -40), toDate: addDays(today(), -1) });
    // Already renewed: its next period is paid, so no reminder.
    await holdMembership(t.db, renewed.id, { fromDate: addDays(today(), -20), toDate: addDays(today(), 14) });
    await holdMembership(t.db, renewed.id, { fromDate: addDays(today(), 15), toDate: addDays(today(), 45) });
    // A patient's own plan from its clinic ends too.
    const own = await makeMembership(t.db, { clinicId: in3.id });
    await holdMembership(t.db, patient.id, { membershipId: own.id, fromDate: addDays(today(), -10), toDate: addDays(today(), 3) });

    await sweep();
    await sweep();
    // A second node (or the app after a restart) on the same database.
    const second = await buildApp({
      config: t.config,
      database: t.database,
      authSecret: TEST_AUTH_SECRET,
      webDist: path.join(os.tmpdir(), "clinic-test-no-web-dist", "renewals"),
    });
    await second.ready();
    try {
      await sweep(second);
    } finally {
      await second.close();
    }

    expect(await mailsTo(in14.email, "billing.expiring")).toHaveLength(1);
    expect((await mailsTo(in14.email, "billing.expiring"))[0]?.text).toContain(addDays(today(), 14));
    expect(await mailsTo(in3.email, "billing.expiring")).toHaveLength(1);
    expect(await mailsTo(patient.email, "billing.expiring")).toHaveLength(1);
    expect(await mailsTo(ended.email, "billing.expired")).toHaveLength(1);
    expect((await mailsTo(ended.email, "billing.expired"))[0]?.text).toContain(addDays(today(), 6));
    expect(await mailsTo(renewed.email, "billing.expiring")).toHaveLength(0);
  });

  it("count periods paid ahead: no reminder or expiry mail for a period the next one follows, a reminder before a break", async () => {
    // Renewed early: the next period, not started, begins the day after.
    const renewed = await makeClinicAccount(t.db);
    await holdMembership(t.db, renewed.id, { fromDate: addDays(today(), -27), toDate: addDays(today(), 3) });
    await holdMembership(t.db, renewed.id, { fromDate: addDays(today(), 4), toDate: addDays(today(), 368) });
    // Ended yesterday, and the period after it runs since today.
    const carriedOn = await makeClinicAccount(t.db);
    await holdMembership(t.db, carriedOn.id, { fromDate: addDays(today(), -31), toDate: addDays(today(), -1) });
    await holdMembership(t.db, carriedOn.id, { fromDate: today(), toDate: addDays(today(), 30) });
    // A later period leaves a week unpaid: the clinic still hears that this one ends.
    const broken = await makeClinicAccount(t.db);
    await holdMembership(t.db, broken.id, { fromDate: addDays(today(), -27), toDate: addDays(today(), 3) });
    await holdMembership(t.db, broken.id, { fromDate: addDays(today(), 11), toDate: addDays(today(), 40) });
    await sweep();
    expect(await mailsTo(renewed.email, "billing.expiring")).toHaveLength(0);
    expect(await mailsTo(carriedOn.email, "billing.expired")).toHaveLength(0);
    const reminded = await mailsTo(broken.email, "billing.expiring");
    expect(reminded).toHaveLength(1);
    expect(reminded[0]?.text).toContain(addDays(today(), 3));
  });

  it("expire a pending order after its days, once, and tell its buyer", async () => {
    const clinic = await makeClinicAccount(t.db);
    const stale = await makeOrder(t.db, { buyerId: clinic.id, clinicId: clinic.id });
    const fresh = await makeOrder(t.db, { buyerId: clinic.id, clinicId: clinic.id });
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, stale.id));
    await sweep();
    await sweep();
    const states = await t.db.select({ id: orders.id, state: orders.state }).from(orders).where(eq(orders.buyerId, clinic.id));
    expect(Object.fromEntries(states.map((row) => [row.id, row.state]))).toEqual({ [stale.id]: "expired", [fresh.id]: "pending" });
    expect(await mailsTo(clinic.email, "billing.cancelled")).toHaveLength(1);
  });
});
