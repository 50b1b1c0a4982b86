import { expect, test } from "@playwright/test";
import { ADMIN_MENU, type DemoRole, expectAccessible, menuRouteIds, settled, signIn, signOut, visit } from "./fixtures.ts";

/**
 * Spec §2's menus, limited to the screens built so far: admins use the admin menu, clinics the
 * admin menu with their patients and nutrition plans, therapists the therapist menu, patients
 * the patient menu.
 */
const EXPECTED: Record<"admin" | "clinic" | "therapist" | "patient", { home: string; title: string; menu: string[]; role: string }> = {
  admin: {
    home: "/manager/admin/dashboard",
    title: "Dashboard",
    menu: [...ADMIN_MENU],
    role: "Platform administrator",
  },
  clinic: {
    home: "/manager/admin/dashboard",
    title: "Dashboard",
    menu: [
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
    ],
    role: "Clinic",
  },
  therapist: {
    home: "/manager/admin/dashboard",
    title: "Dashboard",
    menu: [
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
    ],
    role: "Therapist",
  },
  patient: {
    home: "/manager/patient",
    title: "My therapy",
    menu: ["patientHome", "activities", "recommendations", "appointments", "forms", "notifications", "config"],
    role: "Patient",
  },
};

/**
 * One walk through the roles in turn, on one page: the sign-in screen is the same for all (its
 * accessibility is checked once), and each role signs in through it, lands on their home, sees
 * their menu, visits two screens and signs out.
 */
test("each role signs in, lands on their home, sees their menu and signs out", async ({ page }) => {
  test.setTimeout(60_000 * Object.keys(EXPECTED).length);
  await page.goto("/accounts/login/");
  await settled(page);
  await expectAccessible(page);
  for (const [role, expected] of Object.entries(EXPECTED) as [DemoRole & keyof typeof EXPECTED, (typeof EXPECTED)["admin"]][]) {
    await test.step(role, async () => {
      // The previous role ended on the sign-in screen with a `next` of its own home: start afresh.
      if (page.url() !== new URL("/accounts/login/", page.url()).href) await page.goto("/accounts/login/");
      await signIn(page, role);
      await expect(page).toHaveURL(expected.home);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(expected.title);
      await expect(page.getByTestId("role")).toContainText(expected.role);
      expect(await menuRouteIds(page)).toEqual(expected.menu);
      await expectAccessible(page);

      await visit(page, "/manager/admin/config");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuration");
      await visit(page, "/user/profile");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("My profile");

      await signOut(page);
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
      // The session is gone on the server: the home page sends back to sign in.
      await page.goto(expected.home);
      await page.waitForURL(/\/accounts\/login\/\?next=/);
      // The app reaches that address, then loads the sign-in page in full: let that load end.
      await page.getByRole("button", { name: "Sign in" }).waitFor();
    });
  }
});

test("a hidden route explains itself instead of showing its screen", async ({ page }) => {
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/flags");
  await expect(page.getByText("You do not have access to this page.")).toBeVisible();
  await expect(page.getByRole("switch")).toHaveCount(0);
});

test("a route of a module switched off is not found, admins included", async ({ page }) => {
  await signIn(page, "admin");
  // The AI chat widget is off on the e2e server (ai.spec.ts switches it on and off again).
  await visit(page, "/ai/app");
  await expect(page.getByText("This page does not exist or its module is switched off.")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveCount(0);
});
