import { expect, test } from "@playwright/test";
import { expectAccessible, settled, signIn, visit } from "./fixtures.ts";

test("a therapist adds a text activity, reads it, edits it and deletes it after confirming", async ({ page }) => {
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/activities");
  await expect(page.getByRole("link", { name: "Understanding dizziness", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Add activity" }).click();
  await settled(page);
  await expectAccessible(page);

  await page.getByLabel("Name").fill("Breathing before exercises");
  await page.getByLabel("Description").fill("Calm breathing to start each session.");
  await page.getByRole("button", { name: "Text" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("A text activity needs its text.")).toBeVisible();
  await page.getByRole("textbox", { name: "Text" }).fill("Breathe in for four counts.\nBreathe out for six counts.\nRepeat five times.");
  await page.getByLabel("Categories").click();
  await page.getByRole("option", { name: "Vestibular rehabilitation" }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Activity created")).toBeVisible();
  await expect(page.getByTestId("activity-text")).toContainText("Breathe out for six counts.");
  await expect(page.getByRole("link", { name: "Vestibular rehabilitation" })).toBeVisible();
  await settled(page);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Edit" }).click();
  await settled(page);
  await page.getByLabel("Name").fill("Calm breathing");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Activity updated")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Calm breathing" })).toBeVisible();

  await visit(page, "/manager/admin/activities");
  await page.getByRole("button", { name: "Delete Calm breathing" }).click();
  await expect(page.getByRole("dialog")).toContainText("“Calm breathing” will be deleted");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Activity removed")).toBeVisible();
  await expect(page.getByRole("link", { name: "Calm breathing", exact: true })).toHaveCount(0);
});

test("a game activity shows its build of the catalogue, with a preview", async ({ page }) => {
  await signIn(page, "clinic");
  await visit(page, "/manager/admin/activities");
  await page.getByRole("link", { name: "Reaction lights", exact: true }).click();
  await settled(page);
  const game = page.getByTestId("activity-game");
  await expect(game).toContainText("Reactor: left or right");
  await expect(game).toContainText("928 × 415");
  await expect(game.getByRole("link", { name: "Preview the game" })).toHaveAttribute("href", "/manager/admin/games/reactor-choice-2");
  // A platform activity is read-only for a clinic.
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expectAccessible(page);
});

test("patients see their assigned activities on the activities screen, in Spanish, and no favourites until they mark one", async ({ page }) => {
  await signIn(page, "patient2");
  await visit(page, "/manager/admin/activities");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Actividades");
  // The demo's history plans something for Paula every day, and gives her no favourites.
  const todays = page.getByRole("region", { name: "Hoy" });
  await expect(todays.getByTestId("my-activity").first()).toBeVisible();
  await expect(todays.getByRole("button", { name: /^Abrir: / }).first()).toBeVisible();
  await expect(page.getByText("Nada planificado para hoy ni para los próximos días.")).toHaveCount(0);
  await page.getByRole("button", { name: "Favoritas" }).click();
  await expect(page.getByText("Aún no tienes favoritas: marca una actividad con el corazón.")).toBeVisible();
  await expectAccessible(page);
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f3b2c20000000049454e44ae426082",
  "hex",
);

/** The smallest MP4 the server accepts: an `ftyp` box, then a few bytes. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2")]), Buffer.alloc(64, 7)]);

test("a therapist makes a video activity from an uploaded file with a picture, and it plays in the app", async ({ page }) => {
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/files/new");
  await page.getByLabel("Name").fill("Stripes video");
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Video" }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: "stripes.mp4", mimeType: "video/mp4", buffer: MP4 });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("File created")).toBeVisible();

  await visit(page, "/manager/admin/activities/new");
  await page.getByLabel("Name").fill("Optokinetic stripes");
  await page.getByLabel("Description").fill("Watch the stripes seated, two minutes.");
  await page.getByRole("combobox", { name: "Video file" }).click();
  await page.getByRole("option", { name: "Stripes video" }).click();
  await page.locator('input[type="file"][accept^="image"]').setInputFiles({ name: "stripes.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Chosen image" })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Activity created")).toBeVisible();
  const picture = page.getByRole("img", { name: "Optokinetic stripes" });
  await expect(picture).toBeVisible();
  expect((await page.request.get((await picture.getAttribute("src")) as string)).status()).toBe(200);

  const video = page.locator("video");
  await expect(video).toBeVisible();
  const src = await video.getAttribute("src");
  expect(src).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
  const response = await page.request.get(src as string, { headers: { range: "bytes=0-15" } });
  expect(response.status()).toBe(206);
  expect(response.headers()["content-type"]).toBe("video/mp4");
  await settled(page);
  await expectAccessible(page);

  await visit(page, "/manager/admin/activities");
  await page.getByRole("button", { name: "Delete Optokinetic stripes" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Activity removed")).toBeVisible();
});
