import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { holdMembership, makeClinicAccount, makeMembership, makePatient, makeTherapist } from "../../../../test/factories.ts";
import { users } from "../../../db/schema.ts";
import { HttpError } from "../../../platform/errors.ts";
import { activeMembership, assertSeatAvailable, type Seat, seatsInUse } from "./seats.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA");

/** The refusal `assertSeatAvailable` answers, or null when there is a seat. */
async function refusal(clinicId: string, seat: Seat): Promise<{ status: number; detail: string } | null> {
  try {
    await assertSeatAvailable(t.db, clinicId, seat);
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, detail: String(error.body.detail) };
  }
}

describe("assertSeatAvailable", () => {
  it("refuses (409) a clinic that holds no membership", async () => {
    const clinic = await makeClinicAccount(t.db);
    for (const seat of ["therapist", "patient"] as const) {
      expect(await refusal(clinic.id, seat)).toEqual({ status: 409, detail: expect.stringContaining("no active membership today") });
    }
  });

  it("gives seats up to the plan's limits, then refuses with the limit in the message", async () => {
    const clinic = await makeClinicAccount(t.db);
    const plan = await makeMembership(t.db, { plan: "Duo", nUsers: 2, nPatients: 1 });
    await holdMembership(t.db, clinic.id, { membershipId: plan.id });
    expect(await refusal(clinic.id, "therapist")).toBeNull();
    const first = await makeTherapist(t.db, clinic.id);
    expect(await refusal(clinic.id, "therapist")).toBeNull();
    await makeTherapist(t.db, clinic.id);
    expect(await refusal(clinic.id, "therapist")).toEqual({ status: 409, detail: 'The clinic\'s membership "Duo" allows 2 therapists, and all 2 are in use.' });

    expect(await refusal(clinic.id, "patient")).toBeNull();
    await makePatient(t.db, clinic.id, [first.id]);
    expect(await refusal(clinic.id, "patient")).toEqual({ status: 409, detail: 'The clinic\'s membership "Duo" allows 1 patient, and it is in use.' });
  });

  it("ignores expired and future periods", async () => {
    const clinic = await makeClinicAccount(t.db);
    await holdMembership(t.db, clinic.id, { fromDate: day(-60), toDate: day(-1) });
    await holdMembership(t.db, clinic.id, { fromDate: day(1), toDate: day(60) });
    expect(await refusal(clinic.id, "therapist")).toMatchObject({ status: 409, detail: expect.stringContaining("no active membership today") });
    expect(await activeMembership(t.db, clinic.id)).toBeNull();
    // A period ending today or starting today holds today.
    await holdMembership(t.db, clinic.id, { fromDate: day(-3), toDate: day(0) });
    expect(await refusal(clinic.id, "therapist")).toBeNull();
  });

  it("does not count inactive accounts, nor another clinic's", async () => {
    const clinic = await makeClinicAccount(t.db);
    const plan = await makeMembership(t.db, { nUsers: 1, nPatients: 1 });
    await holdMembership(t.db, clinic.id, { membershipId: plan.id });
    const therapist = await makeTherapist(t.db, clinic.id);
    const patient = await makePatient(t.db, clinic.id);
    expect(await refusal(clinic.id, "therapist")).toMatchObject({ status: 409 });
    expect(await refusal(clinic.id, "patient")).toMatchObject({ status: 409 });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, therapist.id));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, patient.id));
    expect(await seatsInUse(t.db, clinic.id, "therapist")).toBe(0);
    expect(await refusal(clinic.id, "therapist")).toBeNull();
    expect(await refusal(clinic.id, "patient")).toBeNull();

    const elsewhere = await makeClinicAccount(t.db);
    await makeTherapist(t.db, elsewhere.id);
    await makePatient(t.db, elsewhere.id);
    expect(await seatsInUse(t.db, clinic.id, "therapist")).toBe(0);
    expect(await seatsInUse(t.db, clinic.id, "patient")).toBe(0);
  });

  it("takes the limits of the latest started of overlapping periods", async () => {
    const clinic = await makeClinicAccount(t.db);
    const roomy = await makeMembership(t.db, { plan: "Roomy", nUsers: 10 });
    const tight = await makeMembership(t.db, { plan: "Tight", nUsers: 1 });
    await holdMembership(t.db, clinic.id, { membershipId: roomy.id, fromDate: day(-30), toDate: day(30) });
    await holdMembership(t.db, clinic.id, { membershipId: tight.id, fromDate: day(-1), toDate: day(5) });
    await makeTherapist(t.db, clinic.id);
    expect((await activeMembership(t.db, clinic.id))?.membership.plan).toBe("Tight");
    expect(await refusal(clinic.id, "therapist")).toMatchObject({ status: 409, detail: expect.stringContaining('"Tight" allows 1 therapist,') });
  });
});
