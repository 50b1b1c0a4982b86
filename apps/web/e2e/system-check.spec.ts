import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, settled, signIn, visit } from "./fixtures.ts";

const CHECKS = ["Database", "Migrations", "Job queue", "File storage", "Email", "Versions"];

/** The signed-in user's saved language, changed on the configuration screen (labels in the current language; its axe check is its own spec's). */
async function setLanguage(page: Page, option: string, label: string, save: string) {
  await page.goto("/manager/admin/config");
  await settled(page);
  await page.getByLabel(label).click();
  await page.getByRole("option", { name: option }).click();
  await page.getByRole("button", { name: save }).click();
  await settled(page);
}

test("an admin opens the system check from the menu: every check green, a test email sent, in English and Spanish", async ({ page }) => {
  await signIn(page, "admin");
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Test", exact: true }).click();
  await expect(page).toHaveURL("/manager/admin/test");
  await settled(page);
  await expect(page.getByText("All checks passed.")).toBeVisible();
  for (const name of CHECKS) await expect(page.getByRole("region", { name, exact: true }).getByText("Passed", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // A bad address is refused on its field; a good one goes out (the demo has no SMTP server: the outbox).
  const address = page.getByLabel("Email address");
  await address.fill("not-an-address");
  await page.getByRole("button", { name: "Send test email" }).click();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await address.fill(`check-${Date.now().toString(36)}@example.com`);
  await page.getByRole("button", { name: "Send test email" }).click();
  await expect(page.getByText("Test email message sent successfully")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "waits in the outbox" })).toBeVisible();
  await page.getByRole("button", { name: "Run again" }).click();
  await expect(page.getByText("All checks passed.")).toBeVisible();

  // At phone width the checks stack, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 800 });

  await setLanguage(page, "Spanish", "Language", "Save");
  try {
    await visit(page, "/manager/admin/test");
    await expect(page.getByText("Todas las comprobaciones son correctas.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Cola de tareas" }).getByText("Correcto", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar correo de prueba" })).toBeVisible();
  } finally {
    await setLanguage(page, "Inglés", "Idioma", "Guardar");
  }
});
