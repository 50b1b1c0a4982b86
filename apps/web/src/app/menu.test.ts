import { DEFAULT_GROUP_PERMISSIONS, FEATURE_FLAGS, PERMISSIONS, ROUTES_BY_ID, type SessionState } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { menuFor } from "./menu.ts";

function session(overrides: {
  isAdmin?: boolean;
  groups?: number[];
  codenames?: string[];
  flags?: Record<string, boolean>;
  activated?: boolean;
}): SessionState {
  const codenames = overrides.codenames ?? [];
  const flags = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, flag === "clinic"]));
  return {
    userId: "u",
    isAuthenticated: true,
    isAdmin: overrides.isAdmin ?? false,
    userData: {
      id: "u",
      email: "u@example.com",
      nombres: "U",
      apellidos: "Ser",
      identification: "",
      language: "en",
      isAdmin: overrides.isAdmin ?? false,
      is_active: true,
      groups: overrides.groups ?? [],
      permissions: codenames,
      twoFactorEnabled: false,
      clinicId: null,
    },
    permission: { is_patient: codenames.includes("is_patient"), codenames },
    orderData: { isActivated: overrides.activated ?? true, endsOn: null, graceUntil: null, trial: false },
    flags: { ...flags, ...overrides.flags },
  };
}

const ids = (s: SessionState) => menuFor(s).flatMap((section) => section.routes.map((route) => route.id));

describe("side menu", () => {
  it("gives each role its spec §2 menu, limited to built screens", () => {
    // Grouped by section (home, management, clinic, settings, apps); /user/admin and the global messages app come from the module menu.
    expect(ids(session({ isAdmin: true }))).toEqual([
      "dashboard",
      "users",
      "memberships",
      "getMembership",
      "paymentHistory",
      "activities",
      "recommendations",
      "assign",
      "appointments",
      "forms",
      "statistics",
      "groups",
      "message",
      "flags",
      "notifications",
      "config",
      "test",
      "audit",
      "userAdmin",
      "globalMessages",
    ]);
    // Clinics: the admin menu plus their patients and nutrition plans.
    expect(ids(session({ groups: [2], codenames: [...DEFAULT_GROUP_PERMISSIONS[2]] }))).toEqual([
      "dashboard",
      "users",
      "patients",
      "memberships",
      "getMembership",
      "paymentHistory",
      "activities",
      "recommendations",
      "assign",
      "nutritionPlans",
      "appointments",
      "schedule",
      "forms",
      "statistics",
      "message",
      "notifications",
      "config",
      "audit",
    ]);
    expect(ids(session({ groups: [3], codenames: [...DEFAULT_GROUP_PERMISSIONS[3]] }))).toEqual([
      "dashboard",
      "users",
      "patients",
      "activities",
      "recommendations",
      "statistics",
      "nutritionPlans",
      "appointments",
      "schedule",
      "forms",
      "message",
      "notifications",
      "config",
    ]);
    expect(ids(session({ groups: [1], codenames: [...DEFAULT_GROUP_PERMISSIONS[1]] }))).toEqual([
      "patientHome",
      "activities",
      "recommendations",
      "appointments",
      "forms",
      "notifications",
      "config",
    ]);
    // A clinic whose membership lapsed keeps what it needs to renew, and loses the care pages.
    expect(ids(session({ groups: [2], codenames: [...DEFAULT_GROUP_PERMISSIONS[2]], activated: false }))).toEqual([
      "dashboard",
      "users",
      "patients",
      "memberships",
      "getMembership",
      "paymentHistory",
      "message",
      "notifications",
      "config",
      "audit",
    ]);
    // Without a permission for it, the route is not listed.
    expect(ids(session({ groups: [3], codenames: ["view_user"] }))).toEqual(["dashboard", "users", "patients", "notifications", "config"]);
  });

  it("drops a switched-off module's routes, for admins too; the platform's system check and audit trail stay (issue 33)", () => {
    expect(ids(session({ isAdmin: true, flags: { clinic: false } }))).toEqual([
      "flags",
      "notifications",
      "config",
      "test",
      "audit",
      "userAdmin",
      "globalMessages",
    ]);
  });

  it("never lists a route marked not built, even with every module switched on", () => {
    const allOn = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true]));
    const everything = PERMISSIONS.filter((codename) => codename !== "is_patient");
    for (const s of [session({ isAdmin: true, flags: allOn }), session({ groups: [2], codenames: everything, flags: allOn })]) {
      const listed = ids(s);
      expect(listed.length).toBeGreaterThan(5);
      expect(listed.filter((id) => ROUTES_BY_ID.get(id)?.notBuilt)).toEqual([]);
    }
  });

  it("groups routes by section in menu order", () => {
    expect(menuFor(session({ isAdmin: true })).map((section) => section.section)).toEqual(["home", "management", "clinic", "settings", "apps"]);
  });
});
