import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { dayFromToday, idsOf, type RoleCalls, signInRoles } from "../../../../test/roles.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import { holdMembership, type MadeClinic, makeClinicAccount, makeMembership, makePatient } from "../../../../test/factories.ts";
import { HttpError } from "../../../platform/errors.ts";
import { assignedMemberships, memberships } from "./memberships.table.ts";
import { activeMembership, assertSeatAvailable } from "./seats.ts";

/*
 * Issue 16.8: patients hold memberships too. A clinic sells its own plans to its patients and
 * assigns them; the platform's plans stay the platform's, and only they give a clinic seats.
 */

let t: TestApp;
let other: MadeClinic;
let send: RoleCalls["send"];

beforeAll(async () => {
  t = await createTestApp();
  ({ other, send } = await signInRoles(t));
});
afterAll(async () => t?.close());

const day = dayFromToday;
const planCount = async () => (await t.db.select({ n: count() }).from(memberships))[0].n;
const assignmentCount = async () => (await t.db.select({ n: count() }).from(assignedMemberships))[0].n;
const planRow = async (id: number) => (await t.db.select().from(memberships).where(eq(memberships.id, id)))[0];

/** A programme a clinic sells to its patients: value and valueAnnual may be 0, valuePatient is the price. */
const patientPlan = (label = uniqueSuffix()) => ({
  plan: `Rehab ${label}`,
  description: `Programme ${label}`,
  value: "0",
  valueAnnual: "0",
  valuePatient: "39.90",
  months: 1,
  nUsers: 0,
  nPatients: 0,
  public: true,
});

