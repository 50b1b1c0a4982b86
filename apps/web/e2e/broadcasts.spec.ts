import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS, type DemoRole, expectAccessible, settled, signIn, signOut } from "./fixtures.ts";

/** An API session of its own (not the page's cookies), as a demo account. */
async function apiAs(request: APIRequestContext, role: DemoRole, origin: string): Promise<void> {
  const { email, password } = DEMO_ACCOUNTS[role];
  const answer = await request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin } });
  expect(answer.status(), `sign-in as ${role}`).toBe(200);
}

/** The banners the page's shell asks for after `action` (a sign-in, a reload). */
async function activeAfter(page: Page, action: () => Promise<void>): Promise<{ id: number }[]> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/broadcasts/active" && response.status() === 200);
  await action();
  return (await answer).json();
}

/**
 * The global messages app (issue 19.3): the admin publishes a banner for patients; the therapist
 * is not shown it; the patient reads it and closes it, and it stays closed after signing out and
 * in again; a Spanish patient reads it in Spanish. The banner is deleted afterwards, so later
 * specs see no banner.
 */
test("an admin publishes a banner for patients; a patient dismisses it for good; a Spanish patient reads it in Spanish", async ({ page, request, baseURL }) => {
  // Four sign-ins and three axe passes: on a busy machine that is more than the default minute.
  test.setTimeout(120_000);
  const origin = baseURL ?? "";
  const run = Date.now();
  const english = `Planned maintenance tonight ${run}`;
  const spanish = `Mantenimiento previsto esta noche ${run}`;
  let id: number | null = null;
  try {
    await signIn(page, "admin");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Messages", exact: true }).click();
    await expect(page).toHaveURL(/\/messages\/app/);
    await expect(page.getByRole("banner").getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
    await settled(page);

    await page.getByRole("button", { name: "New message" }).click();
    const dialog = page.getByRole("dialog", { name: "New message" });
    await dialog.getByRole("textbox", { name: "Message in English" }).fill(english);
    await dialog.getByRole("textbox", { name: "Message in Spanish" }).fill(spanish);
    await dialog.getByRole("combobox", { name: "Severity" }).click();
    await page.getByRole("option", { name: "Warning" }).click();
    await dialog.getByRole("checkbox", { name: "Patients" }).check();
    // The window's times speak §9's "YYYY-MM-DD, hh:mm am" whatever the browser's locale; a time
    // typed on the 24-hour clock is read and written back in it.
    await expect(dialog.getByRole("textbox", { name: /^Starts/ })).toHaveValue(/^\d{4}-\d{2}-\d{2}, \d{2}:\d{2} [ap]m$/);
    const ends = dialog.getByRole("textbox", { name: /^Ends/ });
    const endDay = (await ends.inputValue()).slice(0, 10);
    await ends.fill(`${endDay} 18:30`);
    await ends.blur();
    await expect(ends).toHaveValue(`${endDay}, 06:30 pm`);
    await expect(dialog.getByRole("region", { name: "Preview" }).getByText(spanish)).toBeVisible();
    await settled(page);
    await expectAccessible(page);
    const created = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/broadcasts/" && response.request().method() === "POST");
    await dialog.getByRole("button", { name: "Publish" }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    id = (await answer.json()).id as number;
    await expect(page.getByText("The message was published.")).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: english });
    await expect(card.getByText("Active", { exact: true })).toBeVisible();
    // The end typed in the dialog is the end the server keeps.
    await expect(card).toContainText(`– ${endDay}, 06:30 pm`);
    await expect(card.getByText("For: patients")).toBeVisible();
    // For patients only: not the admin's shell.
    await expect(page.getByTestId("broadcast-banner")).toHaveCount(0);
    await settled(page);
    await expectAccessible(page);

    // Nor the therapist's (asked through a session of its own).
    await apiAs(request, "therapist", origin);
    const forTherapist = await request.get("/api/broadcasts/active");
    expect((await forTherapist.json()).map((row: { id: number }) => row.id)).not.toContain(id);

    // Pablo reads it at the top of his home, and closes it.
    await page.context().clearCookies();
    await signIn(page, "patient");
    const banner = page.getByTestId("broadcast-banner").filter({ hasText: english });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute("role", "status");
    await settled(page);
    await expectAccessible(page);
    await banner.getByRole("button", { name: "Close this message" }).click();
    await expect(banner).toHaveCount(0);

    // Signed out and in again (on any device, the server keeps it): still closed.
    await signOut(page);
    const after = await activeAfter(page, () => signIn(page, "patient"));
    expect(after.map((row) => row.id)).not.toContain(id);
    await expect(page.getByTestId("broadcast-banner").filter({ hasText: english })).toHaveCount(0);

    // Paula, whose interface is in Spanish, reads it in Spanish and may close it.
    await page.context().clearCookies();
    await signIn(page, "patient2");
    const spanishBanner = page.getByTestId("broadcast-banner").filter({ hasText: spanish });
    await expect(spanishBanner).toBeVisible();
    await expect(spanishBanner.getByRole("button", { name: "Cerrar este mensaje" })).toBeVisible();
  } finally {
    if (id !== null) {
      await page.context().clearCookies();
      await apiAs(page.request, "admin", origin);
      const gone = await page.request.delete(`/api/broadcasts/${id}`, { headers: { origin } });
      expect(gone.status()).toBe(204);
    }
  }
});
