import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS, expectAccessible, settled, signIn, visit } from "./fixtures.ts";

/**
 * Notifications (issue 19): the patient's page is open in one browser while the therapist works
 * in another; the bell counts up live, over the realtime socket, without a reload.
 */

async function signedInPage(browser: Browser, role: "patient" | "patient2"): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, role);
  return page;
}

/** The demo therapist's API calls, as the assign screens make them (another context: another browser). */
async function therapistCalls(browser: Browser) {
  const context = await browser.newContext();
  const { email, password } = DEMO_ACCOUNTS.therapist;
  expect((await context.request.post("/api/auth/sign-in/email", { data: { email, password } })).status()).toBe(200);
  const origin = String(test.info().project.use.baseURL);
  const patientId = async (name: string) => {
    const found = await (await context.request.get(`/api/usuario/user?permission_codename_include=is_patient&q=${name}`)).json();
    return (found.data as { id: string }[])[0]?.id as string;
  };
  return { context, request: context.request, origin, patientId };
}

/** Starts from nothing unread: other specs may have notified the demo patients already. */
async function readAll(page: Page): Promise<void> {
  const response = await page.request.post("/api/notifications/read-all", { headers: { origin: new URL(page.url()).origin } });
  expect(response.status()).toBe(200);
}

test("the patient's bell counts a new assignment live; the list shows it; mark all read clears the badge", async ({ browser }) => {
  const patient = await signedInPage(browser, "patient");
  await readAll(patient);
  const bell = patient.getByRole("button", { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toHaveAccessibleName("Notifications, 0 unread");

  const therapist = await therapistCalls(browser);
  const activities = await (await therapist.request.get("/api/activities/?name=name&value=Understanding%20dizziness")).json();
  const activity = (activities.data as { id: number }[])[0]?.id;
  const assigned = await therapist.request.post(`/api/patients-activities/${await therapist.patientId("Pablo")}`, {
    data: { activities: [activity], date: new Date().toLocaleDateString("en-CA"), duration: 10 },
    headers: { origin: therapist.origin },
  });
  expect(assigned.status()).toBe(201);

  // No reload: the socket brought the count.
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await bell.click();
  const latest = patient.getByRole("dialog", { name: "Notifications" });
  await expect(latest.getByRole("button", { name: /New activities assigned/ }).first()).toContainText("Understanding dizziness");
  await latest.getByRole("button", { name: "Mark all as read" }).click();
  await expect(latest.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
  await latest.getByRole("button", { name: "See all notifications" }).click();
  // The popover is closed: the bell is reachable again, its badge cleared.
  await expect(bell).toHaveAccessibleName("Notifications, 0 unread");

  await patient.waitForURL("**/manager/admin/notifications");
  await settled(patient);
  const table = patient.getByRole("table", { name: "Notifications" });
  const row = table.getByRole("row").filter({ hasText: "New activities assigned" }).first();
  await expect(row).toContainText("Understanding dizziness");
  await expect(row).toContainText("Tomás");
  await expect(patient.getByLabel("Activities assigned to me")).not.toBeChecked();
  await expectAccessible(patient);
  await therapist.context.close();
  await patient.context().close();
});

test("in Spanish, Paula reads her notification in Spanish", async ({ browser }) => {
  const paula = await signedInPage(browser, "patient2");
  await readAll(paula);
  const bell = paula.getByRole("button", { name: /^Notificaciones, \d+ sin leer$/ });
  await expect(bell).toHaveAccessibleName("Notificaciones, 0 sin leer");

  // The therapist gives her a recommendation through the API (the screens are another spec's).
  const therapist = await therapistCalls(browser);
  const { origin } = therapist;
  const paulaId = await therapist.patientId("Paula");
  const catalogue = await (await therapist.request.get("/api/assignListRecommendations/?q=Safe%20home")).json();
  const recommendation = (catalogue.data as { id: number }[])[0]?.id;
  // Take it back first, so giving it again is news to her.
  await therapist.request.put(`/api/patient/${paulaId}/?idRecommendation=${recommendation}`, { headers: { origin } });
  const given = await therapist.request.post(`/api/patients-recommendations/${paulaId}`, { data: { recommendations: [recommendation] }, headers: { origin } });
  expect(given.status()).toBe(200);

  await expect(bell).toHaveAccessibleName("Notificaciones, 1 sin leer");
  await visit(paula, "/manager/admin/notifications");
  const row = paula.getByRole("table", { name: "Notificaciones" }).getByRole("row").filter({ hasText: "Nuevas recomendaciones" }).first();
  await expect(row).toContainText("Safe home checklist");
  await expect(row).toContainText("Sin leer");
  await row.getByRole("button", { name: "Marcar como leída: Nuevas recomendaciones" }).click();
  await expect(bell).toHaveAccessibleName("Notificaciones, 0 sin leer");
  await therapist.context.close();
  await paula.context().close();
});
