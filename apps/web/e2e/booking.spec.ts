import { createHmac } from "node:crypto";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { E2E_AUTH_SECRET } from "./e2e-secret.ts";
import { adminApi, expectAccessible, settled, signIn, switchModules, visit } from "./fixtures.ts";

/**
 * The booking app (issue 35): the demo clinic sets its own hours at its Madrid centre, a holiday,
 * a piece of equipment and a service with two variations; a guest books from the public page in
 * Spanish, confirms by the emailed link and moves the booking; staff see it on their agenda and
 * dashboard; a guest rates a visit that took place (the demo's: a visit booked today takes
 * place later). Everyone in Madrid's time zone, on days ahead of the real clock.
 *
 * The module is off in the e2e server, and other specs count the menus: it is switched on here,
 * and off again after the test, whether it passed or not.
 */

test.use({ timezoneId: "Europe/Madrid" });

const ZONE = "Europe/Madrid";
const run = Date.now().toString(36);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA", { timeZone: ZONE });
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${label}\\W*$`));

async function choose(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await field(scope, label).click();
  await page.getByRole("option", { name: option, exact: typeof option === "string" }).click();
}

/** A guest's browser: nobody signed in, Spanish. */
async function guestPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ timezoneId: ZONE, locale: "es-ES", viewport: { width: 1366, height: 800 } });
  return context.newPage();
}

/** The private link of booking `id`, as the server derives it from its AUTH_SECRET (platform/keys.ts, booking-mails.ts). */
function manageToken(id: number): string {
  const key = createHmac("sha256", E2E_AUTH_SECRET).update("key:booking-links").digest();
  return createHmac("sha256", key).update(`booking-manage:${id}`).digest("base64url").slice(0, 32);
}

test.afterAll(async ({ playwright }, testInfo) => {
  await switchModules(playwright, testInfo.project.use.baseURL ?? "", ["schedule"], false);
});

test("a clinic sets up a service; a guest books it in Spanish, confirms by email and moves it; staff see it; a visit is rated", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(240_000);
  await switchModules(playwright, baseURL ?? "", ["schedule"], true);
  const serviceName = `Balance check ${run}`;
  const chairName = `Vertigo chair ${run}`;
  const guestEmail = `guest-${run}@example.com`;
  const holiday = day(2);
  const bookingDay = day(3);

  // ---- the clinic's own hours at the demo centre, and a holiday
  await signIn(page, "clinic");
  await visit(page, "/schedule/app/service-hours");
  await expect(page.getByRole("heading", { name: "Weekly hours" })).toBeVisible();
  await page.getByRole("button", { name: "Edit the hours of Clínica Vestibular Norte" }).click();
  const hours = page.getByRole("dialog", { name: "Hours of Clínica Vestibular Norte" });
  await hours.getByRole("button", { name: "Add hours" }).click();
  const rule = hours.getByRole("group", { name: "Hours 1" });
  await choose(page, rule, "Day", "Every day");
  await choose(page, rule, "Start", "09:00 am");
  await choose(page, rule, "End", "01:00 pm");
  await expectAccessible(page);
  await hours.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Hours of Clínica Vestibular Norte saved successfully")).toBeVisible();

  await page.getByRole("button", { name: "Add special day" }).click();
  const special = page.getByRole("dialog", { name: "Add special day" });
  await field(special, "Date").fill(holiday);
  await choose(page, special, "For", "Clínica Vestibular Norte");
  await field(special, "Note").fill("Training day");
  await special.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Special day ${holiday} added successfully`)).toBeVisible();
  await expectAccessible(page);

  // ---- a piece of equipment
  await visit(page, "/schedule/app/equipment");
  await page.getByRole("button", { name: "Add room or equipment" }).click();
  const equipment = page.getByRole("dialog", { name: "Add room or equipment" });
  await field(equipment, "Name").fill(chairName);
  await equipment.getByLabel("Equipment", { exact: true }).check();
  await field(equipment, "Quantity").fill("1");
  await equipment.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`“${chairName}” added successfully`)).toBeVisible();
  await expectAccessible(page);

  // ---- a service with two variations, given by the clinic itself, the first needing the chair
  await visit(page, "/schedule/app/variation");
  await page.getByRole("button", { name: "Add service" }).click();
  const dialog = page.getByRole("dialog", { name: "Add service" });
  await field(dialog, "Name").first().fill(serviceName);
  await field(dialog, "Description").fill("Balance and dizziness, checked on the chair.");
  await choose(page, dialog, "Add a provider", "Clínica Vestibular Norte");
  const first = dialog.getByRole("group", { name: "Variation 1" });
  await field(first, "Name").fill("First visit");
  await field(first, "Duration \\(minutes\\)").fill("60");
  await field(first, "Price").fill("90");
  await field(first, "Rooms and equipment needed").click();
  await page.getByRole("option", { name: chairName }).click();
  await page.keyboard.press("Tab");
  await dialog.getByRole("button", { name: "Add variation" }).click();
  const second = dialog.getByRole("group", { name: "Variation 2" });
  await field(second, "Name").fill("Follow-up");
  await field(second, "Duration \\(minutes\\)").fill("30");
  await field(second, "Price").fill("50");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Service “${serviceName}” created successfully`)).toBeVisible();
  const slug = (await page.getByRole("link", { name: new RegExp(`/schedule/app/booking/balance-check-${run}`) }).textContent())?.split("/").at(-1) ?? "";
  expect(slug).toBe(`balance-check-${run}`);
  await expectAccessible(page);

  // ---- a guest books it from the public page, in Spanish
  const guest = await guestPage(browser);
  await guest.goto(`/schedule/app/booking/${slug}`);
  await settled(guest);
  // The clinic's page title (the demo's, in Spanish) above the service.
  await expect(guest.getByRole("heading", { name: "Reserve su visita en la Clínica Vestibular Norte", level: 1 })).toBeVisible();
  await expect(guest.getByRole("banner")).toContainText(serviceName);
  await guest.getByRole("radio", { name: /First visit/ }).check();
  // The demo clinic sees clients in person or by Zoom.
  await guest.getByRole("radio", { name: "Zoom" }).check();
  const days = guest.getByRole("group", { name: "Días" });
  // The holiday offers nothing.
  await expect(days.getByRole("button", { name: new RegExp(`${Number(holiday.slice(8))}`) }).first()).toBeDisabled();
  await days
    .getByRole("button", { name: new RegExp(`\\b${Number(bookingDay.slice(8))}\\b`) })
    .first()
    .click();
  const times = guest.getByRole("group", { name: /^Horas libres/ });
  await times.getByRole("button", { name: "09:00 AM" }).click();
  await field(guest, "Nombre completo").fill("Lucía Gómez");
  await field(guest, "Correo electrónico").fill(guestEmail);
  await expectAccessible(guest);
  await guest.getByRole("button", { name: "Reservar", exact: true }).click();
  await expect(guest.getByRole("heading", { name: "Revise su correo" })).toBeVisible();

  // ---- the emailed link confirms it
  const admin = await adminApi(playwright, baseURL ?? "");
  const mails = (await (await admin.get(`/api/mail-messages/?q=${encodeURIComponent(guestEmail)}&rowsPerPage=10`)).json()).data as {
    kind: string;
    text: string;
  }[];
  const link = /\/schedule\/app\/my-booking\/[A-Za-z0-9_-]{32}\?confirm=[A-Za-z0-9_-]{32}/.exec(
    mails.find((mail) => mail.kind === "booking.confirm")?.text ?? "",
  )?.[0];
  expect(link, "the confirmation email's link").toBeTruthy();
  await guest.goto(link as string);
  await settled(guest);
  await expect(guest.getByText("Gracias: su reserva está confirmada.")).toBeVisible();
  await expect(guest.getByText("Zoom", { exact: true })).toBeVisible();
  await expect(guest).not.toHaveURL(/confirm=/);
  await expectAccessible(guest);

  // ---- and the guest moves it an hour later
  await guest.getByRole("button", { name: "Cambiar hora" }).click();
  await guest
    .getByRole("group", { name: "Días" })
    .last()
    .getByRole("button", { name: new RegExp(`\\b${Number(bookingDay.slice(8))}\\b`) })
    .first()
    .click();
  const newTimes = guest.getByRole("group", { name: /^Horas libres/ }).last();
  await newTimes.getByRole("button", { name: "11:00 AM" }).click();
  await guest.getByRole("button", { name: "Cambiar mi reserva" }).click();
  await expect(guest.getByText("Su reserva se ha cambiado de hora.")).toBeVisible();
  await expect(guest.getByText(new RegExp(`${bookingDay}, 11:00 AM`)).first()).toBeVisible();

  // ---- staff see it on their agenda and dashboard
  await visit(page, "/schedule/app");
  await expect(page.getByText("Lucía Gómez").first()).toBeVisible();
  await expectAccessible(page);
  await visit(page, `/schedule/app/dashboard?since=${day(0)}&to=${day(14)}`);
  await expect(page.getByRole("heading", { name: "Bookings per day" })).toBeVisible();
  await expectAccessible(page);

  // ---- a guest rates a visit of theirs that took place: a completed demo visit not rated yet
  const clinicApi = page.request;
  const past = (await (await clinicApi.get(`/api/schedule/bookings?status=completed&from=${day(-28)}&to=${day(-1)}&rowsPerPage=100`)).json()).data as {
    id: number;
    client: { name: string };
    rating: unknown;
  }[];
  const unrated = past.find((booking) => booking.rating === null);
  expect(unrated, "a completed demo visit without a rating").toBeDefined();
  await guest.goto(`/schedule/app/my-booking/${manageToken(unrated?.id as number)}#rate`);
  await settled(guest);
  // MUI Rating: the star is the radio's label.
  await guest.locator("label").filter({ hasText: "5 estrellas" }).click();
  await expect(guest.getByRole("radio", { name: "5 estrellas" })).toBeChecked();
  await field(guest, "Comentario \\(opcional\\)").fill(`Muy clara la explicación ${run}`);
  await expectAccessible(guest);
  await guest.getByRole("button", { name: "Enviar valoración" }).click();
  await expect(guest.getByText("Gracias por valorar su visita.")).toBeVisible();

  await visit(page, "/schedule/app/score");
  await expect(page.getByText(`Muy clara la explicación ${run}`)).toBeVisible();
  await expectAccessible(page);
  await admin.dispose();
  await guest.context().close();
});
