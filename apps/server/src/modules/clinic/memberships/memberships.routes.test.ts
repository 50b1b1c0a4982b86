import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { dayFromToday, idsOf, type Method, type RoleCalls, signInRoles } from "../../../../test/roles.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import { holdMembership, type MadeClinic, makeClinicAccount, makeMembership } from "../../../../test/factories.ts";
import { permissions, userPermissions } from "../../../db/schema.ts";
import { assignedMemberships, memberships } from "./memberships.table.ts";
import { today } from "./seats.ts";

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

const validPlan = (label = uniqueSuffix()) => ({
  plan: `Plan ${label}`,
  description: `For ${label}`,
  value: "49.90",
  valueAnnual: "499.00",
  valuePatient: "0.01",
  months: 3,
  nUsers: 4,
  nPatients: 40,
  public: true,
});

describe("GET /api/memberships/", () => {
  it("lists every plan to admins, hidden ones included, with prices as two-decimal strings", async () => {
    const token = uniqueSuffix();
    const visible = await makeMembership(t.db, { plan: `${token} visible`, value: "10.5" });
    const hidden = await makeMembership(t.db, { plan: `${token} hidden`, public: false, value: "3" });
    const response = await send("admin", "GET", `/api/memberships/?q=${token}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, total: 2 });
    // Cheapest first.
    expect(idsOf(response)).toEqual([hidden.id, visible.id]);
    expect(body.data[1]).toEqual({
      id: visible.id,
      owner: "platform",
      clinic: null,
      plan: visible.plan,
      description: visible.description,
      value: "10.50",
      valueAnnual: "499.00",
      valuePatient: "2.50",
      months: 1,
      nUsers: 5,
      nPatients: 50,
      public: true,
      assignmentCount: 0,
      createdAt: visible.createdAt.toISOString(),
      updatedAt: visible.updatedAt.toISOString(),
    });
    const all = await send("admin", "GET", "/api/memberships/?rowsPerPage=100");
    expect(all.json().total).toBe(await planCount());
  });

  it("lists to a clinic the public plans and the hidden ones it holds, never another clinic's hidden plan", async () => {
    const token = uniqueSuffix();
    const open = await makeMembership(t.db, { plan: `${token} open` });
    const mine = await makeMembership(t.db, { plan: `${token} mine`, public: false });
    const theirs = await makeMembership(t.db, { plan: `${token} theirs`, public: false });
    await holdMembership(t.db, t.ids.clinic, { membershipId: mine.id, fromDate: day(-100), toDate: day(-50) });
    await holdMembership(t.db, other.clinic.id, { membershipId: theirs.id });
    await holdMembership(t.db, other.clinic.id, { membershipId: open.id });

    const response = await send("clinic", "GET", `/api/memberships/?q=${token}`);
    expect(response.statusCode).toBe(200);
    expect(idsOf(response).sort()).toEqual([open.id, mine.id].sort());
    // A clinic counts only its own assignments; the admin counts everyone's.
    const counts = Object.fromEntries(response.json().data.map((row: { id: number; assignmentCount: number }) => [row.id, row.assignmentCount]));
    expect(counts).toEqual({ [open.id]: 0, [mine.id]: 1 });
    const asAdmin = await send("admin", "GET", `/api/memberships/?q=${token}`);
    expect(asAdmin.json().data.find((row: { id: number }) => row.id === open.id).assignmentCount).toBe(1);

    const seeded = await send("clinic", "GET", "/api/memberships/?rowsPerPage=100");
    const names = seeded.json().data.map((row: { plan: string }) => row.plan);
    expect(names).toEqual(expect.arrayContaining(["Starter", "Clinic", "Hospital"]));
    expect(names).not.toContain("Pilot (hidden)");
  });

  it("pages with page and rowsPerPage, and searches the plan's name", async () => {
    const token = uniqueSuffix();
    const made = [];
    for (let n = 0; n < 5; n += 1) made.push(await makeMembership(t.db, { plan: `${token} ${n}`, value: `${n + 1}.00` }));
    const pages = [];
    for (const page of [1, 2, 3]) {
      const response = await send("admin", "GET", `/api/memberships/?q=${token}&rowsPerPage=2&page=${page}`);
      expect(response.json()).toMatchObject({ page, total: 5 });
      pages.push(idsOf(response));
    }
    expect(pages.map((ids) => ids.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(made.map((row) => row.id));
    const narrowed = await send("admin", "GET", `/api/memberships/?q=${encodeURIComponent(`${token} 3`)}`);
    expect(idsOf(narrowed)).toEqual([made[3]?.id]);
    expect((await send("admin", "GET", "/api/memberships/?page=0")).statusCode).toBe(400);
    expect((await send("admin", "GET", "/api/memberships/?rowsPerPage=1000")).statusCode).toBe(400);
  });

  it("refuses therapists and patients (403), even a therapist granted view_membership, and strangers (401)", async () => {
    const [permission] = await t.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.codename, "view_membership"));
    await t.db.insert(userPermissions).values({ userId: other.therapist.id, permissionId: permission?.id as number });
    for (const who of ["therapist", "patient", "otherTherapist"] as const) {
      expect((await send(who, "GET", "/api/memberships/")).statusCode, who).toBe(403);
      expect((await send(who, "GET", "/api/membership-seats/")).statusCode, who).toBe(403);
    }
    // Patients read their own assignments (memberships-patients.routes.test.ts); therapists none.
    for (const who of ["therapist", "otherTherapist"] as const) expect((await send(who, "GET", "/api/assignMemberships/")).statusCode, who).toBe(403);
    expect((await send(null, "GET", "/api/memberships/")).statusCode).toBe(401);
  });

  it("lets in any clinic account (group 2), and refuses a signed-in user of no group", async () => {
    const bare = await makeClinicAccount(t.db);
    const stranger = await makeClinicAccount(t.db, { groups: [] });
    const cookie = await t.login(stranger.email, stranger.password);
    const response = await t.app.inject({ method: "GET", url: "/api/memberships/", headers: { cookie } });
    expect(response.statusCode).toBe(403);
    const clinicCookie = await t.login(bare.email, bare.password);
    expect((await t.app.inject({ method: "GET", url: "/api/memberships/", headers: { cookie: clinicCookie } })).statusCode).toBe(200);
  });
});

describe("PUT /api/memberships/ (create)", () => {
  it("lets an admin create a plan; numbers and strings are stored as exact two-decimal prices", async () => {
    const input = { ...validPlan(), value: 12.3, valueAnnual: "120", valuePatient: 0.01, public: false };
    const response = await send("admin", "PUT", "/api/memberships/", input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ plan: input.plan, value: "12.30", valueAnnual: "120.00", valuePatient: "0.01", months: 3, public: false, assignmentCount: 0 });
    expect(await planRow(body.id)).toMatchObject({ value: "12.30", valueAnnual: "120.00", valuePatient: "0.01", createdBy: t.ids.admin });
    // The largest price numeric(12, 2) holds.
    const big = await send("admin", "PUT", "/api/memberships/", { ...validPlan(), value: "9999999999.99" });
    expect(big.json().value).toBe("9999999999.99");
  });

  it.each([
    ["value", "0.001", "Use at most two decimals."],
    ["value", 0.001, "Use at most two decimals."],
    ["valueAnnual", "-1", "Must be 0 or more."],
    ["valuePatient", -0.5, "Must be 0 or more."],
    ["value", "abc", "Enter an amount such as 49.90."],
    ["value", "", "Enter an amount such as 49.90."],
    ["value", "1e3", "Enter an amount such as 49.90."],
    ["value", "10000000000", "Too large."],
    ["value", null, "Enter an amount such as 49.90."],
    ["months", 4, "Choose 1, 2, 3 or 6 months."],
    ["months", 0, "Choose 1, 2, 3 or 6 months."],
    ["months", "3", "Choose 1, 2, 3 or 6 months."],
    ["nUsers", -1, "Enter a whole number, 0 or more."],
    ["nPatients", 1.5, "Enter a whole number, 0 or more."],
    ["nPatients", 3_000_000_000, "Too large."],
    ["public", "yes", "Choose Visible or Hide."],
  ])("refuses %s = %j with a 400 on that field and writes nothing", async (field, value, message) => {
    const before = await planCount();
    const response = await send("admin", "PUT", "/api/memberships/", { ...validPlan(), [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [message] });
    expect(await planCount()).toBe(before);
  });

  it("requires every field (spec §5) and refuses unknown ones", async () => {
    const before = await planCount();
    const fields = Object.keys(validPlan());
    for (const field of fields) {
      const input: Record<string, unknown> = validPlan();
      delete input[field];
      const response = await send("admin", "PUT", "/api/memberships/", input);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json()), field).toEqual([field]);
    }
    const blank = await send("admin", "PUT", "/api/memberships/", { ...validPlan(), plan: "  " });
    expect(Object.keys(blank.json())).toEqual(["plan"]);
    const extra = await send("admin", "PUT", "/api/memberships/", { ...validPlan(), clinicId: "x" });
    expect(extra.statusCode).toBe(400);
    expect(await planCount()).toBe(before);
  });

  it("refuses therapists and patients (403) and strangers (401); clinics make their own plans (memberships-patients.routes.test.ts)", async () => {
    const before = await planCount();
    for (const who of ["therapist", "patient", "otherTherapist"] as const) {
      expect((await send(who, "PUT", "/api/memberships/", validPlan())).statusCode, who).toBe(403);
    }
    expect((await send(null, "PUT", "/api/memberships/", validPlan())).statusCode).toBe(401);
    expect(await planCount()).toBe(before);
  });
});

describe("GET /api/membership/:id", () => {
  it("answers admins any plan, and clinics public or held platform plans only (404 for another's hidden plan)", async () => {
    const open = await makeMembership(t.db);
    const mine = await makeMembership(t.db, { public: false });
    const theirs = await makeMembership(t.db, { public: false });
    await holdMembership(t.db, t.ids.clinic, { membershipId: mine.id });
    for (const plan of [open, mine, theirs]) {
      const response = await send("admin", "GET", `/api/membership/${plan.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().plan).toBe(plan.plan);
    }
    expect((await send("clinic", "GET", `/api/membership/${open.id}`)).statusCode).toBe(200);
    expect((await send("clinic", "GET", `/api/membership/${mine.id}`)).statusCode).toBe(200);
    expect((await send("clinic", "GET", `/api/membership/${theirs.id}`)).statusCode).toBe(404);
    expect((await send("otherClinic", "GET", `/api/membership/${mine.id}`)).statusCode).toBe(404);
    expect((await send("therapist", "GET", `/api/membership/${open.id}`)).statusCode).toBe(403);
    // A patient reads only plans it holds and its clinic's own public ones.
    expect((await send("patient", "GET", `/api/membership/${open.id}`)).statusCode).toBe(404);
    expect((await send(null, "GET", `/api/membership/${open.id}`)).statusCode).toBe(401);
    expect((await send("admin", "GET", "/api/membership/999999")).statusCode).toBe(404);
    expect((await send("admin", "GET", "/api/membership/abc")).statusCode).toBe(400);
    expect((await send("admin", "GET", "/api/membership/99999999999")).statusCode).toBe(400);
  });
});

