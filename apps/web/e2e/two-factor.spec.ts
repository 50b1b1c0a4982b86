import { expect, test } from "@playwright/test";
import { totpNow } from "../../server/test/totp.ts";
import { DEMO_ACCOUNTS, expectAccessible, settled, signIn, signOut, visit } from "./fixtures.ts";

test("staff switch on two-step verification, then sign in with a code, then switch it off", async ({ page }) => {
  const account = DEMO_ACCOUNTS.clinic;
  await signIn(page, "clinic");
  await visit(page, "/user/profile");
  const card = page.getByRole("region", { name: "Two-step verification" });
  await expect(card.getByText("Off", { exact: true })).toBeVisible();
  await card.getByLabel("Current password").fill(account.password);
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  await settled(page);
  await expectAccessible(page);
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  const uri = `otpauth://totp/test?secret=${secret}`;
  await card.getByLabel("6-digit code").fill(totpNow(uri));
  await card.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Two-step verification is on")).toBeVisible();
  await expect(card.getByText("On", { exact: true })).toBeVisible();

  await signOut(page);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
  await settled(page);
  await expectAccessible(page);
  await page.getByLabel("6-digit code").fill(totpNow(uri) === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The code is not valid" })).toHaveText(
    "The code is not valid. Check your authenticator app and try again.",
  );
  await page.getByLabel("6-digit code").fill(totpNow(uri));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/manager/admin/dashboard");

  await visit(page, "/user/profile");
  const again = page.getByRole("region", { name: "Two-step verification" });
  await again.getByLabel("Current password").fill(account.password);
  await again.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Two-step verification is off")).toBeVisible();
});
