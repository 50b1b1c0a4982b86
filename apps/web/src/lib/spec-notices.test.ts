import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { localeResources } from "./i18n.ts";

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
];

/** §8's dynamic-form notices: their screens do not exist yet. The last test fails once they do, until they join the table above. */
const NOT_BUILT_YET = [
  "Dynamic form assigned succesfully",
  "DynamicForm created succefully",
  "DynamicForm updated succefully",
  "DynamicForm removed succefully",
];

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree);
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|json)$/.test(name) && !name.endsWith(".test.ts") ? [full] : [];
  });
}

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

  it("leaves no dynamic-form screen without its notices checked", () => {
    const mentions = sourceFiles(srcDir).filter((file) => /dynamic[\s_-]?form/i.test(readFileSync(file, "utf8")) && !file.endsWith("spec-notices.test.ts"));
    expect(mentions, `dynamic forms exist now: move ${NOT_BUILT_YET.join(", ")} into NOTICES`).toEqual([]);
  });
});
