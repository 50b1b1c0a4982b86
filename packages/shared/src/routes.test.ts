import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUILT_MODULES, FEATURE_FLAGS, type FeatureFlag, type FeatureFlags, isModuleBuilt } from "./flags.ts";
import { GROUP, homePathOf, roleOf } from "./groups.ts";
import {
  DEFAULT_GROUP_PERMISSIONS,
  isPermissionAvailable,
  PERMISSIONS,
  PERMISSIONS_BY_MODULE,
  type Permission,
  UNAVAILABLE_PERMISSIONS,
} from "./permissions.ts";
import { isRouteVisible, MENUS, MODULE_MENU, ROUTES, ROUTES_BY_ID, type RouteEntry, routeById, type VisibilityContext } from "./routes.ts";

/**
 * The visibility rule of spec §6, written out plainly and apart from the implementation:
 *  - "a route is hidden when its module flag is off" (for everyone, administrators included);
 *  - "Administrators see all routes";
 *  - "Other users see a route only if authenticated and holding at least one of the route's
 *    listed permissions" (a route that lists none asks only for a signed-in user);
 *  - "Some routes also need user validations: isAdmin, an active user, or an activated order";
 *  - "Routes with excluded permissions are hidden from anyone holding is_patient".
 */
function specSaysVisible(route: RouteEntry, context: VisibilityContext): boolean {
  const moduleOff = route.modules.some((module) => context.flags[module] !== true);
  if (moduleOff) return false;
  if (route.public === true) return true;
  const user = context.user;
  if (user === null) return false;
  if (user.isAdmin) return true;

  const holds = (codename: string) => user.permissions.includes(codename);
  const validations = new Set(route.userValidations);
  if (validations.has("isAdmin")) return false;
  if (validations.has("activeUser") && !user.isActive) return false;
  if (validations.has("activatedOrder") && !user.orderActivated) return false;

  const hasExclusions = route.excludedPermissions.length > 0;
  if (hasExclusions && holds("is_patient")) return false;

  if (route.permissions.length === 0) return true;
  let holdsOne = false;
  for (const codename of route.permissions) if (holds(codename)) holdsOne = true;
  return holdsOne;
}

function subsets<T>(items: readonly T[]): T[][] {
  const result: T[][] = [[]];
  for (const item of items) {
    const count = result.length;
    for (let i = 0; i < count; i++) result.push([...result[i], item]);
  }
  return result;
}

/** A permission the route neither asks for nor excludes: holding it must change nothing. */
function unrelatedPermission(route: RouteEntry): Permission {
  const found = PERMISSIONS.find(
    (codename) => codename !== "is_patient" && !route.permissions.includes(codename) && !route.excludedPermissions.includes(codename),
  );
  if (!found) throw new Error("no unrelated permission");
  return found;
}

/**
 * Flag sets: every on/off combination of the route's own modules, with every other module
 * either all on, all off, or missing from the object.
 */
function flagVariants(route: RouteEntry): Partial<FeatureFlags>[] {
  const others = FEATURE_FLAGS.filter((flag) => !route.modules.includes(flag));
  const variants: Partial<FeatureFlags>[] = [];
  for (const on of subsets(route.modules)) {
    for (const rest of ["on", "off", "missing"] as const) {
      const flags: Partial<FeatureFlags> = {};
      for (const module of route.modules) flags[module] = on.includes(module);
      if (rest !== "missing") for (const flag of others) flags[flag] = rest === "on";
      variants.push(flags);
    }
  }
  return variants;
}

function* contextsFor(route: RouteEntry): Generator<VisibilityContext> {
  // The route's own permissions, is_patient (the excluded permission of spec §6) and an unrelated one.
  const relevant = [...new Set<Permission>([...route.permissions, ...route.excludedPermissions, "is_patient", unrelatedPermission(route)])];
  for (const flags of flagVariants(route)) {
    yield { user: null, flags };
    for (const isAdmin of [false, true]) {
      for (const isActive of [false, true]) {
        for (const orderActivated of [false, true]) {
          for (const permissions of subsets(relevant)) {
            yield { user: { isAdmin, isActive, orderActivated, permissions }, flags };
          }
        }
      }
    }
  }
}

