import { expect, type Page, test } from "@playwright/test";
import dayjs from "dayjs";
import { expectAccessible, settled, signIn, visit } from "./fixtures.ts";

/** A form field by its label (a required field's label ends with an asterisk). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\W*$`));

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA");

/** Fills the plan form (every field is required, spec §5). */
async function fillPlan(page: Page, plan: { name: string; value: string; months: string; therapists: string; patients: string }) {
  await field(page, "Plan").fill(plan.name);
  await field(page, "Description").fill(`${plan.name}: a plan made by the end-to-end test.`);
  await field(page, "Price").fill(plan.value);
  await field(page, "Annual price").fill("590");
  await field(page, "Price per patient").fill("1,25");
  await field(page, "Billing period").click();
  await page.getByRole("option", { name: plan.months, exact: true }).click();
  await field(page, "Therapists").fill(plan.therapists);
  await field(page, "Patients").fill(plan.patients);
}

test("an admin creates a plan (two decimals at most), edits it and assigns it to the demo clinic", async ({ page }) => {
  // Five screens, each with an axe check: more than the default minute on a busy dev server.
  test.slow();
  // Each run makes plans of its own, so it can run again on the same database.
  const run = String(Date.now()).slice(-6);
  const team = `Team ${run}`;
  await signIn(page, "admin");
  await visit(page, "/manager/admin/memberships");
  await expect(page.getByRole("link", { name: "Starter", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pilot (hidden)", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Add membership" }).click();
  await settled(page);
  await expectAccessible(page);
  await fillPlan(page, { name: team, value: "59.999", months: "Quarterly", therapists: "10", patients: "200" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Use at most two decimals.")).toBeVisible();
  await expectAccessible(page);
  await field(page, "Price").fill("59.90");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Membership created")).toBeVisible();
  await expect(page).toHaveURL(/\/manager\/admin\/memberships$/);
  await page.getByLabel("Search by plan").fill(run);
  const row = page.getByRole("row", { name: new RegExp(team) });
  await expect(row).toContainText("59.90");
  await expect(row).toContainText("1.25");
  await expect(row).toContainText("Quarterly");

  await page.getByRole("link", { name: `Edit ${team}` }).click();
  await settled(page);
  await expect(field(page, "Price")).toHaveValue("59.90");
  await field(page, "Price").fill("64.5");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Membership updated")).toBeVisible();
  await page.getByLabel("Search by plan").fill(run);
  await expect(page.getByRole("row", { name: new RegExp(team) })).toContainText("64.50");

  // Assign it to the demo clinic from today for a month.
  await page.getByRole("link", { name: "Assign membership" }).click();
  await settled(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("Choose a clinic.")).toBeVisible();
  await page.getByRole("combobox", { name: "Clinic" }).fill("Norte");
  await page.getByRole("option", { name: /Clínica Vestibular Norte/ }).click();
  await page.getByRole("combobox", { name: "Plan" }).click();
  await page.getByRole("option", { name: new RegExp(team) }).click();
  // Choosing a quarterly plan proposes its last day; the admin sets the period by hand.
  await expect(field(page, "To")).toHaveValue(dayjs().add(3, "month").subtract(1, "day").format("YYYY-MM-DD"));
  await field(page, "From").fill(day(0));
  await field(page, "To").fill(day(-1));
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("Must be on or after the start date.")).toBeVisible();
  await field(page, "To").fill(day(30));
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("Membership assigned")).toBeVisible();
  await page.getByLabel("Search by clinic or plan").fill(team);
  const assigned = page.getByRole("row", { name: new RegExp(team) });
  await expect(assigned).toContainText("Clínica Vestibular Norte");
  await expect(assigned).toContainText(`${day(0)} to ${day(30)}`);
  await expect(assigned.getByText("Active", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // A plan a clinic holds cannot be deleted.
  await visit(page, "/manager/admin/memberships");
  await page.getByLabel("Search by plan").fill(run);
  await page.getByRole("button", { name: `Delete ${team}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(/cannot be deleted: 1 clinic holds it/)).toBeVisible();
  // The refusal is told by its notice and the question closes.
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("link", { name: team, exact: true })).toBeVisible();

  // Removing the assignment (after confirming) gives the demo clinic back its seeded plan.
  await page.getByRole("link", { name: "Assign membership" }).click();
  await settled(page);
  await page.getByLabel("Search by clinic or plan").fill(team);
  await page.getByRole("button", { name: `Remove ${team} of Clínica Vestibular Norte from ${day(0)}` }).click();
  await expect(page.getByRole("dialog")).toContainText(`Clínica Vestibular Norte will no longer hold “${team}” from ${day(0)} to ${day(30)}`);
  await expectAccessible(page);
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Membership assignment removed")).toBeVisible();
  // The search now finds nothing, and the list says so.
  await expect(page.getByText(`No assigned memberships match “${team}”.`)).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`^Remove ${team} `) })).toHaveCount(0);
});

test("an admin deletes an unused plan after confirming", async ({ page }) => {
  const run = String(Date.now()).slice(-6);
  const spare = `Spare ${run}`;
  await signIn(page, "admin");
  await visit(page, "/manager/admin/memberships");
  await page.getByRole("link", { name: "Add membership" }).click();
  await settled(page);
  await fillPlan(page, { name: spare, value: "0", months: "Monthly", therapists: "0", patients: "0" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Membership created")).toBeVisible();
  await page.getByLabel("Search by plan").fill(run);
  await page.getByRole("button", { name: `Delete ${spare}` }).click();
  await expect(page.getByRole("dialog")).toContainText(`“${spare}” will be deleted`);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("link", { name: spare, exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Delete ${spare}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Membership removed")).toBeVisible();
  await expect(page.getByRole("link", { name: spare, exact: true })).toHaveCount(0);
});

test("a clinic sees its membership, the platform's plans read-only beside its own, and its periods, in English and Spanish", async ({ page }) => {
  test.slow();
  await signIn(page, "clinic");
  await visit(page, "/manager/admin/memberships");
  const card = page.getByRole("region", { name: "Your membership" });
  await expect(card).toContainText(/, until \d{4}-\d{2}-\d{2}/);
  await expect(card).toContainText(/\d+ of \d+ therapists/);
  await expect(card).toContainText(/\d+ of \d+ patients/);
  await expect(page.getByRole("heading", { name: "Plans on offer" })).toBeVisible();
  await expect(page.getByText("Starter", { exact: true })).toBeVisible();
  await expect(page.getByText("Pilot (hidden)")).toHaveCount(0);
  // Its own plans, sold to its patients, are its to change; the platform's are not.
  await expect(page.getByRole("heading", { name: "Plans for your patients" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete Vestibular rehabilitation programme" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete Starter" })).toHaveCount(0);

  await visit(page, "/manager/admin/assign/membership");
  await expect(page.getByRole("heading", { name: "Memberships of your clinic and its patients" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Clínica Vestibular Norte/ }).first()).toBeVisible();
  // Its own platform period is the platform's to change; Paula's programme is the clinic's.
  await expect(page.getByRole("button", { name: /^Remove Clinic of / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Remove Vestibular rehabilitation programme of / })).toBeVisible();

  await visit(page, "/manager/admin/config");
  await page.getByLabel("Language").click();
  await page.getByRole("option", { name: "Spanish" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuración");
  try {
    await visit(page, "/manager/admin/memberships");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Membresías");
    const tarjeta = page.getByRole("region", { name: "Tu membresía" });
    await expect(tarjeta).toContainText(/, hasta el \d{4}-\d{2}-\d{2}/);
    await expect(tarjeta).toContainText(/\d+ de \d+ terapeutas/);
    await expect(page.getByRole("row", { name: /Starter/ })).toContainText("29,00");
    await expect(page.getByRole("row", { name: /Starter/ })).toContainText("Mensual");
  } finally {
    await visit(page, "/manager/admin/config");
    await page.getByLabel("Idioma").click();
    await page.getByRole("option", { name: "Inglés" }).click();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuration");
  }
});
