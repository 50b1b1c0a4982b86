import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS, expectAccessible, loadAll, pickActivity, settled, signIn, signOut, visit } from "./fixtures.ts";

/** Calendar days as the screens show them (the browser's own day). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA");

/** The selected patient as the screens read it: the dashboard's picker, and the badge it shows. */
async function selectPablo(page: Page) {
  await visit(page, "/manager/admin/dashboard");
  await page.getByRole("button", { name: "Select Pablo Díaz" }).click();
  await expect(page.getByTestId("patient-badge")).toContainText("Patient: Pablo Díaz");
}

test("a therapist assigns three activities in bulk and replicates them; the patient does and favours them; the therapist sees it done", async ({ page }) => {
  // Three signed-in walks with an accessibility check on each screen: longer than one default test.
  test.setTimeout(240_000);
  // One token per run: the dev database keeps earlier runs' rows.
  const token = `e2e-${Date.now().toString(36)}`;
  const today = day(0);
  const tomorrow = day(1);

  await signIn(page, "therapist");
  await selectPablo(page);
  await visit(page, "/manager/admin/assign");
  await page.getByRole("link", { name: /Assign activities/ }).click();
  await expect(page).toHaveURL(/\/manager\/admin\/assign\/activity$/);
  await settled(page);
  await expectAccessible(page);

  // Three activities in one request, for today.
  await pickActivity(page, "Understanding dizziness");
  await pickActivity(page, "Gaze stabilisation, demonstrated");
  await pickActivity(page, "Reaction lights");
  await page.getByLabel("Duration (minutes)").fill("0");
  await page.getByRole("button", { name: "Assign 3 activities" }).click();
  await expect(page.getByText("Give whole minutes, from 1 to 600.")).toBeVisible();
  await page.getByLabel("Duration (minutes)").fill("20");
  await page.getByLabel("Note for the patient").fill(`Seated, ${token}`);
  await page.getByRole("button", { name: "Assign 3 activities" }).click();
  await expect(page.getByText("Activities assigned: 3")).toBeVisible();

  const rows = page.getByTestId("assignment-row").filter({ hasText: token });
  // The demo's plan runs two weeks ahead, newest first: today's rows are on a later page.
  await loadAll(page);
  await expect(rows).toHaveCount(3);
  const row = (name: string, date = today): Locator => rows.filter({ hasText: name }).filter({ hasText: date });

  // Replicate one to tomorrow, as it is.
  await row("Understanding dizziness")
    .getByRole("button", { name: /^Replicate/ })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Date")).toHaveValue(tomorrow);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Replicate", exact: true }).click();
  await expect(page.getByText("The activity has been replicated", { exact: true })).toBeVisible();
  await expect(row("Understanding dizziness", tomorrow)).toHaveCount(1);

  // Replicate another to the second patient with another duration: replicate and update.
  await row("Gaze stabilisation")
    .getByRole("button", { name: /^Replicate/ })
    .click();
  await dialog.getByRole("combobox", { name: "Patient" }).fill("Paula");
  await page.getByRole("option", { name: "Paula Méndez" }).click();
  await dialog.getByLabel("Duration (minutes)").fill("10");
  await dialog.getByRole("button", { name: "Replicate and update" }).click();
  await expect(page.getByText("The activity has been replicated and updated")).toBeVisible();
  await settled(page);
  await expectAccessible(page);
  await signOut(page);

  // The patient's home: today's three and tomorrow's copy.
  await signIn(page, "patient");
  await expect(page).toHaveURL("/manager/patient");
  await loadAll(page);
  const mine = page.getByTestId("my-activity").filter({ hasText: token });
  await expect(mine).toHaveCount(4);
  await expect(page.getByRole("region", { name: "Upcoming" }).getByTestId("my-activity").filter({ hasText: token })).toHaveCount(1);
  const todayItems = page.getByRole("region", { name: "Today" }).getByTestId("my-activity").filter({ hasText: token });
  await expect(todayItems).toHaveCount(3);
  await expectAccessible(page);

  // Open the text and the game.
  await todayItems.filter({ hasText: "Understanding dizziness" }).getByRole("button", { name: "Open: Understanding dizziness" }).click();
  await expect(page.getByRole("dialog").getByTestId("activity-text")).toContainText("Why the brain gets dizzy");
  await expectAccessible(page);
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await todayItems.filter({ hasText: "Reaction lights" }).getByRole("button", { name: "Open: Reaction lights" }).click();
  // A game is played on a page of its own, not marked done by hand.
  await expect(page.getByRole("dialog").getByRole("link", { name: "Play" })).toHaveAttribute("href", /\/manager\/patient\/play\/\d+$/);
  await expect(page.getByRole("dialog").getByRole("button", { name: "Mark as done" })).toHaveCount(0);
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(todayItems.filter({ hasText: "Reaction lights" }).getByRole("link", { name: "Play: Reaction lights" })).toBeVisible();

  // Done, with a note; and a favourite.
  await todayItems.filter({ hasText: "Understanding dizziness" }).getByRole("button", { name: "Mark as done: Understanding dizziness" }).click();
  await page.getByRole("dialog").getByLabel("Note for your therapist").fill("Felt fine after five minutes.");
  await page.getByRole("dialog").getByRole("button", { name: "Mark as done" }).click();
  await expect(page.getByText("Well done! The activity is marked as done.")).toBeVisible();
  await expect(todayItems.filter({ hasText: "Understanding dizziness" }).getByText("Done", { exact: true })).toBeVisible();
  const favourite = todayItems.filter({ hasText: "Reaction lights" }).getByRole("button", { name: "Favourite: Reaction lights" });
  await favourite.click();
  await expect(page.getByText("The activity has been updated")).toBeVisible();
  await expect(favourite).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Favourites", exact: true }).click();
  await expect(page.getByTestId("my-activity").filter({ hasText: token })).toHaveCount(1);
  await expect(page.getByTestId("my-activity").filter({ hasText: token })).toContainText("Reaction lights");
  await settled(page);
  await expectAccessible(page);
  await signOut(page);

  // The therapist sees it done, with the patient's note and favourite.
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/assign/activity");
  if (await page.getByRole("button", { name: "Select Pablo Díaz" }).isVisible()) await page.getByRole("button", { name: "Select Pablo Díaz" }).click();
  await page.getByRole("combobox", { name: "State" }).click();
  await page.getByRole("option", { name: "Done", exact: true }).click();
  await loadAll(page);
  const done = page.getByTestId("assignment-row").filter({ hasText: token });
  await expect(done).toHaveCount(1);
  await expect(done).toContainText("Understanding dizziness");
  await expect(done).toContainText("Patient's note: Felt fine after five minutes.");
  await page.getByRole("button", { name: "Reset filters" }).click();
  await loadAll(page);
  await expect(rows.filter({ hasText: "Reaction lights" })).toContainText("Patient's favourite");
  await settled(page);
  await expectAccessible(page);

  // Several at once: deactivate two, then unassign them, after confirming.
  const todays = rows.filter({ hasText: today }).filter({ hasNotText: "Understanding dizziness" });
  await expect(todays).toHaveCount(2);
  for (const item of await todays.all()) await item.getByRole("checkbox", { name: /^Select/ }).check();
  await page.getByRole("button", { name: "Update selected" }).click();
  await page
    .getByRole("dialog")
    .getByRole("combobox", { name: /Active/ })
    .click();
  await page.getByRole("option", { name: "Inactive" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Update 2 activities" }).click();
  await expect(page.getByText("Selected activities have been updated")).toBeVisible();
  await expect(todays.filter({ hasText: "Inactive" })).toHaveCount(2);
  for (const item of await todays.all()) await item.getByRole("checkbox", { name: /^Select/ }).check();
  await page.getByRole("button", { name: "Unassign selected" }).click();
  await expect(page.getByRole("dialog")).toContainText("2 assigned activities will be removed from the plan of Pablo Díaz");
  await page.getByRole("dialog").getByRole("button", { name: "Unassign" }).click();
  await expect(todays).toHaveCount(0);

  // Leave Pablo's plan as it was: the rest of this run's rows go too.
  await loadAll(page);
  for (const item of await rows.all()) await item.getByRole("checkbox", { name: /^Select/ }).check();
  await page.getByRole("button", { name: "Unassign selected" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unassign" }).click();
  await expect(page.getByText("Selected activities have been updated").last()).toBeVisible();
  await expect(rows).toHaveCount(0);
  await signOut(page);
});

test("the patient home speaks Spanish to a Spanish patient", async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = `e2e-es-${Date.now().toString(36)}`;
  // The therapist's side through the API: one activity for Paula today.
  const therapist = DEMO_ACCOUNTS.therapist;
  expect((await request.post("/api/auth/sign-in/email", { data: { email: therapist.email, password: therapist.password } })).ok()).toBe(true);
  const patients = await (await request.get("/api/usuario/user?permission_codename_include=is_patient&q=Paula")).json();
  const paula = patients.data.find((user: { email: string }) => user.email === DEMO_ACCOUNTS.patient2.email).id as string;
  const { data: activities } = await (await request.get("/api/activities/?name=name&value=Ejercicios")).json();
  const assigned = await request.post(`/api/patients-activities/${paula}`, {
    data: { activities: [activities[0].id], date: day(0), duration: 15, description: `Con calma, ${token}` },
  });
  expect(assigned.status()).toBe(201);

  await signIn(page, "patient2");
  await expect(page).toHaveURL("/manager/patient");
  await expect(page.getByRole("heading", { name: "Mis actividades" })).toBeVisible();
  await loadAll(page, "Cargar más");
  const item = page.getByRole("region", { name: "Hoy" }).getByTestId("my-activity").filter({ hasText: token });
  await expect(item).toContainText("Ejercicios de equilibrio en casa");
  await expect(item).toContainText("Texto · 15 min");
  await item.getByRole("button", { name: "Marcar como hecha: Ejercicios de equilibrio en casa" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Marcar como hecha" }).click();
  await expect(page.getByText("¡Bien hecho! La actividad está marcada como hecha.")).toBeVisible();
  await expect(item.getByText("Hecha", { exact: true })).toBeVisible();
  await settled(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Favoritas", exact: true }).click();
  await expect(page.getByText("Aún no tienes favoritas: marca una actividad con el corazón.")).toBeVisible();

  // Leave Paula's plan as it was: this spec's rows go.
  const list = await (await request.get(`/api/assignActivityList/${paula}/?rowsPerPage=100`)).json();
  const ours = list.data.filter((row: { description: string }) => /e2e-/.test(row.description)).map((row: { id: number }) => row.id);
  expect((await request.post("/api/assign-unassign-activities/", { data: { unassign: ours } })).ok()).toBe(true);
});