describe("POST /api/membership/:id (update)", () => {
  it("lets an admin change every field", async () => {
    const plan = await makeMembership(t.db);
    const input = { ...validPlan(), value: "0.01", months: 6, nUsers: 0, public: false };
    const response = await send("admin", "POST", `/api/membership/${plan.id}`, input);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: plan.id, plan: input.plan, value: "0.01", months: 6, nUsers: 0, public: false });
    expect(await planRow(plan.id)).toMatchObject({ plan: input.plan, description: input.description, value: "0.01", nPatients: 40 });
  });

  it("refuses bad input whole and changes nothing", async () => {
    const plan = await makeMembership(t.db);
    const response = await send("admin", "POST", `/api/membership/${plan.id}`, { ...validPlan(), plan: "Changed", valuePatient: "1.234", months: 5 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(["months", "valuePatient"]);
    expect(await planRow(plan.id)).toEqual(plan);
  });

  it("answers 404 for an unknown plan, and 403 on a platform plan to everyone but admins", async () => {
    expect((await send("admin", "POST", "/api/membership/999999", validPlan())).statusCode).toBe(404);
    const plan = await makeMembership(t.db);
    for (const who of ["clinic", "therapist", "patient"] as const) {
      expect((await send(who, "POST", `/api/membership/${plan.id}`, validPlan())).statusCode, who).toBe(403);
    }
    expect((await send(null, "POST", `/api/membership/${plan.id}`, validPlan())).statusCode).toBe(401);
    expect(await planRow(plan.id)).toEqual(plan);
  });
});

