import { expect, test } from "@playwright/test";
import { ADMIN_MENU, expectAccessible, menuRouteIds, settled, signIn, visit } from "./fixtures.ts";

// The other specs run as a user who asked for less motion; the shell is walked here with its fades.
test.use({ reducedMotion: "no-preference" });

test("switching to Spanish changes titles and menu, and it is kept", async ({ page }) => {
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/config");
  await page.getByLabel("Language").click();
  await page.getByRole("option", { name: "Spanish" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Felicidades")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuración");
  const nav = page.getByRole("navigation", { name: "Menú principal" });
  await expect(nav.getByRole("link", { name: "Panel" })).toBeVisible();
  await expect(nav.getByRole("heading", { name: "Configuración" })).toBeVisible();

  await page.reload();
  await settled(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuración");
  await visit(page, "/manager/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Panel");

  // Back to English for the specs that follow.
  await visit(page, "/manager/admin/config");
  await page.getByLabel("Idioma").click();
  await page.getByRole("option", { name: "Inglés" }).click();
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuration");
});

test("a user whose saved language is Spanish gets the shell in Spanish", async ({ page }) => {
  await signIn(page, "patient2");
  await expect(page).toHaveURL("/manager/patient");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi terapia");
  await expect(page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Mi terapia" })).toBeVisible();
  await expectAccessible(page);
});

test("staff select a patient, and cancelling asks, clears storage and reloads", async ({ page }) => {
  await signIn(page, "therapist");
  await expect(page.getByTestId("patient-badge")).toHaveCount(0);
  await page.getByRole("button", { name: "Select Pablo Díaz" }).click();
  const badge = page.getByTestId("patient-badge");
  await expect(badge).toContainText("Patient: Pablo Díaz");

  await badge.getByRole("button", { name: "Cancel patient selection" }).click();
  await expect(page.getByRole("dialog")).toContainText("Cancel the patient selection?");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(badge).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("selectedPatient"))).not.toBeNull();

  await page.evaluate(() => sessionStorage.setItem("probe", "kept until cancelled"));
  await badge.getByRole("button", { name: "Cancel patient selection" }).click();
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Yes" }).click()]);
  await settled(page);
  await expect(page.getByTestId("patient-badge")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("selectedPatient"))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem("probe"))).toBeNull();
  // Still signed in: only the browser storage was cleared.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
});

test("patients never see the patient badge", async ({ page }) => {
  await signIn(page, "patient");
  await page.evaluate(() => localStorage.setItem("selectedPatient", JSON.stringify({ id: "x", nombres: "Someone", apellidos: "Else" })));
  await page.reload();
  await settled(page);
  await expect(page.getByTestId("patient-badge")).toHaveCount(0);
});

test("the profile menu opens My Profile, and profile edits are saved", async ({ page }) => {
  await signIn(page, "clinic");
  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "My Profile" }).click();
  await expect(page).toHaveURL("/user/profile");
  await settled(page);
  const identification = page.getByLabel("Identification");
  await identification.fill("CLI-0099");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your profile has been updated")).toBeVisible();
  await page.reload();
  await settled(page);
  await expect(page.getByLabel("Identification")).toHaveValue("CLI-0099");
  await expectAccessible(page);

  // An empty required name is refused on the field, and nothing is sent.
  await page.getByLabel("Given names").fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Required.")).toBeVisible();
});

test("admins switch modules on the flags screen", async ({ page }) => {
  await signIn(page, "admin");
  await visit(page, "/manager/admin/flags");
  // Every module of the spec is built (the AI chat widget was the last, issue 42): each can be switched.
  const widget = page.getByRole("switch", { name: "AI chat widget" });
  await expect(widget).toBeEnabled();
  await expect(widget).toHaveAccessibleDescription("widget_chat_ai");
  await expect(page.getByText("not available yet")).toHaveCount(0);

  // Switching the clinic module off hides its routes from the menu, admins included; the
  // platform's own screens stay (the system check and the audit trail, issue 33).
  await page.getByRole("switch", { name: "Clinic manager" }).click();
  await expect(page.getByText("The module setting has been saved")).toBeVisible();
  await expect.poll(() => menuRouteIds(page)).toEqual(["flags", "notifications", "config", "test", "audit", "userAdmin", "globalMessages"]);
  await visit(page, "/manager/admin/test");
  await expect(page.getByRole("heading", { name: "System check" })).toBeVisible();
  await visit(page, "/manager/admin/flags");
  await page.getByRole("switch", { name: "Clinic manager" }).click();
  await expect.poll(() => menuRouteIds(page)).toEqual([...ADMIN_MENU]);
});

test.describe("phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the side menu collapses into a drawer", async ({ page }) => {
    await signIn(page, "therapist");
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(nav).toBeVisible();
    await settled(page);
    await expectAccessible(page);
    await nav.getByRole("link", { name: "Configuration" }).click();
    await expect(page).toHaveURL("/manager/admin/config");
    await expect(nav).toBeHidden();
    await settled(page);
    await expectAccessible(page);
  });
});

test("an ended session sends the user to sign in, and back afterwards", async ({ page, context }) => {
  // The home's own calls must be answered before the session ends: one still in flight would meet
  // the ended session first and send the user to sign in before the menu is used.
  const homeLoaded = Promise.all([
    page.waitForResponse((response) => response.url().includes("/api/dashboard/summary")),
    page.waitForResponse((response) => response.url().includes("/api/usuario/user")),
  ]);
  await signIn(page, "therapist");
  await homeLoaded;
  await settled(page);
  await context.clearCookies();
  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "My Profile" }).click();
  await page.waitForURL(/\/accounts\/login\/\?next=%2Fuser%2Fprofile/);
  await signIn(page, "therapist");
  await expect(page).toHaveURL("/user/profile");
  await expect(page.getByLabel("Given names")).toHaveValue("Tomás");
});
