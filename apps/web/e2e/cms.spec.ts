import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectAccessible, settled, signInWith, switchModules, visit } from "./fixtures.ts";

/**
 * The website (issue 39), end to end: the demo web editor creates a page with three blocks (text,
 * questions and answers, a button), previews it exactly as published, schedules it a minute or so
 * ahead and adds it to the English header menu while it waits; a visitor (no account) gets "not
 * found" until its time, then the page with the menu item. The editor renames it, compares the two
 * versions side by side and restores the first; then writes its Spanish translation, linked to it,
 * and publishes that at once: the visitor reads it in Spanish and switches to English.
 *
 * The module is off in the e2e server, and other specs count the menus: it is switched on here,
 * and off again after the test, whether it passed or not.
 */

test.use({ timezoneId: "UTC" });

const run = Date.now().toString(36);
const TITLE = `Dizziness clinic ${run}`;
const SLUG = `dizziness-clinic-${run}`;
const TITLE_ES = `Clínica del mareo ${run}`;
const SLUG_ES = `clinica-del-mareo-${run}`;
const EDITOR = { email: "editor@example.com", password: "Editor-demo-2026" };

/** A visitor's own browser context: no session cookie. */
async function visitor(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce", viewport: { width: 1366, height: 800 } });
  return context.newPage();
}

/** Adds a block of `kind` (its menu name) at the end of the page. */
async function addBlock(page: Page, kind: string) {
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByRole("menuitem", { name: new RegExp(`^${kind}`) }).click();
}

/** A minute boundary 30 to 90 seconds ahead, as "YYYY-MM-DD HH:mm" in UTC (the browser's zone here). */
function soon(): { text: string; at: number } {
  const at = Math.floor((Date.now() + 90_000) / 60_000) * 60_000;
  return { text: new Date(at).toISOString().slice(0, 16).replace("T", " "), at };
}

test.afterAll(async ({ playwright }, testInfo) => {
  await switchModules(playwright, testInfo.project.use.baseURL ?? "", ["navegacion"], false);
});