describe("DELETE /api/membership/:id", () => {
  it("deletes a plan no clinic holds", async () => {
    const plan = await makeMembership(t.db);
    const response = await send("admin", "DELETE", `/api/membership/${plan.id}`);
    expect(response.statusCode).toBe(204);
    expect(await planRow(plan.id)).toBeUndefined();
    expect((await send("admin", "DELETE", `/api/membership/${plan.id}`)).statusCode).toBe(404);
  });

  it("answers 409 with a clear message while a clinic holds the plan, even for a past period", async () => {
    const seeded = (await t.db.select().from(memberships).where(eq(memberships.plan, "Clinic")))[0];
    const held = await send("admin", "DELETE", `/api/membership/${seeded?.id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().detail).toMatch(/^The plan "Clinic" cannot be deleted: 1 clinic holds it \(1 period/);
    expect(await planRow(seeded?.id as number)).toBeDefined();

    const past = await makeMembership(t.db);
    await holdMembership(t.db, other.clinic.id, { membershipId: past.id, fromDate: day(-60), toDate: day(-31) });
    await holdMembership(t.db, t.ids.clinic, { membershipId: past.id, fromDate: day(-30), toDate: day(-1) });
    const response = await send("admin", "DELETE", `/api/membership/${past.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toContain("2 clinics hold it (2 periods, past ones included)");
    expect(await planRow(past.id)).toBeDefined();
  });

  it("is for admins only on a platform plan", async () => {
    const plan = await makeMembership(t.db);
    for (const who of ["clinic", "therapist", "patient"] as const) {
      expect((await send(who, "DELETE", `/api/membership/${plan.id}`)).statusCode, who).toBe(403);
    }
    expect((await send(null, "DELETE", `/api/membership/${plan.id}`)).statusCode).toBe(401);
    expect(await planRow(plan.id)).toBeDefined();
  });
});

describe("POST /api/patients-memberships/:id (assign to a clinic)", () => {
  it("lets an admin assign a plan to a clinic for a period", async () => {
    const plan = await makeMembership(t.db);
    const input = { membershipId: plan.id, from_date: day(-1), to_date: day(30) };
    const response = await send("admin", "POST", `/api/patients-memberships/${other.clinic.id}`, input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      membershipId: plan.id,
      plan: plan.plan,
      clinic: { id: other.clinic.id, email: other.clinic.email },
      from_date: input.from_date,
      to_date: input.to_date,
      active: true,
      current: true,
    });
    const [row] = await t.db.select().from(assignedMemberships).where(eq(assignedMemberships.id, body.id));
    expect(row).toMatchObject({ userId: other.clinic.id, membershipId: plan.id, fromDate: input.from_date, toDate: input.to_date, assignedBy: t.ids.admin });
  });

  it("accepts a one-day period and refuses one ending before it starts, on to_date, writing nothing", async () => {
    const plan = await makeMembership(t.db);
    const oneDay = await send("admin", "POST", `/api/patients-memberships/${other.clinic.id}`, { membershipId: plan.id, from_date: day(5), to_date: day(5) });
    expect(oneDay.statusCode).toBe(201);
    expect(oneDay.json()).toMatchObject({ active: false, current: false });
    const before = await assignmentCount();
    const response = await send("admin", "POST", `/api/patients-memberships/${other.clinic.id}`, { membershipId: plan.id, from_date: day(5), to_date: day(4) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ to_date: ["Must be on or after the start date."] });
    expect(await assignmentCount()).toBe(before);
  });

  it.each([
    [{ from_date: "2026-02-30" }, "from_date"],
    [{ to_date: "30/12/2026" }, "to_date"],
    [{ from_date: undefined }, "from_date"],
    [{ membershipId: "x" }, "membershipId"],
    [{ membershipId: 0 }, "membershipId"],
  ])("refuses %j with a 400 on %s", async (change, field) => {
    const plan = await makeMembership(t.db);
    const before = await assignmentCount();
    const input = { membershipId: plan.id, from_date: day(0), to_date: day(10), ...change };
    const response = await send("admin", "POST", `/api/patients-memberships/${other.clinic.id}`, input);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await assignmentCount()).toBe(before);
  });

  it("refuses an unknown plan (400), a user who is neither clinic nor patient (400), a platform plan for a patient (400) and an unknown user (404)", async () => {
    const plan = await makeMembership(t.db);
    const before = await assignmentCount();
    const input = { membershipId: plan.id, from_date: day(0), to_date: day(10) };
    const unknownPlan = await send("admin", "POST", `/api/patients-memberships/${other.clinic.id}`, { ...input, membershipId: 999999 });
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.json()).toEqual({ membershipId: ["Unknown membership."] });
    for (const user of [t.ids.therapist, t.ids.admin]) {
      const response = await send("admin", "POST", `/api/patients-memberships/${user}`, input);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain("Only a clinic or a patient of a clinic can hold a membership");
    }
    const toPatient = await send("admin", "POST", `/api/patients-memberships/${t.ids.patient}`, input);
    expect(toPatient.statusCode).toBe(400);
    expect(toPatient.json()).toEqual({ membershipId: ["Choose one of the patient's clinic's own plans."] });
    expect((await send("admin", "POST", "/api/patients-memberships/00000000-0000-4000-8000-000000000000", input)).statusCode).toBe(404);
    expect(await assignmentCount()).toBe(before);
  });

  it("is for admins only: a clinic cannot give itself a plan", async () => {
    const plan = await makeMembership(t.db);
    const before = await assignmentCount();
    const input = { membershipId: plan.id, from_date: day(0), to_date: day(10) };
    for (const who of ["clinic", "therapist", "patient"] as const) {
      expect((await send(who, "POST", `/api/patients-memberships/${t.ids.clinic}`, input)).statusCode, who).toBe(403);
    }
    expect((await send(null, "POST", `/api/patients-memberships/${t.ids.clinic}`, input)).statusCode).toBe(401);
    expect(await assignmentCount()).toBe(before);
  });
});