describe("isRouteVisible against spec §6", () => {
  it.each(ROUTES.map((route) => [route.id, route] as const))("%s: every combination agrees with the spec", (_id, route) => {
    const mismatches: string[] = [];
    let checked = 0;
    let visible = 0;
    for (const context of contextsFor(route)) {
      checked += 1;
      const expected = specSaysVisible(route, context);
      if (expected) visible += 1;
      if (isRouteVisible(route, context) !== expected) mismatches.push(JSON.stringify(context));
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    // Every route is seen by someone and hidden from someone: the combinations reach both sides.
    expect(visible).toBeGreaterThan(0);
    expect(visible).toBeLessThan(checked);
  });

  it("agrees with the spec on random users and flag sets", () => {
    const flagValue = fc.constantFrom(true, false, undefined);
    const flagsArb = fc.record(Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, flagValue])) as Record<FeatureFlag, fc.Arbitrary<boolean | undefined>>);
    const userArb = fc.option(
      fc.record({
        isAdmin: fc.boolean(),
        isActive: fc.boolean(),
        orderActivated: fc.boolean(),
        permissions: fc.subarray([...PERMISSIONS]),
      }),
      { nil: null },
    );
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES), userArb, flagsArb, (route, user, rawFlags) => {
        const flags = Object.fromEntries(Object.entries(rawFlags).filter(([, value]) => value !== undefined)) as Partial<FeatureFlags>;
        const context = { user, flags };
        expect(isRouteVisible(route, context)).toBe(specSaysVisible(route, context));
      }),
      { numRuns: 2000 },
    );
  });

  it("agrees with the spec on routes of any shape, not only the registry's", () => {
    // In the registry activeUser only appears beside isAdmin; synthetic routes exercise every rule alone.
    const someOf = <T>(items: readonly T[]) => fc.subarray([...items], { maxLength: 4 });
    const routeArb = fc.record({
      modules: fc.subarray([...FEATURE_FLAGS], { maxLength: 2 }),
      permissions: someOf(PERMISSIONS),
      excludedPermissions: fc.constantFrom<Permission[]>([], ["is_patient"]),
      userValidations: fc.subarray(["isAdmin", "activeUser", "activatedOrder"] as const),
      public: fc.boolean(),
    });
    const contextArb = fc.record({
      user: fc.option(fc.record({ isAdmin: fc.boolean(), isActive: fc.boolean(), orderActivated: fc.boolean(), permissions: someOf(PERMISSIONS) }), {
        nil: null,
      }),
      flags: fc.dictionary(fc.constantFrom(...FEATURE_FLAGS), fc.boolean()),
    });
    fc.assert(
      fc.property(routeArb, contextArb, (shape, context) => {
        const route: RouteEntry = { id: "synthetic", path: "/synthetic", title: { en: "S", es: "S" }, navigation: true, section: "apps", ...shape };
        expect(isRouteVisible(route, context)).toBe(specSaysVisible(route, context));
      }),
      { numRuns: 5000 },
    );
  });

  it("hides a route needing an active user from an inactive non-admin", () => {
    const route: RouteEntry = { ...routeById("config"), userValidations: ["activeUser"] };
    const user = { isAdmin: false, isActive: false, orderActivated: true, permissions: [] };
    expect(isRouteVisible(route, { user, flags: {} })).toBe(false);
    expect(isRouteVisible(route, { user: { ...user, isActive: true }, flags: {} })).toBe(true);
  });

  it("hides a module's route from an administrator when the module is off", () => {
    const admin = { isAdmin: true, isActive: true, orderActivated: true, permissions: [...PERMISSIONS] };
    const shop = routeById("shopManager");
    expect(isRouteVisible(shop, { user: admin, flags: { virtual_shop: false } })).toBe(false);
    expect(isRouteVisible(shop, { user: admin, flags: {} })).toBe(false);
    expect(isRouteVisible(shop, { user: admin, flags: { virtual_shop: true } })).toBe(true);
  });

  it("keeps the system check and the audit trail, the platform's own, when the clinic module is off (issue 33)", () => {
    const admin = { isAdmin: true, isActive: true, orderActivated: true, permissions: [] };
    const clinic = { isAdmin: false, isActive: true, orderActivated: true, permissions: [...DEFAULT_GROUP_PERMISSIONS[GROUP.clinic]] };
    const therapist = { isAdmin: false, isActive: true, orderActivated: true, permissions: [...DEFAULT_GROUP_PERMISSIONS[GROUP.therapist]] };
    const patient = { isAdmin: false, isActive: true, orderActivated: true, permissions: [...DEFAULT_GROUP_PERMISSIONS[GROUP.patient]] };
    for (const flags of [{ clinic: false }, { clinic: true }]) {
      expect(isRouteVisible(routeById("test"), { user: admin, flags }), JSON.stringify(flags)).toBe(true);
      expect(isRouteVisible(routeById("test"), { user: clinic, flags })).toBe(false);
      expect(isRouteVisible(routeById("audit"), { user: admin, flags })).toBe(true);
      expect(isRouteVisible(routeById("audit"), { user: clinic, flags })).toBe(true);
      expect(isRouteVisible(routeById("audit"), { user: therapist, flags })).toBe(false);
      expect(isRouteVisible(routeById("audit"), { user: patient, flags })).toBe(false);
    }
  });

  it("hides every route from a visitor who is not signed in", () => {
    const allOn = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])) as FeatureFlags;
    expect(ROUTES.filter((route) => isRouteVisible(route, { user: null, flags: allOn }))).toEqual([]);
  });
});

