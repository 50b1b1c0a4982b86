import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectAccessible, settled, signIn, signOut, visit } from "./fixtures.ts";

/**
 * Issue 33.2's walkthrough: a therapist opens Paula's statistics; Paula (who reads the app in
 * Spanish) finds that access in "Who has looked at my record"; the admin finds the same record on
 * the audit screen, exports it with its notice, and verifies the trail on the system check.
 */
test("a therapist's look at Paula's statistics shows in her access log in Spanish and on the admin's audit screen, which exports it", async ({ page }) => {
  // Three people sign in one after the other.
  test.setTimeout(150_000);
  // The therapist opens Paula's statistics.
  await signIn(page, "therapist");
  await page.goto("/manager/admin/dashboard");
  await settled(page);
  await page.getByRole("button", { name: "Select Paula Méndez" }).click();
  await visit(page, "/manager/admin/statistics");
  await expect(page.getByRole("heading", { name: "Statistics of Paula Méndez" })).toBeVisible();
  await signOut(page);

  // Paula, in Spanish: her profile says who looked, when (to the minute) and what, by day.
  await signIn(page, "patient2");
  await visit(page, "/user/profile");
  const log = page.getByRole("region", { name: "Quién ha consultado mi ficha" });
  await expect(log.getByText(/^\d\d:\d\d (am|pm) — Tomás Herrera \(Terapeuta\) — consultó tus estadísticas$/).first()).toBeVisible();
  await expect(log.getByRole("heading", { level: 3 }).first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await log.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("access-log-1366.png") });
  await signOut(page);

  // The admin finds the same record on the audit screen, from the menu.
  await signIn(page, "admin");
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Audit trail", exact: true }).click();
  await expect(page).toHaveURL("/manager/admin/audit");
  await settled(page);
  await page.getByRole("combobox", { name: "Person concerned" }).fill("Paula");
  await page.getByRole("option", { name: /^Paula Méndez/ }).click();
  await page.getByLabel("Action", { exact: true }).fill("patient.statistics.read");
  await settled(page);
  const table = page.getByRole("table", { name: "Audit trail" });
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText("Tomás Herrera");
  await expect(row).toContainText("Therapist");
  await expect(row).toContainText("Paula Méndez");
  await expect(row).toContainText("patient.statistics.read");
  await expect(row).toContainText("Done");
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("audit-screen-1366.png") });

  // Exported as CSV, with the §8 notice; the file holds the filter's records only.
  const download = page.waitForEvent("download");
  await page.getByRole("group", { name: "Export the audit trail" }).getByText("CSV").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText("Audit records exported successfully")).toBeVisible();
  const lines = (await readFile((await file.path()) as string, "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toContain("Time (UTC),Actor,Actor's role");
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toMatch(/^[^,]+,Tomás Herrera,Therapist,.*,Paula Méndez,.*,patient\.statistics\.read,Done,/);
  await expectAccessible(page);

  // The system check verifies the trail on request and says it is intact.
  await visit(page, "/manager/admin/test");
  const trail = page.getByText(/^Intact: every day verified, up to \d{4}-\d{2}-\d{2}\.$|^The audit trail has not been verified yet/);
  await expect(trail).toBeVisible();
  await page.getByRole("button", { name: "Verify now" }).click();
  await expect(page.getByText("The audit trail was verified")).toBeVisible();
  await expect(page.getByText(/^Intact: every day verified, up to \d{4}-\d{2}-\d{2}\.$/)).toBeVisible();
  await expectAccessible(page);
});