test("an editor writes, previews and schedules a page, builds the header menu, compares and restores versions; the page and its Spanish twin are public", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(300_000);
  await switchModules(playwright, baseURL ?? "", ["navegacion"], true);
  const guest = await visitor(browser, baseURL ?? "");
  try {
    // ---- 1. the pages list, and a new page
    await signInWith(page, EDITOR.email, EDITOR.password);
    await visit(page, "/cms/pages");
    await expect(page.getByRole("link", { name: "Our services" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "New page" }).click();
    const create = page.getByRole("dialog", { name: "New page" });
    await create.getByRole("textbox", { name: "Title" }).fill(TITLE);
    await expect(create.getByRole("textbox", { name: "Slug" })).toHaveValue(SLUG);
    await create.getByRole("button", { name: "Create and edit" }).click();
    await page.waitForURL(/\/cms\/pages\/\d+$/);
    const editorPath = new URL(page.url()).pathname;

    // ---- 2. the editor: its navbar and the slim admin page drawer; three blocks
    await expect(page.getByRole("navigation", { name: "Admin page drawer" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await addBlock(page, "Text");
    await page.getByRole("textbox", { name: "Text" }).fill("We treat vertigo, dizziness and imbalance with exercises you also practise at home.");
    await addBlock(page, "Questions and answers");
    await page.getByRole("textbox", { name: "Question" }).fill("How long is a session?");
    await page.getByRole("textbox", { name: "Answer" }).fill("About forty-five minutes.");
    await addBlock(page, "Button");
    await page.getByRole("textbox", { name: "Button text" }).fill("Book a first visit");
    await page.getByRole("textbox", { name: "Link" }).fill("/site/en/contact");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await expectAccessible(page);

    // ---- 3. the preview: the public renderer's HTML of the draft
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.frameLocator(`iframe[title="Preview of the page ${TITLE} as the public will see it"]`);
    await expect(preview.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expect(preview.getByRole("link", { name: "Book a first visit" })).toHaveAttribute("href", "/site/en/contact");
    await expectAccessible(page);
    await page.keyboard.press("Escape");

    // ---- 4. scheduled a minute or so ahead: not public yet
    const when = soon();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("menuitem", { name: "Schedule…" }).click();
    const schedule = page.getByRole("dialog", { name: "Schedule the page" });
    await schedule.getByRole("textbox", { name: "Publish on" }).fill(when.text);
    await expectAccessible(page);
    await schedule.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page.getByText("Scheduled", { exact: true }).first()).toBeVisible();
    expect((await guest.request.get(`/site/en/${SLUG}`)).status()).toBe(404);

    // ---- 5. meanwhile, the page joins the English header menu
    await visit(page, "/cms/menus");
    await expect(page.getByRole("tab", { name: "Header" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByRole("textbox", { name: "Label" }).last().fill("Dizziness");
    const picker = page.getByRole("combobox", { name: "Page" }).last();
    await picker.fill(run);
    await page.getByRole("option", { name: TITLE }).click();
    // The new item moves up one place by keyboard, before Contact.
    await page.getByRole("button", { name: "Move Dizziness up" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Dizziness moved to position 3 of 4." })).toBeAttached();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The menu has been saved")).toBeVisible();
    await expectAccessible(page);

    // ---- 6. the job publishes it at its time: the visitor reads it, the menu item in its place
    await expect.poll(async () => (await guest.request.get(`/site/en/${SLUG}`)).status(), { timeout: 180_000, intervals: [3_000] }).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(when.at);
    await guest.goto(`/site/en/${SLUG}`);
    await expect(guest).toHaveTitle(new RegExp(TITLE));
    await expect(guest.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    const header = guest.getByRole("banner");
    await expect(header.getByRole("link")).toContainText(["Services", "About", "Dizziness", "Contact"]);
    await expect(guest.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/site/en/${SLUG}$`));
    await expectAccessible(guest);

    // ---- 7. a second version, compared with the first and restored over it
    await visit(page, editorPath);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(`${TITLE} (renamed)`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Versions" }).click();
    const versions = page.getByRole("dialog", { name: "Versions" });
    // By default the latest version against the one before it (the blocks' save, or an autosave).
    const older = versions.getByRole("combobox", { name: "Older version" });
    await expect(older).toContainText(/Version \d+/);
    const olderVersion = Number((await older.textContent())?.match(/Version (\d+)/)?.[1]);
    await expect(versions.getByRole("combobox", { name: "Newer version" })).toContainText(`Version ${olderVersion + 1}`);
    const titleRow = versions.getByRole("row", { name: /^Title/ });
    await expect(titleRow).toContainText(`${TITLE} (renamed)`);
    await expect(titleRow).toContainText("Changed");
    await expectAccessible(page);
    await versions.getByRole("button", { name: `Restore this version (${olderVersion})` }).click();
    await page
      .getByRole("dialog", { name: `Restore version ${olderVersion}?` })
      .getByRole("button", { name: "Restore" })
      .click();
    await expect(page.getByText(`Version ${olderVersion} has been restored as the draft`)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(TITLE);

    // ---- 8. the Spanish translation, linked and published at once
    await visit(page, "/cms/pages");
    await page.getByRole("button", { name: "New page" }).click();
    await create.getByRole("textbox", { name: "Title" }).fill(TITLE_ES);
    await create.getByRole("combobox", { name: "Language" }).click();
    await page.getByRole("option", { name: "Spanish" }).click();
    await expect(create.getByRole("textbox", { name: "Slug" })).toHaveValue(SLUG_ES);
    await create.getByRole("button", { name: "Create and edit" }).click();
    await page.waitForURL(/\/cms\/pages\/\d+$/);
    await settled(page);
    const twin = page.getByRole("combobox", { name: "Translation (English)" });
    await twin.fill(run);
    await page.getByRole("option", { name: TITLE }).click();
    await addBlock(page, "Text");
    await page.getByRole("textbox", { name: "Text" }).fill("Tratamos el vértigo, el mareo y la inestabilidad con ejercicios que también practica en casa.");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("menuitem", { name: "Publish now" }).click();
    await expect(page.getByText("The page is published.")).toBeVisible();

    // ---- 9. the visitor reads it in Spanish and switches to the English page
    await guest.goto(`/site/es/${SLUG_ES}`);
    await expect(guest.locator("html")).toHaveAttribute("lang", "es");
    await expect(guest.getByRole("heading", { level: 1, name: TITLE_ES })).toBeVisible();
    await expect(guest.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", new RegExp(`/site/en/${SLUG}$`));
    await expectAccessible(guest);
    await guest.getByRole("link", { name: "English" }).click();
    await expect(guest.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    expect((await guest.request.get("/sitemap.xml")).status()).toBe(200);
    expect(await (await guest.request.get("/sitemap.xml")).text()).toContain(`/site/es/${SLUG_ES}`);
  } finally {
    await guest.context().close();
  }
});
