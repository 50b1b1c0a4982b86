import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { expectAccessible, menuRouteIds, settled, signIn, signInWith, signOut, visit } from "./fixtures.ts";

/**
 * Issue 4's walkthrough in one go, with new people only: an admin makes a clinic and a plan and
 * assigns it; the clinic's owner chooses a password and adds a therapist; the therapist adds a
 * patient, selects them, assigns three activities and a recommendation; the patient chooses a
 * password, sees it all on their home and marks one done. Every invitation is read from the
 * admin's outbox. What happens to assignments afterwards (replicating one, a favourite, the
 * therapist seeing the done state and the patient's note) is assignments.spec.ts's walkthrough.
 */

const run = Date.now().toString(36);
const today = new Date().toLocaleDateString("en-CA");
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\W*$`));

/** The set-password link of the newest invitation to `email`, as the admin's outbox holds it. */
async function invitationPath(admin: APIRequestContext, email: string): Promise<string> {
  const response = await admin.get(`/api/mail-messages/?q=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  const [mail] = (await response.json()).data as { to: string; text: string; kind: string }[];
  expect(mail?.to).toBe(email);
  const link = mail.text.match(/https?:\/\/\S+\/accounts\/set-password\/\?token=\S+/)?.[0];
  if (!link) throw new Error(`No set-password link in the mail to ${email}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** An invitee chooses their password on the emailed page and signs in with it. */
async function acceptInvitation(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await settled(page);
  await expectAccessible(page);
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Repeat the password/).fill(password);
  await page.getByRole("button", { name: "Save my password" }).click();
  await expect(page.getByText(`Your password is set. Sign in with ${email} and your new password.`)).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await signInWith(page, email, password);
}

/** A signed-in admin in a browser context of their own, kept open to read the outbox. */
async function adminSession(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "admin");
  return { page, request: page.request, close: () => context.close() };
}

test("from a new clinic to a patient's done activity, through every role's screens", async ({ page, browser }) => {
  // Four people, a dozen screens, an accessibility check on each.
  test.setTimeout(300_000);
  const clinicName = `Centro Andes ${run}`;
  const plan = `Andes plan ${run}`;
  const people = {
    clinic: { email: `andes-${run}@walk.test`, password: "Andes-clinic-2026" },
    therapist: { email: `marta-${run}@walk.test`, password: "Marta-therapist-2026", name: `Marta Ruiz ${run}` },
    patient: { email: `jon-${run}@walk.test`, password: "Jon-patient-2026", name: `Jon Arce ${run}` },
  };
  const admin = await adminSession(browser);

  // 1. The admin makes the clinic, a plan for it, and assigns the plan.
  const adminPage = admin.page;
  await visit(adminPage, "/manager/admin/users");
  await adminPage.getByRole("button", { name: "Add clinic" }).click();
  const clinicDialog = adminPage.getByRole("dialog");
  await clinicDialog.getByLabel("Clinic name").fill(clinicName);
  await clinicDialog.getByLabel("Email").fill(people.clinic.email);
  await clinicDialog.getByLabel("Identification").fill(`CA-${run}`);
  await clinicDialog.getByRole("button", { name: "Create and invite" }).click();
  await expect(adminPage.getByText("Clinic created. The invitation to choose a password is in the outbox")).toBeVisible();
  await expect(adminPage.getByRole("row", { name: new RegExp(clinicName) })).toContainText("No active membership");

  await visit(adminPage, "/manager/admin/memberships/new");
  await field(adminPage, "Plan").fill(plan);
  await field(adminPage, "Description").fill("One therapist and two patients: enough for the walkthrough.");
  await field(adminPage, "Price").fill("49.50");
  await field(adminPage, "Annual price").fill("495");
  await field(adminPage, "Price per patient").fill("2");
  await field(adminPage, "Billing period").click();
  await adminPage.getByRole("option", { name: "Monthly", exact: true }).click();
  await field(adminPage, "Therapists").fill("1");
  await field(adminPage, "Patients").fill("2");
  await adminPage.getByRole("button", { name: "Save" }).click();
  await expect(adminPage.getByText("Membership created")).toBeVisible();

  await visit(adminPage, "/manager/admin/assign/membership");
  await adminPage.getByRole("combobox", { name: "Clinic" }).fill("Andes");
  await adminPage.getByRole("option", { name: new RegExp(clinicName) }).click();
  await adminPage.getByRole("combobox", { name: "Plan" }).click();
  await adminPage.getByRole("option", { name: new RegExp(plan) }).click();
  await field(adminPage, "From").fill(today);
  await adminPage.getByRole("button", { name: "Assign" }).click();
  await expect(adminPage.getByText("Membership assigned")).toBeVisible();
  await expectAccessible(adminPage);

  // 2. The clinic's owner chooses a password, finds Patients in the menu, and adds a therapist.
  await acceptInvitation(page, await invitationPath(admin.request, people.clinic.email), people.clinic.email, people.clinic.password);
  await expect(page).toHaveURL(/\/manager\/admin\/dashboard$/);
  expect(await menuRouteIds(page)).toEqual(expect.arrayContaining(["users", "patients", "assign", "nutritionPlans"]));
  await visit(page, "/manager/admin/users");
  await expect(page.getByText(new RegExp(`Membership ${plan}, from`))).toBeVisible();
  await expect(page.getByText("Therapists: 0 of 1")).toBeVisible();
  await page.getByRole("button", { name: "Add therapist" }).click();
  const staffDialog = page.getByRole("dialog");
  await staffDialog.getByLabel("Given names").fill("Marta");
  await staffDialog.getByLabel("Surnames").fill(`Ruiz ${run}`);
  await staffDialog.getByLabel("Email").fill(people.therapist.email);
  await staffDialog.getByRole("button", { name: "Create and invite" }).click();
  await expect(page.getByText("Therapist created. The invitation to choose a password is in the outbox")).toBeVisible();
  await expect(page.getByText("Therapists: 1 of 1")).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  // 3. The therapist chooses a password, adds a patient and selects them.
  await acceptInvitation(page, await invitationPath(admin.request, people.therapist.email), people.therapist.email, people.therapist.password);
  await visit(page, "/manager/admin/patients");
  await page.getByRole("button", { name: "Add patient" }).click();
  const patientDialog = page.getByRole("dialog");
  await patientDialog.getByLabel("Given names").fill("Jon");
  await patientDialog.getByLabel("Surnames").fill(`Arce ${run}`);
  await patientDialog.getByLabel("Email").fill(people.patient.email);
  await patientDialog.getByLabel("Identification").fill(`JA-${run}`);
  await patientDialog.getByRole("button", { name: "Create and invite" }).click();
  await expect(page.getByText("Patient created. The invitation to choose a password is in the outbox")).toBeVisible();
  const patientRow = page.getByRole("row", { name: new RegExp(people.patient.name) });
  await expect(patientRow).toContainText(people.therapist.name);
  await patientRow.getByRole("button", { name: `Select ${people.patient.name}` }).click();
  await expect(page.getByTestId("patient-badge")).toContainText(`Patient: ${people.patient.name}`);
  await expectAccessible(page);

  // Three activities of the platform's catalogue in one request, for today.
  await visit(page, "/manager/admin/assign/activity");
  for (const name of ["Understanding dizziness", "Gaze stabilisation, demonstrated", "Reaction lights"]) {
    await page.getByRole("combobox", { name: "Activities" }).fill(name.slice(0, 10));
    await page.getByRole("option", { name: new RegExp(`^${name}`) }).click();
  }
  await page.getByLabel("Duration (minutes)").fill("15");
  await page.getByRole("button", { name: "Assign 3 activities" }).click();
  await expect(page.getByText("Activities assigned: 3")).toBeVisible();
  const rows = page.getByTestId("assignment-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: today })).toHaveCount(3);
  await expectAccessible(page);

  // And a recommendation.
  await visit(page, "/manager/admin/assign/recommendation");
  await page.getByLabel("Search recommendations").fill("Tandem");
  await page.getByRole("list", { name: "Recommendations to give" }).getByRole("checkbox", { name: "Tandem stance" }).check();
  await page.getByRole("button", { name: "Give selected (1)" }).click();
  await expect(page.getByText("Recommendations given")).toBeVisible();
  await expect(page.getByRole("list", { name: `Given to ${people.patient.name}` })).toContainText("Tandem stance");
  await expectAccessible(page);
  await signOut(page);

  // 4. The patient chooses a password and finds it all on their home.
  await acceptInvitation(page, await invitationPath(admin.request, people.patient.email), people.patient.email, people.patient.password);
  await expect(page).toHaveURL("/manager/patient");
  const todays = page.getByRole("region", { name: "Today" }).getByTestId("my-activity");
  await expect(todays).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "Tandem stance" })).toBeVisible();
  await expectAccessible(page);

  await todays.filter({ hasText: "Understanding dizziness" }).getByRole("button", { name: "Mark as done: Understanding dizziness" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mark as done" }).click();
  await expect(page.getByText("Well done! The activity is marked as done.")).toBeVisible();
  await expect(todays.filter({ hasText: "Understanding dizziness" }).getByText("Done", { exact: true })).toBeVisible();
  await admin.close();
});
