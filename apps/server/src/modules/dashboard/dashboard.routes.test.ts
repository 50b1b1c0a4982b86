import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import {
  assignActivity,
  holdMembership,
  type MadeUser,
  makeActivity,
  makeClinic,
  makeMembership,
  makePatient,
  makeTherapist,
} from "../../../test/factories.ts";
import { today } from "../clinic/memberships/seats.ts";
import { addDays } from "./dashboard.service.ts";

let t: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ["admin", "clinic", "therapist", "patient"] as const) cookies[role] = await t.loginAs(role);
});
afterAll(async () => t?.close());

const summary = (cookie: string | null, query = "") =>
  t.app.inject({ method: "GET", url: `/api/dashboard/summary${query}`, headers: cookie ? { cookie } : {} });
const day = (offset: number) => addDays(today(), offset);
const names = (rows: { nombres: string; apellidos: string }[]) => rows.map((row) => `${row.nombres} ${row.apellidos}`);

describe("addDays", () => {
  it("moves across months and years", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2026-01-10", -3)).toBe("2026-01-07");
  });
});

// The order matters: the first test reads the demo data exactly, the later ones add to it.
describe("GET /api/dashboard/summary", () => {
  it("counts for an admin the demo's clinics, therapists, patients and memberships held today", async () => {
    const response = await summary(cookies.admin as string);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ role: "admin", clinics: 1, therapists: 1, patients: 2, activeMemberships: 1 });
  });

  it("counts new clinics and held memberships, and leaves out inactive accounts and periods not holding today", async () => {
    const other = await makeClinic(t.db);
    await makePatient(t.db, other.clinic.id, [], { isActive: false });
    const plan = await makeMembership(t.db);
    await holdMembership(t.db, other.clinic.id, { membershipId: plan.id, fromDate: day(0), toDate: day(0) });
    await holdMembership(t.db, other.clinic.id, { membershipId: plan.id, fromDate: day(-60), toDate: day(-1) });
    await holdMembership(t.db, other.clinic.id, { membershipId: plan.id, fromDate: day(1), toDate: day(90) });
    const response = await summary(cookies.admin as string);
    expect(response.json()).toEqual({ role: "admin", clinics: 2, therapists: 2, patients: 3, activeMemberships: 2 });
  });

  it("shows a clinic its seats in use and the membership it holds today", async () => {
    const response = await summary(cookies.clinic as string);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ role: "clinic", therapists: 1, patients: 2, membership: { plan: "Clinic" } });
    expect(body.membership.fromDate <= today() && today() <= body.membership.toDate).toBe(true);
    expect(body.membership.nUsers).toBeGreaterThan(0);
    expect(body.today).toEqual({ date: today(), done: 0, total: 0, patients: [] });
  });

  it("shows a clinic without a membership none", async () => {
    const other = await makeClinic(t.db);
    const cookie = await t.login(other.clinic.email, other.clinic.password);
    const body = (await summary(cookie)).json();
    expect(body).toMatchObject({ role: "clinic", therapists: 1, patients: 1, membership: null });
  });

  it("refuses patients (403) and the signed-out (401), and answers 400 for a bad window", async () => {
    expect((await summary(cookies.patient as string)).statusCode).toBe(403);
    expect((await summary(null)).statusCode).toBe(401);
    for (const query of ["?days=0", "?days=61", "?days=x"]) {
      const response = await summary(cookies.therapist as string, query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json())).toContain("days");
    }
  });

  describe("a therapist's home", () => {
    let therapist: MadeUser;
    let cookie: string;
    const patients = {} as Record<"ana" | "bea" | "carl" | "dora" | "eli" | "fay" | "gus", MadeUser>;

    /**
     * A therapist of the demo clinic with patients of their own:
     * ana: 2 today (none done), missed one yesterday and one 3 days ago, did one 10 days ago;
     * bea: missed one yesterday but did today's (cleared);
     * carl: missed one 2 days ago and never did any (first under adherence);
     * dora: missed one 5 days ago only (outside the default window);
     * eli: inactive assignments only (nothing counts);
     * fay: an inactive account with missed activities (left out);
     * gus: missed one yesterday, did one 2 days ago (on track in 3 days, not in 1).
     * The demo patient Pablo (the demo therapist's) has activities too, which never show here.
     */
    beforeAll(async () => {
      therapist = await makeTherapist(t.db, t.ids.clinic);
      cookie = await t.login(therapist.email, therapist.password);
      for (const [key, surname] of [
        ["ana", "Alvarez"],
        ["bea", "Blanco"],
        ["carl", "Castro"],
        ["dora", "Duarte"],
        ["eli", "Estevez"],
        ["fay", "Fuentes"],
        ["gus", "Gil"],
      ] as const) {
        patients[key] = await makePatient(t.db, t.ids.clinic, [therapist.id], { nombres: key, apellidos: surname });
      }
      await t.db.update(users).set({ isActive: false }).where(eq(users.id, patients.fay.id));
      const { id: activityId } = await makeActivity(t.db, { clinicId: t.ids.clinic });
      const assign = (patientId: string, offset: number, done = false, activate = true) =>
        assignActivity(t.db, { activityId, patientId, date: day(offset), done, activate });
      await assign(patients.ana.id, 0);
      await assign(patients.ana.id, 0);
      await assign(patients.ana.id, -1);
      await assign(patients.ana.id, -3);
      await assign(patients.ana.id, -10, true);
      await assign(patients.bea.id, 0, true);
      await assign(patients.bea.id, -1);
      await assign(patients.carl.id, -2);
      await assign(patients.dora.id, -5);
      await assign(patients.eli.id, -1, false, false);
      await assign(patients.eli.id, 0, false, false);
      await assign(patients.fay.id, -1);
      await assign(patients.fay.id, 0);
      await assign(patients.gus.id, -1);
      await assign(patients.gus.id, -2, true);
      await assign(t.ids.patient, -1);
      await assign(t.ids.patient, 0);
    });

    it("counts their active patients and today's active assignments, unfinished patients first", async () => {
      const response = await summary(cookie);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.role).toBe("therapist");
      expect(body.patients).toBe(6);
      expect(body.today).toMatchObject({ date: today(), done: 1, total: 3 });
      expect(body.today.patients).toEqual([
        { id: patients.ana.id, nombres: "ana", apellidos: "Alvarez", done: 0, total: 2 },
        { id: patients.bea.id, nombres: "bea", apellidos: "Blanco", done: 1, total: 1 },
      ]);
    });

    it("lists under adherence the patients with nothing done in the last 3 days, longest without activity first", async () => {
      const body = (await summary(cookie)).json();
      expect(body.adherence).toEqual({
        days: 3,
        from: day(-3),
        to: day(-1),
        patients: [
          { id: patients.carl.id, nombres: "carl", apellidos: "Castro", missed: 1, lastDone: null },
          { id: patients.ana.id, nombres: "ana", apellidos: "Alvarez", missed: 2, lastDone: day(-10) },
        ],
      });
    });

    it("narrows or widens the window with days", async () => {
      const wide = (await summary(cookie, "?days=7")).json();
      expect(wide.adherence.from).toBe(day(-7));
      expect(names(wide.adherence.patients)).toEqual(["carl Castro", "dora Duarte", "ana Alvarez"]);
      const narrow = (await summary(cookie, "?days=1")).json();
      expect(narrow.adherence.patients).toEqual([
        { id: patients.ana.id, nombres: "ana", apellidos: "Alvarez", missed: 1, lastDone: day(-10) },
        { id: patients.gus.id, nombres: "gus", apellidos: "Gil", missed: 1, lastDone: day(-2) },
      ]);
    });

    it("never shows another therapist's patients, while their clinic sees them all", async () => {
      const demo = (await summary(cookies.therapist as string)).json();
      expect(demo.patients).toBe(2);
      expect(demo.today).toMatchObject({ done: 0, total: 1 });
      expect(demo.today.patients.map((row: { id: string }) => row.id)).toEqual([t.ids.patient]);
      expect(demo.adherence.patients.map((row: { id: string }) => row.id)).toEqual([t.ids.patient]);

      const clinic = (await summary(cookies.clinic as string)).json();
      expect(clinic).toMatchObject({ therapists: 2, patients: 8 });
      expect(clinic.today).toMatchObject({ done: 1, total: 4 });
      expect(clinic.adherence.patients.map((row: { id: string }) => row.id).sort()).toEqual([patients.ana.id, patients.carl.id, t.ids.patient].sort());
    });
  });
});
