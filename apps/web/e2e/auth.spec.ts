import { type Page, expect, test } from "@playwright/test";
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

test("the sign-in page checks the form before sending it, in its language, and keeps checking as the user types", async ({ page }) => {
  await page.goto("/accounts/login/");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Required.")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.getByLabel("Password").fill("x");
  await expect(page.getByText("Required.")).toHaveCount(0);
  await page.getByRole("button", { name: "ES" }).click();
  await page.getByLabel("Contraseña").fill("");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByText("Obligatorio.")).toBeVisible();
  await settled(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: "EN" }).click();
});

test("a signed-in visitor to the sign-in page goes on at once: to their home, or to where `next` says", async ({ page }) => {
  await signIn(page, "therapist");
  await page.goto("/accounts/login/");
  await expect(page).toHaveURL("/manager/admin/dashboard");
  await page.goto("/accounts/login/?next=%2Fmanager%2Fadmin%2Fconfig");
  await expect(page).toHaveURL("/manager/admin/config");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuration");
});

test("the site root sends a signed-in user home", async ({ page }) => {
  await signIn(page, "patient");
  await page.goto("/");
  await expect(page).toHaveURL("/manager/patient");
});

const E2E_PORT = Number(process.env.E2E_PORT ?? 8123);
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"];

// A second host name for this machine, as a LAN name or a proxy's would be.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP clinic.test 127.0.0.1"],
  },
});

test.describe("sign-in at any address the server answers on", () => {
  test.skip(!!process.env.E2E_BASE_URL, "needs the server these specs start on 127.0.0.1");

  for (const host of ["127.0.0.1", "clinic.test"]) {
    test(`signs in at http://${host}`, async ({ page }) => {
      const origin = `http://${host}:${E2E_PORT}`;
      await page.goto(`${origin}/accounts/login/`);
      await signIn(page, "therapist");
      expect(new URL(page.url()).origin).toBe(origin);
      await expect(page).toHaveURL(`${origin}/manager/admin/dashboard`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }
});

/** Every Content-Security-Policy violation the page reports, from its first script on. */
async function watchPolicyViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Permissions-Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { policyViolations: string[] }).policyViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return async () => [...consoleErrors, ...(await page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations))];
}

test("the login page, the staff home, the calendar and the editor run under the security policy", async ({ page }) => {
  const violations = await watchPolicyViolations(page);
  const response = await page.goto("/accounts/login/");
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'/);
  await settled(page);
  expect(await violations(), "login page").toEqual([]);
  await signIn(page, "therapist");
  await expect(page).toHaveURL("/manager/admin/dashboard");
  expect(await violations(), "staff home").toEqual([]);
  await page.goto("/manager/admin/appointments");
  await settled(page);
  await expect(page.getByRole("tab", { name: "Week view" })).toBeVisible();
  expect(await violations(), "calendar").toEqual([]);
  await page.goto("/manager/admin/activities/new");
  await settled(page);
  await expect(page.locator(".ProseMirror").first()).toBeVisible();
  expect(await violations(), "editor").toEqual([]);
});

test("a screen whose chunk fails to load (an old tab after a deploy) reloads once and shows", async ({ page }) => {
  await signIn(page, "therapist");
  let failed = 0;
  await page.route(
    "**/assets/ConfigPage-*.js",
    async (route) => {
      failed += 1;
      await route.fulfill({ status: 404, contentType: "application/json", body: '{"detail":"Not found."}' });
    },
    { times: 1 },
  );
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });
  await page.goto("/manager/admin/config");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuration");
  await settled(page);
  expect(failed).toBe(1);
  expect(loads).toBe(2);
});

test("a locked account is told how long to wait, in English and in Spanish", async ({ page }) => {
  const email = "locked-out@example.com";
  await page.goto("/accounts/login/");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
  }
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Too many failed attempts: sign-in is locked for now. Try again in 15 minutes.");
  await page.getByRole("button", { name: "ES" }).click();
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Demasiados intentos fallidos: el inicio de sesión está bloqueado por ahora. Vuelve a intentarlo dentro de 15 minutos.",
  );
  await settled(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: "EN" }).click();
});
