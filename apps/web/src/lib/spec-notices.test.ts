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
