import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { expectAccessible, settled, signIn } from "./fixtures.ts";

/**
 * The statistics app (issue 18.3) and the patient's own progress card (18.5). The app's module
 * is off by default: the admin switches it on on the modules screen, and it is switched off
 * again afterwards so the later specs see the menus they expect.
 */
test("the admin reads the platform's statistics by clinic and exports a table; a patient reads her progress in Spanish", async ({ page, baseURL }) => {
  await signIn(page, "admin");
  // The modules screen has its own walk with axe (shell.spec.ts): here it only switches the app on.
  await page.goto("/manager/admin/flags");
  await page.getByRole("switch", { name: "Statistics app" }).click();
  await expect(page.getByText("The module setting has been saved")).toBeVisible();
  try {
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Statistics app" }).click();
    await expect(page).toHaveURL(/\/statistics\/app/);
    await expect(page.getByRole("banner").getByRole("heading", { name: "Statistics app", level: 1 })).toBeVisible();

    // Today by default; the demo's sessions of the last 30 days.
    await page.getByRole("button", { name: "30 days" }).click();
    await expect(page.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
    const figures = page.getByRole("region", { name: "Platform figures" });
    await expect(figures.getByText("Sessions played")).toBeVisible();
    const sessionsTile = figures.locator("dd").nth(3);
    await expect(sessionsTile).not.toHaveText("0");
    await expect(page.getByRole("region", { name: "Sessions per day" }).getByRole("row")).toHaveCount(31);

    // One clinic's figures.
    await page.getByRole("combobox", { name: "Clinic" }).fill("Clínica");
    await page.getByRole("option", { name: "Clínica Vestibular Norte" }).click();
    await expect(page.getByRole("region", { name: "Figures of Clínica Vestibular Norte" })).toBeVisible();
    await expect(page).toHaveURL(/clinic=/);
    await settled(page);
    await expectAccessible(page);

    // The most played activities as XLSX, read back.
    const download = page.waitForEvent("download");
    await page.getByRole("group", { name: "Export: Most played activities" }).getByRole("button", { name: "XLSX" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^platform-top-activities-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["Activity", "Sessions", "Patients"]);
    const first = page.getByRole("region", { name: "Most played activities" }).getByRole("row").nth(1);
    expect((sheet.getRow(2).values as unknown[])[1]).toBe(await first.getByRole("rowheader").textContent());
  } finally {
    const off = await page.request.put("/api/flags/statistics", { data: { enabled: false }, headers: { origin: baseURL ?? "" } });
    expect(off.status()).toBe(200);
  }
  // Paula's own session, fresh (signing out through the menu is walked elsewhere).
  await page.context().clearCookies();

  // Paula reads the app in Spanish: her card encourages, in her words.
  await signIn(page, "patient2");
  const card = page.getByRole("region", { name: "Mi progreso" });
  await expect(card.getByText("Sesiones esta semana")).toBeVisible();
  await expect(card.getByText("Racha")).toBeVisible();
  await expect(card.getByTestId("progress-highlight")).toContainText("¡Muy bien!");
  await settled(page);
  await expectAccessible(page);
});
