import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { localeResources } from "./test-texts.ts";

/**
 * Spec §8's fixed clinic notices: each text, the translation key the screens show it with,
 * and the source files whose action fires it (`success: … t("<key>")`). A notice renamed,
 * reworded or no longer fired fails here, in both languages.
 */
const NOTICES: { text: string; key: string; firedIn: string[] }[] = [
  {
    text: "Appointment created successfully",
    key: "appointments.created",
    firedIn: ["modules/clinic/appointments/AppointmentDialog.tsx", "modules/clinic/appointments/RequestAppointmentCard.tsx"],
  },
  {
    text: "Appointment updated successfully",
    key: "appointments.updated",
    firedIn: ["modules/clinic/appointments/AppointmentDialog.tsx", "modules/clinic/appointments/StaffAppointments.tsx"],
  },
  { text: "Appointment deleted successfully", key: "appointments.deleted", firedIn: ["modules/clinic/appointments/CancelAppointment.tsx"] },
  { text: "The activity has been replicated", key: "assignActivity.notices.replicated", firedIn: ["modules/clinic/assign/activity/AssignmentDialogs.tsx"] },
  {
    text: "Selected activities have been updated",
    key: "assignActivity.notices.bulkUpdated",
    firedIn: ["modules/clinic/assign/activity/AssignmentDialogs.tsx", "modules/clinic/assign/activity/AssignedActivitiesList.tsx"],
  },
  {
    text: "The activity has been updated",
    key: "assignActivity.notices.updated",
    firedIn: [
      "modules/clinic/assign/activity/AssignmentDialogs.tsx",
      "modules/clinic/assign/activity/AssignedActivitiesList.tsx",
      "modules/clinic/assign/activity/PatientActivitiesCard.tsx",
    ],
  },
  {
    text: "The activity has been replicated and updated",
    key: "assignActivity.notices.replicatedUpdated",
    firedIn: ["modules/clinic/assign/activity/AssignmentDialogs.tsx"],
  },
  { text: "Service created succefully", key: "services.created", firedIn: ["modules/clinic/appointments/ServiceDialog.tsx"] },
  { text: "Dynamic form assigned succesfully", key: "dynamicForms.notices.assigned", firedIn: ["modules/clinic/forms/AssignFormDialog.tsx"] },
  { text: "DynamicForm created succefully", key: "dynamicForms.notices.created", firedIn: ["modules/clinic/forms/FormBuilderPage.tsx"] },
  { text: "DynamicForm updated succefully", key: "dynamicForms.notices.updated", firedIn: ["modules/clinic/forms/FormBuilderPage.tsx"] },
  { text: "DynamicForm removed succefully", key: "dynamicForms.notices.removed", firedIn: ["modules/clinic/forms/FormsList.tsx"] },
  { text: "Test email message sent successfully", key: "systemCheck.email.sent", firedIn: ["modules/system/TestEmailCard.tsx"] },
];

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree);
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const resources = await localeResources();

describe("spec §8's clinic notices", () => {
  it.each(NOTICES)("“$text” is the English text of $key, with its own Spanish text", ({ text, key }) => {
    expect(lookup(resources.en, key)).toBe(text);
    const spanish = lookup(resources.es, key);
    expect(typeof spanish).toBe("string");
    expect(String(spanish).trim()).not.toBe("");
    expect(spanish).not.toBe(text);
  });

  it.each(NOTICES)("“$text” is what the action in each of its screens notifies on success", ({ key, firedIn }) => {
    const fired = new RegExp(`success:[^\\n]*\\bt\\("${literal(key)}"\\)`);
    for (const file of firedIn) {
      const full = path.join(srcDir, file);
      expect(existsSync(full), file).toBe(true);
      expect(readFileSync(full, "utf8"), `${file} fires ${key}`).toMatch(fired);
    }
  });
});

/**
 * Spec §8's CRM notices (issue 36): each text, its key, and the screens that show it (their
 * actions notify through useAction, useDeleteConfirm or the notices directly, so the check is
 * that the screen names the key).
 */
const CRM_NOTICES: { text: string; key: string; firedIn: string[] }[] = [
  { text: "Client created successfully", key: "crmClients.notices.clientCreated", firedIn: ["modules/crm/clients/ClientDialog.tsx"] },
  { text: "Client edited successfully", key: "crmClients.notices.clientEdited", firedIn: ["modules/crm/clients/ClientDialog.tsx"] },
  {
    text: "Client deleted successfully",
    key: "crmClients.notices.clientDeleted",
    firedIn: ["modules/crm/clients/ClientsTab.tsx", "modules/crm/clients/ClientPage.tsx"],
  },
  { text: "Note created successfully", key: "crmClients.notices.noteCreated", firedIn: ["modules/crm/clients/NoteDialog.tsx"] },
  { text: "User list created successfully", key: "crmClients.notices.listCreated", firedIn: ["modules/crm/clients/ListDialog.tsx"] },
  { text: "Initiative created successfully", key: "crmInitiatives.notices.created", firedIn: ["modules/crm/initiatives/InitiativeDialog.tsx"] },
  { text: "Initiative edited successfully", key: "crmInitiatives.notices.edited", firedIn: ["modules/crm/initiatives/InitiativeDialog.tsx"] },
  { text: "Initiative deleted successfully", key: "crmInitiatives.notices.deleted", firedIn: ["modules/crm/initiatives/InitiativesPage.tsx"] },
  {
    text: "Error occurred while fetching dashboard summary",
    key: "crmInitiatives.dashboard.loadError",
    firedIn: ["modules/crm/initiatives/CrmDashboardPage.tsx"],
  },
  { text: "The complete user list was imported successfully", key: "crmImport.done", firedIn: ["modules/crm/import/ClientsImportDialog.tsx"] },
  { text: "Please correct the errors and upload the file again", key: "crmImport.failed", firedIn: ["modules/crm/import/ClientsImportDialog.tsx"] },
  { text: "Mass email delivery scheduled successfully", key: "crmEmail.notices.scheduled", firedIn: ["modules/crm/email/CampaignDialog.tsx"] },
  { text: "Test email message sent successfully", key: "crmEmail.notices.testSent", firedIn: ["modules/crm/email/TestDialog.tsx"] },
  { text: "Email format edited successfully", key: "crmEmail.notices.formatEdited", firedIn: ["modules/crm/email/FormatDialog.tsx"] },
  { text: "Email format deleted successfully", key: "crmEmail.notices.formatDeleted", firedIn: ["modules/crm/email/FormatsTab.tsx"] },
  { text: "Error occurred while getting email formats", key: "crmEmail.notices.formatsLoadError", firedIn: ["modules/crm/email/FormatsTab.tsx"] },
  { text: "Error occurred while fetching email formats", key: "crmEmail.notices.formatsFetchError", firedIn: ["modules/crm/email/CampaignDialog.tsx"] },
];

describe("spec §8's CRM notices", () => {
  it.each(CRM_NOTICES)("“$text” is the English text of $key, with its own Spanish text", ({ text, key }) => {
    expect(lookup(resources.en, key)).toBe(text);
    const spanish = lookup(resources.es, key);
    expect(typeof spanish).toBe("string");
    expect(spanish).not.toBe(text);
  });

  it.each(CRM_NOTICES)("“$text” is shown by each of its screens", ({ key, firedIn }) => {
    for (const file of firedIn) expect(readFileSync(path.join(srcDir, file), "utf8"), `${file} shows ${key}`).toContain(`"${key}"`);
  });
});
