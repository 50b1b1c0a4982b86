import { expect, type Page, test } from "@playwright/test";
import { signIn, visit } from "./fixtures.ts";

/**
 * Issue 13 §9: a newcomer signs in to a clinic with a past (demo-history.ts), not to empty
 * homes. Other specs add people and assignments to the same demo, so the figures on screen are
 * compared with the server's own, and the history's fixed parts (its patients, the one falling
 * behind, the request waiting) are named.
 */

/** The value of one figure of a home's figures (a term and its definition). */
function figure(page: Page, group: string, label: string) {
  return page
    .getByRole("region", { name: group })
    .locator("dl > div")
    .filter({ has: page.getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition");
}

interface CareSummary {
  patients: number;
  therapists?: number;
  today: { done: number; total: number; patients: { nombres: string; apellidos: string }[] };
  adherence: { patients: { nombres: string; apellidos: string }[] };
}

async function summaryOf(page: Page): Promise<CareSummary> {
  const response = await page.request.get("/api/dashboard/summary");
  expect(response.ok()).toBe(true);
  return response.json();
}

test("the therapist's home holds the demo's figures: today's work and the patient falling behind", async ({ page }) => {
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/dashboard");
  const summary = await summaryOf(page);
  expect(summary.patients).toBeGreaterThanOrEqual(5);
  expect(summary.today.total).toBeGreaterThan(0);
  expect(summary.today.done).toBeGreaterThan(0);
  await expect(figure(page, "My figures", "My patients")).toHaveText(String(summary.patients));
  await expect(figure(page, "My figures", "Today's activities done")).toHaveText(`${summary.today.done} / ${summary.today.total}`);
  await expect(figure(page, "My figures", "Patients to follow up")).toHaveText(String(summary.adherence.patients.length));

  const today = page.getByTestId("today");
  for (const name of ["Pablo Díaz", "Carmen Ortega", "Javier Navarro"]) await expect(today).toContainText(name);
  await expect(today.getByRole("progressbar")).toBeVisible();
  const adherence = page.getByTestId("adherence");
  await expect(adherence.getByRole("button", { name: /^Javier Navarro/ })).toContainText(/Missed: \d+ · last done \d{4}-\d{2}-\d{2}/);
  await expect(adherence).not.toContainText("Carmen Ortega");

  // A request waits for the therapist's answer.
  await visit(page, "/manager/admin/appointments");
  await expect(page.getByRole("button", { name: /^Accept the request of Carmen Ortega on / })).toBeVisible();
});

test("the clinic's home counts both therapists' patients", async ({ page }) => {
  await signIn(page, "clinic");
  await visit(page, "/manager/admin/dashboard");
  const summary = await summaryOf(page);
  expect(summary.therapists).toBeGreaterThanOrEqual(2);
  expect(summary.patients).toBeGreaterThanOrEqual(6);
  await expect(figure(page, "Clinic figures", "Today's activities done")).toHaveText(`${summary.today.done} / ${summary.today.total}`);
  // Irene Castro's patient is the clinic's, not Tomás Herrera's.
  await expect(page.getByTestId("today")).toContainText("Andrés Vidal");
  await expect(page.getByTestId("adherence")).toContainText("Javier Navarro");
});

test("the patient's home shows today's activity done and the plan ahead", async ({ page }) => {
  await signIn(page, "patient");
  await expect(page).toHaveURL("/manager/patient");
  await visit(page, "/manager/patient");
  const today = page.getByRole("region", { name: "Today" }).getByTestId("my-activity");
  await expect(today.filter({ hasText: "Done" }).first()).toBeVisible();
  const upcoming = page.getByRole("region", { name: "Upcoming" }).getByTestId("my-activity");
  expect(await upcoming.count()).toBeGreaterThan(3);
  await expect(upcoming.getByRole("link", { name: /^Play: / }).first()).toBeVisible();
});
