import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible, settled, signIn, signOut, visit } from "./fixtures.ts";

/** Screens at a desktop's and a phone's width, for a person to look at (E2E_SCREENSHOTS=1). */
async function shoot(page: Page, name: string, target?: Locator) {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await target?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

test("a therapist reads a played game's figures and its trials; the patient's home shows their upcoming appointment, in Spanish too", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/dashboard");
  await page.getByRole("button", { name: "Select Pablo Díaz" }).click();
  await visit(page, "/manager/admin/assign/activity");

  // The demo's history has Pablo play his games: the done rows carry their latest session.
  await page.getByRole("combobox", { name: "State" }).click();
  await page.getByRole("option", { name: "Done", exact: true }).click();
  await settled(page);
  const played = page
    .getByTestId("assignment-row")
    .filter({ has: page.getByTestId("game-results") })
    .first();
  await expect(played).toBeVisible();
  const figures = played.getByRole("definition");
  for (const label of ["Score", "Accuracy", "Median reaction time", "Level reached", "Dizziness before → after", "Played time", "Motion"])
    await expect(played.getByRole("term").filter({ hasText: label })).toHaveCount(1);
  await expect(figures.filter({ hasText: /^\d[\d,]* of \d[\d,]*$/ })).toHaveCount(1);
  await expect(figures.filter({ hasText: /^\d+ → \d+ of 10$/ })).toHaveCount(1);
  await expectAccessible(page);
  await shoot(page, "results-list", played);

  // One session's trials, with every session of the assignment to pick from.
  await played.getByRole("button", { name: /^Results of / }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: /^Results: / })).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Session" })).toBeVisible();
  const trials = dialog.getByRole("table", { name: "Trials of the session" });
  await expect(trials.getByRole("row").nth(1)).toBeVisible();
  await expect(trials.getByRole("columnheader", { name: "Outcome" })).toBeVisible();
  await expect(trials.getByRole("cell", { name: /^(hit|miss|omission|commission|anticipation|correct rejection|sample)$/ }).first()).toBeVisible();
  await settled(page);
  await expectAccessible(page);
  // On a phone the trials scroll sideways: their region must take the keyboard's focus.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  await shoot(page, "results-dialog");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await signOut(page);

  // The patient's home: their appointments, the demo's weekly visit among the upcoming ones.
  await signIn(page, "patient");
  await settled(page);
  const mine = page.getByRole("region", { name: "My appointments" });
  await expect(mine.getByRole("listitem").filter({ hasText: "Vestibular rehabilitation" }).filter({ hasText: "Accepted" }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Request an appointment" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "patient-home", mine);
  await signOut(page);

  // Paula reads the app in Spanish.
  await signIn(page, "patient2");
  await settled(page);
  const mias = page.getByRole("region", { name: "Mis citas" });
  await expect(mias.getByRole("listitem").filter({ hasText: "Aceptada" }).first()).toBeVisible();
  await expect(mias.getByRole("button", { name: "Restablecer lista" })).toBeVisible();
  await expectAccessible(page);
});
