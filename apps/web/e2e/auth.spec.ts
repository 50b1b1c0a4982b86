import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS, expectAccessible, settled, signIn } from "./fixtures.ts";

test("an unauthenticated visit goes to sign in and returns to the route afterwards", async ({ page }) => {
  await page.goto("/manager/admin/config");
  await page.waitForURL(/\/accounts\/login\/\?next=%2Fmanager%2Fadmin%2Fconfig/);
  await signIn(page, "therapist");
  await expect(page).toHaveURL("/manager/admin/config");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuration");
});

test("wrong credentials show a clear error and keep the user on the sign-in page", async ({ page }) => {
  await page.goto("/accounts/login/");
  await page.getByLabel("Email").fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
  await expect(page).toHaveURL(/\/accounts\/login\/$/);
  await settled(page);
  await expectAccessible(page);
});

test("the sign-in page speaks Spanish when chosen", async ({ page }) => {
  await page.goto("/accounts/login/");
  await page.getByRole("button", { name: "ES" }).click();
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await page.getByLabel("Correo electrónico").fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel("Contraseña").fill("incorrecta");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("alert")).toHaveText("El correo o la contraseña no son correctos.");
  await settled(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: "EN" }).click();
});

test("the site root sends a signed-in user home", async ({ page }) => {
  await signIn(page, "patient");
  await page.goto("/");
  await expect(page).toHaveURL("/manager/patient");
});
