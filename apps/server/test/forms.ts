import { type FormInput, formInputSchema, type FormScore } from "@clinic/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { insertForm } from "../src/modules/clinic/forms/forms.service.ts";
import { dynamicForms, formAssignments } from "../src/modules/clinic/forms/forms.table.ts";
import { uniqueSuffix } from "./databases.ts";

/**
 * A small scored form: a required single choice (0/1/2), an optional scale 0–10, a yes/no worth
 * 5, a number 0–100 by 5s and a short text; total as a sum with one subscale and two bands.
 */
export function sampleFormInput(name = `Form ${uniqueSuffix()}`): FormInput {
  return {
    name,
    description: "A form for tests.",
    language: "en",
    fields: [
      { type: "section", key: "intro", label: "About today" },
      {
        type: "singleChoice",
        key: "mood",
        label: "How are you?",
        required: true,
        options: [
          { value: "good", label: "Good", score: 0 },
          { value: "fair", label: "Fair", score: 1 },
          { value: "bad", label: "Bad", score: 2 },
        ],
      },
      { type: "scale", key: "pain", label: "Pain", min: 0, max: 10 },
      { type: "yesNo", key: "fell", label: "Did you fall?", yesScore: 5, noScore: 0 },
      { type: "number", key: "minutes", label: "Minutes walked", min: 0, max: 100, step: 5 },
      { type: "shortText", key: "note", label: "Anything else?" },
    ],
    scoring: {
      total: "sum",
      subscales: [{ key: "body", name: "Body", fields: ["pain", "fell"] }],
      bands: [
        { from: 0, label: "Low" },
        { from: 8, label: "High" },
      ],
    },
  };
}

/** A form inserted directly (with its first version): the demo clinic's, another's, or the platform's (clinicId null). */
export async function makeForm(
  db: Db,
  owner: { clinicId: string | null; createdBy?: string | null; standardKey?: string },
  input: FormInput = sampleFormInput(),
): Promise<{ id: number; versionId: number }> {
  const parsed = formInputSchema.parse(input);
  const id = await db.transaction((tx) =>
    insertForm(tx as unknown as Db, parsed, { clinicId: owner.clinicId, createdBy: owner.createdBy ?? null, standardKey: owner.standardKey }),
  );
  const [row] = await db.select({ versionId: dynamicForms.currentVersionId }).from(dynamicForms).where(eq(dynamicForms.id, id));
  return { id, versionId: row?.versionId as number };
}

/** A form assigned to a patient, in any state (answers and score as given). */
export async function makeFormAssignment(
  db: Db,
  input: {
    form: { id: number; versionId: number };
    patientId: string;
    clinicId?: string | null;
    assignedBy?: string | null;
    state?: "assigned" | "inProgress" | "submitted" | "reviewed";
    answers?: Record<string, unknown>;
    score?: FormScore | null;
    dueDate?: string | null;
    submittedAt?: Date | null;
  },
): Promise<typeof formAssignments.$inferSelect> {
  const submitted = input.state === "submitted" || input.state === "reviewed";
  const [row] = await db
    .insert(formAssignments)
    .values({
      formId: input.form.id,
      versionId: input.form.versionId,
      patientId: input.patientId,
      clinicId: input.clinicId ?? null,
      assignedBy: input.assignedBy ?? null,
      state: input.state ?? "assigned",
      answers: (input.answers ?? (submitted ? { mood: "fair" } : {})) as never,
      score: input.score ?? (submitted ? { total: 1, totalRange: { min: 0, max: 27 }, band: "Low", subscales: [] } : null),
      dueDate: input.dueDate ?? null,
      submittedAt: input.submittedAt ?? (submitted ? new Date() : null),
      submittedBy: submitted ? input.patientId : null,
    })
    .returning();
  return row as typeof formAssignments.$inferSelect;
}