describe("a clinic's own plans", () => {
  it("are created by the clinic for itself: the server sets the owner, the body cannot", async () => {
    const input = patientPlan();
    const response = await send("clinic", "PUT", "/api/memberships/", input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ owner: "clinic", clinic: { id: t.ids.clinic }, value: "0.00", valueAnnual: "0.00", valuePatient: "39.90" });
    expect(await planRow(body.id)).toMatchObject({ clinicId: t.ids.clinic, createdBy: t.ids.clinic });

    const before = await planCount();
    for (const extra of [{ clinicId: other.clinic.id }, { owner: "platform" }, { clinic: other.clinic.id }]) {
      const refused = await send("clinic", "PUT", "/api/memberships/", { ...patientPlan(), ...extra });
      expect(refused.statusCode, JSON.stringify(extra)).toBe(400);
    }
    // Every field stays required (spec §5), for a clinic as for an admin.
    const { valuePatient: _, ...missing } = patientPlan();
    const incomplete = await send("clinic", "PUT", "/api/memberships/", missing);
    expect(incomplete.statusCode).toBe(400);
    expect(Object.keys(incomplete.json())).toEqual(["valuePatient"]);
    expect(await planCount()).toBe(before);
  });

  it("are platform plans when an admin creates them", async () => {
    const response = await send("admin", "PUT", "/api/memberships/", patientPlan());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ owner: "platform", clinic: null });
    expect((await planRow(response.json().id))?.clinicId).toBeNull();
  });

  it("cannot be created by therapists or patients", async () => {
    const before = await planCount();
    for (const who of ["therapist", "patient", "otherTherapist", "otherPatient"] as const) {
      expect((await send(who, "PUT", "/api/memberships/", patientPlan())).statusCode, who).toBe(403);
    }
    expect(await planCount()).toBe(before);
  });

  it("are edited and deleted by their clinic; another clinic's are 404, the platform's 403", async () => {
    const mine = await makeMembership(t.db, { clinicId: t.ids.clinic });
    const theirs = await makeMembership(t.db, { clinicId: other.clinic.id });
    const platform = await makeMembership(t.db);
    const hiddenPlatform = await makeMembership(t.db, { public: false });

    const changed = await send("clinic", "POST", `/api/membership/${mine.id}`, { ...patientPlan(), plan: "Renamed" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: mine.id, plan: "Renamed", owner: "clinic" });

    expect((await send("clinic", "POST", `/api/membership/${theirs.id}`, patientPlan())).statusCode).toBe(404);
    expect((await send("clinic", "DELETE", `/api/membership/${theirs.id}`)).statusCode).toBe(404);
    const onPlatform = await send("clinic", "POST", `/api/membership/${platform.id}`, patientPlan());
    expect(onPlatform.statusCode).toBe(403);
    expect((await send("clinic", "DELETE", `/api/membership/${platform.id}`)).statusCode).toBe(403);
    // A hidden platform plan the clinic never held does not exist for it.
    expect((await send("clinic", "POST", `/api/membership/${hiddenPlatform.id}`, patientPlan())).statusCode).toBe(404);
    for (const who of ["therapist", "patient"] as const) {
      expect((await send(who, "POST", `/api/membership/${mine.id}`, patientPlan())).statusCode, who).toBe(403);
      expect((await send(who, "DELETE", `/api/membership/${mine.id}`)).statusCode, who).toBe(403);
    }
    expect(await planRow(theirs.id)).toEqual(theirs);
    expect(await planRow(platform.id)).toEqual(platform);

    expect((await send("clinic", "DELETE", `/api/membership/${mine.id}`)).statusCode).toBe(204);
    expect(await planRow(mine.id)).toBeUndefined();
  });

  it("may be edited and deleted by admins", async () => {
    const theirs = await makeMembership(t.db, { clinicId: other.clinic.id });
    const changed = await send("admin", "POST", `/api/membership/${theirs.id}`, { ...patientPlan(), plan: "By admin" });
    expect(changed.statusCode).toBe(200);
    // The owner stays the clinic's.
    expect(changed.json()).toMatchObject({ plan: "By admin", owner: "clinic", clinic: { id: other.clinic.id } });
    expect((await send("admin", "DELETE", `/api/membership/${theirs.id}`)).statusCode).toBe(204);
  });

  it("answer 409 on delete while a patient holds one, naming patients", async () => {
    const plan = await makeMembership(t.db, { clinicId: t.ids.clinic, plan: `Held ${uniqueSuffix()}` });
    await holdMembership(t.db, t.ids.patient, { membershipId: plan.id });
    const response = await send("clinic", "DELETE", `/api/membership/${plan.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toContain("1 patient holds it (1 period");
    expect(await planRow(plan.id)).toBeDefined();
  });
});

describe("GET /api/memberships/ with own plans", () => {
  it("shows a clinic the public platform plans, those it holds and all its own, never another clinic's", async () => {
    const token = uniqueSuffix();
    const open = await makeMembership(t.db, { plan: `${token} open` });
    const hidden = await makeMembership(t.db, { plan: `${token} hidden`, public: false });
    const ownOpen = await makeMembership(t.db, { plan: `${token} own open`, clinicId: t.ids.clinic });
    const ownHidden = await makeMembership(t.db, { plan: `${token} own hidden`, clinicId: t.ids.clinic, public: false });
    const theirs = await makeMembership(t.db, { plan: `${token} theirs`, clinicId: other.clinic.id });

    const all = await send("clinic", "GET", `/api/memberships/?q=${token}`);
    expect(all.statusCode).toBe(200);
    expect(idsOf(all).sort()).toEqual([open.id, ownOpen.id, ownHidden.id].sort());
    expect(idsOf(await send("clinic", "GET", `/api/memberships/?q=${token}&owner=platform`))).toEqual([open.id]);
    expect(idsOf(await send("clinic", "GET", `/api/memberships/?q=${token}&owner=clinic`)).sort()).toEqual([ownOpen.id, ownHidden.id].sort());
    expect(idsOf(await send("otherClinic", "GET", `/api/memberships/?q=${token}&owner=clinic`))).toEqual([theirs.id]);
    // Naming another clinic shows a clinic nothing more.
    expect(idsOf(await send("clinic", "GET", `/api/memberships/?q=${token}&clinic=${other.clinic.id}`))).toEqual([]);

    const admin = await send("admin", "GET", `/api/memberships/?q=${token}`);
    expect(idsOf(admin).sort()).toEqual([open.id, hidden.id, ownOpen.id, ownHidden.id, theirs.id].sort());
    expect(idsOf(await send("admin", "GET", `/api/memberships/?q=${token}&owner=platform`)).sort()).toEqual([open.id, hidden.id].sort());
    expect(idsOf(await send("admin", "GET", `/api/memberships/?q=${token}&clinic=${other.clinic.id}`))).toEqual([theirs.id]);
    expect(idsOf(await send("admin", "GET", `/api/memberships/?q=${token}&owner=clinic&clinic=${t.ids.clinic}`)).sort()).toEqual(
      [ownOpen.id, ownHidden.id].sort(),
    );
    expect((await send("admin", "GET", "/api/memberships/?owner=mine")).statusCode).toBe(400);
    expect((await send("admin", "GET", "/api/memberships/?clinic=nope")).statusCode).toBe(400);
  });

  it("counts for a clinic the assignments of its own plans to its patients", async () => {
    const plan = await makeMembership(t.db, { clinicId: t.ids.clinic, plan: `Counted ${uniqueSuffix()}` });
    await holdMembership(t.db, t.ids.patient, { membershipId: plan.id });
    const response = await send("clinic", "GET", `/api/membership/${plan.id}`);
    expect(response.json()).toMatchObject({ owner: "clinic", assignmentCount: 1 });
  });
});

describe("GET /api/membership/:id as a patient", () => {
  it("answers a plan the patient holds and its clinic's public own plans; nothing else", async () => {
    const held = await makeMembership(t.db, { clinicId: t.ids.clinic, public: false });
    await holdMembership(t.db, t.ids.patient, { membershipId: held.id });
    const offered = await makeMembership(t.db, { clinicId: t.ids.clinic });
    const hiddenOwn = await makeMembership(t.db, { clinicId: t.ids.clinic, public: false });
    const theirs = await makeMembership(t.db, { clinicId: other.clinic.id });
    const platform = await makeMembership(t.db);

    expect((await send("patient", "GET", `/api/membership/${held.id}`)).json()).toMatchObject({ id: held.id, owner: "clinic", assignmentCount: 1 });
    expect((await send("patient", "GET", `/api/membership/${offered.id}`)).json()).toMatchObject({ id: offered.id, assignmentCount: 0 });
    for (const plan of [hiddenOwn, theirs, platform]) expect((await send("patient", "GET", `/api/membership/${plan.id}`)).statusCode).toBe(404);
    expect((await send("otherPatient", "GET", `/api/membership/${offered.id}`)).statusCode).toBe(404);
    expect((await send("otherPatient", "GET", `/api/membership/${theirs.id}`)).statusCode).toBe(200);
    expect((await send("therapist", "GET", `/api/membership/${offered.id}`)).statusCode).toBe(403);
    // The clinic reads its own hidden plan; the other clinic does not.
    expect((await send("clinic", "GET", `/api/membership/${hiddenOwn.id}`)).statusCode).toBe(200);
    expect((await send("otherClinic", "GET", `/api/membership/${hiddenOwn.id}`)).statusCode).toBe(404);
  });
});

describe("POST /api/patients-memberships/:id (assign to a patient)", () => {
  it("lets the patient's clinic assign one of its own plans, hidden ones included", async () => {
    const plan = await makeMembership(t.db, { clinicId: t.ids.clinic, public: false });
    const input = { membershipId: plan.id, from_date: day(0), to_date: day(30) };
    const response = await send("clinic", "POST", `/api/patients-memberships/${t.ids.patient}`, input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      membershipId: plan.id,
      holder: "patient",
      holderId: t.ids.patient,
      holderName: expect.any(String),
      clinic: { id: t.ids.clinic },
      from_date: day(0),
      to_date: day(30),
      active: true,
      current: true,
    });
    expect(body.holderName.length).toBeGreaterThan(0);
    const [row] = await t.db.select().from(assignedMemberships).where(eq(assignedMemberships.id, body.id));
    expect(row).toMatchObject({ userId: t.ids.patient, assignedBy: t.ids.clinic });
  });

  it("lets an admin assign a clinic's plan to its patient, and only that clinic's", async () => {
    const plan = await makeMembership(t.db, { clinicId: other.clinic.id });
    const input = { membershipId: plan.id, from_date: day(0), to_date: day(30) };
    const response = await send("admin", "POST", `/api/patients-memberships/${other.patient.id}`, input);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ holder: "patient", holderId: other.patient.id, clinic: { id: other.clinic.id } });
    const before = await assignmentCount();
    const wrong = await send("admin", "POST", `/api/patients-memberships/${t.ids.patient}`, input);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ membershipId: ["Choose one of the patient's clinic's own plans."] });
    // A clinic's own plan is not for a clinic to hold.
    const toClinic = await send("admin", "POST", `/api/patients-memberships/${other.clinic.id}`, input);
    expect(toClinic.statusCode).toBe(400);
    expect(toClinic.json()).toEqual({ membershipId: ["Choose one of the platform's plans."] });
    expect(await assignmentCount()).toBe(before);
  });

  it("refuses a platform plan or another clinic's (400 on the plan), a patient of another clinic (403), an unknown id (404)", async () => {
    const own = await makeMembership(t.db, { clinicId: t.ids.clinic });
    const platform = await makeMembership(t.db);
    const theirs = await makeMembership(t.db, { clinicId: other.clinic.id });
    const before = await assignmentCount();
    const period = { from_date: day(0), to_date: day(30) };
    for (const plan of [platform, theirs]) {
      const response = await send("clinic", "POST", `/api/patients-memberships/${t.ids.patient}`, { ...period, membershipId: plan.id });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ membershipId: ["Choose one of the patient's clinic's own plans."] });
    }
    const unknownPlan = await send("clinic", "POST", `/api/patients-memberships/${t.ids.patient}`, { ...period, membershipId: 999999 });
    expect(unknownPlan.json()).toEqual({ membershipId: ["Unknown membership."] });
    expect((await send("clinic", "POST", `/api/patients-memberships/${other.patient.id}`, { ...period, membershipId: own.id })).statusCode).toBe(403);
    expect((await send("otherClinic", "POST", `/api/patients-memberships/${t.ids.patient}`, { ...period, membershipId: own.id })).statusCode).toBe(403);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await send("clinic", "POST", `/api/patients-memberships/${unknown}`, { ...period, membershipId: own.id })).statusCode).toBe(404);
    // A clinic gives no plan to itself, another clinic or a therapist.
    expect((await send("clinic", "POST", `/api/patients-memberships/${t.ids.clinic}`, { ...period, membershipId: platform.id })).statusCode).toBe(403);
    expect((await send("clinic", "POST", `/api/patients-memberships/${t.ids.therapist}`, { ...period, membershipId: own.id })).statusCode).toBe(400);
    for (const who of ["therapist", "patient", "otherTherapist", "otherPatient"] as const) {
      expect((await send(who, "POST", `/api/patients-memberships/${t.ids.patient}`, { ...period, membershipId: own.id })).statusCode, who).toBe(403);
    }
    expect(await assignmentCount()).toBe(before);
  });
});

describe("GET /api/assignMemberships/ with patients", () => {
  it("shows a clinic its own period and its patients', with holder and name, filtered by holder", async () => {
    const surname = uniqueSuffix();
    const patient = await makePatient(t.db, t.ids.clinic, [], { nombres: "Ana", apellidos: surname });
    const plan = await makeMembership(t.db, { clinicId: t.ids.clinic });
    const held = await holdMembership(t.db, patient.id, { membershipId: plan.id, fromDate: day(-1), toDate: day(10) });
    const theirs = await holdMembership(t.db, other.patient.id, { membershipId: (await makeMembership(t.db, { clinicId: other.clinic.id })).id });

    const mine = await send("clinic", "GET", "/api/assignMemberships/?rowsPerPage=100");
    expect(mine.statusCode).toBe(200);
    const rows = mine.json().data as { id: number; holder: string; clinic: { id: string } }[];
    expect(rows.map((row) => row.id)).toContain(held.id);
    expect(rows.map((row) => row.id)).not.toContain(theirs.id);
    expect(new Set(rows.map((row) => row.clinic.id))).toEqual(new Set([t.ids.clinic]));
    expect(new Set(rows.map((row) => row.holder))).toEqual(new Set(["clinic", "patient"]));
    expect(rows.find((row) => row.id === held.id)).toMatchObject({
      holder: "patient",
      holderId: patient.id,
      holderName: `Ana ${surname}`,
      clinic: { id: t.ids.clinic },
      active: true,
      current: true,
    });

    const patients = await send("clinic", "GET", "/api/assignMemberships/?holder=patient&rowsPerPage=100");
    expect((patients.json().data as { holder: string }[]).every((row) => row.holder === "patient")).toBe(true);
    const clinics = await send("clinic", "GET", "/api/assignMemberships/?holder=clinic&rowsPerPage=100");
    expect((clinics.json().data as { holder: string; holderId: string }[]).every((row) => row.holder === "clinic" && row.holderId === t.ids.clinic)).toBe(true);
    expect(idsOf(await send("clinic", "GET", `/api/assignMemberships/?q=${surname}`))).toEqual([held.id]);

    const admin = await send("admin", "GET", `/api/assignMemberships/?holder=patient&clinic=${other.clinic.id}&rowsPerPage=100`);
    expect(idsOf(admin)).toContain(theirs.id);
    const adminRows = admin.json().data as { holder: string; clinic: { id: string } }[];
    expect(adminRows.every((row) => row.holder === "patient" && row.clinic.id === other.clinic.id)).toBe(true);
    expect((await send("admin", "GET", "/api/assignMemberships/?holder=someone")).statusCode).toBe(400);
  });

  it("shows a patient only its own memberships", async () => {
    const plan = await makeMembership(t.db, { clinicId: t.ids.clinic, plan: `Mine ${uniqueSuffix()}` });
    const held = await holdMembership(t.db, t.ids.patient, { membershipId: plan.id, fromDate: day(-2), toDate: day(20) });
    await holdMembership(t.db, other.patient.id, { membershipId: (await makeMembership(t.db, { clinicId: other.clinic.id })).id });
    const response = await send("patient", "GET", "/api/assignMemberships/?active=true&rowsPerPage=100");
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as { id: number; holderId: string; plan: string; to_date: string }[];
    expect(rows.map((row) => row.id)).toContain(held.id);
    expect(rows.every((row) => row.holderId === t.ids.patient)).toBe(true);
    expect(rows.find((row) => row.id === held.id)).toMatchObject({ plan: plan.plan, to_date: day(20), holder: "patient" });
    // Whatever it filters by.
    expect((await send("patient", "GET", `/api/assignMemberships/?clinic=${t.ids.clinic}&holder=clinic`)).json().total).toBe(0);
    const otherRows = (await send("otherPatient", "GET", "/api/assignMemberships/?rowsPerPage=100")).json().data as { holderId: string }[];
    expect(otherRows.every((row) => row.holderId === other.patient.id)).toBe(true);
    expect((await send("therapist", "GET", "/api/assignMemberships/")).statusCode).toBe(403);
  });
});

describe("PATCH and DELETE of a patient's membership", () => {
  it("are allowed to its clinic and admins; another clinic gets 404, therapists and patients 403", async () => {
    const plan = await makeMembership(t.db, { clinicId: t.ids.clinic });
    const held = await holdMembership(t.db, t.ids.patient, { membershipId: plan.id, fromDate: day(-5), toDate: day(30) });
    expect((await send("otherClinic", "PATCH", `/api/assignMemberships/${held.id}`, { to_date: day(1) })).statusCode).toBe(404);
    expect((await send("otherClinic", "DELETE", `/api/assignMemberships/${held.id}`)).statusCode).toBe(404);
    for (const who of ["therapist", "patient"] as const) {
      expect((await send(who, "PATCH", `/api/assignMemberships/${held.id}`, { to_date: day(1) })).statusCode, who).toBe(403);
      expect((await send(who, "DELETE", `/api/assignMemberships/${held.id}`)).statusCode, who).toBe(403);
    }
    const ended = await send("clinic", "PATCH", `/api/assignMemberships/${held.id}`, { to_date: day(2) });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ id: held.id, to_date: day(2), holder: "patient" });
    const tooEarly = await send("clinic", "PATCH", `/api/assignMemberships/${held.id}`, { to_date: day(-6) });
    expect(tooEarly.statusCode).toBe(400);
    expect((await send("admin", "PATCH", `/api/assignMemberships/${held.id}`, { to_date: day(3) })).statusCode).toBe(200);
    expect((await send("clinic", "DELETE", `/api/assignMemberships/${held.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(assignedMemberships).where(eq(assignedMemberships.id, held.id))).toEqual([]);
  });
});