describe("the route registry", () => {
  it("has unique ids and paths", () => {
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    expect(ROUTES_BY_ID.size).toBe(ROUTES.length);
  });

  it("gives every route a title in English and Spanish", () => {
    for (const route of ROUTES) {
      expect(route.title.en.trim(), route.id).not.toBe("");
      expect(route.title.es.trim(), route.id).not.toBe("");
    }
  });

  it("uses only known permissions, and excludes only is_patient (spec §6)", () => {
    for (const route of ROUTES) {
      for (const codename of [...route.permissions, ...route.excludedPermissions]) expect(PERMISSIONS, route.id).toContain(codename);
      expect(
        route.excludedPermissions.every((codename) => codename === "is_patient"),
        route.id,
      ).toBe(true);
    }
  });

  it("holds every clinic route of spec §2 under /manager/admin/", () => {
    const specPaths = [
      "dashboard",
      "users",
      "activities",
      "activities/:id",
      "recommendations",
      "recommendations/:id",
      "categories",
      "categories/:id",
      "categories/:id/:id",
      "memberships",
      "memberships/:id",
      "getMembership",
      "getMembership/invoice/:id",
      "getMembership/:id",
      "paymentHistory",
      "assign",
      "assign/membership",
      "assign/recommendation",
      "assign/activity",
      "appointments",
      "forms",
      "statistics",
      "statistics/:id",
      "config",
      "patients",
      "schedule",
      "nutritionPlans",
      "message",
      "groups",
      "test",
    ];
    const registered = new Set(ROUTES.map((route) => route.path.replace(/:[A-Za-z]+/g, ":id")));
    for (const specPath of specPaths) expect(registered, specPath).toContain(`/manager/admin/${specPath}`);
  });

  it("holds the module routes of spec §2 with the guards spec §6 names", () => {
    const expectations: [string, string, { modules?: FeatureFlag[]; permissions?: Permission[]; validations?: string[] }][] = [
      ["userProfile", "/user/profile", {}],
      ["userAdmin", "/user/admin", { validations: ["isAdmin"] }],
      ["aiChat", "/ai/app", { modules: ["widget_chat_ai"], validations: ["isAdmin"] }],
      ["globalMessages", "/messages/app", { validations: ["isAdmin", "activeUser"] }],
      ["statisticsApp", "/statistics/app", { modules: ["statistics"], validations: ["isAdmin"] }],
      ["cmsPages", "/cms/pages", { modules: ["navegacion"], permissions: ["view_pagina"] }],
      ["productQuoter", "/product-quoter/app", { modules: ["product_quoter"], permissions: ["view_productquoter"] }],
      ["quoter", "/quoter/app", { modules: ["quoter"], permissions: ["view_quoter"] }],
      ["quoterQuotes", "/quoter/app/quotes", { modules: ["quoter"], permissions: ["view_quoter"] }],
      ["events", "/event/app", { modules: ["event_app"], permissions: ["view_event"] }],
      ["chat", "/chat-whatsapp/app", { modules: ["chat_whatsapp"] }],
      ["shop", "/shop/app/storemanager", { modules: ["virtual_shop"] }],
      ["crm", "/crm/app", { modules: ["crm_manager"] }],
      ["schedule", "/schedule/app/booking", { modules: ["schedule"] }],
    ];
    for (const [label, path, expected] of expectations) {
      const route = ROUTES.find((entry) => entry.path === path);
      expect(route, label).toBeDefined();
      if (!route) continue;
      expect(route.public ?? false, label).toBe(false);
      for (const module of expected.modules ?? []) expect(route.modules, label).toContain(module);
      for (const codename of expected.permissions ?? []) expect(route.permissions, label).toContain(codename);
      for (const validation of expected.validations ?? []) expect(route.userValidations, label).toContain(validation);
    }
  });
});

