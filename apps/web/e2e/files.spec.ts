import { expect, test } from "@playwright/test";
import { expectAccessible, settled, signIn, visit } from "./fixtures.ts";

/** The smallest MP4 the server accepts: an `ftyp` box, then a few bytes. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2")]), Buffer.alloc(64, 7)]);

test("a therapist uploads a video file, opens its download and deletes it after confirming", async ({ page }) => {
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/files");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Files");

  await page.getByRole("link", { name: "Add file" }).click();
  await settled(page);
  await expectAccessible(page);
  await page.getByLabel("Name").fill("Saccades warm-up");
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Video" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Choose a file to upload.")).toBeVisible();
  // A PNG under the Video type: the server refuses it and the form shows why, on the file.
  await page.locator('input[type="file"]').setInputFiles({ name: "still.png", mimeType: "image/png", buffer: Buffer.from("89504e470d0a1a0a0000", "hex") });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(".MuiFormHelperText-root", { hasText: "not an accepted format" })).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({ name: "saccades.mp4", mimeType: "video/mp4", buffer: MP4 });
  await expect(page.getByText(/Chosen: saccades\.mp4/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("File created")).toBeVisible();
  await expect(page).toHaveURL(/\/manager\/admin\/files$/);
  await settled(page);

  const link = page.getByRole("link", { name: "Open Saccades warm-up" });
  await expect(link).toBeVisible();
  await expect(page.getByRole("row", { name: /Saccades warm-up/ }).getByText("Video", { exact: true })).toBeVisible();
  await expectAccessible(page);
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
  const download = await page.request.get(href as string);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("video/mp4");
  expect(download.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Buffer.from(await download.body()).equals(MP4)).toBe(true);

  await page.getByRole("button", { name: "Delete Saccades warm-up" }).click();
  await expect(page.getByRole("dialog")).toContainText("“Saccades warm-up” and its stored content will be deleted.");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(link).toBeVisible();
  await page.getByRole("button", { name: "Delete Saccades warm-up" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("File removed")).toBeVisible();
  await expect(page.getByRole("link", { name: "Open Saccades warm-up" })).toHaveCount(0);
  expect((await page.request.get(href as string)).status()).toBe(404);
});

test("a clinic adds a link instead of an upload", async ({ page }) => {
  await signIn(page, "clinic");
  await visit(page, "/manager/admin/files/new");
  await page.getByLabel("Name").fill("Reading about vertigo");
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Text" }).click();
  await page.getByRole("button", { name: "Paste a link" }).click();
  await page.getByLabel("Link").fill("https://example.com/vertigo");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("File created")).toBeVisible();
  await settled(page);
  await expect(page.getByRole("link", { name: "Open Reading about vertigo" })).toHaveAttribute("href", "https://example.com/vertigo");
  await expectAccessible(page);
});
