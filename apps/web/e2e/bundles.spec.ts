import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { buildZip, type ZipEntry } from "../../server/src/platform/zip-writer.ts";
import { assignToPablo, expectAccessible, loadAll, settled, signIn, signOut, visit } from "./fixtures.ts";

const EXAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../packages/games/examples/bundle");
const exampleEntries: ZipEntry[] = readdirSync(EXAMPLE).map((name) => ({ name, data: readFileSync(path.join(EXAMPLE, name)) }));

/** A Game file uploaded on the files screen, labels in the screen's language. */
async function uploadGame(page: Page, labels: { name: string; type: string; game: string; save: string }, name: string, zip: Buffer) {
  await visit(page, "/manager/admin/files/new");
  await page.getByLabel(labels.name).fill(name);
  await page.getByRole("combobox", { name: labels.type }).click();
  await page.getByRole("option", { name: labels.game }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: "game.zip", mimeType: "application/zip", buffer: zip });
  await page.getByRole("button", { name: labels.save }).click();
}

/** The signed-in user's saved language, changed on the configuration screen (labels in the current language). */
async function setLanguage(page: Page, option: string, label: string, save: string) {
  await visit(page, "/manager/admin/config");
  await page.getByLabel(label).click();
  await page.getByRole("option", { name: option }).click();
  await page.getByRole("button", { name: save }).click();
  await settled(page);
}

test("a therapist uploads the example bundle and makes a game of it; the patient plays it in the sandbox and its score arrives", async ({ page }) => {
  test.setTimeout(240_000);
  const token = `e2e-${Date.now().toString(36)}`;
  const fileName = `Quick hands ${token}`;
  const activityName = `Quick hands game ${token}`;

  await signIn(page, "therapist");
  // In Spanish, a hostile zip is refused with its reason in Spanish, and nothing is kept.
  await setLanguage(page, "Spanish", "Language", "Save");
  try {
    await uploadGame(
      page,
      { name: "Nombre", type: "Tipo", game: "Juego", save: "Guardar" },
      `Hostil ${token}`,
      buildZip([...exampleEntries, { name: "../escape.js", data: "x" }]),
    );
    await expect(page.locator(".MuiFormHelperText-root", { hasText: "El paquete del juego contiene una ruta fuera del paquete" })).toBeVisible();
    await expectAccessible(page);
  } finally {
    await setLanguage(page, "Inglés", "Idioma", "Guardar");
  }

  await uploadGame(page, { name: "Name", type: "Type", game: "Game", save: "Save" }, fileName, buildZip(exampleEntries));
  await expect(page.getByText("File created")).toBeVisible();
  await visit(page, `/manager/admin/files?value=${token}`);
  await expect(page.getByText(fileName).first()).toBeVisible();
  expect((await page.request.get(`/api/files/?value=${token}`).then((r) => r.json())).data.map((f: { name: string }) => f.name)).not.toContain(
    `Hostil ${token}`,
  );

  // A game activity playing the uploaded bundle.
  await visit(page, "/manager/admin/activities/new");
  await page.getByLabel("Name").fill(activityName);
  await page.getByLabel("Description").fill("Press the button when it says Now!");
  await page.getByRole("group", { name: "Type" }).getByRole("button", { name: "Game" }).click();
  await page.getByRole("radiogroup", { name: "Game source" }).getByRole("radio", { name: "Uploaded game" }).click();
  await page.getByRole("combobox", { name: "Uploaded game" }).click();
  await page.getByRole("option", { name: fileName }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Activity created")).toBeVisible();
  await expect(page.getByTestId("activity-game")).toContainText(fileName);
  // The therapist tries it first, in the same sandbox; what it reports is shown, not recorded.
  await page.getByRole("button", { name: "Try it" }).click();
  const tryout = page.frameLocator('[data-testid="bundle-frame"]');
  await tryout.getByRole("button", { name: "Start" }).click();
  for (let round = 0; round < 3; round++) await tryout.getByRole("button", { name: "Now!" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The game reported a score of 30. Nothing was recorded." })).toBeVisible();
  await expectAccessible(page);

  // Assigned to Pablo for today.
  await assignToPablo(page, activityName, 5);
  await signOut(page);

  // The patient plays it: the bundle runs in a frame sandboxed to scripts alone.
  await signIn(page, "patient");
  await loadAll(page);
  await page.getByRole("link", { name: `Play: ${activityName}` }).click();
  await page.waitForURL(/\/manager\/patient\/play\/\d+$/);
  const assignmentId = Number(page.url().split("/").pop());
  await settled(page);
  await expect(page.getByRole("heading", { name: activityName })).toBeVisible();
  await page.getByRole("button", { name: "2 out of 10" }).click();
  await page.getByRole("button", { name: "Start" }).click();

  const frameElement = page.getByTestId("bundle-frame");
  await expect(frameElement).toHaveAttribute("sandbox", "allow-scripts");
  const game = page.frameLocator('[data-testid="bundle-frame"]');
  await expect(game.getByRole("heading", { name: "Quick hands" })).toBeVisible();
  // The frame's document is of an opaque origin: the app's cookies and storage are out of its reach.
  const frame = page.frames().find((candidate) => candidate.url().includes("/bundles/"));
  const reach = await frame?.evaluate(() => {
    try {
      return [self.origin, `cookie: ${document.cookie}`];
    } catch (error) {
      return [self.origin, (error as Error).name];
    }
  });
  expect(reach).toEqual(["null", "SecurityError"]);
  // Opened as a page of its own, the bundle is just as confined (its policy's sandbox).
  const alone = await page.context().newPage();
  await alone.goto(frame?.url() ?? "about:blank");
  expect(await alone.evaluate(() => self.origin)).toBe("null");
  await alone.close();
  await expectAccessible(page);

  await game.getByRole("button", { name: "Start" }).click();
  for (let round = 0; round < 3; round++) {
    await expect(game.getByRole("button", { name: "Now!" })).toBeVisible();
    await game.getByRole("button", { name: "Now!" }).click();
  }
  await expect(page.getByTestId("bundle-score")).toHaveText("The game reported your score: 30.");
  await page.getByRole("button", { name: "1 out of 10" }).click();
  await page.getByRole("button", { name: "Save my result" }).click();
  await expect(page.getByText("Your result is saved and your therapist can see it.")).toBeVisible();
  await expectAccessible(page);

  // The result arrived once, with the bundle's score and the page's figures.
  const saved = await (await page.request.get(`/api/assignActivity/${assignmentId}/`)).json();
  expect(saved.done).toBe(true);
  expect(saved.result).toMatchObject({ score: 30, maxScore: 30, dizziness_before: 2, dizziness_after: 1, trials: 3, accuracy: 1 });
});