describe("GET /api/assignMemberships/", () => {
  it("shows admins every clinic's periods, latest started first, each active today or not", async () => {
    const surname = uniqueSuffix();
    const clinic = await makeClinicAccount(t.db, { nombres: "Assign", apellidos: surname });
    const plan = await makeMembership(t.db);
    const past = await holdMembership(t.db, clinic.id, { membershipId: plan.id, fromDate: day(-60), toDate: day(-1) });
    const older = await holdMembership(t.db, clinic.id, { membershipId: plan.id, fromDate: day(-10), toDate: day(20) });
    const newer = await holdMembership(t.db, clinic.id, { membershipId: plan.id, fromDate: day(0), toDate: day(5) });
    const future = await holdMembership(t.db, clinic.id, { membershipId: plan.id, fromDate: day(10), toDate: day(40) });
    const response = await send("admin", "GET", `/api/assignMemberships/?clinic=${clinic.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(4);
    expect(idsOf(response)).toEqual([future.id, newer.id, older.id, past.id]);
    const flags = body.data.map((row: { active: boolean; current: boolean }) => [row.active, row.current]);
    // Two periods hold today; the seats come from the latest started (seats.ts).
    expect(flags).toEqual([
      [false, false],
      [true, true],
      [true, false],
      [false, false],
    ]);
    expect(body.data[1]).toMatchObject({
      membershipId: plan.id,
      plan: plan.plan,
      clinic: { id: clinic.id, name: `Assign ${surname}`, email: clinic.email },
      from_date: day(0),
      to_date: day(5),
    });
    const active = await send("admin", "GET", `/api/assignMemberships/?clinic=${clinic.id}&active=true`);
    expect(idsOf(active)).toEqual([newer.id, older.id]);
    const inactive = await send("admin", "GET", `/api/assignMemberships/?clinic=${clinic.id}&active=false`);
    expect(idsOf(inactive)).toEqual([future.id, past.id]);
  });

  it("pages and searches by clinic or plan name", async () => {
    const token = uniqueSuffix();
    const clinic = await makeClinicAccount(t.db, { nombres: `Clinic ${token}` });
    const plan = await makeMembership(t.db, { plan: `Plan ${token}` });
    for (let n = 0; n < 3; n += 1) await holdMembership(t.db, clinic.id, { membershipId: plan.id, fromDate: day(n), toDate: day(n + 1) });
    await holdMembership(t.db, other.clinic.id, { membershipId: plan.id });
    const byClinic = await send("admin", "GET", `/api/assignMemberships/?q=${encodeURIComponent(`Clinic ${token}`)}&rowsPerPage=2`);
    expect(byClinic.json()).toMatchObject({ page: 1, total: 3 });
    expect(idsOf(byClinic)).toHaveLength(2);
    const second = await send("admin", "GET", `/api/assignMemberships/?q=${encodeURIComponent(`Clinic ${token}`)}&rowsPerPage=2&page=2`);
    expect(second.json()).toMatchObject({ page: 2, total: 3 });
    expect(idsOf(second)).toHaveLength(1);
    expect(new Set([...idsOf(byClinic), ...idsOf(second)]).size).toBe(3);
    const byPlan = await send("admin", "GET", `/api/assignMemberships/?q=${token}`);
    expect(byPlan.json().total).toBe(4);
  });

  it("shows a clinic only its own periods, whatever it filters by", async () => {
    await holdMembership(t.db, other.clinic.id);
    const own = await send("clinic", "GET", "/api/assignMemberships/?rowsPerPage=100");
    expect(own.statusCode).toBe(200);
    const clinics = new Set(own.json().data.map((row: { clinic: { id: string } }) => row.clinic.id));
    expect([...clinics]).toEqual([t.ids.clinic]);
    const peeking = await send("clinic", "GET", `/api/assignMemberships/?clinic=${other.clinic.id}`);
    expect(peeking.json()).toEqual({ data: [], page: 1, total: 0 });
    const seeded = own.json().data.find((row: { plan: string }) => row.plan === "Clinic");
    expect(seeded).toMatchObject({ from_date: today(), active: true });
  });
});

describe("PATCH and DELETE /api/assignMemberships/:id", () => {
  it("lets an admin end a period early, not before it starts", async () => {
    const held = await holdMembership(t.db, other.clinic.id, { fromDate: day(-5), toDate: day(30) });
    const ended = await send("admin", "PATCH", `/api/assignMemberships/${held.id}`, { to_date: day(-1) });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ id: held.id, to_date: day(-1), active: false });
    const tooEarly = await send("admin", "PATCH", `/api/assignMemberships/${held.id}`, { to_date: day(-6) });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json()).toEqual({ to_date: [`Must be on or after the start date (${day(-5)}).`] });
    expect((await send("admin", "PATCH", `/api/assignMemberships/${held.id}`, { to_date: "tomorrow" })).statusCode).toBe(400);
    expect((await send("admin", "PATCH", "/api/assignMemberships/999999", { to_date: day(1) })).statusCode).toBe(404);
    const [row] = await t.db.select().from(assignedMemberships).where(eq(assignedMemberships.id, held.id));
    expect(row?.toDate).toBe(day(-1));
  });

  it("lets an admin remove a clinic's period; nobody else, the clinic itself included", async () => {
    const held = await holdMembership(t.db, t.ids.clinic, { fromDate: day(-400), toDate: day(-380) });
    for (const who of ["clinic", "therapist", "patient"] as const) {
      expect((await send(who, "DELETE", `/api/assignMemberships/${held.id}`)).statusCode, who).toBe(403);
      expect((await send(who, "PATCH", `/api/assignMemberships/${held.id}`, { to_date: day(1) })).statusCode, who).toBe(403);
    }
    expect((await send(null, "DELETE", `/api/assignMemberships/${held.id}`)).statusCode).toBe(401);
    expect((await send("admin", "DELETE", `/api/assignMemberships/${held.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(assignedMemberships).where(eq(assignedMemberships.id, held.id))).toEqual([]);
    expect((await send("admin", "DELETE", `/api/assignMemberships/${held.id}`)).statusCode).toBe(404);
  });
});

describe("GET /api/membership-seats/", () => {
  it("shows a clinic what it holds today and the seats it uses", async () => {
    const response = await send("clinic", "GET", "/api/membership-seats/");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      clinic: { id: t.ids.clinic, name: "Clínica Vestibular Norte" },
      membership: { plan: "Clinic", months: 1 },
      assignment: { from_date: today() },
      therapists: { used: 1, limit: 5 },
      patients: { used: 2, limit: 100 },
    });
    // A clinic asking for another clinic learns nothing.
    expect((await send("clinic", "GET", `/api/membership-seats/?clinic=${other.clinic.id}`)).statusCode).toBe(404);
    expect((await send("clinic", "GET", `/api/membership-seats/?clinic=${t.ids.clinic}`)).statusCode).toBe(200);
  });

  it("lets an admin look at any clinic, with no limits when it holds nothing today", async () => {
    const clinic = await makeClinicAccount(t.db);
    await holdMembership(t.db, clinic.id, { fromDate: day(-30), toDate: day(-1) });
    const response = await send("admin", "GET", `/api/membership-seats/?clinic=${clinic.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ membership: null, assignment: null, therapists: { used: 0, limit: null }, patients: { used: 0, limit: null } });
    expect((await send("admin", "GET", "/api/membership-seats/")).json()).toEqual({ clinic: ["Choose a clinic."] });
    expect((await send("admin", "GET", `/api/membership-seats/?clinic=${t.ids.therapist}`)).statusCode).toBe(404);
  });

  it("follows the latest started of overlapping periods", async () => {
    const clinic = await makeClinicAccount(t.db);
    const small = await makeMembership(t.db, { nUsers: 1, nPatients: 2 });
    const large = await makeMembership(t.db, { nUsers: 9, nPatients: 90 });
    await holdMembership(t.db, clinic.id, { membershipId: small.id, fromDate: day(-30), toDate: day(30) });
    await holdMembership(t.db, clinic.id, { membershipId: large.id, fromDate: day(-2), toDate: day(2) });
    const response = await send("admin", "GET", `/api/membership-seats/?clinic=${clinic.id}`);
    expect(response.json()).toMatchObject({ membership: { id: large.id }, therapists: { limit: 9 }, patients: { limit: 90 } });
  });
});

describe("the clinic module switched off", () => {
  it("answers 404 on every membership call", async () => {
    await t.app.flags.set("clinic", false, t.ids.admin);
    try {
      const calls: [Method, string][] = [
        ["GET", "/api/memberships/"],
        ["PUT", "/api/memberships/"],
        ["GET", "/api/membership/1"],
        ["POST", "/api/membership/1"],
        ["DELETE", "/api/membership/1"],
        ["GET", "/api/assignMemberships/"],
        ["POST", `/api/patients-memberships/${t.ids.clinic}`],
        ["PATCH", "/api/assignMemberships/1"],
        ["DELETE", "/api/assignMemberships/1"],
        ["GET", "/api/membership-seats/"],
      ];
      for (const [method, url] of calls)
        expect((await send("admin", method, url, method === "GET" || method === "DELETE" ? undefined : {})).statusCode, url).toBe(404);
    } finally {
      await t.app.flags.set("clinic", true, t.ids.admin);
    }
  });
});