describe("seats ignore patients' memberships", () => {
  it("a clinic whose patients hold plans but which holds none itself has no seats", async () => {
    const clinic = await makeClinicAccount(t.db);
    const patient = await makePatient(t.db, clinic.id);
    const own = await makeMembership(t.db, { clinicId: clinic.id, nUsers: 50, nPatients: 500 });
    await holdMembership(t.db, patient.id, { membershipId: own.id });
    expect(await activeMembership(t.db, clinic.id)).toBeNull();
    await expect(assertSeatAvailable(t.db, clinic.id, "patient")).rejects.toBeInstanceOf(HttpError);
    const seats = await send("admin", "GET", `/api/membership-seats/?clinic=${clinic.id}`);
    expect(seats.json()).toMatchObject({ membership: null, patients: { used: 1, limit: null } });
  });

  it("the clinic's seats still come from its platform plan, even from a later-started own plan of its patient", async () => {
    const clinic = await makeClinicAccount(t.db);
    const patient = await makePatient(t.db, clinic.id);
    const platform = await makeMembership(t.db, { nUsers: 2, nPatients: 3 });
    const own = await makeMembership(t.db, { clinicId: clinic.id, nUsers: 90, nPatients: 900 });
    const seat = await holdMembership(t.db, clinic.id, { membershipId: platform.id, fromDate: day(-30), toDate: day(30) });
    await holdMembership(t.db, patient.id, { membershipId: own.id, fromDate: day(0), toDate: day(10) });
    // Even a row that should never exist (an own plan held by the clinic itself) is no seat source.
    await holdMembership(t.db, clinic.id, { membershipId: own.id, fromDate: day(0), toDate: day(10) });
    const held = await activeMembership(t.db, clinic.id);
    expect(held?.membership.id).toBe(platform.id);
    expect(held?.assignment.id).toBe(seat.id);
    const seats = await send("admin", "GET", `/api/membership-seats/?clinic=${clinic.id}`);
    expect(seats.json()).toMatchObject({ membership: { id: platform.id }, therapists: { limit: 2 }, patients: { used: 1, limit: 3 } });
  });

  it("the demo clinic's seats are unchanged by its patient's membership", async () => {
    const before = (await send("clinic", "GET", "/api/membership-seats/")).json();
    const plan = await makeMembership(t.db, { clinicId: t.ids.clinic, nUsers: 99, nPatients: 999 });
    await send("clinic", "POST", `/api/patients-memberships/${t.ids.patient}`, { membershipId: plan.id, from_date: day(0), to_date: day(10) });
    const after = (await send("clinic", "GET", "/api/membership-seats/")).json();
    expect(after).toEqual(before);
    expect(after.membership.plan).toBe("Clinic");
  });
});
