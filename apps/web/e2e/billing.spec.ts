import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, settled, signIn, signOut, visit } from "./fixtures.ts";

/** A form field by its label (a required field's label ends with an asterisk). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\W*$`));

test("a clinic orders a plan by bank transfer, the admin confirms it, and the clinic downloads the invoice", async ({ page }) => {
  test.slow();
  await signIn(page, "clinic");
  await visit(page, "/manager/admin/getMembership");
  await expect(page.getByRole("heading", { name: "Your clinic's membership" })).toBeVisible();
  await expectAccessible(page);

  // Billing details first: the demo clinic has none yet.
  await page.getByRole("link", { name: "Choose Starter" }).click();
  await settled(page);
  await expect(page.getByRole("button", { name: "Place order" })).toBeDisabled();
  await field(page, "Legal name").fill("Clínica Vestibular Norte S.L.");
  await field(page, "Tax ID").fill("B86000001");
  await field(page, "Address").fill("Calle de Alcalá 120");
  await field(page, "City").fill("Madrid");
  await field(page, "Postal code").fill("28009");
  await field(page, "Country").fill("España");
  await page.getByRole("button", { name: "Save billing details" }).click();
  await expect(page.getByText("Billing details saved")).toBeVisible();
  await page.getByRole("radio", { name: /^Annual/ }).check();
  await page.getByRole("radio", { name: "Bank transfer" }).check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Place order" }).click();

  // The order's page says how to pay.
  await expect(page.getByRole("heading", { name: /^Order O-\d{6}$/ })).toBeVisible();
  const orderUrl = page.url();
  const number = ((await page.getByRole("heading", { name: /^Order O-\d{6}$/ }).textContent()) ?? "").replace("Order ", "");
  await expect(page.getByText("How to pay by bank transfer")).toBeVisible();
  await expect(page.getByText(`Quote the order number ${number}`)).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  // The admin finds it in the payment history and confirms the transfer.
  await signIn(page, "admin");
  await visit(page, "/manager/admin/paymentHistory");
  await page.getByLabel("Search by order, invoice or buyer").fill(number);
  await expect(page.getByRole("link", { name: number })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: number }).click();
  await settled(page);
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await page.getByLabel(/Payment reference/).fill("TRANSFER-E2E-1");
  await expectAccessible(page);
  await page.getByRole("dialog").getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByText("Payment confirmed")).toBeVisible();
  await signOut(page);

  // The clinic sees it paid, with its invoice as a PDF.
  await signIn(page, "clinic");
  await page.goto(orderUrl);
  await settled(page);
  await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /^Download PDF of Invoice \d{4}-\d{6}$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^\d{4}-\d{6}\.pdf$/);
  await expectAccessible(page);
  await visit(page, "/manager/admin/paymentHistory");
  await expect(page.getByRole("link", { name: number })).toBeVisible();
});

test("a clinic pays by card on the (local fake) Stripe page and comes back to a paid order", async ({ page }) => {
  test.slow();
  await signIn(page, "clinic");
  await visit(page, "/manager/admin/getMembership");
  await page.getByRole("link", { name: "Choose Hospital" }).click();
  await settled(page);
  await page.getByRole("radio", { name: /^Card/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  // Stripe's hosted page (the fake's): pay, and be sent back.
  await page.waitForURL(/\/pay\//);
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(/\/getMembership\/invoice\/\d+\?checkout=success/);
  await expect(page.getByText("Payment received. Your membership is active.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("link", { name: /^Download PDF of Invoice/ })).toBeVisible();
  await expectAccessible(page);
});

test("a patient sees the programme she holds, in Spanish", async ({ page }) => {
  await signIn(page, "patient2");
  await visit(page, "/manager/admin/getMembership");
  await expect(page.getByRole("heading", { name: "Su membresía" })).toBeVisible();
  await expect(page.getByText("Vestibular rehabilitation programme").first()).toBeVisible();
  await expectAccessible(page);
});
