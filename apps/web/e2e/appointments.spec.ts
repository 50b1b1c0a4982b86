import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible, settled, signIn, visit } from "./fixtures.ts";

/**
 * Issue 6 end to end: a therapist sets a schedule (rules and an exception) and a service on the
 * schedule screen; the demo patient requests a free slot of it; the therapist accepts it from the
 * requests list and the patient sees it accepted, with the email in the outbox; the therapist
 * drags it to another time in the week view and the move is kept. Everyone in Madrid's time zone,
 * on days ahead of the real clock (the server refuses the past).
 */

test.use({ timezoneId: "Europe/Madrid" });

const ZONE = "Europe/Madrid";
const run = Date.now().toString(36);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA", { timeZone: ZONE });
const weekdayToday = new Date(new Date().toLocaleString("en-US", { timeZone: ZONE })).getDay();
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${label}\\W*$`));

async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await field(scope, label).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A signed-in user in a browser context of their own (the therapist and the patient work side by side). */
async function sessionOf(browser: Browser, role: "therapist" | "patient" | "admin") {
  const context = await browser.newContext({ timezoneId: ZONE, viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await signIn(page, role);
  return { page, close: () => context.close() };
}

async function outbox(admin: APIRequestContext, email: string): Promise<{ subject: string; kind: string; to: string }[]> {
  const response = await admin.get(`/api/mail-messages/?q=${encodeURIComponent(email)}&rowsPerPage=50`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

test("a therapist opens a schedule and a service; the patient requests a slot; it is accepted, mailed and moved by dragging", async ({ page, browser }) => {
  // Three people, five screens with an axe check each, and a drag.
  test.setTimeout(240_000);
  const scheduleName = `Consult hours ${run}`;
  const serviceName = `Balance review ${run}`;
  const appointmentName = `Balance ${run}`;

  // ---- the therapist's schedule and service
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/schedule");
  await page.getByRole("button", { name: "Add schedule" }).click();
  const scheduleDialog = page.getByRole("dialog", { name: "Add schedule" });
  await expect(scheduleDialog).toBeVisible();
  await field(scheduleDialog, "Name").fill(scheduleName);
  await field(scheduleDialog, "Description").fill("Weekday and weekend hours for balance reviews.");
  await expect(field(scheduleDialog, "Time zone")).toHaveValue(ZONE);
  await scheduleDialog.getByLabel("Zoom").check();
  const rule = scheduleDialog.getByRole("group", { name: "Rule 1" });
  await choose(page, rule, "Day", "Every day");
  await choose(page, rule, "Start", "08:00 am");
  await choose(page, rule, "End", "07:00 am");
  await scheduleDialog.getByRole("button", { name: "Save" }).click();
  await expect(rule.getByText("The end must be after the start.")).toBeVisible();
  await choose(page, rule, "End", "06:00 pm");
  // A day off a month ahead: an exception row.
  await scheduleDialog.getByRole("button", { name: "Add exception" }).click();
  const exception = scheduleDialog.getByRole("group", { name: "Exception 1" });
  await field(exception, "Date").fill(day(30));
  await expect(exception.getByLabel("Day off")).toBeChecked();
  await expectAccessible(page);
  await scheduleDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Schedule saved successfully")).toBeVisible();
  const schedules = page.getByRole("region", { name: "Schedules" });
  const schedule = schedules.getByRole("listitem").filter({ hasText: scheduleName });
  await expect(schedule).toContainText("30 minutes · Office, Zoom · Europe/Madrid");
  await expect(schedule).toContainText("Every day: 08:00 am – 06:00 pm");
  await expect(schedule).toContainText("1 dated exception");

  await page.getByRole("button", { name: "Add service" }).click();
  const serviceDialog = page.getByRole("dialog", { name: "Add service" });
  await field(serviceDialog, "Name").fill(serviceName);
  await field(serviceDialog, "Description").fill("Thirty minutes on your balance exercises.");
  await choose(page, serviceDialog, "Schedule", scheduleName);
  await serviceDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Service created succefully")).toBeVisible();
  const services = page.getByRole("region", { name: "Services" });
  const service = services.getByRole("listitem").filter({ hasText: serviceName });
  await expect(service).toContainText(`Booked from ${scheduleName}`);
  await service.getByRole("button", { name: "Next free times" }).click();
  await expect(service.getByRole("list", { name: "Next free times" }).getByRole("listitem").first()).toBeVisible();
  await expectAccessible(page);

  // ---- the patient requests tomorrow at 10:00 (Madrid)
  const patient = await sessionOf(browser, "patient");
  const tomorrow = day(1);
  await visit(patient.page, "/manager/admin/appointments");
  await choose(patient.page, patient.page, "Service", `${serviceName} · Tomás Herrera`);
  await field(patient.page, "From").fill(tomorrow);
  await patient.page
    .getByRole("group", { name: "Days with free times" })
    .getByRole("button", { name: new RegExp(`\\(${tomorrow}\\)`) })
    .click();
  const times = patient.page.getByRole("group", { name: `Free times on ${tomorrow}` });
  await times.getByRole("button", { name: "10:00 am", exact: true }).click();
  await expect(patient.page.getByText(`Your request: ${tomorrow}, 10:00 am`)).toBeVisible();
  await choose(patient.page, patient.page, "Type", "Zoom");
  await field(patient.page, "Name").fill(appointmentName);
  await field(patient.page, "Description").fill("Dizziness when I turn my head.");
  await expectAccessible(patient.page);
  await patient.page.getByRole("button", { name: "Send request" }).click();
  await expect(patient.page.getByText("Appointment created successfully")).toBeVisible();
  const mine = patient.page.getByRole("region", { name: "My appointments" });
  const request = mine.getByRole("listitem").filter({ hasText: appointmentName });
  await expect(request).toContainText("Requested");
  await expect(request).toContainText(`${tomorrow}, 10:00 am – 10:30 am`);
  // The time is held: it is no longer offered.
  await expect(times.getByRole("button", { name: "10:00 am", exact: true })).toHaveCount(0);

  // ---- the therapist accepts it from the requests list
  await visit(page, "/manager/admin/appointments");
  const requests = page.getByRole("region", { name: "Requests" });
  await requests.getByRole("button", { name: `Accept the request of Pablo Díaz on ${tomorrow}, 10:00 am` }).click();
  await expect(page.getByText("Request accepted")).toBeVisible();
  await expect(requests.getByText(appointmentName)).toHaveCount(0);

  // ---- the patient sees it accepted; the acceptance is in the outbox
  await patient.page.reload();
  await settled(patient.page);
  await expect(mine.getByRole("listitem").filter({ hasText: appointmentName })).toContainText("Accepted");
  const admin = await sessionOf(browser, "admin");
  await expect
    .poll(async () => (await outbox(admin.page.request, "patient1@example.com")).map((mail) => `${mail.kind}: ${mail.subject}`))
    .toContain(`appointment.accepted: Appointment accepted: ${appointmentName}`);
  await admin.close();

  // ---- the therapist drags it two hours later in the week view
  if (weekdayToday === 6) await page.getByRole("button", { name: "Next Week" }).click();
  const event = page.locator(".appointment-accepted", { hasText: appointmentName });
  await expect(event).toBeVisible();
  await expectAccessible(page);
  const noonRow = page.locator('[data-time="12:00:00"]').last();
  await noonRow.scrollIntoViewIfNeeded();
  const from = await event.boundingBox();
  const noon = await noonRow.boundingBox();
  if (!from || !noon) throw new Error("The event or the 12:00 row is not on screen");
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + 6);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x, from.y + 6 + ((noon.y - from.y) * step) / 10);
  await page.mouse.up();
  await expect(page.getByText("Appointment updated successfully")).toBeVisible();

  // The move is saved: after a reload the event is at noon, and the patient's list says so.
  await page.reload();
  await settled(page);
  if (weekdayToday === 6) await page.getByRole("button", { name: "Next Week" }).click();
  await page.locator(".appointment-accepted", { hasText: appointmentName }).click();
  const details = page.getByRole("dialog", { name: appointmentName });
  await expect(details).toContainText(`${tomorrow}, 12:00 pm – 12:30 pm`);
  await expectAccessible(page);
  await details.getByRole("button", { name: "Close" }).click();
  await patient.page.reload();
  await settled(patient.page);
  await expect(mine.getByRole("listitem").filter({ hasText: appointmentName })).toContainText(`${tomorrow}, 12:00 pm – 12:30 pm`);
  await patient.close();
});

test("a Spanish patient requests appointments in Spanish", async ({ page }) => {
  await signIn(page, "patient2");
  await visit(page, "/manager/admin/appointments");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Citas");
  await expect(page.getByRole("heading", { name: "Solicitar una cita" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mis citas" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Suscríbete en tu aplicación de calendario" })).toBeVisible();
  await choose(page, page, "Servicio", "Vestibular rehabilitation · Tomás Herrera");
  await expect(page.getByRole("group", { name: "Días con huecos libres" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Vista por mes" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Hoy" })).toBeVisible();
  await expectAccessible(page);
});
