import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { expectAccessible, settled, signIn } from "./fixtures.ts";

/** The signed-in user's saved language, as the configuration screen saves it (that screen has its own walkthrough). */
async function saveLanguage(page: Page, language: "en" | "es") {
  const profile = await (await page.request.get("/api/get-user-profile/")).json();
  expect((await page.request.post(`/api/language/${profile.userId}`, { data: { language } })).ok()).toBe(true);
}

test("a therapist reads Pablo's statistics over 30 days, opens a game's sessions and one session's trials, exports a table and the PDF report, and reads it in Spanish", async ({
  page,
}) => {
  await signIn(page, "therapist");
  await page.goto("/manager/admin/dashboard");
  await settled(page);
  await page.getByRole("button", { name: "Select Pablo Díaz" }).click();

  // Today by default (spec §9), then the last 30 days: the range goes into the address.
  await page.goto("/manager/admin/statistics");
  await settled(page);
  await expect(page.getByRole("heading", { name: "Statistics of Pablo Díaz" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "30 days" }).click();
  await expect(page).toHaveURL(/since=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await settled(page);
  await expect(page.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");

  // Adherence, a family's trend and dizziness, each with its figures.
  await expect(page.getByRole("img", { name: /^Adherence from .+: \d+ of \d+ activities done \(\d+%\)/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Activities assigned and done per day" }).getByRole("row")).toHaveCount(31);
  await expect(page.getByText(/^(Improving|Steady|Worsening): .+ → .+ over \d+ sessions\.$/).first()).toBeVisible();
  const dizziness = page.getByRole("region", { name: "Dizziness before and after each session" });
  expect(await dizziness.getByRole("row").count()).toBeGreaterThan(5);
  await expectAccessible(page);

  // One game: every session of it in the range, and one session's trials.
  await page.getByRole("link", { name: "Reaction lights" }).click();
  await expect(page).toHaveURL(/\/manager\/admin\/statistics\/\d+\?patient=[0-9a-f-]{36}&since=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await settled(page);
  await expect(page.getByRole("heading", { name: "Reaction lights", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Every session" })).toBeVisible();
  await page
    .getByRole("button", { name: /^Trials of Reaction lights on / })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: /^Trials: Reaction lights, / });
  await expect(dialog.getByRole("table", { name: "Trials of the session" }).getByRole("row").nth(1)).toBeVisible();
  await settled(page);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Close" }).click();

  // The sessions' table as XLSX, read back.
  const xlsx = page.waitForEvent("download");
  await page.getByRole("group", { name: "Export: Every session" }).getByText("XLSX").click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await (await xlsx).path());
  await expect(page.getByText("Statistics exported successfully")).toBeVisible();
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).values).toEqual(expect.arrayContaining(["Ended", "Activity", "Dizziness before"]));
  expect(sheet?.getRow(2).values).toEqual(expect.arrayContaining(["Reaction lights"]));

  // The progress report, with a note, as a PDF.
  await page.getByRole("button", { name: "Progress report (PDF)" }).click();
  const report = page.getByRole("dialog", { name: "Progress report of Pablo Díaz" });
  await report.getByLabel("Therapist's note").fill("Reaction times keep falling; dizziness eases after each session.");
  const pdf = page.waitForEvent("download");
  await report.getByRole("button", { name: "Download the PDF" }).click();
  const file = await pdf;
  expect(file.suggestedFilename()).toMatch(/^progress-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile((await file.path()) as string);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(2_000);
  await expect(report).toBeHidden();

  // In Spanish once.
  const address = page.url();
  await saveLanguage(page, "es");
  try {
    await page.goto(address);
    await settled(page);
    await expect(page.getByRole("heading", { name: "Todas las sesiones" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Mareo antes y después" })).toBeVisible();
  } finally {
    await saveLanguage(page, "en");
  }
});