/**
 * The web app's screen map, read as text: this package does not depend on the web app, and
 * the keys of `SCREEN_LOADERS` are all the test needs ("  activities: () => import(…").
 */
function screenIds(): string[] {
  const text = readFileSync(new URL("../../../apps/web/src/app/screens.tsx", import.meta.url), "utf8");
  const body = text.slice(text.indexOf("export const SCREEN_LOADERS"));
  return [...body.matchAll(/^ {2}(\w+): \(\) =>/gm)].map((match) => match[1] as string);
}

describe("built and not-built routes", () => {
  const screens = screenIds();

  it("reads the screen map", () => {
    expect(screens).toContain("dashboard");
    expect(screens).toContain("appointments");
    expect(screens.length).toBeGreaterThan(20);
  });

  it("gives every route a screen or marks it as not built, never both", () => {
    const unmarked = ROUTES.filter((route) => !screens.includes(route.id) && route.notBuilt !== true).map((route) => route.id);
    const stale = ROUTES.filter((route) => screens.includes(route.id) && route.notBuilt === true).map((route) => route.id);
    expect(unmarked, "routes without a screen: mark them notBuilt").toEqual([]);
    expect(stale, "routes with a screen still marked notBuilt").toEqual([]);
    for (const id of screens) expect(ROUTES_BY_ID.has(id), `screen ${id} has no route`).toBe(true);
  });

  it("marks every route of a module not built yet as not built", () => {
    const unbuilt = FEATURE_FLAGS.filter((flag) => !isModuleBuilt(flag));
    expect(unbuilt).toHaveLength(FEATURE_FLAGS.length - BUILT_MODULES.length);
    for (const route of ROUTES) {
      if (route.modules.some((module) => unbuilt.includes(module))) expect(route.notBuilt, route.id).toBe(true);
    }
  });

  it("holds back the codenames of modules not built, except those a built module uses too", () => {
    expect(UNAVAILABLE_PERMISSIONS).not.toContain("change_store");
    expect(UNAVAILABLE_PERMISSIONS).not.toContain("view_initiative");
    expect(UNAVAILABLE_PERMISSIONS).not.toContain("view_event");
    expect(UNAVAILABLE_PERMISSIONS).not.toContain("view_quoter");
    expect(UNAVAILABLE_PERMISSIONS).not.toContain("view_schedule_dashboard");
    expect(UNAVAILABLE_PERMISSIONS).not.toContain("view_pagina");
    expect(UNAVAILABLE_PERMISSIONS).not.toContain("view_service");
    for (const codename of PERMISSIONS_BY_MODULE.clinic) expect(isPermissionAvailable(codename), codename).toBe(true);
    expect(PERMISSIONS.filter(isPermissionAvailable)).toHaveLength(
      PERMISSIONS_BY_MODULE.clinic.length +
        PERMISSIONS_BY_MODULE.virtual_shop.length +
        PERMISSIONS_BY_MODULE.schedule.length +
        PERMISSIONS_BY_MODULE.crm_manager.length +
        PERMISSIONS_BY_MODULE.event_app.length +
        PERMISSIONS_BY_MODULE.product_quoter.length +
        PERMISSIONS_BY_MODULE.quoter.length +
        PERMISSIONS_BY_MODULE.navegacion.length,
    );
    // The chat modules still to come name no codenames of their own in §6: nothing is held back now.
    expect(UNAVAILABLE_PERMISSIONS).toEqual([]);
  });

  it("keeps the clinic's appointments and schedule screens under the clinic module, the booking app's under its own flag", () => {
    for (const id of ["appointments", "schedule"]) {
      expect(routeById(id).modules, id).toEqual(["clinic"]);
      expect(routeById(id).notBuilt, id).toBeUndefined();
    }
    expect(isModuleBuilt("schedule")).toBe(true);
    expect(routeById("scheduleBooking").modules).toEqual(["schedule"]);
  });

  it("opens the form results to staff who view forms, off the menu and behind the activated order", () => {
    for (const [id, path] of [
      ["formResults", "/manager/admin/forms/results"],
      ["formResult", "/manager/admin/forms/results/:assignmentId"],
    ]) {
      const route = routeById(id);
      expect(route.path, id).toBe(path);
      expect(route.navigation, id).toBe(false);
      expect(route.permissions, id).toEqual(["view_form"]);
      expect(route.excludedPermissions, id).toEqual(["is_patient"]);
      expect(route.userValidations, id).toEqual(["activatedOrder"]);
      expect(route.notBuilt, id).toBeUndefined();
    }
  });
});

