import { expect, test } from "@playwright/test";
import { expectAccessible, settled, signIn, visit } from "./fixtures.ts";

test("a therapist files a recommendation under a new category, edits it and deletes it after confirming", async ({ page }) => {
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/recommendations");
  // The platform's entries are listed, read-only.
  await expect(page.getByRole("link", { name: "Tandem stance", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Categories" }).click();
  await settled(page);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Add category" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("x".repeat(61));
  await dialog.getByLabel("Description").fill("Exercises for visual motion sensitivity.");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("At most 60 characters.")).toBeVisible();
  await dialog.getByLabel("Name").fill("Visual dependence");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Category created")).toBeVisible();
  await page.getByRole("link", { name: "Visual dependence", exact: true }).click();
  await settled(page);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Add recommendation" }).click();
  // The form's own heading first: until its screen has loaded, the category's list is still shown.
  await expect(page.getByRole("heading", { name: "Add recommendation" })).toBeVisible();
  await settled(page);
  await page.getByLabel("Name").fill("Optokinetic video");
  await page.getByLabel("Description").fill("Watch the moving stripes video for two minutes, seated.");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Recommendation created")).toBeVisible();
  await expect(page).toHaveURL(/\/manager\/admin\/categories\/\d+$/);
  await expect(page.getByRole("link", { name: "Optokinetic video", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Edit Optokinetic video" }).click();
  // Filled in once the recommendation has loaded: typing before would be overwritten.
  await expect(page.getByLabel("Name")).toHaveValue("Optokinetic video");
  await settled(page);
  await page.getByLabel("Name").fill("Optokinetic stripes");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Recommendation updated")).toBeVisible();
  await expect(page.getByRole("link", { name: "Optokinetic stripes", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Delete Optokinetic stripes" }).click();
  await expect(page.getByRole("dialog")).toContainText("“Optokinetic stripes” will be deleted");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("link", { name: "Optokinetic stripes", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Delete Optokinetic stripes" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Recommendation removed")).toBeVisible();
  await expect(page.getByRole("link", { name: "Optokinetic stripes", exact: true })).toHaveCount(0);
});

test("the catalogue speaks Spanish, and the search narrows the list on the server", async ({ page }) => {
  await signIn(page, "patient2");
  // A patient has no catalogue: the screen shows what was given to them (the demo gives Paula two).
  await visit(page, "/manager/admin/recommendations");
  await expect(page.getByRole("heading", { name: "Mis recomendaciones" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Water with every meal" })).toBeVisible();

  await page.goto("/accounts/logout/");
  await signIn(page, "clinic");
  await visit(page, "/manager/admin/config");
  await page.getByLabel("Language").click();
  await page.getByRole("option", { name: "Spanish" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuración");

  await visit(page, "/manager/admin/recommendations");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recomendaciones");
  await expect(page.getByRole("button", { name: "Añadir recomendación" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Añadir recomendación" })).toBeVisible();
  await page.getByLabel("Buscar por nombre").fill("mirada");
  await expect(page.getByRole("link", { name: "Estabilización de la mirada", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Tandem stance", exact: true })).toHaveCount(0);
  await expect(page.getByText("1–1 de 1")).toBeVisible();

  await visit(page, "/manager/admin/config");
  await page.getByLabel("Idioma").click();
  await page.getByRole("option", { name: "Inglés" }).click();
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuration");
});
