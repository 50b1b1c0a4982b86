import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, settled, signIn, visit } from "./fixtures.ts";

/** The demo patient's id, found the way the screens find patients. */
async function patientId(page: Page, name: string): Promise<string> {
  const response = await page.request.get(`/api/usuario/user?permission_codename_include=is_patient&q=${encodeURIComponent(name)}`);
  const [patient] = (await response.json()).data as { id: string }[];
  if (!patient) throw new Error(`No patient ${name}`);
  return patient.id;
}

/** The value of one figure of a home's figures (a term and its definition). */
function figure(page: Page, group: string, label: string) {
  return page
    .getByRole("region", { name: group })
    .locator("dl > div")
    .filter({ has: page.getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition");
}

/** Takes back whatever an earlier run gave the demo patient, through the API, so the walkthrough starts clean. */
async function clearGiven(page: Page, id: string): Promise<void> {
  const given = await (await page.request.get(`/api/patients-recommendations/${id}?rowsPerPage=100`)).json();
  const origin = new URL(page.url()).origin;
  for (const row of given.data as { id: number }[]) {
    const response = await page.request.put(`/api/patient/${id}/?idRecommendation=${row.id}`, { headers: { origin } });
    expect(response.status()).toBe(204);
  }
}

test("a therapist selects Pablo Díaz, gives two recommendations at once and removes one after confirming", async ({ page }) => {
  await signIn(page, "therapist");
  await clearGiven(page, await patientId(page, "Pablo"));

  // The therapist's home: their figures, today's work and adherence, and the patients to pick from.
  await visit(page, "/manager/admin/dashboard");
  // Other specs may have added patients to this therapist's care: the figure is the server's count.
  const summary = await (await page.request.get("/api/dashboard/summary")).json();
  expect(summary.patients).toBeGreaterThanOrEqual(2);
  await expect(figure(page, "My figures", "My patients")).toHaveText(String(summary.patients));
  await expect(page.getByRole("heading", { name: "Today's assignments" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Adherence" })).toBeVisible();
  await expect(page.getByText("Patients who have done none of their activities in the last 3 days.")).toBeVisible();
  await page.getByRole("button", { name: "Select Pablo Díaz" }).click();
  await expect(page.getByTestId("patient-badge")).toContainText("Pablo Díaz");

  await visit(page, "/manager/admin/assign/recommendation");
  await expect(page.getByRole("heading", { name: "Given to Pablo Díaz" })).toBeVisible();
  await expect(page.getByText("None given yet.")).toBeVisible();
  const catalogue = page.getByRole("list", { name: "Recommendations to give" });
  // Ticks are kept while searching for the next one.
  await page.getByLabel("Search recommendations").fill("Tandem");
  await catalogue.getByRole("checkbox", { name: "Tandem stance" }).check();
  await page.getByLabel("Search recommendations").fill("Brandt");
  await catalogue.getByRole("checkbox", { name: "Brandt-Daroff habituation" }).check();
  await page.getByRole("button", { name: "Give selected (2)" }).click();
  await expect(page.getByText("Recommendations given")).toBeVisible();

  const given = page.getByRole("list", { name: "Given to Pablo Díaz" });
  await expect(given.getByRole("listitem")).toHaveCount(2);
  await expect(given).toContainText("Tandem stance");
  await expect(given).toContainText("Brandt-Daroff habituation");
  await expect(page.getByText("2 in total")).toBeVisible();
  // What the patient has is marked, and cannot be given twice.
  await expect(catalogue.getByRole("checkbox", { name: "Brandt-Daroff habituation" })).toBeDisabled();
  await expect(catalogue.getByRole("checkbox", { name: "Brandt-Daroff habituation" })).toBeChecked();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Remove Tandem stance" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("“Tandem stance” will no longer be shown to Pablo Díaz.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(given.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Remove Tandem stance" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Recommendation removed")).toBeVisible();
  await expect(given.getByRole("listitem")).toHaveCount(1);
  await expect(given).toContainText("Brandt-Daroff habituation");
  await expect(given).not.toContainText("Tandem stance");
});

test("a category marked as nutrition brings its recommendation to the nutrition plans", async ({ page }) => {
  const name = `Meal timing ${Date.now().toString(36)}`;
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/categories");
  await page.getByRole("button", { name: "Add category" }).click();
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Description").fill("When to eat around therapy sessions.");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Category created")).toBeVisible();

  await page.getByRole("link", { name, exact: true }).click();
  await settled(page);
  await page.getByRole("link", { name: "Add recommendation" }).click();
  await settled(page);
  // The form is whole once the editor has loaded and the category is shown (typing earlier can be lost on the dev server).
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveText(name);
  await page.getByLabel("Description").fill("Eat a light breakfast an hour before your exercises.");
  await page.getByLabel("Name").fill(`Light breakfast ${name.slice(-6)}`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Recommendation created")).toBeVisible();

  // Not nutrition yet: the nutrition plans do not offer it.
  await visit(page, "/manager/admin/categories");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("switch", { name: "Nutrition" })).not.toBeChecked();
  await expectAccessible(page);
  await dialog.getByRole("switch", { name: "Nutrition" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Category updated")).toBeVisible();
  await visit(page, "/manager/admin/categories");
  await expect(page.getByRole("row", { name: new RegExp(name) }).getByText("Nutrition", { exact: true })).toBeVisible();

  // No patient selected in this browser yet: the screen asks for one first.
  await visit(page, "/manager/admin/nutritionPlans");
  await expect(page.getByText("Select the patient to work with first.")).toBeVisible();
  await page.getByRole("button", { name: "Select Pablo Díaz" }).click();
  await expect(page.getByTestId("patient-badge")).toContainText("Pablo Díaz");
  await settled(page);
  const catalogue = page.getByRole("list", { name: "Recommendations to give" });
  await expect(page.getByRole("heading", { name: "Nutrition recommendations to give" })).toBeVisible();
  await expect(catalogue.getByRole("checkbox", { name: `Light breakfast ${name.slice(-6)}` })).toBeVisible();
  await expect(catalogue.getByRole("checkbox", { name: "Water with every meal" })).toBeVisible();
  await page.getByLabel("Search recommendations").fill("Tandem");
  await expect(page.getByText("No recommendations match “Tandem”.")).toBeVisible();
  await page.getByLabel("Search recommendations").fill("");
  await settled(page);
  await expectAccessible(page);

  // The nutrition plan's readings: only text activities of nutrition categories can be picked.
  await expect(page.getByRole("heading", { name: "Assign nutrition readings" })).toBeVisible();
  const picker = page.getByRole("combobox", { name: "Activities" });
  await picker.fill("Understanding");
  await expect(page.getByText("No activities match.")).toBeVisible();
  await picker.fill("steadier");
  await page.getByRole("option", { name: /^A steadier day of meals/ }).click();
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText("Activities assigned: 1")).toBeVisible();
  const plan = page.getByTestId("assignment-row");
  await expect(plan.filter({ hasText: "A steadier day of meals" }).first()).toBeVisible();
  await expect(plan.filter({ hasNotText: "A steadier day of meals" })).toHaveCount(0);
  await expectAccessible(page);
  // Leave Pablo's plan as it was.
  for (const item of await plan.all()) await item.getByRole("checkbox", { name: /^Select/ }).check();
  await page.getByRole("button", { name: "Unassign selected" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unassign" }).click();
  await expect(plan).toHaveCount(0);
});

test("Pablo Díaz sees on his home the recommendation his therapist gave him", async ({ page }) => {
  await signIn(page, "patient");
  await expect(page).toHaveURL(/\/manager\/patient$/);
  const card = page.getByTestId("my-recommendations");
  await expect(card.getByRole("heading", { name: "My recommendations" })).toBeVisible();
  await expect(card.getByRole("heading", { name: "Brandt-Daroff habituation" })).toBeVisible();
  // The description is the rich text, in full.
  await expect(card).toContainText("lie quickly on one side for 30 seconds");
  await expect(card).not.toContainText("Tandem stance");
  await expectAccessible(page);
});

test("the admin and clinic homes show their figures", async ({ page }) => {
  await signIn(page, "admin");
  await visit(page, "/manager/admin/dashboard");
  const summary = await (await page.request.get("/api/dashboard/summary")).json();
  for (const [label, value] of [
    ["Clinics", summary.clinics],
    ["Therapists", summary.therapists],
    ["Patients", summary.patients],
    ["Active memberships", summary.activeMemberships],
  ] as const) {
    await expect(figure(page, "Platform figures", label), label).toHaveText(String(value));
  }
  expect(summary.clinics).toBeGreaterThanOrEqual(1);
  expect(summary.activeMemberships).toBeGreaterThanOrEqual(1);
  // The admin still picks patients from the same home.
  await expect(page.getByRole("button", { name: "Select Pablo Díaz" })).toBeVisible();

  await page.goto("/accounts/logout/");
  await signIn(page, "clinic");
  await visit(page, "/manager/admin/dashboard");
  await expect(page.getByTestId("membership")).toContainText("Membership Clinic, from");
  await expect(page.getByRole("heading", { name: "Adherence" })).toBeVisible();
});

test("in Spanish, Paula Méndez reads the nutrition recommendations given to her", async ({ page }) => {
  await signIn(page, "patient2");
  const card = page.getByTestId("my-recommendations");
  await expect(card.getByRole("heading", { name: "Mis recomendaciones" })).toBeVisible();
  await expect(card.getByRole("heading", { name: "Water with every meal" })).toBeVisible();
  await expect(card.getByText("Nutrición").first()).toBeVisible();
  await expect(card.getByText(/^Dada el \d{4}-\d{2}-\d{2}$/).first()).toBeVisible();
  await expectAccessible(page);
});
