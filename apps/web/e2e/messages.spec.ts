import { expect, test } from "@playwright/test";
import { expectAccessible, settled, signIn } from "./fixtures.ts";

/**
 * Messages (issue 19.2): the therapist's page is open in one browser while the admin writes to
 * every therapist in another; the job delivers it and the therapist's bell counts it live,
 * without a reload. The admin follows the delivery in the sent list.
 */
test("an admin messages the therapists; the therapist's bell counts it without reloading", async ({ browser }) => {
  test.setTimeout(120_000);
  const subject = `Team meeting moved ${Date.now()}`;
  const therapist = await (await browser.newContext()).newPage();
  await signIn(therapist, "therapist");
  const origin = new URL(therapist.url()).origin;
  expect((await therapist.request.post("/api/notifications/read-all", { headers: { origin } })).status()).toBe(200);
  const bell = therapist.getByRole("button", { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toHaveAccessibleName("Notifications, 0 unread");

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "admin");
  await admin.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Send messages" }).click();
  await expect(admin).toHaveURL(/\/manager\/admin\/message$/);
  await settled(admin);
  await admin.getByRole("button", { name: "New message" }).click();
  const dialog = admin.getByRole("dialog", { name: "New message" });
  await dialog.getByRole("textbox", { name: "Subject" }).fill(subject);
  await dialog.getByRole("textbox", { name: "Message" }).fill("The weekly meeting is on Thursday at 9:00 this week.");
  // Sending to nobody is refused before it leaves the form.
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByText("Choose who receives the message: a role, a clinic, a group or people.")).toBeVisible();
  await dialog.getByRole("checkbox", { name: "Therapists" }).check();
  await expect(dialog.getByRole("status").filter({ hasText: /It reaches \d+ (person|people) now\./ })).toBeVisible();
  await settled(admin);
  await expectAccessible(admin);
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(admin.getByText("The message is on its way")).toBeVisible();

  // The worker delivers it; the therapist's open page is told over the socket.
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 20_000 });
  await bell.click();
  await expect(therapist.getByRole("dialog", { name: "Notifications" }).getByRole("button", { name: new RegExp(subject) })).toBeVisible();

  // The sent list follows the delivery to the end.
  const card = admin.getByRole("article").filter({ hasText: subject });
  await expect(card.getByText("Sent", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText("To: Therapists");
  await expect(card).toContainText("by Alicia Romero");
  const delivered = card.getByText("Delivered").locator("xpath=following-sibling::*[1]");
  const recipients = card.getByText("Recipients").locator("xpath=following-sibling::*[1]");
  await expect(delivered).toHaveText(await recipients.innerText());
  await settled(admin);
  await expectAccessible(admin);
  await admin.context().close();
  await therapist.context().close();
});
