import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { expectAccessible, settled, signIn, visit } from "./fixtures.ts";

/** Each run makes people of its own (the specs may run again on the same database). */
const run = Date.now().toString(36);

test.setTimeout(120_000);

/** 50 patients, the way a clinic's spreadsheet holds them; `broken` spoils rows 5 and 30 (spreadsheet rows 6 and 31). */
async function patientsXlsx(broken: boolean): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Pacientes");
  sheet.addRow(["Nombres", "Apellidos", "Correo electrónico", "Idioma"]);
  for (let index = 1; index <= 50; index++) {
    const email = broken && index === 5 ? "no-es-un-correo" : `import-${run}-${index}@people.test`;
    const nombres = broken && index === 30 ? "" : `Paciente${index}`;
    sheet.addRow([nombres, `Peña ${run}`, email, index % 2 === 0 ? "es" : "en"]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function chooseFile(page: Page, bytes: Buffer) {
  await page.getByTestId("import-file").setInputFiles({
    name: "pacientes.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: bytes,
  });
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an admin imports 50 patients from an XLSX with two bad rows, fixes them, imports again", async ({ page }) => {
  await signIn(page, "admin");
  await visit(page, "/user/admin");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import people from a file" });
  await dialog.getByRole("combobox", { name: "Clinic" }).fill("Norte");
  await page.getByRole("option", { name: /Vestibular Norte/ }).click();

  // The file with two bad rows: the preview maps its Spanish headers on its own.
  await chooseFile(page, await patientsXlsx(true));
  await expect(dialog.getByText("Which column fills each field (50 rows in the file)")).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Email" })).toHaveText("Correo electrónico");
  const preview = dialog.getByRole("table", { name: "Preview of the first rows" });
  await expect(preview.getByRole("row")).toHaveCount(11);
  await expect(preview.getByRole("row").nth(1)).toContainText(`Paciente1Peña ${run}import-${run}-1@people.test`);
  await settled(page);
  await expectAccessible(page);
  await shoot(page, "import-preview");

  await dialog.getByRole("button", { name: "Import 50 people" }).click();
  const report = dialog.getByRole("table", { name: "Rows to correct" });
  await expect(report.getByRole("row")).toHaveCount(3);
  await expect(report.getByRole("row").nth(1)).toContainText("6Email");
  await expect(report.getByRole("row").nth(1)).toContainText("This is not a valid email address.");
  await expect(report.getByRole("row").nth(2)).toContainText("31Given names");
  await expect(report.getByRole("row").nth(2)).toContainText("This field is required.");
  await expect(page.getByText("Please correct the errors and upload the file again").first()).toBeVisible();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download the report (CSV)" }).click();
  expect((await download).suggestedFilename()).toBe("import-errors.csv");
  await settled(page);
  await expectAccessible(page);
  await shoot(page, "import-errors");

  // Nothing was written: none of the 48 good rows is a patient yet.
  await visit(page, "/manager/admin/patients");
  await page.getByLabel("Search by name, email or ID").fill(`import-${run}-1@`);
  await settled(page);
  await expect(page.getByText("No patients", { exact: false }).first()).toBeVisible();

  // The corrected file, same headers: the mapping is kept; all 50 go in.
  await visit(page, "/user/admin");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await dialog.getByRole("combobox", { name: "Clinic" }).fill("Norte");
  await page.getByRole("option", { name: /Vestibular Norte/ }).click();
  await chooseFile(page, await patientsXlsx(false));
  await dialog.getByRole("button", { name: "Import 50 people" }).click();
  await expect(page.getByText("The complete user list was imported successfully (50 people)")).toBeVisible();
  await expect(dialog).toBeHidden();

  await visit(page, "/manager/admin/patients");
  await page.getByLabel("Search by name, email or ID").fill(`import-${run}-1@`);
  await settled(page);
  await expect(page.getByRole("row", { name: new RegExp(`Paciente1 Peña ${run}`) })).toBeVisible();
  await page.getByLabel("Search by name, email or ID").fill(`import-${run}-50@`);
  await settled(page);
  await expect(page.getByRole("row", { name: new RegExp(`Paciente50 Peña ${run}`) })).toBeVisible();
  await expectAccessible(page);
});

test("a clinic working in Spanish reads the import's row errors in Spanish", async ({ page }) => {
  await signIn(page, "clinic");
  await visit(page, "/manager/admin/config");
  await page.getByLabel("Language").click();
  await page.getByRole("option", { name: "Spanish" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Felicidades")).toBeVisible();
  try {
    await visit(page, "/manager/admin/patients");
    await page.getByRole("button", { name: "Importar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Importar personas desde un archivo" });
    await page.getByTestId("import-file").setInputFiles({
      name: "pacientes.csv",
      mimeType: "text/csv",
      // Latin-1, as Excel on Windows saves a CSV: the accents must survive.
      buffer: Buffer.from(`Nombres;Apellidos;Correo;Idioma\nMaría;Peña;maria-${run}@people.test;es\nJosé;Núñez;jose-sin-arroba;es\n`, "latin1"),
    });
    await expect(dialog.getByRole("table", { name: "Vista previa de las primeras filas" })).toContainText("MaríaPeña");
    await dialog.getByRole("button", { name: "Importar 2 personas" }).click();
    const report = dialog.getByRole("table", { name: "Filas que corregir" });
    await expect(report.getByRole("row").nth(1)).toContainText("3Correo electrónicoNo es un correo electrónico válido.");
    await expect(dialog.getByRole("alert")).toHaveText("Corrija los errores y vuelva a cargar el archivo1 error que corregir:");
    await settled(page);
    await expectAccessible(page);
    await shoot(page, "import-errors-es");
  } finally {
    await visit(page, "/manager/admin/config");
    await page.getByLabel("Idioma").click();
    await page.getByRole("option", { name: "Inglés" }).click();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuration");
  }
});