describe("menus", () => {
  it("reference only existing routes", () => {
    for (const [menu, ids] of Object.entries(MENUS)) {
      for (const id of ids) expect(ROUTES_BY_ID.has(id), `${menu}: ${id}`).toBe(true);
    }
    for (const id of MODULE_MENU) expect(ROUTES_BY_ID.has(id), id).toBe(true);
  });

  it("list spec §2's menu items in spec order", () => {
    const inOrder = (menu: readonly string[], expected: string[]) => {
      const positions = expected.map((id) => menu.indexOf(id));
      expect(
        positions.every((position) => position >= 0),
        `${expected} in ${menu}`,
      ).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    };
    inOrder(MENUS.admin, [
      "dashboard",
      "users",
      "activities",
      "recommendations",
      "memberships",
      "getMembership",
      "paymentHistory",
      "assign",
      "appointments",
      "forms",
      "statistics",
      "groups",
      "message",
      "config",
      "test",
    ]);
    inOrder(MENUS.therapist, [
      "dashboard",
      "users",
      "activities",
      "recommendations",
      "patients",
      "statistics",
      "nutritionPlans",
      "appointments",
      "schedule",
      "forms",
      "message",
      "config",
    ]);
    // Clinics: the admin menu, with the patients and nutrition plans of their daily work.
    inOrder(
      MENUS.clinic,
      MENUS.admin.filter((id) => id !== "flags"),
    );
    inOrder(MENUS.clinic, ["users", "patients", "activities"]);
    inOrder(MENUS.clinic, ["assign", "nutritionPlans", "appointments"]);
    // The patient's "dashboard" is their own home.
    inOrder(MENUS.patient, ["patientHome", "activities", "recommendations", "appointments", "forms"]);
  });

  it("show every item to the role they are built for, with its default permissions", () => {
    const flags = { clinic: true } as const;
    const userWith = (permissions: readonly string[], isAdmin = false, orderActivated = true) => ({ isAdmin, isActive: true, orderActivated, permissions });
    const hidden = (ids: readonly string[], user: ReturnType<typeof userWith>) => ids.filter((id) => !isRouteVisible(routeById(id), { user, flags }));
    expect(hidden(MENUS.admin, userWith([], true))).toEqual([]);
    expect(hidden(MENUS.therapist, userWith(DEFAULT_GROUP_PERMISSIONS[GROUP.therapist]))).toEqual([]);
    expect(hidden(["patients", "nutritionPlans"], userWith(DEFAULT_GROUP_PERMISSIONS[GROUP.clinic]))).toEqual([]);
    expect(hidden(MENUS.patient, userWith(DEFAULT_GROUP_PERMISSIONS[GROUP.patient]))).toEqual([]);
    // A lapsed membership hides the care work and keeps what renewing needs (issue 16).
    const lapsed = userWith(DEFAULT_GROUP_PERMISSIONS[GROUP.clinic], false, false);
    expect(hidden(MENUS.clinic, lapsed)).toEqual(expect.arrayContaining(["activities", "assign", "appointments", "schedule"]));
    expect(hidden(MENUS.clinic, lapsed)).not.toEqual(expect.arrayContaining(["getMembership"]));
    expect(hidden(["getMembership", "paymentHistory", "memberships", "patients", "users", "config"], lapsed)).toEqual([]);
  });

  it("keeps staff screens out of a patient's reach", () => {
    const patient = { isAdmin: false, isActive: true, orderActivated: true, permissions: DEFAULT_GROUP_PERMISSIONS[GROUP.patient] };
    const flags = { clinic: true } as const;
    for (const id of ["dashboard", "users", "patients", "assign", "memberships", "statistics", "schedule", "groups", "flags"]) {
      expect(isRouteVisible(routeById(id), { user: patient, flags }), id).toBe(false);
    }
  });
});

