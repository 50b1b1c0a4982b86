import { expect, type Page, test } from "@playwright/test";
import { assignToPablo, expectAccessible, loadAll, pdfOf, settled, signIn, signOut, visit } from "./fixtures.ts";

const LEAFLET = pdfOf(["Balance at home: page one", "Page two: standing", "Page three: walking"]);

/** A Text file uploaded on the files screen. */
async function uploadTextFile(page: Page, name: string, file: { name: string; buffer: Buffer }) {
  await visit(page, "/manager/admin/files/new");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Text" }).click();
  await page.locator('input[type="file"]').setInputFiles({ ...file, mimeType: "application/pdf" });
  await page.getByRole("button", { name: "Save" }).click();
}

/** The viewer shows page `page` of `pages`, drawn on its canvas. */
async function expectPage(page: Page, pageNumber: number, pages: number) {
  const viewer = page.getByTestId("pdf-viewer");
  await expect(viewer.getByTestId("pdf-page")).toHaveText(`Page ${pageNumber} of ${pages}`);
  await expect(viewer.locator("canvas")).toHaveAttribute("data-rendered-page", String(pageNumber));
  // Drawn, not blank: the page's text left dark pixels on the white page.
  const dark = await viewer.locator("canvas").evaluate((canvas: HTMLCanvasElement) => {
    const pixels = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
    let count = 0;
    for (let index = 0; index < pixels.length; index += 4) if (pixels[index] < 100 && pixels[index + 3] > 0) count++;
    return count;
  });
  expect(dark).toBeGreaterThan(50);
}

test("a therapist attaches a PDF to a text activity and assigns it; the patient reads it page by page on a desktop and a phone", async ({ page }) => {
  test.setTimeout(240_000);
  const token = `e2e-${Date.now().toString(36)}`;
  const activityName = `Balance leaflet ${token}`;

  await signIn(page, "therapist");
  // A "PDF" that is not one is refused at upload; the real one is kept.
  await uploadTextFile(page, `Leaflet ${token}`, { name: "leaflet.pdf", buffer: Buffer.from("Just some words, not a PDF.") });
  await expect(page.locator(".MuiFormHelperText-root", { hasText: "not an accepted format" })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: "leaflet.pdf", mimeType: "application/pdf", buffer: LEAFLET });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("File created")).toBeVisible();

  // The form offers Text files as the text's document.
  await visit(page, "/manager/admin/activities/new");
  await page.getByLabel("Name").fill(activityName);
  await page.getByLabel("Description").fill("Read it before your exercises.");
  await page.getByRole("group", { name: "Type" }).getByRole("button", { name: "Text" }).click();
  await page.getByRole("textbox", { name: "Text" }).fill("Read the leaflet, one page a day.");
  await page.getByRole("combobox", { name: "Document (optional)" }).click();
  await page.getByRole("option", { name: `Leaflet ${token}` }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Activity created")).toBeVisible();
  // The staff preview shows it as the patient will.
  await expectPage(page, 1, 3);
  await settled(page);
  await expectAccessible(page);

  // A file that starts like a PDF but is not one: the viewer says so instead of a blank frame.
  const damaged = await page.request.post("/api/files/", {
    multipart: {
      name: `Damaged ${token}`,
      type: "Text",
      file: { name: "damaged.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\nnothing of a PDF follows") },
    },
  });
  expect(damaged.status()).toBe(201);
  const broken = await page.request.post("/api/activities/", {
    data: { name: `Damaged ${token}`, description: "<p>Broken.</p>", type: "text", body: "<p>See below.</p>", fileId: (await damaged.json()).id },
  });
  expect(broken.status()).toBe(201);
  await visit(page, `/manager/admin/activities/${(await broken.json()).id}`);
  await expect(page.getByTestId("pdf-error")).toHaveText("This file is not a readable PDF: it may be damaged.");

  // Assigned to Pablo for today.
  await assignToPablo(page, activityName, 15, `Seated, ${token}`);
  await signOut(page);

  // The patient opens it and pages through the document.
  await signIn(page, "patient");
  await loadAll(page);
  const item = page.getByRole("region", { name: "Today" }).getByTestId("my-activity").filter({ hasText: token });
  await item.getByRole("button", { name: `Open: ${activityName}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Read the leaflet, one page a day.")).toBeVisible();
  await expectPage(page, 1, 3);
  await dialog.getByRole("button", { name: "Next page" }).click();
  await expectPage(page, 2, 3);
  await expect(dialog.getByRole("img", { name: `Page 2 of 3 of Leaflet ${token}` })).toBeVisible();

  // Zoom: fit to width first, then one step in widens the page past its frame; fit brings it back.
  const canvasWidth = () => dialog.locator("canvas").evaluate((canvas) => canvas.getBoundingClientRect().width);
  // The frame's width inside its padding (and scroll bar): what fit to width fills.
  const frameWidth = await dialog.getByRole("group", { name: /^Document page/ }).evaluate((frame) => {
    const style = getComputedStyle(frame);
    return frame.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
  });
  const fitted = await canvasWidth();
  expect(Math.abs(fitted - frameWidth)).toBeLessThanOrEqual(2);
  const fittedZoom = await dialog.getByTestId("pdf-zoom").textContent();
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await expect(dialog.getByTestId("pdf-zoom")).not.toHaveText(fittedZoom ?? "");
  await expect.poll(canvasWidth).toBeGreaterThan(fitted + 10);
  await dialog.getByRole("button", { name: "Fit to width" }).click();
  await expect.poll(canvasWidth).toBeLessThanOrEqual(frameWidth + 2);

  // The keyboard pages too, from the page area.
  await dialog.getByRole("group", { name: /^Document page/ }).focus();
  await page.keyboard.press("ArrowRight");
  await expectPage(page, 3, 3);
  await expect(dialog.getByRole("button", { name: "Next page" })).toBeDisabled();
  await page.keyboard.press("Home");
  await expectPage(page, 1, 3);
  await settled(page);
  await expectAccessible(page);

  // On a phone the page fits the screen's width and still pages.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect.poll(canvasWidth).toBeLessThanOrEqual(375);
  await expectPage(page, 1, 3);
  await dialog.getByRole("button", { name: "Next page" }).click();
  await expectPage(page, 2, 3);
  await settled(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  await dialog.getByRole("button", { name: "Close" }).click();
  await signOut(page);

  // The form in Spanish: a game takes a catalogue game or an uploaded one, and says which it lacks.
  await signIn(page, "therapist");
  await setLanguage(page, "Spanish", "Language", "Save");
  try {
    await visit(page, "/manager/admin/activities/new");
    await page.getByLabel("Nombre").fill(`Juego ${token}`);
    await page.getByRole("group", { name: "Tipo" }).getByRole("button", { name: "Juego" }).click();
    const source = page.getByRole("radiogroup", { name: "Origen del juego" });
    await expect(source.getByRole("radio", { name: "Juego del catálogo" })).toBeChecked();
    await source.getByRole("radio", { name: "Juego subido" }).click();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Una actividad de juego necesita un juego del catálogo o un juego subido.")).toBeVisible();
    await expectAccessible(page);
  } finally {
    await setLanguage(page, "Inglés", "Idioma", "Guardar");
  }
});

/** The signed-in user's saved language, changed on the configuration screen (labels in the current language). */
async function setLanguage(page: Page, option: string, label: string, save: string) {
  await visit(page, "/manager/admin/config");
  await page.getByLabel(label).click();
  await page.getByRole("option", { name: option }).click();
  await page.getByRole("button", { name: save }).click();
  await settled(page);
}
