import { expect, test } from "@playwright/test";
import { expectAccessible, settled, signIn, signOut, visit } from "./fixtures.ts";

/** Each run makes people of its own (the specs may run again on the same database). */
const run = Date.now().toString(36);

// Long journeys through several accounts and screens.
test.setTimeout(120_000);

test.setTimeout(120_000);

test("an admin creates a clinic, whose invitation waits in the outbox; its owner chooses a password in Spanish and signs in", async ({ page }) => {
  const email = `clinic-${run}@people.test`;
  await signIn(page, "admin");
  await visit(page, "/manager/admin/users");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Clinics");
  const demoRow = page.getByRole("row", { name: /Clínica Vestibular Norte/ });
  await expect(demoRow).toContainText("Clinic until");

  await page.getByRole("button", { name: "Add clinic" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create and invite" }).click();
  await expect(dialog.getByText("Required.").first()).toBeVisible();
  await dialog.getByLabel("Clinic name").fill(`Centro Sur ${run}`);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Identification").fill(`CS-${run}`);
  await dialog.getByLabel("Language").click();
  await page.getByRole("option", { name: "Spanish" }).click();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Create and invite" }).click();
  await expect(page.getByText("Clinic created. The invitation to choose a password is in the outbox")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(`Centro Sur ${run}`) });
  await expect(row).toContainText("Invitation pending");
  await expect(row).toContainText("No active membership");

  // The clinic's (empty) team, opened from its row.
  await row.getByRole("link", { name: `Team of Centro Sur ${run}` }).click();
  await settled(page);
  await expect(page.getByText("No therapists yet.")).toBeVisible();
  await expectAccessible(page);

  // The outbox holds the invitation, newest first; its link is the set-password page.
  await visit(page, "/user/admin");
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Clinic");
  await page.getByRole("tab", { name: "Outbox" }).click();
  await settled(page);
  const mail = page.getByRole("row", { name: new RegExp(email) });
  await expect(mail).toContainText("In the outbox");
  await expect(mail).toContainText("Invitation");
  await expectAccessible(page);
  await mail.getByRole("button", { name: /^Read/ }).click();
  const message = page.getByRole("dialog");
  await expect(message).toContainText("Su cuenta en la plataforma de terapia");
  await expect(message).toContainText("válido durante 7 días");
  await expectAccessible(page);
  const link = await message.getByRole("link", { name: /set-password/ }).getAttribute("href");
  expect(link).toMatch(/\/accounts\/set-password\/\?token=/);
  await message.getByRole("button", { name: "Close" }).click();

  await visit(page, "/manager/admin/groups");
  await expect(page.getByRole("tab", { name: "Therapist" })).toBeVisible();
  // Every module naming codenames is built: all of them can be granted, none sits apart.
  await expect(page.getByRole("checkbox", { name: "view_service" })).toBeEnabled();
  await expect(page.getByRole("checkbox", { name: "view_pagina" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Modules not available yet" })).toHaveCount(0);
  await expectAccessible(page);
  await signOut(page);

  // The invitee's page speaks their language (Spanish) and refuses a mismatch before saving.
  await page.goto(new URL(link ?? "", page.url()).pathname + new URL(link ?? "", page.url()).search);
  await settled(page);
  await expect(page.getByRole("heading", { name: "Elija su contraseña" })).toBeVisible();
  await expect(page.getByText(`Elija la contraseña de su cuenta ${email}`)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Contraseña nueva").fill("Centro-sur-2026");
  await page.getByLabel("Repita la contraseña").fill("Centro-sur-2027");
  await page.getByRole("button", { name: "Guardar mi contraseña" }).click();
  await expect(page.getByText("Las contraseñas no coinciden.")).toBeVisible();
  await page.getByLabel("Repita la contraseña").fill("Centro-sur-2026");
  await page.getByRole("button", { name: "Guardar mi contraseña" }).click();
  await expect(page.getByText("Su contraseña está lista.")).toBeVisible();
  await expectAccessible(page);

  // Used once: the same link now explains itself.
  await page.reload();
  await settled(page);
  await expect(page.getByRole("alert")).toContainText("no es válido o ya se usó");

  await page.getByRole("link", { name: "Ir a iniciar sesión" }).click();
  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel(/^Contraseña/).fill("Centro-sur-2026");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.waitForURL("**/manager/admin/dashboard");
  await settled(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Panel");
});

test("the clinic adds a therapist; the therapist adds a patient and selects them", async ({ page }) => {
  await signIn(page, "clinic");
  await visit(page, "/manager/admin/users");
  await expect(page.getByText(/Membership Clinic, from/)).toBeVisible();
  await expect(page.getByText(/Therapists: \d+ of 5/)).toBeVisible();
  await page.getByRole("button", { name: "Add therapist" }).click();
  const staff = page.getByRole("dialog");
  await staff.getByLabel("Given names").fill("Nuria");
  await staff.getByLabel("Surnames").fill(`Campos ${run}`);
  await staff.getByLabel("Email").fill(`therapist-${run}@people.test`);
  await expectAccessible(page);
  await staff.getByRole("button", { name: "Create and invite" }).click();
  await expect(page.getByText("Therapist created. The invitation to choose a password is in the outbox")).toBeVisible();
  const therapistRow = page.getByRole("row", { name: new RegExp(`Nuria Campos ${run}`) });
  await expect(therapistRow).toContainText("Invitation pending");
  await expect(therapistRow.getByRole("button", { name: `Resend the invitation to Nuria Campos ${run}` })).toBeVisible();
  await expectAccessible(page);

  // Deactivating asks first, ends the account's access and frees its seat.
  await therapistRow.getByRole("button", { name: `Deactivate Nuria Campos ${run}` }).click();
  await expect(page.getByRole("dialog")).toContainText(`Nuria Campos ${run} will be signed out at once`);
  await expectAccessible(page);
  await page.getByRole("dialog").getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText("The account has been deactivated")).toBeVisible();
  await expect(therapistRow).toContainText("Deactivated");
  await expect(therapistRow.getByRole("button", { name: `Reactivate Nuria Campos ${run}` })).toBeVisible();
  await signOut(page);

  // A therapist sees the team (its active members), read-only.
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/users");
  await expect(page.getByText("Your clinic's team. The clinic manages it.")).toBeVisible();
  await expect(page.getByRole("row", { name: /Tomás Herrera/ })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`Nuria Campos ${run}`) })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add therapist" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(0);

  await visit(page, "/manager/admin/patients");
  await expect(page.getByRole("heading", { name: "My patients" })).toBeVisible();
  await page.getByRole("button", { name: "Add patient" }).click();
  const patient = page.getByRole("dialog");
  await patient.getByLabel("Given names").fill("Lucía");
  await patient.getByLabel("Surnames").fill(`Vega ${run}`);
  await patient.getByLabel("Email").fill(`patient-${run}@people.test`);
  await patient.getByLabel("Identification").fill(`PAT-${run}`);
  await expectAccessible(page);
  await patient.getByRole("button", { name: "Create and invite" }).click();
  await expect(page.getByText("Patient created. The invitation to choose a password is in the outbox")).toBeVisible();

  await page.getByLabel("Search by name, email or ID").fill(`PAT-${run}`);
  const patientRow = page.getByRole("row", { name: new RegExp(`Lucía Vega ${run}`) });
  await expect(patientRow).toContainText("Tomás Herrera");
  await expect(page.getByRole("row")).toHaveCount(2);
  await patientRow.getByRole("button", { name: `Select Lucía Vega ${run}` }).click();
  await expect(page.getByTestId("patient-badge")).toContainText(`Patient: Lucía Vega ${run}`);
  await expect(patientRow.getByRole("button", { name: `Selected: Lucía Vega ${run}` })).toHaveText("Selected");
  await expectAccessible(page);

  // The selection is the badge's: it stays as the therapist moves on, and a reload keeps it.
  await visit(page, "/manager/admin/users");
  await page.reload();
  await settled(page);
  await expect(page.getByTestId("patient-badge")).toContainText(`Lucía Vega ${run}`);
});