describe("roleOf and homePathOf", () => {
  it("take the role from the admin flag first, then the first group (spec §6)", () => {
    expect(roleOf({ isAdmin: true, groups: [GROUP.patient] })).toBe("admin");
    expect(roleOf({ isAdmin: false, groups: [GROUP.patient] })).toBe("patient");
    expect(roleOf({ isAdmin: false, groups: [GROUP.clinic] })).toBe("clinic");
    expect(roleOf({ isAdmin: false, groups: [GROUP.therapist] })).toBe("therapist");
    expect(roleOf({ isAdmin: false, groups: [GROUP.patient, GROUP.therapist] })).toBe("patient");
    expect(roleOf({ isAdmin: false, groups: [GROUP.therapist, GROUP.patient] })).toBe("therapist");
  });

  it("pass over custom groups (ids from 100): they only add grants, never a role", () => {
    expect(roleOf({ isAdmin: false, groups: [GROUP.patient, 100] })).toBe("patient");
    expect(roleOf({ isAdmin: false, groups: [100, GROUP.patient] })).toBe("patient");
    expect(roleOf({ isAdmin: false, groups: [101, GROUP.clinic, 100] })).toBe("clinic");
  });

  it("send admins and groups 2 and 3 to the dashboard, patients to their home (spec §2)", () => {
    expect(homePathOf({ isAdmin: true, groups: [] })).toBe("/manager/admin/dashboard");
    expect(homePathOf({ isAdmin: true, groups: [GROUP.patient] })).toBe("/manager/admin/dashboard");
    expect(homePathOf({ isAdmin: false, groups: [GROUP.clinic] })).toBe("/manager/admin/dashboard");
    expect(homePathOf({ isAdmin: false, groups: [GROUP.therapist] })).toBe("/manager/admin/dashboard");
    expect(homePathOf({ isAdmin: false, groups: [GROUP.patient] })).toBe("/manager/patient");
    expect(homePathOf({ isAdmin: false, groups: [GROUP.patient, GROUP.clinic] })).toBe("/manager/patient");
  });

  it("send those who work only in the CRM there while it is on (spec §9), and anyone else to their usual home", () => {
    const agent = { isAdmin: false, groups: [100], permissions: ["is_crm_agent", "view_initiative"] };
    expect(homePathOf({ ...agent, crmOn: true })).toBe("/crm/app/telemarket/media");
    expect(homePathOf({ ...agent, crmOn: false })).toBe("/manager/admin/dashboard");
    expect(homePathOf({ isAdmin: false, groups: [101], permissions: ["is_crm_client"], crmOn: true })).toBe("/crm/app");
    expect(homePathOf({ isAdmin: false, groups: [GROUP.therapist, 100], permissions: ["is_crm_agent"], crmOn: true })).toBe("/manager/admin/dashboard");
    expect(homePathOf({ isAdmin: true, groups: [], permissions: ["is_crm_agent"], crmOn: true })).toBe("/manager/admin/dashboard");
    for (const path of ["/crm/app/telemarket/media", "/crm/app"]) expect(ROUTES.some((route) => route.path === path)).toBe(true);
  });

  it("lands each role on a route the registry holds", () => {
    for (const groups of [[GROUP.patient], [GROUP.clinic], [GROUP.therapist]]) {
      const home = homePathOf({ isAdmin: false, groups });
      expect(
        ROUTES.some((route) => route.path === home),
        home,
      ).toBe(true);
    }
  });
});
